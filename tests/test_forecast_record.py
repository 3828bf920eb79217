"""The forecast learns each player's play from the game's log (issue 30): the rounds in which
they built, surveyed, placed RIGS, borrowed, played Karma cards and traded (a `give`, or a
deal proposed and accepted), and the simulated traders trade."""

from __future__ import annotations

from dataclasses import replace

from gameplay import set_player, start

from rigs_helper.forecast.final import forecast
from rigs_helper.forecast.record import Record, entry, from_entries
from rigs_helper.forecast.simulate import _Game, digest
from rigs_helper.forecast.tendencies import POLICIES, likelihoods, observed, tuned
from rigs_helper.games.rigs.actions.deals import Give
from rigs_helper.games.rigs.actions.placement import Build, Move, Survey
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.waits.deals import DealAccept, DealPropose


def _e(action: str, round_: int, **fields) -> dict:
    return {"action": action, "round": round_, "phase": "player", "fields": fields}


def test_forecast_record_reads_each_players_acts_by_round_from_the_log():
    rec = from_entries([
        _e("new", 1), _e("checkpoint", 1),
        _e("build", 2, name="Ana", n=1), _e("survey", 2, name="Bo", plot="P3"),
        _e("move", 3, name="Ana", n=1, to="P4", harvest="energy"),
        _e("move", 3, name="Bo", n=1, to="P4", harvest="metal", source="P3"),
        _e("vinnie borrow", 3, name="Cy", resource="metal"),
        _e("karma play", 4, name="Cy", title="x"),
        _e("give", 4, giver="Ana", receiver="Cy", amounts=[["energy", 1]]),
        _e("deal propose", 5, giver="Bo", receiver="Ana", amounts=[["supplies", 2]]),
        _e("deal propose", 5, giver="Cy", receiver="Ana", amounts=[["energy", 2]]),
        _e("deal accept", 5, name="Ana", deal="2"),
        _e("sell", 5, name="Bo"),
    ])
    assert rec.first == 1
    assert rec.did("Ana", 2) == {"build"} and rec.did("Bo", 2) == {"survey"}
    assert rec.did("Ana", 3) == {"place"}
    assert rec.did("Bo", 3) == frozenset()  # RIGS moved between plots: none placed
    assert rec.did("Cy", 3) == {"borrow"} and rec.did("Cy", 4) == {"play"}  # given to
    assert rec.did("Ana", 4) == {"trade"}  # gave
    assert rec.did("Cy", 5) == {"trade"}  # proposed a deal that was accepted
    assert rec.did("Ana", 5) == frozenset()  # accepted it: the offer was Cy's
    assert rec.did("Bo", 5) == frozenset()  # proposed a deal nobody accepted; sold


def test_forecast_record_of_a_migrated_history_starts_after_its_worded_rounds():
    rec = from_entries([_e("build", 1, name="Ana", n=1), _e("recorded", 3, words="x"),
                        _e("build", 4, name="Ana", n=1)])
    assert rec.first == 4 and rec.did("Ana", 1) == frozenset()
    assert rec.did("Ana", 4) == {"build"}


def test_forecast_record_entry_is_the_logs_entry_of_an_operation(tables):
    g = start(3, 2, tables)
    e = entry(Build("Ana", 2), g)
    assert e == {"action": "build", "round": 1, "phase": "player",
                 "fields": {"name": "Ana", "n": 2}}
    rec = from_entries([entry(DealPropose("Ana", "Bo", (("energy", 1),)), g),
                        entry(DealAccept("Bo", "1"), g), entry(Survey("Cy", "P1"), g),
                        entry(Give("Cy", "Ana", (("metal", 1),)), g),
                        entry(Move("Ana", 1, "P2", "energy"), g)])
    assert rec.did("Ana", 1) == {"trade", "place"} and rec.did("Bo", 1) == frozenset()
    assert rec.did("Cy", 1) == {"survey", "trade"}


def _rounds(name: str, habits: dict[int, set[str]]) -> Record:
    return Record(1, {name: {r: frozenset(h) for r, h in habits.items()}})


def _opened(g, name: str):
    """``name`` surveyed a plot and put 2 RIGS on it (the opening), 3 left in the
    warehouse, Supplies to place them."""
    p = g.player(name)
    x = replace(p.plots[0], survey=1, rigs=2, harvest="energy")
    return g.with_player(replace(p, plots=(x,) + p.plots[1:], warehouse_rigs=3, supplies=4,
                                 metal=0))


