"""The leader's End Game and Market records from the pages (RULES.md 2026-11-25: the
Market card and the End Game cards and dice are recorded by the Expedition Leader): typed
parameters with the values possible now, so a form and a program can fill them."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

from gameplay import play, play_to, start
from servehelp import get, post, serving

from rigs_helper.games.rigs.engine import Outcome
from rigs_helper.games.rigs.market import card_value
from rigs_helper.store import session


def _actions(server, token) -> list[dict]:
    return json.loads(get(server, f"/p/{token}/actions.json")[2])["actions"]


def _save(game, path, tables):
    session.create(path, Outcome(game), "test set-up", True, tables)
    return path


def _finished(tables, path, dice="rigs"):
    g = None
    for _, out in play(2, 3, tables):
        g = out.game
    return _save(replace(g, dice=dice), path, tables)


def test_end_game_record_lists_each_type_and_die_with_the_values_left(tmp_path, tables):
    path = _finished(tables, tmp_path / "g.toml", dice="table")
    g = session.load(path, tables).game
    held = Counter(card_value(tables, g.market.values, i) for i in g.market.end)
    with serving(path, tables) as (server, _, tokens):
        (score,) = [a for a in _actions(server, tokens[g.leader]) if a["action"] == "score"]
        p = score["params"]
        values = [str(v) for v in sorted(held)] + ["virtual"]
        assert p["plains"] == {"values": values, "required": False, "record": "card"}
        assert p["forest"] == {"values": values, "required": False, "record": "card",
                               "multiple": True, "repeat": True, "min": 2, "max": 2}
        # --dice table: each die is the table's (rigs may not roll it)
        assert p["energy"] == {"min": 1, "max": 6, "record": "die"}
        code, _, page = get(server, f"/p/{tokens[g.leader]}")
        assert code == 200 and "Forest: the 2 End Game cards you drew" in page
        assert "Metal: what did you roll?" in page
        (most,) = score["constraints"]
        assert most["params"] == ["plains", "valley", "forest", "desert", "ridge"]
        assert most["at_most"] == {str(v): k for v, k in held.items() if k < 8}
        top = max(held)
        form = {"action": "score", "plains": str(top), "valley": "virtual",
                "forest": [str(min(held))] * 2, "desert": ["virtual"], "ridge": "virtual",
                "energy": "3", "supplies": "5", "metal": "1"}
        code, _, body = post(server, tokens[g.leader], {**form, "energy": "7"})
        assert code == 422, body
        assert session.load(path, tables).game.endgame == g.endgame
        code, _, body = post(server, tokens[g.leader], form)
        assert code == 200, body
    e = session.load(path, tables).game.endgame
    assert e.plot_values["plains"] == top and e.plot_cards["forest"] == (min(held),) * 2
    assert dict(e.resource_values) == {"energy": 3, "supplies": 5, "metal": 1}
    assert set(e.plot_values) == {"plains", "valley", "forest", "desert", "ridge"}


def test_end_game_dice_may_be_rolled_by_rigs_with_dice_rigs(tmp_path, tables):
    path = _finished(tables, tmp_path / "g.toml")
    g = session.load(path, tables).game
    with serving(path, tables) as (server, _, tokens):
        (score,) = [a for a in _actions(server, tokens[g.leader]) if a["action"] == "score"]
        assert score["params"]["metal"] == {"min": 1, "max": 6, "record": "die",
                                            "values": ["virtual"], "required": False}
        code, _, body = post(server, tokens[g.leader], {"action": "score", "metal": "virtual",
                                                        "energy": "2"})
        assert code == 200 and "rolled by rigs" in body
    assert session.load(path, tables).game.endgame.resource_values["energy"] == 2


def test_market_card_on_ending_the_phase_is_a_category_left_or_virtual(tmp_path, tables):
    g = play_to(start(2, 4, tables), tables, 1, "production")
    path = _save(replace(g, last_call=True), tmp_path / "g.toml", tables)
    with serving(path, tables) as (server, _, tokens):
        (nxt,) = [a for a in _actions(server, tokens[g.leader]) if a["action"] == "next"]
        card = nxt["params"]["card"]
        assert card == {"values": ["Spike", "High", "Normal", "Low", "virtual"],
                        "record": "card"}
        code, _, body = post(server, tokens[g.leader], {"action": "next", "card": "Spike"})
        assert code == 200, body
    m = session.load(path, tables).game.market
    assert m.price == 10 and "Spike (recorded)" in body
