"""RIG's games in the group's history (issue #41, point 4): `rigs score` and `rigs history
add` keep a finished RIG game as R.I.G.S. games are kept, and the history counts each game
apart: games, stats, head-to-head and ratings of one game never count the other's, and
BG Stats' link names the game played."""

from __future__ import annotations

import json
from urllib.parse import unquote

from historyhelp import finished_game
from righelp import finished_rig

from rigs_helper.forecast.groupstats import ratings
from rigs_helper.games.rigs.names import fold


def ok(rigs, *args):
    r = rigs(*args)
    assert r.exit_code == 0, (args, r.output)
    return r


def test_rig_and_rigs_games_by_the_same_players_never_mix(rigs, tmp_path, tables):
    rigs_game = finished_game(tmp_path / "rigs.toml", 4, ("Ana", "Bo"), tables)
    rig_game = tmp_path / "rig.toml"
    rig_state = finished_rig(rig_game, seed=5)
    worths = {p["name"]: p["net_worth"]
              for p in json.loads(ok(rigs, "score", "--json", rigs_game).stdout)["players"]}
    result = json.loads(ok(rigs, "score", "--json", rig_game).stdout)
    winner = rig_state.seats[rig_state.winner].name
    assert result["game"] == "rig" and result["winners"] == [winner]
    assert {p["name"]: p["components"] for p in result["players"]} == {
        s.name: len(set(s.rig)) for s in rig_state.seats}

    rigs_view = json.loads(ok(rigs, "history", "--json").stdout)  # default: R.I.G.S.
    rig_view = json.loads(ok(rigs, "history", "--rules", "rig", "--json").stdout)
    assert rigs_view["game"] == "rigs" and rig_view["game"] == "rig"
    (g,) = rigs_view["games"]
    assert {p["name"]: p["net_worth"] for p in g["players"]} == worths
    (g,) = rig_view["games"]
    assert {p["name"]: p["winner"] for p in g["players"]} == {
        s.name: s.name == winner for s in rig_state.seats}
    # each game's players: one game each, its own wins, its own ratings
    for view in (rigs_view, rig_view):
        assert all(r["games"] == 1 for r in view["players"])
        game = view["games"][0]
        alone, _ = ratings([{"identity": "x", "players": [
            {"name": p["name"], "rank": 1 if p["winner"] else 2} for p in game["players"]]}])
        assert {r["name"]: r["rating"]["mu"] for r in view["players"]} == {
            p["name"]: alone[fold(p["name"])]["mu"] for p in game["players"]}
    assert [r["wins"] for r in rig_view["players"] if r["name"] == winner] == [1]
    # a player's record and head-to-head: one game of each
    for rules, view in (("rigs", rigs_view), ("rig", rig_view)):
        rec = json.loads(ok(rigs, "history", "Ana", "--rules", rules, "--json").stdout)
        assert [h["games"] for h in rec["head_to_head"]] == [1]
        assert [g["id"] for g in rec["games"]] == [view["games"][0]["id"]]
    # the default view says the other game is kept, and how to see it
    text = ok(rigs, "history").stdout
    assert "Also kept: 1 RIG game" in text and "rigs history --rules rig" in text
    # BG Stats: each play names its own game
    for view, name in ((rigs_view, "R.I.G.S."), (rig_view, "RIG")):
        url = ok(rigs, "history", "export", "--bgstats", str(view["games"][0]["id"])).stdout
        play = json.loads(unquote(url.strip().split("data=", 1)[1]))
        assert play["game"]["name"] == name
        assert play["sourcePlayId"].startswith("rig:" if name == "RIG" else "game:")
    # kept once: scoring again, or `history add`, adds nothing
    assert "Already in the group's history" in ok(rigs, "history", "add", rig_game).stdout
    assert "Already in the group's history" in ok(rigs, "score", rig_game).stdout
    csv = ok(rigs, "history", "export", "--csv", "--rules", "rig").stdout.splitlines()
    assert len(csv) == 3  # the header and RIG's two players


def test_a_rig_game_not_over_is_not_kept(rigs, tmp_path):
    path = tmp_path / "rig.toml"
    ok(rigs, "new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path)
    before = path.read_bytes()
    for args in (["score", path], ["history", "add", path]):
        r = rigs(*args)
        assert r.exit_code == 1 and r.output.count("\n") == 1
        assert "not over yet" in r.output
    r = rigs("score", path, "--roll", "energy=3")
    assert r.exit_code == 1 and "--roll is R.I.G.S.'s" in r.output
    assert path.read_bytes() == before
    assert json.loads(ok(rigs, "history", "--rules", "rig", "--json").stdout)["games"] == []


def test_a_rig_game_keeps_its_group(rigs, tmp_path):
    path = tmp_path / "rig.toml"
    finished_rig(path, seed=8, group="Friday")
    assert "group Friday" in ok(rigs, "score", path).stdout
    d = json.loads(ok(rigs, "history", "--rules", "rig", "--group", "friday",
                      "--json").stdout)
    assert d["group"] == "Friday" and len(d["games"]) == 1


def test_rigs_new_rules_rig_takes_a_group(rigs, tmp_path):
    from rigs_helper.store import gamestore

    path = tmp_path / "rig.toml"
    ok(rigs, "new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--group", " Friday ", "-g",
       path)
    assert gamestore.load(path).settings["group"] == "Friday"
    r = rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--group", " ", "-g",
             tmp_path / "x.toml", "--force")
    assert r.exit_code == 1 and "--group" in r.output and not (tmp_path / "x.toml").exists()


def test_the_end_screens_standing_counts_its_own_games_only(rigs, tmp_path, tables):
    from rigs_helper.forecast.bgstats import final_extras
    from rigs_helper.store import historydb

    ok(rigs, "score", finished_game(tmp_path / "rigs.toml", 4, ("Ana", "Bo"), tables))
    for seed in (5, 6):
        finished_rig(tmp_path / f"rig{seed}.toml", seed=seed)
        ok(rigs, "score", tmp_path / f"rig{seed}.toml")
    plays = historydb.plays()
    assert sorted(p["game"] for p in plays) == ["rig", "rig", "rigs"]
    for play in plays:
        standing = final_extras(play, plays)["standing"]
        assert {r["games"] for r in standing} == {1 if play["game"] == "rigs" else 2}
