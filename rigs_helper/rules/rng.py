"""The game's seeded generator: SplitMix64, whose whole state is (seed, position).

Both numbers are stored in the game file, so a game replays exactly and an undone draw
is never re-rolled into a different card.  Nothing in rigs-helper draws randomness from
anywhere else once a seed exists.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
MAX_SEED = (1 << 63) - 1  # fits a TOML integer


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """A position in the seeded stream.  ``pos`` counts the 64-bit words used so far."""

    __slots__ = ("seed", "pos", "_base")

    def __init__(self, seed: int, pos: int = 0) -> None:
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}")
        self.seed = seed
        self.pos = pos
        self._base = _mix(seed)

    def next64(self) -> int:
        self.pos += 1
        return _mix((self._base + self.pos * _GAMMA) & _MASK)

    def words(self, n: int) -> list[int]:
        """The next ``n`` words of :meth:`next64`, at once (the forecast's samples)."""
        first = self._base + (self.pos + 1) * _GAMMA
        self.pos += n
        return [_mix(z & _MASK) for z in range(first, first + n * _GAMMA, _GAMMA)]

    def below(self, n: int) -> int:
        """A uniform whole number in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]
