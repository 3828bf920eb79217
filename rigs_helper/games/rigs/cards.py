"""Card look-up over the Disaster and Karma decks.  No I/O."""

from __future__ import annotations

from typing import Any

from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.tables import KARMA_KINDS, DisasterCard, KarmaCard, Tables, squash

Card = DisasterCard | KarmaCard


def find_card(tables: Tables, text: str, deck: str | None = None) -> Card:
    """The card whose title is ``text`` (any case, punctuation ignored) or starts with it."""
    pool = [c for c in tables.all_cards() if deck is None or c.deck == deck]
    want = squash(text)
    if not want:
        raise InputError(f"no card title in {text!r}")
    exact = [c for c in pool if squash(c.title) == want]
    if exact:
        return exact[0]
    hits = [c for c in pool if squash(c.title).startswith(want)]
    if len(hits) == 1:
        return hits[0]
    where = f"{deck} " if deck else ""
    if not hits:
        raise InputError(f"no {where}card called {text!r} (see `rigs cards`)")
    raise InputError(f"{text!r} matches several {where}cards: "
                     + ", ".join(c.title for c in hits))


def list_cards(tables: Tables, deck: str | None = None) -> list[Card]:
    if deck is None:
        return list(tables.all_cards())
    d = deck.lower()
    if d in ("disaster", "disasters"):
        return list(tables.disasters)
    if d == "karma":
        return list(tables.karma)
    if d in KARMA_KINDS:
        return [c for c in tables.karma if c.kind == d]
    raise InputError(f"unknown deck {deck!r}: disaster, karma, "
                     + ", ".join(KARMA_KINDS))


def card_dict(c: Card) -> dict[str, Any]:
    out: dict[str, Any] = {"title": c.title, "deck": c.deck, "kind": c.kind, "count": c.count,
                 "effect": c.effect}
    if isinstance(c, KarmaCard):
        out.update(target=c.target, timing=c.timing, in_play=c.in_play)
    return out
