"""The package's folders are its layers; imports only point inwards.

- ``rules/`` is the pure core: it imports nothing from ``store/``, ``cli/``, ``forecast/``
  or ``web/``, and no module that touches files, processes or the network.
- ``store/`` (files) may import ``rules/`` but never ``cli/``, ``forecast/`` or ``web/``.
- ``forecast/`` (pure, like the core) may import ``rules/`` only.
- ``game/``, the game protocol, imports no game: neither R.I.G.S. (``rules/``) nor
  ``games/``; ``games/rig/`` (RIG, the second game) is pure like the core and imports
  nothing of R.I.G.S. but what any game uses and ``rules/`` still holds (:data:`GENERIC`);
  R.I.G.S. (``rules/``) imports nothing of ``games/``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[1] / "rigs_helper"
IO_MODULES = {"os", "io", "sys", "pathlib", "shutil", "tempfile", "subprocess", "socket",
              "http", "urllib", "fcntl", "msvcrt", "signal", "threading", "asyncio"}
#: what any game uses and rules/ still holds until it splits (issue 40, point 6)
GENERIC = {"rigs_helper.rules.errors", "rigs_helper.rules.rng"}
FORBIDDEN = {
    "rules": {"rigs_helper.store", "rigs_helper.cli", "rigs_helper.forecast",
              "rigs_helper.web", "rigs_helper.games"} | IO_MODULES,
    "game": {"rigs_helper.rules", "rigs_helper.games", "rigs_helper.store", "rigs_helper.cli",
             "rigs_helper.forecast", "rigs_helper.web"} | IO_MODULES,
    "games/rig": {"rigs_helper.rules", "rigs_helper.games.rigs", "rigs_helper.store",
                  "rigs_helper.cli", "rigs_helper.forecast", "rigs_helper.web"} | IO_MODULES,
    "forecast": {"rigs_helper.store", "rigs_helper.cli", "rigs_helper.web"} | IO_MODULES,
    "store": {"rigs_helper.cli", "rigs_helper.forecast", "rigs_helper.web"},
}


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports (at any depth: lazy imports inside functions count)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            if node.module == "rigs_helper":  # `from rigs_helper import store`
                found += [(node.lineno, f"rigs_helper.{a.name}") for a in node.names]
    return found


def wrong_way(layer: str, path: Path) -> list[str]:
    bad = []
    for line, module in imports_of(path):
        if layer == "games/rig" and module in GENERIC:
            continue
        for banned in FORBIDDEN[layer]:
            if module == banned or module.startswith(banned + "."):
                bad.append(f"{path.relative_to(PKG.parent)}:{line} imports {module}")
    return bad


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_imports_point_inwards(layer):
    files = sorted((PKG / layer).rglob("*.py"))
    if layer in ("rules", "store", "game", "games/rig"):
        assert files, f"rigs_helper/{layer}/ is missing"
    problems = [p for f in files for p in wrong_way(layer, f)]
    assert problems == []


def test_layering_check_catches_a_wrong_way_import(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from rigs_helper.store.session import load\n    import os\n")
    found = [m for _, m in imports_of(bad)]
    assert found == ["rigs_helper.store.session", "os"]
    problems = []
    for _, module in imports_of(bad):
        problems += [b for b in FORBIDDEN["rules"] if module == b or module.startswith(b + ".")]
    assert sorted(problems) == ["os", "rigs_helper.store"]


def test_no_module_left_at_the_top_of_the_package():
    """Everything but the entry points lives in a layer's folder."""
    top = sorted(p.name for p in PKG.glob("*.py"))
    assert top == ["__init__.py", "__main__.py"]


def test_every_package_folder_is_installed():
    """pyproject.toml lists the packages a plain `pip install .` ships: a new folder of
    modules missing from that list works in a checkout and fails once installed."""
    import tomllib

    listed = set(tomllib.loads((PKG.parent / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    folders = {".".join(p.parent.relative_to(PKG.parent).parts)
               for p in PKG.rglob("__init__.py")}
    assert folders - listed == set()


def test_typer_commands_keep_real_annotations():
    """A module that defines Typer commands has no ``from __future__ import annotations``:
    Typer reads every parameter's annotation, and string annotations are compiled and
    evaluated again at each start-up (README: Habits)."""
    offenders = []
    for path in sorted((PKG / "cli").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if ".command(" in text and "from __future__ import annotations" in text:
            offenders.append(path.name)
    assert offenders == []


def test_no_module_is_over_450_lines_unless_it_says_why():
    """One idea per module: a module past 450 lines says in its docstring why it is one."""
    long = []
    for path in sorted(PKG.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        doc = ast.get_docstring(ast.parse(text)) or ""
        if text.count("\n") > 450 and "one idea" not in doc:
            long.append(f"{path.relative_to(PKG)} ({text.count(chr(10))} lines)")
    assert long == []


def test_no_test_module_imports_another():
    """What several test modules share lives in helper modules (tests/gameplay.py,
    tests/clihelp.py, ...): a test module imported by another runs its tests' set-up twice
    and ties the two together."""
    tests = Path(__file__).resolve().parent
    wrong = [f"{f.name}:{line} imports {name}" for f in sorted(tests.glob("test_*.py"))
             for line, name in imports_of(f) if name.split(".")[0].startswith("test_")]
    assert wrong == []
