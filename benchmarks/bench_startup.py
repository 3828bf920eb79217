"""Start-up time of `rigs` commands against a baseline of bare imports.

Not a pytest test: run it directly.

    python benchmarks/bench_startup.py [--runs N]

Times N runs (default 20) of each command in COMMANDS, takes the median of each, and
prints it with its ratio to the baseline (the first entry): Python importing typer, rich
and tomllib, which is the least any `rigs` command can cost.  Target: `score --json`
under 1.3x the baseline.  To time more commands later, add (label, argv) pairs to
COMMANDS (argv is run from the project root).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
SHEET = "examples/sheet-4p.toml"

BASELINE = ("baseline: import typer, rich.console, tomllib",
            [PY, "-c", "import typer, rich.console, tomllib"])
COMMANDS: list[tuple[str, list[str]]] = [
    ("python -m rigs_helper score --json", [PY, "-m", "rigs_helper", "score", SHEET, "--json"]),
    ("python -m rigs_helper score (table)", [PY, "-m", "rigs_helper", "score", SHEET]),
    ("python -m rigs_helper card raid --json", [PY, "-m", "rigs_helper", "card", "raid",
                                                "--json"]),
]
_beside = Path(PY).parent / "rigs"  # the entry point of the Python running this script
RIGS = str(_beside) if _beside.exists() else shutil.which("rigs")
if RIGS:
    COMMANDS.insert(1, ("rigs score --json", [RIGS, "score", SHEET, "--json"]))
TARGETS = {"python -m rigs_helper score --json": 1.3, "rigs score --json": 1.3}


def time_once(argv: list[str]) -> float:
    start = time.perf_counter()
    r = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if r.returncode != 0:
        raise SystemExit(f"failed ({r.returncode}): {' '.join(argv)}\n{r.stderr.decode()}")
    return elapsed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20, help="runs per command (default 20)")
    args = ap.parse_args()
    if args.runs < 1:
        ap.error("--runs must be 1 or more")

    # interleave the commands run by run, so drift in machine load hits all of them alike
    entries = [BASELINE, *COMMANDS]
    for _, argv in entries:  # warm the file cache and .pyc files; not counted
        time_once(argv)
    samples: dict[str, list[float]] = {label: [] for label, _ in entries}
    for _ in range(args.runs):
        for label, argv in entries:
            samples[label].append(time_once(argv))
    medians = {label: statistics.median(s) for label, s in samples.items()}
    base = medians[BASELINE[0]]

    print(f"{args.runs} runs each, median wall time, Python {sys.version.split()[0]}")
    width = max(len(label) for label, _ in entries)
    failed = False
    for label, _ in entries:
        ratio = medians[label] / base
        target = TARGETS.get(label)
        note = ""
        if target is not None:
            ok = ratio < target
            failed |= not ok
            note = f"  (target < {target}x: {'ok' if ok else 'MISSED'})"
        print(f"{label:<{width}}  {medians[label] * 1000:7.1f} ms  {ratio:5.2f}x{note}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
