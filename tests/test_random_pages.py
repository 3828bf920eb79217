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


def test_cards_recorded_card_by_card_are_each_another_title():
    """A mixed deck's cards listed card by card (``ordered``, ``multiple`` without
    ``repeat``): two lists offering the same titles get two different ones (seed 93008
    of the random pages games recorded Rough Storm twice, refused)."""
    rng = random.Random(1)
    take = {"action": "answer", "params": {"card": {"values": ["take"]}, "drew": {
        "values": ["Rough Storm", "Recycling", "virtual"], "min": 3, "max": 3,
        "multiple": True, "record": "card", "ordered": [
            ["Rough Storm", "Recycling"], ["Rough Storm", "Recycling"], ["virtual"]]}}}
    for _ in range(30):
        assert sorted(fill(take, rng, False)["drew"]) == ["Recycling", "Rough Storm",
                                                          "virtual"]


def test_a_page_naming_a_card_its_player_never_held_is_caught(tables, tmp_path):
    from dataclasses import replace

    from randomplayer import Cardboard, new_game

    from rigs_helper.store import session

    g = session.load(new_game(tmp_path, ["Ana", "Bo"], 5, "rigs"), tables).game
    decoy = next(c.key for c in tables.karma if c.title == "Decoy")
    g = replace(g, players=(replace(g.players[0], hand=(decoy,)), g.players[1]))
    table = Cardboard(g, tables, own=True)
    page = ("<ul><li>Round 1: You drew Decoy</li></ul>"
            "<form><label><input name=card value=Ruins>Ruins</label></form>")
    assert table.named_on_page("Ana", page) == []  # held; a form's record field is not
    assert [t.split(" (")[0] for t in table.named_on_page("Bo", page)] == ["'Decoy'"]
    table.record("Bo", ["Ruins"])
    assert table.named_on_page("Bo", "<p>Ruins</p>") == []  # Bo drew it at the table


def test_a_recorded_card_the_books_put_back_in_the_deck_is_a_mismatch(tables, tmp_path):
    from randomplayer import Cardboard, new_game

    from rigs_helper.store import session

    g = session.load(new_game(tmp_path, ["Ana", "Bo"], 5, "rigs"), tables).game
    table = Cardboard(g, tables, own=True)
    top = tables.karma_card(g.karma.draw[0]).title
    table.record("Ana", [top])  # the table drew it; the books did not
    assert table.differences(g) == [f"recorded {top!r} x1, but the books have it in the deck"]
    assert table.unrecorded(g) == {}  # nobody holds a card in the books yet
