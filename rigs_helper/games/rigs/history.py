"""What an action or a phase changed, in the table's words.  No I/O.

(What of an action each viewer may see is rendered from its typed fields:
``games/rigs/oplog.for_viewer``.)

- :func:`moves` lists the RIGS and plots an action moved (the ledger of units covers
  credits and resources).
- :func:`summary` is the phase summary: what changed for each player since a
  :func:`basis` kept when the phase began.
"""

from __future__ import annotations

from typing import Any

from rigs_helper.games.rigs.names import signed
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import RESOURCES


def moves(before: Game, after: Game) -> list[str]:
    """RIGS and plots that changed place between two states, one line per player."""
    out = []
    owner_before = {x.id: p.name for p in before.players for x in p.plots}
    for p in after.players:
        q = before.player(p.name)
        was = {x.id: x for x in q.plots}
        now = {x.id: x for x in p.plots}
        bits = []
        if p.warehouse_rigs != q.warehouse_rigs:
            bits.append(f"warehouse {p.warehouse_rigs - q.warehouse_rigs:+d}")
        for pid, x in now.items():
            old = was.get(pid)
            if old is not None and (old.rigs, old.harvest) != (x.rigs, x.harvest):
                bits.append(f"{pid} {x.rigs - old.rigs:+d}"
                            + (f" ({x.harvest})" if x.harvest else ""))
        if bits:
            out.append(f"{p.name} RIGS: " + ", ".join(bits))
        # (in the order the player holds them: the log is the same text on every run)
        for pid in (x for x in now if x not in was):
            src = owner_before.get(pid)
            out.append(f"{p.name} +plot {pid}" + (f" (from {src})" if src else ""))
        for pid in (x for x in was if x not in now):
            out.append(f"{p.name} -plot {pid}")
    return out


#: what a phase summary compares for each player (in this order)
COUNTS = ("credits", *RESOURCES, "rigs", "karma", "scripts")


def basis(game: Game) -> dict[str, Any]:
    """What a phase summary compares, as plain data: the round and phase, and for each
    player the counts of :data:`COUNTS` (Karma cards counted, never named) and the plots
    held.  A log entry that opens a phase keeps it (``start``)."""
    return {"round": game.round, "phase": game.phase,
            "players": {p.name: {"credits": p.credits,
                                 **{r: p.amount(r) for r in RESOURCES},
                                 "rigs": p.rigs, "karma": len(p.hand),
                                 "scripts": sum(p.vinnie.values()),
                                 "plots": sorted(x.id for x in p.plots)}
                        for p in game.players}}


def summary(start: dict[str, Any], end: Game) -> list[dict[str, Any]]:
    """What changed for each player from ``start`` (a :func:`basis`) to ``end``: credits
    and resources, RIGS, plots, Karma cards (counts only), Vinnie scripts."""
    now = basis(end)["players"]
    rows = []
    for p in end.players:
        b, q = now[p.name], start["players"].get(p.name) or now[p.name]
        change = {k: b[k] - q[k] for k in COUNTS if b[k] != q[k]}
        rows.append({"name": p.name, "change": change,
                     "plots_gained": sorted(set(b["plots"]) - set(q["plots"])),
                     "plots_lost": sorted(set(q["plots"]) - set(b["plots"]))})
    return rows


def summary_text(row: dict[str, Any]) -> str:
    """One player's summary row in words: "+12 credits, -1 Energy, +1 Karma card"."""
    bits = [signed(n, k) for k, n in row["change"].items()]
    if row["plots_gained"]:
        bits.append("gets " + ", ".join(row["plots_gained"]))
    if row["plots_lost"]:
        bits.append("gives up " + ", ".join(row["plots_lost"]))
    return ", ".join(bits) or "no change"


__all__ = ["COUNTS", "basis", "moves", "summary", "summary_text"]
