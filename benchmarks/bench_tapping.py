"""Whole games played by taps, as people play them (issue #38): the tapping player of
tests/tapper.py (a real Chromium, a tab per phone at 390×844 and one for the board at
1920×1080, only the visible labelled controls of the pages, never actions.json) plays
each game to the score over the 24 mixes: 2, 3 and 4 players × dice rigs|table × four
sets (rigs holds the cards; the table holds a full set; a partial set; half the Karma
deck), one game per mix.

Not a pytest test: run it directly (with the test dependencies and Chromium installed),
under `nice` on a shared machine.

    python benchmarks/bench_tapping.py [--games N] [--rounds R] [--seconds S] [--skip N]
        [--players 3,4] [--sets rigs,table,partial,partial-karma] [--dice rigs,table]
        [--jobs J] [--stop-after S] [--out FILE [--resume]] [--summary FILE]

``--games N`` plays mixes ``--skip`` to ``--skip + N - 1`` (mix i with seed
``--first-seed + i``; past 23 the mixes come round again with new seeds), only those of
the ``--players``, ``--sets`` and ``--dice`` given; ``--jobs J`` plays J games at once
(a browser and a server each); ``--resume`` leaves out the games ``--out`` already
holds played to the end (a run cut short goes on where it stopped); ``--stop-after S``
stops the games still going S seconds after the start, their figures kept (marked not
scored).

Printed per game and in all: the problems a person would notice after a tap (4xx/5xx
answers, unlabelled, duplicated or cut labels, a decision shown that is not the player's
pending, refusals, stalls: no terminal command is ever used), taps per intention against
the issue's targets, and latency from the tap that sends a form until the board and each
other phone show the new state (median, p90), with the load average it ran under.
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


#: the sets a game is played with: rigs holds every card; the table holds a full set; the
#: table holds a partial set (examples/inventory-partial.toml: six Disaster cards and every
#: Karma card missing); the table holds half of the Karma deck (the rest rigs deals)
SETS = ("rigs", "table", "partial", "partial-karma")


def mixes() -> list[tuple[int, str, str]]:
    """(players, set, dice): the 24 mixes, ordered so that any first few differ in every
    respect (a run cut short still covers the sets, the dice and the numbers of players)."""
    every = [(n, cards, dice) for cards in SETS for dice in ("rigs", "table")
             for n in (2, 3, 4)]
    out: list[tuple[int, str, str]] = []
    step = 0
    while every:  # players, sets and dice each turn at their own pace
        pick = [m for m in every if m[0] == 2 + step % 3 and m[1] == SETS[step % 4]] or \
            [m for m in every if m[1] == SETS[step % 4]] or every
        m = pick[(step // 4) % len(pick)]
        every.remove(m)
        out.append(m)
        step += 1
    return out


def inventory(folder: Path, cards: str, tables) -> Path | None:
    """The group's inventory (`rigs new --have`) for ``cards``, None for a full set."""
    if cards == "partial":
        return PARTIAL
    if cards != "partial-karma":
        return None
    import tomli_w

    titles = sorted({c.title for c in tables.karma})
    path = folder / "inventory-half-karma.toml"
    path.write_text(tomli_w.dumps({"karma": {"missing": titles[::2]}}), encoding="utf-8")
    return path


def play(seed: int, n: int, cards: str, dice: str, rounds: int, until: float | None = None):
    from browserhelp import start_browser
    from randomplayer import new_game, served
    from tapper import Tapper
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    folder = Path(tempfile.mkdtemp(prefix="rigs-tap-"))
    have = inventory(folder, cards, tables)
    game = new_game(folder, NAMES[:n], seed, dice, have, None if have else cards)
    driver = start_browser(folder)
    try:
        with served(game, tables) as (server, tokens):
            base = f"http://127.0.0.1:{server.server_address[1]}"
            tapper = Tapper(driver, base, tokens, game, tables, random.Random(seed),
                            board=True)
            t0 = time.monotonic()
            report = tapper.play(rounds + 1, max_taps=6000, until=until)
            took = time.monotonic() - t0
    finally:
        driver.quit()
    g = session.load(game, tables).game
    return report, tapper.latencies, g, took


