"""RIGS: building, moving and surveying plots.  No I/O."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.games.rigs.actions.common import positive, resource_name
from rigs_helper.games.rigs.engine import Op, Outcome, Work, replace_plot
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.state import Game, Pile, Player, Plot
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.rules.text import shell_word
from rigs_helper.games.rigs.words import is_warehouse


@dataclass(frozen=True, slots=True)
class Build(Op):
    """Build N RIGS (2 Metal each) into the warehouse, or straight onto a plot (``to``,
    ``harvest``): then they are also moved there, 1 Supply each, in the same action."""

    name: str
    n: int = 1
    to: str | None = None
    harvest: str | None = None
    phases = ("player",)
    phase_rule = "RIGS are built in the Player Phase"

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        positive(self.n, "the number of RIGS")
        p = game.player(self.name)
        cost = tables.constants.build_metal * self.n
        if p.metal < cost:
            raise RulesError(f"{p.name} has {p.metal} Metal; building {self.n} RIGS costs "
                             f"{cost}", rule=f"{tables.constants.build_metal} Metal per RIGS")
        cap = tables.constants.colony_rigs
        if game.colony_rigs + self.n > cap:
            raise RulesError(f"the colony has {game.colony_rigs} RIGS; {self.n} more would "
                             f"pass {cap}", rule=f"only {cap} RIGS tokens exist")
        if self.harvest and not self.to:
            raise InputError("--harvest is not used without --to (built RIGS go to the "
                             "warehouse): give --to PLOT too, or leave it out")
        if self.to:
            self.apply(game, tables)  # pure: the move refuses what does not fit

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        cost = tables.constants.build_metal * self.n
        w.add(self.name, "metal", -cost, "build RIGS")
        p = w.player(self.name)
        w.update(p.name, warehouse_rigs=p.warehouse_rigs + self.n)
        w.say(f"{p.name} builds {self.n} RIGS for {cost} Metal "
              f"({p.warehouse_rigs + self.n} in the warehouse).")
        if self.to:
            Move(self.name, self.n, self.to, self.harvest).run(w)
        return w.done()


def _place(tables: Tables, plot: Plot, n: int, harvest: str) -> Plot:
    """``plot`` with ``n`` more RIGS harvesting ``harvest`` (checks the one-resource and
    spot rules)."""
    if plot.rigs and plot.harvest != harvest:
        raise RulesError(f"the RIGS on {plot.id} harvest {plot.harvest}",
                         rule="all RIGS on a plot harvest the same resource")
    spots = plot.spots(tables, harvest)
    if plot.rigs + n > spots:
        if harvest == "luxuries" and plot.survey is None:
            why = f"{plot.id} is not surveyed: it has no Luxury spots yet"
        else:
            why = (f"{plot.id} ({tables.plots[plot.type].name}"
                   f"{', survey ' + str(plot.survey) if plot.survey is not None else ''}) has "
                   f"{spots} {harvest} spot{'s' if spots != 1 else ''} and {plot.rigs} RIGS "
                   f"on it; {n} more do not fit")
        raise RulesError(why, rule="a plot holds at most as many RIGS as it has spots of "
                         "their resource")
    return replace(plot, rigs=plot.rigs + n, harvest=harvest)


@dataclass(frozen=True, slots=True)
class Move(Op):
    """Move N RIGS: warehouse -> plot, plot -> plot (even the same plot, to change what
    they harvest), plot -> warehouse.  1 Supply per RIGS moved."""

    name: str
    n: int
    to: str
    harvest: str | None = None
    source: str | None = None  # None = the warehouse
    phases = ("player",)
    phase_rule = "RIGS are moved in the Player Phase"

    def _plan(self, game: Game, tables: Tables, made: bool = True) -> Player | None:
        """The mover after the move (refused as the rules refuse it); ``made`` False:
        the refusals alone (``check``: no new player made)."""
        positive(self.n, "the number of RIGS")
        p = game.player(self.name)
        cost = tables.constants.move_supplies * self.n
        if p.supplies < cost:
            raise RulesError(f"{p.name} has {p.supplies} Supplies; moving {self.n} RIGS costs "
                             f"{cost}", rule="1 Supply per RIGS moved")
        from_wh = self.source is None or is_warehouse(self.source)
        to_wh = is_warehouse(self.to)
        if from_wh and to_wh:
            raise InputError("the RIGS are already in the warehouse (give --to PLOT)")
        if to_wh and self.harvest:
            raise InputError("--harvest is not used with --to warehouse (RIGS there harvest "
                             "nothing); leave it out")
        left_on: Plot | None = None  # the source plot after the move
        if from_wh:
            if p.warehouse_rigs < self.n:
                raise RulesError(f"{p.name} has {p.warehouse_rigs} RIGS in the warehouse; "
                                 f"cannot move {self.n}", rule="only RIGS you have can move")
            if made:
                p = replace(p, warehouse_rigs=p.warehouse_rigs - self.n)
        else:
            assert self.source is not None  # (None is the warehouse)
            src = p.plot(self.source)
            if src.rigs < self.n:
                raise RulesError(f"{src.id} has {src.rigs} RIGS; cannot move {self.n}",
                                 rule="only RIGS you have can move")
            left = src.rigs - self.n
            left_on = replace(src, rigs=left, harvest=src.harvest if left else None)
            if made:
                p = replace_plot(p, left_on)
        if to_wh:
            return replace(p, warehouse_rigs=p.warehouse_rigs + self.n) if made else None
        dest = p.plot(self.to)
        if left_on is not None and dest.id == left_on.id:
            dest = left_on
        harvest = resource_name(self.harvest) if self.harvest else dest.harvest
        if harvest is None:
            raise InputError(f"say what the RIGS on {dest.id} harvest: --harvest "
                             "energy|supplies|metal|luxuries")
        placed = _place(tables, dest, self.n, harvest)
        return replace_plot(p, placed) if made else None

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        self._plan(game, tables, made=False)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        self.run(w)
        return w.done()

    def run(self, w: Work) -> None:
        tables, game = w.tables, w.game
        moved = self._plan(game, tables)
        assert moved is not None
        w.put(moved)
        cost = tables.constants.move_supplies * self.n
        w.add(self.name, "supplies", -cost, "move RIGS")
        src = "the warehouse" if self.source is None or is_warehouse(self.source) \
            else game.player(self.name).plot(self.source).id
        if is_warehouse(self.to):
            dest = "the warehouse"
        else:
            plot = w.player(self.name).plot(self.to)
            dest = f"{plot.id} (now {plot.rigs} harvesting {plot.harvest})"
        w.say(f"{moved.name} moves {self.n} RIGS from {src} to {dest} for {cost} "
              f"Suppl{'y' if cost == 1 else 'ies'}.")


# ---------------------------------------------------------------------------- survey


@dataclass(frozen=True, slots=True)
class Survey(Op):
    name: str
    plot: str
    card: int | None = None  # yield of the physical Survey card drawn
    phases = ("player",)
    phase_rule = "plots are surveyed in the Player Phase"

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        p = game.player(self.name)
        plot = p.plot(self.plot)
        if plot.survey is not None:
            raise RulesError(f"{plot.id} already has a survey (yield {plot.survey})",
                             rule="a plot carries one survey; only unsurveyed plots are "
                             "surveyed")
        cost = tables.constants.survey_supplies
        if p.supplies < cost:
            raise RulesError(f"{p.name} has {p.supplies} Supplies; a survey costs {cost}",
                             rule="1 Supply per survey")
        if not game.survey.draw:
            raise RulesError("the Survey deck is empty")
        if "survey" in game.missing:
            mixed_survey_check(game.survey, self.card, p.name, plot.id)
        elif self.card is not None and self.card not in game.survey.draw:
            raise RulesError(f"no Survey card of yield {self.card} is left in the deck",
                             rule="cards are conserved")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        w.add(self.name, "supplies", -tables.constants.survey_supplies, "survey")
        pile = game.survey
        draw, tags = list(pile.draw), list(pile.virtual)
        if "survey" in game.missing:
            if self.card is not None:  # the group's card the table drew takes the top
                i = next(i for i, (k, v) in enumerate(zip(draw, tags))
                         if k == self.card and not v)
                draw[0], draw[i] = draw[i], draw[0]
            tags.pop(0)
        y = draw.pop(0) if self.card is None else draw.pop(draw.index(self.card))
        w.game = replace(w.game, survey=replace(pile, draw=tuple(draw), virtual=tuple(tags)))
        p = w.player(self.name)
        plot = p.plot(self.plot)
        w.put(replace_plot(p, replace(plot, survey=y)))
        how = "drawn by rigs" if self.card is None else "recorded"
        if "survey" in game.missing and self.card is None:
            how = "a virtual card: the group lacks it"
            w.say(f"Virtual Survey card for {p.name}'s {plot.id}: yield {y}.")
        w.say(f"{p.name} surveys {plot.id}: yield {y} ({how}) "
              + (f"- a luxury plot with {y} Luxury spot{'s' if y > 1 else ''}." if y else
                 "- no Luxury spots."))
        return w.done()


def mixed_survey_check(pile: Pile, card: int | None, name: str, pid: str) -> None:
    """A mixed Survey deck: the top card of the one shuffle says whether the table draws
    its own card (and records its yield) or rigs names a virtual one."""
    rule = "a mixed deck: rigs decides own pile or virtual card with the right odds"
    if pile.virtual[0] and card is not None:
        raise RulesError(f"--card {card}: {name}'s Survey card is a virtual one this time "
                         "(the group lacks it); record no card for it", rule=rule)
    if not pile.virtual[0] and card is None:
        raise RulesError(f"{name}: draw the top card of your Survey pile and record its "
                         f"yield (`rigs survey {shell_word(name)} {pid} --card YIELD`)",
                         rule=rule)
    if card is not None and not any(k == card and not v for k, v in
                                    zip(pile.draw, pile.virtual)):
        raise RulesError(f"no Survey card of yield {card} is left in your Survey pile",
                         rule="a mixed deck: the group's own cards are on plots")


# ---------------------------------------------------------------------------- Vinnie


