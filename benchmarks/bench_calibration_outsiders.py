"""Win chances you can trust: the forecast of `rigs standings` judged as forecasts are, on
play it did not write (issue 44).  Brier score, log score and a reliability table per round.

Not a pytest test (the suite has a small version): run it directly, niced.

    python benchmarks/bench_calibration_outsiders.py [--games3 24] [--games4 16] [--own N]
        [--samples S] [--cache DIR] [--fit] [--train N]

The games (played once, seeded, kept in ``--cache``, default a folder under the system's
temporary folder, so a second run only forecasts):

- *outsiders* (the judged set; never used to fit anything): ``--games3`` 3-player and
  ``--games4`` 4-player games, seeds 1.., each table with at least one program of
  `outsiders.py` (random legal play, attack-everything, hoard-and-sell, trade-heavy; every
  fourth game all random players), the other seats any program of `outsiders.py` or
  `players.py`;
- *own* (``--own N``): N games of each size by the project's own programs
  (`players.py`: builder, attacker, trader, cautious seller), seeds 1..N;
- *training* (``--fit``): ``--train`` games of each size by the project's own programs,
  seeds from 100001, and as many of `rigs next --auto`'s games
  (`rigs_helper.forecast.calibration`), seeds from 100001: the trust's two figures
  (`rigs_helper/forecast/trust.py`) are fitted there (least Brier score) and printed.

Every game is played through the typed operations of the rules core (the operations the
pages post, without HTTP: cheaper on a shared machine).  At the start of rounds 5, 10 and
14 the forecast of the end (``--samples`` simulated games, default what `rigs standings`
uses), the "if it ended now" figures and a uniform guess are taken, and after the game the
winners of `rigs score`.

Printed per set and player count: Brier score by round (sum over players of (chance -
won)^2; uniform: 0.667 with 3 players, 0.75 with 4), log score by round (mean -ln of the
chance given to the winner, a tie shared; uniform: ln 3 = 1.099, ln 4 = 1.386) and the
reliability table (predicted bucket of 10 points against the observed win rate).

Targets (outsiders, each player count): the forecast's Brier score below uniform at rounds
5, 10 and 14 and on average at least 0.03 below "if it ended now"; every bucket of 30 cases
or more within 0.10 of its observed rate.  The exit code is 1 when one is missed.
"""

from __future__ import annotations

import argparse
import copyreg
import json
import math
import pickle
import sys
import tempfile
import time
import types
from pathlib import Path

import outsiders
import players

ROUNDS = (5, 10, 14)
TARGET_POINTS = 0.10
MIN_CASES = 30
TARGET_GAIN = 0.03
TRAIN_SEED = 100_001
METHODS = ("forecast", "if it ended now", "uniform")
# the game's read-only mappings kept as themselves in the cache
def _proxy(d: dict) -> types.MappingProxyType:
    return types.MappingProxyType(d)


copyreg.pickle(types.MappingProxyType, lambda m: (_proxy, (dict(m),)))


def _game(kind: str, n: int, seed: int, tables, cache: Path):
    """(snapshots, winners, records, styles) of one game, played once and kept."""
    path = cache / f"{kind}-{n}-{seed}.pickle"
    if path.exists():
        with path.open("rb") as f:
            return pickle.load(f)
    if kind == "outsiders":
        styles = outsiders.table_styles(n, seed)
        snaps, won, records = outsiders.play_game(styles, seed, tables)
    elif kind == "auto":
        from rigs_helper.forecast.calibration import play_game

        styles = ["auto"] * n
        snaps, won, records = play_game(n, seed, tables, opening=seed % 2 == 1)
    else:
        styles = players.table_styles(n, seed)
        snaps, won, records = players.play_game(styles, seed, tables)
    out = (snaps, won, records, styles)
    tmp = path.with_suffix(".tmp")
    with tmp.open("wb") as f:
        pickle.dump(out, f)
    tmp.replace(path)
    return out