#: the intentions the issue sets a target for: the kinds of action they post, and the
#: most taps each may take
TARGETS = {"a move": (("move", "build"), 4), "a deal": (("deal propose",), 5),
           "a Disaster record": (("disaster record",), 3),
           "the End Game record": (("score",), 10)}


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def summary(games: list[dict], whole: bool = True) -> str:
    """The figures of ``games`` (each as written by ``--out``): problems, taps per
    intention against the targets, latencies and the load, as Markdown."""
    taps: dict[str, list[int]] = defaultdict(list)  # kind -> taps of each intention
    lat: dict[str, list[float]] = defaultdict(list)
    problems = [p for g in games for p in g["problems"]]
    for g in games:
        for kind, each in g["each"].items():
            taps[kind] += each
        for k, v in g["latencies"].items():
            lat[k] += v
    loads = [x for g in games for x in g["loads"]]
    scored = sum(g["scored"] for g in games)
    per = Counter(f"{g['players']}p {g['cards']} dice {g['dice']}" for g in games)
    kinds = [f"{k}: {v}" for k, v in sorted(per.items())]
    out = [f"{len(games)} games, {scored} played {'to the score' if whole else 'as far as asked'}"
           f" (games per mix: {', '.join(kinds)});"
           f" {sum(g['taps'] for g in games)} taps; terminal commands 0; problems "
           f"{len(problems)}" + "".join(f"\n   - {p}" for p in problems[:12]), "",
           "| intention | taps: median | max | count | target |", "|---|---|---|---|---|"]
    for what, (kinds, most) in TARGETS.items():
        v = [t for k in kinds for t in taps.get(k, [])]
        out.append(f"| {what} | {statistics.median(v):g} | {max(v)} | {len(v)} | <= {most} |"
                   if v else f"| {what} | none met | | 0 | <= {most} |")
    score: dict[str, list[int]] = defaultdict(list)
    for g in games:
        score[g["cards"]] += g["each"].get("score", [])
    out.append("")
    out.append("The End Game record by set (median/max/count): " + ", ".join(
        f"{k} {statistics.median(v):g}/{max(v)}/{len(v)}" for k, v in sorted(score.items())
        if v))
    took: dict[int, list[float]] = defaultdict(list)
    for g in games:
        if g["scored"]:
            took[g["players"]].append(g["seconds"] / 60)
    out.append("Minutes per whole game (median, max): " + ", ".join(
        f"{n} players {statistics.median(v):.1f}, {max(v):.1f}" for n, v in
        sorted(took.items())))
    out += ["", "Every kind (median/max/count): " + ", ".join(
        f"{k} {statistics.median(v):g}/{max(v)}/{len(v)}" for k, v in sorted(taps.items())),
        ""]
    for k in ("board", "phones"):
        v = lat[k]
        if v:
            out.append(f"Tap to {'the board' if k == 'board' else 'other phones'}: median "
                       f"{statistics.median(v) * 1000:.0f} ms, p90 {pct(v, 0.9) * 1000:.0f} "
                       f"ms ({len(v)} states shown).")
    out.append(f"Pages reloaded by hand (no change shown within 5 s; not timed): "
               f"{sum(g.get('reloaded', 0) for g in games)}.")
    if loads:
        out.append(f"Load average (1 min) during the games: {min(loads):.1f}"
                   f" to {max(loads):.1f}, median {statistics.median(loads):.1f}.")
    return "\n".join(out)


def one(i: int, seed: int, n: int, cards: str, dice: str, rounds: int,
        stop: float | None = None) -> tuple[dict, str]:
    """Mix ``i``'s game (in a process of its own with ``--jobs``): its figures (a line of
    ``--out``) and its line of the log; ``stop``: the wall clock (time.time) at which a
    game still going is stopped (its figures kept, not scored)."""
    import threading

    load0 = os.getloadavg()[0]
    loads = [load0]
    over = threading.Event()

    def sample() -> None:  # the load while the game is played, not only at its ends
        while not over.wait(30):
            loads.append(os.getloadavg()[0])
    threading.Thread(target=sample, daemon=True).start()
    until = None if stop is None else time.monotonic() + (stop - time.time())
    try:
        report, latencies, g, took = play(seed, n, cards, dice, rounds, until)
    except Exception as exc:  # noqa: BLE001 - a game that broke is a finding, not the end
        over.set()
        problem = f"the game broke: {type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
        game = {"mix": i, "seed": seed, "players": n, "cards": cards, "dice": dice,
                "scored": False, "round": 0, "taps": 0, "seconds": 0, "each": {},
                "latencies": {"board": [], "phones": []},
                "loads": [load0, os.getloadavg()[0]], "problems": [problem], "reloaded": 0}
        return game, f"mix {i}: {n}p cards {cards} dice {dice}: {problem}"
    over.set()
    done = g.game_over and bool(g.endgame.plot_values) if rounds >= 15 else g.round > rounds
    game = {"mix": i, "seed": seed, "players": n, "cards": cards, "dice": dice,
            "scored": done, "round": g.round, "taps": report.taps, "seconds": took,
            "each": report.each, "latencies": latencies,
            "loads": [*loads, os.getloadavg()[0]], "problems": report.problems(),
            "reloaded": report.reloaded}
    b = latencies["board"]
    line = (f"mix {i}: {n}p cards {cards} dice {dice}: round {g.round} {g.phase}"
            f"{(' (scored)' if rounds >= 15 else ' (done)') if done else ''}, "
            f"{report.taps} taps, {took:.0f} s, board median "
            f"{statistics.median(b) * 1000 if b else 0:.0f} ms, problems "
            f"{len(report.problems())}" + "".join(f"\n   - {p}" for p in
                                                  report.problems()[:8]))
    return game, line


