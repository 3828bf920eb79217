"""One whole round of a 4-player game, as the phones play it and as the same actions are
typed at the terminal (issue "phones", Done when).  Shared by the in-process test and the
real-browser test.

Round 2 of seed 5 (Ana leads; Ana holds I WANT THAT!, Bo holds Wrong Address): the Land
Grant picked on the leader's phone, RIGS built and placed, a survey with its card, a deal
proposed and accepted, a Karma attack answered by a protection card from the victim's
phone, each player's Disaster and the hurt player's private Karma draw recorded on their
phones, the Market card drawn at the table and recorded on the leader's phone, a sale,
and every other phase ending by itself once everyone is done."""

from __future__ import annotations

from pathlib import Path

from servehelp import rigs

NAMES = ("Ana", "Bo", "Cy", "Di")
PRIVATE_DRAW = "Decoy"  # the card Ana records into her hand from her phone


def start(path: Path) -> Path:
    """Round 2, Player Phase, the Land Grant waiting for Ana; the attack and its answer in
    hand (set up at the terminal, before the phones)."""
    rigs("new", *[a for n in NAMES for a in ("-p", n)], "--seed", "5", "--cards", "table",
         "--game", path)
    for _ in range(3):
        rigs("next", "--auto", "--game", path)
    rigs("next", "--game", path)
    rigs("adjust", "Ana", "karma", "1", "--card", "I WANT THAT!", "--why", "dealt", "--game", path)
    rigs("adjust", "Bo", "karma", "1", "--card", "Wrong Address", "--why", "dealt", "--game", path)
    return path


def everyone_done() -> list[tuple[str, dict]]:
    return [(n, {"action": "done"}) for n in NAMES]


#: (player, form) as the phones post them, in order
PHONES: list[tuple[str, dict]] = [
    ("Ana", {"action": "grant", "card": "virtual"}),  # "Draw it for us": rigs' plots
    ("Ana", {"action": "grant", "plot": "P17"}),
    ("Ana", {"action": "vinnie borrow", "resource": "metal", "n": "2"}),
    ("Ana", {"action": "build", "n": "1"}),
    ("Ana", {"action": "move", "from": "warehouse", "to": "P17", "harvest": "metal",
             "n": "1"}),
    ("Bo", {"action": "survey", "plot": "P9", "card": "2"}),
    ("Bo", {"action": "move", "from": "warehouse", "to": "P9", "harvest": "luxuries",
            "n": "1"}),
    ("Ana", {"action": "deal propose", "to": "Bo", "energy": "1", "for_credits": "5"}),
    ("Bo", {"action": "deal accept", "deal": "1"}),
    ("Ana", {"action": "karma play", "title": "I WANT THAT!", "target": ["Bo"],
             "resource": ["energy"]}),
    ("Bo", {"action": "answer", "card": "Wrong Address"}),
    *everyone_done(),  # the Player Phase ends: each Disaster waits for its record
    ("Ana", {"action": "disaster record", "card": "Massive Solar Flare",
             "karma": PRIVATE_DRAW}),  # it hurts Ana: the Karma card she drew with it
    ("Bo", {"action": "disaster record", "card": "Safe"}),
    ("Cy", {"action": "disaster record", "card": "Safe"}),
    ("Di", {"action": "disaster record", "card": "virtual"}),
    *everyone_done(),  # to the Production Phase
    *everyone_done(),  # Last Call (every round)
    *everyone_done(),  # production committed; the Market card waits for the leader
    ("Ana", {"action": "next", "card": "Normal"}),  # drawn at the table, recorded
    ("Bo", {"action": "sell", "n": "all"}),
    *everyone_done(),  # round 3
]

#: the same actions typed at the terminal
TERMINAL: list[list[str]] = [
    ["grant", "--card", "virtual"],
    ["grant", "P17"],
    ["vinnie", "borrow", "Ana", "metal", "2"],
    ["build", "Ana", "1"],
    ["move", "Ana", "1", "--from", "warehouse", "--to", "P17", "--harvest", "metal"],
    ["survey", "Bo", "P9", "--card", "2"],
    ["move", "Bo", "1", "--from", "warehouse", "--to", "P9", "--harvest", "luxuries"],
    ["deal", "propose", "Ana", "Bo", "energy=1", "--for", "credits=5"],
    ["deal", "accept", "Bo", "1"],
    ["karma", "play", "Ana", "I WANT THAT!", "--target", "Bo", "--resource", "energy",
     "--wait"],
    ["answer", "Bo", "Wrong Address"],
    *[["done", n] for n in NAMES], ["next", "--wait"],
    ["disaster", "record", "Ana", "Massive Solar Flare", "--karma", PRIVATE_DRAW],
    ["disaster", "record", "Bo", "Safe"],
    ["disaster", "record", "Cy", "Safe"],
    ["disaster", "record", "Di", "virtual"],
    *[["done", n] for n in NAMES], ["next"],
    *[["done", n] for n in NAMES], ["next"],
    *[["done", n] for n in NAMES], ["next", "--card", "Normal"],
    ["sell", "Bo", "all"],
    *[["done", n] for n in NAMES], ["next"],
]


def split(text: str) -> tuple[str, str]:
    """(state, history) of a game file, the history without where each action came from."""
    import re

    from rigs_helper.store.historytext import MARKER

    state, log = text.split(MARKER, 1)
    log = re.sub(r"(?m)^# sealed by rigs: .*\n", "", log)  # (its length counts them)
    return state, re.sub(r'(?m)^(source|request_id|seal|by|request) = .*\n', "", log)


def typed(path: Path) -> Path:
    """The round typed at the terminal."""
    start(path)
    for args in TERMINAL:
        rigs(*args, "--game", path)
    return path
