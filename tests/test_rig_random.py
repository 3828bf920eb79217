"""RIG played at random through its typed actions, a hundred games to the end (some 6500
actions): after every action the stored state (the codec's document) loads back equal,
the action's log entry reads back as the same action; at the end the log replayed from
the settings equals the state, and undoing back to an action chosen at random (the log without it and what
followed, replayed) gives exactly the state before it (tests/test_rig_cli.py undoes every
action of a game through `rigs undo`)."""

from __future__ import annotations

import random

import pytest
from righelp import random_action

from rigs_helper.game.play import perform, replay
from rigs_helper.games import get

GAMES = 100


@pytest.mark.slow
def test_random_rig_games_end_and_replay_exactly():
    rig = get("rig")
    ends = {"winner": 0, "draw": 0}
    for seed in range(GAMES):
        r = random.Random(seed)
        settings = {"players": ["Ana", "Bo"], "seed": seed,
                    "tokens": r.choice([2, 3, 4, 4, 5]), "dice": "rigs"}
        first = st = rig.new(settings)
        states, log = [st], []
        while st.step != "over":
            action = random_action(st, r)
            st = perform(st, action).state
            doc = rig.action_doc(action)
            log.append(rig.action_from_doc(doc, "log"))
            assert log[-1] == action
            assert rig.decode(rig.encode(st), "state") == st
            states.append(st)
            assert len(log) < 1000, f"seed {seed}: no end after 1000 actions"
        assert replay(rig.new(settings), log) == st
        k = r.randrange(len(log))  # undo back to before action k: the log without the rest
        assert replay(first, log[:k]) == states[k]
        ends["winner" if st.winner is not None else "draw"] += 1
        assert rig.score(st) is not None
    assert ends["winner"] > GAMES * 0.7
