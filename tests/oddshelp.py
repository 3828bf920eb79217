"""What the tests of the decks' odds share."""

from __future__ import annotations

from collections import Counter


def chi_square(observed: Counter, expected: dict) -> float:
    """Pearson's statistic of ``observed`` counts against ``expected`` ones."""
    return sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items())
