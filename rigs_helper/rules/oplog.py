"""Operations as data, for the log: ``op_to_json`` when an action is saved, ``op_from_json``
when `rigs verify` performs it again.  Pure; small on purpose (every saving command loads
it).
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from rigs_helper.rules.engine import Op
from rigs_helper.rules.records import fields, is_record

# where the operations live (each is looked up by its class name)
OP_MODULES = ("rigs_helper.rules.phases.nextphase", "rigs_helper.rules.phases.grant",
              "rigs_helper.rules.phases.losses", "rigs_helper.rules.actions.placement",
              "rigs_helper.rules.actions.loans", "rigs_helper.rules.actions.deals",
              "rigs_helper.rules.actions.plans", "rigs_helper.rules.actions.common",
              "rigs_helper.rules.karma.hands", "rigs_helper.rules.karma.play",
              "rigs_helper.rules.endgame", "rigs_helper.rules.decks", "rigs_helper.rules.turns",
              "rigs_helper.rules.waits.deals", "rigs_helper.rules.waits.attacks",
              "rigs_helper.rules.waits.disasters")


def _plain(x: Any) -> Any:
    """A value of an operation's field as JSON data; a record inside (the table's dice)
    becomes {"$": its class name, field: value...}."""
    if is_record(x):
        return {"$": type(x).__name__, **{f: _plain(getattr(x, f)) for f in fields(x)}}
    if isinstance(x, (tuple, list)):
        return [_plain(v) for v in x]
    return x


def op_to_json(op: Op) -> str:
    args = {k: v for k, v in _plain(op).items() if k != "$"}
    return json.dumps({"op": type(op).__name__, "args": args}, separators=(",", ":"),
                      ensure_ascii=False)


def op_classes() -> dict[str, type[Op]]:
    for m in OP_MODULES:
        importlib.import_module(m)
    out: dict[str, type[Op]] = {}
    todo = [Op]
    while todo:
        c = todo.pop()
        for s in c.__subclasses__():
            out[s.__name__] = s
            todo.append(s)
    return out


def _value(x: Any) -> Any:
    """JSON data back into a field's value: lists become tuples, records are rebuilt."""
    if isinstance(x, list):
        return tuple(_value(v) for v in x)
    if isinstance(x, dict) and "$" in x:
        from rigs_helper.rules.dice import Rolls

        cls = {"Rolls": Rolls}[x["$"]]
        return cls(**{k: _value(v) for k, v in x.items() if k != "$"})
    return x


def op_from_json(text: str, ops: dict[str, type[Op]] | None = None) -> Op:
    d = json.loads(text)
    cls = (ops or op_classes())[d["op"]]
    return cls(**{k: _value(v) for k, v in d["args"].items()})
