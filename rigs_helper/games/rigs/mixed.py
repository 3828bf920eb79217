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

Every deck can be mixed.  The Survey deck is a tagged pile like the Disaster deck (keys are
yields; the inventory names them as strings).  Plot cards (ids P1..P27) and Market cards
(indexes) are unique, so their tag is a property of the card: of each type (value) the
group lacks n copies of, the last n ids (indexes) are the virtual ones
(:func:`virtual_ids`).  The deck's order being a uniform shuffle, which copies of a type are
virtual does not change any odds; a card the table records trades places with the
physical card that stood at the top (any physical card of the recorded type).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from rigs_helper.games.rigs.state import Game, Pile
    from rigs_helper.games.rigs.tables import Tables
    from rigs_helper.games.rigs.tables import Tables

# a card key: a str, or for the Survey deck a yield (int; the inventory names it as a str,
# :func:`survey_missing`)
K = TypeVar("K", bound=Hashable)
# a card of the Plot deck (its id, "P7") or the Market deck (its index)
C = TypeVar("C", str, int)

MIXABLE = ("plot", "survey", "disaster", "karma", "market")
ALL_DECKS = MIXABLE
PILES = ("survey", "disaster", "karma")  # the decks kept as a tagged Pile


def labeled(keys: Iterable[K], virtual: Mapping[K, int]) -> list[tuple[K, bool]]:
    """The cards ``keys`` as (key, is_virtual), ``virtual[k]`` copies of each ``k`` virtual
    (order as given: the caller shuffles)."""
    left = dict(virtual)
    out: list[tuple[K, bool]] = []
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


def out_is_virtual(missing: Mapping[K, int], pile: Pile, key: K) -> bool:
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


def survey_missing(missing: Mapping[str, int]) -> dict[int, int]:
    """The Survey inventory (keyed by yields written as strings) keyed by yield."""
    return {int(k): n for k, n in missing.items()}


def card_types(tables: Tables, deck: str) -> tuple[str, ...]:
    """Each card of the Plot deck (by id order: its type) or the Market deck (by index:
    its category)."""
    return tables.plot_deck if deck == "plot" else tables.market_deck


def virtual_ids(tables: Tables, deck: str, missing: Mapping[str, int]
                ) -> frozenset[str | int]:
    """The Plot ids ("P7") or Market indexes that are virtual: of each type the group
    lacks n copies of, the last n."""
    kinds = card_types(tables, deck)
    out: set[int] = set()
    for kind, n in missing.items():
        same = [i for i, k in enumerate(kinds) if k == kind]
        out.update(same[len(same) - n:] if n else ())
    if deck == "plot":
        return frozenset(f"P{i + 1}" for i in out)
    return frozenset(out)


def game_virtual(game: Game, tables: Tables, deck: str) -> frozenset[str | int]:
    """The virtual Plot ids or Market indexes of ``game`` (empty: not a mixed deck)."""
    if deck not in game.missing:
        return frozenset()
    return virtual_ids(tables, deck, game.missing[deck])


def cards_left(game: Game, tables: Tables, deck: str) -> dict[str, int] | None:
    """How many of the group's cards and virtual ones are left in ``deck``'s draw pile
    (for the Market: the Game and End Game Market decks together); None when the deck is
    all virtual.  The Land Grant plots waiting are out of the deck."""
    if deck not in game.missing:
        return None
    if deck in PILES:
        pile = getattr(game, deck)
        return deck_counts(pile.draw, pile.virtual)
    cards = game.plot_deck if deck == "plot" else game.market.game + game.market.end
    v = game_virtual(game, tables, deck)
    m = sum(1 for c in cards if c in v)
    return {"physical": len(cards) - m, "virtual": m}


