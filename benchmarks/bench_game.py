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

import shutil
import sys
import tempfile
from pathlib import Path

import timing  # benchmarks/timing.py: this script's folder is first on sys.path

PY = sys.executable
TARGET_BASE = 1.3
TARGET_FLAT = 1.1
PLAYERS = ["Ana", "Bo", "Cy", "Di"]
SEED = 7


def rigs_command() -> list[str]:
    """The `rigs` script next to this Python (else on PATH, else `python -m rigs_helper`)."""
    found = timing.find_rigs()
    return [found] if found else [PY, "-m", "rigs_helper"]


def copy_game(src: Path, dst: Path) -> None:
    """A copy of the game file ``src`` (nothing derived is kept beside it)."""
    shutil.copyfile(src, dst)


def make_games(rigs: list[str], folder: Path) -> dict[str, Path]:
    """round1.toml, round15-market.toml (before the last `next`), finished.toml."""
    run = timing.run
    new = [*rigs, "new", *(x for n in PLAYERS for x in ("--player", n)), "--seed", str(SEED)]
    run([*new, "--game", "round1.toml"], folder)
    run([*new, "--game", "finished.toml"], folder)
    steps = 3 + 14 * 4  # to round 15's Market Phase
    for _ in range(steps):
        run([*rigs, "next", "--auto", "--game", "finished.toml"], folder)
    copy_game(folder / "finished.toml", folder / "round15-market.toml")
    run([*rigs, "next", "--auto", "--game", "finished.toml"], folder)
    return {name: folder / f"{name}.toml" for name in ("round1", "round15-market", "finished")}


def main() -> int:
    runs = timing.parse_runs(__doc__)
    rigs = rigs_command()
    with tempfile.TemporaryDirectory(prefix="rigs-bench-") as tmp:
        folder = Path(tmp)
        files = make_games(rigs, folder)
        work = folder / "work.toml"
        size = {k: p.stat().st_size for k, p in files.items()}
        r1, fin = str(files["round1"]), str(files["finished"])
        pairs = [  # (command, round-1 entry, round-15 entry)
            ("rigs status",
             ("status, round 1", [*rigs, "status", "-g", r1]),
             ("status, finished", [*rigs, "status", "-g", fin])),
            ("rigs status --json",
             ("status --json, round 1", [*rigs, "status", "--json", "-g", r1]),
             ("status --json, finished", [*rigs, "status", "--json", "-g", fin])),
            ("rigs next",
             ("next, round 1 Player", [*rigs, "next", "-g", str(work)]),
             ("next, round 15 Market", [*rigs, "next", "-g", str(work)])),
        ]
        entries = [timing.baseline()] + [e for _, a, b in pairs for e in (a, b)]
        # `next` changes its file: each of its runs starts from a fresh copy (not timed)
        prepare = {"next, round 1 Player": lambda: shutil.copyfile(files["round1"], work),
                   "next, round 15 Market":
                       lambda: shutil.copyfile(files["round15-market"], work)}
        # the warm-up run also fills the tables cache
        medians = timing.time_interleaved(entries, runs, cwd=folder, prepare=prepare)

    timing.print_header(runs, f", `{' '.join(Path(x).name for x in rigs)}`")
    print(f"game files: round 1 {size['round1']} bytes; finished {size['finished']} bytes "
          "(60 logged actions)")
    targets = {label: TARGET_BASE for label in medians if label != timing.BASELINE_LABEL}
    failed = timing.print_ratios(medians, targets)
    width = max(len(label) for label in medians)
    print("\nflatness: round 15 / round 1")
    for command, (label1, _), (label15, _) in pairs:
        flat = medians[label15] / medians[label1]
        ok = flat <= TARGET_FLAT
        failed |= not ok
        print(f"{command:<{width}}  {flat:5.2f}   (target <= {TARGET_FLAT}: {timing.verdict(ok)})")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
