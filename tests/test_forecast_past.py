"""The forecast's prior from the group's history (issue #44, point 1): each game `rigs
score` keeps keeps the play style that fitted each player (the forecast's own weighing),
and a later game of the same group starts its ensemble from those styles."""

from __future__ import annotations

import sqlite3

from historyhelp import finished_game

from rigs_helper.forecast.final import forecast
from rigs_helper.forecast.tendencies import POLICIES
from rigs_helper.store import historydb, session
from rigs_helper.store.historypast import PastStyles


def kept(identity: str, styles: dict[str, str], group: str = "Ana, Bo",
         game: str = "rigs") -> dict:
    """A game as the history keeps it, each player with the style that fitted them."""
    return {"identity": identity, "kind": "game", "played": "2026-11-20 20:00:00",
            "source": "x.toml", "added": "2026-11-20 20:00:00", "group": group,
            "game": game,
            "players": [{"seat": k, "name": name, "net_worth": 100 - k, "credits": 0,
                         "luxuries": 0, "plots": 0, "resources": 0, "vinnie": 0,
                         "rank": k + 1, "winner": k == 0, "style": style}
                        for k, (name, style) in enumerate(styles.items())]}


def test_a_player_who_played_the_random_style_starts_with_more_weight_on_it(rigs, tmp_path,
                                                                           tables):
    for n in range(3):
        historydb.add(kept(f"game:{n}", {"ana": "random", "Bo": "builder"}))
    # other groups' games, and RIG's, never count
    historydb.add(kept("game:club", {"Ana": "holder", "Bo": "holder"}, group="Club"))
    historydb.add(kept("rig:1", {"Ana": "seller", "Bo": "seller"}, game="rig"))
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    game = session.load(path, tables).game
    past = PastStyles(game)
    assert dict(past) == {"Ana": ["random"] * 3, "Bo": ["builder"] * 3}
    before = forecast(game, tables, games=20, seed=1)
    after = forecast(game, tables, games=20, seed=1, past=past)
    for i, (shifted, none) in enumerate((("random", "builder"), ("builder", "random"))):
        was, now = dict(before.styles[i]), dict(after.styles[i])
        assert now[shifted] > was[shifted] + 0.2  # 4 / 9 of the prior against 1 / 6
        assert now[none] < was[none]
    # less trust in the simulation when a player played at random before
    assert after.fit < before.fit


def test_rigs_score_keeps_the_style_that_fitted_each_player(rigs, tmp_path, tables):
    path = finished_game(tmp_path / "rigs.toml", 4, ("Ana", "Bo"), tables)
    assert rigs("score", path).exit_code == 0
    with sqlite3.connect(historydb.history_path()) as conn:
        styles = [s for (s,) in conn.execute("SELECT style FROM results ORDER BY seat")]
    assert len(styles) == 2 and set(styles) <= set(POLICIES)
    # the next game of these players starts from them; this game itself is left out
    game = session.load(path, tables).game
    assert dict(PastStyles(game)) == {}
    other = tmp_path / "next.toml"
    assert rigs("new", "-p", "bo", "-p", "ANA", "-g", other).exit_code == 0
    assert dict(PastStyles(session.load(other, tables).game)) == {
        "ANA": [styles[0]], "bo": [styles[1]]}


def test_the_past_is_read_only_when_looked_at_and_never_fails_the_forecast(rigs, tmp_path,
                                                                         tables, monkeypatch):
    bad = tmp_path / "not-a-history.sqlite"
    bad.write_bytes(b"not SQLite at all" * 10)
    monkeypatch.setenv("RIGS_HISTORY", str(bad))
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    past = PastStyles(session.load(path, tables).game)
    assert past._found is None  # nothing read yet
    assert dict(past) == {} and past._found == {}
    r = rigs("standings", "--json", "--samples", "10", "-g", path)
    assert r.exit_code == 0, r.output
