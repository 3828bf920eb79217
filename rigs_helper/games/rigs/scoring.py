"""End-game net worth (RULES.md, "End game and net worth").  No I/O.

net = credits + luxuries x last_price + sum(plot worth, doubled for luxury plots)
      + sum_r value_r x max(0, amount_r - 4 x scripts_r)       ("resources")
      - sum_r value_r x max(0, 4 x scripts_r - amount_r)       ("vinnie")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.numbers import whole
from rigs_helper.games.rigs.tables import BASIC_RESOURCES, Tables

if TYPE_CHECKING:
    from rigs_helper.games.rigs.dice import Rolls


@dataclass(frozen=True, slots=True)
class PlotHolding:
    type: str
    survey: int | None = None  # yield of its Survey card; None = unsurveyed

    @property
    def luxury(self) -> bool:
        return bool(self.survey)


@dataclass(frozen=True, slots=True)
class Holdings:
    """What one player owns at the end of the game, as far as scoring cares."""

    name: str
    credits: int = 0
    luxuries: int = 0
    energy: int = 0
    supplies: int = 0
    metal: int = 0
    vinnie: Mapping[str, int] = field(default_factory=dict)  # scripts per resource
    plots: tuple[PlotHolding, ...] = ()

    def amount(self, resource: str) -> int:
        n: int = getattr(self, resource)
        return n


@dataclass(frozen=True, slots=True)
class EndgameValues:
    """The End Game draws: last Luxury price, each plot type's worth, each resource's die."""

    luxury_price: int
    plot_values: Mapping[str, int]
    resource_values: Mapping[str, int]
    plot_cards: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # for --explain


@dataclass(frozen=True, slots=True)
class PlayerScore:
    name: str
    credits: int
    luxuries: int
    plots: int
    resources: int
    vinnie: int
    explain: tuple[str, ...]

    @property
    def net_worth(self) -> int:
        return self.credits + self.luxuries + self.plots + self.resources + self.vinnie

    def as_dict(self) -> dict[str, int | str]:
        return {"name": self.name, "net_worth": self.net_worth, "credits": self.credits,
                "luxuries": self.luxuries, "plots": self.plots, "resources": self.resources,
                "vinnie": self.vinnie}


@dataclass(frozen=True, slots=True)
class GameScore:
    players: tuple[PlayerScore, ...]
    values: EndgameValues

    @property
    def winners(self) -> tuple[str, ...]:
        """Every player with the highest net worth (ruling: a tie shares the win)."""
        if not self.players:
            return ()
        best = max(p.net_worth for p in self.players)
        return tuple(p.name for p in self.players if p.net_worth == best)

    def as_dict(self) -> dict[str, Any]:
        return {"players": [p.as_dict() for p in self.players], "winners": list(self.winners)}


def plot_worth(plot: PlotHolding, values: EndgameValues) -> int:
    """A plot is worth its type's value, doubled when its survey found Luxury spots."""
    base = values.plot_values[plot.type]
    return base * 2 if plot.luxury else base


def score_player(h: Holdings, values: EndgameValues, tables: Tables) -> PlayerScore:
    per_script = tables.constants.repay_end_game
    lines = [f"credits: {h.credits}"]
    luxuries = h.luxuries * values.luxury_price
    lines.append(f"luxuries: {h.luxuries} sold at {values.luxury_price} = {luxuries}")
    plots = 0
    for i, plot in enumerate(h.plots, 1):
        worth = plot_worth(plot, values)
        plots += worth
        survey = "unsurveyed" if plot.survey is None else f"survey {plot.survey}"
        cards = values.plot_cards.get(plot.type)
        made = f" (cards {' + '.join(map(str, cards))})" if cards and len(cards) > 1 else ""
        dbl = f" x 2 (luxury plot) = {worth}" if plot.luxury else ""
        lines.append(f"plot {i} {tables.plots[plot.type].name}, {survey}: "
                     f"{values.plot_values[plot.type]}{made}{dbl}")
    lines.append(f"plots total: {plots}")
    resources = vinnie = 0
    for res in BASIC_RESOURCES:
        # a resource nobody holds or owes needs no End Game die
        have, scripts = h.amount(res), h.vinnie.get(res, 0)
        value = values.resource_values.get(res, 0)
        owed = per_script * scripts
        left, short = max(0, have - owed), max(0, owed - have)
        resources += value * left
        vinnie -= value * short
        text = f"{res}: {have} at {value} each"
        if scripts:
            text += (f"; Vinnie takes {min(have, owed)} of {owed} owed "
                     f"({scripts} script{'s' if scripts != 1 else ''} x {per_script})")
            if short:
                text += f", {short} short x {value} = -{value * short} credits"
        text += f"; {left} left = {value * left}"
        lines.append(text)
    score = PlayerScore(h.name, h.credits, luxuries, plots, resources, vinnie, ())
    lines.append(f"net worth: {h.credits} + {luxuries} + {plots} + {resources} "
                 f"{'-' if vinnie < 0 else '+'} {abs(vinnie)} = {score.net_worth}")
    return PlayerScore(h.name, h.credits, luxuries, plots, resources, vinnie, tuple(lines))


