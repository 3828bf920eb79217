"""What waits for one player, in the board's public words ("Bo: answer to I WANT THAT!").
No I/O."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rigs_helper.games.rigs.state import Game
    from rigs_helper.games.rigs.tables import Tables

from rigs_helper.games.rigs.engine import title_of


def holding(game: Game, tables: Tables) -> list[dict[str, Any]]:
    """What keeps the phase open (games/rigs/legal/game.open_choices): the answers to a waiting attack
    and the Disaster cards still to record.  Never a card in a hand."""
    out = []
    a = game.waits.attack
    if a is not None:
        title = title_of(tables, "karma", a.card)
        out += [{"player": v, "what": f"split the gains of {title}" if v == a.splitter
                 else f"answer to {title}"} for v in a.waiting()]
    out += [{"player": n, "what": "record the Disaster card dealt"}
            for n in game.waits.disasters]
    out += [{"player": n, "what": "roll a die for Expedition Leader"}
            for n, face in game.waits.rolloff if not face]
    return out


def offered(game: Game, tables: Tables) -> list[dict[str, Any]]:
    """The open deals, each waiting for its receiver (they end with the phase)."""
    return [{"player": d.receiver, "what": f"answer to {d.giver}'s deal {d.id}"}
            for d in game.waits.deals]


__all__ = ["holding", "offered"]
