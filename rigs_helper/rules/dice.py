"""The table's dice (temporary stand-in on branch issue8 until main's dice API lands)."""

from __future__ import annotations

from dataclasses import dataclass

from rigs_helper.rules.errors import InputError


@dataclass(frozen=True)
class Rolls:
    plain: tuple[int, ...] = ()
    named: tuple[tuple[str, int], ...] = ()


def parse_rolls(items: list[str]) -> Rolls:
    plain, named = [], []
    for item in items:
        who, sep, v = item.rpartition("=")
        try:
            n = int(v)
        except ValueError:
            raise InputError(f"--roll {item!r}: a die is a number from 1 to 6") from None
        if not 1 <= n <= 6:
            raise InputError(f"--roll {item!r}: a die is a number from 1 to 6")
        if sep:
            named.append((who.strip(), n))
        else:
            plain.append(n)
    return Rolls(tuple(plain), tuple(named))
