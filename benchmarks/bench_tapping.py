"""Whole games played by taps, as people play them (issue #38): the tapping player of
tests/tapper.py (a real Chromium at 390×844, only the visible labelled controls of the
pages, never actions.json) plays each game to the score over the mixes: 2, 3 and 4
players × cards rigs|table × dice rigs|table × a full or a partial set (a partial set is
the table's cards: `--have` implies `--cards table`).

Not a pytest test: run it directly (with the test dependencies and Chromium installed).

    python benchmarks/bench_tapping.py [--games N] [--rounds R] [--seconds S]

Printed per game and in all: the problems a person would notice after a tap (4xx/5xx
answers, unlabelled, duplicated or cut labels, a decision shown that is not the player's
pending, refusals, stalls), taps per intention (median by kind), and tap-to-board latency:
from the tap that sends a form until the board's ``state.json`` carries the change (the
board's page adds its own poll, layout.POLL_MS, on top).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
PARTIAL = ROOT / "examples" / "inventory-partial.toml"
NAMES = ["Ana", "Bo", "Cy", "Dee"]


def mixes() -> list[tuple[int, str, str, bool]]:
    """(players, cards, dice, partial): every mix, players varying fastest."""
    out = []
    for cards, partial in (("rigs", False), ("table", False), ("table", True)):
        for dice in ("rigs", "table"):
            for n in (2, 3, 4):
                out.append((n, cards, dice, partial))
    return out


def play(seed: int, n: int, cards: str, dice: str, partial: bool, rounds: int):
    from browserhelp import start_browser
    from randomplayer import new_game, served
    from tapper import Tapper
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    folder = Path(tempfile.mkdtemp(prefix="rigs-tap-"))
    game = new_game(folder, NAMES[:n], seed, dice, PARTIAL if partial else None,
                    None if partial else cards)
    driver = start_browser(folder)
    try:
        with served(game, tables) as (server, tokens):
            base = f"http://127.0.0.1:{server.server_address[1]}"
            tapper = Tapper(driver, base, tokens, game, tables, random.Random(seed))
            tapper.latencies = []
            t0 = time.monotonic()
            report = tapper.play(rounds + 1, max_taps=4000)
            took = time.monotonic() - t0
    finally:
        driver.quit()
    g = session.load(game, tables).game
    return report, tapper.latencies, g, took


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=15, help="stop after this round")
    ap.add_argument("--seconds", type=float, default=1800)
    ap.add_argument("--first-seed", type=int, default=300)
    args = ap.parse_args()
    start = time.monotonic()
    taps: dict[str, list[float]] = defaultdict(list)
    lat: list[float] = []
    problems = Counter()
    played = finished = 0
    load = os.getloadavg()[0]
    for i, (n, cards, dice, partial) in enumerate((mixes() * 10)[:args.games]):
        if time.monotonic() - start > args.seconds:
            break
        report, latencies, g, took = play(args.first_seed + i, n, cards, dice, partial,
                                          args.rounds)
        played += 1
        done = g.game_over and bool(g.endgame.plot_values) if args.rounds >= 15 else \
            g.round > args.rounds
        finished += done
        for kind, k in report.intentions.items():
            taps[kind] += [report.taps_per[kind] / k]
        lat += latencies
        for what in ("bad", "unlabelled", "duplicated", "cut", "mismatched", "refused",
                     "stuck"):
            problems[what] += len(getattr(report, what))
        print(f"{n}p cards {cards} dice {dice}{' partial' if partial else ''}: round "
              f"{g.round} {g.phase}{' (done)' if done else ''}, {report.taps} taps, "
              f"{took:.0f} s, problems {len(report.problems())}"
              + "".join(f"\n   - {p}" for p in report.problems()[:5]), flush=True)
    print(f"\n{played} games, {finished} played as far as asked; problems: {dict(problems)}")
    print("taps per intention (median): " + ", ".join(
        f"{k} {statistics.median(v):.1f}" for k, v in sorted(taps.items())))
    if lat:
        q = statistics.quantiles(lat, n=10)
        print(f"tap to board: median {statistics.median(lat) * 1000:.0f} ms, p90 "
              f"{q[-1] * 1000:.0f} ms ({len(lat)} taps; load average {load:.2f} at start)")


if __name__ == "__main__":
    main()
