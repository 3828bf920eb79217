"""Production plans chosen by a player.  No I/O."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rigs_helper.games.rigs.engine import Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.state import Game, frozen_map
from rigs_helper.games.rigs.tables import Tables


@dataclass(frozen=True, slots=True)
class SetPlan(Op):
    """Choose which plots are powered this Production Phase (overrides the default)."""

    name: str
    power: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()
    reset: bool = False
    phases = ("production",)
    phase_rule = "production is planned in the Production Phase"

    def _plan(self, game: Game) -> Mapping[str, str]:
        p = game.player(self.name)
        chosen = {} if self.reset else dict(p.plan)
        for pid in self.power:
            chosen[p.plot(pid).id] = "power"
        for pid in self.skip:
            pl = p.plot(pid)
            if pl.id in [p.plot(x).id for x in self.power]:
                raise InputError(f"{pl.id} is both --power and --skip")
            chosen[pl.id] = "skip"
        return chosen

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        from rigs_helper.games.rigs.production import plan, redirected, set_by_card

        p = game.player(self.name)
        for pid in self.power + self.skip:
            card = set_by_card(game, p, p.plot(pid).id, tables)
            if card and redirected(game, p.plot(pid).id):
                continue  # You sent it WHERE?!: its owner still adjusts their production
            if card:
                raise RulesError(f"{p.name} cannot re-plan {p.plot(pid).id}: {card}",
                                 rule="once a card idles a plot, its owner cannot "
                                 "change that plot's plan")
        chosen = self._plan(game)
        if self.reset:
            plan(replace_player_plan(game, self.name, chosen), self.name, tables, strict=True)
        else:  # (the kept plan with these choices over it: no new game made to read it)
            plan(game, self.name, tables, overrides=chosen, strict=True)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        from rigs_helper.games.rigs.production import plan

        chosen = self._plan(game)
        g = replace_player_plan(game, self.name, chosen)
        w = Work(g, tables)
        w.data = {"plan": plan(g, self.name, tables).as_dict()}
        w.say(f"{game.player(self.name).name}'s production plan: " + (", ".join(
            f"{k} {v}" for k, v in chosen.items()) or "the default"))
        return w.done()


def replace_player_plan(game: Game, name: str, chosen: Mapping[str, str]) -> Game:
    return game.with_player(replace(game.player(name), plan=frozen_map(chosen)))
