"""The version-2 game file (issue 26): its size and what replaying it costs.

Not a pytest test and not run by CI; run directly with the Python of the environment `rigs`
is installed in:

    python benchmarks/bench_gamefile.py [--no-valgrind]

- Size: the finished 4-player game of tests/fixtures/v1 (293 player actions, 359 entries,
  Karma cards and deals; 325 KB as version 1) and the one played from the pages (639
  entries; 493 KB), each written back as version 3 by one `rigs undo`. Target: the
  finished game at most 80 KB.
- Instructions (valgrind's callgrind, as bench_instructions.py counts them) of `status`,
  `undo` of one action and `log`, on the finished game written as version 3, as a ratio to
  the import floor (`python -c "import typer, rich.console, tomllib"`). Targets (issue
  40): status 1.30x, undo 3.00x, log 3.00x.  Nothing derived is kept beside the game:
  `undo` and `log` read and replay the history as they find it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_instructions import FLOOR, count

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "v1"
RIGS = [sys.executable, "-m", "rigs_helper"]


def as_version_2(name: str, folder: Path) -> Path:
    path = folder / f"{name}.toml"
    shutil.copy(FIXTURES / f"{name}.toml", path)
    subprocess.run([*RIGS, "undo", "--game", str(path)], check=True,
                   stdout=subprocess.DEVNULL)
    return path


def main() -> int:
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # count what users run: bytecode cached
    missed = 0
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        for name in ("finished", "pages"):
            size = as_version_2(name, folder).stat().st_size
            old = (FIXTURES / f"{name}.toml").stat().st_size
            target = " (target <= 80 KB)" if name == "finished" else ""
            print(f"size {name}: {size / 1000:.1f} KB as version 3, {old / 1000:.1f} KB as "
                  f"version 1{target}")
            missed += name == "finished" and size > 80_000
        if "--no-valgrind" in sys.argv or shutil.which("valgrind") is None:
            return 1 if missed else 0
        game = folder / "finished.toml"
        floor = count([sys.executable, "-c", FLOOR], folder,
                      lambda: subprocess.run([sys.executable, "-c", FLOOR], check=True))
        work = folder / "work.toml"

        def run(*argv: str) -> None:
            subprocess.run([*RIGS, *argv], cwd=folder, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)

        def before(*argv: str):  # the command once, uncounted (bytecode, tables cached)
            return lambda: run(*argv)

        def fresh() -> None:
            shutil.copyfile(game, work)
            run("undo", "--game", str(work))
            shutil.copyfile(game, work)

        for label, argv, target, prepare in (
                ("status", ["status", "--game", str(game)], 1.30,
                 before("status", "--game", str(game))),
                ("undo (one action)", ["undo", "--game", str(work)], 3.00, fresh),
                ("log", ["log", "--game", str(game)], 3.00,
                 before("log", "--game", str(game)))):
            n = count([*RIGS, *argv], folder, prepare)
            ratio = n / floor
            missed += ratio > target + 0.005
            print(f"{label}: {ratio:.2f}x the floor ({n / 1e6:.0f} M; floor "
                  f"{floor / 1e6:.0f} M; target {target:.2f}x)")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
