"""The End Game draws of a finished game (plot values, dice), as an operation."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from rigs_helper.games.rigs.dice import Rolls
from rigs_helper.games.rigs.engine import Op, Outcome, Work
from rigs_helper.rules.errors import RulesError
from rigs_helper.games.rigs.market import card_value
from rigs_helper.games.rigs.scoring import (
    Holdings,
    PlotHolding,
    beyond_deck,
    complete_values,
    end_rolls,
    given_values,
)
from rigs_helper.games.rigs.state import Endgame, Game, frozen_map
from rigs_helper.games.rigs.tables import BASIC_RESOURCES, Tables


def holdings(game: Game) -> list[Holdings]:
    return [Holdings(name=p.name, credits=p.credits, luxuries=p.luxuries, energy=p.energy,
                     supplies=p.supplies, metal=p.metal, vinnie=dict(p.vinnie),
                     plots=tuple(PlotHolding(x.type, x.survey) for x in p.plots))
            for p in game.players]


@dataclass(frozen=True, slots=True)
class EndgameDraws(Op):
    """The leader's End Game draws: plot values from the End Game Market Deck, one die per
    resource (only the values the file does not give yet); the table's cards and dice
    (``cards``, ``rolls``) are recorded instead of drawing them."""

    cards: tuple[tuple[str, tuple[int, ...]], ...] = ()
    rolls: Rolls = Rolls()
    after_game = True

    # (by hand: no person's action, so no definition whose parameters could say it)
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
        if given and "market" not in game.missing:  # (a mixed deck: endmixed.py checks)
            held = Counter(card_value(tables, game.market.values, i) for i in game.market.end)
            err = beyond_deck(given, held, "the End Game deck",
                              lambda t, v: f"--card {t}={','.join(map(str, v))}")
            if err is not None:
                raise err
        recorded = given_values(given, end_rolls(self.rolls), plot_values, res, "endgame.")
        if "market" in game.missing:  # the group's own End Game cards and virtual ones
            from rigs_helper.games.rigs.endmixed import mixed_end_values

            end, virtual_lines = mixed_end_values(w, given, plot_values)
            w.game = replace(w.game, market=replace(w.game.market, end=end))
            recorded += virtual_lines
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

