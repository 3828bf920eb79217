"""RIG played at random through its typed actions, hundreds of games to the end: after
every action the stored state (the codec's document) loads back equal, the action's log
entry reads back as the same action; at the end the log replayed from the settings equals
the state, and undoing any action (the log without it, replayed) gives exactly the state
before it."""

from __future__ import annotations

import random

from righelp import random_action

from rigs_helper.game.play import perform, replay
from rigs_helper.games import get

GAMES = 200


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
        for k in r.sample(range(len(log)), 3):  # undo of the k-th action: the log without it
            assert replay(first, log[:k]) == states[k]
        ends["winner" if st.winner is not None else "draw"] += 1
        assert rig.score(st) is not None
    assert ends["winner"] > GAMES * 0.7
