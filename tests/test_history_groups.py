"""The group's history, right (issue #42, docs/history.md): BG Stats' "create play" link
decoded field by field, groups kept apart (stats, ratings, the final screen), ratings
from every game's ranking, sheets of 2 to 4 players with their own date and place, and a
removal that asks and can be undone."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from urllib.parse import unquote

from conftest import EXAMPLES
from historyhelp import finished_game

from rigs_helper.games.rigs.names import fold

SHEET = EXAMPLES / "sheet-2p.toml"  # Ana 310, Ben 310


def ok(rigs, *args):
    r = rigs(*args)
    assert r.exit_code == 0, (args, r.output)
    return r


def decoded(url: str, prefix: str) -> dict:
    assert url.startswith(prefix)
    data = url[len(prefix):]
    assert all(c.isalnum() or c in "-._~%" for c in data)  # fully URL-encoded
    return json.loads(unquote(data))


def in_group(path: Path, group: str) -> Path:
    """The game file, now of ``group`` (as `rigs new --group` writes it)."""
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\nround = ", f'\ngroup = "{group}"\nround = ', 1),
                    encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- the link


def test_bgstats_create_play_link_decodes_to_exactly_the_documented_fields(rigs, tmp_path,
                                                                          tables):
    names = ("Anastasia", "Bartholomew", "Zoë-Émilie", "Cyprian")
    path = in_group(finished_game(tmp_path / "rigs.toml", 5, names, tables), "Friday")
    score = json.loads(ok(rigs, "score", "--json", path).stdout)
    ok(rigs, "history", "config", "--group", "friday", "--bgg-id", "123456",
       "--location", "Bo's kitchen")
    url = ok(rigs, "history", "export", "--bgstats", "1").stdout.strip()
    assert len(url) <= 8000  # what link handlers take, with 4 players
    play = decoded(url, "https://app.bgstatsapp.com/createPlay.html?data=")
    kept = json.loads(ok(rigs, "history", "--json").stdout)["games"][0]
    assert set(play) == {"sourceName", "sourcePlayId", "playDate", "location", "game",
                         "players"}  # no durationMin: this game's log keeps no times
    assert play["sourceName"] == "rigs-helper"
    assert play["sourcePlayId"].startswith("game:") and "Cyprian" in play["sourcePlayId"]
    assert play["playDate"] == kept["date"]
    assert len(play["playDate"]) == 19 and play["playDate"][10] == " "  # YYYY-MM-DD HH:MM:SS
    assert play["location"] == "Bo's kitchen"
    assert play["game"] == {"name": "R.I.G.S.", "sourceGameId": "rigs-helper:rigs",
                            "bggId": 123456, "highestWins": True, "noPoints": False}
    worths = [p["net_worth"] for p in score["players"]]
    assert play["players"] == [
        {"name": p["name"], "score": p["net_worth"], "winner": p["name"] in score["winners"],
         "rank": 1 + sum(w > p["net_worth"] for w in worths),
         "sourcePlayerId": fold(p["name"])} for p in score["players"]]
    # the report's link (as the board's final screen's) carries the group's settings too
    report = tmp_path / "report.html"
    ok(rigs, "report", "-g", path, "--html", report)
    assert f'href="{url}"' in report.read_text(encoding="utf-8")
    # the phone's form: the same data, opening the app itself
    app = ok(rigs, "history", "export", "--bgstats", "1", "--app").stdout.strip()
    assert decoded(app, "bgstats://app.bgstatsapp.com/createPlay.html?data=") == play
    # bggId and location cleared: gone from the link
    ok(rigs, "history", "config", "--group", "Friday", "--bgg-id", "0", "--location", "")
    plain = decoded(ok(rigs, "history", "export", "--bgstats", "1").stdout.strip(),
                    "https://app.bgstatsapp.com/createPlay.html?data=")
    assert "location" not in plain and "bggId" not in plain["game"]


def test_bgstats_duration_is_from_the_first_action_to_the_last():
    from rigs_helper.forecast.bgstats import app_link, link
    from rigs_helper.store.historyplay import _minutes

    entries = [{"action": "new"}, {"action": "next", "at": "2026-11-20T19:02:10Z"},
               {"action": "build", "at": "2026-11-20T19:40:00Z"},
               {"action": "next", "at": "2026-11-20T20:37:10Z"}]
    assert _minutes(entries) == 95
    assert _minutes(entries[:2]) is None and _minutes([{"action": "x"}] * 3) is None
    play = {"identity": "game:x:Ana|Bo", "played": "2026-11-20 20:37:40", "duration_min": 95,
            "location": "Club", "players": [
                {"name": "Ana", "net_worth": 300, "winner": True, "rank": 1},
                {"name": "Bo", "net_worth": 250, "winner": False, "rank": 2}]}
    data = decoded(link(play), "https://app.bgstatsapp.com/createPlay.html?data=")
    assert data["durationMin"] == 95 and data["location"] == "Club"
    assert data == decoded(app_link(play), "bgstats://app.bgstatsapp.com/createPlay.html?data=")


# ---------------------------------------------------------------------------- groups


def test_two_groups_on_one_machine_never_count_each_others_games(rigs, tmp_path, tables):
    """The same three names play in two groups: each game counts once, in its own group,
    in the stats, the ratings and the final screen's standing."""
    from rigs_helper.forecast.bgstats import final_extras
    from rigs_helper.store import historydb

    names = ("Ana", "Bo", "Zoë")
    friday = [in_group(finished_game(tmp_path / f"f{s}.toml", s, names, tables), "Friday")
              for s in (1, 2)]
    club = in_group(finished_game(tmp_path / "club.toml", 3, names, tables), "Club")
    for path in (*friday, club):
        assert "group" in ok(rigs, "score", path).stdout  # said where it is kept
    both = {}
    for group, games in (("Friday", 2), ("club", 1)):
        d = json.loads(ok(rigs, "history", "--json", "--group", group).stdout)
        assert d["group"].lower() == group.lower()
        assert len(d["games"]) == games and {g["group"] for g in d["games"]} == {d["group"]}
        assert [r["games"] for r in d["players"]] == [games] * 3
        both[group] = d
    # the ratings are the group's own: Club's are those of its one game alone
    club_only = json.loads(ok(rigs, "history", "--json", "--group", "Club").stdout)
    plays = historydb.plays()
    from rigs_helper.forecast.groupstats import ratings

    alone = ratings(historydb.of_group(plays, "Club"))[0]
    assert {fold(r["name"]): r["rating"] for r in club_only["players"]} == alone
    assert alone != ratings(plays)[0]  # (all the games together would differ)
    # the final screen of the Club game counts the Club's game only
    club_play = next(p for p in plays if p["group"] == "Club")
    extras = final_extras(club_play, plays)
    assert extras["group"] == "Club"  # a group the table named is named
    assert [r["games"] for r in extras["standing"]] == [1, 1, 1]
    friday_play = next(p for p in plays if p["group"] == "Friday")
    assert [r["games"] for r in final_extras(friday_play, plays)["standing"]] == [2, 2, 2]
    # --all: each group apart, each player once per group
    d = json.loads(ok(rigs, "history", "--json", "--all").stdout)
    assert len(d["games"]) == 3
    assert sorted((r["group"], r["games"]) for r in d["players"]) == [
        ("Club", 1)] * 3 + [("Friday", 2)] * 3
    text = ok(rigs, "history", "--all").stdout
    assert "Group Club" in text and "Group Friday" in text
    r = rigs("history", "--group", "Nobody")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "Club" in r.stderr


