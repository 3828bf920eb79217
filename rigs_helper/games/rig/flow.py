"""RIG's play order, the steps no one chooses: the roll counted, matching colours set
aside, who acts first, Boosts and Magnets discarded, popped tokens resolved top first, the
turn passed on and the win."""

from __future__ import annotations


from rigs_helper.games.rig.pieces import (
    COLOURS, READIED, Token, colour_of, sign_of,
)
from rigs_helper.games.rig.state import Seat, State, evolve


def other(i: int) -> int:
    return 1 - i


def dice_of(seat: Seat, colour: str) -> list[int]:
    """The dice in play showing ``colour`` (0-based)."""
    return [i for i in seat.in_play() if colour_of(seat.dice[i]) == colour]


def dice_total(seat: Seat) -> int:
    """The dice in play counted: +1 per +, -1 per -."""
    return sum(sign_of(seat.dice[i]) for i in seat.in_play())


def total(seat: Seat) -> int:
    """The roll counted for who acts first: the dice, +2 per active Boost."""
    return dice_total(seat) + 2 * seat.ready.count("blue")


def discard(st: State, by: int, token: Token, said: list[str]) -> State:
    """``by`` discards ``token``: to the Salvage Pile, or into the opponent's queue (the
    side up as it was) while the opponent's Magnet is active."""
    them = st.seats[other(by)]
    if "green" in them.ready:
        said.append(f"{token.name} goes into {them.name}'s queue (Magnet).")
        return st.with_seat(other(by), evolve(them, queue=them.queue + (token,)))
    return st.with_pile(token.colour, 1)


def after_roll(st: State, said: list[str]) -> State:
    """Both players have rolled: Round Zero counts (a tie rerolls); later rounds set
    matching colours aside first (asking the player with more when it matters)."""
    a, b = st.seats
    if st.round == 0:
        if total(a) == total(b):
            said.append(f"Tie at {total(a)}: Round Zero rolls again.")
            return evolve(st, seats=(evolve(a, dice=()), evolve(b, dice=())))
        return set_order(st, said)
    cancels: list[tuple[int, str, int]] = []
    for colour in COLOURS:
        mine, theirs = dice_of(st.seats[0], colour), dice_of(st.seats[1], colour)
        n = min(len(mine), len(theirs))
        if n == 0:
            continue
        for i, dice in ((0, mine), (1, theirs)):
            seat = st.seats[i]
            faces = {seat.dice[d] for d in dice}
            if len(dice) == n or len(faces) == 1:  # no choice: the first n go
                st = st.with_seat(i, evolve(seat, aside=seat.aside + tuple(dice[:n])))
            else:
                cancels.append((i, colour, n))
        said.append(f"{colour}: {n} die{'s' if n > 1 else ''} each set aside.")
    if cancels:
        return evolve(st, step="cancel", cancels=tuple(cancels))
    return set_order(st, said)


def set_order(st: State, said: list[str]) -> State:
    """Who acts first: the higher count; a tie goes to the previous round's second
    player.  Then every active Boost is discarded."""
    a, b = total(st.seats[0]), total(st.seats[1])
    if a != b:
        first = 0 if a > b else 1
        said.append(f"{st.seats[0].name} {a}, {st.seats[1].name} {b}: "
                    f"{st.seats[first].name} acts first.")
    else:
        first = st.order[1]
        said.append(f"Tie at {a}: {st.seats[first].name}, second last round, acts first.")
    st = evolve(st, order=(first, other(first)), turn=0, cancels=(),
                 step="take" if st.round == 0 else "pop")
    for i in (0, 1):
        for _ in range(st.seats[i].ready.count("blue")):
            seat = st.seats[i]
            ready = list(seat.ready)
            ready.remove("blue")
            st = st.with_seat(i, evolve(seat, ready=tuple(ready)))
            said.append(f"{seat.name}'s Boost is discarded.")
            st = discard(st, i, Token("blue", "action"), said)
    return st


