"""The rules' records are plain standard library dataclasses (issue 40, point 5): frozen,
equal and hashed by their fields, copied and pickled as any dataclass."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from rigs_helper.games.rigs.actions.placement import Build
from rigs_helper.games.rigs.dice import Rolls
from rigs_helper.games.rigs.state import Plot


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


def test_records_and_operations_have_slots():
    """A state record and every operation of the catalog (each Karma family's too) are
    slotted frozen dataclasses with one base (an operation's methods call the base's by
    name, not ``super()``): a Karma play that waits for its victims is its family's
    operation with ``wait`` set, no class of its own (issue 40, points 3 and 5)."""
    from rigs_helper.games.rigs.actions.catalog import everything
    from rigs_helper.games.rigs.engine import Op

    assert "__slots__" in vars(Plot) and not hasattr(Plot("P1", "plains"), "__dict__")
    assert "__slots__" in vars(Build) and not hasattr(Build("Ana"), "__dict__")
    assert Build("Ana") == Build("Ana", 1) and Build("Ana") != Build("Bo")
    ops = everything()
    assert len(ops) >= 40 and {"KarmaPlay", "PlayOnVictims", "Answer"} <= set(ops)
    for name, cls in ops.items():  # (every base between it and Op is one of them)
        assert issubclass(cls, Op) and len(cls.__bases__) == 1, name
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, name
        assert "__slots__" in vars(cls), name
    assert not [n for n in ops if n.endswith("Wait")]


def test_every_operation_copies_pickles_and_replaces(tables):
    """Each operation class (a waiting play's too): pickled, copied and replaced equal, and
    its ``check`` (the base's called by name) still runs."""
    from rigs_helper.games.rigs.actions.catalog import everything
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.games.rigs.setup import new_game

    game = new_game(["Ana", "Bo"], 7, tables).game
    made = 0
    for name, cls in everything().items():
        try:
            op = cls(**{f.name: "Ana" if f.name == "name" else None
                        for f in dataclasses.fields(cls)
                        if f.default is dataclasses.MISSING
                        and f.default_factory is dataclasses.MISSING})
        except (TypeError, ValueError, AttributeError):
            continue  # (a record that checks its fields as it is made)
        assert pickle.loads(pickle.dumps(op)) == op, name
        assert copy.copy(op) == op and copy.deepcopy(op) == op, name
        assert dataclasses.replace(op) == op, name
        made += 1
        try:
            op.check(game, tables)
        except (RigsError, AttributeError, KeyError, ValueError):
            pass  # refused or malformed: what matters is that no base call failed
        except TypeError as e:  # (a slotted class's super() fails with a TypeError)
            assert "super(" not in str(e), (name, e)
    assert made >= 40


def test_no_record_is_made_by_the_old_helpers():
    """Every record is written as ``@dataclass(frozen=True, ...)``: none is made with
    a ``record`` decorator or derives from a ``Frozen`` base (the hand-made machinery
    the rules had before; convert such a class to a plain frozen dataclass)."""
    import ast
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "rigs_helper"
    # (parsed only where the text names a ``record`` decorator or a ``Frozen`` base: a
    # class made either way must, so no offender is skipped; a parse of every file was
    # most of this test's time)
    near = re.compile(r"@[\s(]*record\b|\bFrozen\b")
    old = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if not near.search(text):
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                names = [getattr(d.func if isinstance(d, ast.Call) else d, "id", "")
                         for d in node.decorator_list]
                bases = [getattr(b, "id", "") for b in node.bases]
                if "record" in names or "Frozen" in bases:
                    old.append(f"{path.relative_to(root)}:{node.name}")
    assert old == []


def test_the_catalog_of_operations_holds_only_the_games_own_classes():
    """A class made elsewhere in the process (here, a test's subclass of ``Op``) is no
    action of the game: a version-1 file's class names find only the game's operations."""
    from rigs_helper.games.rigs.actions.catalog import everything
    from rigs_helper.games.rigs.engine import Op

    class Build(Op):  # the name of a real operation, made outside the game
        pass

    found = everything()
    assert found["Build"] is not Build and found["Build"].__module__.startswith("rigs_helper.")
    assert all(c.__module__.startswith("rigs_helper.") for c in found.values())
