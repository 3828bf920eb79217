"""What each player did in each round so far, read from the game's log: the rounds in which
they built, surveyed, moved RIGS, borrowed from Vinnie, played a Karma card or traded with
another player (gave in `rigs give`, or proposed a deal that was accepted).  No I/O: the caller hands
over the log's entries (plain dicts: ``action``, ``round``, ``fields``).

The log is public (every entry is something the table saw done), so the forecast may read
it.  A history migrated from an old file keeps its early rounds as words only
(``recorded``): the record then starts after them, and the forecast falls back on the
state alone when it covers no round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rigs_helper.games.rigs.engine import Op
from rigs_helper.games.rigs.oplog import to_action
from rigs_helper.games.rigs.state import Game

HABITS = ("build", "survey", "place", "borrow", "play", "trade")
#: the log's action -> the habit it shows
ACTS = {"build": "build", "survey": "survey", "move": "place", "vinnie borrow": "borrow",
        "karma play": "play", "give": "trade", "deal accept": "trade"}
UNTYPED = "recorded"  # an old history's entry: words only


@dataclass(frozen=True)
class Record:
    """``first``: the first round the record covers; ``acts``: player -> round -> the
    habits seen in that round."""

    first: int = 1
    acts: Mapping[str, Mapping[int, frozenset[str]]] = field(default_factory=dict)

    def did(self, name: str, round_: int) -> frozenset[str]:
        return self.acts.get(name, {}).get(round_, frozenset())


def entry(op: Op, game: Game) -> dict[str, Any]:
    """The log's entry for ``op`` done in ``game`` (what a game played in process, not
    through a file, keeps for its record)."""
    action, fields_ = to_action(op)
    return {"action": action, "round": game.round, "phase": game.phase, "fields": fields_}


def _who(action: str, fields: Mapping[str, Any], proposed: dict[int, str]) -> str:
    """Who showed the habit: a trade is the giver's (who offered it), not the taker's."""
    if action == "give":
        return str(fields.get("giver", ""))
    if action == "deal accept":
        deal = str(fields.get("deal", ""))
        return proposed.get(int(deal), "") if deal.isdigit() else ""
    return str(fields.get("name", ""))


def from_entries(entries: Iterable[Mapping[str, Any]]) -> Record:
    """The record of a log's entries (oldest first)."""
    acts: dict[str, dict[int, set[str]]] = {}
    first = 1
    proposed: dict[int, str] = {}  # deal id -> who proposed it (ids count up from 1)
    for e in entries:
        action = e.get("action")
        fields = e.get("fields") or {}
        if action == UNTYPED:
            first = int(e.get("round", 0)) + 1
            acts.clear()
            continue
        if action == "deal propose":
            proposed[len(proposed) + 1] = str(fields.get("giver", ""))
            continue
        habit = ACTS.get(str(action))
        if habit is None or (action == "move" and fields.get("source")):
            continue  # a RIGS moved between plots is not one placed
        round_ = int(e.get("round", 0))
        name = _who(str(action), fields, proposed)
        if name:
            acts.setdefault(name, {}).setdefault(round_, set()).add(habit)
    return Record(first, {n: {r: frozenset(h) for r, h in rounds.items()}
                          for n, rounds in acts.items()})


__all__ = ["ACTS", "HABITS", "Record", "entry", "from_entries"]
