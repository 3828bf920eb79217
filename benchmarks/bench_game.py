"""Start-up time of the game commands, and their flatness over a whole game.

Not a pytest test: run it directly, with the Python of the environment `rigs` is installed
in (a plain `pip install .`, not an editable one, to time what users get):

    python benchmarks/bench_game.py [--runs N]

It makes two 4-player game files in a temporary folder, with the `rigs` command itself:
- round 1: `rigs new` (round 1, Player Phase; a log of one entry);
- round 15: the same game after `rigs next --auto` to the end (game over, the full log of
  60 actions), and a copy saved just before the last `next` (round 15, Market Phase).

Then, in one run, it times N runs (default 20) of each command, interleaved, and prints
the median of each:
- the baseline: Python importing typer, rich.console and tomllib (the least any `rigs`
  command can cost);
- `rigs status`, `rigs status --json` on the round-1 file and on the finished file;
- `rigs next` on the round-1 file (deals the Disasters) and on the round-15 Market-phase
  copy (sells the last Luxuries, ends the game).  `next` changes its file, so each run gets
  a fresh copy first; the copying is not timed.

Every figure is shown as a ratio to the baseline (target <= 1.3) and each command's round
15 / round 1 ratio (target <= 1.1: a long game costs no more than a short one).  The exit
code is 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PY = sys.executable
BASELINE = "baseline: import typer, rich.console, tomllib"
TARGET_BASE = 1.3
TARGET_FLAT = 1.1
PLAYERS = ["Ana", "Bo", "Cy", "Di"]
SEED = 7


def rigs_command() -> list[str]:
    """The `rigs` script next to this Python (else on PATH, else `python -m rigs_helper`)."""
    here = Path(PY).parent / "rigs"
    if here.exists():
        return [str(here)]
    found = shutil.which("rigs")
    return [found] if found else [PY, "-m", "rigs_helper"]


def run(argv: list[str], cwd: Path) -> None:
    r = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if r.returncode != 0:
        raise SystemExit(f"failed ({r.returncode}): {' '.join(argv)}\n{r.stderr.decode()}")


def make_games(rigs: list[str], folder: Path) -> dict[str, Path]:
    """round1.toml, round15-market.toml (before the last `next`), finished.toml."""
    new = [*rigs, "new", *(x for n in PLAYERS for x in ("--player", n)), "--seed", str(SEED)]
    run([*new, "--game", "round1.toml"], folder)
    run([*new, "--game", "finished.toml"], folder)
    steps = 3 + 14 * 4  # to round 15's Market Phase
    for _ in range(steps):
        run([*rigs, "next", "--auto", "--game", "finished.toml"], folder)
    shutil.copyfile(folder / "finished.toml", folder / "round15-market.toml")
    run([*rigs, "next", "--auto", "--game", "finished.toml"], folder)
    return {name: folder / f"{name}.toml" for name in ("round1", "round15-market", "finished")}


class Entry:
    """One timed command; ``source`` is copied to ``target`` before each run (untimed)."""

    def __init__(self, label: str, argv: list[str], source: Path | None = None,
                 target: Path | None = None) -> None:
        self.label, self.argv, self.source, self.target = label, argv, source, target
        self.samples: list[float] = []

    def once(self, cwd: Path) -> float:
        if self.source is not None:
            shutil.copyfile(self.source, self.target)
        start = time.perf_counter()
        r = subprocess.run(self.argv, cwd=cwd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
        if r.returncode != 0:
            raise SystemExit(f"failed ({r.returncode}): {' '.join(self.argv)}\n"
                             f"{r.stderr.decode()}")
        return elapsed

    @property
    def median(self) -> float:
        return statistics.median(self.samples)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20, help="runs per command (default 20)")
    args = ap.parse_args()
    if args.runs < 1:
        ap.error("--runs must be 1 or more")
    rigs = rigs_command()
    with tempfile.TemporaryDirectory(prefix="rigs-bench-") as tmp:
        folder = Path(tmp)
        files = make_games(rigs, folder)
        work = folder / "work.toml"
        size = {k: p.stat().st_size for k, p in files.items()}
        pairs = [  # (command, round-1 entry, round-15 entry)
            ("rigs status",
             Entry("status, round 1", [*rigs, "status", "-g", str(files["round1"])]),
             Entry("status, finished", [*rigs, "status", "-g", str(files["finished"])])),
            ("rigs status --json",
             Entry("status --json, round 1",
                   [*rigs, "status", "--json", "-g", str(files["round1"])]),
             Entry("status --json, finished",
                   [*rigs, "status", "--json", "-g", str(files["finished"])])),
            ("rigs next",
             Entry("next, round 1 Player", [*rigs, "next", "-g", str(work)],
                   files["round1"], work),
             Entry("next, round 15 Market", [*rigs, "next", "-g", str(work)],
                   files["round15-market"], work)),
        ]
        base = Entry(BASELINE, [PY, "-c", "import typer, rich.console, tomllib"])
        entries = [base] + [e for _, a, b in pairs for e in (a, b)]
        for e in entries:  # warm the file cache, .pyc files and the tables cache
            e.once(folder)
        # interleave run by run, so drift in machine load hits every command alike
        for _ in range(args.runs):
            for e in entries:
                e.samples.append(e.once(folder))

    print(f"{args.runs} runs each, median wall time, Python {sys.version.split()[0]}, "
          f"`{' '.join(Path(x).name for x in rigs)}`")
    print(f"game files: round 1 {size['round1']} bytes; finished {size['finished']} bytes "
          "(60 logged actions)")
    width = max(len(e.label) for e in entries)
    failed = False
    for e in entries:
        ratio = e.median / base.median
        note = ""
        if e is not base:
            ok = ratio <= TARGET_BASE
            failed |= not ok
            note = f"  (target <= {TARGET_BASE}x: {'ok' if ok else 'MISSED'})"
        print(f"{e.label:<{width}}  {e.median * 1000:7.1f} ms  {ratio:5.2f}x{note}")
    print("\nflatness: round 15 / round 1")
    for command, r1, r15 in pairs:
        flat = r15.median / r1.median
        ok = flat <= TARGET_FLAT
        failed |= not ok
        print(f"{command:<{width}}  {flat:5.2f}   (target <= {TARGET_FLAT}: "
              f"{'ok' if ok else 'MISSED'})")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