def swap_in(cards: list[C], start: int, virtual: frozenset[str | int], want: str,
            kind_of: Callable[[C], str]) -> bool:
    """Put a physical card of kind ``want`` at ``cards[start]`` (which holds a physical
    card), taken from ``cards[start:]``: the table drew it from its own pile.  False when
    no physical card of that kind is left there."""
    for j in range(start, len(cards)):
        if cards[j] not in virtual and kind_of(cards[j]) == want:
            cards[start], cards[j] = cards[j], cards[start]
            return True
    return False


def own_left(game: Game, tables: Tables) -> dict[str, int]:
    """The group's own cards left in each pile the table holds, for the mixed decks: the
    draw piles, and for the Market the Game Market Deck (``market``) and the End Game
    Market deck (``endgame``)."""
    out = {}
    for d in MIXABLE:
        if d not in game.missing:
            continue
        if d == "market":
            v = game_virtual(game, tables, "market")
            out["market"] = sum(1 for i in game.market.game if i not in v)
            end = game.market.end
            if set(game.endgame.plot_values) >= set(tables.plots):  # drawn: its first cards
                end = end[sum(t.endgame_cards for t in tables.plots.values()):]
            out["endgame"] = sum(1 for i in end if i not in v)
        else:  # (the Land Grant's plots still to draw from the pile are in it)
            left = cards_left(game, tables, d)
            assert left is not None  # (a mixed deck)
            out[d] = left["physical"] + (
                game.grant_owed if d == "plot" else 0)
    return out


def full_deck(tables: Tables, deck: str) -> Counter[str]:
    """Every card of ``deck`` by key (Plot: type, Survey: yield as a string, Market:
    category)."""
    return Counter({"disaster": tables.disaster_deck, "karma": tables.karma_deck,
                    "plot": tables.plot_deck, "market": tables.market_deck,
                    "survey": tuple(str(y) for y in tables.survey_deck)}[deck])


def deck_title(tables: Tables, deck: str, key: str) -> str:
    """How a card of ``deck`` is named: its title (Disaster, Karma), its type (Plot), its
    yield (Survey), its category (Market)."""
    from rigs_helper.games.rigs.tables import title_of

    if deck == "plot":
        return tables.plots[key].name
    if deck == "market":
        return tables.market[key].name
    if deck == "survey":
        return str(key)
    return title_of(tables, deck, key)


def trial(game: Game) -> Game:
    """``game`` for a trial run that only counts (how many Karma cards an answer makes a
    player draw, whether a card makes anyone draw): its Karma deck played as rigs' own,
    so that a draw never waits for the group's record (a mixed deck's top card, its
    group's) and nothing raises.  The count of cards drawn is the same either way; the
    trial's state is thrown away."""
    if "karma" not in game.missing:
        return game
    from dataclasses import replace

    return replace(game, missing={d: m for d, m in game.missing.items() if d != "karma"})


def next_tags(game: Game, tables: Tables, deck: str, n: int = 1,
              skip: Iterable[str] = ()) -> tuple[bool, ...]:
    """Whether each of the next ``n`` cards drawn from a mixed pile (Survey, Disaster,
    Karma) is virtual (rigs') or the group's own: the draw pile's top cards, then, once it
    runs out, those of its discards as the game's generator will shuffle them (read from a
    copy: nothing is drawn).  () for a deck that is not mixed.  ``skip``: cards set aside
    (drawn at the table before: games/rigs/piles.py ``aside_cards``), which no draw from the
    top takes."""
    if deck not in game.missing or deck not in PILES:
        return ()
    pile: Pile = getattr(game, deck)
    gone = set(skip)
    tags = tuple(v for k, v in zip(pile.draw, pile.virtual) if k not in gone)[:n]
    if len(tags) < n and pile.discard:  # the reshuffle PileMoves._reshuffle will make
        from rigs_helper.rules.rng import Rng

        mix = Rng(game.seed, game.rng).shuffled(labeled(pile.discard, Counter(pile.vdiscard)))
        tags += tuple(v for _, v in mix)[:n - len(tags)]
    return tags