def test_a_game_without_a_group_is_in_its_players_group_said_at_new(rigs, tmp_path):
    game = tmp_path / "rigs.toml"
    r = ok(rigs, "new", "-p", "Bo", "-p", "Ana", "--seed", "4", "-g", game)
    assert "Group: Ana, Bo (these players; `rigs new --group NAME` names another)." in r.stdout
    other = tmp_path / "other.toml"
    r = ok(rigs, "new", "-p", "Bo", "-p", "Ana", "--seed", "4", "-g", other,
           "--group", "Tuesday club")
    assert "Group: Tuesday club" in r.stdout
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    assert session.load(game, tables).game.group == ""
    assert session.load(other, tables).game.group == "Tuesday club"
    # the group survives a replay of the log (`undo` rebuilds the game from its start)
    ok(rigs, "next", "-g", other)
    ok(rigs, "undo", "-g", other)
    assert session.load(other, tables).game.group == "Tuesday club"
    r = rigs("new", "-p", "A", "-p", "B", "-g", tmp_path / "x.toml", "--group", "   ")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "--group" in r.stderr
    assert not (tmp_path / "x.toml").exists()


def test_an_older_history_is_migrated_into_its_players_groups(rigs, tmp_path, monkeypatch):
    from rigs_helper.store import historydb

    path = tmp_path / "old.sqlite"
    monkeypatch.setenv("RIGS_HISTORY", str(path))
    conn = sqlite3.connect(path)
    for sql in historydb.MIGRATIONS[0]:
        conn.execute(sql)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO games VALUES (1, 'sheet:1', 'sheet', '2026-11-01 20:00:00', "
                 "'/home/someone/games/night.toml', NULL, NULL, NULL, '2026-11-01')")
    for seat, (name, worth) in enumerate((("Zoë", 200), ("ana", 250))):
        conn.execute("INSERT INTO results VALUES (1, ?, ?, ?, 0, 0, 0, 0, 0, ?, ?, 0, NULL, "
                     "NULL, NULL)", (seat, name, worth, 2 - seat, seat))
    conn.commit()
    conn.close()
    d = json.loads(ok(rigs, "history", "--json").stdout)
    (game,) = d["games"]
    assert game["group"] == "ana, Zoë" and game["source"] == "night.toml"
    assert [r["name"] for r in d["players"]] == ["ana", "Zoë"]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == historydb.SCHEMA_VERSION
    # version 3: an older game is R.I.G.S.'s (RIG's games are counted apart)
    assert d["game"] == "rigs" and historydb.plays()[0]["game"] == "rigs"
    assert json.loads(ok(rigs, "history", "--rules", "rig", "--json").stdout)["games"] == []


