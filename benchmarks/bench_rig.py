"""RIG played at random through its typed actions (tests/righelp.py's player): how many
games a second of CPU the rules core plays, actions per game, and how games end (a Rig complete,
or every token in a Rig: docs/rulings.md, RIG), for each token count.  Every game is
replayed from its log and checked equal to the state it reached.

    python benchmarks/bench_rig.py [--games N] [--tokens N ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))


def play(seed: int, tokens: int) -> tuple[int, str]:
    from righelp import random_action

    from rigs_helper.game.play import perform, replay
    from rigs_helper.games import get

    rig = get("rig")
    settings = {"players": ["Ana", "Bo"], "seed": seed, "tokens": tokens}
    st = first = rig.new(settings)
    r = random.Random(seed)
    log = []
    said: tuple[str, ...] = ()
    while st.step != "over":
        action = random_action(st, r)
        outcome = perform(st, action)
        st, said = outcome.state, outcome.said
        log.append(action)
    assert replay(first, log) == st
    end = "stalled" if any("no token can move" in s for s in said) else "won"
    return len(log), end if st.winner is not None or end == "won" else "draw"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--tokens", type=int, nargs="*", default=[2, 3, 4, 5, 6])
    args = ap.parse_args()
    for tokens in args.tokens:
        t = time.process_time()
        results = [play(seed, tokens) for seed in range(args.games)]
        took = time.process_time() - t
        lengths = [n for n, _ in results]
        ends = {e: sum(1 for _, x in results if x == e) for e in ("won", "stalled", "draw")}
        print(f"tokens {tokens}: {args.games} games in {took:.1f} s "
              f"({args.games / took:.0f}/s); actions per game median "
              f"{statistics.median(lengths):.0f}, max {max(lengths)}; "
              f"Rig complete {ends['won']}, stalled with a winner {ends['stalled']}, "
              f"draws {ends['draw']}")


if __name__ == "__main__":
    main()
