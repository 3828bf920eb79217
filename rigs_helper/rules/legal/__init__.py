"""What may a player do now: the one source of truth.  No I/O.

``legal_actions(game, tables, player)`` lists every action the player may take now, each
with its parameters' allowed values (finite lists, or bounds).  Like a chess engine's legal
moves, the list is made by filtering candidates through each operation's real ``check``:
the list and the rules cannot disagree.  The phone forms, the board's "waiting for", the
CLI's hints and shell completion all read it.

Every action is an entry of ``TABLE``: its name (the CLI command path without the player),
the module that holds its candidates and its builder (imported only when needed), and a
label for a button.  A module ``M`` with key ``k`` holds ``candidates_k(game, tables,
player)`` (yields :class:`Cand`) and ``op_k(game, player, form)`` (builds the same
operation the CLI builds from the form's values); or ``actions_k(game, tables, player)``
when it lists its actions itself (independent bounds, checked on witnesses).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

from rigs_helper.rules.errors import InputError

if TYPE_CHECKING:
    from rigs_helper.rules.engine import Op
    from rigs_helper.rules.state import Game
    from rigs_helper.rules.tables import Tables


@dataclass(frozen=True)
class Param:
    name: str  # the CLI option or argument name without dashes: "n", "to", "plot", ...
    values: tuple[str, ...] | None = None  # allowed values when finite
    # bounds of a number; for a ``multiple`` parameter: how many values are given
    min: int | None = None
    max: int | None = None
    required: bool = True
    multiple: bool = False  # may be given several times (distinct values)

    def as_json(self) -> dict:
        d: dict = {}
        if self.values is not None:
            d["values"] = list(self.values)
        for k in ("min", "max"):
            if getattr(self, k) is not None:
                d[k] = getattr(self, k)
        if not self.required:
            d["required"] = False
        if self.multiple:
            d["multiple"] = True
        return d


@dataclass(frozen=True)
class Action:
    action: str  # the CLI command path without the player: "build", "karma play", ...
    params: tuple[Param, ...]
    label: str  # a few words for a button
    # (names, low, high): the numbers given for these parameters add up to low..high
    total: tuple[tuple[str, ...], int, int] | None = None

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def as_json(self) -> dict:
        d = {"action": self.action, "label": self.label,
             "params": {p.name: p.as_json() for p in self.params}}
        if self.total is not None:
            names, low, high = self.total
            d["total"] = {"params": list(names), "min": low, "max": high}
        return d


@dataclass(frozen=True)
class Spec:
    """One entry of the table: an action, where its functions live, its button label, and
    its parameters in form order (``multiple``: given several times; ``count``: the number
    whose allowed range is found by checking 1, 2, ... up to a bound)."""

    action: str
    module: str
    key: str
    label: str
    params: tuple[str, ...] = ()
    multiple: tuple[str, ...] = ()
    count: str | None = None
    numbers: tuple[str, ...] = ()  # other whole-number parameters
    full: bool = False  # the operation's check leaves some refusals to apply: run both


@dataclass(frozen=True)
class Cand:
    """A candidate: fixed parameter values (a str, a tuple of str for a ``multiple``
    parameter, None when not given), and for the Spec's ``count`` parameter the highest
    value worth checking (0: the candidate has no count; "all" may be a fixed value)."""

    fixed: Mapping[str, object]
    upto: int = 0


_P = "rigs_helper.rules.legal.player"
_K = "rigs_helper.rules.legal.karma"
_G = "rigs_helper.rules.legal.game"
_W = "rigs_helper.rules.waits.legal"

#: every action a player decides, in the order a page shows them (more are added by
#: other modules with :func:`register`)
TABLE: dict[str, Spec] = {}


def register(spec: Spec) -> None:
    TABLE[spec.action] = spec


for _spec in (
    Spec("grant", _G, "grant", "Land Grant", ("plot", "order"), full=True),
    Spec("build", _P, "build", "Build RIGS", ("n",), count="n"),
    Spec("move", _P, "move", "Move RIGS", ("from", "to", "harvest", "n"), count="n"),
    Spec("survey", _P, "survey", "Survey a plot", ("plot", "card"), numbers=("card",)),
    Spec("vinnie borrow", _P, "borrow", "Borrow from Vinnie", ("resource", "n"), count="n"),
    Spec("vinnie repay", _P, "repay", "Repay Vinnie", ("resource", "n"), count="n"),
    Spec("give", _P, "give", "Give", ()),
    Spec("sell", _P, "sell", "Sell Luxuries", ("n",), count="n"),
    Spec("produce", _P, "produce", "Production plan", ("power", "skip")),
    Spec("lose", _G, "lose", "Lose RIGS", ("from", "n"), count="n", full=True),
    Spec("settle", _P, "settle", "Settle resources", (), full=True),
    Spec("karma draw", _K, "draw", "Record the Karma card you drew", ("card",)),
    Spec("karma discard", _K, "discard", "Discard a Karma card", ("title",)),
    Spec("karma swap", _K, "swap", "Swap a Karma card", ("title", "card")),
    Spec("karma play", _K, "play", "Play a Karma card",
         ("title", "target", "plot", "resource", "option", "new_owner", "from"),
         multiple=("target", "plot", "resource")),
    Spec("karma use", _K, "use", "Use a card in play", ("title",)),
    # what waits for one player (rules/waits/legal.py)
    Spec("deal propose", _W, "propose", "Propose a deal"),
    Spec("deal accept", _W, "accept", "Accept"),
    Spec("deal decline", _W, "decline", "Decline"),
    Spec("deal withdraw", _W, "withdraw", "Withdraw"),
    Spec("answer", _W, "answer", "Answer"),
    Spec("disaster record", _W, "record", "Record your Disaster card"),
    Spec("done", _G, "done", "I'm done", ()),
):
    register(_spec)



# ---------------------------------------------------------------------------- the list


def legal_actions(game: Game, tables: Tables, player: str) -> tuple[Action, ...]:
    """Every action ``player`` may take now, with each parameter's allowed values."""
    from rigs_helper.rules.legal.grouping import listed

    name = game.player(player).name
    out: list[Action] = []
    for spec in TABLE.values():
        out += listed(spec, _module(spec), game, tables, name)
    return tuple(out)


