"""The rules' records are plain standard library dataclasses (issue 40, point 5): frozen,
equal and hashed by their fields, copied and pickled as any dataclass."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from rigs_helper.rules.actions.placement import Build
from rigs_helper.rules.dice import Rolls
from rigs_helper.rules.state import Plot


@pytest.mark.parametrize("rec", [Plot("P7", "plains", 3, 2, "energy"), Rolls((4, 2)),
                                 Build("Ana", 2, "P7", "energy")])
def test_records_are_frozen_dataclasses(rec):
    assert dataclasses.is_dataclass(rec)
    assert type(rec).__dataclass_params__.frozen
    first = dataclasses.fields(rec)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rec, first, None)
    again = dataclasses.replace(rec)
    assert again == rec and hash(again) == hash(rec) and again is not rec
    assert pickle.loads(pickle.dumps(rec)) == rec
    assert copy.deepcopy(rec) == rec
    other = dataclasses.replace(rec, **{first: "x"})
    assert other != rec
    assert repr(rec).startswith(type(rec).__name__ + "(")


def test_state_records_have_slots_operations_do_not():
    """A state record is slotted; an operation is not (its methods call ``super()``)."""
    assert "__slots__" in vars(Plot) and not hasattr(Plot("P1", "plains"), "__dict__")
    assert hasattr(Build("Ana"), "__dict__")
    assert Build("Ana") == Build("Ana", 1) and Build("Ana") != Build("Bo")


def test_no_record_is_made_by_the_old_helpers():
    """Every record is written as ``@dataclass(frozen=True, ...)``: none is made with
    a ``record`` decorator or derives from a ``Frozen`` base (the hand-made machinery
    the rules had before; convert such a class to a plain frozen dataclass)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "rigs_helper"
    old = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = [getattr(d.func if isinstance(d, ast.Call) else d, "id", "")
                         for d in node.decorator_list]
                bases = [getattr(b, "id", "") for b in node.bases]
                if "record" in names or "Frozen" in bases:
                    old.append(f"{path.relative_to(root)}:{node.name}")
    assert old == []
