"""Market card values: the house defaults of ``tables/market.toml`` and a group's own.

A group may set a category's value (``low = 3``) or one value per card of the category
(``low = [1, 2, 2, 3, 2, 2, 3, 1, 2]``, as many as the category has cards).  A card of the
Market deck is known by its index in ``Tables.market_deck`` (cards grouped by category).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.checker import Checker
from rigs_helper.rules.numbers import is_whole
from rigs_helper.games.rigs.tables import Tables

if TYPE_CHECKING:
    from rigs_helper.games.rigs.state import Game, Player

MarketValues = Mapping[str, int | tuple[int, ...]]

#: the ledger's source of a Luxury sold in the Market Phase, and in the last round's
#: forced sale (the group's history counts them: ``store/historyplay.py``)
LUXURY_SALE = "Luxury sale"
LAST_ROUND_SALE = "last-round sale"
SALES = (LUXURY_SALE, LAST_ROUND_SALE)


def sale_price(game: Game, player: Player) -> int:
    """What a Luxury sells for to ``player``: this round's price, and their Naive Profits
    (here, not with the sale: the last round's forced sale imports no operation)."""
    price = game.market.price or 0
    bonus = sum(int(e.split(":", 1)[1]) for e in player.effects if e.startswith("naive:"))
    return price + bonus


def parse_market_values(raw: Any, check: Checker, key: str, tables: Tables
                        ) -> dict[str, Any]:
    table = check.table(raw, key, set(tables.market))
    out: dict[str, int | tuple[int, ...]] = {}
    for cat, value in table.items():
        k = f"{key}.{cat}"
        if isinstance(value, list):
            n = tables.market[cat].count
            if len(value) != n:
                raise check.fail(k, f"a list needs one value per card: {n}, not {len(value)}")
            out[cat] = tuple(check.whole(v, f"{k}[{i}]") for i, v in enumerate(value))
        else:
            out[cat] = check.whole(value, k)
    return out


def category_of(tables: Tables, index: int) -> tuple[str, int]:
    """(category, index within the category) of Market card ``index``."""
    for cat in tables.market.values():
        if index < cat.count:
            return cat.key, index
        index -= cat.count
    raise IndexError("no such Market card")


def card_value(tables: Tables, values: MarketValues, index: int) -> int:
    cat, i = category_of(tables, index)
    v = values.get(cat, tables.market[cat].value)
    return v[i] if isinstance(v, tuple) else v


def market_index(tables: Tables, card_id: str) -> int:
    letter, num = card_id[:1].upper(), card_id[1:]
    base = 0
    for cat in tables.market.values():
        if cat.name[0] == letter and is_whole(num, 1) and 1 <= int(num) <= cat.count:
            return base + int(num) - 1
        base += cat.count
    raise KeyError(card_id)
