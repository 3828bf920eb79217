"""Whatever waits for a player is listed for that player (CONTRACT, "Exact legal actions"):
an attack played from a phone waits for its victim, whose actions.json lists `answer` with
"take" and each protection card they hold that may answer; `pending` (status --json and
the board) names it; an answer built from the list is accepted and ends the wait.  One
test per Sabotage card that waits, through the page's endpoint."""

from __future__ import annotations

import json

import pytest
from servehelp import get, post, rigs, serving

PROTECTIONS = ("Right Back At You", "Wrong Address")


def _game(path, phase_steps: int = 0, last_call: bool = False):
    """Ana, Bo, Cy (seed 7): Bo has one RIGS on his first plot, surveyed (as is Ana's
    first), and holds both protections; ``phase_steps`` phases later (and Last Call
    open).  Bo's plots."""
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 7, "--game", path)
    for r in ("metal", "supplies"):
        rigs("adjust", "Bo", r, 4, "--why", "a test", "--game", path)
    rigs("build", "Bo", 1, "--game", path)
    first = session.load(path, load_tables()).game.player("Bo").plots[0].id
    rigs("move", "Bo", 1, "--from", "warehouse", "--to", first, "--harvest", "energy",
         "--game", path)
    rigs("survey", "Bo", first, "--game", path)
    rigs("survey", "Ana", session.load(path, load_tables()).game.player("Ana").plots[0].id,
         "--game", path)  # Survey Error turned back lands on a surveyed plot
    for card in PROTECTIONS:
        rigs("adjust", "Bo", "karma", "1", "--card", card, "--why", "dealt", "--game", path)
    for _ in range(phase_steps):
        rigs("next", "--auto", "--game", path)
    if last_call:
        rigs("next", "--game", path)
    return [x.id for x in session.load(path, load_tables()).game.player("Bo").plots]


def _actions(server, token) -> list[dict]:
    return json.loads(get(server, f"/p/{token}/actions.json")[2])["actions"]


@pytest.mark.parametrize("title, phase_steps, last_call", [
    ('"Record Not Found"', 0, False), ("Triangulation Drift", 0, False),
    ("Survey Error", 0, False), ("Incorrect Drivers", 2, False),
    ("You sent it WHERE?!", 2, True)])
def test_a_sabotage_card_played_from_a_phone_lists_its_victims_answers(
        tmp_path, tables, title, phase_steps, last_call):
    game = tmp_path / "rigs.toml"
    bos = _game(game, phase_steps, last_call)
    rigs("adjust", "Ana", "karma", "1", "--card", title, "--why", "dealt", "--game", game)
    with serving(game, tables) as (server, _, tokens):
        play = next(a for a in _actions(server, tokens["Ana"])  # (her own plots: a form
                    if a["action"] == "karma play"  # of their own, with her draw)
                    and a["params"]["title"]["values"] == [title]
                    and set(a["params"]["plot"]["values"]) & set(bos))
        plot = next(x for x in play["params"]["plot"]["values"] if x in bos)
        form = {"action": "karma play", "title": title, "plot": plot}
        if "new_owner" in play["params"]:
            form["new_owner"] = "Cy"
        code, _, body = post(server, tokens["Ana"], form)
        assert code == 200, body
        answers = [a for a in _actions(server, tokens["Bo"]) if a["action"] == "answer"]
        cards = {v for a in answers for v in a["params"]["card"]["values"]}
        assert {"take", *PROTECTIONS} <= cards, answers
        board = json.loads(get(server, "/state.json")[2])
        assert any("Bo answers" in line and title in line for line in board["pending"])
        assert not [a for a in _actions(server, tokens["Cy"]) if a["action"] == "answer"]
        # Right Back At You on a plot card names the card player's plot it lands on
        back = next(a for a in answers if a["params"]["card"]["values"] == [
            "Right Back At You"])
        form = {"action": "answer", "card": "Right Back At You"}
        if "plot" in back["params"]:
            form["plot"] = back["params"]["plot"]["values"][0]
        code, _, body = post(server, tokens["Bo"], form)
        assert code == 200, body
        board = json.loads(get(server, "/state.json")[2])
        assert not any("answers" in line for line in board["pending"])


