"""The version-2 game file (issue 26): its size and what replaying it costs.

Not a pytest test and not run by CI; run directly with the Python of the environment `rigs`
is installed in:

    python benchmarks/bench_gamefile.py [--no-valgrind]

- Size: the finished 4-player game of tests/fixtures/v1 (293 player actions, 359 entries,
  Karma cards and deals; 325 KB as version 1) and the one played from the pages (639
  entries; 493 KB), each written back as version 2 by one `rigs undo`. Target: the
  finished game at most 80 KB.
- Instructions (valgrind's callgrind, as bench_instructions.py counts them) of `status`,
  `undo` of one action and `log`, on the finished game written as version 2, as a ratio to
  the import floor (`python -c "import typer, rich.console, tomllib"`). Targets: status
  1.00x, undo 1.50x, log 1.30x.
"""

from __future__ import annotations

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
    missed = 0
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        for name in ("finished", "pages"):
            size = as_version_2(name, folder).stat().st_size
            old = (FIXTURES / f"{name}.toml").stat().st_size
            target = " (target <= 80 KB)" if name == "finished" else ""
            print(f"size {name}: {size / 1000:.1f} KB as version 2, {old / 1000:.1f} KB as "
                  f"version 1{target}")
            missed += name == "finished" and size > 80_000
        if "--no-valgrind" in sys.argv or shutil.which("valgrind") is None:
            return 1 if missed else 0
        game = folder / "finished.toml"
        floor = count([sys.executable, "-c", FLOOR], folder)
        work = folder / "work.toml"

        def fresh() -> None:
            shutil.copyfile(game, work)

        for label, argv, target in (
                ("status", ["status", "--game", str(game)], 1.00),
                ("undo (one action)", ["undo", "--game", str(work)], 1.50),
                ("log", ["log", "--game", str(game)], 1.30)):
            n = count([*RIGS, *argv], folder, fresh)
            ratio = n / floor
            missed += ratio > target
            print(f"{label}: {ratio:.2f}x the floor ({n / 1e6:.0f} M; floor "
                  f"{floor / 1e6:.0f} M; target {target:.2f}x)")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
