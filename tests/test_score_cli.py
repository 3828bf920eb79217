"""`rigs score` on the example sheets (results worked out by hand below), `--draw`,
`python -m rigs_helper`, `rigs card` / `rigs cards`, and help text on every command."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import EXAMPLES

KEYS = ["name", "net_worth", "credits", "luxuries", "plots", "resources", "vinnie"]


def row(name, credits, luxuries, plots, resources, vinnie):
    return {"name": name, "net_worth": credits + luxuries + plots + resources + vinnie,
            "credits": credits, "luxuries": luxuries, "plots": plots,
            "resources": resources, "vinnie": vinnie}


# ---------------------------------------------------------------- expected, by hand
#
# sheet-2p.toml: price 6; plains 4, valley 6, forest 4+10 = 14, desert 2+6 = 8,
# ridge 6+4 = 10; dice energy 2, supplies 4, metal 5.  (luxury plot = survey >= 1: x 2)
#  Ana  luxuries 3 x 6 = 18
#       plains none/0/1/none/none = 4+4+8+4+4 = 24; valley 2/0/-/- = 12+6+6+6 = 30
#       forest 1/- = 28+14 = 42; desert 3 = 16; ridge -/- = 10+10 = 20  -> 132
#       energy 4x2 = 8, supplies 6x4 = 24, metal 2x5 = 10 -> 42; no Vinnie
#       net 118 + 18 + 132 + 42 = 310
#  Ben  luxuries 5 x 6 = 30
#       plains 1/-/0/- = 8+4+4+4 = 20; valley -/1/-/0/- = 6+12+6+6+6 = 36
#       forest 2 = 28; desert -/0 = 8+8 = 16; ridge 1 = 20  -> 120
#       energy 3x2 = 6, supplies 2x4 = 8, metal 1 script: 7-4 = 3 left x 5 = 15 -> 29
#       net 131 + 30 + 120 + 29 = 310  -> tie: both win
EXPECTED = {
    "sheet-2p.toml": ([row("Ana", 118, 18, 132, 42, 0), row("Ben", 131, 30, 120, 29, 0)],
                      ["Ana", "Ben"]),
# sheet-3p.toml: price 4; plains 2, valley 6, forest 10+4 = 14, desert 4+4 = 8,
# ridge 2+6 = 8; dice energy 5, supplies 1, metal 3.
#  Cara luxuries 11 x 4 = 44
#       plains 1/2 = 4+4 = 8; valley 3/0/- = 12+6+6 = 24; forest 2/1 = 28+28 = 56;
#       desert - = 8; ridge 3 = 16  -> 112
#       energy 2x5 = 10, supplies 9x1 = 9, metal 0 -> 19;  net 96+44+112+19 = 271
#  Dev  luxuries 0
#       plains 0/-/-/1 = 2+2+2+4 = 10; valley -/-/2 = 6+6+12 = 24; forest - = 14;
#       ridge 0 = 8  -> 56
#       energy 6x5 = 30; supplies 1 script: 4 owed, 3 held, 1 short x 1 = -1, 0 left;
#       metal 8x3 = 24 -> resources 54, vinnie -1;  net 154+0+56+54-1 = 263
#  Eli  luxuries 2 x 4 = 8
#       plains -/-/0 = 6; valley 1/-/- = 12+6+6 = 24; desert 2/- = 16+8 = 24;
#       ridge - = 8  -> 62
#       energy 1x5 = 5, supplies 4x1 = 4, metal 3x3 = 9 -> 18;  net 170+8+62+18 = 258
    "sheet-3p.toml": ([row("Cara", 96, 44, 112, 19, 0), row("Dev", 154, 0, 56, 54, -1),
                       row("Eli", 170, 8, 62, 18, 0)], ["Cara"]),
# sheet-4p.toml: price 2; plains 4, valley 2, forest 6+10 = 16, desert 4+2 = 6,
# ridge 10+4 = 14; dice energy 6, supplies 3, metal 4.
#  Fay  luxuries 6 x 2 = 12
#       plains -/1/- = 4+8+4 = 16; valley 0/- = 2+2 = 4; forest - = 16; ridge 2 = 28 -> 64
#       energy 3x6 = 18; supplies 1 script: 4 owed, 1 held, 3 short x 3 = -9;
#       metal 2x4 = 8 -> resources 26, vinnie -9;  net 131+12+64+26-9 = 224
#  Gus  luxuries 0
#       plains -/- = 8; valley -/3 = 2+4 = 6; forest 1 = 32; desert - = 6; ridge - = 14 -> 66
#       energy 0; supplies 5x3 = 15; metal 1 script: 6-4 = 2 left x 4 = 8 -> 23
#       net 142+0+66+23 = 231
#  Hal  luxuries 4 x 2 = 8
#       plains 0/2 = 4+8 = 12; valley -/-/1 = 2+2+4 = 8; desert - = 6; ridge 0 = 14 -> 40
#       energy 2 scripts: 8 owed, 5 held, 3 short x 6 = -18; supplies 2x3 = 6;
#       metal 3 scripts: 12 owed, 4 held, 8 short x 4 = -32 -> resources 6, vinnie -50
#       net 188+8+40+6-50 = 192
#  Ivy  luxuries 9 x 2 = 18
#       plains -/- = 8; valley -/- = 4; forest - = 16; desert 3 = 12 -> 40
#       energy 2x6 = 12, supplies 3x3 = 9, metal 1x4 = 4 -> 25;  net 119+18+40+25 = 202
    "sheet-4p.toml": ([row("Fay", 131, 12, 64, 26, -9), row("Gus", 142, 0, 66, 23, 0),
                       row("Hal", 188, 8, 40, 6, -50), row("Ivy", 119, 18, 40, 25, 0)],
                      ["Gus"]),
}
FULL_SHEETS = sorted(EXPECTED)


def test_expected_tables_add_up():
    # the hand-worked net worths above
    nets = {r["name"]: r["net_worth"] for rows, _ in EXPECTED.values() for r in rows}
    assert nets == {"Ana": 310, "Ben": 310, "Cara": 271, "Dev": 263, "Eli": 258,
                    "Fay": 224, "Gus": 231, "Hal": 192, "Ivy": 202}


def test_every_example_is_tested():
    on_disk = {p.name for p in EXAMPLES.glob("sheet-*.toml")}
    assert on_disk == set(EXPECTED) | {"sheet-nodraws.toml"}


def test_examples_show_tie_luxury_plot_and_shortfall():
    import tomllib
    docs = [tomllib.loads((EXAMPLES / n).read_text()) for n in FULL_SHEETS]
    assert any(len(w) > 1 for _, w in EXPECTED.values())                       # a tie
    assert any(pl.get("survey", 0) >= 1 for d in docs for p in d["players"]
               for pl in p.get("plots", []))                                   # luxury plot
    assert any(4 * n > p.get(r, 0) for d in docs for p in d["players"]
               for r, n in p.get("vinnie", {}).items())                        # shortfall
    for n in [*FULL_SHEETS, "sheet-nodraws.toml"]:
        assert (EXAMPLES / n).read_text().startswith("#"), n                   # header


def check_shape(obj):
    assert list(obj) == ["players", "winners"]
    assert isinstance(obj["winners"], list) and obj["winners"]
    assert all(isinstance(w, str) for w in obj["winners"])
    for p in obj["players"]:
        assert list(p) == KEYS
        assert isinstance(p["name"], str)
        assert all(type(p[k]) is int for k in KEYS[1:])
        assert p["net_worth"] == (p["credits"] + p["luxuries"] + p["plots"]
                                  + p["resources"] + p["vinnie"])
        assert p["resources"] >= 0 and p["vinnie"] <= 0
    best = max(p["net_worth"] for p in obj["players"])
    assert obj["winners"] == [p["name"] for p in obj["players"] if p["net_worth"] == best]


@pytest.mark.parametrize("name", FULL_SHEETS)
def test_score_json(rigs, name):
    r = rigs("score", EXAMPLES / name, "--json")
    assert r.exit_code == 0, r.output
    assert r.stderr == ""
    obj = json.loads(r.stdout)
    check_shape(obj)
    players, winners = EXPECTED[name]
    assert obj == {"players": players, "winners": winners}


@pytest.mark.parametrize("name", FULL_SHEETS)
def test_score_table_names_winners(rigs, name):
    r = rigs("score", EXAMPLES / name)
    assert r.exit_code == 0, r.output
    players, winners = EXPECTED[name]
    for p in players:
        assert p["name"] in r.stdout and str(p["net_worth"]) in r.stdout
    win_lines = [ln for ln in r.stdout.splitlines() if "win" in ln.lower()]
    assert win_lines, r.stdout
    last = win_lines[-1]
    for p in players:
        assert (p["name"] in last) == (p["name"] in winners), last


def test_score_explain_json(rigs):
    r = rigs("score", EXAMPLES / "sheet-4p.toml", "--json", "--explain", "hal")
    assert r.exit_code == 0, r.output
    obj = json.loads(r.stdout)
    assert obj["explain"]["name"] == "Hal"
    lines = obj["explain"]["lines"]
    assert lines and all(isinstance(x, str) for x in lines)
    text = "\n".join(lines)
    assert "192" in lines[-1]                     # Hal's net worth, by hand above
    assert "-18" in text and "-32" in text        # the two Vinnie shortfalls
    assert {k: obj[k] for k in ("players", "winners")} == {
        "players": EXPECTED["sheet-4p.toml"][0], "winners": ["Gus"]}


def test_score_explain_table(rigs):
    r = rigs("score", EXAMPLES / "sheet-3p.toml", "--explain", "Cara")
    assert r.exit_code == 0, r.output
    assert "Cara" in r.stdout and "271" in r.stdout
    # Cara's forest with yield 2: 14 doubled to 28
    assert "28" in r.stdout and "luxury" in r.stdout.lower()


# ---------------------------------------------------------------- --draw

def draw_json(rigs, path, seed):
    r = rigs("score", path, "--draw", "--seed", str(seed), "--json")
    assert r.exit_code == 0, r.output
    return r.stdout


def test_nodraws_needs_draw(rigs):
    r = rigs("score", EXAMPLES / "sheet-nodraws.toml")
    assert r.exit_code == 1
    assert "sheet-nodraws.toml" in r.stderr and "--draw" in r.stderr


def test_draw_reproducible(rigs):
    path = EXAMPLES / "sheet-nodraws.toml"
    a, b = draw_json(rigs, path, 7), draw_json(rigs, path, 7)
    assert a == b
    obj = json.loads(a)
    assert obj["seed"] == 7
    check_shape({k: obj[k] for k in ("players", "winners")})
    # different seeds may differ: over 12 seeds the draws cannot all be the same
    outs = {json.dumps(json.loads(draw_json(rigs, path, s))["players"]) for s in range(12)}
    assert len(outs) > 1


def test_draw_values_come_from_the_decks(rigs):
    obj = json.loads(draw_json(rigs, EXAMPLES / "sheet-nodraws.toml", 7))
    jo, kit = obj["players"]
    assert (jo["credits"], kit["credits"]) == (127, 143)
    # Kit sells 1 Luxury, Jo 4, at one Market card's price (defaults 2, 4, 6 or 10)
    assert kit["luxuries"] in (2, 4, 6, 10)
    assert jo["luxuries"] == 4 * kit["luxuries"]


def test_draw_fills_only_missing_values(rigs, tmp_path):
    # Ana's holdings use only given values: plains 9, energy 4, price 5.
    # Ana: credits 10 + 3 luxuries x 5 = 15 + plains (unsurveyed) 9 + energy 2 x 4 = 8 = 42
    # Bo needs the drawn values (forest, metal).
    p = tmp_path / "partial.toml"
    p.write_text("""\
