"""`rigs new --dice table` (issue 17 item 3; CONTRACT.md "Third wave"): the table rolls
every die.  Stored in the game file, shown by `status`; a roll the game needs and was not
given is an open choice (exit 3) naming the command that records it; rigs never rolls."""

from __future__ import annotations

import json
import re

import pytest
import scripted_game

from rigs_helper.store import session

ASKED = re.compile(r"`rigs (.+?) --roll (?:(\S+)=)?N`")


def _table(rigs, asked: list[str]):
    """``invoke`` for scripted_game.play: a game started with --dice table; each roll
    asked for is rolled (a fixed sequence of faces) and the named command run again."""
    faces = iter([3, 5, 2, 6, 1, 4] * 200)

    def invoke(*args):
        if args[0] == "new":
            args = (*args[:-2], "--dice", "table", *args[-2:])
        r = rigs(*args)
        while r.exit_code == 3 and ASKED.search(r.stderr):
            m = ASKED.search(r.stderr)
            asked.append(m.group(0))
            roll = f"{m.group(2)}={next(faces)}" if m.group(2) else str(next(faces))
            args = (*args[:-2], "--roll", roll, *args[-2:])
            r = rigs(*args)
        return r.exit_code, r.stdout, r.stderr

    return invoke


@pytest.mark.slow
def test_table_dice_game_never_rolled_by_rigs(rigs, tmp_path, tables):
    path = tmp_path / "g.toml"
    asked: list[str] = []
    invoke = _table(rigs, asked)
    typed = scripted_game.play(invoke, path, tables, rounds=15)
    g = session.load(path, tables).game
    assert g.dice == "table" and g.game_over
    code, out, err = invoke("score", "--game", str(path))  # the End Game dice
    assert code == 0, err
    text = "\n".join(out + err for _, _, out, err in typed) + out
    assert "rolled by rigs" not in text
    assert any("`rigs score --roll " in a for a in asked)
    s = json.loads(rigs("status", "--json", "--game", path).stdout)
    assert s["dice"] == "table"
    assert "the table rolls every die" in rigs("status", "--game", path).stdout


def test_table_dice_asks_for_a_karma_die_and_changes_nothing(rigs, tmp_path):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "7", "--dice", "table", "--game",
                path).exit_code == 0
    assert rigs("adjust", "Ana", "karma", "1", "--card", "Winning Raffle Ticket", "--why", "dealt", "--game",
                path).exit_code == 0
    before = path.read_bytes()
    r = rigs("karma", "play", "Ana", "Winning Raffle Ticket", "--game", path)
    assert r.exit_code == 3 and path.read_bytes() == before
    assert "`rigs karma play Ana 'Winning Raffle Ticket' --roll Ana=N`" in r.stderr
    r = rigs("karma", "play", "Ana", "Winning Raffle Ticket", "--roll", "Ana=4", "--game",
             path)
    assert r.exit_code == 0 and "rolled by rigs" not in r.stdout


def test_dice_rigs_is_the_default(rigs, tmp_path):
    path = tmp_path / "g.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "7", "--game", path)
    assert json.loads(rigs("status", "--json", "--game", path).stdout)["dice"] == "rigs"
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--dice", "dealer", "--game", tmp_path / "x")
    assert r.exit_code != 0 and "--dice dealer" in r.stderr


def test_a_die_the_rules_ask_for_carries_the_operation_and_names_no_hand_card(tables):
    """The rules hand the operation that needs a die to whoever asks (the terminal renders
    the command to run again from its typed fields: `cli/rigscli.act`); their own words name
    no command a page would show, and no private value."""
    from rigs_helper.games.rigs.actions.catalog import build_action
    from rigs_helper.games.rigs.dice import DieNeeded
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.web.words import words

    g = new_game(["Ana", "Bo"], 3, tables, dice="table").game
    g = perform(g, build_action("adjust", "Ana", {"what": "karma", "delta": "1",
                                                 "card": ["Rough Storm"], "why": "dealt"}), tables).game
    op = build_action("karma play", "Ana", {"title": "Rough Storm", "drew": ["Bo=Decoy"],
                                            "roll": ["Ana=6"]})
    try:
        perform(g, op, tables)
    except DieNeeded as err:
        assert err.op == op and err.command is None
        assert "Decoy" not in str(err) and "rigs " not in str(err)
        assert words(str(err)) == "waiting for a choice: the table rolls a die for Bo " \
            f"({err.why})"
    else:
        raise AssertionError("no die asked for")
