"""The End Game draws of a finished game (plot values, dice), as an operation."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.rules.dice import Rolls
from rigs_helper.rules.engine import Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.rules.market import card_value
from rigs_helper.rules.scoring import Holdings, PlotHolding, complete_values
from rigs_helper.rules.state import Endgame, Game, frozen_map
from rigs_helper.rules.tables import BASIC_RESOURCES, Tables


def holdings(game: Game) -> list[Holdings]:
    return [Holdings(name=p.name, credits=p.credits, luxuries=p.luxuries, energy=p.energy,
                     supplies=p.supplies, metal=p.metal, vinnie=dict(p.vinnie),
                     plots=tuple(PlotHolding(x.type, x.survey) for x in p.plots))
            for p in game.players]


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
        try:
            values = tuple(int(v) for v in vals.split(","))
        except ValueError:
            raise InputError(f"--card {item!r}: card values are whole numbers") from None
        n = tables.plots[t].endgame_cards
        if len(values) != n or any(v < 0 for v in values):
            raise InputError(f"--card {item!r}: {tables.plots[t].name} is worth "
                             f"{'one card' if n == 1 else f'{n} cards, summed'}: give "
                             f"{t}=" + ",".join(["V"] * n))
        out[t] = values
    return out


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
                 plot_values: dict, resource_values: dict, where: str) -> list[str]:
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


@dataclass(frozen=True)
class EndgameDraws(Op):
    """The leader's End Game draws: plot values from the End Game Market Deck, one die per
    resource (only the values the file does not give yet); the table's cards and dice
    (``cards``, ``rolls``) are recorded instead of drawing them."""

    cards: tuple[tuple[str, tuple[int, ...]], ...] = ()
    rolls: Rolls = Rolls()
    after_game = True

    def describe(self) -> str:
        return "score (End Game draws)" + "".join(
            f" --card {t}={','.join(map(str, v))}" for t, v in self.cards) + "".join(
            f" --roll {n}={v}" for n, v in self.rolls.named)

    def check(self, game: Game, tables: Tables) -> None:
        if not game.game_over:
            raise RulesError(f"the game is not over (round {game.round}, "
                             f"{game.phase.title()} Phase)",
                             rule="scoring comes after the Market Phase of the last round")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        e = game.endgame
        plot_values, res = dict(e.plot_values), dict(e.resource_values)
        given = dict(self.cards)
        recorded = given_values(given, end_rolls(self.rolls), plot_values, res, "endgame.")
        for r in BASIC_RESOURCES:
            if r not in res:
                res[r] = w.die(r, why="End Game dice")
        end_values = [card_value(tables, game.market.values, i) for i in game.market.end]
        values, drawn = complete_values(
            tables, game.market.price or 0, plot_values, res, end_deck=end_values,
            roll=lambda: w.die(why="End Game die"))
        drawn = recorded + drawn
        cards = {**dict(e.plot_cards), **given,
                 **{k: v for k, v in values.plot_cards.items() if k not in plot_values}}
        # The drawn cards stay listed in the End Game deck (nothing draws from it later);
        # their values are recorded here.
        w.game = replace(w.game, endgame=Endgame(frozen_map(values.plot_values), frozen_map(cards),
                                         frozen_map(values.resource_values)))
        for line in drawn:
            w.say(line)
        w.data = {"drawn": drawn}
        return w.done()


