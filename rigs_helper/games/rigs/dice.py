"""The table's dice: rolls given with ``--roll``, used before the seeded generator.  No I/O.

A step that rolls asks :meth:`rigs_helper.games.rigs.engine.Work.die` for a die.  It takes the
table's roll when one was given (a roll named for a player first, for a roll-off), else the
game's generator rolls it and the outcome says so.  A table roll that nothing used is
refused, so a mistyped or surplus ``--roll`` never passes silently.

A game started with ``--dice table`` never rolls: a die the table did not give stops the
step as an open choice (:class:`DieNeeded`, exit 3) naming the command that records it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rigs_helper.rules.errors import InputError, PendingChoice
from rigs_helper.rules.numbers import whole
from rigs_helper.rules.text import shell_word

if TYPE_CHECKING:
    from rigs_helper.rules.rng import Rng

SIDES = 6
DICE_MODES = ("rigs", "table")  # who rolls the dice a step needs and the table did not give


class DieNeeded(PendingChoice):
    """A die the table rolls (``--dice table``) was not given.  ``command`` (the action's
    words) makes the message name the command to run again with the roll; ``op``: the
    operation that needs it (the terminal says its words as the shared screen may show
    them: ``cli/rigscli.act``)."""

    def __init__(self, player: str | None, why: str, command: str | None = None,
                 op: object = None) -> None:
        self.player, self.why, self.command, self.op = player, why, command, op
        flag = f"--roll {shell_word(player + '=N')}" if player else "--roll N"
        # (a page drops a clause in `backticks`: it offers the roll in its own words)
        run = f"`rigs {command} {flag}`" if command else f"the same command with `{flag}`"
        who = f" for {player}" if player else ""
        super().__init__([f"the table rolls a die{who} ({why}): {run}"])


@dataclass(frozen=True, slots=True)
class Rolls:
    """The table's rolls for one command: in order, and per player (a roll-off)."""

    plain: tuple[int, ...] = ()
    named: tuple[tuple[str, int], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.plain or self.named)

    def words(self) -> tuple[str, ...]:
        """Each roll as ``--roll`` takes it, in order: ``("4", "Bo=2")``."""
        return tuple(str(n) for n in self.plain) + tuple(f"{w}={n}" for w, n in self.named)


def said_rolls(rolls: Rolls) -> str:
    """The table's dice as the log shows them: " --roll 4 --roll Bo=2"."""
    return "".join(f" --roll {w}" for w in rolls.words())


def _face(text: str, given: str) -> int:
    value = whole(text)
    if value is None:
        raise InputError(f"--roll {given!r}: a die roll is a number from 1 to {SIDES}, "
                         f"or NAME=N for one player's roll")
    if not 1 <= value <= SIDES:
        raise InputError(f"--roll {given!r}: a die shows 1 to {SIDES}")
    return value


def parse_rolls(items: list[str] | tuple[str, ...] | None) -> Rolls:
    """``["4", "Ana=3"]`` -> Rolls((4,), (("Ana", 3),)).  One-line InputError otherwise."""
    plain: list[int] = []
    named: list[tuple[str, int]] = []
    for item in items or ():
        name, sep, value = item.rpartition("=")
        if sep:
            if not name.strip():
                raise InputError(f"--roll {item!r}: a name goes before '='")
            named.append((name.strip(), _face(value, item)))
        else:
            plain.append(_face(value, item))
    return Rolls(tuple(plain), tuple(named))


class DiceCup:
    """The rolls of one operation: the table's first, then the generator's (announced)."""

    def __init__(self, rolls: Rolls | None, generator: Rng, sides: int = SIDES,
                 table_only: bool = False, by_rigs: tuple[str, ...] = (),
                 spare: tuple[str, ...] = ()) -> None:
        self._sides, self._table_only = sides, table_only
        # players whose rolls given by name may go unused (a victim's die for a waiting
        # card that another victim then turned back on its player)
        self._spare = {n.casefold() for n in spare}
        # players whose dice rigs rolls in this step (a victim who chose "virtual", or
        # one whose answer has not come yet while a waiting card is checked)
        self._by_rigs = {n.casefold() for n in by_rigs}
        self._plain = list(rolls.plain) if rolls else []
        self._named = list(rolls.named) if rolls else []
        self._generator = generator
        # (value, player, why) of each die the generator rolled / the table rolled
        self.virtual: list[tuple[int, str | None, str]] = []
        self.table: list[tuple[int, str | None, str]] = []

    def roll(self, player: str | None = None, why: str = "") -> int:
        if player is not None:
            for i, (name, value) in enumerate(self._named):
                if name.casefold() == player.casefold():
                    del self._named[i]
                    self.table.append((value, player, why))
                    return value
        if player is not None and player.casefold() in self._by_rigs:
            value = self._generator.die(self._sides)
            self.virtual.append((value, player, why))
            return value
        if self._plain:
            value = self._plain.pop(0)
            self.table.append((value, player, why))
            return value
        if self._table_only:
            raise DieNeeded(player, why)
        value = self._generator.die(self._sides)
        self.virtual.append((value, player, why))
        return value

    def named_for(self, players: list[str]) -> bool:
        """The table gave a roll named for one of ``players``."""
        names = {p.casefold() for p in players}
        return any(n.casefold() in names for n, _ in self._named)

    def leftover(self) -> str | None:
        """What the table gave that nothing used, in words (None when all was used)."""
        left = [str(v) for v in self._plain] + [f"{n}={v}" for n, v in self._named
                                                if n.casefold() not in self._spare]
        return ", ".join(left) if left else None

    def announcement(self) -> str | None:
        """"rolled by rigs: Ana 4, Bo 6 (leader tie); 3 (Rough Storm)", or None."""
        if not self.virtual:
            return None
        groups: dict[str, list[str]] = {}
        for value, player, why in self.virtual:
            groups.setdefault(why, []).append(f"{player} {value}" if player else str(value))
        return "rolled by rigs: " + "; ".join(
            ", ".join(faces) + (f" ({why})" if why else "") for why, faces in groups.items())
