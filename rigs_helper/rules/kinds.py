"""The readers of the generic kinds of words, what any game's actions use: a number, a
count, a die's face, a name, a card's title, free text, ``WHO=WHAT`` pairs, a flag.  No I/O.

Each reader checks the word's shape and returns its value, or raises an ``InputError``
naming ``what``: ``٣``, ``１``, ``1_0``, ``+1`` and `` 1`` are not numbers anywhere
(``rules.numbers``).  A game adds its own kinds (R.I.G.S.: games/rigs/words.py ``KINDS``);
what a word refers to in the game is resolved by the action's ``check``.
"""

from __future__ import annotations

from typing import Any

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.numbers import whole

_DIE_SIDES = 6


def _word(text: object, what: str) -> str:
    if not isinstance(text, str) or not text or not text.isprintable():
        raise InputError(f"{what}: {text!r} is not a word (one line of printable text)")
    return text


def number(text: object, what: str) -> int:
    """A whole number: digits 0-9 with an optional minus sign (``rules.numbers``)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    n = whole(text) if isinstance(text, str) else None
    if n is None:
        raise InputError(f"{what}: {text!r} is not a whole number (digits 0-9, an "
                         "optional minus sign)")
    return n


def count(text: object, what: str) -> int:
    """A number of things: a whole number of 0 or more (the rules bound it further)."""
    n = number(text, what)
    if n < 0:
        raise InputError(f"{what}: {n} is not 0 or more")
    return n


def count_or_all(text: object, what: str) -> int | None:
    """A count, or ``all`` (None: the rules count what there is)."""
    if isinstance(text, str) and text.lower() == "all":
        return None
    if isinstance(text, str) and whole(text) is None:
        raise InputError(f"{what}: {text!r} is not a whole number or 'all' (digits 0-9)")
    return count(text, what)


def die(text: object, what: str) -> int:
    """A die's face, 1 to 6."""
    n = number(text, what)
    if not 1 <= n <= _DIE_SIDES:
        raise InputError(f"{what}: {n} is not a die's face (1-{_DIE_SIDES})")
    return n


def name(text: object, what: str) -> str:
    """A player's name as typed (case, accents and a unique prefix are resolved against the
    game's players by the rules: ``Game.player``)."""
    return _word(text, what)


def title(text: object, what: str) -> str:
    """A card's title as typed (any case; a unique prefix is resolved by the rules, which
    also name an empty one: "no Karma card called ''")."""
    return text if text == "" else _word(text, what)


def text(value: object, what: str) -> str:
    """Free text: one line of printable characters."""
    return _word(value, what)


def pair(text: object, what: str, sep: str = "=") -> tuple[str, str]:
    """``WHO=WHAT`` -> (WHO, WHAT), both words."""
    left, found, right = _word(text, what).partition(sep)
    if not found or not left or not right:
        raise InputError(f"{what}: {text!r}: write WHO{sep}WHAT")
    return left, right


def name_count(text: object, what: str) -> tuple[str, int]:
    """``PLAYER=N`` (a share of gains) -> (PLAYER, N)."""
    who, n = pair(text, what)
    return who, count(n, what)


def said(text: object, what: str) -> tuple[str, str]:
    """``WHO=WHAT`` -> (WHO, WHAT); ``WHAT`` alone -> ("", WHAT): the card's one victim
    (``--answer Bo=Decoy``, ``--answer Decoy``, ``--first Bo=Alarm``)."""
    if "=" in _word(text, what):
        return pair(text, what)
    return "", text  # type: ignore[return-value]


def name_title(text: object, what: str) -> tuple[str, str]:
    """``PLAYER=TITLE`` (a card a player drew at the table) -> (PLAYER, TITLE)."""
    who, title = pair(text, what)
    return who, title


def flag(value: object, what: str) -> bool:
    """An option that is given or not (it takes no word)."""
    if value is True:
        return True
    raise InputError(f"{what}: takes no value")


#: the generic kinds, by the name a parameter's definition gives
GENERIC_KINDS: dict[str, Any] = {
    "number": number, "count": count, "count_or_all": count_or_all, "die": die,
    "player": name, "title": title, "card": title, "text": text, "name_count": name_count,
    "said": said, "name_title": name_title, "flag": flag}

__all__ = ["GENERIC_KINDS", "count", "count_or_all", "die", "flag", "name", "name_count",
           "name_title", "number", "pair", "said", "text", "title"]
