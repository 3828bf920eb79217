"""A group's inventory: which cards of each deck it lacks (the rest of a mixed deck is the
group's own cards, see :mod:`mixed`), read from ``--have``/``--missing`` or a file, and the
operation that records it in a game.  Pure (no I/O)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.engine import Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.rules.mixed import ALL_DECKS, MIXABLE, deck_counts, labeled
from rigs_helper.rules.state import Game, Pile, frozen_map

if TYPE_CHECKING:
    from rigs_helper.rules.checker import Checker
    from rigs_helper.rules.tables import Tables

#: a card named in a file: (deck, text) -> its key
Find = Callable[[str, str], str]


# ---------------------------------------------------------------------------- inventory


def parse_inventory(doc: dict[str, Any], file: str, tables: Tables, find: Find
                    ) -> dict[str, dict[str, int]]:
    """An inventory TOML document -> {deck: {card key: copies missing}}.

    Per deck a table with ``missing`` or ``have``: a list of titles (one entry per copy),
    a table {title = copies}, or "all".  A deck missing every card is all virtual (as
    without an inventory) and is left out.  ``find(deck, text)`` names a card's key.
    """
    from rigs_helper.rules.checker import Checker

    check = Checker(file)
    check.table(doc, "", set(ALL_DECKS))
    out: dict[str, dict[str, int]] = {}
    for deck, raw in doc.items():
        t = check.table(raw, deck, {"missing", "have"})
        if len(t) != 1:
            raise check.fail(deck, "give either `missing` or `have`")
        (kind, value), = t.items()
        full = Counter(tables.disaster_deck if deck == "disaster" else tables.karma_deck) \
            if deck in MIXABLE else None
        if value == "all":
            listed = None
        else:
            if full is None:
                raise check.fail(f"{deck}.{kind}", "only the Disaster and Karma decks can be "
                                 "mixed; the Plot, Survey and Market decks are all virtual, "
                                 "or recorded card by card with --card")
            listed = _copies(check, f"{deck}.{kind}", value, deck, full, find)
        if listed is None:  # "all"
            missing = full if kind == "missing" else Counter()
            if deck not in MIXABLE:
                if kind == "have":
                    raise check.fail(f"{deck}.have", "a Plot, Survey or Market deck the "
                                     "group owns is recorded card by card with --card; "
                                     "leave it out")
                continue
        else:
            assert full is not None  # (a deck that cannot be mixed was refused above)
            missing = listed if kind == "missing" else full - listed
        assert missing is not None  # (or skipped)
        if missing == full:
            continue  # all virtual: as without an inventory
        out[deck] = dict(sorted(missing.items()))
    return out


def _copies(check: Checker, key: str, value: Any, deck: str, full: Counter[str], find: Find
            ) -> Counter[str]:
    got: Counter[str] = Counter()
    typed: dict[str, str] = {}  # each card as the file names it (a key means nothing there)
    if isinstance(value, list):
        for i, t in enumerate(value):
            k = _card(check, f"{key}[{i}]", t, deck, find)
            got[k] += 1
            typed.setdefault(k, t)
    elif isinstance(value, dict):
        for t, n in value.items():
            k = _card(check, f"{key}.{t}", t, deck, find)
            got[k] += check.whole(n, f"{key}.{t}", 1)
            typed.setdefault(k, t)
    else:
        raise check.fail(key, 'must be a list of titles, a table of title = copies, or "all"')
    for k, n in got.items():
        if n > full[k]:
            raise check.fail(key, f"the deck has {full[k]} {typed[k]!r}, not {n}")
    return got


def _card(check: Checker, key: str, title: Any, deck: str, find: Find) -> str:
    try:
        return find(deck, check.string(title, key))
    except InputError as exc:
        raise check.fail(key, str(exc)) from None


def inventory_doc(missing: Mapping[str, Mapping[str, int]], tables: Tables) -> dict[str, Any]:
    """The inventory as written in a game file or shown: {deck: {title: copies missing}}."""
    from rigs_helper.rules.tables import title_of

    return {deck: {title_of(tables, deck, k): n for k, n in cards.items()}
            for deck, cards in missing.items()}


# ---------------------------------------------------------------------------- the op



@dataclass(frozen=True)
class SetInventory(Op):
    """Say which cards the group owns, before any Disaster or Karma card is drawn: the
    mixed decks are shuffled again with each card tagged physical or virtual."""

    missing: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    source: str = ""
    phases = ("player",)
    phase_rule = "the inventory is set before round 1's Disaster Phase"

    def describe(self) -> str:
        return f"inventory {self.source}".strip()

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        touched = (game.round != 1 or game.disaster.discard or game.karma.discard
                   or any(p.hand or p.in_play or p.disaster for p in game.players))
        if touched:
            raise RulesError("cards have been drawn already", rule="the inventory is set "
                             "before round 1's Disaster Phase (`rigs new --have FILE`)")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        missing = {deck: dict(cards) for deck, cards in self.missing}
        for deck in MIXABLE:
            pile: Pile = getattr(w.game, deck)
            if deck in missing:
                mix = w.rng.shuffled(labeled(pile.draw, missing[deck]))
                pile = Pile(tuple(k for k, _ in mix), (), tuple(v for _, v in mix), ())
                n = deck_counts(pile.draw, pile.virtual)
                w.say(f"{deck.title()} deck: {n['physical']} of the group's cards and "
                      f"{n['virtual']} virtual ones, shuffled together by rigs.")
            else:
                pile = Pile(pile.draw, pile.discard)
                w.say(f"{deck.title()} deck: all virtual (drawn by rigs).")
            piles: dict[str, Any] = {deck: pile}
            w.game = replace(w.game, **piles)
        w.game = replace(w.game, missing=frozen_map(
            {d: frozen_map(c) for d, c in missing.items()}))
        return w.done()


def inventory_op(missing: dict[str, dict[str, int]], source: str) -> SetInventory:
    return SetInventory(tuple((d, tuple(sorted(c.items()))) for d, c in
                              sorted(missing.items())), source)
