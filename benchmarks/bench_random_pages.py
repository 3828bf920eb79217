"""Random games played only through the pages' HTTP API, as OpenSpiel tests its games.

Not a pytest test: run it directly (with the test dependencies installed).

    python benchmarks/bench_random_pages.py [--games N] [--seconds S] [--steps K]

Each game: 2, 3 or 4 players in turn, `--dice rigs` and `--dice table` in turn, a table
that records its own cards and one that lets rigs draw, two by two (every mix within 12
games); the random player of
tests/randomplayer.py plays it to the score (or K steps).  Printed, per game and in all:
refusals of requests built from the list, terminal interventions (nobody had an action),
server tracebacks (answers 500), file reload errors, games finished (target: 0, 0, 0, 0,
all); and where the table records its own cards, the Karma cards in the books' hands that
the table never recorded (rigs drew them: the draws the pages cannot record yet).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from randomplayer import one_game  # noqa: E402 - tests/ is put on the path just above


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seconds", type=float, default=0, help="stop starting games after")
    ap.add_argument("--steps", type=int, default=2500)
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--mix", type=int, default=0, help="start at this mix (0-11)")
    args = ap.parse_args()
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    names = ["Ana", "Bo", "Cy", "Di"]
    total = {"games": 0, "finished": 0, "steps": 0, "refusals": 0, "terminal": 0,
             "tracebacks": 0, "reload errors": 0, "cards rigs drew (table cards)": 0}
    start = time.monotonic()
    for i in range(args.games):
        if args.seconds and time.monotonic() - start > args.seconds:
            break
        seed, m = args.first_seed + i, args.mix + i
        n, dice, virtual = 2 + m % 3, ("rigs", "table")[m % 2], bool(m // 2 % 2)
        t = time.monotonic()
        r = one_game(names[:n], seed, dice, virtual, tables, args.steps)
        total["games"] += 1
        total["finished"] += r.finished
        total["steps"] += r.steps
        total["refusals"] += len(r.refusals)
        total["terminal"] += len(r.terminal)
        total["tracebacks"] += len(r.tracebacks)
        total["reload errors"] += len(r.reload_errors)
        total["cards rigs drew (table cards)"] += len(r.rigs_drew)
        print(f"seed {seed}: {n} players, --dice {dice}, "
              f"{'virtual draws' if virtual else 'table cards'}: {r.steps} steps, "
              f"{'finished' if r.finished else 'NOT finished (' + r.where + ')'}, "
              f"{time.monotonic() - t:.0f} s", flush=True)
        for line in r.failures()[:5]:
            print("   ", line[:300], flush=True)
    print("in all: " + ", ".join(f"{k} {v}" for k, v in total.items()))
    bad = total["refusals"] + total["terminal"] + total["tracebacks"] + total["reload errors"]
    return 1 if bad or total["finished"] < total["games"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