def test_a_card_played_on_ones_own_plot_resolves_at_once_without_a_wait(tmp_path, tables):
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    _game(game)
    rigs("adjust", "Ana", "karma", "1", "--card", "Triangulation Drift", "--why", "dealt", "--game", game)
    own = session.load(game, tables).game.player("Ana").plots[0].id
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], {
            "action": "karma play", "title": "Triangulation Drift", "plot": own})
        assert code == 200, body
    g = session.load(game, tables).game
    assert g.waits.attack is None
    assert "triangulation-drift" in g.karma.discard


def test_status_json_names_an_answer_waiting(tmp_path, tables):
    game = tmp_path / "rigs.toml"
    plot = _game(game)[0]
    rigs("adjust", "Ana", "karma", "1", "--card", "Survey Error", "--why", "dealt", "--game", game)
    rigs("karma", "play", "Ana", "Survey Error", "--plot", plot, "--wait", "--game", game)
    pending = json.loads(rigs("status", "--json", "--game", game))["pending"]
    assert any(line.startswith("Bo answers Ana's Survey Error") for line in pending)


def test_ruins_played_while_its_players_attack_waits_keeps_the_game_loadable(tmp_path, tables):
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    bos = _game(game)
    for card in ("Ruins", "Survey Error"):
        rigs("adjust", "Ana", "karma", "1", "--card", card, "--why", "dealt", "--game", game)
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], {
            "action": "karma play", "title": "Survey Error", "plot": bos[0]})
        assert code == 200, body
        ruins = next(a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma play"
                     and a["params"]["title"]["values"] == ["Ruins"])
        form = {"action": "karma play", "title": "Ruins"}
        for name, spec in ruins["params"].items():
            if name != "title" and spec.get("required", True):
                form[name] = spec["values"][0] if "values" in spec else str(spec["min"])
        code, _, body = post(server, tokens["Ana"], form)
        assert code == 200, body
        assert session.load(game, tables).game.player("Ana").hand == ()
        code, _, body = post(server, tokens["Bo"], {"action": "answer", "card": "take"})
        assert code == 200, body
    g = session.load(game, tables).game
    assert g.waits.attack is None and "survey-error" in g.karma.discard


def test_constraints_are_listed_for_settle_give_deal_and_the_land_grant(tmp_path, tables):
    from rigs_helper.games.rigs.legal import actions_json
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    _game(game)
    rigs("adjust", "Ana", "karma", "1", "--card", "Da' Roof is on Fire!", "--why", "dealt", "--game", game)
    g = session.load(game, tables).game
    acts = {a["action"]: a for a in actions_json(g, tables, "Ana")["actions"]}
    names = [k for k in acts["give"]["params"] if k != "to"]
    assert acts["give"]["constraints"] == [{"at_least_one": names}]
    propose = acts["deal propose"]
    mine = [k for k in propose["params"] if k != "to" and not k.startswith("for_")]
    back = [k for k in propose["params"] if k.startswith("for_")]
    assert propose["constraints"] == [{"at_least_one": mine}, {"at_least_one": back}]
    assert "karma discard" not in acts  # no discard at will
    from rigs_helper.games.rigs.legal.base import Action, Param

    settle = Action("settle", (Param("energy", min=0, max=3), Param("metal", min=0, max=3)),
                    "Settle", (("energy", "metal"), 3, 3))
    assert settle.as_json()["constraints"] == [{"sum": ["energy", "metal"], "equals": 3}]


