"""The one reader of the words a person types or a page posts.  No I/O.

Every parameter of an action has a kind (:data:`KINDS`): a count, a die, a plot, a place,
a resource, a player's name, a card's title...  The CLI and the pages read each word of
that kind with the same function here, so a word means the same on every path: ``٣``,
``１``, ``1_0``, ``+1`` and `` 1`` are not numbers anywhere, ``P６`` and ``p 6`` are not
plot ids anywhere, and the warehouse is written the same way everywhere.

A reader checks the word's shape and returns the canonical value (``p7`` -> ``"P7"``,
``Supply`` -> ``"supplies"``, ``wh`` -> ``"warehouse"``).  What a word refers to in the game
(whose plot, which player, which card) is resolved by the operation's ``check`` against
the state: the rules name what is wrong there.
"""

from __future__ import annotations

import re
from typing import Any

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.kinds import (
    GENERIC_KINDS,
    _word,
    count,
    count_or_all,
    die,
    flag,
    name,
    name_count,
    name_title,
    number,
    pair,
    said,
    text,
    title,
)

#: the warehouse, as the state names it, and every word that names it
WAREHOUSE = "warehouse"
WAREHOUSE_WORDS = ("warehouse", "wh", "w")

#: what a plot harvests and a player holds (as ``tables.RESOURCES``; Vinnie lends the
#: first three, which the rules check)
RESOURCES = ("energy", "supplies", "metal", "luxuries")
GOODS = ("credits", *RESOURCES, "rigs")  # what may change hands
PLOT_TYPES = ("plains", "valley", "forest", "desert", "ridge")

_RESOURCE_WORDS = {"energy": "energy", "supply": "supplies", "supplies": "supplies",
                   "metal": "metal", "metals": "metal", "luxury": "luxuries",
                   "luxuries": "luxuries", "lux": "luxuries", "credit": "credits",
                   "credits": "credits", "rigs": "rigs"}
_PLOT_ID = re.compile(r"[pP]?([0-9]{1,9})")


def is_warehouse(text: object) -> bool:
    """``text`` names the warehouse (``warehouse``, ``wh``, ``w``, any case)."""
    return isinstance(text, str) and text.lower() in WAREHOUSE_WORDS


def plot_id(text: object) -> str | None:
    """``"P7"``, ``"p7"``, ``"7"`` -> ``"P7"`` (ASCII digits, nothing around them); else
    None."""
    m = _PLOT_ID.fullmatch(text) if isinstance(text, str) else None
    return f"P{int(m.group(1))}" if m else None


def plot(text: object, what: str) -> str:
    """A plot: its id (``P7``, ``p7``, ``7`` -> ``"P7"``) or a plot type (``desert``), which
    names the player's one plot of that type."""
    pid = plot_id(text)
    if pid is not None:
        return pid
    if isinstance(text, str) and text.lower() in PLOT_TYPES:
        return text.lower()
    raise InputError(f"{what}: {text!r} is not a plot: write its id (P7, p7 or 7) or a "
                     "plot type (plains, valley, forest, desert, ridge)")


def place(text: object, what: str) -> str:
    """Where RIGS are: the warehouse (``warehouse``, ``wh``, ``w``) or a plot."""
    if is_warehouse(text):
        return WAREHOUSE
    try:
        return plot(text, what)
    except InputError:
        raise InputError(f"{what}: {text!r} is neither a plot (P7, p7, 7 or a plot type) "
                         "nor the warehouse") from None


def _one_of(text: object, what: str, allowed: tuple[str, ...]) -> str:
    key = _RESOURCE_WORDS.get(text.lower()) if isinstance(text, str) else None
    if key is None or key not in allowed:
        raise InputError(f"{what}: unknown {text!r} (one of {', '.join(allowed)})")
    return key


def resource(text: object, what: str) -> str:
    """Energy, Supplies, Metal or Luxuries (any case, singular or plural)."""
    return _one_of(text, what, RESOURCES)


