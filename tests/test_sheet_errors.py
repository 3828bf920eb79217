"""Every bad scoring sheet: exit code 1, one line on stderr naming the file and the key
(or line and column), nothing on stdout, no traceback."""

from __future__ import annotations

import pytest
from conftest import EXAMPLES

ENDGAME = """\
[endgame]
luxury_price = 4
plot_values = { plains = 4, valley = 6, forest = 10, desert = [3, 5], ridge = 8 }
resource_values = { energy = 3, supplies = 5, metal = 1 }
"""
ANA = """\
[[players]]
name = "Ana"
credits = 120
luxuries = 0
energy = 0
supplies = 0
metal = 0
plots = [{ type = "plains" }]
"""
BO = """\
[[players]]
name = "Bo"
credits = 90
luxuries = 0
energy = 0
supplies = 0
metal = 0
"""


def one_line_error(result, *fragments):
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert isinstance(result.exception, SystemExit)
    err = result.stderr
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("rigs: ")
    assert "Traceback" not in result.output
    assert result.stdout == ""
    for f in fragments:
        assert f in err, (f, err)
    return err


@pytest.fixture
def sheet(tmp_path):
    def write(text: str, name: str = "bad.toml"):
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        return p
    return write


def test_good_sheet_scores(rigs, sheet):
    # the baseline the bad sheets break: Ana 120 credits + a plains worth 4 = 124
    r = rigs("score", sheet(ENDGAME + ANA + BO), "--json")
    assert r.exit_code == 0, r.output
    assert '"net_worth": 124' in r.stdout


def test_a_sheet_has_2_to_4_players(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME + ANA)), "bad.toml", "line 5",
                   "key 'players'", "2 to 4 players, not 1")


def test_toml_syntax_error(rigs, sheet):
    # the unterminated string is on line 6 of the file: [endgame] block is 4 lines
    text = ENDGAME + '[[players]]\nname = "Ana\ncredits = 3\n'
    one_line_error(rigs("score", sheet(text)), "bad.toml", "line 6", "column")


def test_unknown_plot_type(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME + ANA.replace('"plains"', '"swamp"'))),
                   "bad.toml", "plots[0].type", "swamp")


def test_unknown_plot_type_in_plot_values(rigs, sheet):
    text = ENDGAME.replace("ridge = 8", "ridge = 8, swamp = 3") + ANA
    one_line_error(rigs("score", sheet(text)), "bad.toml", "endgame.plot_values.swamp")


@pytest.mark.parametrize("field", ["credits", "luxuries", "energy", "supplies", "metal"])
def test_negative_amount(rigs, sheet, field):
    text = ENDGAME + ANA.replace(f"{field} = ", f"{field} = -2\n# was ", 1)
    one_line_error(rigs("score", sheet(text)), "bad.toml", f".{field}", "-2")


def test_negative_vinnie_and_endgame(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME + ANA + "vinnie = { metal = -1 }\n")),
                   "bad.toml", "vinnie.metal")
    one_line_error(rigs("score", sheet(ENDGAME.replace("luxury_price = 4",
                                                       "luxury_price = -4") + ANA)),
                   "bad.toml", "endgame.luxury_price")


@pytest.mark.parametrize("value", ["3.5", '"12"', "true", "[1]"])
def test_non_integer_amount(rigs, sheet, value):
    text = ENDGAME + ANA.replace("credits = 120", f"credits = {value}")
    one_line_error(rigs("score", sheet(text)), "bad.toml", ".credits")


def test_non_integer_survey_and_plot_value(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME + ANA.replace('"plains" }',
                                                             '"plains", survey = 1.0 }'))),
                   "bad.toml", "plots[0].survey")
    one_line_error(rigs("score", sheet(ENDGAME.replace("[3, 5]", "[3, 5.5]") + ANA)),
                   "bad.toml", "endgame.plot_values.desert[1]")


def test_missing_name(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME + ANA.replace('name = "Ana"\n', ""))),
                   "bad.toml", "players[0].name")


def test_empty_name(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME + ANA.replace('"Ana"', '"  "'))),
                   "bad.toml", "players[0].name")


@pytest.mark.parametrize("second", ["Ana", "ana"])
def test_duplicate_player_names(rigs, sheet, second):
    text = ENDGAME + ANA + ANA.replace('"Ana"', f'"{second}"')
    one_line_error(rigs("score", sheet(text)), "bad.toml", "players[1].name", "duplicate")


