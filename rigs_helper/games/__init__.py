"""The games rigs-helper knows, by the name a game file's ``game =`` key gives (a file
without the key is R.I.G.S.).  This is the one registration: each game is imported only
when asked for."""

from __future__ import annotations

from typing import Any

from rigs_helper.rules.errors import InputError

#: the names `rigs new --rules` takes, the default first
NAMES = ("rigs", "rig")


def get(name: str) -> Any:
    """The game object (rigs_helper.game.protocol.Game) named ``name``."""
    if name == "rig":
        from rigs_helper.games.rig.game import RIG

        return RIG
    if name == "rigs":
        from rigs_helper.games.rigs.game import RIGS

        return RIGS
    raise InputError(f"--rules {name}: no such game (give one of: {', '.join(NAMES)})")
