"""Acting from a player's page: the capability link is the credential, the page's player
is always the one acting, a request id acts once, another site's form is refused, and
every action goes through the CLI's own lock, check, save and log."""

from __future__ import annotations

import json
import threading

import pytest

from rigs_helper.games.rigs.state import OWED_DRAW
from servehelp import (
    ana_to_p1,
    get,
    hands,
    post,
    rigs,
    secret_game,
    serving,
    table_game,
)


@pytest.fixture
def game(tmp_path):
    return table_game(tmp_path / "rigs.toml")


def state(path, tables):
    from rigs_helper.store import session

    return session.load(path, tables).game


def logged(path, tables) -> list[dict]:
    from rigs_helper.store import session

    return session.history(path, tables)


def test_a_phone_acts_as_its_player_and_the_log_says_which_phone(game, tables):
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], ana_to_p1())
    answer = json.loads(body)
    assert code == 200 and answer["ok"] is True and answer["request_id"] == "r1"
    g = state(game, tables)
    p1 = next(p for p in g.player("Ana").plots if p.id == "P1")
    assert p1.rigs == 1 and p1.harvest == "energy"
    last = logged(game, tables)[-1]
    assert last["action"].startswith("move Ana") and last["source"] == "Ana's phone"
    assert "(from Ana's phone)" in rigs("log", "--game", game)


def test_anas_link_cannot_act_for_bo(game, tables):
    before = game.read_bytes()
    with serving(game, tables) as (server, _, tokens):
        ana = tokens["Ana"]
        for fields in ({**ana_to_p1(), "player": "Bo"},  # naming another player
                       {**ana_to_p1(), "to": "P22"},  # Bo's plot
                       {"action": "vinnie borrow", "resource": "energy", "n": "1",
                        "request_id": "x", "player": "Bo"}):
            code, _, body = post(server, ana, fields)
            answer = json.loads(body)
            assert code == 422 and answer["ok"] is False, fields
            assert "\n" not in answer["error"] and answer["error"]
    assert game.read_bytes() == before


def test_a_replayed_request_id_acts_once_and_gets_the_first_answer(game, tables):
    with serving(game, tables) as (server, _, tokens):
        first = post(server, tokens["Ana"], ana_to_p1("same"))
        again = post(server, tokens["Ana"], ana_to_p1("same"))
        # a double tap: the same id sent twice at once
        fields = {"action": "vinnie borrow", "resource": "energy", "n": "1",
                  "request_id": "tap"}
        answers = []
        threads = [threading.Thread(target=lambda: answers.append(
            post(server, tokens["Bo"], fields))) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
    assert first[0] == again[0] == 200 and first[2] == again[2]
    assert [a[0] for a in answers] == [200, 200] and answers[0][2] == answers[1][2]
    g = state(game, tables)
    assert next(p for p in g.player("Ana").plots if p.id == "P1").rigs == 1
    assert dict(g.player("Bo").vinnie).get("energy") == 1
    assert [e["action"].split()[0] for e in logged(game, tables)[1:]] == ["move", "vinnie"]


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
    {"Origin": "http://127.0.0.1:1"},
    {"Origin": None, "Sec-Fetch-Site": "cross-site"},
    {"Host": "evil.example"},
    {"Host": "evil.example", "Origin": "http://evil.example"},
])
def test_a_form_from_another_origin_or_host_is_refused(game, tables, headers):
    before = game.read_bytes()
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], ana_to_p1(), headers=headers)
    assert (code, body) == (403, "Forbidden\n")
    assert game.read_bytes() == before


def test_an_unknown_token_is_a_bare_404(game, tables):
    before = game.read_bytes()
    with serving(game, tables) as (server, _, tokens):
        for token in ("nope", tokens["Ana"] + "x", tokens["Ana"][:-1]):
            assert post(server, token, ana_to_p1())[::2] == (404, "Not found\n")
            assert get(server, f"/p/{token}/actions.json")[::2] == (404, "Not found\n")
    assert game.read_bytes() == before


