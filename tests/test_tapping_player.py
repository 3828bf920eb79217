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
from tapper import Tapper

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
