"""Is the forecast of `rigs standings` calibrated?  Hundreds of simulated games, in process.

Not a pytest test (the suite has a small version): run it directly.

    python benchmarks/bench_calibration.py [--games N] [--players P] [--samples S]

It plays N seeded games (default 200, 3 players) to the end with the rules core
(:mod:`rigs_helper.forecast.calibration`: `rigs new`, then `rigs next --auto` to the end;
odd seeds with an opening in round 1, even seeds with idle players), takes the standings at
the start of rounds 5, 10 and 14 and prints:

- the Brier score by round (sum over players of (chance - won)^2, mean over games; lower is
  better) of the forecast of the end, of the "if it ended now" figures and of a uniform
  guess;
- the reliability table: the forecast's chances in bins of 10 points against the observed
  win rate.

Targets: the forecast's Brier score below both others at rounds 5, 10 and 14, and in every
bin of 30 cases or more the observed win rate within 10 points of the mean predicted
chance.  The exit code is 1 when one is missed.
"""

from __future__ import annotations

import argparse
import sys
import time

TARGET_POINTS = 0.10
MIN_CASES = 30


def main() -> int:
    from rigs_helper.forecast.calibration import (
        METHODS,
        ROUNDS,
        brier,
        cases,
        reliability,
    )
    from rigs_helper.store.tablefiles import load_tables

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--samples", type=int, default=None,
                    help="simulated games per forecast (default: what `rigs standings` uses)")
    args = ap.parse_args()
    tables = load_tables()
    start = time.perf_counter()

    def tick(done: int, total: int) -> None:
        print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    found = cases(args.games, args.players, tables, samples=args.samples, tick=tick)
    print(file=sys.stderr)
    took = time.perf_counter() - start
    print(f"{args.games} games, {args.players} players, {len(found)} snapshots "
          f"({took:.0f} s)\n")
    print("Brier score (lower is better)\n")
    print("| round | " + " | ".join(METHODS) + " |")
    print("|---|" + "---|" * len(METHODS))
    failed = False
    for r in ROUNDS:
        scores = [brier(found, m, r) for m in METHODS]
        ok = scores[0] < min(scores[1:])
        failed |= not ok
        print(f"| {r} | " + " | ".join(f"{x:.3f}" for x in scores) + " |"
              + ("" if ok else "  <- missed"))
    print("\nReliability of the forecast (every player of every snapshot is a case)\n")
    print("| predicted | mean predicted | observed | cases |")
    print("|---|---|---|---|")
    for lo, hi, pred, seen, n in reliability(found):
        ok = n < MIN_CASES or abs(seen - pred) <= TARGET_POINTS
        failed |= not ok
        print(f"| {lo * 100:.0f}-{hi * 100:.0f}% | {pred * 100:.1f}% | {seen * 100:.1f}% | "
              f"{n} |" + ("" if ok else "  <- missed"))
    print(f"\ntargets: forecast below both baselines each round; bins of {MIN_CASES}+ cases "
          f"within {TARGET_POINTS * 100:.0f} points: {'met' if not failed else 'MISSED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
