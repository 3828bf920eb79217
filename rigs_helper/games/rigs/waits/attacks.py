"""An attack that waits for every victim's answer: the answers.  No I/O.

A Karma play with ``wait`` (`rigs karma play ... --wait`, and every play from a phone:
``games/rigs/waits/waiting.py``) leaves its player's hand and waits in the game's
``waits``, its choices kept as data; every victim is asked, whether or not they hold an
answering card, so the wait reveals nothing.  ``Answer`` records one player's answer: a
card from their own hand (what `--answer` accepts) or "take".  A victim's answer stays
private until the card resolves.  The card resolves as the same play played at once,
with the answers in the order they came, as `rigs karma play ... --answer` would: when
every victim has answered, or at once when an answer is for the whole card (Calling in a
Favor and the like) or the player asks (``resolve_now``: `rigs next --auto`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.games.rigs.dice import DieNeeded, parse_rolls
from rigs_helper.games.rigs.engine import Op, Outcome, perform, title_of
from rigs_helper.rules.errors import InputError, RigsError, RulesError
from rigs_helper.games.rigs.karma.hands import hand_key
from rigs_helper.games.rigs.karma.play import KarmaPlay
from rigs_helper.games.rigs.oplog import op_from_json
from rigs_helper.games.rigs.piles import find_in
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.games.rigs.waits.records import TAKE, Attack, Reply
from rigs_helper.games.rigs.waits.resolution import (
    resolution,
    resolving,
    restored,
    settled,
)
from rigs_helper.games.rigs.waits.waiting import ask, both_in_play, plain, stand_in, victims_of


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


__all__ = ["Answer", "ask", "plain", "resolve", "resolve_now", "victims_of"]
