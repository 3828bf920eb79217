"""Timing machinery shared by the bench_*.py scripts in this folder.

Not a benchmark itself.  The scripts are run as `python benchmarks/bench_X.py`, so Python
puts this folder first on sys.path and `import timing` finds this file from any folder.
Each script follows the same pattern; only what it measures differs:

    runs = parse_runs(__doc__)
    medians = time_interleaved([baseline(), (label, argv), ...], runs)
    print_header(runs)
    failed = print_ratios(medians, {label: 1.3})
    return 1 if failed else 0
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

BASELINE_LABEL = "baseline: import typer, rich.console, tomllib"

# `rigs score` keeps each game it scores in the group's history: the commands timed keep
# theirs in a folder of this run, never the user's data folder (docs/history.md)
_HISTORY = tempfile.mkdtemp(prefix="rigs-bench-history-")
os.environ["RIGS_HISTORY"] = os.path.join(_HISTORY, "history.sqlite")
atexit.register(shutil.rmtree, _HISTORY, True)

Entry = tuple[str, Sequence[str]]  # (label, argv): one timed command


def baseline() -> Entry:
    """The baseline entry: this Python importing typer, rich.console and tomllib, the least
    any `rigs` command can cost.  Every figure is printed as a ratio to it."""
    return BASELINE_LABEL, [sys.executable, "-c", "import typer, rich.console, tomllib"]


def find_rigs() -> str | None:
    """The `rigs` entry point beside the Python running this script (the environment it is
    installed in), else the one on PATH, else None."""
    beside = Path(sys.executable).parent / "rigs"
    return str(beside) if beside.exists() else shutil.which("rigs")


def parse_runs(doc: str | None) -> int:
    """Parse the command line (`--runs N`, default 20, at least 1) and return N.  The first
    line of ``doc`` (the script's docstring) is the --help description."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0] if doc else None)
    ap.add_argument("--runs", type=int, default=20, help="runs per command (default 20)")
    args = ap.parse_args()
    if args.runs < 1:
        ap.error("--runs must be 1 or more")
    return args.runs


def run(argv: Sequence[str], cwd: Path | None = None) -> None:
    """Run ``argv`` in ``cwd`` untimed, output discarded; exit with its stderr on failure."""
    time_once(argv, cwd)


def time_once(argv: Sequence[str], cwd: Path | None = None,
              prepare: Callable[[], object] | None = None) -> float:
    """Wall time in seconds of one run of ``argv`` in ``cwd`` (None: the current folder),
    output discarded.  ``prepare``, if given, is called first and not timed (e.g. to copy a
    fresh input file for a command that changes it).  A failed command ends the script
    with its exit code, command line and stderr."""
    if prepare is not None:
        prepare()
    start = time.perf_counter()
    r = subprocess.run(list(argv), cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if r.returncode != 0:
        raise SystemExit(f"failed ({r.returncode}): {' '.join(argv)}\n{r.stderr.decode()}")
    return elapsed


def time_interleaved(entries: Sequence[Entry], runs: int, cwd: Path | None = None,
                     prepare: Mapping[str, Callable[[], object]] | None = None,
                     ) -> dict[str, float]:
    """Median wall time in seconds of ``runs`` runs of each entry, keyed by label in the
    order of ``entries`` (labels must be unique; put baseline() first).

    Each entry is run once untimed first (to warm the file cache and .pyc files), then the
    entries are run in turn, run by run, so drift in machine load hits every command alike.
    ``prepare`` maps a label to an untimed step called before each run of that entry."""
    prepare = prepare or {}
    for label, argv in entries:  # warm-up; not counted
        time_once(argv, cwd, prepare.get(label))
    samples: dict[str, list[float]] = {label: [] for label, _ in entries}
    for _ in range(runs):
        for label, argv in entries:
            samples[label].append(time_once(argv, cwd, prepare.get(label)))
    return {label: statistics.median(s) for label, s in samples.items()}


def print_header(runs: int, extra: str = "") -> None:
    """Print the first line of a report: runs, Python version, then ``extra``."""
    print(f"{runs} runs each, median wall time, Python {sys.version.split()[0]}{extra}")


def verdict(ok: bool) -> str:
    """'ok' or 'MISSED', as the reports print a target's outcome."""
    return "ok" if ok else "MISSED"


def print_ratios(medians: Mapping[str, float], targets: Mapping[str, float],
                 strict: bool = False) -> bool:
    """Print one line per label of ``medians``: the median in ms and its ratio to the
    baseline (BASELINE_LABEL), plus the outcome for labels with a target in ``targets``
    (ratio <= target, or < target when ``strict``).  Labels are padded to the longest one.
    Returns True when a target was missed (the script then exits with 1)."""
    base = medians[BASELINE_LABEL]
    width = max(len(label) for label in medians)
    op = "<" if strict else "<="
    failed = False
    for label, median in medians.items():
        ratio = median / base
        target = targets.get(label)
        note = ""
        if target is not None:
            ok = ratio < target if strict else ratio <= target
            failed |= not ok
            note = f"  (target {op} {target}x: {verdict(ok)})"
        print(f"{label:<{width}}  {median * 1000:7.1f} ms  {ratio:5.2f}x{note}")
    return failed


def print_seconds(medians: Mapping[str, float], labels: Sequence[str],
                  target: float) -> bool:
    """Print each of ``labels``' median in seconds against an absolute ``target`` (seconds,
    start-up included); True when one missed it."""
    failed = False
    for label in labels:
        ok = medians[label] <= target
        failed |= not ok
        print(f"{label}: {medians[label]:.3f} s (target <= {target} s: {verdict(ok)})")
    return failed
