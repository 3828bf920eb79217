"""Time `rigs produce PLAYER` (table and --json) against a baseline of bare imports.

Not a pytest test: run it directly, preferably with a plain (non-editable) install.

    python benchmarks/bench_produce.py [--runs N]

It builds a game file in a temporary directory: 2 players in round 1's Production Phase,
Ana owning 20 plots full of RIGS (P1-P9 Plains, P10-P16 Valley, P19-P20 Forest, P22-P23
Desert), Bo the other 7 plots; the state is saved with rigs_helper.session so the file
validates like any game file.  Then it times N runs (default 20) of each command,
interleaved, takes the medians and prints each with its ratio to the baseline (Python
importing typer, rich.console and tomllib).  Target: at most 1.3x.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from pathlib import Path

import timing  # benchmarks/timing.py: this script's folder is first on sys.path

RIGS = timing.find_rigs()
TARGET = 1.3

# plot id -> (RIGS, harvest): every plot full for its harvest (spots from RULES.md)
ANA = {**{f"P{i}": (1, "metal") for i in range(1, 10)},  # Plains: 1 Metal spot
       **{f"P{i}": (2, "supplies") for i in range(10, 17)},  # Valley: 2 Supplies spots
       "P19": (3, "supplies"), "P20": (3, "supplies"),  # Forest: 3 Supplies spots
       "P22": (3, "energy"), "P23": (3, "energy")}  # Desert: 3 Energy spots


def build_game(path: Path) -> None:
    from rigs_helper.games.rigs.engine import Outcome
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.games.rigs.state import Plot
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    g = new_game(["Ana", "Bo"], 2024, tables).game
    every = [f"P{i + 1}" for i in range(len(tables.plot_deck))]

    def card(pid: str, rigs: int = 0, harvest: str | None = None) -> Plot:
        return Plot(pid, tables.plot_deck[int(pid[1:]) - 1], None, rigs, harvest)

    ana = tuple(card(pid, *ANA[pid]) for pid in ANA)
    bo = tuple(card(pid) for pid in every if pid not in ANA)
    assert len(ana) == 20 and len(ana) + len(bo) == len(every)
    players = (replace(g.player("Ana"), plots=ana, warehouse_rigs=0, energy=10),
               replace(g.player("Bo"), plots=bo))
    # Every plot card now belongs to a player (the Plot deck is empty); no plot is
    # surveyed, so the Survey deck is whole.
    g = replace(g, players=players, plot_deck=(), phase="production")
    session.create(path, Outcome(g), "bench set-up", True, tables)
    session.load(path, tables)  # validates: cards, caps, spots


def main() -> int:
    runs = timing.parse_runs(__doc__)
    if not RIGS:
        raise SystemExit("no `rigs` command found beside this Python or on PATH")

    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "bench.toml"
        build_game(game)
        entries = [timing.baseline(),
                   ("rigs produce Ana", [RIGS, "produce", "Ana", "-g", str(game)]),
                   ("rigs produce Ana --json", [RIGS, "produce", "Ana", "--json", "-g",
                                                str(game)]),
                   ("rigs produce (every player)", [RIGS, "produce", "-g", str(game)])]
        medians = timing.time_interleaved(entries, runs)
    timing.print_header(runs, f", rigs = {RIGS}")
    targets = {label: TARGET for label, _ in entries[1:]}
    return 1 if timing.print_ratios(medians, targets) else 0


if __name__ == "__main__":
    raise SystemExit(main())
