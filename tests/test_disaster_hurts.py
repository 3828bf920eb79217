"""Ruling "Who a production Disaster hurts" (RULES.md, 2026-11-24): a Disaster that changes
production hurts a player (a Karma card) only when it lowers what their RIGS, as placed,
produce this round; otherwise the player is not hurt and may swap.  The game is
test_karma_effects's (Ana owns P1 Plains, P10 Valley, P22 Desert, P25 Ridge)."""

from __future__ import annotations

import pytest
from karmahelp import base, set_plot

from rigs_helper.games.rigs.engine import Work
from rigs_helper.games.rigs.phases.disaster_deal import apply_disaster


def _deal(g, tables, key):
    w = Work(g, tables)
    apply_disaster(w, "Ana", key)
    out = w.done()
    ana = out.game.player("Ana")
    return len(ana.hand) == 1, ana.may_swap, out.messages


@pytest.mark.parametrize("key,hurt_by,spared_by", [
    ("solar-eclipse", ("P22", 1, "energy"), ("P22", 1, "metal")),
    ("seasonal-hell", ("P10", 2, "metal"), ("P10", 1, "metal")),
    ("infestation", ("P1", 1, "supplies"), None),
    ("battery-charger-failure", ("P1", 1, "energy"), None),
    ("energy-junction-failure", ("P22", 2, "energy"), None),
])
def test_production_disaster_hurts_only_when_it_lowers_production(tables, key, hurt_by,
                                                                   spared_by):
    g = set_plot(base(tables, "disaster"), tables, "Ana", *hurt_by)
    hurt, swap, _ = _deal(g, tables, key)
    assert hurt and not swap
    if spared_by:
        g = set_plot(base(tables, "disaster"), tables, "Ana", *spared_by)
        hurt, swap, said = _deal(g, tables, key)
        assert not hurt and swap
        assert any("lowers nothing" in m for m in said)


def test_solar_eclipse_spares_a_desert_with_no_energy_rigs(tables):
    g = base(tables, "disaster")  # Ana owns a Desert, with no RIGS on it
    hurt, swap, _ = _deal(g, tables, "solar-eclipse")
    assert not hurt and swap and g.player("Ana").must_lose_rigs == 0


def test_a_player_not_hurt_and_holding_no_karma_card_is_not_told_to_swap(tables):
    from dataclasses import replace
    from rigs_helper.games.rigs.views import pending_items

    g = base(tables, "disaster")  # Ana holds no Luxuries: Theft takes nothing
    g = replace(g, players=tuple(replace(p, hand=()) if p.name == "Ana" else p
                                 for p in g.players))
    hurt, swap, said = _deal(g, tables, "theft")
    assert not hurt and swap
    assert "  Ana is not hurt (and holds no Karma card to swap)." in said
    assert not any("karma swap" in m for m in said)
    w = Work(g, tables)
    apply_disaster(w, "Ana", "theft")
    assert not any("swap" in text for who, text in pending_items(w.done().game, tables)
                   if who == "Ana")
