"""RIG on `rigs serve`: the board and each player's page (both queues and Rigs public,
each page with its player's controls), and random games played through the pages' API
(the forms each page offers, posted as that player) to the end, the stored log replaying
to the stored state."""

from __future__ import annotations

import http.client
import json
import random
import re
from urllib.parse import urlencode

import pytest
from righelp import random_form, serving

from rigs_helper.game.play import replay
from rigs_helper.games import get
from rigs_helper.store import gamestore
from rigs_helper.web.rigpages import decisions


@pytest.fixture
def served(tmp_path, rigs):
    path = tmp_path / "rig.toml"
    assert rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--seed", "21",
                "-g", path).exit_code == 0
    with serving(path) as (tokens, port):
        yield path, tokens, port


def call(port, method, target, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Host": f"127.0.0.1:{port}"}
    if body is not None:
        headers.update({"Origin": f"http://127.0.0.1:{port}", "Accept": "application/json",
                        "Content-Type": "application/x-www-form-urlencoded"})
    c.request(method, target, body=urlencode(body, doseq=True) if body else None,
              headers=headers)
    r = c.getresponse()
    out = r.status, r.read().decode()
    c.close()
    return out


def test_board_and_pages_show_both_queues_and_each_players_controls(served):
    path, tokens, port = served
    code, board = call(port, "GET", "/")
    assert code == 200 and 'data-player="Ana"' in board and 'data-player="Bo"' in board
    assert "<form" not in board  # the board has no controls
    code, page = call(port, "GET", f"/p/{tokens['Ana']}")
    assert code == 200 and "Roll for me" in page and 'data-player="Bo"' in page
    code, d = call(port, "GET", f"/p/{tokens['Bo']}/state.json")
    assert code == 200 and json.loads(d)["game"] == "rig"
    assert call(port, "GET", "/p/nottoken")[0] == 404


def test_rig_pages_long_poll_is_held_until_a_tap_changes_the_game(served, monkeypatch):
    """The pages' poll (``?wait=1`` naming the version shown: templates/live.js asks for
    the page itself, the JSON answers it too, tested here)
    is held until the game changes, as R.I.G.S.'s is (web/server.py): answered at once it
    made each RIG page ask again every 300 ms; a tap answers it with the new version, and
    with nothing changed it ends in 304."""
    import threading
    import time

    from rigs_helper.web import slots

    monkeypatch.setattr(slots, "WAIT_SECONDS", 0.6)
    path, tokens, port = served
    target = f"/p/{tokens['Bo']}/state.json"

    def poll(tag: str):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        c.request("GET", target + "?wait=1",
                  headers={"Host": f"127.0.0.1:{port}", "If-None-Match": tag})
        r = c.getresponse()
        out = r.status, r.getheader("ETag"), r.read()
        c.close()
        return out

    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", target, headers={"Host": f"127.0.0.1:{port}"})
    tag = c.getresponse().getheader("ETag")
    c.close()
    started = time.monotonic()
    assert poll(tag)[0] == 304 and time.monotonic() - started >= 0.5  # held, then 304
    got: dict = {}
    held = threading.Thread(target=lambda: got.update(answer=poll(tag)))
    held.start()
    time.sleep(0.3)
    assert held.is_alive()  # nothing changed yet: held
    assert call(port, "POST", f"/p/{tokens['Ana']}/act",
                {"action": "roll", "virtual": "1"})[0] == 200
    held.join(10)
    status, new_tag, body = got["answer"]
    assert status == 200 and new_tag != tag and json.loads(body)["game"] == "rig"


def test_a_refused_form_is_one_line_and_changes_nothing(served):
    path, tokens, port = served
    before = path.read_bytes()
    code, body = call(port, "POST", f"/p/{tokens['Ana']}/act", {"action": "pop"})
    assert code == 409 and "cannot pop now" in json.loads(body)["error"]
    code, body = call(port, "POST", f"/p/{tokens['Ana']}/act",
                      {"action": "roll", "face1": "red", "face2": "blue", "face3": "blue",
                       "face4": "gold"})
    assert code == 409 and "red+ or red-" in json.loads(body)["error"]
    assert path.read_bytes() == before


def test_random_rig_games_through_the_pages_reach_the_end(served):
    path, tokens, port = served
    rig = get("rig")
    for game in range(2):
        if game:
            path.unlink()
            gamestore.create(path, "rig", {"players": ["Ana", "Bo"], "seed": 100 + game,
                                           "tokens": 4, "dice": "rigs"}, force=False)
        r = random.Random(game)
        for _ in range(1000):
            st = gamestore.load(path).state
            if st.step == "over":
                break
            options = [(name, d) for name in ("Ana", "Bo") for d in decisions(st, name)]
            name, dec = r.choice(options)
            code, body = call(port, "POST", f"/p/{tokens[name]}/act", random_form(dec, r))
            assert code in (200, 409), body
            if code == 409:  # a random form may break a rule: refused, the file as it was
                assert gamestore.load(path).state == st
        loaded = gamestore.load(path)
        assert loaded.state.step == "over"
        assert replay(rig.new(loaded.settings), loaded.actions) == loaded.state
        code, page = call(port, "GET", f"/p/{tokens['Bo']}")
        assert code == 200 and re.search(r'id="winner">[^<]*(wins|draw)', page)


def test_any_posted_form_is_answered_never_a_5xx(served):
    path, tokens, port = served
    r = random.Random(5)
    values = ["", "1", "9", "-1", "x", "Bo:2", "die:Bo:1", "token:Ana:1", "die:Cy:1", "red-",
              "rotor", "steal", "gold", "component", "é", "0" * 40]
    for _ in range(60):
        form = {"action": r.choice(["roll", "cancel", "pop", "take", "flip", "extra",
                                    "steal", "nothing", ""])}
        for key in r.sample(["virtual", "face1", "face2", "face3", "face4", "die", "slot1",
                             "slot2", "target", "token"], 4):
            form[key] = r.choice(values)
        code, body = call(port, "POST", f"/p/{tokens[r.choice(['Ana', 'Bo'])]}/act", form)
        assert code in (200, 409), (form, code, body)
        assert "error" in json.loads(body) or json.loads(body)["ok"]