def good(text: object, what: str) -> str:
    """What may change hands: credits, a resource, or warehouse RIGS."""
    return _one_of(text, what, GOODS)


def holding(text: object, what: str) -> str:
    """What the books may correct by hand (`adjust`): a good, or Karma cards."""
    if isinstance(text, str) and text.strip().lower() == "karma":
        return "karma"
    if isinstance(text, str) and _RESOURCE_WORDS.get(text.lower()) in GOODS:
        return good(text, what)
    raise InputError(f"{what}: unknown {text!r} (one of {', '.join((*GOODS, 'karma'))})")


def good_amount(text: object, what: str) -> tuple[str, int]:
    """``GOOD=N`` (``credits=10``, ``supply=2``) -> ("supplies", 2); N is 1 or more."""
    key, n = pair(text, what)
    amount = number(n, f"{what} {text!r}")
    if amount < 1:
        raise InputError(f"{what}: {text!r}: the amount must be 1 or more, not {amount}")
    return good(key, what), amount


def destination(text: object, what: str) -> str:
    """Where a scattered RIGS goes: ``PLOT:RESOURCE`` or a player's name (their
    warehouse)."""
    where, found, harvest = _word(text, what).partition(":")
    if found:
        return f"{plot(where, what)}:{resource(harvest, what)}"
    return text  # type: ignore[return-value]


def plot_type(text: object, what: str) -> str:
    """A plot card's type (``valley``, any case), or ``virtual`` (rigs draws it)."""
    if isinstance(text, str) and text.strip().lower() in (*PLOT_TYPES, "virtual"):
        return text.strip().lower()
    raise InputError(f"{what}: {text!r} is not a plot type (one of {', '.join(PLOT_TYPES)})")


def deal(text: object, what: str) -> str:
    """A deal's number (``3``, ``#3``, ``d3``) -> ``"3"``."""
    digits = text.lstrip("#").lower().removeprefix("d") if isinstance(text, str) else text
    return str(count(digits, what))


def roll(text: object, what: str) -> str:
    """A die the table rolled: ``N`` or ``PLAYER=N`` (N 1-6)."""
    who, found, face = _word(text, what).rpartition("=")
    if found and not who:
        raise InputError(f"{what}: {text!r}: a name goes before '='")
    n = die(face, what)
    return f"{who}={n}" if found else str(n)


def table_roll(text: object, what: str) -> str:
    """A die the table rolled (:func:`roll`), or ``virtual`` (any case): rigs rolls it."""
    if isinstance(text, str) and text.lower() == "virtual":
        return "virtual"
    return roll(text, what)


def place_count(text: object, what: str) -> tuple[str, int]:
    """``WHERE=K``: K RIGS from a place (``P3=2``, ``warehouse=1``)."""
    where, k = pair(text, what)
    return place(where, what), count(k, what)


#: every kind of word an action's parameter may be: the generic kinds (rules/kinds.py
#: ``GENERIC_KINDS``) and R.I.G.S.'s own (plots, places, resources, goods, deals, the
#: table's dice)
KINDS = {"number": number, "count": count, "count_or_all": count_or_all, "die": die,
         "plot": plot, "place": place, "resource": resource, "good": good, "holding": holding, "player": name, "title": title, "card": title, "text": text,
         "name_count": name_count, "said": said, "name_title": name_title,
         "destination": destination, "plot_type": plot_type,
         "deal": deal, "roll": roll, "table_roll": table_roll, "place_count": place_count, "good_amount": good_amount, "flag": flag}


def read(kind: str, value: object, what: str) -> Any:
    """``value`` read as a word of ``kind`` (InputError naming ``what`` when it is not)."""
    return KINDS[kind](value, what)


__all__ = ["GOODS", "KINDS", "RESOURCES", "WAREHOUSE", "WAREHOUSE_WORDS",
           "count", "count_or_all", "destination", "die", "good", "good_amount", "holding",
           "is_warehouse", "name", "name_count", "name_title", "number", "pair", "place",
           "plot", "plot_id", "read", "resource", "said", "text", "title"]
