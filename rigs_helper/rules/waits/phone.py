"""The operation a player's own device makes for what the CLI builds.  No I/O.

From a phone, decisions wait for the player they belong to: a Karma card waits for every
victim's answer (`karma play --wait`), and the end of the Player Phase leaves each player
to record their own Disaster card (`next --wait`).  Everything else is the CLI's operation
as it is.
"""

from __future__ import annotations

from rigs_helper.rules.engine import Op
from rigs_helper.rules.karma.play import KarmaPlay
from rigs_helper.rules.phases.nextphase import NextPhase
from dataclasses import replace
from rigs_helper.rules.state import Game
from rigs_helper.rules.waits.attacks import KarmaPlayWait, same_play


def from_a_phone(op: Op, game: Game) -> Op:
    if type(op) is KarmaPlay:
        return replace(same_play(KarmaPlayWait, op), drawers=True)
    if type(op) is NextPhase and game.phase == "player" and not op.cards and not op.karma:
        return replace(op, wait=True)
    return op


__all__ = ["from_a_phone"]
