"""What one change costs the server with 4 phones and the board (issue 38's "everyone in
step", issue 40's server time): CPU time, per kind of request.

Not a pytest test and not run by CI; run directly with the Python of the environment
rigs is installed in:

    python benchmarks/bench_change.py [--steps N] [--seed S]

`rigs serve` in process on 127.0.0.1 with a 4-player `--dice table` game; at each step
each phone's actions.json is read, a random listed action is posted from one phone (the
random player of tests/randomplayer.py), then, as the pages do once their long poll wakes,
the board's state.json and page and each phone's state.json and page are read.  Printed:
the server's CPU time (the answering thread's own, so the figures hold on a shared
machine) per kind of request, median and 90th percentile, and the total per change
without the actions.json reads (a phone's page lists its actions itself).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

NAMES = ["Ana", "Bo", "Cy", "Di"]


def measure(seed: int, steps: int) -> dict[str, list[float]]:
    """CPU seconds of each request the server answered, by kind."""
    from randomplayer import Client, _pick, fill, new_game, served, table_deck

    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables
    from rigs_helper.web import server as srv

    cpu: dict[str, list[float]] = {}
    answer = srv.Handler._safely

    def timed(self, handler, **kw):
        target = self.path.split("?")[0]
        who = "board" if target in ("/", "/state.json") else "phone"
        what = target.rsplit("/", 1)[-1] if target.endswith(".json") else "page"
        kind = "act" if self.command == "POST" else f"{who} {what}"
        t = time.thread_time()
        try:
            return answer(self, handler, **kw)
        finally:
            cpu.setdefault(kind, []).append(time.thread_time() - t)

    srv.Handler._safely = timed  # type: ignore[method-assign]
    tables = load_tables()
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="rigs-change-") as d:
        path = new_game(Path(d), NAMES, seed, "table")
        with served(path, tables) as (server, tokens):
            c = Client(server.server_address[1])
            for step in range(steps):
                game = session.load(path, tables).game
                menu = []
                for name, token in tokens.items():
                    menu += [(name, a) for a in c.get_json(
                        f"/p/{token}/actions.json")[1].get("actions", [])]
                if game.game_over or not menu:
                    break
                name, action = _pick(menu, rng)
                form = {"action": action["action"], "request_id": f"r{step}",
                        **fill(action, rng, False, table_deck(game, tables))}
                c.act(tokens[name], form)
                c.request("GET", "/state.json")
                c.request("GET", "/")
                for token in tokens.values():
                    c.request("GET", f"/p/{token}/state.json")
                    c.request("GET", f"/p/{token}")
    srv.Handler._safely = answer  # type: ignore[method-assign]
    return cpu


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=120)
    ap.add_argument("--seed", type=int, default=91000)
    args = ap.parse_args()
    cpu = measure(args.seed, args.steps)
    for kind, v in sorted(cpu.items()):
        p90 = sorted(v)[int(0.9 * len(v))]
        print(f"{kind:18s} {len(v):4d} requests, CPU median {1000 * statistics.median(v):5.1f}"
              f" ms, p90 {1000 * p90:5.1f} ms")
    changes = len(cpu.get("act", [])) or 1
    total = sum(sum(v) for k, v in cpu.items() if k != "phone actions.json") / changes
    print(f"per change (the act, the board, 4 phones; actions.json left out): "
          f"{1000 * total:.1f} ms of CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
