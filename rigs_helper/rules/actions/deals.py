"""Selling Luxuries, deals between players, adjustments and settling owed discards.  No I/O."""

from __future__ import annotations

from dataclasses import dataclass

from rigs_helper.rules.actions.common import positive, resource_name
from rigs_helper.rules.engine import Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.rules.state import Game, Player, frozen_map
from rigs_helper.rules.tables import RESOURCES, Tables


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
        positive(self.n, "the number of Luxuries")
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
            positive(n, k)
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
            [f"{n} {k}" for k, n in self.amounts] + [a.plot(p).id for p in self.plots]) + ".")
        return w.done()


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
            positive(n, k)
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


