"""RIG's actions, typed: each a frozen record with ``check`` (raises a RulesError naming
the rule; changes nothing) and ``apply`` (the new state and what happened).  The play
order (flow.py) runs after each one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rigs_helper.game.protocol import Outcome
from rigs_helper.games.rig import flow
from rigs_helper.games.rig.pieces import (
    DICE, FACES, KIND_A, KIND_B, Side, Token, colour_of, flip_face, kind_of,
)
from rigs_helper.games.rig.state import State, evolve
from rigs_helper.rules.errors import RulesError
from rigs_helper.rules.rng import Rng

ORDER = "RIG: play order"


def _turn(st: State, player: str, step: str, what: str) -> int:
    """The seat of ``player`` when it is their ``step`` now, else the rule refusing it."""
    i = st.seat(player)
    if st.step == "over":
        raise RulesError(f"the game is over: {st.seats[st.winner or 0].name} won", ORDER)
    if st.current() != i:
        who = st.current()
        now = ("the roll" if st.step == "roll" else "setting matching dice aside"
               if st.step == "cancel" else f"{st.seats[who].name}'s turn" if who is not None
               else st.step)
        raise RulesError(f"{player} cannot {what} now: it is {now}", ORDER)
    if st.step != step:
        need = {"pop": "pop the top two tokens of their queue first",
                "resolve": f"choose what their {st.popped[0].name if st.popped else ''} "
                           "does first",
                "take": "take tokens from the Salvage Pile now"}[st.step]
        raise RulesError(f"{player} cannot {what} now: {player} must {need}", ORDER)
    return i


def _popped(st: State, player: str, colour: str, what: str) -> int:
    i = _turn(st, player, "resolve", what)
    if st.popped[0].colour != colour:
        raise RulesError(f"{player} popped a {st.popped[0].name}, not a {what}: "
                         f"choose what the {st.popped[0].name} does", ORDER)
    return i


def _go_on(st: State, said: list[str]) -> Outcome[State]:
    """After a popped action's choice: the rest of the popped tokens resolve."""
    return Outcome(flow.resolve(st, st.popped[1:], said), tuple(said))


@dataclass(frozen=True, slots=True)
class Roll:
    """A player's four dice: the faces the table rolled, or none (rolled virtually with
    RIG's faces by the game's generator)."""

    name: ClassVar[str] = "roll"
    player: str
    faces: tuple[str, ...] = ()

    def check(self, st: State) -> None:
        i = st.seat(self.player)
        if st.step != "roll":
            raise RulesError(f"{self.player} cannot roll now: the round's dice are rolled",
                             ORDER)
        if st.seats[i].dice:
            raise RulesError(f"{self.player} has rolled this round already", ORDER)
        if not self.faces and st.dice_by == "table":
            raise RulesError(f"this game's dice are the table's: give {self.player}'s four "
                             "faces", "rigs new --dice table")
        if self.faces:
            if len(self.faces) != DICE:
                raise RulesError(f"{self.player} rolls {DICE} dice: give {DICE} faces, not "
                                 f"{len(self.faces)}", "RIG: four dice each")
            bad = [f for f in self.faces if f not in FACES]
            if bad:
                raise RulesError(f"no die has the face {bad[0]!r}", "RIG: the dice")
            for kind in ("A", "B"):
                if sum(kind_of(f) == kind for f in self.faces) > 2:
                    raise RulesError(
                        f"{self.player}'s faces {' '.join(self.faces)}: only two dice have "
                        f"{', '.join(f for f in (KIND_A if kind == 'A' else KIND_B)[2:])}",
                        "RIG: the dice")

    def apply(self, st: State) -> Outcome[State]:
        i = st.seat(self.player)
        faces, pos = self.faces, st.pos
        if not faces:
            rng = Rng(st.seed, st.pos)
            faces = tuple((KIND_A, KIND_A, KIND_B, KIND_B)[d][rng.below(6)]
                          for d in range(DICE))
            pos = rng.pos
        st = evolve(st.with_seat(i, evolve(st.seats[i], dice=faces)), pos=pos)
        said = [f"{self.player} rolled {' '.join(faces)}"
                f"{'' if self.faces else ' (rolled by rigs)'}."]
        if all(s.dice for s in st.seats):
            st = flow.after_roll(st, said)
        return Outcome(st, tuple(said))


