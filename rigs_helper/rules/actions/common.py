"""Shared parsing for player actions: resource names and amounts."""

from __future__ import annotations

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.numbers import whole
from rigs_helper.rules.tables import RESOURCES

WAREHOUSE = ("warehouse", "w", "wh")


def positive(n: int, what: str) -> None:
    if n < 1:
        raise InputError(f"{what} must be 1 or more, not {n}")


_ALIASES = {"energy": "energy", "supply": "supplies", "supplies": "supplies",
            "metal": "metal", "metals": "metal", "luxury": "luxuries", "luxuries": "luxuries",
            "lux": "luxuries"}


def resource_name(text: str, allowed: tuple[str, ...] = RESOURCES) -> str:
    """A resource as typed (any case, singular or plural) -> its key."""
    r = _ALIASES.get(text.strip().lower())
    if r is None or r not in allowed:
        raise InputError(f"unknown resource {text!r} (one of {', '.join(allowed)})")
    return r


# ---------------------------------------------------------------------------- RIGS


def parse_amounts(items: list[str], allowed: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """``["credits=10", "metal=2"]`` -> (("credits", 10), ("metal", 2))."""
    out: list[tuple[str, int]] = []
    for item in items:
        k, sep, v = item.partition("=")
        if not sep:
            raise InputError(f"{item!r}: write WHAT=N, e.g. credits=10 or metal=2")
        key = k.strip().lower()
        key = key if key in ("credits", "rigs") else resource_name(key)
        if key not in allowed:
            raise InputError(f"{item!r}: {key} cannot be given here")
        n = whole(v)
        if n is None:
            raise InputError(f"{item!r}: {v!r} is not a whole number (digits 0-9)")
        if n < 1:  # every amount given this way is a count of things that move
            raise InputError(f"{item!r}: the amount must be 1 or more, not {n}")
        if key in (k for k, _ in out):
            raise InputError(f"{item!r}: {key} is given twice")
        out.append((key, n))
    return tuple(out)


# ---------------------------------------------------------------------------- by hand


def deal_items(items: list[str]) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """One side of a deal as typed: ``["credits=10", "P7"]`` -> amounts and plot refs.
    Several items may share one word, comma-separated (``credits=10,metal=2``)."""
    words = [x for item in items for x in item.split(",")]
    if any(not x.strip() for x in words):
        raise InputError("an empty deal item: each item names something that moves "
                         "(credits=10, metal=2, P7)")
    for x in words:
        if x.startswith("-"):
            raise InputError(f"no such option: {x} (a deal takes items, then --for and "
                             "what comes back)")
    plots = tuple(x.strip() for x in words if "=" not in x)
    return parse_amounts([x for x in words if "=" in x],
                         ("credits", "energy", "supplies", "metal", "luxuries", "rigs")), plots
