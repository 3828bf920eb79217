"""CPU instructions of each command, as a ratio to the stack's import floor (callgrind).

Not a pytest test and not run by CI: run it directly, with the Python of the environment
`rigs` is installed in (a plain `pip install .`, to count what users get), on a machine with
valgrind:

    python benchmarks/bench_instructions.py [--only LABEL ...]

Instructions, unlike seconds, do not change with the machine's load: the same binary and
inputs give the same count (to a fraction of a percent), so a 2-core machine shared with
other work still gives a stable figure.  Each command runs once under `valgrind
--tool=callgrind`; its total is divided by the floor's, `python -c "import typer,
rich.console, tomllib"` (1.00x: the least a command built on that stack costs).

The game commands run on a 4-player game (seed 7) made in a temporary folder with `rigs
new` and `rigs next --auto`: round 1, round 15's Market Phase (for `next`, which then ends
the game), and the finished game with its whole log.  Nothing derived is kept beside a
game (issue 40): `log` and `undo` read and replay its history as they find it; a command
that changes its file starts from a fresh copy.  The validated tables are kept in
$RIGS_CACHE_DIR (this run's own), filled by the first command.  Python's
own bytecode cache is used as it is at a user's (PYTHONDONTWRITEBYTECODE, if set, is
dropped; every command runs once, uncounted, before it is counted).  The exit code is 1
when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_game import PLAYERS, SEED, copy_game, make_games, rigs_command

FLOOR = "import typer, rich.console, tomllib"
SHEET = Path(__file__).resolve().parents[1] / "examples" / "sheet-4p.toml"


def count(argv: list[str], cwd: Path, prepare=None) -> int:
    """Instructions of one run of ``argv`` under callgrind (its children not followed)."""
    if prepare is not None:
        prepare()
    with tempfile.TemporaryDirectory() as out:
        r = subprocess.run(["valgrind", "--tool=callgrind", "--dump-instr=no",
                            f"--callgrind-out-file={out}/cg.out", *argv], cwd=cwd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONHASHSEED": "0", "COLUMNS": "100"})
    found = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count for {' '.join(argv)}:\n{r.stderr[-2000:]}")
    return int(found.group(1))


def commands(rigs: list[str], games: dict[str, Path], folder: Path):
    """(label, argv, target ratio, prepare): every command counted.  ``prepare`` (not
    counted) runs the command once before (as at a table: Python's bytecode and the tables
    cached), and copies a fresh file for a command that changes it."""
    r1, fin, r15 = (str(games[k]) for k in ("round1", "finished", "round15-market"))
    work = folder / "work.toml"

    def run(*argv: str) -> None:
        subprocess.run([*rigs, *argv], cwd=folder, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False)

    def fresh(src: str, *argv: str):
        def prepare() -> None:
            copy_game(Path(src), work)
            run(*argv, "--game", str(work))
            copy_game(Path(src), work)
        return prepare

    def before(*argv: str):
        return lambda: run(*argv)

    def same(*argv: str):
        return [*rigs, *argv], before(*argv)

    rows = [
        ("status (round 1)", *same("status", "--game", r1), 1.30),
        ("status (finished)", *same("status", "--game", fin), 1.30),
        ("score --json (sheet)", *same("score", str(SHEET), "--json"), 1.00),
        ("produce (round 1)", *same("produce", "--game", r1), 1.00),
        ("next (round 1)", [*rigs, "next", "--game", str(work)],
         fresh(r1, "next"), 1.50),
        ("next (round 15)", [*rigs, "next", "--auto", "--game", str(work)],
         fresh(r15, "next", "--auto"), 1.50),
        ("log (finished)", *same("log", "--game", fin), 3.00),
        ("undo (finished)", [*rigs, "undo", "--game", str(work)], fresh(fin, "undo"), 3.00),
        ("hand Ana (round 1)", *same("hand", "Ana", "--game", r1), 1.00),
        ("score (table, sheet)", *same("score", str(SHEET)), 1.30),
        ("standings --now (rd 1)", *same("standings", "--now", "--game", r1), 1.30),
        # the forecast of the end simulates the game's rest: issue 22 gives it 1 s, not 1.3x
        ("standings (round 1)", *same("standings", "--game", r1), None),
        ("chart (finished)", *same("chart", "--game", fin), 1.30),
        ("--help", *same("--help"), 1.60),
    ]
    return [(label, argv, target, prepare) for label, argv, prepare, target in rows]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", default=[],
                    help="count only the commands whose label starts with this")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing counted (apt-get install valgrind)")
        return 0
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # count what users run: bytecode cached
    rigs = rigs_command()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["RIGS_CACHE_DIR"] = str(folder / "cache")  # the tables' cache, this run's
        games = make_games(rigs, folder)
        floor = count([sys.executable, "-c", FLOOR], folder,
                      lambda: subprocess.run([sys.executable, "-c", FLOOR], check=True))
        print(f"floor ({FLOOR}): {floor / 1e6:.0f} M instructions = 1.00x")
        print(f"game: {len(PLAYERS)} players, seed {SEED}; rigs: {' '.join(rigs)}")
        failed = []
        for label, argv, target, prepare in commands(rigs, games, folder):
            if args.only and not any(label.startswith(o) for o in args.only):
                continue
            n = count(argv, folder, prepare)
            ratio = n / floor
            if target is None:
                print(f"  {label:<24} {n / 1e6:7.0f} M  {ratio:5.2f}x  (no target)")
                continue
            mark = "ok" if ratio <= target + 0.005 else "MISSED"
            if mark != "ok":
                failed.append(label)
            print(f"  {label:<24} {n / 1e6:7.0f} M  {ratio:5.2f}x  (target {target:.2f}x) "
                  f"{mark}")
    if failed:
        print("missed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
