"""Reading the group's history of 1,000 games.

Not a pytest test: run it directly, with the Python of the environment `rigs` is installed
in:

    python benchmarks/bench_history.py [--runs N]

It fills a history file in a temporary folder ($RIGS_HISTORY) with 1,000 four-player games
(each a game as `rigs score` keeps it, with its own identity and figures), then times N
runs (default 20, interleaved, median) of `rigs history` and `rigs history --json` beside
the baseline (Python importing typer, rich.console and tomllib), and, in this process,
reading every game and working out each player's figures and ratings (every group:
the games' six sets of four players are six groups; `rigs history` shows the newest
game's).  Target: `rigs history` and
`rigs history --json` each at most 0.3 s for the whole command.  The exit code is 1 when
the target is missed.  The CPU time of each command (user + system, median) is printed
too: on a machine shared with other work it stays near what an idle machine's wall time
would be.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import timing  # benchmarks/timing.py: this script's folder is first on sys.path

GAMES = 1000
TARGET_SECONDS = 0.3
NAMES = ["Ana", "Bo", "Cy", "Di", "Zoë", "Maximiliano de la Cruz"]


def play(i: int) -> dict:
    """Game ``i``: four of the six players, net worths that vary from game to game."""
    names = [NAMES[(i + k) % len(NAMES)] for k in range(4)]
    worths = [150 + (i * 37 + k * 53) % 140 for k in range(4)]
    rows = []
    for seat, (name, worth) in enumerate(zip(names, worths)):
        parts = {"credits": worth // 2, "luxuries": worth // 10, "plots": worth // 4,
                 "resources": 0, "vinnie": 0}
        parts["resources"] = worth - sum(parts.values())
        rows.append({"seat": seat, "name": name, "net_worth": worth, **parts,
                     "rank": 1 + sum(w > worth for w in worths),
                     "winner": worth == max(worths), "vinnie_scripts": 0,
                     "luxury_sales": i % 7, "karma_played": i % 5, "rigs_built": i % 9})
    day = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(1.7e9 + i * 86400))
    return {"identity": f"game:bench{i:06d}", "kind": "game", "played": day,
            "source": f"/games/{i}.toml", "round": 15, "leader": names[0],
            "duration_min": 90 + i % 60, "added": day, "players": rows}


def cpu_seconds(argv: list[str], runs: int) -> float:
    """Median CPU time (user + system) of ``runs`` runs of ``argv``, output discarded."""
    import statistics
    import subprocess

    spent = []
    for _ in range(runs):
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode:
            raise SystemExit(f"{' '.join(argv)}: exit {proc.returncode}")
        spent.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(spent)


def main() -> int:
    runs = timing.parse_runs(__doc__)
    found = timing.find_rigs()
    rigs = [found] if found else [sys.executable, "-m", "rigs_helper"]
    from rigs_helper.forecast.groupstats import summary
    from rigs_helper.store import historydb

    with tempfile.TemporaryDirectory(prefix="rigs-bench-") as tmp:
        path = Path(tmp) / "history.sqlite"
        os.environ["RIGS_HISTORY"] = str(path)  # the commands timed inherit it
        start = time.perf_counter()
        for i in range(GAMES):
            historydb.add(play(i), path)
        fill = time.perf_counter() - start
        size = path.stat().st_size
        reads = []
        for _ in range(runs):
            start = time.perf_counter()
            d = summary(historydb.plays(path))
            reads.append(time.perf_counter() - start)
        assert len(d["games"]) == GAMES
        entries = [timing.baseline(), ("rigs history", [*rigs, "history"]),
                   ("rigs history --json", [*rigs, "history", "--json"])]
        medians = timing.time_interleaved(entries, runs)
        cpu = {label: cpu_seconds(list(argv), runs) for label, argv in entries}

    timing.print_header(runs, f", `{' '.join(Path(x).name for x in rigs)}`")
    print(f"history: {GAMES} games of 4 players, {size} bytes; filled one game at a time "
          f"in {fill:.1f} s ({fill / GAMES * 1000:.1f} ms a game)")
    reads.sort()
    print(f"in process, every game read and each player's figures: "
          f"{reads[len(reads) // 2] * 1000:.1f} ms (median)")
    timing.print_ratios(medians, {})
    print("CPU time (user + system): " + "; ".join(f"{label.split(':')[0]} {t * 1000:.0f} ms"
                                                   for label, t in cpu.items()))
    failed = timing.print_seconds(medians, ["rigs history", "rigs history --json"],
                                  TARGET_SECONDS)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
