"""RIG's state: two seats, the Salvage Pile, the round and whose step it is (frozen)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal, TypeVar

from rigs_helper.games.rig.pieces import COLOURS, Token
from rigs_helper.rules.errors import RulesError

#: roll: waiting for each player's dice; cancel: a player with more dice of a colour picks
#: which go; pop / resolve / take: the player whose turn it is (resolve: a popped action
#: waits for its choices); over: someone's Rig is complete
Step = Literal["roll", "cancel", "pop", "resolve", "take", "over"]


R = TypeVar("R")


def evolve(record: R, **changes: Any) -> R:
    """``dataclasses.replace`` for RIG's records, without its checks (a third of the
    time of a random game went to them): a copy with ``changes``."""
    new = object.__new__(type(record))
    for name in _SLOTS[type(record)]:
        object.__setattr__(new, name, changes[name] if name in changes
                           else getattr(record, name))
    return new


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    dice: tuple[str, ...] = ()    # this round's faces, die 1 to 4 (empty: not rolled yet)
    aside: tuple[int, ...] = ()   # dice (0-based) set aside this round: cancelled, Steal
    queue: tuple[Token, ...] = ()  # the top first
    rig: tuple[str, ...] = ()     # the components' colours, in the order built
    ready: tuple[str, ...] = ()   # actions in a ready position: blue (Boost), green (Magnet)

    def in_play(self) -> list[int]:
        return [i for i in range(len(self.dice)) if i not in self.aside]


@dataclass(frozen=True, slots=True)
class State:
    seats: tuple[Seat, Seat]
    pile: tuple[int, ...]          # tokens per colour, in COLOURS' order
    seed: int
    pos: int = 0                   # the generator's position (rules/rng.py)
    dice_by: str = "rigs"          # "rigs": a roll not given is rolled virtually; "table"
    tokens: int = 4                # tokens per colour at the start
    round: int = 0                 # 0: Round Zero
    step: Step = "roll"
    order: tuple[int, ...] = ()    # seats in this round's order (first, second)
    turn: int = 0                  # 0: the first player's turn, 1: the second's
    popped: tuple[Token, ...] = ()  # popped actions still to resolve, the next first
    cancels: tuple[tuple[int, str, int], ...] = ()  # (seat, colour, dice to set aside)
    winner: int | None = None

    def seat(self, name: str) -> int:
        for i, s in enumerate(self.seats):
            if s.name == name:
                return i
        raise RulesError(f"no player {name!r} in this game "
                         f"({' and '.join(s.name for s in self.seats)})")

    def current(self) -> int | None:
        """The seat whose turn it is (pop, resolve, take), else None."""
        if self.step in ("pop", "resolve", "take"):
            return self.order[self.turn]
        return None

    def in_pile(self, colour: str) -> int:
        return self.pile[COLOURS.index(colour)]

    def with_seat(self, i: int, seat: Seat) -> State:
        seats = (seat, self.seats[1]) if i == 0 else (self.seats[0], seat)
        return evolve(self, seats=seats)

    def with_pile(self, colour: str, delta: int) -> State:
        k = COLOURS.index(colour)
        return evolve(self, pile=self.pile[:k] + (self.pile[k] + delta,) + self.pile[k + 1:])


_SLOTS: dict[type, tuple[str, ...]] = {c: tuple(f.name for f in fields(c)) for c in (Seat, State)}


def new_state(players: tuple[str, str], seed: int, tokens: int = 4,
              dice_by: str = "rigs") -> State:
    return State(seats=(Seat(players[0]), Seat(players[1])), pile=(tokens,) * len(COLOURS),
                 seed=seed, tokens=tokens, dice_by=dice_by)
