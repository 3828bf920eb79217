"""Start-up time of `rigs` commands against a baseline of bare imports.

Not a pytest test: run it directly.

    python benchmarks/bench_startup.py [--runs N]

Times N runs (default 20) of each command in COMMANDS, takes the median of each, and
prints it with its ratio to the baseline (the first entry): Python importing typer, rich
and tomllib, which is the least any `rigs` command can cost.  Target: `score --json`
under 1.3x the baseline.  To time more commands later, add (label, argv) pairs to
COMMANDS (argv is run from a temporary folder, so `python -m` finds the installed
package, not the source tree).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import timing  # benchmarks/timing.py: this script's folder is first on sys.path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
SHEET = str(ROOT / "examples" / "sheet-4p.toml")

COMMANDS: list[tuple[str, list[str]]] = [
    ("python -m rigs_helper score --json", [PY, "-m", "rigs_helper", "score", SHEET, "--json"]),
    ("python -m rigs_helper score (table)", [PY, "-m", "rigs_helper", "score", SHEET]),
    ("python -m rigs_helper card raid --json", [PY, "-m", "rigs_helper", "card", "raid",
                                                "--json"]),
]
RIGS = timing.find_rigs()
if RIGS:
    COMMANDS.insert(1, ("rigs score --json", [RIGS, "score", SHEET, "--json"]))
TARGETS = {"python -m rigs_helper score --json": 1.3, "rigs score --json": 1.3}


def main() -> int:
    runs = timing.parse_runs(__doc__)
    # Run from a neutral folder: from the project root, `python -m rigs_helper` would import
    # the source tree instead of the installed package.
    with tempfile.TemporaryDirectory() as neutral:
        medians = timing.time_interleaved([timing.baseline(), *COMMANDS], runs, cwd=neutral)
    timing.print_header(runs)
    failed = timing.print_ratios(medians, TARGETS, strict=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
