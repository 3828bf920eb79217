"""The same actions give the same game, typed at the terminal or tapped on phones: a whole
round played from the pages (tests/roundplay.py) leaves the state the same commands leave,
and the same history but for where each action came from."""

from __future__ import annotations

import json
import re

from roundplay import PHONES, PRIVATE_DRAW, split, start, typed
from servehelp import get, post, serving


def test_a_round_from_phones_leaves_the_game_the_terminal_leaves(tmp_path, tables):
    tapped = start(tmp_path / "tapped.toml")
    with serving(tapped, tables) as (server, _, tokens):
        for i, (name, form) in enumerate(PHONES):
            code, _, body = post(server, tokens[name], {**form, "request_id": f"r{i}"})
            assert code == 200, (name, form, body)
        board = get(server, "/")[2] + get(server, "/state.json")[2]
        others = "".join(get(server, f"/p/{tokens[n]}")[2] for n in ("Bo", "Cy", "Di"))
        ana = get(server, f"/p/{tokens['Ana']}/state.json")[2]
    # the private draw is Ana's alone: not on the board, not on another phone (whose forms
    # offer every title a draw may record, whatever Ana holds)
    others = re.sub(r"(?s)<form .*?</form>", "", others)
    assert PRIVATE_DRAW in json.loads(ana)["hand"][-1]["title"]
    assert PRIVATE_DRAW not in board and PRIVATE_DRAW not in others
    state_p, log_p = split(tapped.read_text())
    state_t, log_t = split(typed(tmp_path / "typed.toml").read_text())
    assert 'round = 3' in state_p and 'phase = "player"' in state_p
    assert state_p == state_t
    assert log_p == log_t
