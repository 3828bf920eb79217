"""Win chances you can trust (issue 44): an ensemble of play styles, the random one among
them, weighted by how well each explains the play so far; the chances shrunk toward a fair
guess as far as the play says little; a line saying how sure; each chance's interval; a
small version of the benchmark on programs unlike the forecast's (benchmarks/outsiders.py)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from dataclasses import replace

import pytest
from conftest import EXAMPLES as EXAMPLES_DIR
from conftest import ROOT
from gameplay import start

from rigs_helper.forecast import final, trust
from rigs_helper.forecast.record import Record
from rigs_helper.forecast.simulate import _Game, digest
from rigs_helper.forecast.standings import compute
from rigs_helper.forecast.tendencies import POLICIES, RANDOM, likelihoods, observed, prior_of
from rigs_helper.rules.rng import Rng


def _bench(name: str):
    """A module of benchmarks/ loaded by its path (not part of the package)."""
    folder = ROOT / "benchmarks"
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_trust_shrinks_toward_a_fair_guess_when_the_play_says_little():
    sim = [0.8, 0.15, 0.05]
    early = trust.trusted(sim, 14, 1.0, 1200)
    late = trust.trusted(sim, 2, 1.0, 1200)
    unread = trust.trusted(sim, 2, 0.0, 1200)  # play no style explains
    for chances in (early, late, unread):
        assert sum(chances) == pytest.approx(1)
    assert early[0] < late[0] < 0.8 and early[2] > late[2]
    assert unread == pytest.approx([1 / 3] * 3)
    assert trust.trusted(sim, 0, 0.0, 1200) == sim  # nothing left: the exact chances
    assert trust.weight(14, 1.0) < trust.weight(2, 1.0) <= 1
    assert trust.weight(2, 0.5) == pytest.approx(trust.weight(2, 1.0) / 2)


def _record(name: str, rounds: int, habits: frozenset[str]) -> Record:
    return Record(1, {name: {r: habits for r in range(2, rounds + 1)}})


def test_forecast_random_style_explains_play_no_plan_explains(tables):
    """A player who deals with the others every round and builds, surveys and places
    nothing is best explained by the random style; one who builds, places and surveys
    every round is not."""
    g = replace(start(3, 2, tables), round=7)
    dealer = observed(g, 4, 4.0, record=_record("Ana", 6, frozenset({"trade", "play"})))[0]
    w = likelihoods(dealer)
    assert max(range(len(w)), key=lambda k: w[k]) == list(POLICIES).index(RANDOM)
    bo = g.player("Bo")
    plots = tuple(replace(x, rigs=2, harvest="energy", survey=1) for x in bo.plots)
    g = g.with_player(replace(bo, warehouse_rigs=0, metal=0, plots=plots))
    busy = observed(g, 4, 4.0, record=_record("Bo", 6, frozenset(
        {"build", "place", "survey"})))[1]
    assert likelihoods(busy)[list(POLICIES).index(RANDOM)] < 0.1


def test_forecast_random_style_deals_on_any_terms(tables):
    """The random style hands half of a holding to another player, who pays between
    nothing and twice its worth: wealth moves between the players, none is made."""
    s = digest(start(3, 2, tables), tables)
    g = _Game(s, Rng(5))
    before = [g.credits[i] + 3.5 * sum(g.res[i]) for i in range(3)]
    moved = 0
    for _ in range(20):
        g.gift(0)
    after = [g.credits[i] + 3.5 * sum(g.res[i]) for i in range(3)]
    moved = abs(after[0] - before[0])
    assert moved > 0
    assert sum(g.credits) == sum(s.credits)
    assert [sum(r[k] for r in g.res) for k in range(4)] == [
        sum(r[k] for r in s.res) for k in range(4)]


def test_forecast_same_state_same_chances_and_intervals(tables):
    g = start(4, 5, tables)
    a = final.forecast(g, tables, games=30)
    b = final.forecast(g, tables, games=30)
    assert a == b
    assert final.default_games(15) < final.default_games(2) <= final.DEFAULT_GAMES
    for p, (lo, hi) in zip(a.win, a.interval):
        assert lo <= p <= hi
    assert sum(a.win) == pytest.approx(1)
    # round 1: nothing to go by, the styles equally likely, the chances near a fair guess
    assert all(w == pytest.approx(1 / len(POLICIES), abs=1e-5) for s in a.styles for _, w in s)
    assert all(abs(p - 0.25) < 0.15 for p in a.win)


@pytest.fixture
def midgame(tmp_path):
    path = tmp_path / "rigs.toml"
    shutil.copy(EXAMPLES_DIR / "midgame-3p.toml", path)
    return path


def test_standings_say_how_sure_in_one_line(rigs, midgame):
    r = rigs("standings", "-g", midgame)
    assert r.exit_code == 0, r.output
    (line,) = [x for x in r.stdout.splitlines() if x.startswith("How sure:")]
    s = json.loads(rigs("standings", "--json", "-g", midgame).stdout)
    n = s["forecast"]["simulated_endings"]
    assert f"from {n} simulated endings" in line
    for p in s["players"]:
        assert f"{p['name']} the {p['style']} style" in line
    assert f"{round((1 - s['forecast']['trust']) * 100)}% of the way to a fair guess" in line


def test_standings_in_round_one_say_there_is_no_play_to_go_by(tables):
    s = compute(start(4, 5, tables), tables, samples=20, now_samples=200)
    assert "no play yet to go by" in s.sureness()
    assert all(p.style == "" and p.interval is not None for p in s.players)


@pytest.mark.parametrize("styles", [["raider", "hoarder", "dealer"],
                                    ["dealer", "builder", "hoarder", "raider"]])
def test_forecast_benchmark_on_programs_unlike_the_forecasts(tables, styles):
    """The outsider benchmark's machinery on one game: snapshots of rounds 5, 10 and 14
    with the log's record, the forecast's chances summing to 1, Brier and log scores and a
    reliability table counting every case."""
    outsiders = _bench("outsiders")
    bench = _bench("bench_calibration_outsiders")
    snaps, won, records = outsiders.play_game(styles, 3, tables)
    assert [g.round for g in snaps] == [5, 10, 14] and sum(won) >= 1
    n = len(styles)
    rows = []
    for g, rec in zip(snaps, records):
        f = final.forecast(g, tables, games=20, record=rec)
        rows.append({"round": g.round, "won": list(won),
                     "chances": {"forecast": list(f.win), "uniform": [1 / n] * n}})
        assert sum(f.win) == pytest.approx(1)
    assert bench.brier(rows, "uniform") == pytest.approx(
        (1 - 1 / n) ** 2 * sum(won) + (1 / n) ** 2 * (n - sum(won)))
    assert bench.log_score(rows, "uniform") == pytest.approx(__import__("math").log(n))
    assert 0 <= bench.brier(rows, "forecast") <= 2
    assert sum(k for *_, k in bench.reliability(rows)) == 3 * n


def test_forecast_learns_a_players_style_from_the_groups_past_games(tables):
    """The history's hook: a player whom the builder style fitted in their past games
    starts this one (round 1, nothing to go by yet) with the builder style the likeliest;
    without a past every style is alike."""
    g = start(3, 2, tables)
    past = {"Ana": ["builder", "builder", "builder", "seller"]}
    f = final.forecast(g, tables, games=20, past=past)
    assert f.style(0)[0] == "builder" and f.style(0)[1] > 1 / len(POLICIES)
    assert prior_of(past["Ana"])[list(POLICIES).index("builder")] == pytest.approx(
        4 / (4 + len(POLICIES)))
    assert all(w == pytest.approx(1 / len(POLICIES), abs=1e-5) for _, w in f.styles[1])
    assert prior_of([]) == pytest.approx([1 / len(POLICIES)] * len(POLICIES))
