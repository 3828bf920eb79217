"""Time a draw from a mixed deck against a draw from an all-virtual deck.

Not a pytest test: run it directly (any install).

    python benchmarks/bench_draw.py [--runs N]

Two measures, each printed as a ratio (target: a mixed draw costs at most 1.1x a virtual
one):
1. In process: the core draw (``Work.draw``) of every card of the Disaster deck, 36 draws
   per pass, median of N passes of 200 repeats: a virtual card from an all-virtual deck
   against a virtual card from a mixed deck; and a card the table records (today's
   ``--card``) against the group's own card recorded from a mixed deck.
2. The command: `rigs adjust Ana karma 1` (a draw) on a new 3-player game whose Karma deck is all
   virtual, and on the same game with half the Karma cards lacking (a seed whose top Karma
   card is a virtual one), against the usual baseline of bare imports.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

import timing  # benchmarks/timing.py: this script's folder is first on sys.path

TARGET = 1.1
REPEATS = 200


def _games():
    """Four Disaster decks of the same order: all virtual, and mixed with every card
    virtual; recorded by the table card by card (today's --card), and mixed with every
    card the group's own."""
    from dataclasses import replace

    from rigs_helper.store.tablefiles import load_tables
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.games.rigs.state import frozen_map

    tables = load_tables()
    plain = new_game(["Ana", "Bo", "Cy"], 7, tables).game
    n = len(plain.disaster.draw)

    def mixed(tag: bool, missing: dict):
        return replace(plain, disaster=replace(plain.disaster, virtual=(tag,) * n),
                       missing=frozen_map({"disaster": frozen_map(missing)}))

    full = {c.key: c.count for c in tables.disasters}
    return tables, {"virtual": (plain, False), "mixed, virtual card": (mixed(True, full), False),
                    "recorded": (plain, True), "mixed, own card": (mixed(False, {}), True)}


def _pass(game, record: bool, tables) -> float:
    from rigs_helper.games.rigs.tables import title_of
    from rigs_helper.games.rigs.engine import Work

    titles = [title_of(tables, "disaster", k) for k in game.disaster.draw]
    start = time.perf_counter()
    for _ in range(REPEATS):
        w = Work(game, tables)
        for t in titles:
            w.draw("disaster", t if record else None, "Ana")
    return time.perf_counter() - start


def main() -> int:
    runs = timing.parse_runs(__doc__)
    tables, games = _games()
    times: dict[str, list[float]] = {k: [] for k in games}
    for _ in range(runs):
        for k, (g, record) in games.items():
            times[k].append(_pass(g, record, tables))
    per = {k: statistics.median(v) / (REPEATS * 36) for k, v in times.items()}
    timing.print_header(runs)
    ok = True
    for k, base in (("mixed, virtual card", "virtual"), ("mixed, own card", "recorded")):
        r = per[k] / per[base]
        ok &= r <= TARGET
        print(f"core draw, {base:<8} {per[base] * 1e6:6.2f} us; {k:<19} {per[k] * 1e6:6.2f} us"
              f"  {r:4.2f}x (target <= {TARGET}x: {timing.verdict(r <= TARGET)})")
    rigs = timing.find_rigs()
    if not rigs:
        print("no `rigs` command found: the command timing is skipped")
        return 0 if ok else 1
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        inv = tmp / "inv.toml"
        inv.write_text('[karma]\nhave = ["Recycling", "Push, Pull, or Drag"]\n')
        games = {}
        for label, extra in (("virtual", []), ("mixed", ["--have", str(inv)])):
            seed = 1
            while True:  # a seed whose top Karma card is virtual in the mixed game
                path = tmp / f"{label}.toml"
                timing.run([rigs, "new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed",
                            str(seed), "--force", "-g", str(path), *extra])
                from rigs_helper.store.tablefiles import load_tables
                from rigs_helper.store.session import load

                g = load(path, load_tables()).game
                if not g.karma.virtual or g.karma.virtual[0]:
                    break
                seed += 1
            shutil.copyfile(path, tmp / f"{label}.orig")
            games[label] = path
        entries = [timing.baseline()] + [
            (f"rigs karma draw Ana ({label} Karma deck)",
             [rigs, "adjust", "Ana", "karma", "1", "--why", "timed", "-g", str(p)])
            for label, p in games.items()]
        prep = {f"rigs karma draw Ana ({label} Karma deck)":
                (lambda p=p: shutil.copyfile(p.with_suffix(".orig"), p))
                for p in games.values() for label in [p.stem]}
        medians = timing.time_interleaved(entries, runs, prepare=prep)
    timing.print_ratios(medians, {})
    labels = list(medians)[1:]
    ratio = medians[labels[1]] / medians[labels[0]]
    ok2 = ratio <= TARGET
    print(f"mixed / virtual `rigs karma draw`: {ratio:.2f}x (target <= {TARGET}x: "
          f"{timing.verdict(ok2)})")
    return 0 if ok and ok2 else 1


if __name__ == "__main__":
    raise SystemExit(main())
