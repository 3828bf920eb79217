"""The operation a player's own device makes for what the CLI builds.  No I/O.

From a phone, decisions wait for the player they belong to: a Karma card waits for every
victim's answer (`karma play --wait`), and the end of the Player Phase leaves each player
to record their own Disaster card (`next --wait`), and a tie for Expedition Leader after
a Land Grant or a phase end waits for each tied player's die (`games/rigs/waits/rolloff.py`).
Everything else is the CLI's operation
as it is.
"""

from __future__ import annotations

from rigs_helper.games.rigs.engine import Op
from rigs_helper.games.rigs.karma.play import KarmaPlay
from rigs_helper.games.rigs.phases.grant import GrantPick
from rigs_helper.games.rigs.phases.nextphase import NextPhase
from dataclasses import replace
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.state import OWED_DRAW, Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.games.rigs.waits.disasters import DisasterRecord


def from_a_phone(op: Op, game: Game) -> Op:
    """The operation as a page makes it: a Karma card waits for its victims' answers (a
    card it makes them draw waits for their record where the table holds the cards); where
    the table holds the cards, the end of the Player Phase waits for each player's own
    Disaster card and a Disaster card recorded alone leaves its Karma card to record.
    A partial set (`--have`) holding no card of a deck has nothing of it to record: with
    neither Disaster nor Karma cards, rigs deals the Disaster cards (and the Karma cards
    they make players draw) at once, as with `--cards rigs`; with Karma cards but no
    Disaster card, rigs deals the Disaster cards at once and a Karma card one makes a
    player draw from the group's cards waits for that player's record (``later``); with
    no Karma card, rigs draws the Karma card a Disaster makes a player draw.
    It reads only the game's ``cards``, ``phase`` and which decks its partial set holds
    (the legal list keeps what it made by those: ``games/rigs/legal/grouping._operation``)."""
    table = game.cards != "rigs"
    if isinstance(op, KarmaPlay) and not op.wait:
        return replace(op, wait=True, drawers=True, later=table)
    if type(op) is NextPhase and game.phase == "player" and not op.cards and not op.karma \
            and table and not nothing_to_record(game, "disaster", "karma"):
        # the group's Disaster cards: each player records theirs; none (rigs deals them
        # all): dealt now, and a Karma card one makes a player draw from the group's own
        # cards waits for that player's record
        return replace(op, later=True) if nothing_to_record(game, "disaster") else \
            replace(op, wait=True)
    return recorded_later(op) if table and not nothing_to_record(game, "karma") else op


def nothing_to_record(game: Game, *decks: str) -> bool:
    """A partial set that holds no card of any of ``decks``: rigs draws them all."""
    from rigs_helper.games.rigs.decks import all_virtual

    return all(all_virtual(game, d) for d in decks)


def from_a_page(op: Op, game: Game, tables: Tables) -> Op:
    """:func:`from_a_phone`, each flag kept only where it changes what happens (a page's
    action is logged as the terminal's would be where nothing waits): a roll-off only
    where a tie for leader comes of it, a Disaster card's Karma card left to record only
    where the card hurts."""
    op = from_a_phone(op, game)
    if type(op) is NextPhase and op.later:
        op = karma_later(op, game, tables)
    if isinstance(op, (GrantPick, NextPhase)):
        return with_rolloff(op, game, tables)
    if type(op) is DisasterRecord and getattr(op, "later", False):
        return recorded_later(replace(op, later=False), game, tables)
    return op


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


def karma_later(op: NextPhase, game: Game, tables: Tables) -> Op:
    """The Disaster Phase dealt by rigs with its Karma cards left to record (``later``):
    the flag kept only where a player then owes the table's record, so that a page logs
    what the terminal would where nothing waits."""
    try:
        out = op.apply(game, tables)
    except RigsError:
        return op  # refused either way: its check says why
    return op if any(p.disaster_draw == OWED_DRAW for p in out.game.players) else \
        replace(op, later=False)


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


def end_game_record(tables: Tables, cards: list[str], rolls: list[str]) -> Op:
    """The End Game record a page sends, as `rigs score --card TYPE=V,... --roll R=N`
    builds it (the cards and dice not given: rigs draws and rolls them)."""
    from rigs_helper.games.rigs.dice import Rolls, parse_rolls
    from rigs_helper.games.rigs.endgame import EndgameDraws
    from rigs_helper.games.rigs.scoring import parse_end_cards

    given = parse_end_cards(list(cards), tables)
    return EndgameDraws(tuple(given.items()), parse_rolls(list(rolls)) if rolls
                        else Rolls())


__all__ = ["end_game_record", "from_a_page", "from_a_phone", "karma_later", "recorded_later", "rolloff_waits", "with_rolloff"]