def score_game(players: Sequence[Holdings], values: EndgameValues, tables: Tables) -> GameScore:
    missing = missing_values(players, values.luxury_price, values.plot_values,
                             values.resource_values)
    if missing:
        raise InputError("missing End Game values: " + ", ".join(missing))
    return GameScore(tuple(score_player(h, values, tables) for h in players), values)


def missing_values(players: Iterable[Holdings], luxury_price: int | None,
                   plot_values: Mapping[str, int], resource_values: Mapping[str, int]) -> list[str]:
    """Which End Game values the players' holdings need and that are not given."""
    players = list(players)
    missing = []
    if luxury_price is None and any(p.luxuries for p in players):
        missing.append("endgame.luxury_price")
    needed_types = sorted({plot.type for p in players for plot in p.plots})
    missing += [f"endgame.plot_values.{t}" for t in needed_types if t not in plot_values]
    for res in BASIC_RESOURCES:
        if res not in resource_values and any(p.amount(res) or p.vinnie.get(res) for p in players):
            missing.append(f"endgame.resource_values.{res}")
    return missing


def draw_order(tables: Tables) -> list[tuple[str, int]]:
    """The End Game draws in order: (plot type, cards), one entry per type."""
    return [(t.key, t.endgame_cards) for t in tables.plots.values()]


def complete_values(tables: Tables, luxury_price: int | None, plot_values: Mapping[str, int],
                    resource_values: Mapping[str, int], end_deck: Sequence[int],
                    roll: Callable[[], int], last_game_card: int | None = None
                    ) -> tuple[EndgameValues, list[str]]:
    """Fill every End Game value not given: plot types from the top of ``end_deck`` (card
    values, in draw order), resources with ``roll()`` (a die).  Returns the values and a
    line per draw made."""
    drawn: list[str] = []
    deck = list(end_deck)
    plots = dict(plot_values)
    cards: dict[str, tuple[int, ...]] = {}
    for ptype, n in draw_order(tables):
        if ptype in plots:
            continue
        if len(deck) < n:
            raise InputError("the End Game Market deck has too few cards left")
        taken, deck = tuple(deck[:n]), deck[n:]
        cards[ptype] = taken
        plots[ptype] = sum(taken)
        drawn.append(f"{tables.plots[ptype].name}: End Game Market "
                     f"card{'s' if n > 1 else ''} {' + '.join(map(str, taken))} = {plots[ptype]}"
                     " (drawn by rigs)")
    res = dict(resource_values)
    for r in BASIC_RESOURCES:
        if r not in res:
            res[r] = roll()
            drawn.append(f"{r}: die roll {res[r]} (rolled by rigs)")
    price = luxury_price
    if price is None:
        if last_game_card is None:
            raise InputError("missing End Game value: endgame.luxury_price")
        price = last_game_card
        drawn.append(f"luxury price: last Game Market card {price}")
    return EndgameValues(price, plots, res, cards), drawn


# ---------------------------------------------------------------------------- the table's draws


