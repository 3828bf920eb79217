"""Random games played only through the pages' HTTP API, as OpenSpiel tests its games.

Not a pytest test: run it directly (with the test dependencies installed).

    python benchmarks/bench_random_pages.py [--games N] [--jobs J] [--seconds S] [--steps K]
        [--have random|FILE|none]

Each game: 2, 3 or 4 players in turn, `--dice rigs` and `--dice table` in turn, a table
that records its own cards and one that lets rigs draw, two by two (every mix within 12
games); then the same 12 with a partial set (`rigs new --have`): by default (`random`)
an inventory drawn from the game's seed, each deck (Plot, Survey, Disaster, Karma, Market)
independently full, empty (all virtual) or missing a random part, the group's own cards
recorded from the pages (tests/randomplayer.py `random_inventory`); or one FILE for
every partial game.  The random player of tests/randomplayer.py plays it to the score
(or K steps),
``--jobs`` games at a time in worker processes.  Printed, per game and in all: refusals of
requests built from the list, stalls needing the terminal (nobody had an action but undo,
an action refused again and again, or a phase that did not end when everyone was done),
server tracebacks (answers 500), file reload errors, hand mismatches (a card the table
recorded that the books put back in the deck), pages naming a card their player never
held, games finished (target: 0, 0, 0, 0, 0, 0, all); and, apart, where the table records
its own cards: the Karma cards in the books' hands the table never recorded (rigs drew
them), by the action after which they appeared, and the draws or rolls left to rigs
because the list offered nothing else ("virtual" forced); the median time of each kind of
request.

Measured with random inventories (issue 39, commit 94e1200, `--partial-only --jobs 1
--seconds 3300`, 2 cores shared by 6 sessions, load 9-26): 15 games, 7256 steps, all
finished, every count 0; seed 1001 fixed (see benchmarks/README.md).  Before, with examples/inventory-every-deck.toml: measured (commit b9f851a, `--games 1000 --jobs 2 --seconds 4500 --first-seed 11000`, 2
shared cores): 371 whole games (180 with a partial set), 183 943 steps, all finished and
scored; refusals 0, stalls 0, tracebacks 0, reload errors 0, hand mismatches 0, page
errors 0; 1 Karma card in a hand the table never recorded (after an undo); request
medians act 8.9 ms, actions.json 6.9 ms, page 22.1 ms; 49 ms a step per job.  On 52e7844:
91 games, one refusal (seed 10060, fixed).  On ce4c656: 144 games, hand mismatches in 1
game and 29 Karma cards drawn by rigs (both fixed since).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

NAMES = ["Ana", "Bo", "Cy", "Di"]
ROOT = Path(__file__).resolve().parent.parent
INVENTORY = "random"


def inventory(seed: int, have: Path | str | None) -> tuple[Path | str | None, str]:
    """The partial set of the game of ``seed`` (a file, or a random inventory's text) and
    how it holds each deck (e.g. "karma part")."""
    if have != "random":
        return have, "file"
    import random

    from randomplayer import random_inventory

    from rigs_helper.store.tablefiles import load_tables

    text = random_inventory(load_tables(), random.Random(seed))
    kinds = []
    for part in text.split("[")[1:]:
        deck, _, body = part.partition("]")
        how = "empty" if 'missing = "all"' in body else "full" if 'have = "all"' in body \
            else "part"
        kinds.append(f"{deck} {how}")
    return text, ", ".join(kinds) or "every deck full"


def mix(m: int) -> tuple[int, str, bool, bool]:
    """(players, dice, virtual draws, partial set) of the ``m``-th game."""
    return 2 + m % 3, ("rigs", "table")[m % 2], bool(m // 2 % 2), bool(m // 12 % 2)


def run(seed: int, m: int, steps: int, have: Path | None):
    from randomplayer import one_game

    from rigs_helper.store.tablefiles import load_tables

    n, dice, virtual, partial = mix(m)
    t = time.monotonic()
    inv, kinds = inventory(seed, have) if partial and have is not None else (None, "")
    r = one_game(NAMES[:n], seed, dice, virtual, load_tables(), steps, inv)
    return seed, m, r, time.monotonic() - t, kinds


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=1, help="games played at a time")
    ap.add_argument("--seconds", type=float, default=0, help="stop starting games after")
    ap.add_argument("--steps", type=int, default=2500)
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--mix", type=int, default=0, help="start at this mix (0-23)")
    ap.add_argument("--have", default=INVENTORY,
                    help="the partial set of mixes 12-23: random (drawn per game), a "
                    "FILE, or none (every game a full set)")
    ap.add_argument("--partial-only", action="store_true",
                    help="only the partial-set mixes (12-23)")
    args = ap.parse_args()
    have: Path | str | None = None if args.have.lower() == "none" else \
        "random" if args.have.lower() == "random" else Path(args.have).resolve()
    kinds = ("refusals", "terminal", "tracebacks", "reload_errors", "hand_errors",
             "page_errors")
    total: Counter = Counter()
    drew: Counter = Counter()
    forced: Counter = Counter()
    held: Counter = Counter()  # partial games by how they hold each deck
    timings: dict[str, list[float]] = {}
    start = time.monotonic()
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        todo = {}
        i = 0

        def submit() -> None:
            nonlocal i
            if i < args.games and not (args.seconds and
                                       time.monotonic() - start > args.seconds):
                m = args.mix + i
                if args.partial_only:
                    m = 12 + m % 12 + 24 * (m // 12)
                f = pool.submit(run, args.first_seed + i, m, args.steps, have)
                todo[f] = i
                i += 1

        for _ in range(max(1, args.jobs)):
            submit()
        while todo:
            f = next(as_completed(todo))
            del todo[f]
            submit()
            seed, m, r, secs, holds = f.result()
            n, dice, virtual, partial = mix(m)
            partial = partial and have is not None
            total["games"] += 1
            total["partial"] += partial
            held.update(k for k in holds.split(", ") if " " in k and k != "every deck full")
            total["finished"] += r.finished
            total["steps"] += r.steps
            for k in kinds:
                total[k] += len(getattr(r, k))
            drew.update(r.rigs_drew)
            forced.update(r.virtual_forced)
            for k, v in r.timings.items():
                timings.setdefault(k, []).extend(v)
            print(f"seed {seed}: {n} players, --dice {dice}, "
                  f"{'virtual draws' if virtual else 'table cards'}"
                  f"{', partial set (' + holds + ')' if partial else ''}: {r.steps} steps, "
                  f"{'finished' if r.finished else 'NOT finished (' + r.where + ')'}, "
                  + ", ".join(f"{k.replace('_', ' ')} {len(getattr(r, k))}" for k in kinds)
                  + f", rigs drew {sum(r.rigs_drew.values())}, {secs:.0f} s", flush=True)
            for line in r.failures()[:5]:
                print("   ", line[:300], flush=True)
    print("in all: " + ", ".join(f"{k.replace('_', ' ')} {total[k]}" for k in
                                 ("games", "partial", "finished", "steps", *kinds)))
    print("partial games by deck: " + (", ".join(f"{k} {v}" for k, v in sorted(held.items()))
                                       or "none"))
    print(f"cards rigs drew where the table records its own ({sum(drew.values())}), by "
          "the action after which they appeared: " + ", ".join(
              f"{k} {v}" for k, v in sorted(_by_action(drew).items())))
    print("virtual forced (the list offered nothing else): "
          + (", ".join(f"{k} {v}" for k, v in sorted(forced.items())) or "none"))
    print("median per request: " + ", ".join(
        f"{k} {1000 * statistics.median(v):.1f} ms ({len(v)})"
        for k, v in sorted(timings.items())))
    print(f"wall time {time.monotonic() - start:.0f} s with {args.jobs} job(s); "
          f"{1000 * (time.monotonic() - start) * args.jobs / max(1, total['steps']):.0f}"
          " ms a step per job")
    bad = sum(total[k] for k in kinds)
    return 1 if bad or total["finished"] < total["games"] else 0


def _by_action(drew: Counter) -> Counter:
    out: Counter = Counter()
    for k, v in drew.items():
        out[k.split(": ")[0]] += v
    return out


if __name__ == "__main__":
    raise SystemExit(main())
