#!/usr/bin/env python3
"""Move R.I.G.S.'s state codec from ``rigs_helper/store/`` into the game,
``rigs_helper/games/rigs/`` (issue 40, point 6: the codec is pure, the game object owns
it).  Re-runnable: run it from anywhere in the repository, on any tree (after a merge of a
branch that still imports the old places, say), as often as you like; a second run changes
nothing.

    python tools/move_codec.py          # move and rewrite
    python tools/move_codec.py --check  # exit 1 (naming what) if a run would change anything

What it does:

1. Each module of :data:`MOVED` (the codec between a state and its TOML document and its
   pure pieces: no file, no process) moves with ``git mv`` from ``rigs_helper/store/`` to
   ``rigs_helper/games/rigs/``, under the same name.
2. Every tracked text file of the package, the tests, the benchmarks, the tools, the docs
   and the top-level notes is rewritten: ``rigs_helper.store.X`` ->
   ``rigs_helper.games.rigs.X``, ``from rigs_helper.store import X`` ->
   ``from rigs_helper.games.rigs import X``, ``rigs_helper/store/X`` and ``store/X`` ->
   ``games/rigs/X`` (paths in comments and docs), ``store.X`` -> ``games.rigs.X`` (dotted
   names in prose), for each ``X`` of :data:`MOVED`.
3. ``pyproject.toml``: the moved modules, checked by mypy as the rest of the store was,
   join the override that relaxes the game's strict flags (until they are typed as the
   game's modules are; the commit after the move types them and takes them out again).

``store/tablefiles.py`` stays: loading the tables reads files (and a cache beside them).
A ``from rigs_helper.store import a, b`` naming both a moved module and one that stays is
not rewritten: the script names it and exits 1 (split it by hand, run again).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "rigs_helper"
STORE = PKG / "store"
RIGS = PKG / "games" / "rigs"

#: the modules that move: the codec and its pieces (the hidden piles' codecs, the checks of
#: a whole state, the TOML shapes of the players, plots and piles, and of what waits)
MOVED = ("codec", "statepieces", "hidden", "invariants", "waitsdoc")

# which files are rewritten, and git: split_rules.py's (this script's folder
# is first on sys.path)
from split_rules import git, rewritten  # noqa: E402


def moves(check: bool) -> list[str]:
    """Move the files; the list of what moved (or would)."""
    done = []
    for name in MOVED:
        src, dst = STORE / f"{name}.py", RIGS / f"{name}.py"
        if not src.exists():
            continue
        if dst.exists():
            sys.exit(f"move_codec: both {src.relative_to(ROOT)} and {dst.relative_to(ROOT)} "
                     "exist: merge them by hand, then run again")
        done.append(f"{src.relative_to(ROOT)} -> {dst.relative_to(ROOT)}")
        if not check:
            git("mv", str(src.relative_to(ROOT)), str(dst.relative_to(ROOT)))
    return done


def rewriter():
    from split_rules import module_rewriter  # (this script's folder is first on sys.path)

    return module_rewriter("store", MOVED)


LENIENT_END = '"rigs_helper.games.rigs.actions.definition"'


def pyproject(text: str, moved: list[str]) -> str:
    """The moved modules named in the lenient mypy override (``moved``: those moved by
    this run; none on a second run)."""
    names = [f'"rigs_helper.games.rigs.{n}"' for n in moved if n in MOVED]
    names = [n for n in names if n not in text]
    if names and LENIENT_END in text:
        text = text.replace(LENIENT_END, ", ".join([LENIENT_END, *names]), 1)
    return text


def main(argv: list[str]) -> int:
    check = "--check" in argv
    planned = moves(check)
    one = rewriter()
    from split_rules import rewrite_tracked  # (this script's folder is first on sys.path)

    moved = [Path(line.split(" -> ")[1]).stem for line in planned]
    changed, problems = rewrite_tracked(
        one, check, (lambda text: text) if check else (lambda text: pyproject(text, moved)),
        rewritten)
    for p in problems:
        print(f"move_codec: {p}", file=sys.stderr)
    for line in planned:
        print(("would move " if check else "moved ") + line)
    print(f"{'would rewrite' if check else 'rewrote'} {len(set(changed))} files")
    if problems:
        return 1
    return 1 if check and (planned or changed) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
