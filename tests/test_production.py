"""Production tables worked by hand from RULES.md "Production Phase" and its modifiers.

Every expected number below is derived in the comment above it from the rules:
- powering a plot costs 1 Energy (2 under Brownout!), from Energy produced this phase or
  from the warehouse; an Energy plot needs no power and powers the others;
- every working RIGS on a powered plot yields 1 of its resource;
- `produced` is the net change of each warehouse resource once production is committed
  (warehouse Energy spent on power shows as a negative Energy change);
- default plan: the plots yielding most are powered first, ties Luxuries > Metal >
  Supplies > lower plot number, while Energy lasts.

Plot cards: P1-P9 Plains (1/1/1 spots), P10-P18 Valley (2/2/2), P19-P21 Forest (E1 S3 M1),
P22-P24 Desert (E3 S1 M1), P25-P27 Ridge (E1 S1 M3).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from gameplay import own_plots, plot, set_player

from rigs_helper.games.rigs.actions.plans import SetPlan
from rigs_helper.games.rigs.engine import Outcome, perform
from rigs_helper.rules.errors import RulesError
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.production import plan
from rigs_helper.games.rigs.setup import new_game

ZERO = {"energy": 0, "supplies": 0, "metal": 0, "luxuries": 0}


def produced(**kw) -> dict:
    return {**ZERO, **kw}


def P(pid, tables, rigs=0, harvest=None, survey=None):
    return plot(pid, tables, survey=survey, rigs=rigs, harvest=harvest)


def prod_game(tables, ana, ana_energy=0, ana_fx=(), bo=(), bo_energy=0, bo_fx=(),
              ana_plan=None):
    """A 2-player game in round 1's Production Phase with these plots and warehouses.
    Every plot card stays in exactly one place (the rest go to the Plot deck)."""
    g = new_game(["Ana", "Bo"], 11, tables).game
    g = own_plots(g, tables, {"Ana": list(ana), "Bo": list(bo)})
    g = set_player(g, "Ana", energy=ana_energy, effects=tuple(ana_fx), warehouse_rigs=0,
                   plan=ana_plan or {})
    g = set_player(g, "Bo", energy=bo_energy, effects=tuple(bo_fx), warehouse_rigs=0)
    return replace(g, phase="production")


def lines(pl):
    return {x.id: x for x in pl.lines}


def powered(pl):
    return {x.id for x in pl.lines if x.powered}


# ---------------------------------------------------------------------------- power


def test_energy_plots_power_the_others(tables):
    # P22 Desert, 3 RIGS on Energy: 3 Energy, no power needed.
    # P10 Valley 2 Metal (2), P1 Plains 1 Metal (1), P2 Plains 1 Supplies (1): 3 plots to
    # power at 1 each = 3, all paid from the 3 produced; the warehouse (0) is untouched.
    # Net: Metal 2 + 1 = 3, Supplies 1, Energy 3 - 3 = 0.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P10", tables, 2, "metal"),
                           P("P1", tables, 1, "metal"), P("P2", tables, 1, "supplies")])
    pl = plan(g, "Ana", tables)
    assert pl.produced == produced(metal=3, supplies=1)
    assert powered(pl) == {"P22", "P10", "P1", "P2"}
    ls = lines(pl)
    assert ls["P22"].power == "self" and ls["P22"].output == 3 and ls["P22"].cost == 0
    for pid in ("P10", "P1", "P2"):
        assert ls[pid].power == "produced" and ls[pid].cost == 1
    assert (pl.energy_produced, pl.energy_from_production, pl.energy_from_warehouse) == (3, 3, 0)


def test_warehouse_energy_pays_when_produced_is_short(tables):
    # P19 Forest, 1 RIGS on Energy: 1 Energy produced.
    # P25 Ridge 3 Metal (3), P10 Valley 2 Supplies (2), P1 Plains 1 Metal (1): 3 Energy of
    # power; 1 from production (the first plot in the ranking, P25), then 2 from the
    # warehouse (which holds 2).  Net: Metal 3 + 1 = 4, Supplies 2,
    # Energy 1 produced - 1 spent from it - 2 from the warehouse = -2.
    g = prod_game(tables, [P("P19", tables, 1, "energy"), P("P25", tables, 3, "metal"),
                           P("P10", tables, 2, "supplies"), P("P1", tables, 1, "metal")],
                  ana_energy=2)
    pl = plan(g, "Ana", tables)
    assert pl.produced == produced(metal=4, supplies=2, energy=-2)
    ls = lines(pl)
    assert ls["P25"].power == "produced"
    assert ls["P10"].power == "warehouse" and ls["P1"].power == "warehouse"
    assert (pl.energy_from_production, pl.energy_from_warehouse) == (1, 2)


def test_default_ranking_most_output_first_then_luxuries_metal_supplies(tables):
    # Warehouse 3 Energy, no Energy plot: 3 plots can be powered.
    # Outputs: P25 Ridge 3 Metal = 3; P10 Valley 2 Supplies = 2; then four plots of 1:
    # P3 (survey 1) 1 Luxury, P2 1 Metal, P1 1 Supplies.  Ranking: P25 (3), P10 (2), then
    # the 1s by Luxuries > Metal > Supplies: P3.  Powered: P25, P10, P3; not P2, P1.
    # Net: Metal 3, Supplies 2, Luxuries 1, Energy -3.
    g = prod_game(tables, [P("P1", tables, 1, "supplies"), P("P2", tables, 1, "metal"),
                           P("P3", tables, 1, "luxuries", survey=1),
                           P("P10", tables, 2, "supplies"), P("P25", tables, 3, "metal")],
                  ana_energy=3)
    pl = plan(g, "Ana", tables)
    assert powered(pl) == {"P25", "P10", "P3"}
    assert pl.produced == produced(metal=3, supplies=2, luxuries=1, energy=-3)
    # One more Energy (4): the next is P2 (Metal beats P1's Supplies).
    g4 = set_player(g, "Ana", energy=4)
    pl4 = plan(g4, "Ana", tables)
    assert powered(pl4) == {"P25", "P10", "P3", "P2"}
    assert pl4.produced == produced(metal=4, supplies=2, luxuries=1, energy=-4)


def test_default_ranking_equal_output_and_resource_lower_plot_first(tables):
    # Two Valleys with 2 Metal each (P14 listed before P11) and a Valley with 2 Supplies
    # (P12): all yield 2.  With 2 Energy: Metal beats Supplies, and of the Metal plots the
    # lower number P11 comes first, then P14.  P12 stays dark.
    # Net: Metal 2 + 2 = 4, Energy -2.
    g = prod_game(tables, [P("P12", tables, 2, "supplies"), P("P14", tables, 2, "metal"),
                           P("P11", tables, 2, "metal")], ana_energy=2)
    pl = plan(g, "Ana", tables)
    assert powered(pl) == {"P11", "P14"}
    assert pl.produced == produced(metal=4, energy=-2)
    # With 1 Energy only P11 (lower number) is powered: Metal 2, Energy -1.
    pl1 = plan(set_player(g, "Ana", energy=1), "Ana", tables)
    assert powered(pl1) == {"P11"}
    assert pl1.produced == produced(metal=2, energy=-1)


def test_power_override_goes_first_and_is_refused_without_energy(tables):
    # Warehouse 1 Energy.  Default: P25 (3 Metal) is powered, P1 (1 Supplies) is not.
    g = prod_game(tables, [P("P25", tables, 3, "metal"), P("P1", tables, 1, "supplies")],
                  ana_energy=1)
    assert powered(plan(g, "Ana", tables)) == {"P25"}
    # --power P1: P1 takes the 1 Energy, P25 goes dark.  Net: Supplies 1, Energy -1.
    out = perform(g, SetPlan("Ana", power=("P1",)), tables)
    pl = plan(out.game, "Ana", tables)
    assert powered(pl) == {"P1"}
    assert pl.produced == produced(supplies=1, energy=-1)
    assert out.data["plan"]["produced"] == pl.produced
    # --power P1 --power P25: 2 Energy needed, 1 there: refused, naming the amounts
    # (0 left after P1: 0 in the warehouse, 0 produced; P25 costs 1).
    with pytest.raises(RulesError) as e:
        perform(g, SetPlan("Ana", power=("P1", "P25")), tables)
    msg = str(e.value)
    assert "0 Energy left" in msg and "0 in the warehouse" in msg and "0 produced" in msg
    assert "powering P1 costs 1" in msg
    # Nothing to power at all (warehouse 0): refused for the first plot.
    with pytest.raises(RulesError, match="powering P1 costs 1"):
        perform(set_player(g, "Ana", energy=0), SetPlan("Ana", power=("P1",)), tables)


def test_powering_a_plot_costs_1_energy_a_planned_plot_goes_dark_when_it_is_gone(tables):
    # Ana planned --power P1 with 1 Energy in the warehouse, then gave the Energy away (a
    # deal): P1 cannot be powered any more.  The plan stays dark rather than stopping the
    # phase's end (which every player's "done" asks for): Net nothing; choosing the plan
    # again now is refused as before.
    g = prod_game(tables, [P("P1", tables, 1, "supplies")], ana_energy=1)
    g = perform(g, SetPlan("Ana", power=("P1",)), tables).game
    g = set_player(g, "Ana", energy=0)
    pl = plan(g, "Ana", tables)
    assert powered(pl) == set() and pl.produced == produced()
    assert "no Energy left" in lines(pl)["P1"].note
    assert perform(g, NextPhase(auto=True), tables).game.phase == "market"
    with pytest.raises(RulesError, match="powering P1 costs 1"):
        perform(g, SetPlan("Ana", power=("P1",)), tables)


def test_skip_leaves_a_plot_dark_and_saves_its_energy(tables):
    # Warehouse 2 Energy; P25 3 Metal, P10 2 Supplies, P1 1 Metal.  Default: P25 and P10.
    # --skip P25: P10 (2) and P1 (1) take the 2 Energy.  Net: Supplies 2, Metal 1, Energy -2.
    g = prod_game(tables, [P("P25", tables, 3, "metal"), P("P10", tables, 2, "supplies"),
                           P("P1", tables, 1, "metal")], ana_energy=2)
    assert powered(plan(g, "Ana", tables)) == {"P25", "P10"}
    g2 = perform(g, SetPlan("Ana", skip=("P25",)), tables).game
    pl = plan(g2, "Ana", tables)
    assert powered(pl) == {"P10", "P1"}
    assert lines(pl)["P25"].output == 0 and "skipped" in lines(pl)["P25"].note
    assert pl.produced == produced(supplies=2, metal=1, energy=-2)
    # --reset forgets it: back to the default.
    g3 = perform(g2, SetPlan("Ana", reset=True), tables).game
    assert powered(plan(g3, "Ana", tables)) == {"P25", "P10"}


# ---------------------------------------------------------------------------- Disasters


def test_solar_eclipse_desert_energy_is_zero(tables):
    # P22 Desert 3 Energy RIGS: Solar Eclipse -> 0.  P19 Forest 1 Energy RIGS: 1 (not a
    # Desert).  P25 Ridge 3 Metal and P10 Valley 2 Metal need 2 Energy: 1 produced, 1 from
    # the warehouse (1).  Net: Metal 3 + 2 = 5, Energy 1 - 1 - 1 = -1.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P19", tables, 1, "energy"),
                           P("P25", tables, 3, "metal"), P("P10", tables, 2, "metal")],
                  ana_energy=1, ana_fx=["eclipse"])
    pl = plan(g, "Ana", tables)
    assert lines(pl)["P22"].output == 0 and lines(pl)["P19"].output == 1
    assert pl.energy_produced == 1
    assert pl.produced == produced(metal=5, energy=-1)
    # Without the Eclipse: 4 produced, 2 spent -> Energy +2, warehouse untouched.
    pl0 = plan(set_player(g, "Ana", effects=()), "Ana", tables)
    assert pl0.produced == produced(metal=5, energy=2)


def test_solar_eclipse_leaves_desert_metal_alone(tables):
    # P23 Desert 1 Metal RIGS (1 Metal spot) under the Eclipse still yields 1 Metal when
    # powered (1 from the warehouse).  Net: Metal 1, Energy -1.
    g = prod_game(tables, [P("P23", tables, 1, "metal")], ana_energy=1, ana_fx=["eclipse"])
    assert plan(g, "Ana", tables).produced == produced(metal=1, energy=-1)


def test_seasonal_hell_one_working_rigs_per_valley(tables):
    # Seasonal Hell: P10 Valley 2 Metal -> 1 working; P11 Valley 2 Energy -> 1 working = 1
    # Energy; P25 Ridge 3 Metal (not a Valley) -> 3.  Power for P25 and P10: 2 = 1 produced
    # + 1 warehouse (1).  Net: Metal 3 + 1 = 4, Energy 1 - 1 - 1 = -1.
    g = prod_game(tables, [P("P10", tables, 2, "metal"), P("P11", tables, 2, "energy"),
                           P("P25", tables, 3, "metal")], ana_energy=1,
                  ana_fx=["seasonal_hell"])
    pl = plan(g, "Ana", tables)
    ls = lines(pl)
    assert (ls["P10"].working, ls["P11"].working, ls["P25"].working) == (1, 1, 3)
    assert pl.produced == produced(metal=4, energy=-1)


def test_infestation_no_supplies_and_no_power_wasted_on_them(tables):
    # Infestation: P10 Valley 2 Supplies yields 0, so the single warehouse Energy goes to
    # P1 Plains 1 Metal (the Supplies plot would otherwise have ranked first with 2).
    # Net: Metal 1, Supplies 0, Energy -1.
    g = prod_game(tables, [P("P10", tables, 2, "supplies"), P("P1", tables, 1, "metal")],
                  ana_energy=1, ana_fx=["infestation"])
    pl = plan(g, "Ana", tables)
    assert powered(pl) == {"P1"}
    assert lines(pl)["P10"].output == 0
    assert pl.produced == produced(metal=1, energy=-1)


def test_battery_charger_failure_unspent_energy_is_lost(tables):
    # P22 Desert 3 Energy RIGS: 3 produced.  P1 Plains 1 Metal: 1 power from production.
    # Charger Failure: the other 2 produced cannot be stored: lost.  Warehouse 4 is not
    # charged and not spent.  Net: Metal 1, Energy 3 - 1 - 2 lost = 0.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P1", tables, 1, "metal")],
                  ana_energy=4, ana_fx=["charger_failure"])
    pl = plan(g, "Ana", tables)
    assert pl.energy_lost == 2
    assert pl.produced == produced(metal=1)
    # Without the failure the 2 go to the warehouse: Energy +2.
    assert plan(set_player(g, "Ana", effects=()), "Ana", tables).produced == \
        produced(metal=1, energy=2)


def test_energy_junction_failure_produced_energy_only_to_the_warehouse(tables):
    # P22 Desert 3 Energy RIGS: 3 produced, all to the warehouse, none for power.
    # P1 Plains 1 Metal and P2 Plains 1 Supplies need warehouse Energy: there is 1, so
    # only P1 (Metal before Supplies).  Net: Metal 1, Energy +3 - 1 = +2.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P1", tables, 1, "metal"),
                           P("P2", tables, 1, "supplies")],
                  ana_energy=1, ana_fx=["junction_failure"])
    pl = plan(g, "Ana", tables)
    assert powered(pl) == {"P22", "P1"}
    assert lines(pl)["P1"].power == "warehouse"
    assert pl.produced == produced(metal=1, energy=2)
    # With an empty warehouse nothing else is powered; the 3 Energy are stored.
    pl0 = plan(set_player(g, "Ana", energy=0), "Ana", tables)
    assert powered(pl0) == {"P22"}
    assert pl0.produced == produced(energy=3)
    # And --power cannot use the produced Energy: refused (0 in the warehouse, 0 produced).
    with pytest.raises(RulesError, match=r"0 in the warehouse, 0 produced"):
        perform(set_player(g, "Ana", energy=0), SetPlan("Ana", power=("P1",)), tables)


# ---------------------------------------------------------------------------- Karma


def test_brownout_costs_two_per_plot(tables):
    # Brownout!: power costs 2.  Warehouse 3: P25 Ridge 3 Metal takes 2, 1 left is not
    # enough for P1 Plains 1 Metal.  Net: Metal 3, Energy -2.
    g = prod_game(tables, [P("P25", tables, 3, "metal"), P("P1", tables, 1, "metal")],
                  ana_energy=3, ana_fx=["brownout"])
    pl = plan(g, "Ana", tables)
    assert powered(pl) == {"P25"} and lines(pl)["P25"].cost == 2
    assert pl.produced == produced(metal=3, energy=-2)
    with pytest.raises(RulesError, match="powering P1 costs 2"):
        perform(g, SetPlan("Ana", power=("P25", "P1")), tables)
    # An Energy plot still needs no power: P22 3 Energy pays 2 for P25, 1 stays.
    g2 = prod_game(tables, [P("P22", tables, 3, "energy"), P("P25", tables, 3, "metal")],
                   ana_fx=["brownout"])
    assert plan(g2, "Ana", tables).produced == produced(metal=3, energy=1)


def test_brownout_with_junction_failure(tables):
    # Junction Failure + Brownout!: the 3 produced Energy all go to the warehouse; power
    # costs 2 and must come from the warehouse (3): one plot (P25 Ridge 3 Metal), not P1.
    # Net: Metal 3, Energy +3 - 2 = +1.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P25", tables, 3, "metal"),
                           P("P1", tables, 1, "metal")],
                  ana_energy=3, ana_fx=["junction_failure", "brownout"])
    pl = plan(g, "Ana", tables)
    assert powered(pl) == {"P22", "P25"}
    assert pl.produced == produced(metal=3, energy=1)


def test_carrier_lost_idles_every_rigs(tables):
    # Carrier Lost: every RIGS idle, Energy plots included.  Nothing yields, so no power
    # is spent from the warehouse (2).  Net: nothing.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P25", tables, 3, "metal")],
                  ana_energy=2, ana_fx=["idle_all"])
    pl = plan(g, "Ana", tables)
    assert all(x.output == 0 and x.working == 0 for x in pl.lines)
    assert pl.produced == produced()


def test_incorrect_drivers_idles_one_plot(tables):
    # Incorrect Drivers on P25: its 3 Metal RIGS yield 0 and are not powered; the single
    # warehouse Energy goes to P1 Plains 1 Metal.  Net: Metal 1, Energy -1.
    g = prod_game(tables, [P("P25", tables, 3, "metal"), P("P1", tables, 1, "metal")],
                  ana_energy=1, ana_fx=["idle:P25"])
    pl = plan(g, "Ana", tables)
    assert powered(pl) == {"P1"}
    assert lines(pl)["P25"].working == 0
    assert pl.produced == produced(metal=1, energy=-1)


def test_ridiculous_efficiency_doubles_everything(tables):
    # x2: P22 Desert 3 Energy -> 6; P25 Ridge 3 Metal -> 6; P10 Valley 2 Supplies -> 4.
    # Power 2 from the 6 produced.  Net: Metal 6, Supplies 4, Energy 6 - 2 = +4.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P25", tables, 3, "metal"),
                           P("P10", tables, 2, "supplies")], ana_fx=["double"])
    pl = plan(g, "Ana", tables)
    assert pl.produced == produced(metal=6, supplies=4, energy=4)
    assert {x.multiplier for x in pl.lines} == {2}


def test_tdm_triples_one_plot_and_six_with_efficiency(tables):
    # T.D.M. on P25 (Ridge 3 Metal): 3 x 3 = 9; P1 Plains 1 Metal stays 1.  Warehouse 2
    # powers both.  Net: Metal 10, Energy -2.
    base = [P("P25", tables, 3, "metal"), P("P1", tables, 1, "metal")]
    g = prod_game(tables, base, ana_energy=2, ana_fx=["triple:P25"])
    pl = plan(g, "Ana", tables)
    assert lines(pl)["P25"].output == 9 and lines(pl)["P1"].output == 1
    assert pl.produced == produced(metal=10, energy=-2)
    # With Ridiculous Efficiency as well: P25 3 x 6 = 18, P1 1 x 2 = 2.  Net: Metal 20.
    g2 = prod_game(tables, base, ana_energy=2, ana_fx=["triple:P25", "double"])
    pl2 = plan(g2, "Ana", tables)
    assert lines(pl2)["P25"].multiplier == 6
    assert pl2.produced == produced(metal=20, energy=-2)


def test_tdm_and_efficiency_under_seasonal_hell(tables):
    # Seasonal Hell leaves 1 working RIGS on Valley P10 (2 Metal); T.D.M. x3 and Ridiculous
    # Efficiency x2 multiply it: 1 x 6 = 6.  Warehouse 1 powers it.  Net: Metal 6, Energy -1.
    g = prod_game(tables, [P("P10", tables, 2, "metal")], ana_energy=1,
                  ana_fx=["seasonal_hell", "triple:P10", "double"])
    assert plan(g, "Ana", tables).produced == produced(metal=6, energy=-1)


def test_tdm_on_an_eclipsed_desert_still_zero(tables):
    # Solar Eclipse: Desert Energy is 0 whatever the multiplier (0 x 3 = 0).  P25 needs the
    # 1 warehouse Energy.  Net: Metal 3, Energy -1.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P25", tables, 3, "metal")],
                  ana_energy=1, ana_fx=["eclipse", "triple:P22"])
    pl = plan(g, "Ana", tables)
    assert lines(pl)["P22"].output == 0
    assert pl.produced == produced(metal=3, energy=-1)


def test_you_sent_it_where_output_goes_to_the_card_owner(tables):
    # Bo played You sent it WHERE?! on Ana's P25 (Ridge 3 Metal).  Ana still powers it
    # (1 from her warehouse of 2) and P1 Plains 1 Metal (1 more): Ana's net Metal 1,
    # Energy -2.  Bo receives P25's 3 Metal; Bo's own P26 Ridge 1 Metal is powered from his
    # warehouse (1): Bo's net Metal 3 + 1 = 4, Energy -1.
    g = prod_game(tables, [P("P25", tables, 3, "metal"), P("P1", tables, 1, "metal")],
                  ana_energy=2, ana_fx=["sent:P25>Bo"],
                  bo=[P("P26", tables, 1, "metal")], bo_energy=1)
    pa, pb = plan(g, "Ana", tables), plan(g, "Bo", tables)
    assert lines(pa)["P25"].to == "Bo" and lines(pa)["P25"].output == 3
    assert pa.produced == produced(metal=1, energy=-2)
    assert pa.sent == {"Bo": {"metal": 3}}
    assert pb.received == {"metal": 3}
    assert pb.produced == produced(metal=4, energy=-1)


def test_you_sent_it_where_on_an_energy_plot(tables):
    # Bo takes Ana's P22 (Desert 3 Energy): it cannot power Ana's plots, so P25 (Ridge 3
    # Metal) needs her 1 warehouse Energy.  Ana: Metal 3, Energy -1.  Bo: Energy +3.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P25", tables, 3, "metal")],
                  ana_energy=1, ana_fx=["sent:P22>Bo"], bo=[P("P1", tables)])
    pa, pb = plan(g, "Ana", tables), plan(g, "Bo", tables)
    assert pa.energy_produced == 0
    assert pa.produced == produced(metal=3, energy=-1)
    assert pb.produced == produced(energy=3)
    # With her warehouse empty, P25 stays dark: Ana nothing, Bo still +3 Energy.
    g0 = set_player(g, "Ana", energy=0)
    assert plan(g0, "Ana", tables).produced == produced()
    assert plan(g0, "Bo", tables).produced == produced(energy=3)


def test_sent_plot_under_the_owners_efficiency(tables):
    # Ana has Ridiculous Efficiency and Bo sends her P10 (Valley 2 Supplies) to himself:
    # the plot yields 2 x 2 = 4 and Bo receives all 4.  Ana powers it from her warehouse (1).
    # Ana: Energy -1.  Bo: Supplies +4.
    g = prod_game(tables, [P("P10", tables, 2, "supplies")], ana_energy=1,
                  ana_fx=["double", "sent:P10>Bo"], bo=[P("P1", tables)])
    assert plan(g, "Ana", tables).produced == produced(energy=-1)
    assert plan(g, "Bo", tables).produced == produced(supplies=4)


# ---------------------------------------------------------------------------- commit


def test_next_commits_produced_to_every_warehouse(tables):
    # Ana: P22 Desert 3 Energy, P25 Ridge 3 Metal, P10 Valley 2 Supplies -- P10's output is
    # sent to Bo.  Power 2 from the 3 produced: Ana Metal +3, Energy +1, Supplies 0.
    # Bo: P26 Ridge 2 Metal from his warehouse (1 Energy): Metal +2, Energy -1, and he
    # receives Ana's 2 Supplies.
    g = prod_game(tables, [P("P22", tables, 3, "energy"), P("P25", tables, 3, "metal"),
                           P("P10", tables, 2, "supplies")], ana_energy=5,
                  ana_fx=["sent:P10>Bo"], bo=[P("P26", tables, 2, "metal")], bo_energy=1)
    g = set_player(g, "Ana", metal=1, supplies=4)
    g = set_player(g, "Bo", metal=0, supplies=5)
    out = perform(g, NextPhase(auto=True), tables)
    a, b = out.game.player("Ana"), out.game.player("Bo")
    assert out.game.phase == "market"
    assert (a.energy, a.metal, a.supplies) == (5 + 1, 1 + 3, 4)
    assert (b.energy, b.metal, b.supplies) == (1 - 1, 0 + 2, 5 + 2)
    assert a.effects == () and b.effects == ()
    # The ledger accounts for every unit committed.
    ledger = out.data["ledger"]
    assert sum(x["change"] for x in ledger if x["player"] == "Bo"
               and x["what"] == "supplies") == 2


def test_next_commit_follows_the_saved_plan(tables):
    # Ana skips P25 (3 Metal) so the warehouse Energy (1) goes to P1 (1 Metal).
    # Commit: Metal +1, Energy -1.
    g = prod_game(tables, [P("P25", tables, 3, "metal"), P("P1", tables, 1, "metal")],
                  ana_energy=1)
    g = perform(g, SetPlan("Ana", skip=("P25",)), tables).game
    out = perform(g, NextPhase(auto=True), tables)
    a = out.game.player("Ana")
    assert (a.metal, a.energy) == (0 + 1, 0)
    assert dict(a.plan) == {}


# ---------------------------------------------------------------------------- CLI


def save(tmp_path, g, tables):
    from rigs_helper.store import session

    path = tmp_path / "rigs.toml"
    session.create(path, Outcome(g), "test set-up", False, tables)
    return path


def test_cli_produce_json_has_produced_and_plots(tables, rigs, tmp_path):
    # Same table as test_warehouse_energy_pays_when_produced_is_short:
    # Metal 4, Supplies 2, Energy -2.
    g = prod_game(tables, [P("P19", tables, 1, "energy"), P("P25", tables, 3, "metal"),
                           P("P10", tables, 2, "supplies"), P("P1", tables, 1, "metal")],
                  ana_energy=2, bo=[P("P2", tables)])
    path = save(tmp_path, g, tables)
    r = rigs("produce", "Ana", "--json", "-g", path)
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["produced"] == produced(metal=4, supplies=2, energy=-2)
    by = {p["id"]: p for p in d["plots"]}
    assert set(by) == {"P19", "P25", "P10", "P1"}
    assert {k: (v["powered"], v["output"]) for k, v in by.items()} == {
        "P19": (True, 1), "P25": (True, 3), "P10": (True, 2), "P1": (True, 1)}
    # Plain output runs too.
    r = rigs("produce", "Ana", "-g", path)
    assert r.exit_code == 0 and "P25" in r.stdout


def test_cli_power_refused_names_amounts_and_file_unchanged(tables, rigs, tmp_path):
    g = prod_game(tables, [P("P25", tables, 3, "metal"), P("P1", tables, 1, "metal")],
                  ana_energy=1, bo=[P("P2", tables)])
    path = save(tmp_path, g, tables)
    before = path.read_bytes()
    r = rigs("produce", "Ana", "--power", "P25", "--power", "P1", "-g", path)
    assert r.exit_code == 1
    assert path.read_bytes() == before
    err = r.stderr.strip()
    assert "\n" not in err and "powering P1 costs 1" in err and "0 in the warehouse" in err
    # --skip P25 is saved; the JSON shows P1 powered instead: Metal 1, Energy -1.
    r = rigs("produce", "Ana", "--skip", "P25", "--json", "-g", path)
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["produced"] == produced(metal=1, energy=-1)
    r = rigs("produce", "Ana", "--json", "-g", path)
    assert {p["id"]: p["powered"] for p in json.loads(r.stdout)["plots"]} == {
        "P25": False, "P1": True}