# ---------------------------------------------------------------------------- ratings


#: the policy of the forecast's simulated players that beats random play most often (in
#: its simulation, a seller won 136 of 157 games against random players; a builder, who
#: borrows to build, 76: about as often as a random player, 66)
STRONG, WEAK = "seller", "random"


def _simulated_worths(seated: list[str], seed: int, strong: str, rng, tables) -> list[int]:
    """One whole game played by the forecast's simulated players
    (:func:`rigs_helper.forecast.simulate.play_out` from a new game's set-up): ``strong``
    follows the STRONG policy, everyone else WEAK; the End Game Market cards drawn from
    the simulated game's End Game deck and the three dice rolled with ``rng``.  Each
    player's net worth, seating order."""
    from dataclasses import replace

    from rigs_helper.forecast.simulate import digest, play_out
    from rigs_helper.forecast.tendencies import ODDS, POLICIES
    from rigs_helper.games.rigs.setup import new_game

    def only(style: str) -> tuple[int, ...]:  # cumulative odds: this policy, always
        k = list(POLICIES).index(style)
        return tuple(0 if j < k else ODDS for j in range(len(POLICIES)))

    start = digest(new_game(seated, seed, tables).game, tables)
    start = replace(start, odds=tuple(only(STRONG if n == strong else WEAK) for n in seated))
    end = play_out(start, rng)
    deck, values = list(end.end_pool), []
    for _, cards in start.slots:
        values.append(sum(deck.pop(rng.below(len(deck))) for _ in range(cards)))
    dice = [1 + rng.below(tables.constants.die_sides) for _ in range(3)]
    return [round(c + sum(w * v for w, v in zip(ws, values))
                  + sum(u * d for u, d in zip(us, dice)))
            for c, ws, us in zip(end.const, end.weights, end.units)]


def _add_games(n: int, seed: int, group: str | None = None) -> None:
    """``n`` simulated games (:func:`_simulated_worths`) of 2 to 4 of Ana, Bo, Cy and Di,
    Cy playing the stronger policy, each kept in the history as `rigs score` keeps a game
    (:func:`rigs_helper.store.historydb.add`)."""
    import random

    from rigs_helper.rules.rng import Rng
    from rigs_helper.store import historydb
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    rng, seats = Rng(seed), random.Random(seed)
    names = ["Ana", "Bo", "Cy", "Di"]
    for i in range(n):
        seated = seats.sample(names, seats.randint(2, 4))
        worths = _simulated_worths(seated, seed * 1000 + i, "Cy", rng, tables)
        players = [{"seat": s, "name": name, "net_worth": w, "credits": w, "luxuries": 0,
                    "plots": 0, "resources": 0, "vinnie": 0,
                    "rank": 1 + sum(x > w for x in worths), "winner": w == max(worths)}
                   for s, (name, w) in enumerate(zip(seated, worths))]
        historydb.add({"identity": f"sim:{seed}:{i}", "kind": "game",
                       "played": f"2026-10-{1 + i // 2:02d} {18 + i % 2}:00:00",
                       "source": f"night{i}.toml", "round": 15, "leader": None,
                       "duration_min": None, "added": "2026-11-01 00:00:00",
                       "group": group or "Club", "location": None, "players": players})


