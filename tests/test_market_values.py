"""A group's own Market values (RULES.md "Market card values": the printed values are
artwork, the defaults a house ruling): per category or per card, in the game file and in a
scoring sheet; a recorded physical value wins."""

from __future__ import annotations

import json
import tomllib

import pytest

HIGH = [5, 6, 6, 7, 6, 6, 5, 7, 6]  # one value per High card (9 of them)
MINE = {"low": 1, "normal": 3, "spike": 12}


def _game(rigs, tmp_path, values_line):
    path = tmp_path / "g.toml"
    assert rigs("new", "--player", "Ana", "--player", "Bo", "--seed", "2", "--game", path
                ).exit_code == 0
    text = path.read_text()
    path.write_text(text.replace("[market]\n", f"[market]\n{values_line}\n", 1))
    return path


def _to_market(rigs, path, *extra):
    for step in range(3):  # Player -> Disaster -> Production -> Market (draws the card)
        r = rigs("next", "--auto", *(extra if step == 2 else ()), "--game", path)
        assert r.exit_code == 0, r.output
    return json.loads(rigs("status", "--json", "--game", path).stdout)


def _expected(card_id: str) -> int:
    letter, n = card_id[0], int(card_id[1:])
    return HIGH[n - 1] if letter == "H" else MINE[{"L": "low", "N": "normal",
                                                   "S": "spike"}[letter]]


@pytest.mark.parametrize("seed_card", ["high", "normal", "spike", "low"])
def test_game_file_values_per_category_and_per_card(rigs, tmp_path, seed_card):
    line = ("values = { low = 1, normal = 3, spike = 12, high = ["
            + ", ".join(map(str, HIGH)) + "] }")
    path = _game(rigs, tmp_path, line)
    # record the physical card's category so every category is exercised
    status = _to_market(rigs, path, "--card", seed_card)
    card_id = tomllib.loads(path.read_text())["market"]["drawn"][-1]
    assert card_id[0] == seed_card[0].upper()
    assert status["price"] == _expected(card_id)


def test_recorded_physical_value_wins(rigs, tmp_path):
    path = _game(rigs, tmp_path, "values = { low = 1, normal = 3, high = 5, spike = 12 }")
    assert _to_market(rigs, path, "--card", "9")["price"] == 9


def test_a_per_card_list_of_the_wrong_length_is_named(rigs, tmp_path):
    path = _game(rigs, tmp_path, "values = { high = [5, 6] }")
    r = rigs("status", "--game", path)
    assert r.exit_code == 1
    assert "market.values.high" in r.stderr and "9" in r.stderr


def test_sheet_market_values_drive_the_end_game_draws(rigs, tmp_path):
    # Every Market card worth 1: a Plains or Valley (1 card) is worth 1, a Forest, Desert
    # or Ridge (2 cards summed) is worth 2.  Ana: plains + forest (unsurveyed) = 1 + 2 = 3;
    # a surveyed (yield 2) ridge is a luxury plot: 2 x 2 = 4.  Resources: none held.
    sheet = tmp_path / "s.toml"
    sheet.write_text(
        "market_values = { low = 1, normal = 1, high = 1, spike = 1 }\n"
        "[endgame]\nluxury_price = 4\n"
        '[[players]]\nname = "Ana"\ncredits = 10\n'
        "luxuries = 0\nenergy = 0\nsupplies = 0\nmetal = 0\n"
        'plots = [{ type = "plains" }, { type = "forest" }, { type = "ridge", survey = 2 }]\n'
        '[[players]]\nname = "Bo"\ncredits = 0\nluxuries = 0\nenergy = 0\nsupplies = 0\n'
        'metal = 0\n')  # (a sheet has 2 to 4 players)
    r = rigs("score", sheet, "--draw", "--seed", "5", "--json")
    assert r.exit_code == 0, r.output
    ana = json.loads(r.stdout)["players"][0]
    assert ana["plots"] == 1 + 2 + 4
    assert ana["net_worth"] == 10 + 7
