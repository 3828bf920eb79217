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
    """Ana, Bo, Cy (seed 7): Bo has one RIGS on his first plot, surveyed (as is Ana's first), and holds both
    protections; ``phase_steps`` phases later (and Last Call open).  Bo's plots."""
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
        rigs("karma", "draw", "Bo", "--card", card, "--game", path)
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
    rigs("karma", "draw", "Ana", "--card", title, "--game", game)
    with serving(game, tables) as (server, _, tokens):
        play = next(a for a in _actions(server, tokens["Ana"])
                    if a["action"] == "karma play"
                    and a["params"]["title"]["values"] == [title])
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
    rigs("karma", "draw", "Ana", "--card", "Triangulation Drift", "--game", game)
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
    rigs("karma", "draw", "Ana", "--card", "Survey Error", "--game", game)
    rigs("karma", "play", "Ana", "Survey Error", "--plot", plot, "--wait", "--game", game)
    pending = json.loads(rigs("status", "--json", "--game", game))["pending"]
    assert any(line.startswith("Bo answers Ana's Survey Error") for line in pending)
