"""A phone's action in process on a long game (issue 40: at most 15 ms of CPU, median).

Not a pytest test and not run by CI; run directly with the Python of the environment
rigs is installed in:

    python benchmarks/bench_phone.py [--runs N]

The finished 4-player game of tests/fixtures/v1 (293 player actions, written back as
version 2 by one `rigs undo`), stepped back to round 15's Player Phase, so that a player
may act with the whole history behind it.  Each run posts one action the way `rigs serve`
acts on a phone's form (``web.acting.Acting.act``: the operation built from the game as
the pages' last poll read it, then checked and applied under the lock, the file saved with
its log entry and the backup; nothing derived is kept beside the game): each player in
turn gives the next one 1 credit (`give`).  Medians of N runs (default 20).  Target: at
most 15 ms of CPU time (the process's own: on a machine shared with other work the wall
time also counts the others' turns, and a save's fsync waits for the disk).
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import timing  # benchmarks/timing.py: this script's folder is first on sys.path

ROOT = Path(__file__).resolve().parents[1]
TARGET_MS = 15.0


def _game(folder: Path) -> Path:
    """The finished fixture as version 2, stepped back to round 15's Player Phase."""
    from rigs_helper.store import rewind, session
    from rigs_helper.store.tablefiles import load_tables

    path = folder / "finished.toml"
    shutil.copy(ROOT / "tests" / "fixtures" / "v1" / "finished.toml", path)
    subprocess.run([sys.executable, "-m", "rigs_helper", "undo", "--game", str(path)],
                   check=True, stdout=subprocess.DEVNULL)
    tables = load_tables()
    while True:
        g = session.load(path, tables).game
        if g.phase == "player" and not g.game_over:
            return path
        rewind.undo(path, 1, tables=tables)


def _actions(path: Path, runs: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of each action."""
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables
    from rigs_helper.web.acting import Acting
    from rigs_helper.web.snapshot import Source

    tables = load_tables()
    names = [p.name for p in session.load(path, tables).game.players]
    source = Source(path, tables)  # the game as the pages last read it, as `rigs serve`

    def current():
        loaded = source.snapshot().loaded
        return loaded.game if loaded is not None else None

    acting = Acting(path, tables, current=current)
    took = []
    for i in range(runs + 1):  # the first warms up
        form = {"action": ["give"], "to": [names[(i + 1) % 4]], "credits": ["1"],
                "request_id": [f"bench-{i}"]}
        source.snapshot()  # the pages' poll between two actions read the file
        t, c = time.perf_counter(), time.process_time()
        status, answer = acting.act(names[i % 4], form)
        if status != 200:
            raise SystemExit(f"the action was refused: {answer}")
        if i:
            took.append((time.perf_counter() - t, time.process_time() - c))
    return took


def main() -> int:
    runs = timing.parse_runs(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = _game(folder)
        warm = _actions(path, runs)
    def ms(runs: list[tuple[float, float]], k: int) -> float:
        return statistics.median(r[k] for r in runs) * 1000

    print(f"runs: {runs} (medians; Python {sys.version.split()[0]}; the finished fixture "
          "stepped back to round 15's Player Phase)")
    print(f"a phone's action: {ms(warm, 1):.1f} ms of CPU, {ms(warm, 0):.1f} "
          f"ms of wall time (target at most {TARGET_MS:.0f} ms of CPU)")
    failed = ms(warm, 1) > TARGET_MS
    print("FAILED" if failed else "ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
