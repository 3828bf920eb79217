"""The cardboard is the truth (issue #27): with ``--dice table`` rigs never rolls, and
where the table records its own cards rigs never draws, picks or shuffles for the table.

Each test plays through the pages' endpoint (POST /p/TOKEN/act) of a game started with
``--dice table``, and checks that rigs' generator did not move (its position in the game
file) and that the books hold what the table recorded."""

from __future__ import annotations

import json

from servehelp import get, post, rigs, serving
from test_table_karma_records import _act, _actions, _hand, _in_play, _load


def _new(path, *names: str, dice: str = "table", **hands):
    args = [a for n in names for a in ("-p", n)]
    rigs("new", *args, "--seed", 7, "--dice", dice, "--game", path)
    for name, titles in hands.items():
        for t in titles:
            rigs("karma", "draw", name, "--card", t, "--game", path)
    return path


def _listed(server, token, action: str) -> list[dict]:
    return [a for a in _actions(server, token) if a["action"] == action]


def test_end_the_phase_now_waits_for_each_players_disaster_record(tmp_path, tables):
    game = _new(tmp_path / "rigs.toml", "Ana", "Bo")
    before = _load(game, tables)
    leader = before.leader
    with serving(game, tables) as (server, _, tokens):
        (end,) = [a for a in _actions(server, tokens[leader]) if a["action"] == "next"]
        assert end["label"] == "End the phase now" and end["params"] == {}
        _act(server, tokens[leader], action="next")
        g = _load(game, tables)
        assert g.phase == "disaster" and set(g.waits.disasters) == {"Ana", "Bo"}
        assert g.disaster.draw == before.disaster.draw  # nothing dealt from rigs' pile
        for name in ("Ana", "Bo"):
            (rec, *_) = [a for a in _listed(server, tokens[name], "disaster record")
                         if "karma" not in a["params"]]
            card = rec["params"]["card"]
            assert card["record"] == "card"
            title = next(v for v in card["values"] if v != "virtual")
            _act(server, tokens[name], action="disaster record", card=title)
    after = _load(game, tables)
    assert after.waits.disasters == () and after.rng == before.rng
