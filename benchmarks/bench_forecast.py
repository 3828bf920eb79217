"""Time `rigs standings` for 2, 3 and 4 players, and `rigs chart` / `rigs report` on a
finished game, against a baseline of bare imports.

Not a pytest test: run it directly, preferably with a plain (non-editable) install.

    python benchmarks/bench_forecast.py [--runs N]

It builds game files in a temporary directory with the rules core and rigs_helper.store:
a new 4-player game (round 1: the forecast of the end simulates all 15 rounds, the slowest
case); for 2, 3 and 4 players a seeded game played with `next --auto` to round 8's Market Phase,
then every player given Energy, Supplies, Metal and Vinnie scripts, so that all three End
Game dice and all five plot types are unknown (the 4-player file needs Monte Carlo); and a
4-player game played to the end with its End Game draws made (its log holds the net worth
after every phase).  Each command runs N times (default 20), interleaved; the medians are
printed with their ratio to the baseline (Python importing typer, rich.console and
tomllib).  Target: `rigs standings` at most 1 s (wall) for every player count.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import timing  # benchmarks/timing.py: this script's folder is first on sys.path

RIGS = timing.find_rigs()
TARGET_SECONDS = 1.0
NAMES = ("Ana", "Bo", "Cy", "Di")
STOCK = ((3, 2, 1, {"energy": 2}), (0, 4, 2, {}), (5, 0, 3, {"metal": 3}),
         (2, 2, 2, {"supplies": 1}))


def build_mid_game(path: Path, players: int) -> None:
    from rigs_helper.games.rigs.engine import Outcome, perform
    from rigs_helper.games.rigs.phases import NextPhase
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.games.rigs.state import frozen_map
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    g = new_game(list(NAMES[:players]), 11, tables).game
    while (g.round, g.phase) != (8, "market"):
        g = perform(g, NextPhase(auto=True), tables).game
    for p, (e, s, m, v) in zip(g.players, STOCK):
        g = g.with_player(replace(p, energy=e, supplies=s, metal=m, vinnie=frozen_map(v)))
    session.create(path, Outcome(g), "bench set-up", True, tables)
    session.load(path, tables)  # validates


def build_round_one(path: Path) -> None:
    """A new 4-player game: the forecast simulates all 15 rounds (the slowest case)."""
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    session.create(path, new_game(list(NAMES), 5, tables), "new", True, tables)


def build_finished_game(path: Path) -> None:
    from rigs_helper.games.rigs.phases import NextPhase
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.store import session
    from rigs_helper.store.scorefile import score_file
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    session.create(path, new_game(list(NAMES), 7, tables), "new", True, tables)
    while not session.load(path, tables).game.game_over:
        session.run(path, NextPhase(auto=True), tables)
    score_file(path)  # the End Game draws, recorded


def main() -> int:
    runs = timing.parse_runs(__doc__)
    if not RIGS:
        raise SystemExit("no `rigs` command found beside this Python or on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        entries = [timing.baseline()]
        first = Path(tmp) / "round1-4p.toml"
        build_round_one(first)
        entries.append(("rigs standings (4 players, round 1)",
                        [RIGS, "standings", "-g", str(first)]))
        for n in (2, 3, 4):
            game = Path(tmp) / f"mid-{n}p.toml"
            build_mid_game(game, n)
            entries.append((f"rigs standings ({n} players)",
                            [RIGS, "standings", "-g", str(game)]))
        entries.append(("rigs standings --json (4 players)",
                        [RIGS, "standings", "--json", "-g", str(Path(tmp) / "mid-4p.toml")]))
        done = Path(tmp) / "done.toml"
        build_finished_game(done)
        html = Path(tmp) / "report.html"
        entries += [("rigs chart (finished game)", [RIGS, "chart", "-g", str(done)]),
                    ("rigs report (finished game)", [RIGS, "report", "-g", str(done)]),
                    ("rigs report --html (finished game)",
                     [RIGS, "report", "--html", str(html), "-g", str(done)])]
        medians = timing.time_interleaved(entries, runs)
    timing.print_header(runs, f", rigs = {RIGS}")
    timing.print_ratios(medians, {})
    failed = timing.print_seconds(
        medians, [x for x in medians if x.startswith("rigs standings")], TARGET_SECONDS)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
