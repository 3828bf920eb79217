"""A Karma play that waits for its victims: ``KarmaPlay.wait`` (`rigs karma play ... --wait`,
and every play from a page).  No I/O.

The play is the same operation as one played at once (one per family of cards,
``games/rigs/karma/play.py``), with ``wait`` set: its ``check`` and ``apply`` call
:func:`check` and :func:`apply` here.  A Sabotage card with victims leaves its player's
hand and waits in the game's ``waits`` (``Attack``: the play as the log keeps it, played
at once, and its victims); every victim is asked, whether or not they hold an answering
card, so the wait reveals nothing (their answers: ``games/rigs/waits/attacks.py``).  Any
other card is played at once unless it makes other players draw or roll (``drawers``:
then it waits for their records).

This module reads the play through :class:`Play` (what it needs of it), so that the play
imports it and nothing here imports the play back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, Protocol, Self, TypeVar, cast

from rigs_helper.games.rigs.dice import Rolls
from rigs_helper.games.rigs.engine import Op, Outcome, Work, title_of
from rigs_helper.games.rigs.karma.context import Choices, Ctx
from rigs_helper.games.rigs.karma.hands import hand_key
from rigs_helper.games.rigs.karma.protection import ALARM, DONK, aim
from rigs_helper.games.rigs.oplog import op_to_json
from rigs_helper.games.rigs.piles import find_in
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import KarmaCard, Tables
from rigs_helper.games.rigs.waits.records import Attack, Reply, Resolving
from rigs_helper.rules.errors import InputError, PendingChoice, RigsError, RulesError
from rigs_helper.rules.text import shell_word


class Play(Choices, Protocol):
    """What this module reads of a Karma play (``games/rigs/karma/play.py`` ``KarmaPlay``,
    which passes itself in)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def rolls(self) -> Rolls: ...
    @property
    def by_rigs(self) -> tuple[str, ...]: ...
    @property
    def wait(self) -> bool: ...
    @property
    def drawers(self) -> bool: ...
    @property
    def later(self) -> bool: ...
    @property
    def first(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def answer(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def answer_to(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def answer_plot(self) -> tuple[str, ...]: ...

    def chose(self, field: str) -> Any: ...
    def replaced(self, **changes: Any) -> Self: ...
    def check(self, game: Game, tables: Tables) -> None: ...
    def apply(self, game: Game, tables: Tables) -> Outcome: ...


P = TypeVar("P", bound=Play)


def plain(play: P) -> P:
    """The play itself, played at once (as `rigs karma play` without --wait builds it)."""
    if not (play.wait or play.drawers or play.later):
        return play
    return play.replaced(wait=False, drawers=False, later=False)


def own_play(play: P) -> P:
    """The play as it waits, played at once: with ``drawers``, every player who rolls for
    it gives their own die, so a die given with the play is its player's (Rough Storm: not
    the die of whoever sits first)."""
    at_once = plain(play)
    if play.drawers and at_once.rolls.plain:
        at_once = at_once.replaced(rolls=Rolls((), tuple(
            (play.name, n) for n in at_once.rolls.plain) + at_once.rolls.named))
    return at_once


def victims_of(play: Play, game: Game, tables: Tables, drawers: bool = False
               ) -> tuple[str, ...]:
    """Who a play would hit before any answer: the victims a Sabotage card aims at (the
    owner of the plot for a plot card); () for other cards, which no one answers.  The
    card's own player is never asked (a card played on one's own plot resolves at once:
    nobody answers their own card, and a wait only they could end would hold the table)."""
    p = game.player(play.name)
    card = tables.karma_card(hand_key(tables, p, play.title))
    if card.kind != "sabotage":
        return recorders(play, game, tables, card) if drawers else ()
    ctx = Ctx(play, Work(game, tables), card, p.name)
    aim(ctx)
    return tuple(v for v in ctx.victims if v != p.name)


def recorders(play: Play, game: Game, tables: Tables, card: KarmaCard
              ) -> tuple[str, ...]:
    """Who records cardboard of their own when a card nobody answers resolves (RULES.md
    2026-11-25: who holds the cardboard records it): every other player for Rough Storm
    (each rolls a die, and draws when they lose), each other player a card makes draw
    Karma cards (Da' Roof is on Fire!, Blowout!, Bad OS Revision) unless the play names
    the cards they drew.  The card waits for them, so rigs draws nothing before."""
    others = tuple(q.name for q in game.players if q.name != play.name)
    if card.action == "rough_storm":
        return others
    if not (card.victim_draws or card.victim_draws_per):
        return ()
    named = {who.casefold() for who, _ in play.drew}
    try:
        from rigs_helper.games.rigs.mixed import trial  # (counts draws: never waits for one)

        after = plain(play).replaced(by_rigs=others).apply(trial(game), tables).game
    except RigsError:
        return ()  # (the play's own check says why)
    return tuple(n for n in others if n.casefold() not in named
                 and len(after.player(n).hand) > len(game.player(n).hand))


def stand_in(play: P, game: Game, tables: Tables, victims: Sequence[str]) -> P:
    """The play as it is checked before its victims answer: their dice rolled by rigs,
    and for I'll Take THAT! a card of the victim's hand (the victim records which one the
    card's player took when taking it)."""
    card = tables.karma_card(find_in(tables, "karma", play.title))
    chosen = play.chose("card")
    if card.action == "steal_hand_choice" and not chosen and len(victims) == 1:
        hand = game.player(victims[0]).hand
        chosen = (title_of(tables, "karma", hand[0]),) if hand else ()
    return play.replaced(by_rigs=play.by_rigs + tuple(victims), card=chosen)


def both_in_play(game: Game, name: str) -> bool:
    """``name`` has the Alarm System and I've Got a Donk in play: they name which rolls
    first (`--first`)."""
    have = game.player(name).in_play
    return ALARM in have and DONK in have


def undecided_firsts(play: Play, game: Game, tables: Tables, victims: Sequence[str],
                     replies: Sequence[Reply]
                     ) -> tuple[tuple[str, str], ...]:
    """For a victim with both in-play protections who has not named the first yet: the
    Alarm System (a stand-in while they decide; the --auto default)."""
    named = {who.lower() for who, _ in play.first}
    named |= {r.player.lower() for r in replies if r.first}
    return tuple((v, title_of(tables, 'karma', ALARM)) for v in victims
                 if both_in_play(game, v) and v.lower() not in named)


def ask(names: Iterable[str], splitter: str = "") -> str:
    """The commands that answer (``splitter``'s: the split of the gains)."""
    return "; ".join(f"`rigs answer {shell_word(n)} "
                     + ("take --split NAME=N`" if n == splitter else "CARD|take`")
                     for n in names)


def check(op: Play, game: Game, tables: Tables) -> None:
    """``KarmaPlay.check`` of a play that waits: refused exactly when it cannot wait
    (another attack waits) or could not be played as if every victim took it."""
    for flag, value in (("--answer", op.answer), ("--answer-to", op.answer_to),
                        ("--answer-plot", op.answer_plot)):
        if value:
            raise InputError(f"{flag}: with --wait each victim answers for themselves "
                             "(`rigs answer PLAYER CARD|take`)")
    play = own_play(op)
    victims = victims_of(play, game, tables, op.drawers)
    waiting = game.waits.attack
    if waiting is not None and victims:
        raise RulesError(f"{title_of(tables, 'karma', waiting.card)} ({waiting.player}) "
                         "still waits for answers: "
                         + ", ".join(waiting.waiting()),
                         rule="one attack at a time waits for its victims")
    # legal as if every victim took it (naming the Alarm System first where a victim
    # will name which of their two in-play protections rolls first; their dice and
    # cards are theirs to record when they answer)
    play = stand_in(play, game, tables, victims)
    if not victims:
        game = _at_once(op, game)
    play = play.replaced(first=play.first + undecided_firsts(play, game, tables,
                                                             victims, ()))
    try:
        play.check(game, tables)
    except PendingChoice as err:
        # a victim's card from a mixed Karma deck that the group draws at the table
        # (Rough Storm's victims): theirs to record when they answer, not the play's;
        # the play is checked on a trial whose draws never wait (games/rigs/mixed.py)
        if not victims:
            raise
        if any(c.startswith(f"{play.name}: ") for c in err.choices):
            # its own player draws too, after the victims who draw before them
            # (Rough Storm: every loser in seat order, a card recorded first): which
            # card is theirs waits for the others' dice, so a card they did not
            # record waits for their record as the card resolves (``owe``, as
            # ``resolving`` reads it), where the table draws its own cards
            if not (op.later and game.table_draws):
                raise
            play.check(_at_once(op, game), tables)
            return
        from rigs_helper.games.rigs.mixed import trial

        play.check(trial(game), tables)


def _at_once(op: Play, game: Game) -> Game:
    """The state a play that waits for nobody resolves in at once: from a page in a game
    with ``table_draws``, a Karma card it makes its player draw that they did not record
    with it (their own in-play protection's die left to rigs decides) waits for their
    record, as a waiting card's do (``Waits.resolving``)."""
    if op.later and game.table_draws:
        return replace(game, waits=replace(game.waits, resolving=Resolving(
            owe=True, answering=op.name)))
    return game


def apply(op: Play, game: Game, tables: Tables) -> Outcome:
    """``KarmaPlay.apply`` of a play that waits: played at once when nobody is asked, else
    the card leaves its player's hand and waits in ``game.waits.attack``."""
    play = own_play(op)
    victims = victims_of(play, game, tables, op.drawers)
    if not victims:
        return play.apply(_at_once(op, game), tables)
    p = game.player(op.name)
    key = hand_key(tables, p, op.title)
    slot = p.hand.index(key)
    attack = Attack(p.name, key, slot, op_to_json(cast(Op, play)), victims,
                    later=() if op.later else None)
    hand = p.hand[:slot] + p.hand[slot + 1:]
    game = replace(game.with_player(replace(p, hand=hand)),
                   waits=replace(game.waits, attack=attack))
    title = tables.karma_card(key).title
    return Outcome(game, (f"{p.name} plays {title} against {', '.join(victims)}. "
                          f"Waiting for every victim's answer: {ask(victims)}.",),
                   {"waiting_for": list(victims)})


__all__ = ["Play", "apply", "ask", "both_in_play", "check", "own_play", "plain",
           "recorders", "stand_in", "undecided_firsts", "victims_of"]