def complete(seat: Seat) -> bool:
    return set(COLOURS) <= set(seat.rig)


def resolve(st: State, tokens: tuple[Token, ...], said: list[str]) -> State:
    """The popped ``tokens`` of the player whose turn it is, top first: a component to
    the Rig (the win as soon as it is complete), Boost and Magnet to a ready position,
    Sabotage executed; Flip, Extra and Steal wait for their choices when they can do
    something, else go back with no effect."""
    i = st.order[st.turn]
    for k, token in enumerate(tokens):
        seat = st.seats[i]
        if token.side == "component":
            seat = evolve(seat, rig=seat.rig + (token.colour,))
            st = st.with_seat(i, seat)
            said.append(f"{seat.name}'s Rig gets a {token.name}.")
            if complete(seat):
                said.append(f"{seat.name}'s Rig has one of each component: "
                            f"{seat.name} wins.")
                return evolve(st, step="over", winner=i, popped=())
        elif token.colour in READIED:
            st = st.with_seat(i, evolve(seat, ready=seat.ready + (token.colour,)))
            said.append(f"{seat.name}'s {token.name} is ready.")
        elif token.colour == "red":
            st = sabotage(st, i, said)
            st = discard(st, i, token, said)
        elif can_do(st, i, token.colour):
            return evolve(st, step="resolve", popped=tokens[k:])
        else:
            said.append(f"{seat.name}'s {token.name} has nothing to act on.")
            st = discard(st, i, token, said)
    return evolve(st, step="take", popped=())


def sabotage(st: State, i: int, said: list[str]) -> State:
    """The opponent discards the top two tokens of their queue."""
    them = st.seats[other(i)]
    top = them.queue[:2]
    st = st.with_seat(other(i), evolve(them, queue=them.queue[2:]))
    said.append(f"Sabotage: {them.name} discards "
                f"{' and '.join(t.name for t in top) if top else 'nothing (empty queue)'}.")
    for t in top:
        st = discard(st, other(i), t, said)
    return st


def can_do(st: State, i: int, colour: str) -> bool:
    """Whether a popped Flip (purple), Extra (black) or Steal (gold) has anything to act
    on (rulings: docs/rulings.md, RIG)."""
    me, them = st.seats[i], st.seats[other(i)]
    if colour == "purple":
        return any(s.in_play() or s.queue for s in st.seats)
    if colour == "black":
        return sum(st.pile) > 0
    return bool(them.rig) and bool(me.in_play())


def end_turn(st: State, said: list[str]) -> State:
    """The player whose turn ends: the opponent's active Magnet is discarded (its time is
    up); then the second player's turn, or the next round's roll."""
    i = st.order[st.turn]
    them = st.seats[other(i)]
    if "green" in them.ready:
        ready = list(them.ready)
        ready.remove("green")
        st = st.with_seat(other(i), evolve(them, ready=tuple(ready)))
        said.append(f"{them.name}'s Magnet is discarded.")
        st = discard(st, other(i), Token("green", "action"), said)
    if not any(st.pile) and not any(s.queue or s.ready for s in st.seats):
        return stalled(st, said)
    if st.turn == 0:
        return evolve(st, turn=1, step="take" if st.round == 0 else "pop")
    seats = tuple(evolve(s, dice=(), aside=()) for s in st.seats)
    return evolve(st, seats=(seats[0], seats[1]), round=st.round + 1, step="roll", turn=0)



def stalled(st: State, said: list[str]) -> State:
    """No token can move again (the Salvage Pile, both queues and the ready positions are
    empty: every token is in a Rig): the game ends; the Rig with more different
    components wins, an equal count is a draw (docs/rulings.md, RIG)."""
    a, b = (len(set(s.rig)) for s in st.seats)
    winner = None if a == b else 0 if a > b else 1
    said.append("Every token is in a Rig: no token can move again, the game ends. "
                + (f"{st.seats[winner].name} wins with more different components."
                   if winner is not None else f"A draw: {a} different components each."))
    return evolve(st, step="over", winner=winner)