def test_ratings_put_the_stronger_player_first_and_are_recomputed_after_remove_and_restore(
        rigs):
    _add_games(30, 11)
    d = json.loads(ok(rigs, "history", "--json").stdout)
    rating = {r["name"]: r["rating"] for r in d["players"]}
    assert max(rating, key=lambda n: rating[n]["mu"]) == "Cy"
    # and by more than its uncertainty (among equal random players, about 1 in 4 leads)
    assert all(rating["Cy"]["mu"] - rating["Cy"]["sigma"] > r["mu"]
               for n, r in rating.items() if n != "Cy")
    for r in rating.values():
        assert r["display"] == f"{r['mu']:.1f} ± {r['sigma']:.1f}" and r["sigma"] < 8.3
    text = ok(rigs, "history").stdout
    assert rating["Cy"]["display"] in text
    # remove then restore: the same ratings; removed: as if the game had never been
    newest = d["games"][0]["id"]
    ok(rigs, "history", "remove", str(newest), "--yes")
    without = json.loads(ok(rigs, "history", "--json").stdout)["players"]
    ok(rigs, "history", "restore", str(newest))
    assert json.loads(ok(rigs, "history", "--json").stdout) == d
    from rigs_helper.forecast.groupstats import rated_rows
    from rigs_helper.store import historydb

    never = rated_rows([p for p in historydb.plays() if p["id"] != newest])
    assert [(r["name"], r["rating"]) for r in without] == [(r["name"], r["rating"])
                                                           for r in never]


def test_the_final_standing_shows_each_rating_with_this_games_change():
    from rigs_helper.forecast.bgstats import final_extras
    from rigs_helper.forecast.groupstats import ratings
    from rigs_helper.store import historydb

    _add_games(6, 3)
    plays = historydb.plays()
    newest = plays[0]
    extras = final_extras(newest, plays)
    before = ratings(plays[1:])[0]
    after = ratings(plays)[0]
    rows = {fold(r["name"]): r for r in extras["standing"]}
    assert set(rows) == {fold(r["name"]) for r in newest["players"]}
    for key, r in rows.items():
        old = before.get(key, {"mu": 25.0})["mu"]
        assert abs(float(r["change"]) - (after[key]["mu"] - old)) <= 0.051
        assert r["rating"] == after[key]


# ---------------------------------------------------------------------------- sheets


ONE = """
[endgame]
luxury_price = 4
plot_values = { plains = 4, valley = 6, forest = 10, desert = [3, 5], ridge = 8 }
resource_values = { energy = 3, supplies = 5, metal = 1 }

[[players]]
name = "Ana"
credits = 120
luxuries = 3
energy = 3
supplies = 2
metal = 0
"""
BEN = """
[[players]]
name = "Ben"
credits = 90
luxuries = 1
energy = 0
supplies = 2
metal = 4
"""


def test_a_sheet_has_2_to_4_players_and_one_player_leaves_no_trace(rigs, tmp_path):
    import os

    one = tmp_path / "one.toml"
    one.write_text(ONE, encoding="utf-8")
    for args in (["score", one], ["history", "add", one]):
        r = rigs(*args)
        assert r.exit_code == 1 and r.stderr.count("\n") == 1, r.output
        assert "players" in r.stderr and "2 to 4 players, not 1" in r.stderr
    assert not Path(os.environ["RIGS_HISTORY"]).exists()  # no trace in the history
    five = tmp_path / "five.toml"
    five.write_text(ONE + "".join(BEN.replace("Ben", n) for n in ("B", "C", "D", "E")),
                    encoding="utf-8")
    r = rigs("score", five)
    assert r.exit_code == 1 and "2 to 4 players, not 5" in r.stderr


