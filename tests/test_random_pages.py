"""The random player of tests/randomplayer.py (it knows only actions.json and act) plays
the first steps of games through the pages: no request built from the list is refused,
somebody always has an action, no answer is a server error, the file reloads.  Whole games,
hundreds of them: benchmarks/bench_random_pages.py."""

from __future__ import annotations

import random

import pytest
from randomplayer import fill, one_game


@pytest.mark.parametrize("players, dice, virtual", [
    (2, "table", False), (3, "rigs", True)])
def test_a_random_player_reading_only_the_list_is_never_refused(tables, players, dice,
                                                                virtual):
    r = one_game(["Ana", "Bo", "Cy", "Di"][:players], 17 + players, dice, virtual, tables,
                 max_steps=20)
    assert r.steps == 19 or r.finished, r.where
    assert r.failures() == []


def test_a_request_filled_from_the_list_meets_its_constraints():
    rng = random.Random(3)
    settle = {"action": "settle", "params": {
        "energy": {"min": 0, "max": 4, "required": False},
        "metal": {"min": 0, "max": 2, "required": False}},
        "constraints": [{"sum": ["energy", "metal"], "equals": 5}]}
    grant = {"action": "grant", "params": {"card": {
        "values": ["valley", "forest", "desert"], "min": 4, "max": 4, "multiple": True,
        "repeat": True, "record": "card"}},
        "constraints": [{"at_most": {"desert": 1}, "param": "card"}]}
    deal = {"action": "deal propose", "params": {
        "to": {"values": ["Bo"]}, "credits": {"min": 1, "max": 9, "required": False},
        "energy": {"min": 1, "max": 9, "required": False}},
        "constraints": [{"at_least_one": ["credits", "energy"]}]}
    for _ in range(50):
        s = fill(settle, rng, False)
        assert sum(int(v[0]) for v in s.values()) == 5
        g = fill(grant, rng, False)["card"]
        assert len(g) == 4 and g.count("desert") <= 1
        assert {"credits", "energy"} & set(fill(deal, rng, False))
