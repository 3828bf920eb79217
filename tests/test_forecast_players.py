"""The forecast of the end with players who act (issue 30): the simulated players build,
place, survey, borrow and play Karma cards after a blend of policies tuned by their own play
so far; the chances are tempered; and a small version of the benchmark on games played by
the player programs of `benchmarks/players.py` (which the forecast never imports)."""

from __future__ import annotations

import importlib.util
import math
import sys
from dataclasses import replace

import pytest
from conftest import ROOT
from gameplay import set_player, start

from rigs_helper.forecast import calibration
from rigs_helper.forecast.simulate import _Game, digest
from rigs_helper.forecast.temper import tempered
from rigs_helper.forecast.tendencies import (
    BLEND,
    POLICIES,
    RANDOM,
    likelihoods,
    observed,
    tuned,
)
from rigs_helper.rules.rng import Rng

FORECAST = ROOT / "rigs_helper" / "forecast"


def _players_module():
    """benchmarks/players.py, loaded by its path (it is not part of the package)."""
    spec = importlib.util.spec_from_file_location("players", ROOT / "benchmarks" / "players.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["players"] = module  # its dataclass looks its module up by name
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------- the players


def test_forecast_simulated_builder_builds_with_metal_and_places_on_free_spots(tables):
    g = set_player(start(3, 2, tables), "Ana", metal=6, supplies=5, warehouse_rigs=0)
    sim = _Game(digest(g, tables), Rng(3))
    sim.tend = [POLICIES["builder"]] + [POLICIES["idle"]] * 2
    spots_before = sum(x[2] for x in sim.plots[0])
    sim.left = 10
    sim.player_phase()
    placed = sum(x[2] for x in sim.plots[0]) - spots_before
    assert sim.res[0][2] == 0  # 6 Metal: 3 RIGS
    assert placed + sim.warehouse[0] == 3
    surveyed = sum(1 for x in sim.plots[0] if x[4] >= 0)
    assert sim.res[0][1] == 5 - placed - surveyed  # 1 Supply a move or a survey
    assert sim.scripts[0] == [0, 0, 0]  # nothing borrowed: none was short
    for x in sim.plots[0]:  # never more RIGS than spots of their resource
        if x[2]:
            room = x[4] if x[1] == 3 else sim.s.spots[x[0]][x[1]]
            assert x[2] <= room


def test_forecast_simulated_survey_costs_a_supply_and_draws_an_unseen_yield(tables):
    g = start(3, 2, tables)
    s = digest(g, tables)
    sim = _Game(s, Rng(4))
    sim.tend = [POLICIES["holder"]] * 3  # surveys every Player Phase
    sim.left = 10
    supplies = [r[1] for r in sim.res]
    sim.player_phase()
    for i in range(3):
        surveyed = [x[4] for x in sim.plots[i] if x[4] >= 0]
        assert len(surveyed) == 1 and surveyed[0] in s.survey_pool
        assert sim.res[i][1] <= supplies[i] - 1


def test_forecast_hidden_hands_are_drawn_from_the_unseen_karma_cards(tables):
    g = start(4, 6, tables)
    g = set_player(g, "Bo", hand=tuple(g.karma.draw[:3]))
    s = digest(g, tables)
    assert s.hands == (0, 3, 0, 0)
    assert len(s.karma_pool) == len(tables.karma)  # a hand is as unseen as the deck
    sim = _Game(s, Rng(1))
    assert [len(h) for h in sim.hands] == [0, 3, 0, 0]
    assert set(sim.hands[1]) <= {"destruction", "sabotage", "wealth", "protection"}


def test_forecast_learns_each_players_own_play(tables):
    """A player who turned their Metal into RIGS builds more in the simulation than one
    who kept it; in round 1 the blend alone."""
    g = start(3, 2, tables)
    first = observed(g, None, 4.0)
    assert [tuned(t, first[0]) for t in BLEND] == list(BLEND)
    g = replace(g, round=6)
    g = set_player(g, "Ana", warehouse_rigs=10, metal=0)  # built 10 RIGS
    g = set_player(g, "Bo", metal=12)  # kept every Metal
    seen = observed(g, 4, 4.0)
    ana = [tuned(t, seen[0]).build for t in BLEND]
    bo = [tuned(t, seen[1]).build for t in BLEND]
    assert all(a > b for a, b in zip(ana, bo))
    assert all(b < t.build or t.build == 0 for b, t in zip(bo, BLEND))


def test_forecast_learns_who_plays_their_karma_cards(tables):
    """A hand that filled up (cards drawn, none played) plays less in the simulation than
    an empty one, both seen over 9 rounds; the hand's size is public, its cards are not."""
    g = replace(start(3, 2, tables), round=10)
    g = set_player(g, "Ana", hand=tuple(g.karma.draw[:5]))
    seen = observed(g, 4, 4.0, tables.constants.hand_limit)
    assert seen[0].play == 0 and seen[1].play == 1
    assert all(tuned(t, seen[0]).play < tuned(t, seen[1]).play for t in BLEND)


def test_forecast_tempering_spreads_the_chances_more_with_more_rounds_left():
    raw = [0.7, 0.2, 0.1, 0.0]
    early, late = tempered(raw, 10, 1000), tempered(raw, 2, 1000)
    assert math.isclose(sum(early), 1) and math.isclose(sum(late), 1)
    assert early[0] < late[0] < 0.7 and early[3] > late[3] > 0
    assert tempered(raw, 0, 1000) == raw


def test_forecast_never_imports_the_player_programs():
    for path in FORECAST.glob("*.py"):
        text = path.read_text()
        assert "import players" not in text and "benchmarks" not in text.replace(
            "benchmarks/", ""), path.name


# ---------------------------------------------------------------------------- benchmark


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2)])
def test_forecast_calibration_on_games_played_by_the_player_programs(tables, players, seed):
    """The benchmark's machinery on one game: the snapshots of rounds 5, 10 and 14, each
    method's chances between 0 and 1, the forecast's summing to 1, a Brier score and a
    reliability table that count every case."""
    programs = _players_module()
    styles = programs.table_styles(players, seed)
    assert set(styles) <= set(programs.STYLES)
    snaps, won, records = programs.play_game(styles, seed, tables)
    assert [g.round for g in snaps] == [5, 10, 14] and sum(won) >= 1
    assert len(records) == 3 and all(r.first == 1 for r in records)
    found = calibration.scored(snaps, won, tables, samples=40, now_samples=500,
                               untempered=True, records=records)
    for c in found:
        for method, chances in c.chances.items():
            assert len(chances) == players and all(0 <= p <= 1 for p in chances), method
        assert sum(c.chances["forecast"]) == pytest.approx(1)
    for method in ("forecast", "if it ended now", "uniform", "untempered"):
        assert 0 <= calibration.brier(found, method) <= 2
    assert calibration.brier(found, "uniform") == pytest.approx(
        (1 - 1 / players) ** 2 * sum(won) + (1 / players) ** 2 * (players - sum(won)))
    assert sum(n for *_, n in calibration.reliability(found)) == 3 * players


def test_forecast_weighs_the_policies_by_how_well_they_explain_a_players_play(tables):
    """Round 1: every policy alike.  Round 6: a player who left every RIGS in the warehouse
    and surveyed nothing is most likely idle; one whose RIGS are all on plots and who
    surveyed is unlikely to be."""
    g = start(3, 2, tables)
    assert likelihoods(observed(g, None, 4.0)[0]) == pytest.approx([1 / len(BLEND)] * len(BLEND))
    g = replace(g, round=6)
    x = g.player("Bo").plots[0]
    busy = replace(g.player("Bo"), warehouse_rigs=0, metal=0,
                   plots=(replace(x, rigs=1, harvest="energy", survey=1),)
                   + g.player("Bo").plots[1:])
    g = g.with_player(busy)
    idle_at = list(POLICIES).index("idle")
    lazy, active = (likelihoods(o) for o in observed(g, 4, 4.0)[:2])
    # of the styles that follow a plan (the random one fits whatever no plan explains:
    # here an empty hand, read as cards played)
    planned = [k for k, name in enumerate(POLICIES) if name != RANDOM]
    assert max(planned, key=lambda k: lazy[k]) == idle_at
    assert active[idle_at] < 0.05 < lazy[idle_at]
