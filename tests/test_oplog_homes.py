"""A replay imports only the modules of the operations it performs: rules/oplog.py's
``HOMES`` names where each operation class lives, and must name every one."""

import subprocess
import sys

import pytest

from rigs_helper.rules.oplog import ACTIONS, HOMES, from_action, op_class, op_classes


def test_homes_name_every_operation_class_and_its_module():
    everything = {name: cls for name, cls in op_classes().items()
                  if cls.__module__.startswith("rigs_helper.")}  # (not a test's own)
    assert set(HOMES) == set(everything)
    for name, cls in everything.items():
        assert op_class(name) is cls
        assert cls.__module__ == HOMES[name]
    assert set(ACTIONS) <= set(HOMES)


def test_an_action_replayed_imports_its_module_and_not_every_other():
    code = ("import sys\n"
            "from rigs_helper.rules.oplog import from_action\n"
            "op = from_action('done', {'name': 'Ana'})\n"
            "print(type(op).__name__, 'rigs_helper.rules.karma.play' in sys.modules,"
            " 'rigs_helper.rules.turns' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["Done", "False", "True"]


def test_an_unknown_action_is_a_key_error():
    with pytest.raises(KeyError, match="no such action"):
        from_action("no such action", {})
