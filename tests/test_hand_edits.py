"""Hand edits of the game file that break the books are reported, naming the key."""

from __future__ import annotations

import pytest


@pytest.fixture
def game(rigs, tmp_path):
    path = tmp_path / "g.toml"
    r = rigs("new", "--player", "Ana", "--player", "Bo", "--seed", "4", "--game", path)
    assert r.exit_code == 0, r.output
    return path


@pytest.mark.parametrize("old, new, key", [
    ("round = 1\n", "round = 5\n", "key 'round'"),      # 0 Market cards drawn by round 5
    ('leader = "', 'leader = "X', "key 'leader'"),       # not a player
    ("credits = 100\n", "credits = -5\n", "credits"),   # negative holding
    ('phase = "player"', 'phase = "lunch"', "key 'phase'"),
])
def test_broken_hand_edit_is_named(rigs, game, old, new, key):
    text = game.read_text()
    assert old in text
    game.write_text(text.replace(old, new, 1))
    r = rigs("status", "--game", game)
    assert r.exit_code == 1
    assert key in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_a_harmless_hand_edit_is_accepted(rigs, game):
    # a group fixes a miscount: Ana really has 7 Energy
    text = game.read_text()
    game.write_text(text.replace("energy = 5\n", "energy = 7\n", 1))
    r = rigs("status", "Ana", "--json", "--game", game)
    assert r.exit_code == 0, r.output
    assert '"energy": 7' in r.stdout


def test_a_multi_line_array_in_the_history_is_not_taken_for_a_hand_edited_state(tmp_path):
    """The history may hold multi-line arrays (private notes): a line "    [" is not a
    table header, so the state part is still read alone and a damaged entry is named."""
    from rigs_helper.store.gamefile import split_text
    from rigs_helper.store.historytext import MARKER

    head = 'version = 1\n'
    tail = (MARKER + '\n\n[[log]]\nn = 1\nprivate = [\n    [\n        "Bo",\n'
            '        "b64:eA==",\n    ],\n]\n')
    assert split_text(head + tail) == (head, tail)
    moved = MARKER + "\n\n[market]\nprice = 4\n"  # a real header below the marker
    assert split_text(head + moved) == (head + moved, "")


def test_a_karma_count_that_does_not_add_up_names_cards_by_title(rigs, tmp_path):
    import re

    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    assert rigs("adjust", "Ana", "karma", "1", "--card", "Decoy", "--why", "dealt", "-g", path).exit_code == 0
    text = path.read_text()
    code = re.search(r'^hand = "([0-9a-f]+)"$', text, re.M).group(1)
    edited = code[:-1] + ("1" if code[-1] != "1" else "2")  # another card in Ana's hand
    path.write_text(text.replace(f'hand = "{code}"', f'hand = "{edited}"', 1))
    r = rigs("doctor", "-g", path)
    assert "the karma cards do not add up" in r.stdout
    assert "missing Decoy x1" in r.stdout
    assert not re.search(r"\b[a-z]+-[a-z]+", r.stdout.split("do not add up")[1])  # no keys