def test_a_deal_that_moves_nothing_back_is_refused_alike_at_the_terminal_and_on_a_page(
        tmp_path, tables):
    """A deal proposed names what comes back (a gift is given, `rigs give`, not proposed):
    `deal propose ... --for` naming nothing, no `--for`, and a page's form with every
    amount back empty are refused with the same one line, and nothing is written; the
    list says so (at least one amount back), and offers no deal to a player with nothing
    to give back."""
    from dataclasses import replace

    from typer.testing import CliRunner

    from rigs_helper.cli import app
    from rigs_helper.games.rigs.legal import actions_json
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    _game(game)
    before = game.read_bytes()
    said = ("deal propose: nothing comes back: a deal names what the other player gives in "
            "return (a gift is given, not proposed)")
    for tail in (["--for"], []):
        r = CliRunner().invoke(app, ["deal", "propose", "Ana", "Bo", "credits=5", *tail,
                                     "--game", str(game)])
        assert r.exit_code == 1 and r.stderr.strip() == f"rigs: {said}", r.stderr
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], {
            "action": "deal propose", "to": "Bo", "credits": "5", "for_credits": "",
            "for_energy": "", "for_plot": ""})
    assert code == 422 and json.loads(body)["error"] == said
    assert game.read_bytes() == before
    rigs("deal", "propose", "Ana", "Bo", "credits=5", "--for", "energy=1", "--game", game)
    g = session.load(game, tables).game
    bare = replace(g.player("Cy"), credits=0, energy=0, supplies=0, metal=0, luxuries=0,
                   warehouse_rigs=0, plots=())
    to = [a["params"]["to"]["values"] for a in actions_json(g.with_player(bare), tables,
                                                           "Ana")["actions"]
          if a["action"] == "deal propose"]
    assert ["Bo"] in to and ["Cy"] not in to


def test_a_land_grant_record_offers_types_left_and_caps_repeats(tmp_path, tables):
    from collections import Counter

    from rigs_helper.games.rigs.legal import actions_json
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "-p", "Di", "--seed", 3, "--cards", "table",
         "--game", game)
    for _ in range(3):
        rigs("next", "--auto", "--game", game)
    rigs("next", "--game", game)  # round 2 opens with the Land Grant
    g = session.load(game, tables).game
    assert g.grant
    left = Counter(tables.plot_deck[int(p[1:]) - 1] for p in g.grant + g.plot_deck)
    rec = next(a for a in actions_json(g, tables, g.leader)["actions"]
               if a["label"] == "Land Grant: record the plots drawn")
    card = rec["params"]["card"]
    assert set(card["values"]) == set(left) and card["repeat"] and card["record"] == "card"
    few = {t: k for t, k in left.items() if k < len(g.grant)}
    assert rec.get("constraints", []) == ([{"at_most": few, "param": "card"}] if few else [])
    most = max(left, key=left.get)  # the same type again and again, as far as it goes
    form = [most] * min(len(g.grant), left[most])
    form += [t for t in left if t != most][:len(g.grant) - len(form)]
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens[g.leader], {"action": "grant", "card": form})
        assert code == 200, body


def test_warehouse_insurance_is_listed_after_a_loss_and_accepted(tmp_path, tables):
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 7, "--game", game)
    rigs("adjust", "Ana", "karma", "1", "--card", "Da' Roof is on Fire!", "--why", "dealt", "--game", game)
    rigs("adjust", "Bo", "karma", "1", "--card", "Warehouse Insurance", "--why", "dealt", "--game", game)
    with serving(game, tables) as (server, _, tokens):
        insured = [a for a in _actions(server, tokens["Bo"]) if a["action"] == "karma play"
                   and "Warehouse Insurance" in a["params"]["title"]["values"]]
        assert not insured  # nothing lost yet
        code, _, body = post(server, tokens["Ana"], {
            "action": "karma play", "title": "Da' Roof is on Fire!", "target": "Bo"})
        assert code == 200, body
        # Bo draws for it at the table: the card waits for Bo's record ("virtual" here)
        code, _, body = post(server, tokens["Bo"], {"action": "answer", "card": "take",
                                                    "drew": "virtual"})
        assert code == 200, body
        lost = session.load(game, tables).game.player("Bo").energy
        insured = [a for a in _actions(server, tokens["Bo"]) if a["action"] == "karma play"
                   and "Warehouse Insurance" in a["params"]["title"]["values"]]
        assert insured
        code, _, body = post(server, tokens["Bo"], {
            "action": "karma play", "title": "Warehouse Insurance"})
        assert code == 200, body
    assert session.load(game, tables).game.player("Bo").energy > lost