def parse_end_cards(items: list[str] | tuple[str, ...] | None, tables: Tables
                    ) -> dict[str, tuple[int, ...]]:
    """``["plains=4", "forest=3,5"]`` -> {"plains": (4,), "forest": (3, 5)}: the End Game
    Market cards the table drew, one value for Plains/Valley, two for the others."""
    out: dict[str, tuple[int, ...]] = {}
    for item in items or ():
        t, sep, vals = item.partition("=")
        t = t.strip().lower()
        if not sep or t not in tables.plots:
            raise InputError(f"--card {item!r}: give TYPE=V (plains, valley) or TYPE=V,V "
                             "(forest, desert, ridge)")
        if t in out:
            raise InputError(f"--card {item!r}: {t} is given twice")
        read = [whole(v) for v in vals.split(",")]
        values = tuple(v for v in read if v is not None)
        if len(values) != len(read):
            raise InputError(f"--card {item!r}: card values are whole numbers (digits 0-9)")
        n = tables.plots[t].endgame_cards
        if len(values) != n or any(v < 0 for v in values):
            raise InputError(f"--card {item!r}: {tables.plots[t].name} is worth "
                             f"{'one card' if n == 1 else f'{n} cards, summed'}: give "
                             f"{t}=" + ",".join(["V"] * n))
        out[t] = values
    return out


def beyond_deck(cards: Mapping[str, tuple[int, ...]], held: Mapping[int, int], deck: str,
                named: Callable[[str, tuple[int, ...]], str], unknown: bool = False
                ) -> InputError | None:
    """The End Game Market cards recorded (per plot type, their values) against the cards
    the deck holds (``held``: how many of each value): the first value recorded more often
    than ``deck`` holds it, as a one-line error naming the record that goes beyond it
    (``named``: e.g. ``--card forest=4,6``); None when the deck holds them all.
    ``unknown``: a value no card of the deck has is taken (a sheet of a print whose
    values it does not give)."""
    from collections import Counter

    total = Counter(v for vals in cards.values() for v in vals)
    count: Counter[int] = Counter()
    for t, vals in cards.items():
        count.update(vals)
        for v in vals:
            k = held.get(v, 0)
            if count[v] > k and (k or not unknown):
                return InputError(
                    f"{named(t, vals)}: {total[v]} End Game Market card"
                    f"{'s' if total[v] != 1 else ''} worth {v} recorded; {deck} holds "
                    + (f"{k}" if k else "none") + (" (its values: " + ", ".join(
                        map(str, sorted(held))) + ")" if not k and held else ""))
    return None


def end_rolls(rolls: Rolls) -> dict[str, int]:
    """The table's End Game dice, one per resource: ``--roll energy=4``."""
    if rolls.plain:
        raise InputError(f"--roll {rolls.plain[0]}: name the resource the die is for, e.g. "
                         "--roll energy=4")
    out: dict[str, int] = {}
    for name, value in rolls.named:
        r = name.strip().lower()
        if r not in BASIC_RESOURCES:
            raise InputError(f"--roll {name}={value}: the End Game dice are for energy, "
                             "supplies and metal")
        if r in out:
            raise InputError(f"--roll {name}={value}: one die per resource")
        out[r] = value
    return out


def given_values(cards: dict[str, tuple[int, ...]], dice: dict[str, int],
                 plot_values: dict[str, int], resource_values: dict[str, int], where: str
                 ) -> list[str]:
    """Add the table's End Game cards and dice to the values known; refuses one already
    there.  Returns a line per value recorded."""
    known = [f"{where}plot_values.{t}" for t in cards if t in plot_values]
    known += [f"{where}resource_values.{r}" for r in dice if r in resource_values]
    if known:
        raise InputError("already recorded: " + ", ".join(known) + " (the End Game draws "
                         "are made once)")
    lines = []
    for t, vals in cards.items():
        plot_values[t] = sum(vals)
        lines.append(f"{t}: End Game Market card{'s' if len(vals) > 1 else ''} "
                     f"{' + '.join(map(str, vals))} = {sum(vals)} (recorded)")
    for r, v in dice.items():
        resource_values[r] = v
        lines.append(f"{r}: the table's die {v} (recorded)")
    return lines
