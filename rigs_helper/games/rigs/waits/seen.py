"""The moment of the game a page's form was read on, and the phase end everyone's done
makes from the phones.  No I/O.

A form names the moment it was read on (:func:`moment`: the round and the phase); sent on
another moment it is stale (:func:`check_seen`), never applied to a later phase.  When
every player is done and no choice is open, the phones end the phase
(:func:`everyone_done`, the session runs it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rigs_helper.rules.errors import Stale
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables

if TYPE_CHECKING:  # a game loaded for reading needs no operation
    from rigs_helper.games.rigs.engine import Op


def moment(game: Game) -> str:
    """The moment of the game a page's form was read on ("3:market"; "over" at the end):
    an action sent with another moment than the file's is stale (`store.session.run`'s ``seen``)."""
    return "over" if game.game_over else f"{game.round}:{game.phase}"


def check_seen(game: Game, seen: str | None) -> None:
    """Refuse (:class:`Stale`) an action read on another moment of the game than now."""
    if seen is None or seen == moment(game):
        return
    now = "the game is over" if game.game_over else \
        f"it is now round {game.round}, the {game.phase.title()} Phase"
    raise Stale(f"the game moved on since this was read: {now}; nothing was done",
                {"seen": seen, "now": moment(game), "round": game.round,
                 "phase": game.phase, "game_over": game.game_over})


def everyone_done(game: Game, tables: Tables) -> Op | None:
    """The phase end the phones make when every player is done and no choice is open (as
    `rigs next` would; from the Player Phase where the table holds the cards, each player
    then records their own Disaster card), or None while the phase goes on."""
    from rigs_helper.games.rigs.legal import phase_ready
    from rigs_helper.games.rigs.phases.nextphase import NextPhase
    from rigs_helper.games.rigs.waits.phone import from_a_page

    if game.game_over or not phase_ready(game, tables):
        return None
    return from_a_page(NextPhase(), game, tables)


__all__ = ["check_seen", "everyone_done", "moment"]
