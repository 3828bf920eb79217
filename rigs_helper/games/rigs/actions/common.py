"""Shared checks of player actions: amounts of 1 or more, resource names."""

from __future__ import annotations

from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.tables import RESOURCES
from rigs_helper.games.rigs.words import WAREHOUSE_WORDS, resource

WAREHOUSE = WAREHOUSE_WORDS  # the words that name the warehouse (games/rigs/words.py)


def positive(n: int, what: str) -> None:
    if n < 1:
        raise InputError(f"{what} must be 1 or more, not {n}")


def resource_name(text: str, allowed: tuple[str, ...] = RESOURCES) -> str:
    """A resource as typed (any case, singular or plural; ``games.rigs.words``) -> its key."""
    try:
        r = resource(text, "resource")
    except InputError:
        r = None
    if r is None or r not in allowed:
        raise InputError(f"unknown resource {text!r} (one of {', '.join(allowed)})")
    return r