def main() -> None:
    import json
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from multiprocessing import get_context

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--rounds", type=int, default=15, help="stop after this round")
    ap.add_argument("--seconds", type=float, default=3600,
                    help="start no game after this many seconds")
    ap.add_argument("--first-seed", type=int, default=300)
    ap.add_argument("--skip", type=int, default=0, help="start at this mix (0-23)")
    ap.add_argument("--players", default="2,3,4", help="only these numbers of players")
    ap.add_argument("--sets", default=",".join(SETS), help="only these sets")
    ap.add_argument("--dice", default="rigs,table", help="only these dice")
    ap.add_argument("--mixes", help="only these mixes, e.g. 10,11,14,16-20 (0-23)")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once")
    ap.add_argument("--stop-after", type=float,
                    help="stop every game still going after this many seconds (its "
                    "figures kept, not scored)")
    ap.add_argument("--resume", action="store_true",
                    help="skip the games --out already holds played to the end")
    ap.add_argument("--out", type=Path, help="append each game's figures (JSON lines)")
    ap.add_argument("--summary", type=Path, help="print the figures of a file --out wrote")
    args = ap.parse_args()
    if args.summary:
        print(summary([json.loads(x) for x in args.summary.read_text().splitlines()
                       if x.strip()]))
        return
    start = time.monotonic()
    order = mixes()
    players = {int(x) for x in args.players.split(",")}
    sets, dice = set(args.sets.split(",")), set(args.dice.split(","))
    chosen = set(range(len(order)))
    if args.mixes:
        chosen = set()
        for part in args.mixes.split(","):
            lo, _, hi = part.partition("-")
            chosen |= set(range(int(lo), int(hi or lo) + 1))
    held = set()
    if args.resume and args.out and args.out.exists():
        held = {(g["mix"], g.get("seed")) for g in (
            json.loads(x) for x in args.out.read_text().splitlines() if x.strip())
            if g["scored"]}  # a game stopped before the score is played again
    todo = []
    for i in range(args.skip, args.skip + args.games):
        n, cards, d = order[i % len(order)]
        seed = args.first_seed + i
        if n in players and cards in sets and d in dice and i % len(order) in chosen \
                and (i % len(order), seed) not in held:
            todo.append((i % len(order), seed, n, cards, d, args.rounds,
                         None if args.stop_after is None else time.time() + args.stop_after))
    games = []

    def done(game: dict, line: str) -> None:
        games.append(game)
        if args.out:
            with args.out.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(game) + "\n")
        print(line, flush=True)

    if args.jobs <= 1:
        for job in todo:
            if time.monotonic() - start > args.seconds:
                break
            done(*one(*job))
    else:
        with ProcessPoolExecutor(args.jobs, mp_context=get_context("spawn")) as pool:
            running: set = set()
            while todo or running:
                while todo and len(running) < args.jobs and \
                        time.monotonic() - start <= args.seconds:
                    running.add(pool.submit(one, *todo.pop(0)))
                if not running:
                    break
                finished, running = wait(running, return_when=FIRST_COMPLETED)
                for f in finished:
                    done(*f.result())
    print("\n" + summary(games, args.rounds >= 15) if games else "No game played.")


if __name__ == "__main__":
    main()