@pytest.mark.parametrize("ptype, cards", [("plains", "[3, 4]"), ("valley", "[]"),
                                          ("forest", "[10]"), ("desert", "[1, 2, 3]"),
                                          ("ridge", "[8]")])
def test_wrong_number_of_cards(rigs, sheet, ptype, cards):
    # the contract's plot_values line with one entry replaced by a bad list
    others = {"plains": "4", "valley": "6", "forest": "10", "desert": "[3, 5]", "ridge": "8"}
    others[ptype] = cards
    line = "plot_values = { " + ", ".join(f"{k} = {v}" for k, v in others.items()) + " }"
    text = "\n".join(line if ln.startswith("plot_values") else ln
                     for ln in ENDGAME.splitlines()) + "\n" + ANA
    one_line_error(rigs("score", sheet(text)), "bad.toml", f"endgame.plot_values.{ptype}")


def test_unknown_top_level_key(rigs, sheet):
    one_line_error(rigs("score", sheet("colour = 1\n" + ENDGAME + ANA)), "bad.toml",
                         "colour", "unknown key")


def test_unknown_endgame_key(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME + "luxury = 3\n" + ANA)), "bad.toml",
                   "endgame.luxury", "unknown key")


def test_unknown_player_key(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME + ANA + "colour = \"red\"\n")), "bad.toml",
                   "players[0]", "colour", "unknown key")


def test_unknown_plot_key(rigs, sheet):
    text = ENDGAME + ANA.replace('"plains" }', '"plains", rigs = 2 }')
    one_line_error(rigs("score", sheet(text)), "bad.toml", "plots[0]", "rigs", "unknown key")


def test_unknown_vinnie_resource(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME + ANA + "vinnie = { luxuries = 1 }\n")),
                   "bad.toml", "vinnie.luxuries")


def test_survey_yield_out_of_range(rigs, sheet):
    text = ENDGAME + ANA.replace('"plains" }', '"plains", survey = 4 }')
    one_line_error(rigs("score", sheet(text)), "bad.toml", "plots[0].survey")


def test_die_value_out_of_range(rigs, sheet):
    for bad in ("0", "7"):
        text = ENDGAME.replace("energy = 3", f"energy = {bad}") + ANA
        one_line_error(rigs("score", sheet(text)), "bad.toml", "endgame.resource_values.energy")


def test_no_players(rigs, sheet):
    one_line_error(rigs("score", sheet(ENDGAME)), "bad.toml", "players")


def test_missing_endgame_values_without_draw(rigs, sheet):
    # Ana has a plains and luxuries; Ben a ridge and energy: those values are needed
    text = (ANA.replace("luxuries = 0", "luxuries = 2") + '[[players]]\nname = "Ben"\n'
            "credits = 0\nluxuries = 0\nenergy = 1\nsupplies = 0\nmetal = 0\n"
            'plots = [{ type = "ridge" }]\n')
    err = one_line_error(rigs("score", sheet(text)), "bad.toml", "endgame.luxury_price",
                         "endgame.plot_values.plains", "endgame.plot_values.ridge",
                         "endgame.resource_values.energy", "--draw")
    # only what the holdings need is listed
    for not_needed in ("valley", "forest", "desert", "supplies", "metal"):
        assert not_needed not in err


def test_unknown_explain_player(rigs):
    one_line_error(rigs("score", EXAMPLES / "sheet-2p.toml", "--explain", "Zed"),
                   "Zed", "Ana", "Ben")


def test_unknown_explain_player_with_json(rigs):
    one_line_error(rigs("score", EXAMPLES / "sheet-2p.toml", "--json", "--explain", "Zed"),
                   "Zed")


def test_missing_file(rigs, tmp_path):
    one_line_error(rigs("score", tmp_path / "nope.toml"), "nope.toml", "no such file")


def test_folder_instead_of_file(rigs, tmp_path):
    one_line_error(rigs("score", tmp_path), str(tmp_path))


def test_not_utf8(rigs, tmp_path):
    p = tmp_path / "latin1.toml"
    p.write_bytes(ENDGAME.encode() + b'[[players]]\nname = "Jos\xe9"\n')
    one_line_error(rigs("score", p), "latin1.toml")
