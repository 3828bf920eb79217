"""The group's history (docs/history.md): `rigs score` keeps each finished game once,
`rigs history` and its exports, BG Stats' link, concurrent writers, and a history file
that is damaged or newer left untouched."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest
from conftest import EXAMPLES
from historyhelp import add_scored, finished_game

from rigs_helper.games.rigs.names import fold
from rigs_helper.store.historydb import SCHEMA_VERSION

# three finished games (names that are the same player in another spelling) and a sheet
GAMES = {1: ("Ana", "Bo", "Zoë"), 2: ("ana", "ZOE"), 3: ("ANA", "Bo", "Cy", "Di")}
SHEET = EXAMPLES / "sheet-2p.toml"  # Ana 310, Ben 310: a shared win


@pytest.fixture
def four(tmp_path, tables):
    """The three game files and the sheet."""
    paths = [finished_game(tmp_path / f"game{s}.toml", s, names, tables)
             for s, names in GAMES.items()]
    return [*paths, SHEET]


def history(rigs, *args):
    r = rigs("history", *args)
    assert r.exit_code == 0, r.output
    return r


def scored_all(rigs, paths) -> list[dict]:
    """Each file scored twice with `rigs score --json`; the scores (the second time's)."""
    scores = []
    for path in paths:
        first = rigs("score", "--json", path)
        again = rigs("score", "--json", path)
        assert first.exit_code == 0 and again.exit_code == 0, first.output + again.output
        first, again = json.loads(first.stdout), json.loads(again.stdout)
        assert first.pop("drawn", None) is not None or path == SHEET  # a game's draws, once
        assert first == again
        scores.append(again)
    return scores


def test_each_game_scored_twice_is_kept_once_with_its_scores(rigs, four):
    scores = scored_all(rigs, four)
    d = json.loads(history(rigs, "--json", "--all").stdout)
    assert set(d) == {"game", "group", "games", "players"} and d["group"] is None
    assert d["game"] == "rigs"  # (R.I.G.S.'s games: RIG's are counted apart)
    assert len(d["games"]) == 4
    for g in d["games"]:
        assert set(g) == {"id", "date", "source", "group", "location", "players"}
        assert all(set(p) == {"name", "net_worth", "winner"} for p in g["players"])
    kept = {tuple((p["name"], p["net_worth"], p["winner"]) for p in g["players"])
            for g in d["games"]}
    said = {tuple((p["name"], p["net_worth"], p["name"] in s["winners"])
                  for p in s["players"]) for s in scores}
    assert kept == said
    # each player's figures from the scores, names matched without case or accents
    want: dict[str, dict] = {}
    for s in scores:
        for p in s["players"]:
            w = want.setdefault(fold(p["name"]), {"games": 0, "wins": 0, "best": -10**9})
            w["games"] += 1
            w["wins"] += p["name"] in s["winners"]
            w["best"] = max(w["best"], p["net_worth"])
    # with --all, each player's figures once per group (here: one per set of players)
    groups = {g["group"] for g in d["games"]}
    assert len(groups) == 4
    rows: dict[str, dict] = {}
    for r in d["players"]:
        assert r["group"] in groups
        a = rows.setdefault(fold(r["name"]), {"name": r["name"], "games": 0, "wins": 0,
                                              "best_net_worth": -10**9})
        a["games"] += r["games"]
        a["wins"] += r["wins"]
        a["best_net_worth"] = max(a["best_net_worth"], r["best_net_worth"])
        a["win_rate"] = round(a["wins"] / a["games"], 3)
        a["avg_net_worth"] = r["avg_net_worth"]
        assert set(r["rating"]) == {"mu", "sigma", "display"}
    assert set(rows) == set(want) == {"ana", "bo", "zoe", "cy", "di", "ben"}
    for key, w in want.items():
        r = rows[key]
        assert {"name", "games", "wins", "win_rate", "avg_net_worth",
                "best_net_worth"} <= set(r)
        assert (r["games"], r["wins"], r["best_net_worth"]) == (w["games"], w["wins"],
                                                                w["best"])
        assert r["win_rate"] == round(w["wins"] / w["games"], 3)
    assert rows["ana"]["games"] == 4  # Ana, ana, ANA and the sheet's Ana


def test_scoring_says_where_the_game_is_kept_and_no_history_skips_it(rigs):
    first = rigs("score", SHEET)
    assert first.exit_code == 0
    assert "Kept in the group's history as game 1" in first.stdout
    again = rigs("score", SHEET)
    assert "Already in the group's history as game 1" in again.stdout
    other = EXAMPLES / "sheet-3p.toml"
    skipped = rigs("score", "--no-history", other)
    assert skipped.exit_code == 0 and "history" not in skipped.stdout
    d = json.loads(history(rigs, "--json", "--all").stdout)
    assert [g["source"] for g in d["games"]] == [SHEET.name]  # the file's name only


def test_no_history_never_makes_the_file(rigs):
    r = rigs("score", "--no-history", SHEET)
    assert r.exit_code == 0
    assert not Path(os.environ["RIGS_HISTORY"]).exists()
    r = history(rigs)  # reading an absent history makes nothing either
    assert "No games kept yet" in r.stdout
    assert not Path(os.environ["RIGS_HISTORY"]).exists()


def test_bgstats_link_is_the_documented_format_field_by_field(rigs, four):
    scores = scored_all(rigs, four)
    d = json.loads(history(rigs, "--json", "--all").stdout)
    for game in d["games"]:
        r = history(rigs, "export", "--bgstats", str(game["id"]))
        url = r.stdout.strip()
        prefix = "https://app.bgstatsapp.com/createPlay.html?data="
        assert url.startswith(prefix)
        data = url[len(prefix):]
        assert all(c.isalnum() or c in "-._~%" for c in data)  # fully URL-encoded
        assert len(url) <= 8000
        play = json.loads(unquote(data))
        assert list(play) == ["sourceName", "sourcePlayId", "playDate", "game", "players"]
        assert play["sourceName"] == "rigs-helper"
        assert play["game"] == {"name": "R.I.G.S.", "sourceGameId": "rigs-helper:rigs",
                                "highestWins": True, "noPoints": False}
        app = history(rigs, "export", "--bgstats", str(game["id"]), "--app").stdout.strip()
        assert app == "bgstats://app.bgstatsapp.com/createPlay.html?data=" + data
        assert play["playDate"] == game["date"]
        score = next(s for s in scores if [p["name"] for p in s["players"]]
                     == [p["name"] for p in game["players"]])
        worths = [p["net_worth"] for p in score["players"]]
        assert play["players"] == [
            {"name": p["name"], "score": p["net_worth"], "winner": p["name"] in score["winners"],
             "rank": 1 + sum(w > p["net_worth"] for w in worths),
             "sourcePlayerId": fold(p["name"])} for p in score["players"]]
        assert play["sourcePlayId"].startswith(("game:", "sheet:"))
    ids = {json.loads(unquote(history(rigs, "export", "--bgstats", str(g["id"]))
                              .stdout.strip().split("data=")[1]))["sourcePlayId"]
           for g in d["games"]}
    assert len(ids) == 4


def test_bgstats_link_of_a_game_not_kept_is_refused(rigs):
    r = rigs("history", "export", "--bgstats", "7")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1
    assert "no game 7 in the history" in r.stderr


def test_csv_has_one_row_per_player_per_game(rigs, four):
    scores = scored_all(rigs, four)
    r = history(rigs, "export", "--csv")
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert len(rows) == sum(len(s["players"]) for s in scores) == 11
    got = sorted((x["name"], int(x["net_worth"]), int(x["plots"])) for x in rows)
    want = sorted((p["name"], p["net_worth"], p["plots"]) for s in scores for p in s["players"])
    assert got == want
    assert len({x["game"] for x in rows}) == 4
    everything = json.loads(history(rigs, "export", "--json").stdout)
    assert sum(len(g["players"]) for g in everything["games"]) == 11


def test_a_player_record_matches_names_and_counts_head_to_head(rigs, four):
    for path, names in zip(four, GAMES.values()):  # one group for the three games
        if any(fold(n) == "zoe" for n in names):
            text = path.read_text(encoding="utf-8")
            path.write_text(text.replace("version = ", 'group = "Friday"\nversion = ', 1),
                            encoding="utf-8")
    scores = scored_all(rigs, four)
    rec = json.loads(history(rigs, "zoe", "--json").stdout)
    assert rec["name"] in ("Zoë", "ZOE") and rec["group"] == "Friday"
    mine = [next(p for p in s["players"] if fold(p["name"]) == "zoe") for s in scores
            if any(fold(p["name"]) == "zoe" for p in s["players"])]
    assert len(rec["games"]) == 2
    assert sorted(rec["trend"]) == sorted(p["net_worth"] for p in mine)
    h2h = {fold(h["name"]): h for h in rec["head_to_head"]}
    assert h2h["ana"]["games"] == 2 and h2h["bo"]["games"] == 1
    assert h2h["ana"]["ahead"] + h2h["ana"]["behind"] + h2h["ana"]["level"] == 2
    text = history(rigs, "Zo")  # a prefix, as elsewhere
    assert "Against each other player" in text.stdout and "Trend" in text.stdout
    # the trend says which way it reads, and its figures are named
    trend = rec["trend"]
    assert (f"oldest → newest" in text.stdout and f"first {trend[0]}, last {trend[-1]}; "
            f"lowest {min(trend)}, highest {max(trend)}" in text.stdout)
    r = rigs("history", "Nobody")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "no player called" in r.stderr


def test_remove_takes_a_game_out(rigs):
    assert rigs("history", "add", SHEET).exit_code == 0
    assert rigs("history", "add", EXAMPLES / "sheet-3p.toml").exit_code == 0
    before = history(rigs, "--json", "--all").stdout
    r = rigs("history", "remove", "1")  # no terminal to ask, no --yes: nothing happens
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "--yes" in r.stderr
    assert history(rigs, "--json", "--all").stdout == before
    r = history(rigs, "remove", "1", "--yes")
    assert "Removed game 1" in r.stdout and "Ana 310, Ben 310" in r.stdout  # what it was
    d = json.loads(history(rigs, "--json", "--all").stdout)
    assert [g["id"] for g in d["games"]] == [2]
    r = rigs("history", "remove", "1", "--yes")
    assert r.exit_code == 1 and "no game 1 in the history" in r.stderr
    assert "Restored game 1" in history(rigs, "restore", "1").stdout
    assert history(rigs, "--json", "--all").stdout == before
    history(rigs, "remove", "1", "--yes")
    history(rigs, "remove", "2", "--yes")  # the next removal: game 1 is gone for good
    r = rigs("history", "restore", "1")
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "restore 2" in r.stderr


def test_the_history_file_is_its_owners_only(rigs, tmp_path, monkeypatch):
    path = tmp_path / "new" / "folder" / "h.sqlite"
    monkeypatch.setenv("RIGS_HISTORY", str(path))
    assert rigs("score", SHEET).exit_code == 0
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.parent.stat().st_mode & 0o777 == 0o700
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_the_history_lives_in_the_user_data_folder(monkeypatch, tmp_path):
    from rigs_helper.store.historydb import history_path

    monkeypatch.delenv("RIGS_HISTORY")
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert history_path() == tmp_path / ".local/share/rigs-helper/history.sqlite"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert history_path() == tmp_path / "data/rigs-helper/history.sqlite"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert history_path() == (tmp_path / "Library/Application Support/rigs-helper"
                              / "history.sqlite")
    monkeypatch.setenv("RIGS_HISTORY", str(tmp_path / "mine.sqlite"))
    assert history_path() == tmp_path / "mine.sqlite"


# ---------------------------------------------------------------------------- writers

def test_six_processes_adding_at_once_keep_every_game_exactly_once(tmp_path):
    sheets = []
    base = SHEET.read_text(encoding="utf-8")
    for i in range(6):  # six different games: Ana's credits differ
        p = tmp_path / f"sheet{i}.toml"
        p.write_text(base.replace("credits = 118", f"credits = {118 + i}"), encoding="utf-8")
        sheets.append(str(p))
    import clichild

    # six processes at once (forked from one that imported rigs: tests/clichild.py)
    procs = [clichild.call(add_scored, sheets[k:] + sheets[:k],  # each in its own order
                           dict(os.environ)) for k in range(6)]
    for p in procs:
        p.join(120)
        assert p.exitcode == 0, p.exitcode
    from rigs_helper.store import historydb

    plays = historydb.plays()
    assert len(plays) == 6
    assert sorted(p["players"][0]["credits"] for p in plays) == [118 + i for i in range(6)]
    assert sorted(p["source"] for p in plays) == sorted(Path(s).name for s in sheets)


# ---------------------------------------------------------------------------- bad files


def _newer(path: Path) -> None:
    from rigs_helper.store import historydb
    from rigs_helper.store.historyrigs import play_of_sheet
    from rigs_helper.store.scorefile import score_file

    historydb.add(score_file(SHEET, with_play=True).play, path)
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()
    assert play_of_sheet  # the sheet's game is what was kept


def _damaged(path: Path) -> None:
    path.write_bytes(b"this is not a database\n" * 40)


def _torn(path: Path) -> None:
    from rigs_helper.store import historydb
    from rigs_helper.store.scorefile import score_file

    historydb.add(score_file(SHEET, with_play=True).play, path)
    raw = bytearray(path.read_bytes())
    raw[100:len(raw)] = b"\xff" * (len(raw) - 100)  # the header whole, every page torn
    path.write_bytes(bytes(raw))


@pytest.mark.parametrize("spoil, why", [(_newer, "newer rigs-helper"),
                                        (_damaged, "damaged"),
                                        (_torn, "cannot be used")])
def test_a_bad_history_is_named_in_one_line_and_left_as_it_is(rigs, tmp_path, monkeypatch,
                                                              spoil, why):
    path = tmp_path / "h.sqlite"
    monkeypatch.setenv("RIGS_HISTORY", str(path))
    spoil(path)
    for f in path.parent.glob("h.sqlite-*"):
        f.unlink()
    before = path.read_bytes()
    for args in (["history"], ["history", "--json"], ["history", "add", SHEET],
                 ["history", "export", "--csv"], ["history", "remove", "1", "--yes"]):
        r = rigs(*args)
        assert r.exit_code == 1, (args, r.output)
        assert r.stderr.count("\n") == 1 and str(path) in r.stderr and why in r.stderr, args
        assert r.stdout == ""
        assert path.read_bytes() == before
    # scoring stands: the score is printed, one warning line, exit 0
    r = rigs("score", "--json", EXAMPLES / "sheet-3p.toml")
    assert r.exit_code == 0
    assert json.loads(r.stdout)["winners"] == ["Cara"]
    assert r.stderr.count("\n") == 1 and "warning: the game was not kept" in r.stderr
    assert path.read_bytes() == before


# ---------------------------------------------------------------------------- pieces


def test_log_facts_reads_builds_karma_and_sales_of_a_version_1_log():
    from rigs_helper.store.historyrigs import log_facts

    v1 = [{"op": json.dumps({"op": "Build", "args": {"name": "ana", "n": 2}})},
          {"op": json.dumps({"op": "KarmaPlay", "args": {"name": "Bo", "title": "x"}}),
           "ledger": ["Bo -1 Karma card (played)"]},
          {"op": json.dumps({"op": "Sell", "args": {"name": "Ana", "n": None}}),
           "ledger": ["Ana -3 Luxuries (Luxury sale)", "Ana +18 Credits (Luxury sale)"]},
          {"op": json.dumps({"op": "NextPhase", "args": {}}),
           "ledger": ["Bo -1 Luxury (last-round sale)"]}]
    facts, minutes = log_facts(v1, ["Ana", "Bo"])
    assert facts == {"Ana": {"luxury_sales": 3, "karma_played": 0, "rigs_built": 2},
                     "Bo": {"luxury_sales": 1, "karma_played": 1, "rigs_built": 0}}
    assert minutes is None
    assert log_facts(None, ["Ana"]) == (None, None)


def test_step_facts_reads_builds_karma_and_sales_of_the_replayed_version_2_history(tables):
    """Version 2 keeps typed actions and no ledger: the facts come from the replay."""
    from rigs_helper.games.rigs.actions.placement import Build
    from rigs_helper.games.rigs.engine import Outcome
    from rigs_helper.games.rigs.karma.play import KarmaPlay
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.store.historyrigs import step_facts
    from rigs_helper.store.timeline import Step

    game = new_game(["Ana", "Bo"], 7, tables).game

    def step(op, ledger=()):
        out = Outcome(game, (), {"ledger": [dict(zip(("player", "change", "what", "source"),
                                                     row)) for row in ledger]})
        return Step({"action": "x", "n": 2}, game, op, out, game)

    steps = [Step({"action": "checkpoint"}, None, None, None, game),
             step(Build("ana", 2)), step(Build("Bo")),
             step(KarmaPlay("Bo", "x"), [("Bo", -1, "karma", "played")]),
             step(None, [("Ana", -3, "luxuries", "Luxury sale"),
                         ("Ana", 18, "credits", "Luxury sale")]),
             step(None, [("Bo", -1, "luxuries", "last-round sale")])]
    assert step_facts(steps, ["Ana", "Bo"]) == {
        "Ana": {"luxury_sales": 3, "karma_played": 0, "rigs_built": 2},
        "Bo": {"luxury_sales": 1, "karma_played": 1, "rigs_built": 1}}


def test_bgstats_block_escapes_every_value_and_carries_a_qr_code():
    from rigs_helper.forecast.bgstats import link, qr_svg
    from rigs_helper.web.templating import render

    play = {"identity": "sheet:x", "played": "2026-11-25 20:00:00", "duration_min": 90,
            "players": [{"name": "<b>Ana</b>", "net_worth": 10, "winner": True, "rank": 1}]}
    url = link(play)
    assert json.loads(unquote(url.split("data=")[1]))["durationMin"] == 90
    from markupsafe import Markup

    history = {"url": url, "qr_svg": Markup(qr_svg(url)),
               "standing": [{"name": "<b>Ana</b>", "games": 1, "wins": 1, "win_rate": 1.0,
                             "avg_net_worth": 10.0, "best_net_worth": 10}]}
    html = render("final_extras.html", history=history)
    assert "<b>" not in html and "&lt;b&gt;Ana&lt;/b&gt;" in html
    assert "Add this play to BG Stats" in html and "<svg" in html
    assert f'href="{url}"' in html  # the link has nothing to escape: it is URL-encoded


# ---------------------------------------------------------------------------- final screens


def test_the_final_screen_and_the_report_carry_the_bgstats_link_and_the_standing(
        rigs, tmp_path, tables):
    from servehelp import get, serving

    assert rigs("score", SHEET).exit_code == 0  # another game of Ana's, kept before
    path = finished_game(tmp_path / "rigs.toml", 1, GAMES[1], tables)
    with serving(path, tables) as (server, _, _tokens):
        assert "bgstats" not in get(server, "/")[2]  # the End Game draws are not made yet
    assert rigs("score", "-g", path).exit_code == 0
    url = history(rigs, "export", "--bgstats", "2").stdout.strip()
    with serving(path, tables) as (server, _, _tokens):
        code, _, board = get(server, "/")
    assert code == 200
    assert f'<a href="{url}" rel="noopener">Add this play to BG Stats</a>' in board
    assert '<div class="qr"><svg' in board  # the QR code
    standing = board.split('<table class="group-standing">')[1].split("</table>")[0]
    rows = [r for r in standing.split("<tr>") if r.startswith("<td>")]
    # this game's players only, in this game's group only: the sheet's Ana (group "Ana,
    # Ben") is not counted; each with their rating and this game's change
    assert sorted(r.split("</td>")[0][4:] for r in rows) == ["Ana", "Bo", "Zoë"]
    assert "<td>Ana</td><td>1</td>" in standing and "<td>Bo</td><td>1</td>" in standing
    assert "The group over all its games" in standing  # (the group of these players)
    rated = json.loads(history(rigs, "--json", "--group", "ana, bo, zoe").stdout)["players"]
    for r in rated:
        change = f"{r['rating']['mu'] - 25:+.1f}"  # (the group's first game)
        assert f"<td>{r['name']}</td>" in standing
        assert f"<td>{r['rating']['display']} ({change})</td>" in standing
    report = tmp_path / "report.html"
    assert rigs("report", "-g", path, "--html", report).exit_code == 0
    text = report.read_text(encoding="utf-8")
    assert f'<a href="{url}" rel="noopener">Add this play to BG Stats</a>' in text
    # the group's table stacks on a phone (390 px): one labelled line per figure
    table = text.split('<table class="stack group-standing">')[1].split("</table>")[0]
    assert table.count('data-label="Rating"') == 3 and "table.stack caption{display:block" \
        in text


def test_a_game_scored_again_with_other_figures_keeps_its_latest_score(rigs):
    from rigs_helper.store import historydb
    from rigs_helper.store.scorefile import score_file

    play = score_file(SHEET, with_play=True).play
    assert historydb.add(play) == (1, historydb.ADDED)
    assert historydb.add(play) == (1, historydb.KEPT)
    play["players"][0] = {**play["players"][0], "net_worth": 400, "plots": 222}
    assert historydb.add(play) == (1, historydb.UPDATED)  # End Game cards recorded again
    (kept,) = historydb.plays()
    assert kept["players"][0]["net_worth"] == 400 and kept["players"][0]["plots"] == 222
    assert len(kept["players"]) == 2
    r = history(rigs, "add", "--json", SHEET)
    assert json.loads(r.stdout) == {"id": 1, "status": "updated", "group": "Ana, Ben"}
    r = history(rigs, "add", "--json", SHEET)
    assert json.loads(r.stdout) == {"id": 1, "status": "kept", "group": "Ana, Ben"}


def test_a_game_played_command_by_command_keeps_what_its_log_knows(named_game, tables):
    """The scripted 4-player game (tests/named_game.py, scored at its end): the RIGS each
    player built and the Luxuries each sold, counted from the commands typed and what they
    printed, are what the history keeps (the log's sales: the synthetic test above)."""
    import re

    from named_game import WIDE

    from rigs_helper.store import historydb, session

    folder = named_game["dir"][WIDE]
    (play,) = historydb.plays(folder / "history.sqlite")
    game = session.load(folder / "rigs.toml", tables).game
    assert play["kind"] == "game" and play["round"] == 15 and play["leader"] == game.leader
    names = [p.name for p in game.players]
    built = dict.fromkeys(names, 0)
    sold = dict.fromkeys(names, 0)
    sale = re.compile(r"^(.+) sells (?:the last )?(\d+) Luxur")
    for args, code, out, _ in named_game[WIDE]:
        if code == 0 and args[0] == "build":
            built[game.player(args[1]).name] += int(args[2])
        for line in out.splitlines():
            m = sale.match(line.strip())
            if code == 0 and m and args[0] in ("sell", "next"):
                sold[m.group(1)] += int(m.group(2))
    assert sum(built.values()) > 0  # (this game's players grow no Luxuries: none sold)
    kept = {r["name"]: r for r in play["players"]}
    assert {n: kept[n]["rigs_built"] for n in names} == built
    assert {n: kept[n]["luxury_sales"] for n in names} == sold
    assert {n: kept[n]["karma_played"] for n in names} == dict.fromkeys(names, 0)
    assert [r["name"] for r in play["players"]] == names


def test_history_shows_each_rating_with_the_newest_games_change(rigs):
    """`rigs history` shows the change the newest game made to each rating, in brackets,
    as the report and the end screen do (its --json says it as ``change``)."""
    assert rigs("score", SHEET).exit_code == 0
    d = json.loads(history(rigs, "--json").stdout)
    text = history(rigs).stdout
    assert "in brackets the newest game's change" in " ".join(text.split())
    for r in d["players"]:  # the group's first game: the change is all of it from 25
        assert r["change"] == f"{r['rating']['mu'] - 25:+.1f}"
        assert f"{r['rating']['display']} ({r['change']})" in text
    mine = history(rigs, "Ana").stdout
    ana = next(r for r in d["players"] if r["name"] == "Ana")
    assert f"rating {ana['rating']['display']} ({ana['change']})" in mine