def actions_json(game: Game, tables: Tables, player: str) -> dict:
    """CONTRACT's ``actions.json``: ``{"player", "actions": [...]}``."""
    name = game.player(player).name
    return {"player": name,
            "actions": [a.as_json() for a in legal_actions(game, tables, name)]}


def operation(game: Game, tables: Tables, player: str, action: str,
              params: Mapping[str, Sequence[str]]) -> Op:
    """The operation the CLI builds for ``action`` with these form values, acting as
    ``player``; InputError (one line) for an unknown action or a bad, missing or extra
    parameter.  The rules are not checked here (``check`` does that)."""
    spec = TABLE.get(action.strip().lower())
    if spec is None:
        raise InputError(f"unknown action {action!r} (one of {', '.join(TABLE)})")
    name = game.player(player).name
    form = Form(spec.action, params)
    op = getattr(_module(spec), f"op_{spec.key}")(game, name, form)
    form.done()
    return op


def waiting_for(game: Game, tables: Tables) -> list[dict]:
    """Whose decision the table waits for, in public words: ``[{"player", "what"}]``."""
    from rigs_helper.rules.legal.game import waits

    return waits(game, tables)


def phase_ready(game: Game, tables: Tables) -> bool:
    """Every player is done and no choice is open: the phase may end by itself."""
    from rigs_helper.rules.legal.game import ready

    return ready(game, tables)


def _module(spec: Spec):
    return import_module(spec.module)


# ---------------------------------------------------------------------------- forms


class Form:
    """The values a form (or a candidate) gives an action: each parameter is read once;
    ``done()`` refuses what was not read (never ignore input)."""

    def __init__(self, action: str, params: Mapping[str, Sequence[str]]) -> None:
        self.action = action
        self.values: dict[str, list[str]] = {}
        for k, v in params.items():
            vals = [v] if isinstance(v, str) else [str(x) for x in v]
            vals = [x.strip() for x in vals if x is not None and str(x).strip() != ""]
            if vals:
                self.values[str(k)] = vals
        self.read: set[str] = set()

    def many(self, name: str) -> tuple[str, ...]:
        self.read.add(name)
        return tuple(self.values.get(name, ()))

    def opt(self, name: str) -> str | None:
        vals = self.many(name)
        if len(vals) > 1:
            raise InputError(f"{self.action}: {name} is given {len(vals)} times (once)")
        return vals[0] if vals else None

    def one(self, name: str) -> str:
        v = self.opt(name)
        if v is None:
            raise InputError(f"{self.action}: {name} is missing")
        return v

    def number(self, name: str, default: object = ..., all_ok: bool = False) -> int | None:
        """A whole number (``all`` gives None when ``all_ok``); ``default`` when not given
        (without one the number is required)."""
        v = self.opt(name)
        if v is None:
            if default is ...:
                raise InputError(f"{self.action}: {name} is missing")
            return default  # type: ignore[return-value]
        if all_ok and v.lower() == "all":
            return None
        try:
            return int(v)
        except ValueError:
            raise InputError(f"{self.action}: {name} {v!r} is not a whole number"
                             + (" or 'all'" if all_ok else "")) from None

    def done(self) -> None:
        extra = sorted(set(self.values) - self.read)
        if extra:
            raise InputError(f"{self.action}: {extra[0]} is not used by this action; "
                             "leave it out")


def cand_form(spec: Spec, fixed: Mapping[str, object], n: object = None) -> dict:
    """A candidate's values as form fields."""
    out: dict[str, list[str]] = {}
    for k, v in fixed.items():
        if v is None:
            continue
        out[k] = list(v) if isinstance(v, tuple) else [str(v)]
    if spec.count and n is not None:
        out[spec.count] = [str(n)]
    return out


def candidates(spec: Spec, game: Game, tables: Tables, player: str) -> Iterator[Cand]:
    fn = getattr(_module(spec), f"candidates_{spec.key}", None)
    return iter(fn(game, tables, player)) if fn else iter(())


__all__ = ["Action", "Cand", "Form", "Param", "Spec", "TABLE", "actions_json",
           "legal_actions", "operation", "phase_ready", "register", "waiting_for"]
