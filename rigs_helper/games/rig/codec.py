"""RIG's state and actions <-> the TOML documents of the game file, each key checked (a
hand-edited file that does not fit is one line naming the key)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from rigs_helper.games.rig.actions import ACTIONS
from rigs_helper.games.rig.pieces import COLOURS, FACES, SIDES, Token, read_token
from rigs_helper.games.rig.state import Seat, State
from rigs_helper.rules.errors import InputError
from rigs_helper.rules.rng import MAX_SEED

VERSION = 1
STEPS = ("roll", "cancel", "pop", "resolve", "take", "over")


def _get(doc: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in doc:
        raise InputError(f"{where}: missing key {key!r}")
    value = doc[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise InputError(f"{where}.{key}: {value!r} is not a "
                         f"{getattr(kind, '__name__', 'value of the right kind')}")
    return value


def _ints(doc: Mapping[str, Any], key: str, where: str, low: int, high: int) -> tuple[int, ...]:
    values = _get(doc, key, list, where)
    if not all(isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
               for v in values):
        raise InputError(f"{where}.{key}: each must be a whole number from {low} to {high}")
    return tuple(values)


def _tokens(values: Any, where: str) -> tuple[Token, ...]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise InputError(f"{where}: a list of token names")
    try:
        return tuple(read_token(v) for v in values)
    except InputError as exc:
        raise InputError(f"{where}: {exc}") from None


def encode(st: State) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "seed": st.seed, "pos": st.pos, "dice": st.dice_by, "tokens": st.tokens,
        "round": st.round, "step": st.step, "turn": st.turn,
        "order": [st.seats[i].name for i in st.order],
        "pile": dict(zip(COLOURS, st.pile)),
        "popped": [t.name for t in st.popped],
        "cancels": [{"player": st.seats[s].name, "colour": c, "dice": n}
                    for s, c, n in st.cancels],
        "seats": [{"name": s.name, "dice": list(s.dice), "aside": [d + 1 for d in s.aside],
                   "queue": [t.name for t in s.queue],
                   "rig": [Token(c, "component").name for c in s.rig],
                   "ready": [Token(c, "action").name for c in s.ready]} for s in st.seats],
    }
    if st.winner is not None:
        doc["winner"] = st.seats[st.winner].name
    return doc


def decode(doc: Mapping[str, Any], where: str = "state") -> State:
    seats_doc = _get(doc, "seats", list, where)
    if len(seats_doc) != 2 or not all(isinstance(s, dict) for s in seats_doc):
        raise InputError(f"{where}.seats: RIG has two players, one table each")
    seats = []
    for k, s in enumerate(seats_doc):
        w = f"{where}.seats[{k}]"
        dice = _get(s, "dice", list, w)
        if dice and (len(dice) != 4 or any(f not in FACES for f in dice)):
            raise InputError(f"{w}.dice: four faces ({', '.join(FACES)}) or none")
        rig = _tokens(_get(s, "rig", list, w), f"{w}.rig")
        ready = _tokens(_get(s, "ready", list, w), f"{w}.ready")
        if any(t.side != "component" for t in rig) or any(
                t.side != "action" or t.colour not in ("blue", "green") for t in ready):
            raise InputError(f"{w}: a Rig holds components; ready holds Boost and Magnet")
        seats.append(Seat(name=_get(s, "name", str, w), dice=tuple(dice),
                          aside=tuple(d - 1 for d in _ints(s, "aside", w, 1, 4)),
                          queue=_tokens(_get(s, "queue", list, w), f"{w}.queue"),
                          rig=tuple(t.colour for t in rig),
                          ready=tuple(t.colour for t in ready)))
    names = [s.name for s in seats]
    if names[0] == names[1]:
        raise InputError(f"{where}.seats: two players named {names[0]!r}")

    def seat(name: Any, key: str) -> int:
        if name not in names:
            raise InputError(f"{where}.{key}: {name!r} is not a player of this game")
        return names.index(name)

    pile_doc = _get(doc, "pile", dict, where)
    pile = tuple(_get(pile_doc, c, int, f"{where}.pile") for c in COLOURS)
    step = _get(doc, "step", str, where)
    if step not in STEPS:
        raise InputError(f"{where}.step: {step!r} is not one of {', '.join(STEPS)}")
    dice_by = _get(doc, "dice", str, where)
    if dice_by not in ("rigs", "table"):
        raise InputError(f"{where}.dice: 'rigs' or 'table'")
    seed = _get(doc, "seed", int, where)
    if not 0 <= seed <= MAX_SEED or any(n < 0 for n in pile):
        raise InputError(f"{where}: the seed and the pile's counts are whole numbers >= 0")
    cancels = []
    for c in _get(doc, "cancels", list, where):
        w = f"{where}.cancels"
        if not isinstance(c, dict) or _get(c, "colour", str, w) not in COLOURS:
            raise InputError(f"{w}: each has player, colour, dice")
        cancels.append((seat(_get(c, "player", str, w), "cancels"), c["colour"],
                        _get(c, "dice", int, w)))
    popped = _tokens(_get(doc, "popped", list, where), f"{where}.popped")
    if step == "resolve" and (not popped or popped[0].side != "action"
                              or popped[0].colour not in ("purple", "black", "gold")):
        raise InputError(f"{where}.popped: step 'resolve' waits for a popped Flip, Extra or "
                         "Steal, listed first")
    if step == "cancel" and not cancels:
        raise InputError(f"{where}.cancels: step 'cancel' waits for a player's choice here")
    order = tuple(seat(n, "order") for n in _get(doc, "order", list, where))
    winner = doc.get("winner")
    turn = _get(doc, "turn", int, where)
    if turn not in (0, 1) or (step in ("cancel", "pop", "resolve", "take") and len(order) != 2):
        raise InputError(f"{where}: turn is 0 or 1; order names both players once play began")
    return State(seats=(seats[0], seats[1]), pile=pile, seed=seed,
                 pos=_get(doc, "pos", int, where), dice_by=dice_by,
                 tokens=_get(doc, "tokens", int, where), round=_get(doc, "round", int, where),
                 step=step, order=order, turn=turn,
                 popped=popped,
                 cancels=tuple(cancels),
                 winner=None if winner is None else seat(winner, "winner"))


def action_doc(action: Any) -> dict[str, Any]:
    """An action as a log entry's fields: its name, then each field (tokens by name)."""
    doc: dict[str, Any] = {"action": action.name}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, tuple):
            value = [v.name if isinstance(v, Token) else v for v in value]
        doc[f.name] = value
    return doc


def action_from_doc(doc: Mapping[str, Any], where: str) -> Any:
    name = doc.get("action")
    cls = ACTIONS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise InputError(f"{where}.action: {name!r} is not a RIG action "
                         f"({', '.join(ACTIONS)})")
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in doc:
            if f.default is dataclasses.MISSING:
                raise InputError(f"{where}: missing key {f.name!r}")
            continue
        value = doc[f.name]
        if f.name == "tokens":
            value = _tokens(value, f"{where}.tokens")
        elif isinstance(value, list):
            value = tuple(value)
        default = f.default if f.default is not dataclasses.MISSING else None
        kinds = {str: str, int: int, tuple: tuple}
        want = type(default) if default is not None else None
        if f.name in ("player", "whose", "colour"):
            want = str
        elif f.name == "side":
            if value not in SIDES:
                raise InputError(f"{where}.side: 'component' or 'action'")
        elif f.name in ("dice", "faces"):
            want = tuple
        elif f.name == "die":
            want = int
        if want in kinds and (not isinstance(value, want) or isinstance(value, bool)):
            raise InputError(f"{where}.{f.name}: {value!r} is not a {want.__name__}")
        values[f.name] = value
    return cls(**values)
