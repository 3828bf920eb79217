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
#: what any game uses and rules/ still holds until it splits (issue 40, point 6): the
#: errors, the seeded generator, a value quoted as a shell word, checks of written TOML
GENERIC = {"rigs_helper.rules.errors", "rigs_helper.rules.rng", "rigs_helper.rules.text",
           "rigs_helper.rules.checker"}
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


#: the generic parts: they serve any game, through the game object the registration
#: (``rigs_helper.games.get``) gives for a file's ``game =`` key
#: (the registration, ``games/__init__.py``, is the one place that names each game's package)
GENERIC_PARTS = ("game/protocol.py", "game/play.py", "store/gamestore.py", "store/gamekind.py", "store/files.py",
                 "store/lock.py", "store/backups.py", "cli/protocolgame.py")
#: each game's own interface (its commands and pages), which may import the game itself
OWN_INTERFACE = {"rigs_helper.games.rig": ("cli/rig.py", "web/rigpages.py")}


def game_only(module: str) -> bool:
    """A module of one game: R.I.G.S.'s rules (but what any game uses), a game's own
    package below the registration, or a game's own interface."""
    own = {f"rigs_helper.{f[:-3].replace('/', '.')}" for fs in OWN_INTERFACE.values()
           for f in fs}
    return (module.startswith("rigs_helper.rules") and module not in GENERIC) or \
        module.startswith("rigs_helper.games.") or module in own


def test_the_generic_parts_reach_a_game_only_through_its_registration():
    """The shared commands' store, the protocol and the generic CLI import no module of
    one game (R.I.G.S.'s rules, RIG's package, either's commands or pages): the game
    object the registration gives is all they see (issue 40, point 6)."""
    bad = [f"{f}:{line} imports {m}" for f in GENERIC_PARTS
           for line, m in imports_of(PKG / f) if game_only(m)]
    assert bad == []


def test_a_game_is_imported_by_its_registration_and_its_own_interface_alone():
    """Outside ``games/`` only a game's own commands and pages import its package (RIG's
    ``cli/rig.py``, ``web/rigpages.py``); everything else asks the registration.  No
    module outside ``games/`` imports R.I.G.S.'s adapter either."""
    bad = []
    for f in sorted(PKG.rglob("*.py")):
        rel = f.relative_to(PKG).as_posix()
        if rel.startswith("games/"):
            continue
        for line, m in imports_of(f):
            for game, own in OWN_INTERFACE.items():
                if (m == game or m.startswith(game + ".")) and rel not in own:
                    bad.append(f"{rel}:{line} imports {m}")
            if m == "rigs_helper.games.rigs":
                bad.append(f"{rel}:{line} imports {m}")
    assert bad == []


def test_the_generic_check_catches_a_game_module(tmp_path):
    assert game_only("rigs_helper.games.rigs.state") and game_only("rigs_helper.games.rig.views")
    assert game_only("rigs_helper.cli.rig") and game_only("rigs_helper.games.rigs")
    assert not game_only("rigs_helper.rules.errors") and not game_only("rigs_helper.games")
    assert not game_only("rigs_helper.game.protocol")


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