def test_a_plain_form_is_answered_303_back_to_the_page_showing_the_outcome(game, tables):
    with serving(game, tables) as (server, _, tokens):
        ana = tokens["Ana"]
        code, headers, _ = post(server, ana, ana_to_p1("plain"), json_answer=False)
        assert code == 303 and headers["Location"] == f"/p/{ana}?r=plain#outcome"
        page = get(server, headers["Location"].split("#")[0])[2]
        assert 'class="outcome good"' in page and "Ana moves" in page
        code, headers, _ = post(server, ana, {**ana_to_p1("bad"), "to": "P22"},
                                json_answer=False)
        page = get(server, headers["Location"].split("#")[0])[2]
        assert code == 303 and 'class="outcome bad"' in page
        # another player's page never shows Ana's outcome
        assert "outcome good" not in get(server, f"/p/{tokens['Bo']}?r=plain")[2]


def test_a_form_made_stale_by_another_action_is_refused_in_one_line(game, tables):
    with serving(game, tables) as (server, _, tokens):
        listed = json.loads(get(server, f"/p/{tokens['Ana']}/actions.json")[2])
        survey = next(a for a in listed["actions"] if a["action"] == "survey")
        assert "P1" in survey["params"]["plot"]["values"]
        rigs("survey", "Ana", "P1", "--card", "2", "--game", game)  # the CLI, meanwhile
        before = game.read_bytes()
        code, _, body = post(server, tokens["Ana"], {"action": "survey", "plot": "P1",
                                                     "card": "1", "request_id": "s"})
    answer = json.loads(body)
    assert code == 422 and "survey" in answer["error"] and "\n" not in answer["error"]
    assert game.read_bytes() == before


def test_four_phones_and_a_cli_writer_at_once_lose_nothing(game, tables):
    from typer.testing import CliRunner

    from rigs_helper.cli import app

    names = ["Ana", "Bo", "Cy", "Di"]
    codes: list[int] = []
    with serving(game, tables) as (server, _, tokens):
        def phone(name: str) -> None:
            for i in range(3):
                codes.append(post(server, tokens[name], {
                    "action": "vinnie borrow", "resource": "energy", "n": "1",
                    "request_id": f"{name}-{i}"})[0])

        threads = [threading.Thread(target=phone, args=(n,)) for n in names]
        for t in threads:
            t.start()
        runner = CliRunner()
        for _ in range(6):
            r = runner.invoke(app, ["adjust", "Ana", "credits", "1", "--why", "at once",
                                    "--game", str(game)])
            assert r.exit_code == 0, r.output
        for t in threads:
            t.join(60)
    assert codes == [200] * 12
    g = state(game, tables)
    assert all(dict(g.player(n).vinnie).get("energy") == 3 for n in names)
    assert all(g.player(n).energy == 8 for n in names)
    assert g.player("Ana").credits == 106
    sources = [e.get("source") for e in logged(game, tables)[1:]]
    assert sorted(s for s in sources if s) == sorted(f"{n}'s phone" for n in names
                                                     for _ in range(3))
    assert sources.count(None) == 6


def test_actions_json_is_this_players_and_tells_nothing_of_another_hand(tmp_path, tables):
    game = secret_game(tmp_path / "rigs.toml")
    with serving(game, tables) as (server, _, tokens):
        seen = {}
        for name, token in tokens.items():
            code, headers, body = get(server, f"/p/{token}/actions.json")
            d = json.loads(body)
            assert code == 200 and headers["Cache-Control"] == "no-store"
            assert d["player"] == name and d["actions"]
            seen[name] = d
        before = hands(game, tables)
        rigs("adjust", "Bo", "karma", "2", "--why", "dealt", "--game", game)  # Bo's hand changes
        assert hands(game, tables)["Bo"] != before["Bo"]
        for name in ("Ana", "Cy"):  # what Ana and Cy may do does not show it
            assert json.loads(get(server, f"/p/{tokens[name]}/actions.json")[2]) \
                == seen[name], name


def test_the_leader_can_end_the_phase_and_no_one_else(game, tables):
    leader = state(game, tables).leader
    other = next(n for n in ("Ana", "Bo", "Cy", "Di") if n != leader)
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens[other], {"action": "next", "request_id": "n"})
        assert code == 422 and "leader" in json.loads(body)["error"]
        assert state(game, tables).phase == "player"
        code, _, body = post(server, tokens[leader], {"action": "next", "request_id": "n"})
    assert code == 200 and json.loads(body)["ok"]
    assert state(game, tables).phase == "disaster"
    assert logged(game, tables)[-1]["action"].startswith("next")
    assert logged(game, tables)[-1]["source"] == f"{leader}'s phone"


