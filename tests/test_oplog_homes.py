"""An action is one unit (issue 40, point 1): its definition holds its operation class and
its legal-actions function (typed loaders, ``games/rigs/actions/operations.py``), and the log's
name, the class's module and its privacy are derived from it; a replay imports only the
modules of the operations it performs."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from rigs_helper.games.rigs.actions.catalog import DEFS
from rigs_helper.games.rigs.actions.definition import LOADED
from rigs_helper.games.rigs.actions.operations import OTHERS
from rigs_helper.games.rigs.oplog import action_name, definition_of, from_action, op_classes

RULES = Path(__file__).resolve().parents[1] / "rigs_helper" / "games" / "rigs"


def test_every_operation_class_is_known_by_its_definition():
    everything = {name: cls for name, cls in op_classes().items()
                  if cls.__module__.startswith("rigs_helper.")}  # (not a test's own)
    from rigs_helper.games.rigs.actions.definition import unit_of
    from rigs_helper.games.rigs.karma.play import OPS, KarmaPlay

    # a Karma play's family: known as its base's action (issue 40: one class per family;
    # one that waits for its victims is the same class, its ``wait`` set)
    families = set(OPS.values()) - {KarmaPlay}
    bases = {c for c in everything.values() if c.__subclasses__()} - set(LOADED) - families
    assert {c.__name__ for c in bases} == {"DealAnswer"}  # the answers' shared base
    for name, cls in everything.items():
        if cls in bases:
            continue
        path, d, marks = unit_of(cls) if cls in families else LOADED[cls]
        assert d is DEFS.get(path) and (d is not None or path in OTHERS), name
        assert definition_of(cls) is d
        if cls in families:
            assert path == "karma play" and marks == {}, name
    for path, d in DEFS.items():
        assert LOADED[d.operation_class()][:2] == (path, d)
        assert (d.legal is None) == (path in ("next", "adjust"))


def test_an_operation_made_directly_is_named_by_its_definition():
    code = ("from rigs_helper.games.rigs.turns import Done\n"
            "from rigs_helper.games.rigs.oplog import action_name, to_action\n"
            "print(action_name(Done('Ana')), to_action(Done('Ana')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "done ('done', {'name': 'Ana'})"
    waits = from_action("karma play", {"name": "Ana", "title": "Decoy", "wait": True})
    assert action_name(waits) == "karma play" and waits.wait


def test_an_action_replayed_imports_its_module_and_not_every_other():
    code = ("import sys\n"
            "from rigs_helper.games.rigs.oplog import from_action\n"
            "op = from_action('done', {'name': 'Ana'})\n"
            "print(type(op).__name__, 'rigs_helper.games.rigs.karma.play' in sys.modules,"
            " 'rigs_helper.games.rigs.turns' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["Done", "False", "True"]


def test_an_unknown_action_is_a_key_error():
    with pytest.raises(KeyError, match="no such action"):
        from_action("no such action", {})


def test_no_module_named_in_a_string_in_the_rules():
    """No ``"module:Class"`` or ``"rigs_helper...."`` pointer: every operation, legal
    function, Karma effect and phase end is reached by an import a type checker follows."""
    found = []
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            texts = [node.value] if isinstance(node, ast.Constant) and isinstance(
                node.value, str) else []
            if isinstance(node, ast.JoinedStr):
                texts = [v.value for v in node.values if isinstance(v, ast.Constant)]
            found += [f"{path.name}:{node.lineno}" for t in texts
                      if t.startswith("rigs_helper.")]
    assert found == []


@pytest.mark.parametrize("path, actor, words, said", [
    ("done", "Ana", {}, "done Ana"),
    ("roll", "Bo", {"die": "4"}, "roll Bo 4"),
    ("deal accept", "Bo", {"deal": "3"}, "deal accept Bo 3"),
    ("deal withdraw", "Ana", {"deal": "2"}, "deal withdraw Ana 2"),
    ("disaster record", "Bo", {"card": "Ruins", "karma": "Decoy"},
     "disaster record Bo 'Ruins' --karma 'Decoy'"),
    ("disaster record", "Bo", {"card": "Ain't Working for You"},
     "disaster record Bo \"Ain't Working for You\""),
    ("karma discard", "Ana", {"title": "Decoy"}, "karma discard Ana 'Decoy'"),
    ("karma retire", "Ana", {"title": "Parts Shop"}, "karma retire Ana 'Parts Shop'"),
    ("karma swap", "Ana", {"title": "Decoy", "card": "Ruins"},
     "karma swap Ana 'Decoy' --card 'Ruins'"),
    ("vinnie borrow", "Ana", {"resource": "metal"}, "vinnie borrow Ana metal 1"),
    ("survey", "Ana", {"plot": "P7", "card": "3"}, "survey Ana P7 --card 3"),
    ("survey", "Ana", {"plot": "P7"}, "survey Ana P7"),
    ("build", "Ana", {"n": "2", "to": "P7", "harvest": "energy"},
     "build Ana 2 --to P7 --harvest energy"),
    ("build", "Maximiliano de la Cruz", {}, "build 'Maximiliano de la Cruz' 1"),
    ("produce", "Ana", {"power": ["P1", "P3"], "skip": ["P2"]},
     "produce Ana --power P1 --power P3 --skip P2"),
    ("produce", "Ana", {"reset": True}, "produce Ana --reset"),
    # the options in the order the log has always said them (``said_order``)
    ("move", "Ana", {"n": "2", "to": "P7", "from": "P3", "harvest": "metal"},
     "move Ana 2 --to P7 --harvest metal --from P3"),
    ("move", "Ana", {"n": "1", "to": "warehouse"}, "move Ana 1 --to warehouse"),
    # one RIGS lost is not said (``quiet``); each place an item of the same option
    ("lose", "Bo", {"from": "P3"}, "lose Bo --from P3"),
    ("lose", "Bo", {"places": ["P3=2", "warehouse=1"]},
     "lose Bo 3 --from P3=2 --from warehouse=1"),
    ("adjust", "Ana", {"what": "energy", "delta": "-2", "why": "a miscount"},
     "adjust Ana energy -2 --why 'a miscount'"),
    ("adjust", "Ana", {"what": "karma", "delta": "1", "why": "found", "card": ["Decoy"]},
     "adjust Ana karma +1 --why 'found' --card 'Decoy'"),
    ("next", None, {"auto": True, "card": ["Flood"], "roll": ["Bo=3", "4"]},
     "next --auto --card 'Flood' --roll 4 --roll Bo=3"),
    ("karma use", "Ana", {"title": "Parts Shop", "roll": ["5"]},
     "karma use Ana 'Parts Shop' --roll 5"),
    # an answer's "take" names no card: its word, unquoted; a record's "virtual" is quoted
    ("answer", "Bo", {"card": "take it", "drew": ["virtual", "Decoy"], "roll": ["3"]},
     "answer Bo take --drew 'virtual' --drew 'Decoy' --roll 3"),
    ("answer", "Bo", {"card": "Decoy", "to": "Cy", "split": ["Ana=2"]},
     "answer Bo 'Decoy' --to Cy --split Ana=2"),
    ("vinnie repay", "Ana", {"resource": "energy", "n": "all"}, "vinnie repay Ana energy all"),
    ("sell", "Ana", {"n": "2"}, "sell Ana 2"),
    # items KEY=N read from a field of pairs (``FIELD:KEY``); what comes back after one --for
    ("give", "Ana", {"to": "Bo", "credits": "3", "metal": "2", "plot": ["P7"],
                     "for_energy": "1", "for_plot": ["P9"]},
     "give Ana Bo credits=3 metal=2 P7 --for energy=1 P9"),
    ("give", "Ana", {"to": "Bo", "rigs": "1"}, "give Ana Bo rigs=1"),
    ("deal propose", "Ana", {"to": "Bo", "energy": "2", "for_credits": "10"},
     "deal propose Ana Bo energy=2 --for credits=10"),
    ("settle", "Ana", {"energy": "2", "metal": "1"}, "settle Ana energy=2 metal=1"),
    # a Karma play, each family's: every value quoted but the amounts (``quoted``), the
    # waiting play's --wait
    ("karma play", "Ana", {"title": "I WANT THAT!", "target": ["Bo"], "resource": ["metal"],
                           "wait": True},
     "karma play Ana 'I WANT THAT!' --target 'Bo' --resource 'metal' --wait"),
    ("karma play", "Ana", {"title": "Ruins", "take": ["energy=2"], "roll": ["4"]},
     "karma play Ana 'Ruins' --take energy=2 --roll 4"),
    ("karma play", "Ana", {"title": "Rough Storm", "drew": ["Bo=Decoy"],
                           "answer": ["Bo=Decoy"]},
     "karma play Ana 'Rough Storm' --answer 'Bo=Decoy' --drew 'Bo=Decoy'"),
])
def test_an_action_whose_words_are_its_parameters_is_said_by_its_definition(
        path, actor, words, said):
    from rigs_helper.games.rigs.actions.catalog import build_action
    from rigs_helper.games.rigs.engine import Op

    op = build_action(path, actor, words)
    assert type(op).describe is Op.describe  # no describe written by hand
    assert op.describe() == said


@pytest.mark.parametrize("path, actions, said", [
    ("sell", [("Ana", {"n": "2"}), ("Bo", {"n": "all"})], "sell Ana 2 Bo all"),
    ("vinnie repay", [("Ana", {"resource": "energy", "n": "2"}),
                      ("Ana", {"resource": "metal", "n": "all"})],
     "vinnie repay Ana energy=2 metal=all"),
])
def test_several_actions_in_one_command_are_said_by_their_definition(path, actions, said):
    from rigs_helper.games.rigs.actions.definition import build_several
    from rigs_helper.games.rigs.engine import Op

    op = build_several(DEFS[path], actions)
    assert type(op).describe is Op.describe
    assert op.describe() == said


def test_a_describe_written_by_hand_says_why():
    """No ``describe()`` by hand for an action whose words are its parameters (issue 40):
    each one left says, just above it, why its words are not its parameters'."""
    unexplained = []
    for path in sorted(RULES.rglob("*.py")):
        lines = path.read_text().splitlines()
        for i, line in enumerate(lines):
            if line.strip().startswith("def describe(") and "games/rigs/engine.py" not in \
                    path.as_posix():
                above = "\n".join(lines[max(0, i - 3):i])
                if "(by hand:" not in above and "(by hand until" not in above:
                    unexplained.append(f"{path.name}:{i + 1}")
    assert unexplained == []


def test_every_parameter_said_is_a_field_of_its_operation():
    """The words are read from the operation's fields by the definition's names (``field``,
    ``FIELD:KEY``): each names a field its operation has (a Karma play's: one of its
    families', or an answer), so no word is dropped by a misspelt name."""
    from dataclasses import fields

    from rigs_helper.games.rigs.engine import Op
    from rigs_helper.games.rigs.karma.play import OPS

    missing = []
    for path, d in DEFS.items():
        if d.operation_class().describe is not Op.describe:
            continue  # (its words by hand, saying why)
        classes = [d.operation_class(), *(OPS.values() if path == "karma play" else ())]
        for p in d.params:
            if p.field is None or not p.typed:
                continue
            name = (p.field or p.name).partition(":")[0]
            if not any(name in {f.name for f in fields(c)} or hasattr(c, name)
                       for c in classes):
                missing.append(f"{path}: {p.name} -> {name}")
    assert missing == []
