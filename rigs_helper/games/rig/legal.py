"""What a player may do now in RIG: each action kind with its parameters' allowed values
(the phones, the CLI's hints and the random games read it)."""

from __future__ import annotations

from rigs_helper.game.protocol import Legal
from rigs_helper.games.rig import flow
from rigs_helper.games.rig.pieces import COLOURS, FACES, SIDES, colour_of
from rigs_helper.games.rig.state import State


def legal(st: State, player: str) -> list[Legal]:
    i = st.seat(player)
    me, them = st.seats[i], st.seats[flow.other(i)]
    if st.step == "roll":
        if me.dice:
            return []
        virtual: tuple[bool, ...] = (True, False) if st.dice_by == "rigs" else (False,)
        return [Legal("roll", player, {"faces": FACES, "virtual": virtual})]
    if st.step == "cancel":
        return [Legal("cancel", player, {"colour": (c,), "count": (n,),
                                         "dice": tuple(d + 1 for d in flow.dice_of(me, c))})
                for s, c, n in st.cancels if s == i]
    if st.current() != i:
        return []
    if st.step == "pop":
        return [Legal("pop", player, {})]
    if st.step == "take":
        # each colour as often as it may be taken: dice in play showing it, tokens left
        rolled = [colour_of(me.dice[d]) for d in me.in_play()]
        colours = tuple(c for c in COLOURS
                        for _ in range(min(rolled.count(c), st.in_pile(c))))
        return [Legal("take", player, {"colours": colours, "sides": SIDES})]
    colour = st.popped[0].colour
    if colour == "purple":
        dice = tuple((s.name, d + 1) for s in st.seats for d in s.in_play())
        tokens = tuple((s.name, k + 1) for s in st.seats for k in range(len(s.queue)))
        return [Legal("flip", player, {"die": dice, "token": tokens})]
    if colour == "black":
        return [Legal("extra", player, {"colour": tuple(c for c in COLOURS if st.in_pile(c)),
                                        "side": SIDES})]
    return [Legal("steal", player, {"die": tuple(d + 1 for d in me.in_play()),
                                    "colour": tuple(dict.fromkeys(them.rig)),
                                    "side": SIDES})]


def waiting_for(st: State) -> list[tuple[str, str]]:
    """Whose decision the table waits for, and which action settles it."""
    if st.step == "over":
        return []
    out = []
    for s in st.seats:
        for entry in legal(st, s.name):
            out.append((s.name, entry.action))
    return out