def test_the_phase_ends_by_itself_when_every_player_is_done(game, tables):
    names = ["Ana", "Bo", "Cy", "Di"]
    with serving(game, tables) as (server, _, tokens):
        for i, name in enumerate(names):
            assert state(game, tables).phase == "player", name  # not before the last
            code, _, body = post(server, tokens[name], {"action": "done",
                                                        "request_id": f"d{i}"})
            assert code == 200, body
        board = json.loads(get(server, "/state.json")[2])
    g = state(game, tables)
    assert g.phase == "disaster" and board["phase"] == "disaster"
    actions = [e["action"] for e in logged(game, tables)[1:]]
    assert [a.split()[0] for a in actions] == ["done"] * 4 + ["next"]
    assert logged(game, tables)[-1]["source"] == "the phones (everyone done)"
    assert "Disaster Phase" in " ".join(json.loads(body)["said"])


def test_the_last_done_from_a_phone_does_not_suggest_rigs_next_once_the_phase_ended(
        game, tables):
    with serving(game, tables) as (server, _, tokens):
        for i, name in enumerate(["Ana", "Bo", "Cy", "Di"]):
            code, _, body = post(server, tokens[name], {"action": "done",
                                                        "request_id": f"d{i}"})
            assert code == 200, body
    said = json.loads(body)["said"]
    assert state(game, tables).phase == "disaster"
    assert said[0] == "Di is done with the Player Phase; everyone is done."
    assert not any("rigs next" in line for line in said)


def test_only_the_victim_answers_an_attack_and_only_from_their_own_page(tmp_path, tables):
    from roundplay import PHONES, start

    game = start(tmp_path / "rigs.toml")
    attack = next(i for i, (_, f) in enumerate(PHONES) if f["action"] == "karma play")
    with serving(game, tables) as (server, _, tokens):
        for i, (name, form) in enumerate(PHONES[:attack + 1]):
            assert post(server, tokens[name], {**form, "request_id": f"r{i}"})[0] == 200
        waiting = json.loads(get(server, "/state.json")[2])["waiting_for"]
        assert {"player": "Bo", "what": "answer to I WANT THAT!"} in waiting
        before = game.read_bytes()
        for name in ("Ana", "Cy", "Di"):  # Ana's link cannot answer for Bo, nor Cy's
            for j, form in enumerate(({"action": "answer", "card": "take"},
                                      {"action": "answer", "card": "Wrong Address"},
                                      {"action": "answer", "card": "take", "player": "Bo"})):
                code, _, body = post(server, tokens[name], {**form, "request_id": f"x{j}"})
                assert code == 422 and json.loads(body)["ok"] is False, (name, form)
        assert game.read_bytes() == before
        code, _, body = post(server, tokens["Bo"], {"action": "answer",
                                                    "card": "Wrong Address",
                                                    "request_id": "bo"})
    assert code == 200 and "Bo answers with Wrong Address" in body
    assert state(game, tables).waits.attack is None


def test_the_leaders_page_records_the_market_card_drawn(game, tables):
    leader = state(game, tables).leader
    with serving(game, tables) as (server, _, tokens):
        for i in range(3):  # Player -> Disaster -> Production -> Last Call
            assert post(server, tokens[leader], {"action": "next", "request_id": f"n{i}"}
                        )[0] == 200
            for name in state(game, tables).waits.disasters:  # each records their own
                assert post(server, tokens[name], {"action": "disaster record",
                                                   "card": "virtual"})[0] == 200
            for p in state(game, tables).players:  # and the Karma card a Disaster owes
                if p.disaster_draw == OWED_DRAW:
                    assert post(server, tokens[p.name], {"action": "karma draw",
                                                         "card": "virtual"})[0] == 200
        listed = json.loads(get(server, f"/p/{tokens[leader]}/actions.json")[2])
        end = next(a for a in listed["actions"] if a["action"] == "next")
        assert "card" in end["params"]  # this phase change draws the Market card
        code, _, body = post(server, tokens[leader], {"action": "next", "card": "6",
                                                      "request_id": "m"})
    assert code == 200, body
    g = state(game, tables)
    assert g.phase == "market" and g.market.price == 6
