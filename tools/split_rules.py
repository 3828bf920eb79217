#!/usr/bin/env python3
"""Split ``rigs_helper/rules/`` into the generic core and R.I.G.S.'s own package (issue 40,
point 6).  Re-runnable: run it from anywhere in the repository, on any tree, as often as
you like; a second run changes nothing.

    python tools/split_rules.py          # move and rewrite
    python tools/split_rules.py --check  # exit 1 (naming what) if a run would change anything

What it does, by rule (nothing listed module by module but what stays):

1. ``rigs_helper/games/rigs.py`` (R.I.G.S.'s game object) becomes
   ``rigs_helper/games/rigs/game.py``, beside RIG's ``games/rig/game.py``.
2. Every file under ``rigs_helper/rules/`` that is not in :data:`KEEP` (the generic core:
   what any game uses) moves, with ``git mv``, to the same place under
   ``rigs_helper/games/rigs/`` (a new module in ``rules/`` made by anyone moves too; add
   it to :data:`KEEP` if any game can use it).
3. Every tracked text file of the package, the tests, the benchmarks, the docs and the
   top-level notes is rewritten: ``rigs_helper.rules.X`` -> ``rigs_helper.games.rigs.X``,
   ``from rigs_helper.rules import X`` -> ``from rigs_helper.games.rigs import X``,
   ``rules/X`` and ``rigs_helper/rules/X`` -> ``games/rigs/X`` (paths in comments and
   docs), ``rules.X`` -> ``games.rigs.X`` (dotted names in prose), for each ``X`` that is
   no longer under ``rules/`` but is under ``games/rigs/``; imports of the game object
   follow it to ``games/rigs/game.py``; ``pyproject.toml`` lists the new packages.

A ``from rigs_helper.rules import a, b`` naming both a kept and a moved module is not
rewritten: the script names it and exits 1 (split it by hand, run again).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "rigs_helper"
RULES = PKG / "rules"
RIGS = PKG / "games" / "rigs"

#: the generic core, what any game uses, which stays in ``rules/``: the errors, the seeded
#: generator, the walk over frozen records, a value quoted as a shell word, the checks of
#: written TOML, a number typed by a person, the group a game's history belongs to; and
#: two modules split by hand from R.I.G.S.'s after the first run: the readers of generic
#: kinds of words (``kinds.py``, from ``words.py``) and a player's name as typed
#: (``players.py``, from ``names.py``)
KEEP = {"__init__.py", "errors.py", "rng.py", "records.py", "text.py", "checker.py",
        "numbers.py", "groups.py", "kinds.py", "players.py"}

#: the rewritten files: tracked, text, in these places (the fixtures are game files and a
#: command's output, left as they are, but the scripts that make them)
SUFFIXES = (".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".sh", ".html", ".j2")
PLACES = ("rigs_helper/", "tests/", "benchmarks/", "docs/", "tools/", ".ci/")
SKIP = ("tools/split_rules.py", "tools/move_codec.py")  # (they name the old modules)


def rewritten(f: str) -> bool:
    return (f.endswith(SUFFIXES) and f.startswith(PLACES) and not f.startswith(SKIP)
            and (not f.startswith("tests/fixtures/") or f.endswith(".py")))

INIT_DOC = ('"""R.I.G.S., the first game: its rules (the records, operations, phases, Karma,\n'
            "legal list, words and views that are R.I.G.S.'s alone) and its game object\n"
            "(``game.py``, what the generic parts see).  What any game uses stays in\n"
            '``rigs_helper/rules/``.  No I/O (but the game object, which loads the tables)."""\n')


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def tracked(prefix: str) -> list[str]:
    return [p for p in git("ls-files", "-z", "--", prefix).split("\0") if p]


def moves(check: bool) -> list[str]:
    """Move the files; the list of what moved (or would)."""
    done = []
    adapter = PKG / "games" / "rigs.py"
    if adapter.exists():
        done.append("rigs_helper/games/rigs.py -> rigs_helper/games/rigs/game.py")
        if not check:
            RIGS.mkdir(parents=True, exist_ok=True)
            git("mv", str(adapter.relative_to(ROOT)), str((RIGS / "game.py").relative_to(ROOT)))
    for rel in tracked("rigs_helper/rules"):
        inner = Path(rel).relative_to("rigs_helper/rules")
        if len(inner.parts) == 1 and inner.name in KEEP:
            continue
        target = RIGS / inner
        if target.exists():
            sys.exit(f"split_rules: both {rel} and {target.relative_to(ROOT)} exist: "
                     "merge them by hand, then run again")
        done.append(f"{rel} -> {target.relative_to(ROOT)}")
        if not check:
            target.parent.mkdir(parents=True, exist_ok=True)
            git("mv", rel, str(target.relative_to(ROOT)))
    init = RIGS / "__init__.py"
    if not init.exists() and (done or RIGS.exists()):
        done.append("(new) -> rigs_helper/games/rigs/__init__.py")
        if not check:
            init.write_text(INIT_DOC, encoding="utf-8")
            git("add", str(init.relative_to(ROOT)))
    if not check:  # folders the moves emptied (caches only)
        for d in sorted(RULES.rglob("*"), key=lambda p: -len(p.parts)):
            if d.is_dir() and d.name == "__pycache__":
                for f in d.iterdir():
                    f.unlink()
                d.rmdir()
            elif d.is_dir() and not any(d.iterdir()):
                d.rmdir()
    return done


