"""The production hint (issue 17 item 6): `rigs produce` never suggests powering a plot a
Disaster keeps from producing, and names the Energy a player already has before a Vinnie
loan.  The game is test_karma_effects's (Ana, Bo, Cy with 5 Energy each)."""

from __future__ import annotations

from gameplay import set_player
from karmahelp import base, set_plot

from rigs_helper.games.rigs.actions.plans import SetPlan
from rigs_helper.games.rigs.engine import perform
from rigs_helper.games.rigs.production import INFESTATION, table_plan


def _ana(d):
    return next(p for p in d["players"] if p["name"] == "Ana")


def test_production_hint_skips_a_plot_a_disaster_keeps_from_producing(tables):
    g = set_plot(base(tables, "production"), tables, "Ana", "P1", 1, "supplies")
    g = set_player(g, "Ana", energy=0, effects=(INFESTATION,))
    a = _ana(table_plan(g, tables))
    assert a["unpowered"] == [] and a["energy_short"] == 0
    g2 = set_player(g, "Ana", effects=())  # without the Disaster it would yield
    a = _ana(table_plan(g2, tables))
    assert [u["id"] for u in a["unpowered"]] == ["P1"] and a["energy_short"] == 1


def test_production_hint_names_energy_on_hand_before_vinnie(tables):
    g = set_plot(base(tables, "production"), tables, "Ana", "P1", 1, "metal")
    g = perform(g, SetPlan("Ana", skip=("P1",)), tables).game
    a = _ana(table_plan(g, tables))
    assert a["energy_on_hand"] == 5 and a["energy_short"] == 0
    assert a["unpowered"][0]["skipped"]
