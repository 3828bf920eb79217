"""RIG's state as the table reads it (status, the JSON, the pages): everything is public."""

from __future__ import annotations

from typing import Any

from rigs_helper.games.rig import flow
from rigs_helper.games.rig.legal import legal
from rigs_helper.games.rig.pieces import COLOURS, Token, colour_of
from rigs_helper.games.rig.state import State

def where(st: State) -> str:
    if st.step == "over":
        return "game over"
    rnd = "Round Zero" if st.round == 0 else f"Round {st.round}"
    who = st.current()
    if who is None:
        return f"{rnd}: {'the roll' if st.step == 'roll' else 'setting matching dice aside'}"
    return f"{rnd}: {st.seats[who].name}'s turn ({'first' if st.turn == 0 else 'second'})"


def status_dict(st: State) -> dict[str, Any]:
    players = []
    for s in st.seats:
        players.append({
            "name": s.name,
            "dice": [{"die": k + 1, "face": f, "aside": k in s.aside}
                     for k, f in enumerate(s.dice)],
            "total": flow.dice_total(s) if s.dice else None,  # (a Boost: ready_words)
            "queue": [t.name for t in s.queue],
            "rig": [Token(c, "component").name for c in s.rig],
            "components": len(set(s.rig)),
            "missing": [Token(c, "component").name for c in COLOURS if c not in s.rig],
            "ready": [Token(c, "action").name for c in s.ready],
            "ready_words": ready_words(st, s.name),
        })
    return {"game": "rig", "round": st.round, "step": st.step, "where": where(st),
            "order": [st.seats[i].name for i in st.order],
            "turn": st.seats[st.current() or 0].name if st.current() is not None else None,
            "popped": [t.name for t in st.popped],
            "winner": st.seats[st.winner].name if st.winner is not None else None,
            "over": st.step == "over",
            "pile": dict(zip(COLOURS, st.pile)), "tokens": st.tokens, "dice": st.dice_by,
            "players": players,
            "waiting": [{"player": e.player, "action": e.action}
                        for s in st.seats for e in legal(st, s.name)]}


def takeable(st: State, name: str) -> list[str]:
    """The colours ``name`` may take tokens of now, one per die (for the hints)."""
    s = st.seats[st.seat(name)]
    return [colour_of(s.dice[d]) for d in s.in_play()]


def ready_words(st: State, name: str) -> list[str]:
    """What ``name``'s ready Boosts and Magnet still do, in words."""
    i = st.seat(name)
    them = st.seats[1 - i].name
    seat = st.seats[i]
    out = []
    if "blue" in seat.ready:
        n = seat.ready.count("blue")
        out.append(f"Boost{' x' + str(n) if n > 1 else ''}: +{2 * n} on {name}'s next roll")
    if "green" in seat.ready:
        out.append(f"Magnet: what {them} discards goes into {name}'s queue until the end "
                   f"of {them}'s next turn")
    return out
