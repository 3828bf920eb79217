"""The game protocol: one object per game, handed to the generic parts (the store, the
replay, the CLI's shared commands) instead of their importing a game's modules.

The shape is OpenSpiel's (``new_initial_state``, ``legal_actions``, ``apply_action``,
``serialize``): a game is a name and a version, its action definitions, a first state made
from settings, the legal list, a codec between a state and a TOML document, what waits,
words for the log, the end's score and its pages.  A state is any frozen value; an action
is a frozen record with ``check`` (raises a ``RigsError`` naming the rule, changes nothing)
and ``apply`` (a new state and what happened).  Nothing here imports a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Outcome(Generic[S]):
    """What an action did: the new state and the lines it said (for everyone)."""

    state: S
    said: tuple[str, ...] = ()


class Action(Protocol[S]):
    """A typed action: a frozen record, its name (the command and the log's key)."""

    name: str

    def check(self, state: S) -> None: ...

    def apply(self, state: S) -> Outcome[S]: ...


@dataclass(frozen=True, slots=True)
class Legal:
    """One kind of action a player may take now, each parameter with its allowed values
    (an action allowed is any combination of them that passes the action's ``check``)."""

    action: str
    player: str
    params: Mapping[str, Sequence[Any]]


@dataclass(frozen=True, slots=True)
class Score:
    """The end of a game for the history: each player's rank (1 = won) and numbers
    (``name``, ``winner``, ``rank``, ``score``, and what else the game says), and the end
    in words, as `rigs score` prints it."""

    players: tuple[dict[str, Any], ...]
    said: tuple[str, ...] = ()


class Game(Protocol[S]):
    """A game as the generic parts see it."""

    @property
    def name(self) -> str: ...  # the file's ``game =`` key

    @property
    def title(self) -> str: ...  # as printed

    @property
    def version(self) -> int: ...  # the version of its state document

    @property
    def definitions(self) -> Mapping[str, Any]: ...  # action name -> its definition

    def new(self, settings: Mapping[str, Any]) -> S: ...

    def legal(self, state: S, player: str) -> list[Legal]: ...

    def encode(self, state: S) -> dict[str, Any]: ...

    def decode(self, doc: Mapping[str, Any], where: str) -> S: ...

    def action_doc(self, action: Any) -> dict[str, Any]: ...

    def action_from_doc(self, doc: Mapping[str, Any], where: str) -> Any: ...

    def pending(self, state: S) -> list[tuple[str, str]]: ...

    def summary(self, state: S) -> list[str]: ...

    def score(self, state: S) -> Score | None: ...

    def players(self, state: S) -> list[str]: ...

    # the shared commands' words (status, log, undo: cli/protocolgame.py)
    def where(self, state: S) -> str: ...  # the round and whose turn, in a few words

    def status(self, state: S) -> dict[str, Any]: ...  # `status --json`

    def status_lines(self, state: S) -> list[str]: ...  # `status` on the terminal

    def next_words(self, state: S, where: str) -> list[str]: ...  # what the table does
    # next, as commands to copy (``where``: the game file's option, " -g FILE", or "")

    def action_words(self, entry: Mapping[str, Any]) -> str: ...  # a log entry as the
    # command that did it
