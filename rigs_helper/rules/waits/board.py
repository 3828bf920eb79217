"""What waits for one player, in the board's public words ("Bo: answer to I WANT THAT!").
No I/O."""

from __future__ import annotations

from rigs_helper.rules.engine import title_of


def waiting(game, tables, blocking: bool = False) -> list[dict]:
    """What waits for one player, in public words (never a card in a hand): the answers
    to a waiting attack and the Disaster cards to record (they keep the phase open), and,
    unless ``blocking``, the open deals (they end with the phase)."""
    out = []
    a = game.waits.attack
    if a is not None:
        title = title_of(tables, "karma", a.card)
        out += [{"player": v, "what": f"answer to {title}"} for v in a.waiting()]
    out += [{"player": n, "what": "record the Disaster card dealt"}
            for n in game.waits.disasters]
    if not blocking:
        out += [{"player": d.receiver, "what": f"answer to {d.giver}'s deal {d.id}"}
                for d in game.waits.deals]
    return out


__all__ = ["waiting"]
