"""Shell completion: what a Tab costs, and that completion does not slow the commands.

Not a pytest test: run it directly, with the Python of the environment `rigs` is installed
in (a plain `pip install .`):

    python benchmarks/bench_completion.py [--runs N]

It makes a 4-player game file (seed 7) in a temporary folder and times, interleaved, the
median of N runs (default 20) of:
- the baseline (Python importing typer, rich.console and tomllib);
- a Tab after `rigs lose ` (player names, read from the game file), after
  `rigs move Ana 1 --to ` (Ana's plot ids) and after `rigs card Po` (card titles): the
  shell runs `rigs` with `_RIGS_COMPLETE=complete_bash`, COMP_WORDS and COMP_CWORD;
- `rigs status --json` on the same file: a command, which must not pay for completion
  (Typer's completion options are built only when no command is named).

Targets: a Tab <= 2.0x the baseline (it loads every command module to know the options);
`status --json` <= 1.3x.  The exit code is 1 when a target is missed.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import timing  # benchmarks/timing.py: this script's folder is first on sys.path

TARGET_TAB = 2.0
TARGET_COMMAND = 1.3


def main() -> int:
    runs = timing.parse_runs(__doc__)
    found = timing.find_rigs()
    rigs = [found] if found else [sys.executable, "-m", "rigs_helper"]
    with tempfile.TemporaryDirectory(prefix="rigs-bench-") as tmp:
        folder = Path(tmp)
        timing.run([*rigs, "new", *(x for n in ("Ana", "Bo", "Cy", "Di")
                                    for x in ("--player", n)), "--seed", "7"], folder)

        def tab(words: str) -> list[str]:
            cword = len(words.split()) - (0 if words.endswith(" ") else 1)
            return ["env", "_RIGS_COMPLETE=complete_bash", f"COMP_WORDS={words}",
                    f"COMP_CWORD={cword}", *rigs]

        entries = [timing.baseline(),
                   ("Tab: rigs lose _", tab("rigs lose ")),
                   ("Tab: rigs move Ana 1 --to _", tab("rigs move Ana 1 --to ")),
                   ("Tab: rigs card Po_", tab("rigs card Po")),
                   ("rigs status --json", [*rigs, "status", "--json"])]
        medians = timing.time_interleaved(entries, runs, cwd=folder)
    timing.print_header(runs, f", `{' '.join(Path(x).name for x in rigs)}`")
    targets = {label: TARGET_TAB for label, _ in entries if label.startswith("Tab")}
    targets["rigs status --json"] = TARGET_COMMAND
    return 1 if timing.print_ratios(medians, targets) else 0


if __name__ == "__main__":
    raise SystemExit(main())
