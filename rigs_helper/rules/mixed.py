"""Mixed decks: the cards a group owns plus the ones it lacks.  Pure (no I/O).

A group's inventory says, per deck, which cards are *missing*.  The draw pile of a mixed
deck is one shuffled sequence of every card left, each tagged physical or virtual
(``Pile.virtual``).  Drawing takes the top card: a virtual one is the app's to show, a
physical one means "draw the top card of your own pile" and the table records what it was
(``--card``).  Because the whole sequence is a uniform shuffle, with n physical and m
virtual cards left the next card is virtual with chance m/(n+m), uniform among the m, and
a draw costs what a draw from an all-virtual deck costs (the top of a tuple).

Discards remember how many of each card were virtual (``Pile.vdiscard``) so a reshuffle
rebuilds the pile with the right mix.  Karma cards are unique, so a Karma card in a hand or
in play is virtual exactly when the group lacks it.

Only the Disaster and Karma decks can be mixed: the Plot, Survey and Market decks are
either all virtual (as always) or recorded card by card with ``--card``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rigs_helper.rules.state import Pile

MIXABLE = ("disaster", "karma")
ALL_DECKS = ("plot", "survey", "disaster", "karma", "market")


def labeled(keys: Iterable[str], virtual: Mapping[str, int]) -> list[tuple[str, bool]]:
    """The cards ``keys`` as (key, is_virtual), ``virtual[k]`` copies of each ``k`` virtual
    (order as given: the caller shuffles)."""
    left = dict(virtual)
    out = []
    for k in keys:
        v = left.get(k, 0) > 0
        if v:
            left[k] -= 1
        out.append((k, v))
    return out


def deck_counts(draw: tuple[Any, ...], virtual: tuple[bool, ...]) -> dict[str, int]:
    """How many physical and virtual cards are left in a mixed draw pile."""
    m = sum(virtual)
    return {"physical": len(draw) - m, "virtual": m}


def out_is_virtual(missing: Mapping[str, int], pile: Pile, key: str) -> bool:
    """Whether a copy of ``key`` coming back to ``pile`` (to its discards, or on top) is a
    virtual one: it is when some virtual copy of it is out of the pile and the discards (in
    a hand, in front of a player).  When both kinds are out (only possible for a Disaster
    with owned and missing copies, all of which go to the discards together) the virtual
    one goes first."""
    want = missing.get(key, 0)
    if not want:
        return False
    in_pile = sum(1 for k, v in zip(pile.draw, pile.virtual) if v and k == key)
    return want - in_pile - pile.vdiscard.count(key) > 0