@dataclass(frozen=True, slots=True)
class Cancel:
    """The player with more dice of a colour than the opponent chooses which of theirs
    are set aside (die numbers, 1 to 4)."""

    name: ClassVar[str] = "cancel"
    player: str
    dice: tuple[int, ...]

    def check(self, st: State) -> None:
        i = st.seat(self.player)
        waits = [c for c in st.cancels if c[0] == i]
        if st.step != "cancel" or not waits:
            raise RulesError(f"{self.player} has no matching dice to set aside now",
                             "RIG: same colours cancel")
        dice = st.seats[i].dice
        if any(not 1 <= d <= len(dice) for d in self.dice) or len(set(self.dice)) < len(
                self.dice):
            raise RulesError(f"dice {self.dice}: give different die numbers from 1 to "
                             f"{len(dice)}", "RIG: same colours cancel")
        colours = {colour_of(dice[d - 1]) for d in self.dice}
        wait = [c for c in waits if c[1] in colours]
        if len(colours) != 1 or not wait or wait[0][2] != len(self.dice):
            said = "; ".join(f"{n} of the {c} dice" for _, c, n in waits)
            raise RulesError(f"{self.player} sets aside {said}", "RIG: same colours cancel")

    def apply(self, st: State) -> Outcome[State]:
        i = st.seat(self.player)
        seat = st.seats[i]
        colour = colour_of(seat.dice[self.dice[0] - 1])
        st = st.with_seat(i, evolve(seat, aside=seat.aside + tuple(d - 1 for d in self.dice)))
        st = evolve(st, cancels=tuple(c for c in st.cancels if c[:2] != (i, colour)))
        said = [f"{self.player} sets aside {' '.join(seat.dice[d - 1] for d in self.dice)}."]
        if not st.cancels:
            st = flow.set_order(st, said)
        return Outcome(st, tuple(said))


@dataclass(frozen=True, slots=True)
class Pop:
    """The top two tokens of the player's queue: components to the Rig, actions executed
    or made ready."""

    name: ClassVar[str] = "pop"
    player: str

    def check(self, st: State) -> None:
        _turn(st, self.player, "pop", "pop")

    def apply(self, st: State) -> Outcome[State]:
        i = st.seat(self.player)
        seat = st.seats[i]
        top = seat.queue[:2]
        st = st.with_seat(i, evolve(seat, queue=seat.queue[2:]))
        said = [f"{self.player} pops {' and '.join(t.name for t in top)}." if top
                else f"{self.player}'s queue is empty: nothing to pop."]
        return Outcome(flow.resolve(st, top, said), tuple(said))


@dataclass(frozen=True, slots=True)
class Flip:
    """A popped Flip: turns over a die (number 1 to 4) or a queue token (1 = the top) of
    either player."""

    name: ClassVar[str] = "flip"
    player: str
    whose: str
    die: int = 0
    token: int = 0

    def check(self, st: State) -> None:
        _popped(st, self.player, "purple", "Flip")
        seat = st.seats[st.seat(self.whose)]
        if bool(self.die) == bool(self.token):
            raise RulesError("a Flip turns over one die or one queue token: give one",
                             "RIG: Flip")
        if self.die:
            if not 1 <= self.die <= len(seat.dice):
                raise RulesError(f"{self.whose} has no die {self.die}", "RIG: Flip")
            if self.die - 1 in seat.aside:
                raise RulesError(f"{self.whose}'s die {self.die} is set aside for the "
                                 "round", "RIG: Flip (docs/rulings.md)")
        elif not 1 <= self.token <= len(seat.queue):
            raise RulesError(f"{self.whose}'s queue has {len(seat.queue)} token"
                             f"{'s' if len(seat.queue) != 1 else ''}, no token {self.token}",
                             "RIG: Flip")

    def apply(self, st: State) -> Outcome[State]:
        i, w = st.seat(self.player), st.seat(self.whose)
        seat = st.seats[w]
        if self.die:
            face = seat.dice[self.die - 1]
            dice = list(seat.dice)
            dice[self.die - 1] = flip_face(face)
            st = st.with_seat(w, evolve(seat, dice=tuple(dice)))
            said = [f"Flip: {self.whose}'s die {self.die} turns from {face} to "
                    f"{dice[self.die - 1]}."]
        else:
            queue = list(seat.queue)
            was = queue[self.token - 1]
            queue[self.token - 1] = was.flipped()
            st = st.with_seat(w, evolve(seat, queue=tuple(queue)))
            said = [f"Flip: {self.whose}'s queue token {self.token} turns from {was.name} "
                    f"to {was.flipped().name}."]
        st = flow.discard(st, i, st.popped[0], said)
        return _go_on(st, said)


