"""How many commands a whole 4-player game takes with the one-intention commands.

Not a pytest test: run it directly (any environment with rigs-helper installed):

    python benchmarks/count_commands.py [--rounds N]

It plays the scripted game of `tests/scripted_game.py` (seed 11, 15 rounds): the Land
Grant pick, building and placing RIGS by plot type or number, surveys, a two-way deal
(`give ... --for`), `vinnie repay ... all`, `lose PLAYER N`, `sell PLAYER all`, the hand
limit, `rigs next` at each phase end.  The script reads the game file to decide (looking
at the board is not a command).  It prints the commands typed, by kind, and the total
beside the 453 of the play-test of issue 10.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

PLAY_TEST = 453


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()
    from typer.testing import CliRunner

    from rigs_helper.cli import app
    from rigs_helper.store.tablefiles import load_tables
    from scripted_game import play

    runner = CliRunner()

    def invoke(*argv):
        r = runner.invoke(app, [str(a) for a in argv])
        return r.exit_code, r.stdout, r.stderr

    with tempfile.TemporaryDirectory(prefix="rigs-count-") as tmp:
        typed = play(invoke, Path(tmp) / "game.toml", load_tables(), args.rounds)
    kinds = Counter(" ".join(a[:2]) if a[0] in ("vinnie", "karma") else a[0]
                    for a, *_ in typed)
    for kind, n in kinds.most_common():
        print(f"{kind:<16} {n:>4}")
    per_round = len(typed) / args.rounds
    print(f"{'total':<16} {len(typed):>4}  ({per_round:.1f} a round; the play-test of "
          f"issue 10 took {PLAY_TEST}, 30-48 a hand-played round)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
