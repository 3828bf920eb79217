"""Is the forecast of `rigs standings` calibrated on games it did not write?  Games played
by the player programs of `benchmarks/players.py` (a builder, an attacker who plays Karma
cards, a trader, a cautious seller, and mixed tables), 3 and 4 players, in process.

Not a pytest test (the suite has a small version): run it directly, niced.

    python benchmarks/bench_calibration_players.py [--games N] [--samples S] [--save F]
    python benchmarks/bench_calibration_players.py --fit [--train N] [--samples S]
    python benchmarks/bench_calibration_players.py --load F [F ...] [--spread X]

It plays N seeded games (default 150) for each of 3 and 4 players, each seat a style of
`players.py` (`players.table_styles`), through the typed operations of the rules core; at the
start of rounds 5, 10 and 14 it takes the forecast of the end, the "if it ended now"
figures and a uniform guess, and after the game `rigs score`'s winners.  It prints, for 3
players, 4 players and both: the Brier score by round (sum over players of (chance -
won)^2, mean over snapshots; lower is better) and the reliability table of the forecast.

``--fit`` plays the *training* games instead (seeds from 100001: never the evaluation's
seeds 1..N) and prints the temperature spread with the least Brier score there: the figure
`rigs_helper/forecast/temper.py` holds.  ``--save``/``--load`` keep the untempered chances
of a run in a JSON file, so another spread can be scored without playing again.

Targets: the forecast's Brier score below uniform at rounds 5, 10 and 14 and, averaged over
the three rounds, at least 0.03 below "if it ended now" (3 and 4 players each); in every
bin of 30 cases or more the observed win rate within 10 points of the mean predicted
chance.  The exit code is 1 when one is missed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import players  # benchmarks/players.py: this script's folder is first on sys.path

TARGET_POINTS = 0.10
MIN_CASES = 30
TARGET_GAIN = 0.03
TRAIN_SEED = 100_001
METHODS = ("forecast", "if it ended now", "uniform", "untempered")


def play(seeds, counts, tables, samples: int, now_samples: int, tick) -> list[dict]:
    from rigs_helper.forecast.calibration import scored

    out = []
    total = len(seeds) * len(counts)
    done = 0
    for n in counts:
        for seed in seeds:
            snaps, won, records = players.play_game(players.table_styles(n, seed), seed,
                                                    tables)
            for c in scored(snaps, won, tables, samples, now_samples, untempered=True,
                            records=records):
                out.append({"players": n, "seed": seed, "round": c.round,
                            "chances": {k: list(v) for k, v in c.chances.items()},
                            "won": list(c.won)})
            done += 1
            tick(done, total)
    return out


def retemper(rows: list[dict], spread: float | None, samples: int) -> list:
    """The rows as calibration Cases, the forecast tempered with ``spread`` (None: the
    forecast as `rigs standings` gives it, the trust of `rigs_helper/forecast/trust.py`
    included; "untempered" is the simulated shares before it)."""
    from rigs_helper.forecast.calibration import Case
    from rigs_helper.forecast.final import DRAWS
    from rigs_helper.forecast.temper import tempered

    out = []
    for r in rows:
        ch = dict(r["chances"])
        left = 16 - r["round"]  # Game Market cards still to draw at the round's start
        if spread is not None:
            ch["forecast"] = tempered(ch["untempered"], left, samples * DRAWS, spread)
        out.append(Case(r["round"], {k: tuple(v) for k, v in ch.items()}, tuple(r["won"])))
    return out


def fit(rows: list[dict], samples: int) -> float:
    from rigs_helper.forecast.calibration import brier

    best = None
    for k in range(0, 61):
        spread = k / 10
        b = brier(retemper(rows, spread, samples), "forecast")
        if best is None or b < best[0]:
            best = (b, spread)
    print(f"least Brier score on {len(rows)} training snapshots: {best[0]:.4f} at spread "
          f"{best[1]:.1f}")
    return best[1]


def report(found: list, title: str) -> bool:
    from rigs_helper.forecast.calibration import ROUNDS, brier, reliability

    print(f"\n## {title} ({len(found)} snapshots)\n")
    print("| round | " + " | ".join(METHODS) + " |")
    print("|---|" + "---|" * len(METHODS))
    ok = True
    gains = []
    for r in ROUNDS:
        scores = [brier(found, m, r) for m in METHODS]
        below = scores[0] < scores[2]
        ok &= below
        gains.append(scores[1] - scores[0])
        print(f"| {r} | " + " | ".join(f"{x:.3f}" for x in scores) + " |"
              + ("" if below else "  <- not below uniform"))
    gain = sum(gains) / len(gains)
    ok &= gain >= TARGET_GAIN
    print(f"\nmean gain over \"if it ended now\": {gain:.3f} (target >= {TARGET_GAIN})")
    print("\n| predicted | mean predicted | observed | cases |")
    print("|---|---|---|---|")
    for lo, hi, pred, seen, n in reliability(found):
        good = n < MIN_CASES or abs(seen - pred) <= TARGET_POINTS
        ok &= good
        print(f"| {lo * 100:.0f}-{hi * 100:.0f}% | {pred * 100:.1f}% | {seen * 100:.1f}% | "
              f"{n} |" + ("" if good else "  <- missed"))
    return ok


def main() -> int:
    from rigs_helper.forecast.final import DEFAULT_GAMES
    from rigs_helper.forecast.temper import SPREAD
    from rigs_helper.store.tablefiles import load_tables

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150, help="games per player count")
    ap.add_argument("--train", type=int, default=60, help="training games per player count")
    ap.add_argument("--samples", type=int, default=None,
                    help="simulated games per forecast (default: what `rigs standings` uses)")
    ap.add_argument("--now-samples", type=int, default=5000)
    ap.add_argument("--fit", action="store_true", help="fit the spread on training games")
    ap.add_argument("--save", help="write the untempered chances to this JSON file")
    ap.add_argument("--load", nargs="+", help="score saved runs instead of playing")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4], choices=(3, 4),
                    help="player counts to play (runs of each can be saved and loaded "
                    "together)")
    ap.add_argument("--spread", type=float, default=None,
                    help="temper the simulated shares with this spread instead of the "
                    f"forecast's trust (the old figure: {SPREAD})")
    args = ap.parse_args()
    tables = load_tables()
    start = time.perf_counter()

    def tick(done: int, total: int) -> None:
        print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

    if args.load:
        rows = []
        for name in args.load:
            with open(name) as f:
                saved = json.load(f)
            rows += saved["rows"]
            samples = saved["samples"]
    else:
        first = TRAIN_SEED if args.fit else 1
        count = args.train if args.fit else args.games
        samples = args.samples or DEFAULT_GAMES
        rows = play(range(first, first + count), args.players, tables, samples,
                    args.now_samples, tick)
        print(file=sys.stderr)
        if args.save:
            with open(args.save, "w") as f:
                json.dump({"samples": samples, "fit": args.fit, "rows": rows}, f)
    print(f"{len(rows)} snapshots ({time.perf_counter() - start:.0f} s), "
          f"{samples} simulated games per forecast")
    if args.fit:
        fit(rows, samples)
        return 0
    ok = True
    for n in sorted({r["players"] for r in rows}):
        ok &= report(retemper([r for r in rows if r["players"] == n], args.spread, samples),
                     f"{n} players, spread {args.spread}")
    report(retemper(rows, args.spread, samples), f"3 and 4 players, spread {args.spread}")
    print(f"\ntargets: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