@dataclass(frozen=True, slots=True)
class Extra:
    """A popped Extra: one more token of any colour from the Salvage Pile, side chosen."""

    name: ClassVar[str] = "extra"
    player: str
    colour: str
    side: Side

    def check(self, st: State) -> None:
        _popped(st, self.player, "black", "Extra")
        if st.in_pile(self.colour) == 0:
            raise RulesError(f"the Salvage Pile has no {self.colour} token left",
                             "RIG: out of luck")

    def apply(self, st: State) -> Outcome[State]:
        i = st.seat(self.player)
        t = Token(self.colour, self.side)
        st = st.with_pile(self.colour, -1)
        st = st.with_seat(i, evolve(st.seats[i], queue=st.seats[i].queue + (t,)))
        said = [f"Extra: {self.player} takes a {t.name} into the queue."]
        st = flow.discard(st, i, st.popped[0], said)
        return _go_on(st, said)


@dataclass(frozen=True, slots=True)
class Steal:
    """A popped Steal: set aside one of your dice in play (its number) and take a
    component of that colour from the opponent's Rig into your queue, side chosen."""

    name: ClassVar[str] = "steal"
    player: str
    die: int
    colour: str
    side: Side = "component"

    def check(self, st: State) -> None:
        i = _popped(st, self.player, "gold", "Steal")
        me, them = st.seats[i], st.seats[flow.other(i)]
        if self.die - 1 not in me.in_play():
            raise RulesError(f"{self.player} has no die {self.die} in play to remove "
                             f"(in play: {', '.join(str(d + 1) for d in me.in_play())})",
                             "RIG: Steal")
        if self.colour not in them.rig:
            raise RulesError(f"{them.name}'s Rig holds no {self.colour} component",
                             "RIG: Steal")

    def apply(self, st: State) -> Outcome[State]:
        i = st.seat(self.player)
        me, them = st.seats[i], st.seats[flow.other(i)]
        rig = list(them.rig)
        rig.remove(self.colour)
        t = Token(self.colour, self.side)
        st = st.with_seat(flow.other(i), evolve(them, rig=tuple(rig)))
        st = st.with_seat(i, evolve(me, aside=me.aside + (self.die - 1,),
                                     queue=me.queue + (t,)))
        said = [f"Steal: {self.player} removes die {self.die} ({me.dice[self.die - 1]}) "
                f"and takes {them.name}'s {Token(self.colour, 'component').name} into the "
                f"queue as {t.name}."]
        st = flow.discard(st, i, st.popped[0], said)
        return _go_on(st, said)


@dataclass(frozen=True, slots=True)
class Take:
    """Tokens from the Salvage Pile into the queue, each with the side chosen, in the
    order given: at most one per die in play showing its colour."""

    name: ClassVar[str] = "take"
    player: str
    tokens: tuple[Token, ...] = ()

    def check(self, st: State) -> None:
        i = _turn(st, self.player, "take", "take tokens")
        seat = st.seats[i]
        for colour in {t.colour for t in self.tokens}:
            n = sum(t.colour == colour for t in self.tokens)
            rolled = len(flow.dice_of(seat, colour))
            if n > rolled:
                raise RulesError(f"{self.player} has {rolled} {colour} "
                                 f"{'die' if rolled == 1 else 'dice'} in play: at most {rolled} "
                                 f"{colour} token{'s' if rolled != 1 else ''}",
                                 "RIG: one token per colour rolled")
            if n > st.in_pile(colour):
                raise RulesError(f"the Salvage Pile has {st.in_pile(colour)} {colour} "
                                 f"token{'s' if st.in_pile(colour) != 1 else ''} left",
                                 "RIG: out of luck")

    def apply(self, st: State) -> Outcome[State]:
        i = st.seat(self.player)
        for t in self.tokens:
            st = st.with_pile(t.colour, -1)
        st = st.with_seat(i, evolve(st.seats[i], queue=st.seats[i].queue + self.tokens))
        said = [f"{self.player} takes {', '.join(t.name for t in self.tokens)} into the "
                "queue." if self.tokens else f"{self.player} takes no token."]
        return Outcome(flow.end_turn(st, said), tuple(said))


ACTIONS: dict[str, type] = {c.name: c for c in (Roll, Cancel, Pop, Flip, Extra, Steal, Take)}
