"""Protection cards with an effect of their own when played."""

from __future__ import annotations

from rigs_helper.rules.engine import title_of
from rigs_helper.rules.errors import RulesError
from rigs_helper.rules.karma.context import Ctx
from rigs_helper.rules.state import frozen_map


def insurance(c: Ctx) -> None:
    p = c.w.player(c.owner)
    if not p.last_loss:
        raise RulesError(f"{p.name} has no resource loss to recover",
                         rule="Warehouse Insurance recovers the most recent loss")
    for r, n in p.last_loss.items():
        c.w.add(p.name, r, n, f"card: {c.card.title}")
    c.w.say(f"{p.name} recovers " + ", ".join(f"{n} {r}" for r, n in p.last_loss.items())
            + ".")
    c.w.update(p.name, last_loss=frozen_map())


def information(c: Ctx) -> None:
    """The owner sees every other hand: for the owner's eyes only (`rigs hand OWNER`)."""
    c.w.say(f"{c.owner} looks at every other hand (`rigs hand {c.owner}` shows them).")
    for p in c.w.game.players:
        if p.name != c.owner:
            hand = [title_of(c.tables, "karma", k) for k in p.hand]
            c.w.say(f"{p.name}: {p.credits} credits; hand: " + (", ".join(hand) or "empty"),
                    to=c.owner)


