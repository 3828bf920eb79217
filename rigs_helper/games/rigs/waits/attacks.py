"""An attack that waits for every victim's answer.  No I/O.

``KarmaPlayWait`` is `rigs karma play ... --wait` (and every play from a phone): a Sabotage
card with victims leaves its player's hand and waits, its choices kept as data; every
victim is asked, whether or not they hold an answering card, so the wait reveals nothing.
``Answer`` records one player's answer: a card from their own hand (what `--answer`
accepts) or "take".  A victim's answer stays private until the card resolves.  The card
resolves through the unchanged ``KarmaPlay``, with the answers in the order they came, as
`rigs karma play ... --answer` would: when every victim has answered, or at once when an
answer is for the whole card (Calling in a Favor and the like) or the player asks
(``resolve_now``: `rigs next --auto`).

Kept as one idea past 450 lines: the waiting play of each Karma family is declared here,
beside ``KarmaPlayWait`` whose fields and methods it takes (a module of their own would
import this one and be imported by it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar, TypeVar

from dataclasses import dataclass, fields, replace

from rigs_helper.games.rigs.dice import DieNeeded, Rolls, parse_rolls
from rigs_helper.games.rigs.engine import Op, Outcome, perform, title_of
from rigs_helper.rules.errors import InputError, PendingChoice, RigsError, RulesError
from rigs_helper.games.rigs.karma.context import Ctx
from rigs_helper.games.rigs.karma.hands import hand_key
from rigs_helper.games.rigs.karma.args import CardArgs
from rigs_helper.games.rigs.karma.play import (
    KarmaPlay, PlayCollector, PlayHandCard, PlayMatchLoss, PlayNewOwner, PlayOnPlot,
    PlayOnVictims, PlayPlotResource, PlayPlots, PlayResources, PlayRigsFrom, PlayScatter,
    PlaySwap, PlaySwapOption, PlayTake, PlayVictimsResource)
from rigs_helper.games.rigs.karma.protection import ALARM, DONK, FOR_ONE_VICTIM, aim
from rigs_helper.games.rigs.oplog import op_from_json, op_to_json
from rigs_helper.games.rigs.piles import find_in
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import KarmaCard, Tables
from rigs_helper.rules.text import shell_word
from rigs_helper.games.rigs.waits.records import TAKE, Attack, Reply, Resolving
from rigs_helper.games.rigs.waits.resolution import (
    both_in_play,
    resolution,
    resolves_now,
    resolving,
    restored,
    settled,
    undecided_firsts,
)


P = TypeVar("P", bound=KarmaPlay)


def plain(op: KarmaPlay) -> KarmaPlay:
    """The play itself, as `rigs karma play` without --wait builds it."""
    return same_play(KarmaPlay, op)


def same_play(cls: type[P], op: KarmaPlay) -> P:
    """The play of ``op``'s family as ``cls`` makes it (KarmaPlay: played at once;
    KarmaPlayWait: waiting for the answers), with the choices of ``op``."""
    waits = {f.name for f in fields(KarmaPlayWait)} - {f.name for f in fields(KarmaPlay)}
    return cls.from_flat(**{k: v for k, v in op.flat().items() if k not in waits})


def victims_of(play: KarmaPlay, game: Game, tables: Tables, drawers: bool = False
               ) -> tuple[str, ...]:
    """Who a play would hit before any answer: the victims a Sabotage card aims at (the
    owner of the plot for a plot card); () for other cards, which no one answers.  The
    card's own player is never asked (a card played on one's own plot resolves at once:
    nobody answers their own card, and a wait only they could end would hold the table)."""
    p = game.player(play.name)
    card = tables.karma_card(hand_key(tables, p, play.title))
    if card.kind != "sabotage":
        return recorders(play, game, tables, card) if drawers else ()
    from rigs_helper.games.rigs.engine import Work

    ctx = Ctx(play, Work(game, tables), card, p.name)
    aim(ctx)
    return tuple(v for v in ctx.victims if v != p.name)


def recorders(play: KarmaPlay, game: Game, tables: Tables, card: KarmaCard
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

        after = replace(plain(play), by_rigs=others).apply(trial(game), tables).game
    except RigsError:
        return ()  # (the play's own check says why)
    return tuple(n for n in others if n.casefold() not in named
                 and len(after.player(n).hand) > len(game.player(n).hand))


def stand_in(play: KarmaPlay, game: Game, tables: Tables, victims: Sequence[str]
             ) -> KarmaPlay:
    """The play as it is checked before its victims answer: their dice rolled by rigs,
    and for I'll Take THAT! a card of the victim's hand (the victim records which one the
    card's player took when taking it)."""
    card = tables.karma_card(find_in(tables, "karma", play.title))
    chosen = play.chose("card")
    if card.action == "steal_hand_choice" and not chosen and len(victims) == 1:
        hand = game.player(victims[0]).hand
        chosen = (title_of(tables, "karma", hand[0]),) if hand else ()
    return play.replaced(by_rigs=play.by_rigs + tuple(victims), card=chosen)


@dataclass(frozen=True)
class KarmaPlayWait(KarmaPlay):
    """`rigs karma play ... --wait`: the same choices as KarmaPlay; a Sabotage card waits for
    every victim's answer (`rigs answer`), any other card is played at once unless it
    makes other players draw or roll (``drawers``: then it waits for their records)."""

    #: the card waits for the players who draw or roll for it (every play since the
    #: rulings of 2026-11-25; False in an older log, whose plays resolved at once)
    drawers: bool = False
    #: once the answers are in, the card waits for the players it comes to who roll or
    #: pick at the table (``Attack.later``; every play since issue #27, False in an
    #: older log, whose cards rigs resolved with its own dice and picks)
    later: bool = False
    json_name: ClassVar[str] = "KarmaPlayWait"
    #: said as ``--wait`` (the play's definition's flag; the log marks it ``wait = true``)
    wait: ClassVar[bool] = True

    @classmethod
    def family_class(cls, record: type[CardArgs]) -> type[KarmaPlay]:
        """The waiting play of the family whose parameters are ``record``."""
        return WAITING[record]

    def own_play(self) -> KarmaPlay:
        """The play as it waits: with ``drawers``, every player who rolls for it gives their
        own die, so a die given with the play is its player's (Rough Storm: not the die of
        whoever sits first)."""
        play = plain(self)
        if self.drawers and play.rolls.plain:
            play = replace(play, rolls=Rolls((), tuple(
                (self.name, n) for n in play.rolls.plain) + play.rolls.named))
        return play

    def check(self, game: Game, tables: Tables) -> None:
        for flag, value in (("--answer", self.answer), ("--answer-to", self.answer_to),
                            ("--answer-plot", self.answer_plot)):
            if value:
                raise InputError(f"{flag}: with --wait each victim answers for themselves "
                                 "(`rigs answer PLAYER CARD|take`)")
        play = self.own_play()
        victims = victims_of(play, game, tables, self.drawers)
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
            game = self._at_once(game)
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
                if not (self.later and game.table_draws):
                    raise
                play.check(self._at_once(game), tables)
                return
            from rigs_helper.games.rigs.mixed import trial

            play.check(trial(game), tables)

    def _at_once(self, game: Game) -> Game:
        """The state a play that waits for nobody resolves in at once: from a page in a
        game with ``table_draws``, a Karma card it makes its player draw that they did not
        record with it (their own in-play protection's die left to rigs decides) waits
        for their record, as a waiting card's do (``Waits.resolving``)."""
        if self.later and game.table_draws:
            return replace(game, waits=replace(game.waits, resolving=Resolving(
                owe=True, answering=self.name)))
        return game

    def apply(self, game: Game, tables: Tables) -> Outcome:
        play = self.own_play()
        victims = victims_of(play, game, tables, self.drawers)
        if not victims:
            return play.apply(self._at_once(game), tables)
        p = game.player(self.name)
        key = hand_key(tables, p, self.title)
        slot = p.hand.index(key)
        attack = Attack(p.name, key, slot, op_to_json(play), victims,
                        later=() if self.later else None)
        hand = p.hand[:slot] + p.hand[slot + 1:]
        game = replace(game.with_player(replace(p, hand=hand)),
                       waits=replace(game.waits, attack=attack))
        title = tables.karma_card(key).title
        return Outcome(game, (f"{p.name} plays {title} against {', '.join(victims)}. "
                              f"Waiting for every victim's answer: {ask(victims)}.",),
                       {"waiting_for": list(victims)})


# ------------------------------------------------------------ the families, waiting
# the waiting play of each family: the family's parameters, KarmaPlayWait's fields and
# methods (its MRO: the family first, then KarmaPlayWait, then KarmaPlay)

@dataclass(frozen=True)
class PlayCollectorWait(PlayCollector, KarmaPlayWait):
    """PlayCollector, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayOnVictimsWait(PlayOnVictims, KarmaPlayWait):
    """PlayOnVictims, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayRigsFromWait(PlayRigsFrom, KarmaPlayWait):
    """PlayRigsFrom, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayHandCardWait(PlayHandCard, KarmaPlayWait):
    """PlayHandCard, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayMatchLossWait(PlayMatchLoss, KarmaPlayWait):
    """PlayMatchLoss, waiting for its answers and records."""


@dataclass(frozen=True)
class PlaySwapOptionWait(PlaySwapOption, KarmaPlayWait):
    """PlaySwapOption, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayVictimsResourceWait(PlayVictimsResource, KarmaPlayWait):
    """PlayVictimsResource, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayOnPlotWait(PlayOnPlot, KarmaPlayWait):
    """PlayOnPlot, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayNewOwnerWait(PlayNewOwner, KarmaPlayWait):
    """PlayNewOwner, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayScatterWait(PlayScatter, KarmaPlayWait):
    """PlayScatter, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayPlotsWait(PlayPlots, KarmaPlayWait):
    """PlayPlots, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayPlotResourceWait(PlayPlotResource, KarmaPlayWait):
    """PlayPlotResource, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayResourcesWait(PlayResources, KarmaPlayWait):
    """PlayResources, waiting for its answers and records."""


@dataclass(frozen=True)
class PlaySwapWait(PlaySwap, KarmaPlayWait):
    """PlaySwap, waiting for its answers and records."""


@dataclass(frozen=True)
class PlayTakeWait(PlayTake, KarmaPlayWait):
    """PlayTake, waiting for its answers and records."""


#: the waiting play of each family, by its record (as play.OPS)
WAITING: dict[type[CardArgs], type[KarmaPlay]] = {c.family: c for c in (
    KarmaPlayWait, PlayCollectorWait, PlayOnVictimsWait, PlayRigsFromWait, PlayHandCardWait,
    PlayMatchLossWait, PlaySwapOptionWait, PlayVictimsResourceWait, PlayOnPlotWait,
    PlayNewOwnerWait, PlayScatterWait, PlayPlotsWait, PlayPlotResourceWait,
    PlayResourcesWait, PlaySwapWait, PlayTakeWait)}


def ask(names: Iterable[str], splitter: str = "") -> str:
    """The commands that answer (``splitter``'s: the split of the gains)."""
    return "; ".join(f"`rigs answer {shell_word(n)} "
                     + ("take --split NAME=N`" if n == splitter else "CARD|take`")
                     for n in names)


def resolve(game: Game, tables: Tables, attack: Attack, early: bool = False,
            answering: str = "") -> Outcome:
    """Play the card with the answers given (those not answered take it); ``answering``:
    the player whose answer this is (the cards others recorded before stand)."""
    play = resolution(attack, game, tables, early)
    if early:
        play = stand_in(play, game, tables, attack.waiting())
    try:
        return perform(resolving(game, tables, attack, answering), play, tables)
    except DieNeeded as err:  # the answer is the command to give it again with
        raise DieNeeded(err.player, err.why) from None


@dataclass(frozen=True, slots=True)
class Answer(Op):
    """`rigs answer PLAYER CARD|take`: PLAYER's answer to the attack that waits."""

    name: str
    card: str  # a Karma card from the player's hand, or "take"
    to: str | None = None  # Wrong Address / Double Agent: the new victim
    plot: str | None = None  # a plot card passed on: the new victim's plot
    first: str | None = None  # both Alarm System and Donk in play: the one that rolls first
    # a victim who takes it: the Karma cards they drew at the table because of it
    # ("virtual": rigs draws the rest)
    drew: tuple[str, ...] = ()
    # the dice this player rolled at the table for it (an in-play protection, the card's
    # own die: Rough Storm, I WANT THAT!; "virtual": rigs rolls them)
    roll: tuple[str, ...] = ()
    # I'll Take THAT! taken: the card of this player's hand the card's player took
    gave: str | None = None
    # Right Back At You turning I WANT THAT! on several victims, once its player's dice
    # are in: how this player (who answered with it) shares the gains, (VICTIM, N)
    split: tuple[tuple[str, int], ...] = ()

    def _takes(self) -> bool:
        return self.card.strip().lower() in (TAKE, "take it")

    def _replies(self, game: Game, tables: Tables) -> tuple[Attack, Reply]:
        attack = game.waits.attack
        if attack is None:
            raise RulesError("no attack waits for an answer",
                             rule="answers come while a card played with --wait waits")
        me = game.player(self.name)
        title = title_of(tables, "karma", attack.card)
        if attack.later:  # the answers are in: the players it came to record theirs
            if me.name not in attack.later:
                raise RulesError(f"{title} waits for {', '.join(attack.waiting())} only",
                                 rule="the answers are in; the card waits for the dice, "
                                 "pick or split of the players it comes to")
            if not self._takes() or self.to or self.plot or self.drew:
                raise InputError(f"{me.name}: {title} comes to you: record your dice "
                                 "(take --roll N), the card picked (take --gave TITLE) or "
                                 "your split of the gains (take --split NAME=N)")
            if me.name == attack.splitter:
                return self._split_reply(game, attack, title)
        elif me.name == attack.player:
            raise RulesError(f"{me.name} played {title}",
                             rule="the answers are the other players'")
        if self.split:
            raise InputError(f"--split: {title} has no gains for {me.name} to split now "
                             "(Right Back At You turning it on several victims: its "
                             "answerer splits them once its player's dice are in)")
        given = next((r for r in attack.replies if r.player == me.name), None)
        if given is not None and (given.drew or given.rolls):
            said = [*given.drew, *(f"die {n}" for n in given.rolls)]
            raise RulesError(f"{me.name} has answered {title} already (recorded: "
                             f"{', '.join(said)})", rule="record, never add: what the "
                             "table drew or rolled for a card stands")
        if attack.later and me.name in attack.later:
            reply = Reply(me.name, TAKE, gave=self._picked(game, tables, attack))
        elif self._takes():
            if me.name not in attack.victims:
                raise RulesError(f"{title} does not hit {me.name}: nothing to take",
                                 rule="a victim answers or takes it")
            if self.to or self.plot:
                raise InputError("--to/--plot: a victim who takes it passes nothing on")
            reply = Reply(me.name, TAKE, drew=self._drew(game),
                          gave=self._gave(game, tables, attack))
        elif self.gave:
            raise InputError("--gave: goes with take (an answer card gives none for you "
                             "here)")
        else:  # (--drew: the cards an answer makes them draw, Right Back At You turning
            # Identity Theft; one the card's resolution does not draw is refused)
            reply = Reply(me.name, hand_key(tables, me, self.card), (self.to or "").strip(),
                          (self.plot or "").strip(), drew=self._drew(game))
        if self.first and not both_in_play(game, me.name):
            raise InputError(f"--first: {me.name} has not both the Alarm System and I've Got "
                             "a Donk in play")
        if both_in_play(game, me.name) and me.name in (*attack.victims,
                                                        *(attack.later or ())):
            if not self.first:
                raise InputError(f"{me.name} has both the Alarm System and I've Got a Donk "
                                 f"in play: {me.name} names the one that rolls first "
                                 "(--first CARD)")
            reply = replace(reply, first=self.first.strip())
        reply = replace(reply, rolls=self._rolls(game))
        replies = tuple(r for r in attack.replies if r.player != me.name) + (reply,)
        return replace(attack, replies=replies), reply

    def _split_reply(self, game: Game, attack: Attack, title: str
                     ) -> tuple[Attack, Reply]:
        """The answerer who turned the card back, once the dice are in: their answer as
        it was, with their split of the gains (checked when the card resolves)."""
        if self.roll or self.gave or self.first:
            raise InputError(f"{self.name}: the dice of {title} are in; record your split "
                             "of the gains only (take --split NAME=N)")
        if not self.split:
            raise InputError(f"{self.name}: split the gains of {title} among the original "
                             "victims (take --split NAME=N, once per victim)")
        split = tuple((game.player(w).name, n) for w, n in self.split)
        replies = tuple(replace(r, split=split) if r.player == attack.splitter else r
                        for r in attack.replies)
        reply = next(r for r in replies if r.player == attack.splitter)
        return replace(attack, replies=replies), reply

    def _drew(self, game: Game) -> tuple[str, ...]:
        """The cards recorded as drawn; with ``table_draws`` a ``virtual`` one stays (rigs
        draws that one: the rest wait for the table's record), before it rigs drew every
        card not recorded."""
        out = []
        for t in (t.strip() for t in self.drew):
            if t.lower() != "virtual":
                out.append(t)
            elif game.table_draws:
                out.append("virtual")
        return tuple(out)

    def _rolls(self, game: Game) -> tuple[int, ...]:
        faces = [r for r in self.roll if r.strip().lower() != "virtual"]
        if len(faces) < len(self.roll) and game.dice == "table":
            raise InputError("--roll virtual: this game's dice are rolled at the table "
                             "(give the face rolled)")
        given = parse_rolls(faces)
        for who, n in given.named:
            if who.casefold() != self.name.casefold():
                raise InputError(f"--roll {who}={n}: {self.name} records their own dice")
        return given.plain + tuple(n for _, n in given.named)

    def _picked(self, game: Game, tables: Tables, attack: Attack) -> str:
        """Give Me That!: the card the card's player picked at random from the victim's
        hand at the table (``virtual``, or none: rigs picks; the rules refuse a card the
        hand does not hold)."""
        if not self.gave or self.gave.strip().lower() == "virtual":
            return ""
        if tables.karma_card(attack.card).action != "steal_hand_random":
            raise InputError(f"--gave: {title_of(tables, 'karma', attack.card)} takes no "
                             "card you name")
        return title_of(tables, "karma", find_in(tables, "karma", self.gave))

    def _gave(self, game: Game, tables: Tables, attack: Attack) -> str:
        """I'll Take THAT!: the card the card's player took from this player's hand."""
        if not self.gave:
            return ""
        play = op_from_json(attack.play)
        if tables.karma_card(attack.card).action != "steal_hand_choice" or \
                (isinstance(play, KarmaPlay) and play.chose("card")):
            raise InputError(f"--gave: {title_of(tables, 'karma', attack.card)} takes no "
                             "card you name")
        return title_of(tables, "karma", hand_key(tables, game.player(self.name), self.gave))

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        attack, reply = self._replies(game, tables)
        attack, now = settled(game, tables, attack, reply)
        # the card as it would resolve now (those not answered yet taking it): refused here,
        # in one line, when this answer cannot be part of it
        resolve(game, tables, attack, early=not now, answering=reply.player)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        attack, reply = self._replies(game, tables)
        me = reply.player
        attack, now = settled(game, tables, attack, reply)
        if now:
            out = resolve(game, tables, attack, answering=me)
            return replace(out, messages=(f"{me} answers.", *out.messages))
        game = replace(game, waits=replace(game.waits, attack=attack))
        title = title_of(tables, "karma", attack.card)
        mine = "you take it" if reply.card == TAKE else \
            f"{title_of(tables, 'karma', reply.card)} (played when the card resolves)"
        return Outcome(game, (f"{me} has answered; {title} still waits for "
                              f"{', '.join(attack.waiting())}: {ask(attack.waiting(), attack.splitter)}.",),
                       {"waiting_for": list(attack.waiting())},
                       ((me, f"Your answer to {title}: {mine}."),))


def resolve_now(game: Game, tables: Tables) -> Outcome | None:
    """`rigs next --auto`: the attack that waits resolves with the answers given, everyone
    else taking it; when it can no longer be played, the card goes back to its player's
    hand (said).  None when no attack waits."""
    attack = game.waits.attack
    if attack is None:
        return None
    title = title_of(tables, "karma", attack.card)
    try:
        out = resolve(game, tables, attack)
    except RigsError as err:
        return Outcome(restored(game, attack), (
            f"{title} can no longer be played ({err}): it goes back to {attack.player}'s "
            "hand.",))
    waiting = attack.waiting()
    said = f" ({', '.join(waiting)} take{'s' if len(waiting) == 1 else ''} it: --auto)" \
        if waiting else ""
    return replace(out, messages=(f"{title} resolves{said}.", *out.messages))


__all__ = ["Answer", "KarmaPlayWait", "plain", "resolve", "resolve_now", "same_play",
           "victims_of"]
