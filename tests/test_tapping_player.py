"""Played by people (issue #38): a player who taps only what a person sees (tests/tapper.py)
plays the first three rounds of a 2-player game where rigs deals the cards and of a
3-player game where the table holds a partial set and rolls the dice, in a real browser at
390×844 (one tab per phone, kept open as a phone is, and the board); after every tap no
4xx/5xx, every field labelled once and whole, and the decision shown is the player's
pending; every other phone and the board show each tap's outcome."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from browserhelp import start_browser
from randomplayer import new_game
from servehelp import serving
from tapper import CHECKS, WATCH, Tapper

pytestmark = pytest.mark.browser
PARTIAL = Path(__file__).parent.parent / "examples" / "inventory-partial.toml"


@pytest.fixture
def one_browser(chromium):
    """The test process's one Chromium (tests/conftest.py ``chromium``: starting one costs
    seconds), a fresh tab for each test."""
    return chromium.fresh()


@pytest.mark.slow  # two browser games of three rounds: started first
@pytest.mark.parametrize("names,dice,have", [
    (["Ana", "Bo"], "rigs", None),
    (["Ana", "Bo", "Cy"], "table", PARTIAL),
], ids=["2p-cards-rigs", "3p-cards-table-dice-table-partial"])
def test_a_tapping_player_plays_the_first_three_rounds(names, dice, have, one_browser,
                                                       tmp_path, tables):
    from rigs_helper.store import session

    game = new_game(tmp_path, names, 21, dice, have)
    cards = "rigs" if have is None else "table"
    assert session.load(game, tables).game.cards == cards
    with serving(game, tables) as (_, base, tokens):
        tapper = Tapper(one_browser, base, tokens, game, tables, random.Random(3),
                        board=True)
        try:
            report = tapper.play(4)
        finally:
            tapper.close()
    g = session.load(game, tables).game
    assert g.round >= 4, (g.round, g.phase, report.problems())
    assert report.problems() == []
    assert report.intentions["done"] >= 3 * len(names)
    # every state a tap made reached the board and the other phones
    assert len(tapper.latencies["board"]) >= report.intentions["done"]
    assert len(tapper.latencies["phones"]) >= report.intentions["done"]


PAGE = """<!doctype html><meta name=viewport content="width=device-width">
<body><main data-etag="v1"><div id="decisions"><div class="decision"><h3>Pay</h3>
<form class="act" onsubmit="event.preventDefault()">
<input type="hidden" name="action" value="pay">
<label style="display:block;width:5rem;white-space:nowrap;overflow:hidden"
>A label far too long for its place<select name="a"><option value="">-</option></select></label>
<label>Same<input name="b"></label><label>Same<input name="c"></label>
<input name="d"><button type="submit">Send</button></form></div></div>
<div style="position:fixed;inset:0;z-index:9"></div></main></body>"""


def test_the_tapping_player_notices_what_a_person_would(one_browser):
    """The tapper's checks are not blind: on a page with a field without a label, two
    fields of a form with one label, a cut label, a button under something else and a
    decision three screens high, one look (and one tap) finds each."""
    import urllib.parse

    one_browser.get("data:text/html," + urllib.parse.quote(PAGE))
    one_browser.execute_script(WATCH)
    look = one_browser.execute_script("return window.__tapper.look()")
    found = {k: test(look) for k, test in CHECKS.items()}
    assert found == {"unlabelled": ["pay: d"], "duplicated": ["pay: 'Same'"],
                     "cut": ["pay: 'A label far too long for its place'"], "tall": []}
    one_browser.execute_script("var d = document.getElementById('decisions');"
                               "d.style.height = (3 * window.innerHeight) + 'px';")
    tall = CHECKS["tall"](one_browser.execute_script("return window.__tapper.look()"))
    assert len(tall) == 1 and "px high" in tall[0]  # a decision over two screens
    covered = one_browser.execute_script(
        "return window.__tapper.tapped(document.querySelector('button'))")
    assert covered == ["Send under DIV"]


DIE = """<!doctype html><body data-answers="0"><main data-etag="v1"><div id="decisions">
<div class="decision"><h3>A tie for Expedition Leader: roll a die</h3>
<form class="act" onsubmit="event.preventDefault(); window.__rolled.push(
  event.submitter.value); document.body.setAttribute('data-answers', window.__rolled.length)">
<input type="hidden" name="action" value="roll"><fieldset><legend>What did you roll?</legend>
<div class="taps dice">BUTTONS</div></fieldset></form></div></div></main>
<script>window.__rolled = [];</script></body>""".replace("BUTTONS", "".join(
    f'<button type="submit" name="die" value="{v}" formnovalidate>{v}</button>'
    for v in range(1, 7)))


def test_the_tapping_player_rolls_any_face_of_a_die(one_browser):
    """A field answered by one tap of its buttons (the die the table rolled) gets any of
    them: with the first button always, a tie for Expedition Leader was rolled 1 against
    1 forever."""
    import urllib.parse

    one_browser.get("data:text/html," + urllib.parse.quote(DIE))
    one_browser.execute_script(WATCH)
    for seed in range(1, 13):
        res = one_browser.execute_async_script(
            "window.__tapper.act('v1', arguments[0], 1000).then(arguments[1])", seed)
        assert (res["kind"], res["answered"], res["taps"]) == ("roll", True, 1)
    assert len(set(one_browser.execute_script("return window.__rolled"))) >= 4
