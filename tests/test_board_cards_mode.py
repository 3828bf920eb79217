"""The board says at a glance who holds the cards and who rolls the dice (`rigs new
--cards rigs|table`, `--dice`, a partial set `--have`): the line beside the leader."""

from __future__ import annotations

import re

import pytest
from conftest import EXAMPLES


def _board(path, tables) -> str:
    """The board's line saying who holds the cards, from the board's own facts."""
    from rigs_helper.store import session
    from rigs_helper.web.pages import board_data, board_html
    from rigs_helper.web.snapshot import Snapshot

    d = board_data(Snapshot("x", session.load(path, tables)), path, tables)
    m = re.search(r'id="held">· ([^<]*)<', board_html(d, tables, ""))
    assert m
    return m.group(1)


@pytest.mark.parametrize("args, said", [
    ((), "Cards: rigs deals every card · Dice: rigs rolls the dice"),
    (("--cards", "table", "--dice", "table"),
     "Cards: the table draws and records its own cards · Dice: the table rolls the dice"),
    (("--have", EXAMPLES / "inventory-every-deck.toml"),
     "Cards: the table records the group's cards, rigs deals the rest (missing: "),
])
def test_the_board_says_who_holds_the_cards(args, said, rigs, tmp_path, tables):
    path = tmp_path / "g.toml"
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", *map(str, args), "--game",
             path)
    assert r.exit_code == 0, r.output
    line = _board(path, tables).replace("&#39;", "'")
    assert line.startswith(said), line
