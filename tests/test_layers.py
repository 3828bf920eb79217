"""The package's folders are its layers; imports only point inwards (issue 40, point 6:
the layers and the game protocol, drawn in docs/developers.md).

- ``rules/`` is the generic core, what any game uses (errors, the seeded generator, records,
  generic kinds of words, a player's name as typed, groups): it imports no game
  (``games/``), no protocol (``game/``), nothing from ``store/``, ``cli/``, ``forecast/`` or
  ``web/``, and no module that touches files, processes or the network.
- ``game/``, the game protocol, imports no game and nothing above it: ``rules/`` at most.
- ``games/rigs/`` (R.I.G.S., the first game) and ``games/rig/`` (RIG, the second) are pure
  like the core and import neither the other (R.I.G.S.'s state codec, ``games/rigs/codec.py``,
  with its pieces, is the game's own); R.I.G.S.'s game object loads its tables from
  ``store/`` (:data:`EXCEPTIONS`).
- ``store/`` (files) may import ``rules/`` and a game but never ``cli/``, ``forecast/`` or
  ``web/``.
- ``forecast/`` (R.I.G.S.'s forecaster, pure like the core) imports no file layer.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest
from sourcetree import parsed

PKG = Path(__file__).resolve().parents[1] / "rigs_helper"
IO_MODULES = {"os", "io", "sys", "pathlib", "shutil", "tempfile", "subprocess", "socket",
              "http", "urllib", "fcntl", "msvcrt", "signal", "threading", "asyncio"}
ABOVE = {"rigs_helper.store", "rigs_helper.cli", "rigs_helper.forecast", "rigs_helper.web"}
FORBIDDEN = {
    "rules": ABOVE | {"rigs_helper.game", "rigs_helper.games"} | IO_MODULES,
    "game": ABOVE | {"rigs_helper.games"} | IO_MODULES,
    "games/rig": ABOVE | {"rigs_helper.games.rigs"} | IO_MODULES,
    "games/rigs": ABOVE | {"rigs_helper.games.rig"} | IO_MODULES,
    "forecast": {"rigs_helper.store", "rigs_helper.cli", "rigs_helper.web"} | IO_MODULES,
    "store": {"rigs_helper.cli", "rigs_helper.forecast", "rigs_helper.web"},
}
#: the imports against the layers that remain, each with its reason
EXCEPTIONS = {
    ("games/rigs/game.py", "rigs_helper.store.tablefiles"):
        "R.I.G.S.'s cards and numbers are TOML files (tables/), loaded and memoised by the "
        "store; the game object asks for them when a part needs them",
}


#: every module of the package, by its dotted name
MODULES = {".".join(p.relative_to(PKG.parent).with_suffix("").parts) for p in PKG.rglob("*.py")}


@functools.lru_cache(maxsize=None)
def imports_of(path: Path) -> tuple[tuple[int, str], ...]:
    """Every module a file imports (at any depth: lazy imports inside functions count;
    ``from rigs_helper.store import session`` imports ``rigs_helper.store`` and
    ``rigs_helper.store.session``)."""
    tree = parsed(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
            subs = [f"{node.module}.{a.name}" for a in node.names]
            found += [(node.lineno, s) for s in subs
                      if s in MODULES or node.module == "rigs_helper"]  # (a package too)
    return tuple(found)  # (kept: read only)


def wrong_way(layer: str, path: Path) -> list[str]:
    bad = []
    rel = path.relative_to(PKG).as_posix()
    for line, module in imports_of(path):
        if (rel, module) in EXCEPTIONS:
            continue
        for banned in FORBIDDEN[layer]:
            if module == banned or module.startswith(banned + "."):
                bad.append(f"{path.relative_to(PKG.parent)}:{line} imports {module}")
    return bad


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_imports_point_inwards(layer):
    files = sorted((PKG / layer).rglob("*.py"))
    if layer in ("rules", "store", "game", "games/rig", "games/rigs"):
        assert files, f"rigs_helper/{layer}/ is missing"
    problems = [p for f in files for p in wrong_way(layer, f)]
    assert problems == []


#: the generic parts: they serve any game, through the game object the registration
#: (``rigs_helper.games.get``) gives for a file's ``game =`` key, or the game's pages
#: ``web/sites.py`` gives (the registrations, ``games/__init__.py`` and
#: ``web/sites.py``, are the places that name each game's package and pages)
GENERIC_PARTS = ("game/protocol.py", "game/play.py", "store/gamestore.py", "store/gamekind.py",
                 "store/files.py", "store/lock.py", "store/backups.py", "store/historydb.py",
                 "store/historypast.py", "store/historyplay.py", "cli/protocolgame.py",
                 "cli/completion.py", "cli/render.py", "cli/base.py",
                 "cli/serve.py", "web/server.py", "web/slots.py", "store/doctor.py")
#: modules that serve every game and still hold some of R.I.G.S.'s own (imported when
#: those parts run): a generic part may import them; each with what is R.I.G.S.'s in it
#: (cli/base.py, cli/render.py, store/historyplay.py, cli/serve.py and web/server.py were
#: split into generic parts and R.I.G.S.'s own)
MIXED: dict[str, str] = {
    "cli/history.py": "`rigs history` for every game; its group figures and BG Stats file "
                      "come from R.I.G.S.'s forecaster (forecast/groupstats.py, bgstats.py) "
                      "and `history add` scores a R.I.G.S. sheet (cli/keep.py)",
}
_RIGS_FILE = ("R.I.G.S.'s game file: read and written with the game's state codec "
              "(games/rigs/codec.py), its history split off, its tables loaded")
_RIGS_LOG = ("R.I.G.S.'s log, performed (session), replayed (timeline), audited (audit, "
             "histcheck), migrated from version 1 (migrate1), its entry kinds (gamelog); "
             "RIG's log goes through store/gamestore.py")
_RIGS_SCORE = ("R.I.G.S.'s score sheet and its games and sheets as the group history keeps "
               "them, with the figures from its log (historyrigs)")
_RIGS_CLI = ("R.I.G.S.'s own commands: they print its rules' words (the shared status, log "
             "and undo of any other game: cli/protocolgame.py)")
_RIGS_WEB = "R.I.G.S.'s own pages: the board, a player's phone, the forms of its actions"
#: each game's own interface in the layers' folders, which may import the game itself, each
#: with its reason: RIG's commands and pages; R.I.G.S.'s commands, pages, game file and log,
#: which came before the protocol and still import its modules (the exceptions that remain:
#: a module routed through the game object leaves the list, and one listed must still
#: import the game)
OWN_INTERFACE: dict[str, dict[str, str]] = {
    "rigs_helper.games.rig": {"cli/rig.py": "RIG's commands", "web/rigpages.py": "RIG's pages"},
    "rigs_helper.games.rigs": {
        **dict.fromkeys(("store/gamefile.py", "store/rewind.py", "store/records.py", "store/tablefiles.py",
                         "store/checkup.py"), _RIGS_FILE),
        "store/fileproblems.py": "a R.I.G.S. game file's every problem (game_problems: its "
                                 "codec and checks; log_problems: its history)",
        **dict.fromkeys(("store/session.py", "store/timeline.py", "store/audit.py",
                         "store/histcheck.py", "store/migrate1.py", "store/gamelog.py"),
                        _RIGS_LOG),
        **dict.fromkeys(("store/scorefile.py", "store/sheet.py", "store/historyrigs.py"),
                        _RIGS_SCORE),
        **dict.fromkeys(("cli/actions.py", "cli/rigscli.py", "cli/books.py", "cli/cards.py",
                         "cli/decks.py", "cli/forecast.py", "cli/game.py",
                         "cli/legalhints.py", "cli/pilecheck.py", "cli/rigsrender.py",
                         "cli/shell.py", "cli/status.py", "cli/vinnie.py", "cli/waits.py"),
                        _RIGS_CLI),
        **dict.fromkeys(("web/acting.py", "web/leader.py", "web/pages.py", "web/player.py",
                         "web/words.py"), _RIGS_WEB),
    },
}
#: folders that are one game's own: R.I.G.S.'s forecaster (its rules' odds and standings)
OWN_FOLDERS = {"forecast/": "rigs_helper.games.rigs"}
#: the game object of each game, which only the registration imports
GAME_OBJECTS = ("rigs_helper.games.rigs.game", "rigs_helper.games.rig.game")


def game_of(module: str) -> str | None:
    """The game package ``module`` belongs to (None: a generic module or the registration)."""
    for game in OWN_INTERFACE:
        if module == game or module.startswith(game + "."):
            return game
    return None


def game_only(module: str) -> bool:
    """A module of one game: a game's own package below the registration, a game's own
    interface (its commands and pages) but a mixed one (:data:`MIXED`), or a module of a
    game's own folder (:data:`OWN_FOLDERS`: R.I.G.S.'s forecaster)."""
    own = {f"rigs_helper.{f[:-3].replace('/', '.')}" for fs in OWN_INTERFACE.values()
           for f in fs if f not in MIXED}
    folders = tuple(f"rigs_helper.{f[:-1].replace('/', '.')}." for f in OWN_FOLDERS)
    return game_of(module) is not None or module in own or module.startswith(folders)


def test_the_generic_parts_reach_a_game_only_through_its_registration():
    """The shared commands' store, the protocol and the generic CLI import no module of
    one game (R.I.G.S.'s or RIG's package, either's commands or pages): the game object
    the registration gives is all they see (issue 40, point 6)."""
    bad = [f"{f}:{line} imports {m}" for f in GENERIC_PARTS
           for line, m in imports_of(PKG / f) if game_only(m)]
    assert bad == []


def test_a_game_is_imported_by_its_registration_and_its_own_interface_alone():
    """Outside ``games/`` only a game's own interface (:data:`OWN_INTERFACE`, each module
    with its reason) imports its package; everything else asks the registration.  No
    module outside ``games/`` imports a game object either."""
    bad = []
    for f in sorted(PKG.rglob("*.py")):
        rel = f.relative_to(PKG).as_posix()
        if rel.startswith("games/"):
            continue
        for line, m in imports_of(f):
            game = game_of(m)
            own = game is not None and (rel in OWN_INTERFACE[game] or any(
                rel.startswith(d) and g == game for d, g in OWN_FOLDERS.items()))
            if (game is not None and not own) or m in GAME_OBJECTS:
                bad.append(f"{rel}:{line} imports {m}")
    assert bad == []


def test_each_exception_listed_still_holds():
    """The lists of exceptions shrink as modules are routed through the game object: each
    module listed as a game's own still imports that game, each exception to the layers
    is still taken, and no generic part is listed as a game's own."""
    stale = [f"{rel} no longer imports {game}" for game, own in OWN_INTERFACE.items()
             for rel in own if not any(game_of(m) == game for _, m in imports_of(PKG / rel))]
    stale += [f"{rel} no longer imports {m}" for rel, m in EXCEPTIONS
              if m not in {x for _, x in imports_of(PKG / rel)}]
    stale += [f"{rel} is generic and a game's own" for rel in GENERIC_PARTS
              if any(rel in own for own in OWN_INTERFACE.values())]
    assert stale == []


