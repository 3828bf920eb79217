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
