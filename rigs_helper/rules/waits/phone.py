"""The operation a player's own device makes for what the CLI builds.  No I/O.

From a phone, decisions wait for the player they belong to: a Karma card waits for every
victim's answer (`karma play --wait`), and the end of the Player Phase leaves each player
to record their own Disaster card (`next --wait`), and a tie for Expedition Leader after
a Land Grant or a phase end waits for each tied player's die (`rules/waits/rolloff.py`).
Everything else is the CLI's operation
as it is.
"""

from __future__ import annotations

from rigs_helper.rules.engine import Op
from rigs_helper.rules.karma.play import KarmaPlay
from rigs_helper.rules.phases.grant import GrantPick
from rigs_helper.rules.phases.nextphase import NextPhase
from dataclasses import replace
from rigs_helper.rules.errors import RigsError
from rigs_helper.rules.state import OWED_DRAW, Game
from rigs_helper.rules.tables import Tables
from rigs_helper.rules.waits.attacks import KarmaPlayWait, same_play
from rigs_helper.rules.waits.disasters import DisasterRecord


def from_a_phone(op: Op, game: Game) -> Op:
    if type(op) is KarmaPlay:
        return replace(same_play(KarmaPlayWait, op), drawers=True, later=True)
    if type(op) is NextPhase and game.phase == "player" and not op.cards and not op.karma:
        return replace(op, wait=True)
    return recorded_later(op)


def recorded_later(op: Op, game: Game | None = None, tables: Tables | None = None) -> Op:
    """A Disaster card recorded from a page without the Karma card drawn for it: if it hurts,
    that card waits for the table's record (`karma draw`), rigs draws none.  With ``game``
    the flag is kept only where the card hurts, so that a page logs what the terminal
    would where nothing waits."""
    if type(op) is not DisasterRecord or op.karma is not None:
        return op
    flagged = replace(op, later=True)
    if game is None or tables is None:
        return flagged
    try:
        out = flagged.apply(game, tables)
    except RigsError:
        return flagged  # refused either way: its check says why
    return flagged if out.game.player(op.name).disaster_draw == OWED_DRAW else op


def rolloff_waits(op: Op) -> Op:
    """A Land Grant or a phase end from a phone: a leader tie waits for the dice (as the
    legal list checks it)."""
    if isinstance(op, (GrantPick, NextPhase)) and not op.rolloff:
        return replace(op, rolloff=True)
    return op


def with_rolloff(op: Op, game: Game, tables: Tables) -> Op:
    """:func:`rolloff_waits` kept only where the operation opens a roll-off, so that an
    action from a phone is logged as the terminal's would be when no tie comes of it."""
    flagged = rolloff_waits(op)
    if flagged is op:
        return op
    try:
        out = flagged.apply(game, tables)
    except RigsError:
        return flagged  # refused either way: its check says why
    return flagged if out.game.waits.rolloff and not game.waits.rolloff else op


__all__ = ["from_a_phone", "recorded_later", "rolloff_waits", "with_rolloff"]
