"""Selling Luxuries, deals between players, adjustments and settling owed discards.  No I/O."""

from __future__ import annotations

from rigs_helper.rules.actions.common import positive, resource_name
from rigs_helper.rules.engine import Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.rules.names import amount, signed
from rigs_helper.rules.names import amounts as amounts_text
from rigs_helper.rules.records import record
from rigs_helper.rules.state import MAX_HOLDING, Game, Player, frozen_map
from rigs_helper.rules.tables import RESOURCES, Tables
from rigs_helper.rules.text import shell_word


def sale_price(game: Game, player: Player) -> int:
    price = game.market.price or 0
    bonus = sum(int(e.split(":", 1)[1]) for e in player.effects if e.startswith("naive:"))
    return price + bonus


#: the ledger's source of a Luxury sold in the Market Phase, and in the last round's
#: forced sale (the group's history counts them: ``store/historyplay.py``)
LUXURY_SALE = "Luxury sale"
LAST_ROUND_SALE = "last-round sale"
SALES = (LUXURY_SALE, LAST_ROUND_SALE)


@record(slots=False)
class Sell(Op):
    """Sell Luxuries at this round's price: ``name`` sells ``n`` (None: all), and each
    (player, n) of ``more`` too, in one Market Phase command."""

    name: str
    n: int | None  # None: every Luxury the player has ("all")
    more: tuple[tuple[str, int | None], ...] = ()
    phases = ("market",)
    phase_rule = "Luxuries are sold in the Market Phase, at the Market card's price"

    def describe(self) -> str:
        return "sell " + " ".join(f"{shell_word(who)} {'all' if n is None else n}"
                                  for who, n in self.sales())

    def sales(self) -> tuple[tuple[str, int | None], ...]:
        return ((self.name, self.n), *self.more)

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        if game.market.price is None:
            raise RulesError("no Market card has been drawn this round")
        seen = [game.player(who).name for who, _ in self.sales()]
        for who in seen:
            if seen.count(who) > 1:
                raise InputError(f"{who} is named twice: one amount per player")
        self.apply(game, tables)  # pure: raises exactly when a sale is not allowed

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        for who, count in self.sales():
            p = w.player(game.player(who).name)
            if count is None and not p.luxuries:
                raise RulesError(f"{p.name} has no Luxuries to sell")
            n = p.luxuries if count is None else count
            positive(n, "the number of Luxuries")
            if p.luxuries < n:
                raise RulesError(f"{p.name} has {amount(p.luxuries, 'luxuries')}; cannot sell "
                                 f"{n}", rule="only Luxuries in the warehouse are sold")
            price = sale_price(game, p)
            w.add(p.name, "luxuries", -n, LUXURY_SALE)
            w.add(p.name, "credits", n * price, LUXURY_SALE)
            w.say(f"{p.name} sells {amount(n, 'luxuries')} at {price}: "
                  f"+{amount(n * price, 'credits')}.")
        return w.done()


# ---------------------------------------------------------------------------- deals


@record(slots=False)
class Give(Op):
    """A deal: FROM gives TO credits, resources, warehouse RIGS and plots, and (``--for``)
    TO gives FROM what it is traded for; both sides move or nothing does.
    Player Phase: anything.  Production Phase ("Zero Hour"): only credits and warehouse
    resources.  A plot goes with its survey and the RIGS on it."""

    giver: str
    receiver: str
    amounts: tuple[tuple[str, int], ...] = ()  # ("credits"|resource|"rigs", n)
    plots: tuple[str, ...] = ()
    back_amounts: tuple[tuple[str, int], ...] = ()  # what TO gives back (--for)
    back_plots: tuple[str, ...] = ()
    phases = ("player", "production")
    phase_rule = "deals move goods in the Player Phase; only credits and resources in the " \
                 "Production Phase (Zero Hour)"

    def describe(self) -> str:
        def bits(amounts: tuple[tuple[str, int], ...], plots: tuple[str, ...]) -> str:
            return " ".join([f"{k}={n}" for k, n in amounts] + list(plots))

        s = f"give {shell_word(self.giver)} {shell_word(self.receiver)} "
        s += bits(self.amounts, self.plots)
        if self.back_amounts or self.back_plots:
            s += " --for " + bits(self.back_amounts, self.back_plots)
        return s

    def _sides(self) -> tuple[tuple[str, str, tuple[tuple[str, int], ...], tuple[str, ...]], ...]:
        return ((self.giver, self.receiver, self.amounts, self.plots),
                (self.receiver, self.giver, self.back_amounts, self.back_plots))

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        a, b = game.player(self.giver), game.player(self.receiver)
        if a.name == b.name:
            raise InputError("a player cannot deal with themselves")
        if not self.amounts and not self.plots:
            raise InputError("the deal moves nothing (give amounts like credits=10 or plots)")
        for giver, _, amounts, plots in self._sides():
            _check_side(game, game.player(giver), amounts, plots)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        said = []
        for giver, receiver, amounts, plots in self._sides():
            a, b = game.player(giver), game.player(receiver)
            src = f"deal {a.name}->{b.name}"
            for k, n in amounts:
                if k == "rigs":
                    w.update(a.name, warehouse_rigs=w.player(a.name).warehouse_rigs - n)
                    w.update(b.name, warehouse_rigs=w.player(b.name).warehouse_rigs + n)
                else:
                    w.add(a.name, k, -n, src)
                    w.add(b.name, k, n, src)
            names = []
            for pid in plots:
                plot = a.plot(pid)
                now = w.player(a.name)
                w.update(a.name, plots=tuple(x for x in now.plots if x.id != plot.id),
                         plan=frozen_map({k: v for k, v in now.plan.items() if k != plot.id}))
                w.update(b.name, plots=w.player(b.name).plots + (plot,))
                names.append(f"{plot.id} {tables.plots[plot.type].name}")
            if amounts or plots:
                said.append(f"{a.name} gives {b.name} "
                            + ", ".join([amount(n, k) for k, n in amounts] + names))
        w.say("; ".join(said) + ("." if len(said) == 1 else " (both sides moved)."))
        return w.done()


