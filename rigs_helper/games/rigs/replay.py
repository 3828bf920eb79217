"""Tamper-evident shuffles: the committed seed and the replay of a game's log.  Pure.

Everything random in a game comes from its seed (rules in rng.py), so the state after each
logged action can be computed again from the seed and the actions.  A game made by this
version logs each action as data (games/rigs/oplog.py); store/audit.py rebuilds the game from
the seed, performs every logged action again, and compares with the log: a pile, a hand or
a roll that differs from what the seed gives was changed outside rigs.  Here: the seed, its
commitment, and what kind of fact each part of the game file is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


from rigs_helper.rules.rng import MAX_SEED


def seed_from_words(words: list[str], noise: bytes) -> int:
    """The seed: SHA-256 of every player's word and fresh system randomness."""
    import hashlib  # (only here: loading it costs more than most commands)

    h = hashlib.sha256()
    for w in words:
        b = w.encode()
        h.update(len(b).to_bytes(4, "big") + b)
    h.update(noise)
    return int.from_bytes(h.digest()[:8], "big") & MAX_SEED


def commitment(seed: int) -> str:
    """What the table photographs before round 1: a hash of the seed.  The seed cannot be
    read back from it, and no other seed gives the same hash."""
    import hashlib

    return hashlib.sha256(f"rigs-helper seed {seed}".encode()).hexdigest()


def short(commit: str) -> str:
    """The commitment as shown: 4 groups of 4 hex digits (64 bits), easy to compare."""
    return " ".join(commit[i:i + 4] for i in range(0, 16, 4))


# ---------------------------------------------------------------------------- comparing

#: parts of the game file decided by the seed: which kind of fact each is
CARDS = ("decks", "market", "grant", "inventory")
ROLLS = ("seed", "rng", "endgame", "leader", "commitment")
PLAYER_CARDS = ("hand", "in_play", "disaster")


def kind_of(path: list[Any]) -> str:
    """'cards', 'rolls' or 'books' for a path in the game file's document."""
    top = path[0] if path else ""
    if top in CARDS:
        return "cards"
    if top in ROLLS:
        return "rolls"
    if top == "players" and len(path) > 2 and path[2] in PLAYER_CARDS:
        return "cards"
    return "books"


def _name(path: list[Any], doc: dict[str, Any]) -> str:
    if path and path[0] == "players" and len(path) > 1 and isinstance(path[1], int):
        try:
            who = doc["players"][path[1]]["name"]
        except (IndexError, KeyError, TypeError):
            who = str(path[1])
        return f"{who}'s " + ".".join(str(p) for p in path[2:])
    return ".".join(str(p) for p in path)


@dataclass(frozen=True, slots=True)
class Finding:
    step: int  # log entry number
    action: str
    kind: str  # cards / rolls / books
    where: tuple[str, ...]


def findings(changes: list[Any], doc: dict[str, Any], step: int, action: str
             ) -> list[Finding]:
    """Group the paths that differ (``changes``: [path, value] pairs) by kind."""
    by_kind: dict[str, list[str]] = {}
    for path, _ in changes:
        by_kind.setdefault(kind_of(path), []).append(_name(path, doc))
    return [Finding(step, action, kind, tuple(sorted(set(where))))
            for kind, where in sorted(by_kind.items())]
