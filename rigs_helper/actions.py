"""Player actions: RIGS, surveys, Vinnie, selling, deals, adjustments, production plans.
No I/O.  Each checks the rules first (naming the rule it enforces) and changes nothing
when it refuses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rigs_helper.data import RESOURCES, Tables
from rigs_helper.engine import Op, Outcome, Work, replace_plot
from rigs_helper.errors import InputError, RulesError
from rigs_helper.state import Game, Player, Plot, add_scripts, frozen_map

WAREHOUSE = ("warehouse", "w", "wh")


def _positive(n: int, what: str) -> None:
    if n < 1:
        raise InputError(f"{what} must be 1 or more, not {n}")


_ALIASES = {"energy": "energy", "supply": "supplies", "supplies": "supplies",
            "metal": "metal", "metals": "metal", "luxury": "luxuries", "luxuries": "luxuries",
            "lux": "luxuries"}


def resource_name(text: str, allowed: tuple[str, ...] = RESOURCES) -> str:
    """A resource as typed (any case, singular or plural) -> its key."""
    r = _ALIASES.get(text.strip().lower())
    if r is None or r not in allowed:
        raise InputError(f"unknown resource {text!r} (one of {', '.join(allowed)})")
    return r


# ---------------------------------------------------------------------------- RIGS


@dataclass(frozen=True)
class Build(Op):
    name: str
    n: int = 1
    phases = ("player",)
    phase_rule = "RIGS are built in the Player Phase"

    def describe(self) -> str:
        return f"build {self.name} {self.n}"

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        _positive(self.n, "the number of RIGS")
        p = game.player(self.name)
        cost = tables.constants.build_metal * self.n
        if p.metal < cost:
            raise RulesError(f"{p.name} has {p.metal} Metal; building {self.n} RIGS costs "
                             f"{cost}", rule=f"{tables.constants.build_metal} Metal per RIGS")
        cap = tables.constants.colony_rigs
        if game.colony_rigs + self.n > cap:
            raise RulesError(f"the colony has {game.colony_rigs} RIGS; {self.n} more would "
                             f"pass {cap}", rule=f"only {cap} RIGS tokens exist")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        cost = tables.constants.build_metal * self.n
        w.add(self.name, "metal", -cost, "build RIGS")
        p = w.player(self.name)
        w.update(p.name, warehouse_rigs=p.warehouse_rigs + self.n)
        w.say(f"{p.name} builds {self.n} RIGS for {cost} Metal "
              f"({p.warehouse_rigs + self.n} in the warehouse).")
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


@dataclass(frozen=True)
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

    def describe(self) -> str:
        s = f"move {self.name} {self.n} --to {self.to}"
        if self.harvest:
            s += f" --harvest {self.harvest}"
        return s + (f" --from {self.source}" if self.source else "")

    def _plan(self, game: Game, tables: Tables) -> Player:
        _positive(self.n, "the number of RIGS")
        p = game.player(self.name)
        cost = tables.constants.move_supplies * self.n
        if p.supplies < cost:
            raise RulesError(f"{p.name} has {p.supplies} Supplies; moving {self.n} RIGS costs "
                             f"{cost}", rule="1 Supply per RIGS moved")
        from_wh = self.source is None or self.source.lower() in WAREHOUSE
        to_wh = self.to.lower() in WAREHOUSE
        if from_wh and to_wh:
            raise InputError("the RIGS are already in the warehouse (give --to PLOT)")
        if from_wh:
            if p.warehouse_rigs < self.n:
                raise RulesError(f"{p.name} has {p.warehouse_rigs} RIGS in the warehouse; "
                                 f"cannot move {self.n}", rule="only RIGS you have can move")
            p = replace(p, warehouse_rigs=p.warehouse_rigs - self.n)
        else:
            src = p.plot(self.source)
            if src.rigs < self.n:
                raise RulesError(f"{src.id} has {src.rigs} RIGS; cannot move {self.n}",
                                 rule="only RIGS you have can move")
            left = src.rigs - self.n
            p = replace_plot(p, replace(src, rigs=left, harvest=src.harvest if left else None))
        if to_wh:
            return replace(p, warehouse_rigs=p.warehouse_rigs + self.n)
        dest = p.plot(self.to)
        harvest = resource_name(self.harvest) if self.harvest else dest.harvest
        if harvest is None:
            raise InputError(f"say what the RIGS on {dest.id} harvest: --harvest "
                             "energy|supplies|metal|luxuries")
        return replace_plot(p, _place(tables, dest, self.n, harvest))

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        self._plan(game, tables)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        moved = self._plan(game, tables)
        w.put(moved)
        cost = tables.constants.move_supplies * self.n
        w.add(self.name, "supplies", -cost, "move RIGS")
        src = "the warehouse" if self.source is None or self.source.lower() in WAREHOUSE \
            else self.source.upper()
        if self.to.lower() in WAREHOUSE:
            dest = "the warehouse"
        else:
            plot = w.player(self.name).plot(self.to)
            dest = f"{plot.id} (now {plot.rigs} harvesting {plot.harvest})"
        w.say(f"{moved.name} moves {self.n} RIGS from {src} to {dest} for {cost} "
              f"Suppl{'y' if cost == 1 else 'ies'}.")
        return w.done()


# ---------------------------------------------------------------------------- survey


@dataclass(frozen=True)
class Survey(Op):
    name: str
    plot: str
    card: int | None = None  # yield of the physical Survey card drawn
    phases = ("player",)
    phase_rule = "plots are surveyed in the Player Phase"

    def describe(self) -> str:
        return f"survey {self.name} {self.plot}" + (
            f" --card {self.card}" if self.card is not None else "")

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
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
        if self.card is not None and self.card not in game.survey.draw:
            raise RulesError(f"no Survey card of yield {self.card} is left in the deck",
                             rule="cards are conserved")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        w.add(self.name, "supplies", -tables.constants.survey_supplies, "survey")
        draw = list(game.survey.draw)
        y = draw.pop(0) if self.card is None else draw.pop(draw.index(self.card))
        w.game = replace(w.game, survey=replace(game.survey, draw=tuple(draw)))
        p = w.player(self.name)
        plot = p.plot(self.plot)
        w.put(replace_plot(p, replace(plot, survey=y)))
        w.say(f"{p.name} surveys {plot.id}: yield {y} "
              + (f"- a luxury plot with {y} Luxury spot{'s' if y > 1 else ''}." if y else
                 "- no Luxury spots."))
        return w.done()


# ---------------------------------------------------------------------------- Vinnie


@dataclass(frozen=True)
class Borrow(Op):
    name: str
    resource: str
    n: int = 1
    phases = ("player", "production")
    phase_rule = "Vinnie lends in the Player and Production Phases"

    def describe(self) -> str:
        return f"vinnie borrow {self.name} {self.resource} {self.n}"

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        _positive(self.n, "the amount")
        res = resource_name(self.resource, tables.constants.loanable)
        p = game.player(self.name)
        limit = len(p.plots)
        if p.borrowed + self.n > limit:
            raise RulesError(f"{p.name} owns {limit} plot{'s' if limit != 1 else ''} and has "
                             f"borrowed {p.borrowed} this phase; {self.n} more is too many",
                             rule="Vinnie lends at most one unit per plot owned per phase")
        out, cap = game.scripts_out(res), tables.constants.scripts_per_resource
        if out + self.n > cap:
            raise RulesError(f"{out} of Vinnie's {cap} {res} scripts are out; "
                             f"{cap - out} left", rule="when the scripts run out Vinnie "
                             "lends no more of that resource until some are repaid")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        res = resource_name(self.resource, tables.constants.loanable)
        w.add(self.name, res, self.n, "Vinnie loan")
        p = w.player(self.name)
        p = add_scripts(replace(p, borrowed=p.borrowed + self.n), res, self.n)
        w.put(p)
        w.say(f"{p.name} borrows {self.n} {res} from Vinnie ({p.scripts(res)} {res} "
              f"script{'s' if p.scripts(res) != 1 else ''} now; repay "
              f"{tables.constants.repay_during_game} each in a Player Phase, "
              f"{tables.constants.repay_end_game} each at the end).")
        return w.done()


@dataclass(frozen=True)
class Repay(Op):
    name: str
    resource: str
    n: int = 1
    phases = ("player",)
    phase_rule = "Vinnie is repaid in the Player Phase"

    def describe(self) -> str:
        return f"vinnie repay {self.name} {self.resource} {self.n}"

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        _positive(self.n, "the number of scripts")
        res = resource_name(self.resource, tables.constants.loanable)
        p = game.player(self.name)
        if p.scripts(res) < self.n:
            raise RulesError(f"{p.name} holds {p.scripts(res)} {res} script"
                             f"{'s' if p.scripts(res) != 1 else ''}; cannot repay {self.n}",
                             rule="a repayment clears scripts the player holds")
        cost = tables.constants.repay_during_game * self.n
        if p.amount(res) < cost:
            raise RulesError(f"{p.name} has {p.amount(res)} {res}; repaying {self.n} "
                             f"script{'s' if self.n != 1 else ''} costs {cost}",
                             rule=f"{tables.constants.repay_during_game} units of the same "
                             "resource per script during the game")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        res = resource_name(self.resource, tables.constants.loanable)
        cost = tables.constants.repay_during_game * self.n
        w.add(self.name, res, -cost, "Vinnie repayment")
        w.put(add_scripts(w.player(self.name), res, -self.n))
        w.say(f"{self.name} repays {self.n} {res} script{'s' if self.n != 1 else ''} with "
              f"{cost} {res}.")
        return w.done()


def vinnie_view(game: Game, tables: Tables) -> dict:
    """Every debt, what repaying it costs now, and what Vinnie takes at the end."""
    c = tables.constants
    values = game.endgame.resource_values
    out = []
    for p in game.players:
        debts = []
        for r in c.loanable:
            n = p.scripts(r)
            if not n:
                continue
            owed_end = c.repay_end_game * n
            short = max(0, owed_end - p.amount(r))
            d = {"resource": r, "scripts": n, "repay_now": c.repay_during_game * n,
                 "can_repay_now": min(n, p.amount(r) // c.repay_during_game),
                 "owed_at_end": owed_end, "have": p.amount(r), "short_at_end": short}
            if r in values:
                d["short_credits"] = short * values[r]
            else:
                d["short_credits_range"] = [short * 1, short * c.die_sides]
            debts.append(d)
        out.append({"name": p.name, "borrowed_this_phase": p.borrowed,
                    "can_borrow_this_phase": max(0, len(p.plots) - p.borrowed)
                    if game.phase in ("player", "production") else 0, "debts": debts})
    return {"players": out, "scripts_out": {r: game.scripts_out(r) for r in c.loanable},
            "scripts_cap": c.scripts_per_resource}


# ---------------------------------------------------------------------------- market


def sale_price(game: Game, player: Player) -> int:
    price = game.market.price or 0
    bonus = sum(int(e.split(":", 1)[1]) for e in player.effects if e.startswith("naive:"))
    return price + bonus


@dataclass(frozen=True)
class Sell(Op):
    name: str
    n: int
    phases = ("market",)
    phase_rule = "Luxuries are sold in the Market Phase, at the Market card's price"

    def describe(self) -> str:
        return f"sell {self.name} {self.n}"

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        _positive(self.n, "the number of Luxuries")
        p = game.player(self.name)
        if game.market.price is None:
            raise RulesError("no Market card has been drawn this round")
        if p.luxuries < self.n:
            raise RulesError(f"{p.name} has {p.luxuries} Luxuries; cannot sell {self.n}",
                             rule="only Luxuries in the warehouse are sold")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        p = w.player(self.name)
        price = sale_price(game, p)
        w.add(p.name, "luxuries", -self.n, "Luxury sale")
        w.add(p.name, "credits", self.n * price, "Luxury sale")
        w.say(f"{p.name} sells {self.n} Luxur{'y' if self.n == 1 else 'ies'} at {price}: "
              f"+{self.n * price} credits.")
        return w.done()


# ---------------------------------------------------------------------------- deals


@dataclass(frozen=True)
class Give(Op):
    """A deal: FROM gives TO credits, resources, warehouse RIGS and plots, all or nothing.
    Player Phase: anything.  Production Phase ("Zero Hour"): only credits and warehouse
    resources.  A plot goes with its survey and the RIGS on it."""

    giver: str
    receiver: str
    amounts: tuple[tuple[str, int], ...] = ()  # ("credits"|resource|"rigs", n)
    plots: tuple[str, ...] = ()
    phases = ("player", "production")
    phase_rule = "deals move goods in the Player Phase; only credits and resources in the " \
                 "Production Phase (Zero Hour)"

    def describe(self) -> str:
        bits = [f"{n} {k}" for k, n in self.amounts] + list(self.plots)
        return f"give {self.giver} {self.receiver} " + " ".join(bits)

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        a, b = game.player(self.giver), game.player(self.receiver)
        if a.name == b.name:
            raise InputError("a player cannot deal with themselves")
        if not self.amounts and not self.plots:
            raise InputError("the deal moves nothing (give amounts like credits=10 or plots)")
        zero_hour = game.phase == "production"
        seen = set()
        for k, n in self.amounts:
            _positive(n, k)
            if k in seen:
                raise InputError(f"{k} is given twice")
            seen.add(k)
            if k == "rigs":
                if zero_hour:
                    raise RulesError("RIGS cannot change hands in the Production Phase",
                                     rule="Zero Hour deals move only credits and resources")
                if a.warehouse_rigs < n:
                    raise RulesError(f"{a.name} has {a.warehouse_rigs} RIGS in the warehouse; "
                                     f"cannot give {n}", rule="RIGS pass between warehouses "
                                     "(move them off plots first)")
            elif k not in ("credits", *RESOURCES):
                raise InputError(f"{k!r} cannot be given (credits, resources, rigs, plots)")
            elif (a.credits if k == "credits" else a.amount(k)) < n:
                have = a.credits if k == "credits" else a.amount(k)
                raise RulesError(f"{a.name} has {have} {k}; cannot give {n}",
                                 rule="a deal moves only what the giver has")
        if self.plots and zero_hour:
            raise RulesError("plots cannot change hands in the Production Phase",
                             rule="Zero Hour deals move only credits and resources")
        for pid in self.plots:
            a.plot(pid)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        src = f"deal {self.giver}->{self.receiver}"
        for k, n in self.amounts:
            if k == "rigs":
                a = w.player(self.giver)
                w.update(a.name, warehouse_rigs=a.warehouse_rigs - n)
                b = w.player(self.receiver)
                w.update(b.name, warehouse_rigs=b.warehouse_rigs + n)
            else:
                w.add(self.giver, k, -n, src)
                w.add(self.receiver, k, n, src)
        for pid in self.plots:
            a = w.player(self.giver)
            plot = a.plot(pid)
            w.update(a.name, plots=tuple(x for x in a.plots if x.id != plot.id),
                     plan=frozen_map({k: v for k, v in a.plan.items() if k != plot.id}))
            b = w.player(self.receiver)
            w.update(b.name, plots=b.plots + (plot,))
        a, b = game.player(self.giver), game.player(self.receiver)
        w.say(f"{a.name} gives {b.name}: " + ", ".join(
            [f"{n} {k}" for k, n in self.amounts] + [p.upper() for p in self.plots]) + ".")
        return w.done()


def parse_amounts(items: list[str], allowed: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """``["credits=10", "metal=2"]`` -> (("credits", 10), ("metal", 2))."""
    out = []
    for item in items:
        k, sep, v = item.partition("=")
        if not sep:
            raise InputError(f"{item!r}: write WHAT=N, e.g. credits=10 or metal=2")
        key = k.strip().lower()
        key = key if key in ("credits", "rigs") else resource_name(key)
        if key not in allowed:
            raise InputError(f"{item!r}: {key} cannot be given here")
        try:
            n = int(v)
        except ValueError:
            raise InputError(f"{item!r}: {v!r} is not a whole number") from None
        if n < 1:  # every amount given this way is a count of things that move
            raise InputError(f"{item!r}: the amount must be 1 or more, not {n}")
        if key in (k for k, _ in out):
            raise InputError(f"{item!r}: {key} is given twice")
        out.append((key, n))
    return tuple(out)


# ---------------------------------------------------------------------------- by hand


@dataclass(frozen=True)
class Adjust(Op):
    """What the table decided and the tool does not model: logged and undoable.  Allowed
    after the game too, to fix the books before scoring."""

    after_game = True
    name: str
    what: str
    delta: int
    why: str

    def describe(self) -> str:
        return f"adjust {self.name} {self.what} {self.delta:+d} --why {self.why!r}"

    def _key(self) -> str:
        t = self.what.strip().lower()
        return t if t in ("credits", "rigs") else resource_name(t)

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        if not self.why.strip():
            raise InputError("--why is required: say what the table decided")
        if self.delta == 0:
            raise InputError("the change must not be 0")
        p = game.player(self.name)
        k = self._key()
        have = p.warehouse_rigs if k == "rigs" else p.credits if k == "credits" \
            else p.amount(k)
        if have + self.delta < 0:
            where = " in the warehouse" if k == "rigs" else ""
            raise RulesError(f"{p.name} has {have} {k}{where}; cannot take away "
                             f"{-self.delta}")
        if k == "rigs" and game.colony_rigs + self.delta > tables.constants.colony_rigs:
            raise RulesError(f"the colony would have more than "
                             f"{tables.constants.colony_rigs} RIGS",
                             rule="only 75 RIGS tokens exist")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        k = self._key()
        if k == "rigs":
            p = w.player(self.name)
            w.update(p.name, warehouse_rigs=p.warehouse_rigs + self.delta)
        else:
            w.add(self.name, k, self.delta, f"by hand: {self.why}")
        w.say(f"{game.player(self.name).name}: {self.delta:+d} {k} ({self.why}).")
        return w.done()


# ---------------------------------------------------------------------------- pending


@dataclass(frozen=True)
class Settle(Op):
    """Throw away resources a card made the player lose (must_discard), or take the
    resources a card granted (may_take)."""

    name: str
    amounts: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        return f"settle {self.name} " + " ".join(f"{k}={n}" for k, n in self.amounts)

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        p = game.player(self.name)
        total = sum(n for _, n in self.amounts)
        for k, n in self.amounts:
            _positive(n, k)
        if p.must_discard:
            if total != min(p.must_discard, sum(p.amount(r) for r in RESOURCES)):
                raise RulesError(f"{p.name} must throw away {p.must_discard} resources "
                                 f"(as many as they have), not {total}")
            for k, n in self.amounts:
                if p.amount(k) < n:
                    raise RulesError(f"{p.name} has {p.amount(k)} {k}; cannot throw away {n}")
        elif p.may_take:
            if total > p.may_take:
                raise RulesError(f"{p.name} may take {p.may_take} resources, not {total}")
        else:
            raise RulesError(f"{p.name} has nothing to settle")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        p = w.player(self.name)
        if p.must_discard:
            for k, n in self.amounts:
                w.lose(p.name, k, n, "card: thrown away")
            w.update(p.name, must_discard=0)
            w.say(f"{p.name} throws away " + ", ".join(f"{n} {k}" for k, n in self.amounts)
                  + ".")
        else:
            for k, n in self.amounts:
                w.add(p.name, k, n, "card: Ruins")
            w.update(p.name, may_take=0)
            w.say(f"{p.name} takes " + ", ".join(f"{n} {k}" for k, n in self.amounts) + ".")
        return w.done()


# ---------------------------------------------------------------------------- production


@dataclass(frozen=True)
class SetPlan(Op):
    """Choose which plots are powered this Production Phase (overrides the default)."""

    name: str
    power: tuple[str, ...] = ()
    skip: tuple[str, ...] = ()
    reset: bool = False
    phases = ("production",)
    phase_rule = "production is planned in the Production Phase"

    def describe(self) -> str:
        return f"produce {self.name}" + "".join(f" --power {p}" for p in self.power) + "".join(
            f" --skip {p}" for p in self.skip) + (" --reset" if self.reset else "")

    def _plan(self, game: Game) -> Mapping[str, str]:
        p = game.player(self.name)
        chosen = {} if self.reset else dict(p.plan)
        for pid in self.power:
            chosen[p.plot(pid).id] = "power"
        for pid in self.skip:
            pl = p.plot(pid)
            if pl.id in [x.upper() for x in self.power]:
                raise InputError(f"{pl.id} is both --power and --skip")
            chosen[pl.id] = "skip"
        return chosen

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        from rigs_helper.production import plan

        chosen = self._plan(game)
        plan(replace_player_plan(game, self.name, chosen), self.name, tables)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        from rigs_helper.production import plan

        chosen = self._plan(game)
        g = replace_player_plan(game, self.name, chosen)
        w = Work(g, tables)
        w.data = {"plan": plan(g, self.name, tables).as_dict()}
        w.say(f"{game.player(self.name).name}'s production plan: " + (", ".join(
            f"{k} {v}" for k, v in chosen.items()) or "the default"))
        return w.done()


def replace_player_plan(game: Game, name: str, chosen: Mapping[str, str]) -> Game:
    return game.with_player(replace(game.player(name), plan=frozen_map(chosen)))


__all__ = ["Adjust", "Borrow", "Build", "Give", "Move", "Repay", "Sell", "SetPlan", "Settle",
           "Survey", "parse_amounts", "resource_name", "sale_price",
           "vinnie_view"]