[endgame]
luxury_price = 5
plot_values = { plains = 9 }
resource_values = { energy = 4 }

[[players]]
name = "Ana"
credits = 10
luxuries = 3
energy = 2
supplies = 0
metal = 0
plots = [{ type = "plains" }]

[[players]]
name = "Bo"
credits = 10
luxuries = 0
energy = 0
supplies = 0
metal = 2
plots = [{ type = "forest" }]
""", encoding="utf-8")
    for seed in range(6):
        obj = json.loads(draw_json(rigs, p, seed))
        ana, bo = obj["players"]
        assert ana == row("Ana", 10, 15, 9, 8, 0)
        # forest: two Market cards (2..10 each) summed; metal 2 x a die roll (1..6)
        assert 4 <= bo["plots"] <= 20 and bo["resources"] in range(2, 13, 2)


def test_draw_with_nothing_missing_changes_nothing(rigs):
    path = EXAMPLES / "sheet-2p.toml"
    plain = json.loads(rigs("score", path, "--json").stdout)
    drawn = json.loads(draw_json(rigs, path, 3))
    assert {k: drawn[k] for k in ("players", "winners")} == plain
    assert not drawn.get("drawn")


def test_python_dash_m(tmp_path):
    r = subprocess.run([sys.executable, "-m", "rigs_helper", "score",
                        str(EXAMPLES / "sheet-4p.toml"), "--json"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"players": EXPECTED["sheet-4p.toml"][0],
                                    "winners": ["Gus"]}


def test_python_dash_m_error_exit_code(tmp_path):
    r = subprocess.run([sys.executable, "-m", "rigs_helper", "score", "missing.toml"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "missing.toml" in r.stderr


# ---------------------------------------------------------------- rigs card / cards

@pytest.mark.parametrize("typed, title", [
    ("Raid", "Raid"), ("raid", "Raid"), ("RAID", "Raid"),
    ("massive", "Massive Solar Flare"), ("out in the acid", "Out in the (Acid) Rain"),
    ("missing support", '"Missing" Support'), ("rigs tdm", "R.I.G.S. T.D.M."),
    ("battery failure", "Battery Failure"),
])
def test_card_lookup(rigs, typed, title):
    r = rigs("card", typed, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["title"] == title
    r = rigs("card", typed)
    assert r.exit_code == 0 and title in r.stdout


def test_card_json(rigs):
    obj = json.loads(rigs("card", "theft", "--json").stdout)
    assert (obj["title"], obj["deck"], obj["count"]) == ("Theft", "disaster", 5)
    obj = json.loads(rigs("card", "brownout", "--json").stdout)
    assert (obj["title"], obj["deck"], obj["kind"], obj["count"]) == \
        ("Brownout!", "karma", "sabotage", 1)
    assert obj["effect"]


@pytest.mark.parametrize("typed, hits", [("survey", ["Survey Error", "Survey Typo"]),
                                         ("battery", ["Battery Failure",
                                                      "Battery Charger Failure"])])
def test_card_ambiguous_prefix(rigs, typed, hits):
    r = rigs("card", typed)
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1
    for h in hits:
        assert h in r.stderr


def test_card_unknown(rigs):
    r = rigs("card", "no such card")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "Traceback" not in r.output


@pytest.mark.parametrize("deck, n, copies", [
    (None, 13 + 45, 36 + 45), ("disaster", 13, 36), ("DISASTER", 13, 36), ("karma", 45, 45),
    ("destruction", 11, 11), ("sabotage", 12, 12), ("wealth", 11, 11), ("protection", 11, 11),
])
def test_cards_list(rigs, deck, n, copies):
    args = ["cards", "--json"] + (["--deck", deck] if deck else [])
    r = rigs(*args)
    assert r.exit_code == 0, r.output
    cards = json.loads(r.stdout)["cards"]
    assert len(cards) == n
    assert sum(c["count"] for c in cards) == copies
    if deck and deck.lower() in ("destruction", "sabotage", "wealth", "protection"):
        assert {c["kind"] for c in cards} == {deck}


def test_cards_table_and_bad_deck(rigs):
    r = rigs("cards", "--deck", "wealth")
    assert r.exit_code == 0 and "Poker Night" in r.stdout and "Raid" not in r.stdout
    r = rigs("cards", "--deck", "market")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1


# ---------------------------------------------------------------- help on every command

def _walk(cmd, path=()):
    from clihelp import subcommands

    yield path, cmd
    for name, sub in subcommands(cmd).items():
        yield from _walk(sub, (*path, name))


def test_every_command_has_help(rigs):
    import typer.main

    from rigs_helper.cli import app

    root = typer.main.get_command(app)
    seen = 0
    for path, cmd in _walk(root):
        assert (cmd.help or "").strip(), f"no help text: rigs {' '.join(path)}"
        r = rigs(*path, "--help")
        assert r.exit_code == 0, (path, r.output)
        assert "Usage" in r.stdout
        seen += 1
    assert seen >= 4  # rigs, score, card, cards at least


def test_end_game_cards_given_for_a_sheet_without_dice_score_as_written_values(rigs,
                                                                               tmp_path):
    """`rigs score SHEET --card plains=4` (no --roll) scores as the sheet with plains = [4]
    written in it (was an internal error: no table dice given)."""
    written = EXAMPLES / "sheet-4p.toml"
    text = written.read_text()
    assert "plains = [4], " in text
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(text.replace("plains = [4], ", ""))
    r = rigs("score", sheet, "--card", "plains=4", "--json")
    assert r.exit_code == 0, r.output
    want = rigs("score", written, "--json")
    assert json.loads(r.stdout)["players"] == json.loads(want.stdout)["players"]