def test_a_sheet_says_its_group_date_and_place(rigs, tmp_path):
    sheet = tmp_path / "night.toml"
    sheet.write_text('group = "Friday"\ndate = 2026-11-20\nlocation = "Club"\n' + ONE + BEN,
                     encoding="utf-8")
    r = ok(rigs, "score", sheet)
    assert "group Friday" in r.stdout
    (game,) = json.loads(ok(rigs, "history", "--json").stdout)["games"]
    assert (game["date"], game["group"], game["location"]) == ("2026-11-20 00:00:00",
                                                               "Friday", "Club")
    assert game["source"] == "night.toml"  # the file's name only
    r = ok(rigs, "history", "add", "--date", "2026-11-13", sheet)
    assert "now has this score" in r.stdout
    (game,) = json.loads(ok(rigs, "history", "--json").stdout)["games"]
    assert game["date"] == "2026-11-13 00:00:00"
    for bad in ("13/11/2026", "2999-01-01"):
        r = rigs("history", "add", "--date", bad, sheet)
        assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "--date" in r.stderr
    sheet.write_text('date = "2026-13-01"\n' + ONE + BEN, encoding="utf-8")
    r = rigs("score", sheet)
    assert r.exit_code == 1 and "'date'" in r.stderr
    csv = ok(rigs, "history", "export", "--csv").stdout
    assert str(tmp_path) not in csv and "night.toml" in csv  # no folder in an export


def test_the_sample_sheets_of_the_readme_and_the_scoring_page_score(rigs, tmp_path):
    from conftest import ROOT

    for doc, after in (("README.md", "No game file?"), ("docs/scoring.md", "Write a scoring")):
        text = (ROOT / doc).read_text(encoding="utf-8")
        sample = text.split(after, 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
        path = tmp_path / "sheet.toml"
        path.write_text(sample, encoding="utf-8")
        ok(rigs, "score", "--no-history", path)


# ---------------------------------------------------------------------------- care


def test_remove_asks_at_a_terminal_and_keeps_the_game_when_told_no(rigs, monkeypatch):
    from typer.testing import CliRunner

    from rigs_helper.cli import app, history

    ok(rigs, "history", "add", SHEET)
    monkeypatch.setattr(history, "_can_ask", lambda: True)
    r = CliRunner().invoke(app, ["history", "remove", "1"], input="n\n")
    assert r.exit_code == 0 and "This removes game 1" in r.stdout
    assert "Nothing removed" in r.stdout
    assert len(json.loads(ok(rigs, "history", "--json").stdout)["games"]) == 1
    r = CliRunner().invoke(app, ["history", "remove", "1"], input="y\n")
    assert r.exit_code == 0 and "Removed game 1" in r.stdout
    assert json.loads(ok(rigs, "history", "--json").stdout)["games"] == []


def test_bgstats_duration_of_a_game_file_reads_the_at_of_its_log(rigs, tmp_path, tables,
                                                                 monkeypatch):
    """A version-2 log whose entries keep ``at`` (issue "one unit"): the minutes from the
    first action to the last; a log without ``at`` (written before) has none."""
    import re

    from rigs_helper.store import session
    from rigs_helper.store.historyrigs import game_facts

    game = tmp_path / "rigs.toml"
    # `new` at 2025-11-20 19:00 UTC, `next` at 20:12 (the clock as the log reads it)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1763665200")
    ok(rigs, "new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", game)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(1763665200 + 72 * 60))
    ok(rigs, "next", "-g", game)
    names = ["Ana", "Bo"]
    _, minutes, ended = game_facts(session.load(game, tables), game, names, tables)
    assert minutes == 72
    from datetime import datetime, timezone

    local = datetime(2025, 11, 20, 20, 12, tzinfo=timezone.utc).astimezone()
    assert ended == local.strftime("%Y-%m-%d %H:%M:%S")  # the game's date: its last action
    text = game.read_text(encoding="utf-8")
    older = tmp_path / "older.toml"  # the same log without its times (an older file)
    older.write_text(re.sub(r'(?m)^at = "[^"]*"\n', "", text), encoding="utf-8")
    assert game_facts(session.load(older, tables), older, names, tables)[1] is None


def test_a_game_kept_keeps_its_date_when_only_its_file_is_written_again(rigs, tmp_path):
    import os

    sheet = tmp_path / "night.toml"
    sheet.write_text(SHEET.read_text(encoding="utf-8"), encoding="utf-8")
    os.utime(sheet, (1_700_000_000, 1_700_000_000))
    ok(rigs, "history", "add", sheet)
    (first,) = json.loads(ok(rigs, "history", "--json").stdout)["games"]
    os.utime(sheet, (1_750_000_000, 1_750_000_000))  # copied, touched: the same game
    assert "Already in the group's history" in ok(rigs, "history", "add", sheet).stdout
    (again,) = json.loads(ok(rigs, "history", "--json").stdout)["games"]
    assert again["date"] == first["date"]
