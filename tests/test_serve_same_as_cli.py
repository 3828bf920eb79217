"""The same actions give the same game, typed at the terminal or tapped on phones: a round's
Player Phase played from the pages (moves, a survey with its card, a Vinnie loan, everyone
done and the phase ending by itself) leaves the state the same commands leave, and the same
history but for where each action came from."""

from __future__ import annotations

import re

from servehelp import post, rigs, serving, table_game

PHONES = [  # (player, form) as the pages post them
    ("Ana", {"action": "move", "from": "warehouse", "to": "P1", "harvest": "energy",
             "n": "1"}),
    ("Bo", {"action": "survey", "plot": "P22", "card": "2"}),
    ("Cy", {"action": "vinnie borrow", "resource": "energy", "n": "2"}),
    ("Di", {"action": "move", "from": "warehouse", "to": "P27", "harvest": "metal", "n": "2"}),
    ("Ana", {"action": "done"}), ("Bo", {"action": "done"}), ("Cy", {"action": "done"}),
    ("Di", {"action": "done"}),
]
TERMINAL = [  # the same, typed
    ["move", "Ana", "1", "--from", "warehouse", "--to", "P1", "--harvest", "energy"],
    ["survey", "Bo", "P22", "--card", "2"],
    ["vinnie", "borrow", "Cy", "energy", "2"],
    ["move", "Di", "2", "--from", "warehouse", "--to", "P27", "--harvest", "metal"],
    ["done", "Ana"], ["done", "Bo"], ["done", "Cy"], ["done", "Di"],
    ["next", "--wait"],  # the table ends the phase; the server ends it by itself, with
    # each player's Disaster card left for them to record on their phone
]


def split(text: str) -> tuple[str, str]:
    from rigs_helper.store.historytext import MARKER

    state, log = text.split(MARKER, 1)
    # where an action came from is the one difference
    log = re.sub(r'(?m)^(source|request_id) = .*\n', "", log)
    return state, log


def test_phones_and_the_terminal_leave_the_same_game(tmp_path, tables):
    typed = table_game(tmp_path / "typed.toml")
    for args in TERMINAL:
        rigs(*args, "--game", typed)
    tapped = table_game(tmp_path / "tapped.toml")
    with serving(tapped, tables) as (server, _, tokens):
        for i, (name, form) in enumerate(PHONES):
            code, _, body = post(server, tokens[name], {**form, "request_id": f"r{i}"})
            assert code == 200, (name, form, body)
    assert "source = \"Ana's phone\"" in tapped.read_text()
    state_t, log_t = split(typed.read_text())
    state_p, log_p = split(tapped.read_text())
    assert 'phase = "disaster"' in state_p
    assert state_p == state_t
    assert log_p == log_t
