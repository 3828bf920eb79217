"""Numbers typed by a person: ASCII digits with an optional minus sign, nothing else.

Python's ``int()`` also reads other scripts' digits (``٣``, ``１``), underscores (``1_0``),
a plus sign and surrounding spaces; a number of the game is written plainly, so every
number typed on the command line goes through :func:`whole` (one place) instead."""

from __future__ import annotations

import re

_WHOLE = re.compile(r"-?[0-9]{1,19}")
MAX = 2**63 - 1  # as in the game file (TOML's integers)


def whole(text: object) -> int | None:
    """The number ``text`` spells, or None when it is not digits 0-9 with an optional
    leading minus sign (or does not fit a 64-bit integer)."""
    if not isinstance(text, str) or not _WHOLE.fullmatch(text):
        return None
    n = int(text)
    return n if -MAX <= n <= MAX else None


def is_whole(text: str, minimum: int | None = None) -> bool:
    n = whole(text)
    return n is not None and (minimum is None or n >= minimum)