def rows_of(kind: str, n: int, seeds, tables, cache: Path, samples: int | None,
            tick) -> list[dict]:
    """Each snapshot of the games: the forecast's chances (final and before the trust),
    what the trust reads, the other methods' chances and the winners."""
    from rigs_helper.forecast.final import DRAWS, forecast
    from rigs_helper.forecast.standings import compute_now

    out = []
    for k, seed in enumerate(seeds):
        snaps, won, records, styles = _game(kind, n, seed, tables, cache)
        for g, rec in zip(snaps, records):
            f = forecast(g, tables, games=samples, record=rec)
            now = compute_now(g, tables, samples=5000)
            out.append({"kind": kind, "players": n, "seed": seed, "round": g.round,
                        "styles": styles, "won": list(won),
                        "sim": list(f.simulated), "left": len(g.market.game),
                        "fit": f.fit, "draws": f.games * DRAWS,
                        "chances": {"forecast": list(f.win),
                                    "if it ended now": [p.win_probability
                                                        for p in now.players],
                                    "uniform": [1 / n] * n}})
        tick(f"{kind} {n}p", k + 1, len(seeds))
    return out


def brier(rows: list[dict], method: str, round_: int | None = None) -> float:
    sel = [r for r in rows if round_ is None or r["round"] == round_]
    if not sel:
        return float("nan")
    return sum(sum((p - w) ** 2 for p, w in zip(r["chances"][method], r["won"]))
               for r in sel) / len(sel)


def log_score(rows: list[dict], method: str, round_: int | None = None) -> float:
    """Mean -ln(chance given to the winner); a tie: the mean over the tied winners."""
    sel = [r for r in rows if round_ is None or r["round"] == round_]
    if not sel:
        return float("nan")
    total = 0.0
    for r in sel:
        ws = [p for p, w in zip(r["chances"][method], r["won"]) if w]
        total += sum(-math.log(max(p, 1e-4)) for p in ws) / len(ws)
    return total / len(sel)


def reliability(rows: list[dict], method: str = "forecast", bins: int = 10):
    acc = [[0.0, 0, 0] for _ in range(bins)]
    for r in rows:
        for p, w in zip(r["chances"][method], r["won"]):
            b = min(bins - 1, int(p * bins))
            acc[b][0] += p
            acc[b][1] += w
            acc[b][2] += 1
    return [(b / bins, (b + 1) / bins, s / n, won / n, int(n))
            for b, (s, won, n) in enumerate(acc) if n]


def chart(rows: list[dict], width: int = 50) -> str:
    """The reliability diagram in text: per bucket, the observed win rate as a bar of #
    (width = 100%) and the mean predicted chance as a | (on the diagonal when calibrated)."""
    out = [f"predicted  {'observed (#) against predicted (|)':<{width}}  cases"]
    for lo, hi, pred, seen, n in reliability(rows):
        cells = ["#" if k < round(seen * width) else " " for k in range(width)]
        at = min(width - 1, int(pred * width))
        cells[at] = "|"
        out.append(f"{lo * 100:3.0f}-{hi * 100:3.0f}%  {''.join(cells)}  {n:5d}")
    return "\n".join(out)


def report(rows: list[dict], title: str, judged: bool) -> bool:
    print(f"\n## {title} ({len(rows)} snapshots)\n")
    print("| round | " + " | ".join(f"Brier: {m}" for m in METHODS) + " | "
          + " | ".join(f"log: {m}" for m in METHODS) + " |")
    print("|---|" + "---|" * 2 * len(METHODS))
    ok = True
    gains = []
    for r in ROUNDS:
        b = [brier(rows, m, r) for m in METHODS]
        lg = [log_score(rows, m, r) for m in METHODS]
        below = b[0] < b[2]
        ok &= below
        gains.append(b[1] - b[0])
        print(f"| {r} | " + " | ".join(f"{x:.3f}" for x in b + lg) + " |"
              + ("" if below else "  <- not below uniform"))
    gain = sum(gains) / len(gains)
    ok &= gain >= TARGET_GAIN
    print(f"\nmean gain over \"if it ended now\" (Brier): {gain:.3f} "
          f"(target >= {TARGET_GAIN})")
    print("\n| predicted | mean predicted | observed | cases |")
    print("|---|---|---|---|")
    for lo, hi, pred, seen, n in reliability(rows):
        good = n < MIN_CASES or abs(seen - pred) <= TARGET_POINTS
        ok &= good
        print(f"| {lo * 100:.0f}-{hi * 100:.0f}% | {pred * 100:.1f}% | {seen * 100:.1f}% | "
              f"{n} |" + ("" if good else "  <- missed"))
    print("\n```\n" + chart(rows) + "\n```")
    return ok or not judged