def moved_names(check: bool, planned: list[str]) -> set[str]:
    """The top-level names (module or package) that left ``rules/`` for ``games/rigs/``."""
    names = set()
    for base in ([RIGS] if RIGS.exists() else []):
        for p in base.iterdir():
            stem = p.stem if p.suffix == ".py" else p.name
            if p.name not in ("__init__.py", "game.py", "__pycache__"):
                names.add(stem)
    for line in planned:  # (a --check run: what would move)
        src = line.split(" -> ")[0]
        if src.startswith("rigs_helper/rules/"):
            first = Path(src).relative_to("rigs_helper/rules").parts[0]
            names.add(first[:-3] if first.endswith(".py") else first)
    # a name still present in rules/ (a kept module) is never rewritten
    return {n for n in names if not (RULES / f"{n}.py").exists() and not (RULES / n).is_dir()
            or (check and any(l.startswith(f"rigs_helper/rules/{n}") for l in planned))}


def rewriter(names: set[str]):
    return module_rewriter("rules", names, before=[
        # the game object followed to games/rigs/game.py
        (re.compile(r"\bfrom rigs_helper\.games\.rigs import (RIGS|Rigs)\b"),
         r"from rigs_helper.games.rigs.game import \1"),
        (re.compile(r"\brigs_helper\.games\.rigs\.(RIGS|Rigs)\b"), r"rigs_helper.games.rigs.game.\1"),
        (re.compile(r"(?<![\w/.-])((?:rigs_helper/)?games/)rigs\.py\b"), r"\1rigs/game.py"),
    ], after=[
        (re.compile(r'"rigs_helper" / "rules"(?=\s*$)', re.M), '"rigs_helper" / "games" / "rigs"'),
    ])


def module_rewriter(layer: str, names, before=(), after=()):
    """A text rewritten for the modules ``names`` moved from ``rigs_helper/<layer>/`` to
    ``rigs_helper/games/rigs/``: dotted names, paths, ``from rigs_helper.<layer> import``
    lines (one naming moved and kept modules at once is left, and named in ``problems``);
    the rules ``before`` and ``after`` around them (tools/move_codec.py uses it too)."""
    alt = "|".join(sorted(names, key=len, reverse=True)) or r"(?!x)x"
    rules = [
        *before,
        (re.compile(rf"\brigs_helper\.{layer}\.({alt})(?![\w])"), r"rigs_helper.games.rigs.\1"),
        (re.compile(rf"rigs_helper/{layer}/({alt})(?![\w-])"), r"rigs_helper/games/rigs/\1"),
        (re.compile(rf"(?<![\w/.-]){layer}/({alt})(?![\w-])"), r"games/rigs/\1"),
        (re.compile(rf"(?<![\w.]){layer}\.({alt})(?![\w])"), r"games.rigs.\1"),
        *after,
    ]
    from_layer = re.compile(rf"\bfrom rigs_helper\.{layer} import (\([^)]*\)|[^\n]*)")

    def one(text: str, where: str, problems: list[str]) -> str:
        def fix(m: re.Match[str]) -> str:
            body = m.group(1)
            items = [i.strip() for i in body.strip("()").replace("\n", " ").split(",")
                     if i.strip() and not i.strip().startswith("#")]
            mods = [i.split(" as ")[0].strip() for i in items]
            hit = [x for x in mods if x in names]
            if not hit:
                return m.group(0)
            if len(hit) != len(mods):
                problems.append(f"{where}: {m.group(0)!r} names kept and moved modules")
                return m.group(0)
            return f"from rigs_helper.games.rigs import {body}"

        text = from_layer.sub(fix, text)
        for pat, repl in rules:
            text = pat.sub(repl, text)
        return text

    return one


def pyproject(text: str) -> str:
    """The new packages listed (``rigs_helper.games.rigs`` and its folders: rewritten above
    from ``rigs_helper.rules.*``), after ``rigs_helper.games``; mypy's strict flags for
    ``rigs_helper.rules.*`` follow the modules that moved."""
    if '"rigs_helper.games.rigs"' not in text and RIGS.exists():
        text = text.replace('"rigs_helper.games",', '"rigs_helper.games", "rigs_helper.games.rigs",', 1)
    if '"rigs_helper.games.rigs.*"' not in text and RIGS.exists():
        text = text.replace('"rigs_helper.rules.*",',
                            '"rigs_helper.rules.*", "rigs_helper.games.rigs", "rigs_helper.games.rigs.*",', 1)
    return text


def rewrite_tracked(one, check: bool, toml, rewritten) -> tuple[list[str], list[str]]:
    """(files changed, problems): ``one(text, file, problems)`` over every tracked file
    ``rewritten`` names and the top folder's Markdown and TOML, ``toml(text)`` after it on
    pyproject.toml; written unless ``check`` (a move script's common part:
    tools/move_codec.py uses it too)."""
    problems: list[str] = []
    changed = []
    files = [f for f in tracked(".") if rewritten(f)] + [
        f for f in tracked(".") if "/" not in f and f.endswith((".md", ".toml"))]
    for f in files:
        path = ROOT / f
        if not path.exists():
            continue  # (a --check run: a file that would move is read where it is)
        try:
            old = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        new = one(old, f, problems)
        if f == "pyproject.toml":
            new = toml(new)
        if new != old:
            changed.append(f)
            if not check:
                path.write_text(new, encoding="utf-8")
    return changed, problems


def main(argv: list[str]) -> int:
    check = "--check" in argv
    planned = moves(check)
    names = moved_names(check, planned)
    one = rewriter(names)
    changed, problems = rewrite_tracked(one, check, pyproject, rewritten)
    for p in problems:
        print(f"split_rules: {p}", file=sys.stderr)
    for line in planned:
        print(("would move " if check else "moved ") + line)
    print(f"{'would rewrite' if check else 'rewrote'} {len(set(changed))} files"
          f" ({len(names)} names moved: {', '.join(sorted(names))})")
    if problems:
        return 1
    return 1 if check and (planned or changed) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
