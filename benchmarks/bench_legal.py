"""The list of legal actions: what one player's `actions.json` costs, in process.

Not a pytest test: run it directly (`python benchmarks/bench_legal.py [--runs N]`).

It plays a 4-player game (seed 7) to its end in process, each phase with a few listed
actions then `next --auto`, and times `actions_json` for every player in every state
(N runs each, default 20; the median per state and player).  It prints the median and the
95th percentile of those, in ms and as a ratio to the baseline (a Python process importing
typer, rich.console and tomllib, measured in the same run).  Target: the 95th percentile
under 0.1x the baseline (a phone's page asks for it on every change).  The exit code is 1
when the target is missed.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import timing  # benchmarks/timing.py: this script's folder is first on sys.path

TARGET = 0.1


def states(tables):
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.legal import legal_actions, operation
    from rigs_helper.games.rigs.phases import NextPhase
    from rigs_helper.games.rigs.setup import new_game

    rnd = random.Random(7)
    g = new_game(["Ana", "Bo", "Cy", "Di"], 7, tables).game
    out = [g]
    while not g.game_over:
        for _ in range(3):
            who = rnd.choice(g.players).name
            acts = [a for a in legal_actions(g, tables, who)
                    if a.action not in ("done", "karma draw", "karma swap")
                    and a.total is None]
            if not acts:
                continue
            a = rnd.choice(acts)
            form = {p.name: [p.values[0] if p.values else str(p.min)]
                    for p in a.params if p.required}
            try:
                g = perform(g, operation(g, tables, who, a.action, form), tables).game
            except ValueError:
                continue
            out.append(g)
        g = perform(g, NextPhase(auto=True), tables).game
        out.append(g)
    return out


def main() -> int:
    runs = timing.parse_runs(__doc__)
    base = statistics.median(timing.time_once(timing.baseline()[1]) for _ in range(5))
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))
    from rigs_helper.games.rigs.legal import actions_json
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    medians = []
    for g in states(tables):
        for p in g.players:
            times = []
            for _ in range(runs):
                t0 = time.perf_counter()
                actions_json(g, tables, p.name)
                times.append(time.perf_counter() - t0)
            medians.append(statistics.median(times))
    mid = statistics.median(medians)
    worst = statistics.quantiles(medians, n=20)[-1]  # the 95th percentile
    print(f"{runs} runs each, {len(medians)} states x players, Python "
          f"{sys.version.split()[0]}")
    print(f"baseline: import typer, rich.console, tomllib  {base * 1000:8.1f} ms   1.00x")
    print(f"actions_json, median state                 {mid * 1000:8.1f} ms   "
          f"{mid / base:.3f}x")
    ok = worst / base <= TARGET
    print(f"actions_json, 95th percentile             {worst * 1000:8.1f} ms   "
          f"{worst / base:.3f}x  (target <= {TARGET}x: {'ok' if ok else 'MISSED'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