def test_forecast_a_player_who_only_acted_in_the_opening_round_is_most_likely_idle(tables):
    """Surveying and placing RIGS in round 1 is what every table does; the state alone
    cannot tell when it was done, the log can: a player who has done nothing since is
    simulated as the idle policy, and the policy drawn barely acts."""
    g = replace(_opened(start(3, 2, tables), "Ana"), round=6)
    rec = _rounds("Ana", {1: {"survey", "place"}})
    alone, seen = observed(g, 4, 4.0)[0], observed(g, 4, 4.0, record=rec)[0]
    assert alone.place == 0.4 and alone.survey > 0
    assert seen.place == 0 and seen.survey == 0 and seen.rounds == alone.rounds
    idle = list(POLICIES).index("idle")
    assert likelihoods(seen)[idle] > max(0.95, likelihoods(alone)[idle])
    assert tuned(POLICIES["idle"], seen).place == 0
    busy = _rounds("Ana", {r: {"place"} for r in range(1, 6)})
    assert observed(g, 4, 4.0, record=busy)[0].place == 0.4  # kept at it: the state's rate


def test_forecast_learns_who_trades_from_the_log_and_simulated_traders_trade(tables):
    """Two players who act every round, one of them trading too."""
    g = replace(start(3, 2, tables), round=8)
    rec = Record(1, {"Ana": {r: frozenset({"trade", "survey", "place"}) for r in range(2, 8)},
                     "Bo": {r: frozenset({"survey", "place"}) for r in range(2, 8)}})
    seen = observed(g, 4, 4.0, record=rec)
    assert seen[0].trade == 1 and seen[1].trade == 0
    assert all(tuned(t, seen[0]).trade > tuned(t, seen[1]).trade for t in POLICIES.values())
    # the simulated trader sells its spare Energy and Supplies to the richest other player
    g = set_player(set_player(g, "Ana", energy=6, supplies=5, credits=50), "Bo", credits=90)
    g = set_player(g, "Cy", credits=10)
    sim = _Game(digest(g, tables, record=rec), Rng(5))
    before = [list(r) for r in sim.res], list(sim.credits)
    sim.trade(0)
    assert sim.res[0][:2] == [3, 3] and sim.res[1][:2] == [before[0][1][0] + 3,
                                                           before[0][1][1] + 2]
    assert sim.credits[0] == 50 + 4 * 5 and sim.credits[1] == 90 - 4 * 5
    assert sum(sim.credits) == sum(before[1])


def test_forecast_reads_the_log_when_given_one(tables):
    """The same state forecast with two different records gives different figures when
    one says a player acts every round (the log is public: the table saw it); the state
    shows none of it, so which style fits changes, not only how much they build."""
    g = replace(set_player(start(3, 2, tables), "Ana", metal=8, supplies=6), round=7)
    busy = _rounds("Ana", {r: {"build", "place", "survey"} for r in range(2, 7)})
    quiet = Record(1, {})
    a = forecast(g, tables, games=200, record=busy)
    b = forecast(g, tables, games=200, record=quiet)
    assert abs(a.mean[0] - b.mean[0]) > 5 and a.styles[0] != b.styles[0]


def test_forecast_of_rigs_standings_reads_the_game_files_log(rigs, tmp_path):
    """`rigs standings` hands the forecast what the log says: a deal proposed and
    accepted, and a gift, are the givers' trades."""
    from rigs_helper.cli.forecast import _load, _record

    path = tmp_path / "game.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "5", "--game", path)
    for args in (("deal", "propose", "Ana", "Bo", "energy=1", "--for", "credits=4"),
                 ("deal", "accept", "Bo", "1"), ("give", "Cy", "Ana", "supplies=1")):
        assert rigs(*args, "--game", path).exit_code == 0
    loaded, tables = _load(path)
    rec = _record(loaded, path, tables)
    assert rec is not None and rec.first == 1
    assert rec.did("Ana", 1) == {"trade"} and rec.did("Cy", 1) == {"trade"}
    assert rec.did("Bo", 1) == frozenset()
    assert rigs("standings", "--samples", "50", "--game", path).exit_code == 0
