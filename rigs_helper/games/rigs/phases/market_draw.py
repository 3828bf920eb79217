"""The Market card of the round: drawn by rigs, or the one the table drew (a value, a
category or a card id), setting the Luxury price."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rigs_helper.games.rigs.engine import Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.market import card_value, category_of
from rigs_helper.rules.numbers import is_whole
from rigs_helper.games.rigs.state import Game, frozen_map
from rigs_helper.games.rigs.tables import Tables


def draw_market(w: Work, physical: str | None) -> None:
    m = w.game.market
    if not m.game:
        raise RulesError("the Game Market Deck is empty", rule="15 rounds, one card each")
    game_deck, end = list(m.game), list(m.end)
    recorded = dict(m.recorded)
    mixed = "market" in w.game.missing
    if physical is not None and physical.strip().lower() == "virtual":
        from rigs_helper.games.rigs.mixed import game_virtual

        if mixed and m.game[0] not in game_virtual(w.game, w.tables, "market"):
            raise RulesError("--card virtual: this round's Market card is one of the "
                             "group's; draw it from your Game Market Deck and record its "
                             "value", rule="a mixed deck: rigs decides own pile or "
                             "virtual card with the right odds")
        physical = None  # as the table chose: the virtual card rigs draws
    if mixed:
        card = _mixed_market(w, game_deck, end, physical)
        game_deck.pop(0)
    elif physical is None:
        card = game_deck.pop(0)
    else:
        card = _physical_market(w, game_deck, end, physical, recorded)
        game_deck.remove(card)
    price = recorded.get(w.game.round, card_value(w.tables, m.values, card))
    cat, _ = category_of(w.tables, card)
    w.game = replace(w.game, market=replace(m, game=tuple(game_deck), drawn=m.drawn + (card,),
                                            end=tuple(end), price=price,
                                            recorded=frozen_map(recorded)))
    if mixed and physical is None:
        what = (f"the Market card is a virtual {w.tables.market[cat].name} (the group lacks "
                "it)")
    elif physical is None:
        what = f"the Market card is {w.tables.market[cat].name} (drawn by rigs)"
    elif w.game.round in recorded and is_whole(physical, 0):
        what = f"the Market card drawn at the table is worth {price} (recorded)"
    else:
        what = f"the Market card is {w.tables.market[cat].name} (recorded)"
    w.say(f"Market Phase, round {w.game.round}: {what}; Luxuries sell at {price} "
          "(`rigs sell PLAYER N`).")
    if not game_deck:
        w.say("That was the last Game Market card: this is the final round, and every "
              "Luxury left is sold at this price when the phase ends.")


def market_card_param(game: Game, tables: Tables) -> dict[str, Any] | None:
    """The Market card parameter of the step that draws it, for a mixed Market deck: the
    values of the group's own cards left when the next card is one of theirs (the table
    draws and records it), None when it is a virtual one (rigs names it)."""
    from rigs_helper.games.rigs.mixed import game_virtual

    virtual = game_virtual(game, tables, "market")
    m = game.market
    if not m.game or m.game[0] in virtual:
        return None
    kinds = {category_of(tables, i)[0] for i in m.game + m.end if i not in virtual}
    return {"required": True, "record": "card",
            "values": [str(card_value(tables, m.values, _index_of(tables, k)))
                       for k in tables.market if k in kinds]}


def _index_of(tables: Tables, category: str) -> int:
    return next(i for i, k in enumerate(tables.market_deck) if k == category)


def _mixed_market(w: Work, deck: list[int], end: list[int], physical: str | None) -> int:
    """A mixed Market deck: the top card of the Game Market Deck is virtual (rigs names
    it) or the group's own (the table draws it and records its value or category, and a
    card of the group's of that category takes the top's place, from either deck)."""
    from rigs_helper.games.rigs.mixed import game_virtual, swap_in
    from rigs_helper.games.rigs.piles import find_kind

    virtual = game_virtual(w.game, w.tables, "market")
    rule = "a mixed deck: rigs decides own pile or virtual card with the right odds"
    if deck[0] in virtual:
        if physical is not None:
            raise RulesError(f"--card {physical}: this round's Market card is a virtual one "
                             "(the group lacks it); record no card for it", rule=rule)
        return deck[0]
    if physical is None:  # the op goes on with the top card as a stand-in, then is refused
        w.need.append(f"{w.game.leader}: draw the top card of your Game Market Deck and "
                      "record its value (`rigs next --card VALUE`)")
        return deck[0]
    try:
        want = find_kind(w.tables, "market", physical)
    except InputError:
        from rigs_helper.games.rigs.market import market_index

        try:  # a card id (H3) names its category
            want = category_of(w.tables, market_index(w.tables, physical.strip()))[0]
        except KeyError:
            raise InputError(f"--card {physical!r}: give a value, a category (low, normal, "
                             "high, spike) or a Market card id such as H3") from None
    both = deck + end
    if not swap_in(both, 0, virtual, want, lambda i: category_of(w.tables, i)[0]):
        raise RulesError(f"no {w.tables.market[want].name} card is left among your Market "
                         "cards", rule="a mixed deck: every Market card drawn is recorded "
                         "once")
    deck[:], end[:] = both[:len(deck)], both[len(deck):]
    return deck[0]


def _physical_market(w: Work, deck: list[int], end: list[int], text: str,
                     recorded: dict[int, int]) -> int:
    """The Market card the table drew.  Any card not drawn yet may be it: the virtual
    piles are only the app's guess, so a card found in the virtual End Game deck trades
    places with the virtual top card (the End Game deck is what is left)."""
    from rigs_helper.games.rigs.market import market_index

    t = text.lower()
    if is_whole(t, 0):  # a value: the top card leaves the deck, the price is what was printed
        recorded[w.game.round] = int(t)
        return deck[0]
    for cat in w.tables.market.values():
        if cat.key == t or cat.name.lower() == t:
            for c in deck + end:
                if category_of(w.tables, c)[0] == cat.key:
                    return _into_game_deck(deck, end, c)
            raise RulesError(f"no {cat.name} card is left in the Market decks",
                             rule="every Market card drawn is recorded once")
    try:
        idx = market_index(w.tables, text.strip())
    except KeyError:
        raise InputError(f"--card {text!r}: give a value, a category (low, normal, high, "
                         "spike) or a Market card id such as H3") from None
    if idx not in deck and idx not in end:
        raise RulesError(f"Market card {text} was already drawn")
    return _into_game_deck(deck, end, idx)


def _into_game_deck(deck: list[int], end: list[int], card: int) -> int:
    if card in end:
        end[end.index(card)] = deck[0]
        deck[0] = card
    return card
