"""The game protocol (rigs_helper/game/protocol.py): R.I.G.S. and RIG are both game
objects the generic parts can use the same way: a first state from settings, its TOML
document and back, the legal list, an action as a log entry and back."""

from __future__ import annotations

import pytest

from rigs_helper.game.play import perform
from rigs_helper.game.protocol import Legal
from rigs_helper.games import NAMES, get
from rigs_helper.rules.errors import InputError


@pytest.mark.parametrize("name", NAMES)
def test_each_game_round_trips_its_state_and_an_action(name):
    game = get(name)
    assert game.name == name and game.version >= 1 and game.definitions
    st = game.new({"players": ["Ana", "Bo"], "seed": 9})
    assert game.decode(game.encode(st), "state") == st
    assert game.players(st) == ["Ana", "Bo"]
    listed = [e for p in game.players(st) for e in game.legal(st, p)]
    assert listed and all(isinstance(e, Legal) for e in listed)
    if name == "rig":
        from rigs_helper.games.rig.actions import Roll

        action = Roll("Ana")
    else:
        from rigs_helper.games.rigs.actions.placement import Build

        action = Build("Ana", 2)
    doc = game.action_doc(action)
    assert doc["action"] == action.name if name == "rig" else doc["action"] == "build"
    assert game.action_from_doc(doc, "log[0]") == action
    if name == "rig":
        after = perform(st, action).state
        assert game.decode(game.encode(after), "state") == after != st


def test_unknown_game_is_one_line():
    with pytest.raises(InputError, match="no such game"):
        get("chess")