def test_rigs_words_read_the_generic_kinds_with_the_generic_readers():
    """R.I.G.S.'s reader of words (games/rigs/words.py) adds its own kinds to what any game
    reads (rules/kinds.py) and reads those with the same functions."""
    from rigs_helper.games.rigs.words import KINDS
    from rigs_helper.rules.kinds import GENERIC_KINDS

    assert {k: KINDS[k] for k in GENERIC_KINDS} == GENERIC_KINDS
    assert {"plot", "place", "resource", "good"} <= set(KINDS) - set(GENERIC_KINDS)


def test_the_generic_check_catches_a_game_module(tmp_path):
    assert game_only("rigs_helper.games.rigs.state") and game_only("rigs_helper.games.rig.views")
    assert game_only("rigs_helper.cli.rig") and game_only("rigs_helper.games.rigs")
    assert game_only("rigs_helper.web.player") and not game_only("rigs_helper.cli.protocolgame")
    assert not game_only("rigs_helper.rules.errors") and not game_only("rigs_helper.games")
    assert not game_only("rigs_helper.game.protocol") and not game_only("rigs_helper.rules.kinds")


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
        # (the docstring read only of a long module: a short one passes whatever it says)
        if text.count("\n") > 450 and "one idea" not in (ast.get_docstring(parsed(path)) or ""):
            long.append(f"{path.relative_to(PKG)} ({text.count(chr(10))} lines)")
    assert long == []


def test_no_test_module_imports_another():
    """What several test modules share lives in helper modules (tests/gameplay.py,
    tests/clihelp.py, ...): a test module imported by another runs its tests' set-up twice
    and ties the two together."""
    tests = Path(__file__).resolve().parent
    # (parsed only where an import line names a test_ module: no other can import one)
    near = re.compile(r"\b(?:import|from)\b[^\n]*\btest_")
    wrong = [f"{f.name}:{line} imports {name}" for f in sorted(tests.glob("test_*.py"))
             if near.search(f.read_text(encoding="utf-8"))
             for line, name in imports_of(f) if name.split(".")[0].startswith("test_")]
    assert wrong == []
