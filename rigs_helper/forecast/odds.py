"""`rigs odds`: what the rest of each deck holds as the table could know it.  No I/O.

Every figure comes from :mod:`rigs_helper.forecast.knowledge` (all cards minus the cards
seen); a virtual pile's order is never looked at.
"""

from __future__ import annotations

from collections import Counter
from math import comb

from rigs_helper.forecast.knowledge import all_decks, karma_kinds, market_unseen
from rigs_helper.games.rigs.market import card_value, category_of
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables


def _at_least_one(total: int, copies: int, drawn: int) -> float:
    """Chance that ``drawn`` cards from ``total`` (``copies`` of them of a kind) hold one."""
    if drawn <= 0 or copies <= 0:
        return 0.0
    if drawn > total - copies:
        return 1.0
    return 1 - comb(total - copies, drawn) / comb(total, drawn)


def disaster_next_round(game: Game, tables: Tables) -> dict[str, float]:
    """Each Disaster title's chance of being dealt to at least one player in the next
    Disaster Phase (one card per player; an empty deck is rebuilt from its discards)."""
    deal = len(game.players)
    pile = Counter(tables.disaster_deck) - Counter(game.disaster.discard) - Counter(
        p.disaster for p in game.players if p.disaster)
    size = sum(pile.values())
    out: dict[str, float] = {}
    # What a rebuilt deck would hold: every card not in the current pile (discards and the
    # cards in front of players, discarded by then).
    rebuilt = Counter(tables.disaster_deck) - pile
    rebuilt_size = sum(rebuilt.values())
    extra = max(0, deal - size)
    for card in tables.disasters:
        k = pile[card.key]
        if size >= deal:
            p = _at_least_one(size, k, deal)
        elif k:
            p = 1.0
        else:
            p = _at_least_one(rebuilt_size, rebuilt[card.key], extra)
        out[card.title] = p
    return out


def odds(game: Game, tables: Tables) -> dict:
    decks = all_decks(game, tables)
    unseen = market_unseen(game, tables)
    values = [card_value(tables, game.market.values, i) for i in unseen]
    cats = Counter(category_of(tables, i)[0] for i in unseen)
    market = decks["market"]
    next_market = {tables.market[c].name: round(cats[c] / len(unseen), 4)
                   for c in tables.market if unseen}
    survey = decks["survey"]
    s_total = survey.unseen_total
    yields = {int(label.split()[1]): n for label, n in survey.unseen}
    karma = decks["karma"]
    kinds = karma_kinds(game, tables)
    k_total = sum(kinds.values())
    dis = decks["disaster"]
    return {
        "round": game.round, "phase": game.phase,
        "market": {
            "game_deck": market.size, "end_deck": market.hidden_elsewhere,
            "unseen": {tables.market[c].name: cats[c] for c in tables.market},
            "next": next_market,
            "expected_price": round(sum(values) / len(values), 2) if values else None,
            "note": "the unseen Market cards are split between the Game Market Deck and the "
                    "End Game Market Deck; which is where is unknown",
        },
        "disaster": {
            "deck": dis.size,
            "left": dict(dis.unseen),
            "next_card": {k: round(p, 4) for k, p in dis.chance_outcomes()},
            "next_round": {k: round(p, 4) for k, p in
                           disaster_next_round(game, tables).items() if p},
            "players": len(game.players),
        },
        "survey": {
            "deck": survey.size,
            "left": {str(y): n for y, n in yields.items()},
            "expected_yield": round(sum(y * n for y, n in yields.items()) / s_total, 3)
            if s_total else None,
            "luxury_chance": round(sum(n for y, n in yields.items() if y) / s_total, 4)
            if s_total else None,
        },
        "karma": {
            "deck": karma.size, "in_hands": karma.hidden_elsewhere,
            "unseen": kinds,
            "next": {k: round(n / k_total, 4) for k, n in kinds.items()} if k_total else {},
            "note": "cards in hands and in the deck are both unseen: the table cannot tell "
                    "which is where",
        },
        "plot": {
            "deck": decks["plot"].size, "in_land_grant": decks["plot"].hidden_elsewhere,
            "left": dict(decks["plot"].unseen),
        },
    }


__all__ = ["disaster_next_round", "odds"]
