"""At the table with real cardboard (issue 10): the table's dice and cards first, recorded
when the table sees them; Last Call as a step; the whole table's production.  Every test
works on a real game file through the `rigs` command line."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from gameplay import PLAINS, VALLEYS, own_plots, play, play_to, start

from rigs_helper.games.rigs.engine import Outcome
from rigs_helper.store import session


def ok(r):
    assert r.exit_code == 0, r.output + r.stderr
    return r


def refused(r, path=None, before=None, code=1):
    """Exit non-zero with one line on stderr, and the file byte-for-byte unchanged."""
    assert r.exit_code == code, (r.exit_code, r.output)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("rigs: "), r.stderr
    if path is not None:
        assert path.read_bytes() == before
    return r.stderr


def status(rigs, path, *who):
    return json.loads(ok(rigs("status", *who, "--json", "--game", path)).stdout)


def save(game, path, tables):
    session.create(path, Outcome(game), "test set-up", True, tables)
    return path


def new(rigs, path, *names, seed=9):
    ok(rigs("new", *[x for n in names for x in ("--player", n)], "--seed", seed,
            "--game", path))
    return path


def next_(rigs, path, *args):
    return ok(rigs("next", *args, "--game", path))


def safe_disasters(*names):
    return [x for n in names for x in ("--card", f"{n}=Safe")]


# ============================================================================ the dice


def tied_game(tables):
    """Round 1 Market Phase; Ana, Bo and Cy own the same kind of land, 9 plots each (the
    Plot deck is empty) and ownership changed since the leader was set: the next Player
    Phase needs a roll-off."""
    g = play_to(start(3, 4, tables), tables, 1, "market")
    g = own_plots(g, tables, {
        "Ana": PLAINS[0:3] + VALLEYS[0:3] + ["P19", "P20", "P21"],
        "Bo": PLAINS[3:6] + VALLEYS[3:6] + ["P22", "P23", "P24"],
        "Cy": PLAINS[6:9] + VALLEYS[6:9] + ["P25", "P26", "P27"]}, deck=[])
    return replace(g, leader="Ana", leader_basis="")


def test_next_roll_settles_the_leader_roll_off(rigs, tmp_path, tables):
    path = save(tied_game(tables), tmp_path / "g.toml", tables)
    before = path.read_bytes()
    for bad in ("Ana=7", "Ana=0", "x"):  # a die shows 1 to 6
        assert "--roll" in refused(rigs("next", "--roll", bad, "--game", path), path, before)
    # a roll for someone who is not playing, or one nothing rolls, is refused
    refused(rigs("next", "--roll", "Zed=3", "--roll", "Ana=2", "--roll", "Bo=5",
                 "--roll", "Cy=1", "--game", path), path, before)
    err = refused(rigs("next", "--roll", "Ana=2", "--roll", "Bo=5", "--roll", "Cy=1",
                       "--roll", "Ana=1", "--game", path), path, before)
    assert "not used" in err
    r = next_(rigs, path, "--roll", "Ana=2", "--roll", "Bo=5", "--roll", "Cy=1")
    assert "Expedition Leader: Bo (roll-off: Ana 2, Bo 5, Cy 1)." in r.stdout
    assert "rolled by rigs" not in r.stdout
    assert status(rigs, path)["leader"] == "Bo"
    # a tie re-rolls: each tied player's next named roll
    ok(rigs("undo", "--game", path))
    r = next_(rigs, path, "--roll", "Ana=4", "--roll", "Bo=4", "--roll", "Cy=1",
              "--roll", "Ana=6", "--roll", "Bo=1")
    assert "roll-off: Ana 4, Bo 4, Cy 1; then Ana 6, Bo 1" in r.stdout
    assert status(rigs, path)["leader"] == "Ana"


def test_next_without_the_tables_roll_says_rigs_rolled(rigs, tmp_path, tables):
    path = save(tied_game(tables), tmp_path / "g.toml", tables)
    r = next_(rigs, path)
    assert "rolled by rigs: Ana " in r.stdout and "(leader tie)" in r.stdout


def test_grant_roll_settles_the_leader_roll_off(rigs, tmp_path, tables):
    # Ana and Bo lead with one barren Plains each; the grant gives each one Valley, so
    # they stay tied (one Plains, two plots, one Valley) and roll off.
    g = play_to(start(2, 4, tables), tables, 1, "market")
    g = own_plots(g, tables, {"Ana": ["P1"], "Bo": ["P2"]}, deck=["P10", "P11"]
                  + [f"P{i}" for i in range(3, 28) if i not in (10, 11)])
    path = save(replace(g, leader="Ana"), tmp_path / "g.toml", tables)
    next_(rigs, path)
    r = ok(rigs("grant", "P10", "--card", "virtual", "--roll", "Ana=1", "--roll", "Bo=3",
                "--game", path))
    assert "Expedition Leader: Bo (roll-off: Ana 1, Bo 3)." in r.stdout
    assert "rolled by rigs" not in r.stdout  # the deal of the other plot is not a die
    log = ok(rigs("log", "--json", "--game", path)).stdout
    assert "--roll Ana=1 --roll Bo=3" in log


def finished(tables, path):
    g = None
    for _, out in play(2, 3, tables):
        g = out.game
    return save(g, path, tables)


END_CARDS = ["--card", "plains=4", "--card", "valley=6", "--card", "forest=2,6",
             "--card", "desert=2,2", "--card", "ridge=10,4"]
END_DICE = ["--roll", "energy=3", "--roll", "supplies=5", "--roll", "metal=1"]


def test_score_records_the_tables_end_game_cards_and_dice(rigs, tmp_path, tables):
    path = finished(tables, tmp_path / "g.toml")
    r = ok(rigs("score", *END_CARDS, *END_DICE, "--game", path))
    assert "forest: End Game Market cards 2 + 6 = 8 (recorded)" in r.stdout
    assert "energy: the table's die 3 (recorded)" in r.stdout
    assert "rolled by rigs" not in r.stdout and "drawn by rigs" not in r.stdout
    # recorded in the game file, so scoring again gives the same and draws nothing
    game = session.load(path, tables).game
    assert dict(game.endgame.plot_values) == {"plains": 4, "valley": 6, "forest": 8,
                                              "desert": 4, "ridge": 14}
    assert dict(game.endgame.plot_cards)["forest"] == (2, 6)
    assert dict(game.endgame.resource_values) == {"energy": 3, "supplies": 5, "metal": 1}
    first = json.loads(ok(rigs("score", "--json", "--game", path)).stdout)
    assert "drawn" not in first
    p = game.players[0]
    plots = sum({"plains": 4, "valley": 6, "forest": 8, "desert": 4, "ridge": 14}[x.type]
                * (2 if x.survey else 1) for x in p.plots)
    assert first["players"][0]["plots"] == plots
    # the draws are made once: a second record is refused, the file unchanged
    before = path.read_bytes()
    assert "already recorded" in refused(rigs("score", "--roll", "energy=4", "--game", path),
                                         path, before)


def test_score_records_some_draws_and_rigs_makes_the_rest(rigs, tmp_path, tables):
    path = finished(tables, tmp_path / "g.toml")
    r = ok(rigs("score", "--roll", "energy=6", "--card", "plains=2", "--game", path))
    assert "energy: the table's die 6 (recorded)" in r.stdout
    assert "rolled by rigs: supplies " in r.stdout and "metal " in r.stdout
    assert "Valley: End Game Market card " in r.stdout and "(drawn by rigs)" in r.stdout
    e = session.load(path, tables).game.endgame
    assert e.resource_values["energy"] == 6 and e.plot_values["plains"] == 2


@pytest.mark.parametrize("bad", [["--card", "forest=3"], ["--card", "plains=3,4"],
                                 ["--card", "swamp=3"], ["--card", "plains=x"],
                                 ["--roll", "energy=7"], ["--roll", "luxuries=3"],
                                 ["--roll", "4"], ["--roll", "metal=2", "--roll", "metal=3"],
                                 ["--draw"]])
def test_score_refuses_a_bad_table_draw(rigs, tmp_path, tables, bad):
    path = finished(tables, tmp_path / "g.toml")
    before = path.read_bytes()
    refused(rigs("score", *bad, "--game", path), path, before)


def test_score_records_no_more_end_game_cards_of_a_value_than_the_deck_holds(
        rigs, tmp_path, tables):
    """The End Game deck of this game holds two cards worth 10 and none worth 3: a record
    of three 10s, or of a 3, is refused in one line naming the value and how many the deck
    holds; nothing is written."""
    path = finished(tables, tmp_path / "g.toml")
    before = path.read_bytes()
    err = refused(rigs("score", "--card", "plains=10", "--card", "ridge=10,10", "--game",
                       path), path, before)
    assert "--card ridge=10,10: 3 End Game Market cards worth 10 recorded; the End Game " \
        "deck holds 2" in err
    err = refused(rigs("score", "--card", "forest=3,4", "--game", path), path, before)
    assert "1 End Game Market card worth 3 recorded; the End Game deck holds none (its " \
        "values: 2, 4, 6, 10)" in err
    ok(rigs("score", "--card", "plains=10", "--card", "ridge=10,4", "--game", path))


def test_score_sheet_records_no_more_cards_of_a_value_than_the_market_deck_holds(
        rigs, tmp_path):
    sheet = tmp_path / "s.toml"
    sheet.write_text('[endgame]\nluxury_price = 4\nplot_values = { forest = [10, 10] }\n\n'
                     '[[players]]\nname = "Ana"\ncredits = 10\nluxuries = 0\nenergy = 2\n'
                     'supplies = 0\nmetal = 0\nplots = [{ type = "forest" }]\n[[players]]\n'
                     'name = "Bo"\ncredits = 0\nluxuries = 0\nenergy = 0\nsupplies = 0\n'
                     'metal = 0\n')
    r = rigs("score", sheet, "--card", "ridge=10,10", "--card", "plains=10", "--draw")
    assert r.exit_code == 1 and r.stderr.strip().count("\n") == 0, r.output
    assert "--card plains=10: 5 End Game Market cards worth 10 recorded; the Market " \
        "deck holds 4" in r.stderr
    ok(rigs("score", sheet, "--card", "ridge=10,10", "--draw", "--seed", "3"))


def test_score_sheet_takes_the_tables_draws_too(rigs, tmp_path):
    sheet = tmp_path / "s.toml"
    sheet.write_text('[endgame]\nluxury_price = 4\n\n[[players]]\nname = "Ana"\n'
                     'credits = 10\nluxuries = 0\nenergy = 2\nsupplies = 0\nmetal = 0\n'
                     'plots = [{ type = "forest" }]\n[[players]]\nname = "Bo"\n'
                     'credits = 0\nluxuries = 0\nenergy = 0\nsupplies = 0\nmetal = 0\n')
    r = ok(rigs("score", sheet, "--card", "forest=2,6", "--roll", "energy=4", "--json"))
    assert json.loads(r.stdout)["players"][0]["net_worth"] == 10 + 8 + 8


# ============================================================================ cards


def test_land_grant_recorded_on_grant_then_picked_by_type(rigs, tmp_path, tables):
    path = new(rigs, tmp_path / "g.toml", "Ana", "Bo")
    for _ in range(3):
        next_(rigs, path, "--auto")
    before = path.read_bytes()
    # the Land Grant plots are not recorded before the leader has drawn them
    assert "rigs grant --card" in refused(rigs("next", "--card", "valley", "--card", "plains",
                                               "--game", path), path, before)
    next_(rigs, path)
    leader = status(rigs, path)["leader"]
    before = path.read_bytes()
    refused(rigs("grant", "--card", "valley", "--game", path), path, before)  # 2 drawn
    refused(rigs("grant", "--card", "swamp", "--card", "valley", "--game", path), path,
            before)
    r = ok(rigs("grant", "--card", "valley", "--card", "plains", "--game", path))
    assert "Land Grant recorded" in r.stdout and f"`rigs hand {leader}`" in r.stdout
    mine = ok(rigs("hand", leader, "--game", path)).stdout  # the ids: for the leader's eyes
    assert "Land Grant recorded (you drew)" in mine and "Valley" in mine and "Plains" in mine
    # the drawn plots are the leader's to see: the shared `grant --json` gives a count only
    assert json.loads(ok(rigs("grant", "--json", "--game", path)).stdout)["plots"] == 2
    shown = json.loads(ok(rigs("hand", leader, "--json", "--game", path)).stdout)["grant"]
    assert [x["type"] for x in shown] == ["valley", "plains"]
    valley = shown[0]["id"]
    r = ok(rigs("grant", "valley", "--game", path))
    ids = {p["name"]: [x["id"] for x in p["plots"]] for p in status(rigs, path)["players"]}
    assert valley in ids[leader] and shown[1]["id"] in [i for n, v in ids.items()
                                                          if n != leader for i in v]


def test_disaster_cards_recorded_for_all_or_named_virtual(rigs, tmp_path):
    path = new(rigs, tmp_path / "g.toml", "Ana", "Bo", "Cy")
    before = path.read_bytes()
    err = refused(rigs("next", "--card", "Ana=Theft", "--game", path), path, before)
    assert "no Disaster card recorded for Bo, Cy" in err and "Bo=virtual" in err
    r = next_(rigs, path, "--card", "Ana=Theft", "--card", "Bo=Raid", "--card", "Cy=virtual")
    assert "Ana: Theft (recorded)." in r.stdout and "Bo: Raid (recorded)." in r.stdout
    assert "(drawn by rigs)." in r.stdout  # Cy's


def test_hurt_players_karma_card_recorded_after_the_deal(rigs, tmp_path, tables):
    path = new(rigs, tmp_path / "g.toml", "Ana", "Bo")
    # Both start with 5 Energy: a Massive Solar Flare hurts Bo, who draws a Karma card
    r = next_(rigs, path, "--card", "Ana=Safe", "--card", "Bo=Massive Solar Flare")
    assert "Bo draws 1 Karma card (hurt by Massive Solar Flare; drawn by rigs)." in r.stdout
    virtual = session.load(path, tables).game.player("Bo").hand
    # the file remembers which card to replace without naming it: hands stay private
    from rigs_helper.games.rigs.tables import title_of

    assert title_of(tables, "karma", virtual[0]) not in path.read_text()
    top_before = session.load(path, tables).game.karma.draw
    r = ok(rigs("karma", "draw", "Bo", "--card", "Poker Night", "--game", path))
    # the table sees that Bo recorded a card; its title is for Bo's eyes (`rigs hand Bo`)
    assert "Bo draws a Karma card (recorded) for Massive Solar Flare." in r.stdout
    assert "Poker Night" not in r.stdout
    assert "goes back on top of the Karma deck" in r.stdout
    g = session.load(path, tables).game
    assert g.player("Bo").hand == ("poker-night",)
    assert g.karma.draw[0] == virtual[0]  # the virtual card went back where it came from
    assert len(g.karma.draw) == len(top_before)  # one back, one (Poker Night) out
    # only that one card is replaced: a second recording is a draw at will, refused
    # (RULES.md 2026-11-27), naming the correction
    r = rigs("karma", "draw", "Bo", "--card", "Decoy", "--game", path)
    assert r.exit_code == 1 and "`rigs adjust Bo karma 1 --card Decoy" in r.stderr
    assert session.load(path, tables).game.player("Bo").hand == ("poker-night",)


# ============================================================================ Last Call


def production_with_a_card(rigs, path, tables):
    """Round 1: Bo has 1 RIGS on his first plot harvesting Supplies; Ana holds You sent it
    WHERE?!; both Disasters are Safe; now the Production Phase."""
    new(rigs, path, "Ana", "Bo")
    bo_plot = status(rigs, path, "Bo")["plots"][0]["id"]
    ok(rigs("move", "Bo", "1", "--to", bo_plot, "--harvest", "supplies", "--game", path))
    ok(rigs("adjust", "Ana", "karma", "1", "--card", "You sent it WHERE", "--why", "dealt", "--game", path))
    next_(rigs, path, *safe_disasters("Ana", "Bo"))
    next_(rigs, path)
    assert status(rigs, path)["phase"] == "production"
    return bo_plot


def test_last_call_is_a_step_where_its_cards_are_played(rigs, tmp_path, tables):
    path = tmp_path / "g.toml"
    bo_plot = production_with_a_card(rigs, path, tables)
    before = path.read_bytes()
    err = refused(rigs("karma", "play", "Ana", "You sent it", "--plot", bo_plot,
                       "--game", path), path, before)
    assert "Last Call" in err
    r = next_(rigs, path)
    # the hand is private: Last Call names no card and no holder
    assert "Last Call, round 1: play a production card now, or pass" in r.stdout
    said = [x for x in r.stdout.splitlines() if "Last Call" in x]
    assert "You sent" not in r.stdout and said and not any("Ana" in x for x in said)
    s = status(rigs, path)
    assert (s["phase"], s["last_call"]) == ("production", True)
    assert "Production Phase, Last Call" in ok(rigs("status", "--game", path)).stdout
    r = ok(rigs("karma", "play", "Ana", "You sent it", "--plot", bo_plot, "--game", path))
    # Bo may adjust his production: the plot the card redirected stays powered unless he
    # takes it out of his plan (You sent it WHERE?! as printed)
    supplies = status(rigs, path, "Ana")["supplies"]
    energy = status(rigs, path, "Bo")["energy"]
    ok(rigs("produce", "Bo", "--skip", bo_plot, "--game", path))
    r = next_(rigs, path)
    assert "commits production" in r.stdout and "Market Phase" in r.stdout
    s = status(rigs, path)
    assert (s["phase"], s["last_call"]) == ("market", False)
    assert status(rigs, path, "Ana")["supplies"] == supplies
    assert status(rigs, path, "Bo")["energy"] == energy


def test_last_call_every_round_even_with_no_production_card_in_any_hand(rigs, tmp_path):
    path = new(rigs, tmp_path / "g.toml", "Ana", "Bo")
    next_(rigs, path, *safe_disasters("Ana", "Bo"))
    next_(rigs, path)
    r = next_(rigs, path)
    assert "Last Call, round 1: play a production card now, or pass" in r.stdout
    assert (status(rigs, path)["phase"], status(rigs, path)["last_call"]) == (
        "production", True)
    r = next_(rigs, path)
    assert "commits production" in r.stdout
    assert status(rigs, path)["phase"] == "market"


def test_idled_plot_cannot_be_replanned(rigs, tmp_path, tables):
    path = new(rigs, tmp_path / "g.toml", "Ana", "Bo")
    bo_plot = status(rigs, path, "Bo")["plots"][0]["id"]
    ok(rigs("move", "Bo", "1", "--to", bo_plot, "--harvest", "supplies", "--game", path))
    ok(rigs("adjust", "Ana", "karma", "1", "--card", "Incorrect Drivers", "--why", "dealt", "--game", path))
    next_(rigs, path, *safe_disasters("Ana", "Bo"))
    next_(rigs, path)
    ok(rigs("produce", "Bo", "--power", bo_plot, "--game", path))  # before the card: fine
    ok(rigs("karma", "play", "Ana", "Incorrect Drivers", "--plot", bo_plot, "--game", path))
    before = path.read_bytes()
    err = refused(rigs("produce", "Bo", "--skip", bo_plot, "--game", path), path, before)
    assert "Incorrect Drivers" in err
    # the earlier --power costs Bo no Energy now that the plot is idle
    d = json.loads(ok(rigs("produce", "Bo", "--json", "--game", path)).stdout)
    line = next(x for x in d["plots"] if x["id"] == bo_plot)
    assert (line["powered"], line["output"], d["produced"]["energy"]) == (False, 0, 0)


# ============================================================================ produce


def test_produce_without_a_player_shows_the_whole_table(rigs, tmp_path):
    path = new(rigs, tmp_path / "g.toml", "Ana", "Bo")
    ana = status(rigs, path, "Ana")
    p1, p2 = ana["plots"][0]["id"], ana["plots"][1]["id"]
    ok(rigs("move", "Ana", "1", "--to", p1, "--harvest", "metal", "--game", path))
    ok(rigs("move", "Ana", "1", "--to", p2, "--harvest", "metal", "--game", path))
    ok(rigs("adjust", "Ana", "energy", "-4", "--why", "test: one Energy left",
            "--game", path))
    next_(rigs, path, *safe_disasters("Ana", "Bo"))
    next_(rigs, path)
    d = json.loads(ok(rigs("produce", "--json", "--game", path)).stdout)
    assert [p["name"] for p in d["players"]] == ["Ana", "Bo"]
    a = d["players"][0]
    assert set(a) >= {"name", "produced", "plots"}
    assert a["produced"]["metal"] == 1 and a["produced"]["energy"] == -1
    assert a["idle_rigs"] == {"warehouse": 3, "unpowered": 1}
    (u,) = a["unpowered"]
    assert (u["energy"], u["would_yield"], u["harvest"]) == (1, 1, "metal")
    assert a["vinnie_energy"] == len(ana["plots"])
    text = ok(rigs("produce", "--game", path)).stdout
    assert "Ana: 3 RIGS idle in the warehouse" in text
    assert f"{u['id']} unpowered (1 RIGS, metal): 1 Energy would power it for +1" in text
    assert "Vinnie lends up to" in text and "rigs vinnie borrow Ana energy N" in text
    before = path.read_bytes()
    refused(rigs("produce", "--power", p1, "--game", path), path, before)


def test_new_game_leader_roll_off_takes_the_tables_dice(rigs, tmp_path):
    path = tmp_path / "g.toml"
    # seed 2: Ana's and Bo's starting plots tie for the worst land
    r = ok(rigs("new", "--player", "Ana", "--player", "Bo", "--seed", 2, "--game", path))
    assert "rolled by rigs: Ana 1, Bo 4 (leader tie)" in r.stdout
    refused(rigs("new", "--player", "Ana", "--player", "Bo", "--seed", 2, "--roll", "Cy=2",
                 "--roll", "Ana=6", "--roll", "Bo=3", "--force", "--game", path))
    r = ok(rigs("new", "--player", "Ana", "--player", "Bo", "--seed", 2, "--roll", "Ana=6",
                "--roll", "Bo=3", "--force", "--game", path))
    assert "Expedition Leader: Ana (roll-off: Ana 6, Bo 3)." in r.stdout
    assert "rolled by rigs" not in r.stdout
    assert status(rigs, path)["leader"] == "Ana"