def _check_side(game: Game, a: Player, amounts: tuple[tuple[str, int], ...],
                plots: tuple[str, ...]) -> None:
    """One side of a deal: ``a`` has everything it gives, in a phase that allows it."""
    zero_hour = game.phase == "production"
    seen = set()
    for k, n in amounts:
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
            raise RulesError(f"{a.name} has {amount(have, k)}; cannot give {n}",
                             rule="a deal moves only what the giver has")
    if plots and zero_hour:
        raise RulesError("plots cannot change hands in the Production Phase",
                         rule="Zero Hour deals move only credits and resources")
    ids = [a.plot(pid).id for pid in plots]
    for pid in ids:
        if ids.count(pid) > 1:
            raise InputError(f"{pid} is given twice")


@record(slots=False)
class Adjust(Op):
    """What the table decided and the tool does not model: logged and undoable.  Allowed
    after the game too, to fix the books before scoring."""

    after_game = True
    name: str
    what: str
    delta: int
    why: str

    def describe(self) -> str:
        return f"adjust {shell_word(self.name)} {self.what} {self.delta:+d} --why {self.why!r}"

    def _key(self) -> str:
        t = self.what.strip().lower()
        return t if t in ("credits", "rigs") else resource_name(t)

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        if not self.why.strip():
            raise InputError("--why is required: say what the table decided")
        if not self.why.isprintable():
            raise InputError(f"--why {self.why!r}: one line of printable text")
        if self.delta == 0:
            raise InputError("the change must not be 0")
        p = game.player(self.name)
        k = self._key()
        have = p.warehouse_rigs if k == "rigs" else p.credits if k == "credits" \
            else p.amount(k)
        if have + self.delta < 0:
            where = " in the warehouse" if k == "rigs" else ""
            raise RulesError(f"{p.name} has {amount(have, k)}{where}; cannot take away "
                             f"{-self.delta}")
        if have + self.delta > MAX_HOLDING:
            raise RulesError(f"{p.name} would hold {amount(have + self.delta, k)}: more "
                             f"than a game holds (at most {MAX_HOLDING})")
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
        w.say(f"{game.player(self.name).name}: {signed(self.delta, k)} ({self.why}).")
        return w.done()


# ---------------------------------------------------------------------------- pending


@record(slots=False)
class Settle(Op):
    """Throw away resources a card made the player lose (must_discard), or take the
    resources a card granted (may_take)."""

    name: str
    amounts: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        return f"settle {shell_word(self.name)} " + " ".join(f"{k}={n}"
                                                          for k, n in self.amounts)

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
                    raise RulesError(f"{p.name} has {amount(p.amount(k), k)}; cannot throw "
                                     f"away {n}")
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
            w.say(f"{p.name} throws away {amounts_text(self.amounts)}.")
        else:
            for k, n in self.amounts:
                w.add(p.name, k, n, "card: Ruins")
            w.update(p.name, may_take=0)
            w.say(f"{p.name} takes {amounts_text(self.amounts)}.")
        return w.done()


# ---------------------------------------------------------------------------- production


