"""RIG's pieces: the six colours, each token's two sides, the two kinds of stickered die."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rigs_helper.rules.errors import InputError

#: the six colours, in the order the token chart lists them
COLOURS = ("red", "purple", "black", "gold", "blue", "green")
COMPONENT = {"red": "Rotor", "purple": "Gears", "black": "Gyro", "gold": "Pipes",
             "blue": "Boiler", "green": "Frame"}
ACTION = {"red": "Sabotage", "purple": "Flip", "black": "Extra", "gold": "Steal",
          "blue": "Boost", "green": "Magnet"}
#: the actions that wait in a ready position once popped (Blue and Green)
READIED = ("blue", "green")
Side = Literal["component", "action"]
SIDES: tuple[Side, Side] = ("component", "action")

#: a face is a colour and, on the four coloured faces, a sign; blue and gold are blank.
#: Each player's four dice: two of the first kind, two of the second.
KIND_A = ("blue", "gold", "black-", "red-", "green+", "purple+")
KIND_B = ("blue", "gold", "black+", "red+", "green-", "purple-")
FACES = tuple(dict.fromkeys(KIND_A + KIND_B))
#: opposite sides of a die (Flip turns a die to its opposite side)
OPPOSITE = {"blue": "gold", "gold": "blue", "black": "red", "red": "black",
            "green": "purple", "purple": "green"}
DICE = 4  # per player


@dataclass(frozen=True, slots=True, order=True)
class Token:
    """A token with the side that is face up."""

    colour: str
    side: Side

    @property
    def name(self) -> str:
        return (COMPONENT if self.side == "component" else ACTION)[self.colour]

    def flipped(self) -> Token:
        return Token(self.colour, "action" if self.side == "component" else "component")

    def __str__(self) -> str:
        return self.name


def colour_of(face: str) -> str:
    return face.rstrip("+-")


def sign_of(face: str) -> int:
    return 1 if face.endswith("+") else -1 if face.endswith("-") else 0


def flip_face(face: str) -> str:
    """The face on the other side of the die (a coloured face keeps its sign)."""
    return OPPOSITE[colour_of(face)] + face[len(colour_of(face)):]


def kind_of(face: str) -> str | None:
    """'A' or 'B' for a coloured face, None for a blank one (both kinds have them)."""
    if face in ("blue", "gold"):
        return None
    return "A" if face in KIND_A else "B"


def read_colour(word: str, what: str = "colour") -> str:
    w = word.strip().lower()
    matches = [c for c in COLOURS if c.startswith(w)] if w else []
    if w in COLOURS:
        return w
    if len(matches) == 1:
        return matches[0]
    raise InputError(f"{what} {word!r}: give one of {', '.join(COLOURS)}")


def read_face(word: str) -> str:
    """A die face as the table reads it: ``red-``, ``green+``, ``blue``, ``gold``."""
    w = word.strip().lower()
    sign = w[-1] if w[-1:] in "+-" and w else ""
    colour = read_colour(w.rstrip("+-"), "face")
    face = colour + sign
    if face not in FACES:
        need = ("no sign (blank)" if colour in ("blue", "gold")
                else f"its sign: {colour}+ or {colour}-")
        raise InputError(f"face {word!r}: a {colour} face has {need}")
    return face


def read_token(word: str) -> Token:
    """A token by the name of its face-up side (``rotor``, ``Sabotage``, a unique prefix)
    or as COLOUR:SIDE (``red:action``)."""
    w = word.strip().lower()
    if ":" in w:
        colour, _, side = w.partition(":")
        sides = [s for s in SIDES if s.startswith(side.strip())] if side.strip() else []
        if len(sides) != 1:
            raise InputError(f"token {word!r}: the side is 'component' or 'action'")
        return Token(read_colour(colour, "token"), sides[0])
    if w in _NAMES:
        return _NAMES[w]
    found = {t for n, t in _NAMES.items() if n.startswith(w)} if w else set()
    if len(found) == 1:
        return found.pop()
    every = ", ".join([*COMPONENT.values(), *ACTION.values()])
    raise InputError(f"token {word!r}: give a side's name ({every}) or COLOUR:SIDE")


#: each side's name (lower case) -> the token with that side up ("gear": the chart's word)
_NAMES = {**{v.lower(): Token(c, "component") for c, v in COMPONENT.items()},
          **{v.lower(): Token(c, "action") for c, v in ACTION.items()},
          "gear": Token("purple", "component")}
