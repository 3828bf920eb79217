"""Player actions through the CLI on a game file (CONTRACT.md "Player actions", "Errors";
RULES.md "Player Phase", "Vinnie loans").

Refusals: exit code 1, a one-line message on stderr naming the rule or the problem, and
the game file byte-for-byte unchanged.  Successes: the exact resulting holdings."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from clihelp import ANA, base, load, ok, refused, save
from gameplay import play_to, plot, set_player

from rigs_helper.games.rigs.state import frozen_map


def holdings(p):
    return (p.credits, p.energy, p.supplies, p.metal, p.luxuries, p.warehouse_rigs)


@pytest.fixture
def game(tables):
    return base(tables)


# ---------------------------------------------------------------------------- build


def test_build_needs_two_metal_each(tables, rigs, tmp_path, game):
    path = save(tmp_path, set_player(game, "Ana", metal=3), tables)
    refused(rigs, path, "build", "Ana", "2",
            has=("3 Metal", "costs 4", "2 Metal per RIGS"))
    ok(rigs, path, "build", "Ana", "1")
    a = load(path, tables).player("Ana")
    # 3 Metal - 2 = 1; 5 + 1 = 6 RIGS in the warehouse; nothing else moves.
    assert holdings(a) == (100, 5, 5, 1, 0, 6)


def test_build_refused_past_75_colony_rigs(tables, rigs, tmp_path, game):
    # Bo has 5; Ana 69 in the warehouse: 74 in the colony.  2 more would pass 75.
    g = set_player(game, "Ana", warehouse_rigs=69, metal=10)
    g = set_player(g, "Bo", metal=2)
    path = save(tmp_path, g, tables)
    refused(rigs, path, "build", "Ana", "2", has=("74 RIGS", "75"))
    ok(rigs, path, "build", "Ana", "1")
    g2 = load(path, tables)
    assert g2.colony_rigs == 75 and g2.player("Ana").metal == 8
    refused(rigs, path, "build", "Bo", "1", has=("only 75 RIGS tokens exist",))


def test_build_only_in_the_player_phase(tables, rigs, tmp_path, game):
    for phase in ("disaster", "production", "market"):
        g = replace(set_player(game, "Ana", metal=4), phase=phase)
        path = save(tmp_path, g, tables, f"{phase}.toml")
        refused(rigs, path, "build", "Ana", "1", has=("RIGS are built in the Player Phase",))


def test_build_bad_input(tables, rigs, tmp_path, game):
    path = save(tmp_path, set_player(game, "Ana", metal=4), tables)
    refused(rigs, path, "build", "Ana", "0", has=("1 or more",))
    refused(rigs, path, "build", "Nobody", "1", has=("Nobody",))


# ---------------------------------------------------------------------------- move


def test_move_from_the_warehouse_costs_a_supply_each(tables, rigs, tmp_path, game):
    path = save(tmp_path, game, tables)
    ok(rigs, path, "move", "Ana", "2", "--to", "P10", "--harvest", "metal")
    a = load(path, tables).player("Ana")
    # 5 Supplies - 2 = 3; 5 RIGS - 2 = 3 in the warehouse; P10 2 Metal.
    assert holdings(a) == (100, 5, 3, 0, 0, 3)
    assert (a.plot("P10").rigs, a.plot("P10").harvest) == (2, "metal")
    # Plot to plot, changing what they harvest: 1 Supply each.
    ok(rigs, path, "move", "Ana", "1", "--from", "P10", "--to", "P22", "--harvest", "energy")
    # Same plot, new harvest (1 RIGS left on P10 harvesting metal -> supplies).
    ok(rigs, path, "move", "Ana", "1", "--from", "P10", "--to", "P10", "--harvest",
       "supplies")
    # Back to the warehouse.
    ok(rigs, path, "move", "Ana", "1", "--from", "P22", "--to", "warehouse")
    a = load(path, tables).player("Ana")
    # 3 - 3 = 0 Supplies; P10 1 Supplies; P22 empty; warehouse 3 + 1 = 4.
    assert holdings(a) == (100, 5, 0, 0, 0, 4)
    assert (a.plot("P10").rigs, a.plot("P10").harvest) == (1, "supplies")
    assert (a.plot("P22").rigs, a.plot("P22").harvest) == (0, None)
    assert a.rigs == 5


def test_move_refusals(tables, rigs, tmp_path, game):
    g = set_player(game, "Ana", plots=(
        plot("P1", tables), plot("P10", tables, rigs=1, harvest="metal"),
        plot("P22", tables), plot("P25", tables), plot("P19", tables), plot("P2", tables)),
        warehouse_rigs=4)
    path = save(tmp_path, g, tables)
    # Past a plot's spots: a Plains has 1 Metal spot.
    refused(rigs, path, "move", "Ana", "2", "--to", "P1", "--harvest", "metal",
            has=("1 metal spot", "at most as many RIGS as it has spots"))
    # Valley P10: 1 Metal RIGS on it, 2 Metal spots; 2 more do not fit.
    refused(rigs, path, "move", "Ana", "2", "--to", "P10", has=("2 metal spots",))
    # Mixing harvests on one plot.
    refused(rigs, path, "move", "Ana", "1", "--to", "P10", "--harvest", "energy",
            has=("harvest metal", "all RIGS on a plot harvest the same resource"))
    # Luxuries on an unsurveyed plot.
    refused(rigs, path, "move", "Ana", "1", "--to", "P1", "--harvest", "luxuries",
            has=("not surveyed",))
    # From a plot with too few RIGS.
    refused(rigs, path, "move", "Ana", "2", "--from", "P10", "--to", "P25",
            "--harvest", "metal", has=("P10 has 1 RIGS",))
    # More than the warehouse holds.
    refused(rigs, path, "move", "Ana", "5", "--to", "P25", "--harvest", "metal",
            has=("4 RIGS in the warehouse",))
    # Warehouse to warehouse is not a move.
    refused(rigs, path, "move", "Ana", "1", "--to", "warehouse", has=("already in the "
                                                                       "warehouse",))
    # Someone else's plot.
    refused(rigs, path, "move", "Ana", "1", "--to", "P3", "--harvest", "metal",
            has=("does not own plot P3",))
    # A plot without a harvest named.
    refused(rigs, path, "move", "Ana", "1", "--to", "P25", has=("--harvest",))
    # Wrong phase.
    path2 = save(tmp_path, replace(g, phase="market"), tables, "m.toml")
    refused(rigs, path2, "move", "Ana", "1", "--to", "P25", "--harvest", "metal",
            has=("RIGS are moved in the Player Phase",))


def test_move_without_supplies(tables, rigs, tmp_path, game):
    path = save(tmp_path, set_player(game, "Ana", supplies=1), tables)
    refused(rigs, path, "move", "Ana", "2", "--to", "P10", "--harvest", "energy",
            has=("1 Supplies", "costs 2", "1 Supply per RIGS moved"))
    ok(rigs, path, "move", "Ana", "1", "--to", "P10", "--harvest", "energy")
    assert load(path, tables).player("Ana").supplies == 0


def test_move_luxuries_onto_a_surveyed_plot(tables, rigs, tmp_path, game):
    # P25 with a yield-2 survey: 2 Luxury spots; 3 do not fit, 2 do.
    g = set_player(game, "Ana", plots=tuple(
        plot(x, tables, survey=2 if x == "P25" else None) for x in ANA))
    g = replace(g, survey=replace(g.survey, draw=tuple(_without(g.survey.draw, [2]))))
    path = save(tmp_path, g, tables)
    refused(rigs, path, "move", "Ana", "3", "--to", "P25", "--harvest", "luxuries",
            has=("2 luxuries spots",))
    ok(rigs, path, "move", "Ana", "2", "--to", "P25", "--harvest", "lux")
    a = load(path, tables).player("Ana")
    assert (a.plot("P25").rigs, a.plot("P25").harvest, a.supplies) == (2, "luxuries", 3)


def _without(seq, items):
    rest = list(seq)
    for x in items:
        rest.remove(x)
    return rest


# ---------------------------------------------------------------------------- survey


def test_survey_draws_the_top_card(tables, rigs, tmp_path, game):
    path = save(tmp_path, game, tables)
    top = game.survey.draw[0]
    ok(rigs, path, "survey", "Ana", "P1")
    g = load(path, tables)
    a = g.player("Ana")
    assert a.plot("P1").survey == top and a.supplies == 4
    assert g.survey.draw == game.survey.draw[1:]
    # status --json shows the yield as the plot's survey.
    d = json.loads(ok(rigs, path, "status", "--json").stdout)
    ana = next(p for p in d["players"] if p["name"] == "Ana")
    assert next(x for x in ana["plots"] if x["id"] == "P1")["survey"] == top


def test_survey_refusals(tables, rigs, tmp_path, game):
    g = set_player(game, "Ana", plots=tuple(
        plot(x, tables, survey=1 if x == "P1" else None) for x in ANA))
    g = replace(g, survey=replace(g.survey, draw=tuple(_without(g.survey.draw, [1]))))
    path = save(tmp_path, g, tables)
    refused(rigs, path, "survey", "Ana", "P1", has=("already has a survey",
                                                    "only unsurveyed plots are surveyed"))
    refused(rigs, path, "survey", "Ana", "P3", has=("does not own plot P3",))
    refused(rigs, path, "survey", "Ana", "P99", has=("P99",))
    path2 = save(tmp_path, set_player(g, "Ana", supplies=0), tables, "s.toml")
    refused(rigs, path2, "survey", "Ana", "P2", has=("0 Supplies", "1 Supply per survey"))
    path3 = save(tmp_path, replace(g, phase="production"), tables, "p.toml")
    refused(rigs, path3, "survey", "Ana", "P2", has=("surveyed in the Player Phase",))


def test_survey_card_records_the_physical_card(tables, rigs, tmp_path, game):
    path = save(tmp_path, game, tables)
    threes = game.survey.draw.count(3)
    ok(rigs, path, "survey", "Ana", "P2", "--card", "3")
    g = load(path, tables)
    assert g.player("Ana").plot("P2").survey == 3
    assert g.survey.draw.count(3) == threes - 1
    assert len(g.survey.draw) == len(game.survey.draw) - 1
    # No yield-5 card exists; and once every 3 is out, a 3 cannot be recorded.
    refused(rigs, path, "survey", "Ana", "P1", "--card", "5", has=("yield 5",))
    g2 = set_player(game, "Ana", plots=tuple(
        plot(x, tables, survey=3 if x in ("P1", "P10", "P22") else None) for x in ANA))
    g2 = replace(g2, survey=replace(g2.survey, draw=tuple(_without(g2.survey.draw,
                                                                   [3, 3, 3]))))
    path2 = save(tmp_path, g2, tables, "no3.toml")
    refused(rigs, path2, "survey", "Ana", "P2", "--card", "3",
            has=("no Survey card of yield 3", "cards are conserved"))


# ---------------------------------------------------------------------------- Vinnie


def test_borrow_one_unit_per_plot_per_phase(tables, rigs, tmp_path, game):
    path = save(tmp_path, game, tables)
    ok(rigs, path, "vinnie", "borrow", "Ana", "energy", "4")
    ok(rigs, path, "vinnie", "borrow", "Ana", "metal", "2")
    a = load(path, tables).player("Ana")
    # 6 plots: 6 units this phase.  Energy 5 + 4, Metal 0 + 2; scripts 4 + 2.
    assert holdings(a) == (100, 9, 5, 2, 0, 5)
    assert dict(a.vinnie) == {"energy": 4, "metal": 2} and a.borrowed == 6
    refused(rigs, path, "vinnie", "borrow", "Ana", "supplies", "1",
            has=("owns 6 plots", "borrowed 6", "one unit per plot owned per phase"))
    refused(rigs, path, "vinnie", "borrow", "Bo", "supplies", "7", has=("owns 6 plots",))
    refused(rigs, path, "vinnie", "borrow", "Bo", "luxuries", "1", has=("luxuries",))
    # The limit is per phase: after the Player Phase ends, Production allows 6 more.
    g = load(path, tables)
    path2 = save(tmp_path, replace(set_player(g, "Ana", borrowed=0), phase="production"),
                 tables, "p.toml")
    ok(rigs, path2, "vinnie", "borrow", "Ana", "supplies", "6")
    assert dict(load(path2, tables).player("Ana").vinnie) == {"energy": 4, "metal": 2,
                                                               "supplies": 6}


def test_borrow_limit_resets_when_the_phase_ends(tables, game):
    from rigs_helper.games.rigs.actions.loans import Borrow
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.phases import NextPhase

    g = perform(game, Borrow("Ana", "energy", 6), tables).game
    g = perform(g, NextPhase(auto=True), tables).game  # -> Disaster
    assert g.player("Ana").borrowed == 0


def test_borrow_refused_past_20_scripts(tables, rigs, tmp_path, game):
    # 12 + 6 = 18 Metal scripts out; 2 left.
    g = set_player(game, "Ana", vinnie=frozen_map({"metal": 12}), metal=20)
    g = set_player(g, "Bo", vinnie=frozen_map({"metal": 6}), metal=10)
    path = save(tmp_path, g, tables)
    refused(rigs, path, "vinnie", "borrow", "Ana", "metal", "3",
            has=("18 of Vinnie's 20 Metal scripts", "2 left", "lends no more"))
    ok(rigs, path, "vinnie", "borrow", "Ana", "metal", "2")
    refused(rigs, path, "vinnie", "borrow", "Bo", "metal", "1", has=("20 of Vinnie's 20",))
    ok(rigs, path, "vinnie", "borrow", "Bo", "energy", "1")  # other resources still lend
    g = load(path, tables)
    assert g.scripts_out("metal") == 20 and g.player("Ana").metal == 22


def test_borrow_refused_in_disaster_and_market(tables, rigs, tmp_path, game):
    for phase in ("disaster", "market"):
        path = save(tmp_path, replace(game, phase=phase), tables, f"{phase}.toml")
        refused(rigs, path, "vinnie", "borrow", "Ana", "energy", "1",
                has=("Vinnie lends in the Player and Production Phases",))


def test_repay_two_units_per_script(tables, rigs, tmp_path, game):
    g = set_player(game, "Ana", vinnie=frozen_map({"energy": 3}), energy=7)
    path = save(tmp_path, g, tables)
    ok(rigs, path, "vinnie", "repay", "Ana", "energy", "2")
    a = load(path, tables).player("Ana")
    # 2 scripts x 2 = 4: Energy 7 - 4 = 3; 1 script left.
    assert a.energy == 3 and dict(a.vinnie) == {"energy": 1}
    # 1 script left; repaying 2 is refused, as is paying with too little (needs 2, has 3
    # -> fine) -- take the Energy down to 1 first.
    refused(rigs, path, "vinnie", "repay", "Ana", "energy", "2", has=("holds 1 Energy script",))
    ok(rigs, path, "adjust", "Ana", "energy", "--why", "spilt", "--", "-2")
    refused(rigs, path, "vinnie", "repay", "Ana", "energy", "1",
            has=("1 Energy", "costs 2", "2 units of the same resource per script"))
    refused(rigs, path, "vinnie", "repay", "Ana", "metal", "1", has=("0 Metal scripts",))
    path2 = save(tmp_path, replace(g, phase="production"), tables, "p.toml")
    refused(rigs, path2, "vinnie", "repay", "Ana", "energy", "1",
            has=("Vinnie is repaid in the Player Phase",))
    # The last script repaid: no scripts left at all.
    ok(rigs, path, "adjust", "Ana", "energy", "1", "--why", "found")
    ok(rigs, path, "vinnie", "repay", "Ana", "energy", "1")
    a = load(path, tables).player("Ana")
    assert a.energy == 0 and dict(a.vinnie) == {}


def test_vinnie_view_and_json(tables, rigs, tmp_path, game):
    g = set_player(game, "Ana", vinnie=frozen_map({"energy": 2, "metal": 1}), energy=5,
                   metal=1, borrowed=2)
    path = save(tmp_path, g, tables)
    d = json.loads(ok(rigs, path, "vinnie", "--json").stdout)
    assert d["scripts_out"] == {"energy": 2, "supplies": 0, "metal": 1}
    assert d["scripts_cap"] == 20
    ana = next(p for p in d["players"] if p["name"] == "Ana")
    assert ana["borrowed_this_phase"] == 2 and ana["can_borrow_this_phase"] == 6 - 2
    debts = {x["resource"]: x for x in ana["debts"]}
    # Energy: 2 scripts, repay now 4, can repay 5 // 2 = 2, owed at the end 8, short 3.
    assert debts["energy"]["repay_now"] == 4 and debts["energy"]["can_repay_now"] == 2
    assert debts["energy"]["owed_at_end"] == 8 and debts["energy"]["short_at_end"] == 3
    assert debts["energy"]["short_credits_range"] == [3, 18]
    # Metal: 1 script, repay now 2, can repay 0 (1 Metal), owed 4, short 3.
    assert debts["metal"]["can_repay_now"] == 0 and debts["metal"]["short_at_end"] == 3
    bo = next(p for p in d["players"] if p["name"] == "Bo")
    assert bo["debts"] == [] and bo["can_borrow_this_phase"] == 6
    r = ok(rigs, path, "vinnie")
    assert "Ana" in r.stdout and "energy" in r.stdout


# ---------------------------------------------------------------------------- sell


def test_sell_at_the_market_price(tables, rigs, tmp_path, game):
    g = play_to(game, tables, 1, "market")
    price = g.market.price
    assert price is not None
    g = set_player(g, "Ana", luxuries=3)
    path = save(tmp_path, g, tables)
    credits = g.player("Ana").credits
    ok(rigs, path, "sell", "Ana", "2")
    a = load(path, tables).player("Ana")
    assert (a.luxuries, a.credits) == (1, credits + 2 * price)
    refused(rigs, path, "sell", "Ana", "2", has=("1 Luxury",))
    refused(rigs, path, "sell", "Ana", "0", has=("1 or more",))


def test_sell_outside_the_market_phase(tables, rigs, tmp_path, game):
    for phase in ("player", "disaster", "production"):
        path = save(tmp_path, replace(set_player(game, "Ana", luxuries=2), phase=phase),
                    tables, f"{phase}.toml")
        refused(rigs, path, "sell", "Ana", "1", has=("sold in the Market Phase",))


# ---------------------------------------------------------------------------- deals


def test_give_moves_everything_at_once(tables, rigs, tmp_path, game):
    g = set_player(game, "Ana", plots=tuple(
        plot(x, tables, survey=2, rigs=2, harvest="luxuries") if x == "P10"
        else plot(x, tables) for x in ANA), warehouse_rigs=3, metal=4,
        plan=frozen_map({"P10": "skip"}))
    g = replace(g, survey=replace(g.survey, draw=tuple(_without(g.survey.draw, [2]))))
    path = save(tmp_path, g, tables)
    ok(rigs, path, "give", "Ana", "Bo", "credits=30", "metal=4", "energy=2", "rigs=3",
       "P10")
    g2 = load(path, tables)
    a, b = g2.player("Ana"), g2.player("Bo")
    # Ana: 100 - 30, Energy 5 - 2, Metal 4 - 4, warehouse RIGS 3 - 3; P10 gone.
    assert holdings(a) == (70, 3, 5, 0, 0, 0)
    # Bo: 100 + 30, Energy 5 + 2, Metal 0 + 4, RIGS 5 + 3; P10 with its survey and RIGS.
    assert holdings(b) == (130, 7, 5, 4, 0, 8)
    assert "P10" not in {x.id for x in a.plots} and "P10" not in a.plan
    p10 = b.plot("P10")
    assert (p10.survey, p10.rigs, p10.harvest) == (2, 2, "luxuries")
    assert b.rigs == 5 + 3 + 2 and a.rigs == 0


def test_give_is_all_or_nothing(tables, rigs, tmp_path, game):
    path = save(tmp_path, game, tables)
    # Ana has 100 credits and 0 Metal: the credits do not move either.
    refused(rigs, path, "give", "Ana", "Bo", "credits=10", "metal=1", has=("0 Metal",))
    refused(rigs, path, "give", "Ana", "Bo", "credits=10", "P3", has=("does not own plot P3",))
    refused(rigs, path, "give", "Ana", "Bo", "rigs=6", has=("5 RIGS in the warehouse",))
    refused(rigs, path, "give", "Ana", "Ana", "credits=1", has=("themselves",))
    refused(rigs, path, "give", "Ana", "Bo", "credits=-1", has=("1 or more",))
    refused(rigs, path, "give", "Ana", "Bo", "gold=1", has=("gold",))
    assert holdings(load(path, tables).player("Ana")) == (100, 5, 5, 0, 0, 5)


def test_zero_hour_deals_move_only_credits_and_resources(tables, rigs, tmp_path, game):
    path = save(tmp_path, replace(game, phase="production"), tables)
    refused(rigs, path, "give", "Ana", "Bo", "P1", has=("plots cannot change hands",
                                                        "Zero Hour"))
    refused(rigs, path, "give", "Ana", "Bo", "rigs=1", has=("RIGS cannot change hands",
                                                            "Zero Hour"))
    refused(rigs, path, "give", "Ana", "Bo", "credits=5", "P1", has=("Zero Hour",))
    ok(rigs, path, "give", "Ana", "Bo", "credits=5", "supplies=2")
    g = load(path, tables)
    assert holdings(g.player("Ana")) == (95, 5, 3, 0, 0, 5)
    assert holdings(g.player("Bo")) == (105, 5, 7, 0, 0, 5)
    path2 = save(tmp_path, replace(game, phase="disaster"), tables, "d.toml")
    refused(rigs, path2, "give", "Ana", "Bo", "credits=5", has=("Zero Hour",))


# ---------------------------------------------------------------------------- adjust


def test_adjust_logged_and_undoable(tables, rigs, tmp_path, game):
    path = save(tmp_path, game, tables)
    before = path.read_bytes()
    ok(rigs, path, "adjust", "Ana", "metal", "3", "--why", "house rule: found scrap")
    assert load(path, tables).player("Ana").metal == 3
    log = ok(rigs, path, "log").stdout
    assert "adjust Ana metal +3" in log and "found scrap" in log
    rows = json.loads(ok(rigs, path, "log", "--json").stdout)["log"]
    assert rows[-1]["action"].startswith("adjust Ana metal +3")
    ok(rigs, path, "undo")
    assert load(path, tables).player("Ana").metal == 0
    assert path.read_bytes() == before


def test_adjust_refusals(tables, rigs, tmp_path, game):
    path = save(tmp_path, game, tables)
    # A negative change goes after "--" (Click reads "-1" as an option otherwise).
    refused(rigs, path, "adjust", "Ana", "metal", "--why", "x", "--", "-1", has=("0 Metal",))
    refused(rigs, path, "adjust", "Ana", "metal", "1", "--why", " ", has=("--why",))
    refused(rigs, path, "adjust", "Ana", "metal", "0", "--why", "x", has=("0",))
    refused(rigs, path, "adjust", "Ana", "gold", "1", "--why", "x", has=("gold",))
    refused(rigs, path, "adjust", "Ana", "rigs", "66", "--why", "x", has=("75",))
    # --why missing is a usage error (exit 2), the file untouched.
    before = path.read_bytes()
    r = rigs("adjust", "Ana", "metal", "1", "-g", path)
    assert r.exit_code == 2 and path.read_bytes() == before
    ok(rigs, path, "adjust", "Ana", "rigs", "65", "--why", "x")
    assert load(path, tables).colony_rigs == 75
    ok(rigs, path, "adjust", "Bo", "credits", "--why", "lost a bet", "--", "-100")
    assert load(path, tables).player("Bo").credits == 0


def test_adjust_negative_delta_as_documented(tables, rigs, tmp_path, game):
    path = save(tmp_path, game, tables)
    ok(rigs, path, "adjust", "Ana", "energy", "-2", "--why", "spilt")
    assert load(path, tables).player("Ana").energy == 3
