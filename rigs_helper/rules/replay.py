"""Tamper-evident shuffles: the committed seed and the replay of a game's log.  Pure.

Everything random in a game comes from its seed (rules in rng.py), so the state after each
logged action can be computed again from the seed and the actions.  A game made by this
version logs each action as data (``op_to_json``); ``replay`` rebuilds the game from the
seed, performs every logged action again on the state the log gives before it, and
compares: a pile, a hand or a roll that differs from what the seed gives was changed
outside rigs.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from collections.abc import Iterator
from dataclasses import dataclass

from rigs_helper.rules.engine import Op
from rigs_helper.rules.rng import MAX_SEED

# where the operations live (each is looked up by its class name)
OP_MODULES = ("rigs_helper.rules.phases", "rigs_helper.rules.actions.placement",
              "rigs_helper.rules.actions.loans", "rigs_helper.rules.actions.deals",
              "rigs_helper.rules.actions.plans", "rigs_helper.rules.actions.common",
              "rigs_helper.rules.karma.hands", "rigs_helper.rules.karma.play",
              "rigs_helper.rules.endgame", "rigs_helper.rules.decks")


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


# ---------------------------------------------------------------------------- ops as data


def _plain(x):
    """A value of an operation's field as JSON data; a record inside (the table's dice)
    becomes {"$": its class name, field: value...}."""
    if dataclasses.is_dataclass(x):
        return {"$": type(x).__name__, **{f.name: _plain(getattr(x, f.name))
                                          for f in dataclasses.fields(x)}}
    if isinstance(x, (tuple, list)):
        return [_plain(v) for v in x]
    return x


def op_to_json(op: Op) -> str:
    args = {k: v for k, v in _plain(op).items() if k != "$"}
    return json.dumps({"op": type(op).__name__, "args": args}, separators=(",", ":"),
                      ensure_ascii=False)


def _ops() -> dict[str, type]:
    for m in OP_MODULES:
        importlib.import_module(m)
    out: dict[str, type] = {}
    todo = [Op]
    while todo:
        c = todo.pop()
        for s in c.__subclasses__():
            out[s.__name__] = s
            todo.append(s)
    return out


def _value(x):
    """JSON data back into a field's value: lists become tuples, records are rebuilt."""
    if isinstance(x, list):
        return tuple(_value(v) for v in x)
    if isinstance(x, dict) and "$" in x:
        from rigs_helper.rules.dice import Rolls

        cls = {"Rolls": Rolls}[x["$"]]
        return cls(**{k: _value(v) for k, v in x.items() if k != "$"})
    return x


def op_from_json(text: str, ops: dict[str, type] | None = None) -> Op:
    d = json.loads(text)
    cls = (ops or _ops())[d["op"]]
    return cls(**{k: _value(v) for k, v in d["args"].items()})


# ---------------------------------------------------------------------------- comparing

#: parts of the game file decided by the seed: which kind of fact each is
CARDS = ("decks", "market", "grant", "inventory")
ROLLS = ("seed", "rng", "endgame", "leader", "commitment")
PLAYER_CARDS = ("hand", "in_play", "disaster")


def kind_of(path: list) -> str:
    """'cards', 'rolls' or 'books' for a path in the game file's document."""
    top = path[0] if path else ""
    if top in CARDS:
        return "cards"
    if top in ROLLS:
        return "rolls"
    if top == "players" and len(path) > 2 and path[2] in PLAYER_CARDS:
        return "cards"
    return "books"


def _name(path: list, doc: dict) -> str:
    if path and path[0] == "players" and len(path) > 1 and isinstance(path[1], int):
        try:
            who = doc["players"][path[1]]["name"]
        except (IndexError, KeyError, TypeError):
            who = str(path[1])
        return f"{who}'s " + ".".join(str(p) for p in path[2:])
    return ".".join(str(p) for p in path)


@dataclass(frozen=True)
class Finding:
    step: int  # log entry number
    action: str
    kind: str  # cards / rolls / books
    where: tuple[str, ...]


def findings(changes: list, doc: dict, step: int, action: str) -> list[Finding]:
    """Group the paths that differ (``changes``: [path, value] pairs) by kind."""
    by_kind: dict[str, list[str]] = {}
    for path, _ in changes:
        by_kind.setdefault(kind_of(path), []).append(_name(path, doc))
    return [Finding(step, action, kind, tuple(sorted(set(where))))
            for kind, where in sorted(by_kind.items())]