def refit(rows: list[dict]) -> None:
    """The trust's figures with the least Brier score on ``rows``, and the rows' chances
    recomputed with them."""
    from rigs_helper.forecast import trust

    best = None
    for a in [x / 4 for x in range(-8, 17)]:
        for b in [x / 4 for x in range(0, 25)]:
            figures = (a, b)
            s = 0.0
            for r in rows:
                p = trust.trusted(r["sim"], r["left"], r["fit"], r["draws"], figures)
                s += sum((x - w) ** 2 for x, w in zip(p, r["won"]))
            if best is None or s < best[0]:
                best = (s, figures)
    assert best is not None
    print(f"least Brier score on {len(rows)} training snapshots: {best[0] / len(rows):.4f} "
          f"at LEVEL, SLOPE = {best[1]}")


def _retrust(rows: list[dict]) -> None:
    """The forecast's chances of kept rows recomputed with the trust's current figures."""
    from rigs_helper.forecast.trust import trusted

    for r in rows:
        r["chances"]["forecast"] = trusted(r["sim"], r["left"], r["fit"], r["draws"])


def main() -> int:
    from rigs_helper.store.tablefiles import load_tables

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games3", type=int, default=24)
    ap.add_argument("--games4", type=int, default=16)
    ap.add_argument("--own", type=int, default=0, help="games of each size by players.py")
    ap.add_argument("--samples", type=int, default=None)
    ap.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "rigs-bench-games"))
    ap.add_argument("--fit", action="store_true", help="fit the trust on training games")
    ap.add_argument("--train", type=int, default=30)
    ap.add_argument("--rows", help="keep the snapshots' figures in this JSON file (written "
                    "once, then read: only the trust is recomputed)")
    args = ap.parse_args()
    tables = load_tables()
    cache = Path(args.cache)
    cache.mkdir(parents=True, exist_ok=True)
    start = time.process_time()

    def tick(what: str, done: int, total: int) -> None:
        print(f"\r{what}: {done}/{total} games", end="", file=sys.stderr, flush=True)

    kept = Path(args.rows) if args.rows else None
    if kept is not None and kept.exists():
        every = json.loads(kept.read_text())
        _retrust(every)
    else:
        every = []
        if args.fit:
            seeds = range(TRAIN_SEED, TRAIN_SEED + args.train)
            for n in (3, 4):
                every += rows_of("own", n, seeds, tables, cache, args.samples, tick)
                every += rows_of("auto", n, seeds, tables, cache, args.samples, tick)
        else:
            for n, games in ((3, args.games3), (4, args.games4)):
                every += rows_of("outsiders", n, range(1, games + 1), tables, cache,
                                 args.samples, tick)
            for n in (3, 4):
                every += rows_of("own", n, range(1, args.own + 1), tables, cache,
                                 args.samples, tick)
        print(file=sys.stderr)
        if kept is not None:
            kept.write_text(json.dumps(every))
    if args.fit:
        refit(every)
        return 0
    ok = True
    for kind, judged in (("outsiders", True), ("own", False)):
        both = [r for r in every if r["kind"] == kind]
        if {r["players"] for r in both} == {3, 4}:
            print(f"\n## {kind}, 3 and 4 players: reliability ({len(both)} snapshots)\n")
            print("\n".join(f"| {lo * 100:.0f}-{hi * 100:.0f}% | {pred * 100:.1f}% | "
                            f"{seen * 100:.1f}% | {n} |"
                            for lo, hi, pred, seen, n in reliability(both)))
            print("\n```\n" + chart(both) + "\n```")
        for n in (3, 4):
            rows = [r for r in every if r["kind"] == kind and r["players"] == n]
            if rows:
                games = len({r["seed"] for r in rows})
                title = ("outsiders" if judged else "the project's own programs")
                ok &= report(rows, f"{title}, {n} players, {games} games", judged)
    print(f"\n{time.process_time() - start:.0f} s of CPU; targets: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
