"""A group's inventory: which cards of each deck it lacks (the rest of a mixed deck is the
group's own cards, see :mod:`mixed`), read from ``--have``/``--missing`` or a file, and the
operation that records it in a game.  Pure (no I/O)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rigs_helper.games.rigs.engine import Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.mixed import (ALL_DECKS, MIXABLE, cards_left, deck_counts, deck_title,
                                     full_deck, labeled, survey_missing)
from rigs_helper.games.rigs.state import Game, Pile, frozen_map

if TYPE_CHECKING:
    from rigs_helper.rules.checker import Checker
    from rigs_helper.games.rigs.tables import Tables

#: a card named in a file: (deck, text) -> its key
Find = Callable[[str, str], str]


# ---------------------------------------------------------------------------- inventory


def all_virtual(game: Game, deck: str) -> bool:
    """A partial set (`rigs new --have`) holds none of ``deck``'s cards (its inventory
    leaves the deck out, or lacks every card of it): rigs draws every card of it, so the
    table has none to record (a page asks only for "Draw it for us")."""
    return bool(game.missing) and deck not in game.missing


def parse_inventory(doc: dict[str, Any], file: str, tables: Tables, find: Find
                    ) -> dict[str, dict[str, int]]:
    """An inventory TOML document -> {deck: {card key: copies missing}}.

    Per deck a table with ``missing`` or ``have``: a list of titles (one entry per copy;
    a plot type, a survey yield, a Market category or value), a table {title = copies},
    or "all".  A deck missing every card is all virtual (as without an inventory) and is
    left out.  ``find(deck, text)`` names a card's key.
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
        full = full_deck(tables, deck)
        if value == "all":
            missing = full if kind == "missing" else Counter()
        else:
            listed = _copies(check, f"{deck}.{kind}", value, deck, full, find)
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
    if isinstance(title, int) and not isinstance(title, bool):
        title = str(title)  # a survey yield or a Market value
    try:
        return find(deck, check.string(title, key))
    except InputError as exc:
        raise check.fail(key, str(exc)) from None


def inventory_doc(missing: Mapping[str, Mapping[str, int]], tables: Tables) -> dict[str, Any]:
    """The inventory as written in a game file or shown: {deck: {title: copies missing}}."""
    return {deck: {deck_title(tables, deck, k): n for k, n in cards.items()}
            for deck, cards in missing.items()}


# ---------------------------------------------------------------------------- the op



@dataclass(frozen=True, slots=True)
class SetInventory(Op):
    """Say which cards the group owns, before any Disaster or Karma card is drawn: the
    mixed piles are shuffled again with each card tagged physical or virtual (the Plot and
    Market cards are tagged by id, see :mod:`mixed`; the Plot deck's inventory comes with
    the game, its starting plots dealt from it)."""

    missing: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    source: str = ""
    phases = ("player",)
    phase_rule = "the inventory is set before round 1's Disaster Phase"

    # (by hand: the inventory is no person's action in the catalog)
    def describe(self) -> str:
        return f"inventory {self.source}".strip()

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        touched = (game.round != 1 or game.disaster.discard or game.karma.discard
                   or any(p.hand or p.in_play or p.disaster for p in game.players))
        if touched:
            raise RulesError("cards have been drawn already", rule="the inventory is set "
                             "before round 1's Disaster Phase (`rigs new --have FILE`)")
        missing = dict(self.missing)
        was = {d: tuple(sorted(c.items())) for d, c in game.missing.items()}
        if missing.get("plot") != was.get("plot"):
            raise RulesError("the Plot deck's inventory cannot change after the game is "
                             "made: keep the file's [plot] part as the game began",
                             rule="the starting plots are dealt from it at `rigs new --have "
                             "FILE`")
        if missing.get("survey") != was.get("survey") and (
                len(game.survey.draw) != len(tables.survey_deck)
                or any(x.survey is not None for p in game.players for x in p.plots)):
            raise RulesError("a Survey card has been drawn already", rule="the Survey "
                             "deck's inventory is set before the first survey")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        missing = {deck: dict(cards) for deck, cards in self.missing}
        for deck in ("disaster", "karma", "survey"):  # (this order: older games replay)
            pile: Pile = getattr(w.game, deck)
            if deck in missing:
                mixed = (survey_missing(missing[deck]) if deck == "survey"
                         else missing[deck])
                mix = w.rng.shuffled(labeled(pile.draw, mixed))
                pile = Pile(tuple(k for k, _ in mix), (), tuple(v for _, v in mix), ())
            else:
                pile = Pile(pile.draw, pile.discard)
            piles: dict[str, Any] = {deck: pile}
            w.game = replace(w.game, **piles)
        w.game = replace(w.game, missing=frozen_map(
            {d: frozen_map(c) for d, c in missing.items()}))
        for deck in MIXABLE:  # one line per deck: the group's cards, rigs' virtual ones
            w.say(deck_line(w.game, tables, deck))
        if "market" in missing:
            w.say(market_deal(w.game, tables))
        return w.done()


def deck_line(game: Game, tables: Tables, deck: str) -> str:
    """What the group holds of ``deck``'s draw pile and what rigs deals, in one line
    ("Karma: 40 of yours, 5 virtual.")."""
    name = {"market": "Market (with the End Game)"}.get(deck, deck.title())
    left = cards_left(game, tables, deck)
    if left is None:
        return f"{name}: all virtual (rigs deals every card)."
    after = " (after the starting plots)" if deck == "plot" else ""
    if not left["virtual"]:
        return f"{name}: {left['physical']} of yours{after}, none virtual."
    return f"{name}: {left['physical']} of yours, {left['virtual']} virtual{after}."


def market_deal(game: Game, tables: Tables) -> str:
    """What the table does with its own Market cards at set-up: the Game Market Deck is
    the group's cards where the mixed deck has one, the rest are virtual."""
    from rigs_helper.games.rigs.mixed import game_virtual

    v = game_virtual(game, tables, "market")
    n = len(game.market.game)
    mine = sum(1 for i in game.market.game if i not in v)
    left = cards_left(game, tables, "market")
    assert left is not None  # (a mixed deck)
    return (f"Game Market Deck: deal {mine} of your Market cards face down "
            f"({n - mine} of its {n} virtual, drawn by rigs); the rest of "
            "yours is your End Game Market deck.")


def inventory_op(missing: dict[str, dict[str, int]], source: str) -> SetInventory:
    return SetInventory(tuple((d, tuple(sorted(c.items()))) for d, c in
                              sorted(missing.items())), source)
