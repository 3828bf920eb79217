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
the game), and the finished game with its whole log.  The exit code is 1 when a target
is missed.
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

from bench_game import PLAYERS, SEED, make_games, rigs_command

FLOOR = "import typer, rich.console, tomllib"
SHEET = Path(__file__).resolve().parents[1] / "examples" / "sheet-4p.toml"


def count(argv: list[str], cwd: Path, prepare=None) -> int:
    """Instructions of one run of ``argv`` under callgrind (its children not followed)."""
    if prepare is not None:
        prepare()
    with tempfile.TemporaryDirectory() as out:
        r = subprocess.run(["valgrind", "--tool=callgrind",
                            f"--callgrind-out-file={out}/cg.out", *argv], cwd=cwd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONHASHSEED": "0", "COLUMNS": "100"})
    found = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count for {' '.join(argv)}:\n{r.stderr[-2000:]}")
    return int(found.group(1))


def commands(rigs: list[str], games: dict[str, Path], folder: Path):
    """(label, argv, target ratio, prepare): every command counted."""
    r1, fin, r15 = (str(games[k]) for k in ("round1", "finished", "round15-market"))
    work = folder / "work.toml"

    def fresh(src: str):
        return lambda: shutil.copyfile(src, work)

    g = ["--game"]
    return [
        ("status (round 1)", [*rigs, "status", *g, r1], 1.00, None),
        ("status (finished)", [*rigs, "status", *g, fin], 1.00, None),
        ("score --json (sheet)", [*rigs, "score", str(SHEET), "--json"], 1.00, None),
        ("produce (round 1)", [*rigs, "produce", *g, r1], 1.00, None),
        ("next (round 1)", [*rigs, "next", *g, str(work)], 1.00, fresh(r1)),
        ("next (round 15)", [*rigs, "next", "--auto", *g, str(work)], 1.00, fresh(r15)),
        ("log (finished)", [*rigs, "log", *g, fin], 1.00, None),
        ("hand Ana (round 1)", [*rigs, "hand", "Ana", *g, r1], 1.00, None),
        ("score (table, sheet)", [*rigs, "score", str(SHEET)], 1.30, None),
        ("standings --now (rd 1)", [*rigs, "standings", "--now", *g, r1], 1.30, None),
        # the forecast of the end simulates the game's rest: issue 22 gives it 1 s, not 1.3x
        ("standings (round 1)", [*rigs, "standings", *g, r1], None, None),
        ("chart (finished)", [*rigs, "chart", *g, fin], 1.30, None),
        ("--help", [*rigs, "--help"], 1.60, None),
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", default=[],
                    help="count only the commands whose label starts with this")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing counted (apt-get install valgrind)")
        return 0
    rigs = rigs_command()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        games = make_games(rigs, folder)
        floor = count([sys.executable, "-c", FLOOR], folder)
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
