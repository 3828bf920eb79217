"""Selling Luxuries, deals between players, adjustments and settling owed discards.  No I/O."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.games.rigs.actions.common import positive, resource_name
from rigs_helper.games.rigs.engine import Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.market import LUXURY_SALE, sale_price
from rigs_helper.games.rigs.names import amount, signed
from rigs_helper.games.rigs.names import amounts as amounts_text
from rigs_helper.games.rigs.state import MAX_HOLDING, Game, Player, frozen_map
from rigs_helper.games.rigs.tables import RESOURCES, Tables


@dataclass(frozen=True, slots=True)
class Sell(Op):
    """Sell Luxuries at this round's price: ``name`` sells ``n`` (None: all), and each
    (player, n) of ``more`` too, in one Market Phase command."""

    name: str
    n: int | None  # None: every Luxury the player has ("all")
    more: tuple[tuple[str, int | None], ...] = ()
    phases = ("market",)
    phase_rule = "Luxuries are sold in the Market Phase, at the Market card's price"

    def sales(self) -> tuple[tuple[str, int | None], ...]:
        return ((self.name, self.n), *self.more)

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
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


@dataclass(frozen=True, slots=True)
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

    def _sides(self) -> tuple[tuple[str, str, tuple[tuple[str, int], ...], tuple[str, ...]], ...]:
        return ((self.giver, self.receiver, self.amounts, self.plots),
                (self.receiver, self.giver, self.back_amounts, self.back_plots))

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
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


@dataclass(frozen=True, slots=True)
class Adjust(Op):
    """What the table decided and the tool does not model: logged and undoable.  Allowed
    after the game too, to fix the books before scoring.  Karma cards too (``what`` =
    karma): the mirror of "no draw at will" and "no discard at will" (RULES.md), a
    correction with its reason; ``card`` names them (from the deck for +N, from the hand
    for -N)."""

    after_game = True
    name: str
    what: str
    delta: int
    why: str
    card: tuple[str, ...] = ()

    def _key(self) -> str:
        t = self.what.strip().lower()
        return t if t in ("credits", "rigs", "karma") else resource_name(t)

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        if not self.why.strip():
            raise InputError("--why is required: say what the table decided")
        if not self.why.isprintable():
            raise InputError(f"--why {self.why!r}: one line of printable text")
        if self.delta == 0:
            raise InputError("the change must not be 0")
        p = game.player(self.name)
        k = self._key()
        if k == "karma":
            self._check_karma(game, tables)
            return
        if self.card:
            raise InputError("--card: only with karma (the Karma cards adjusted)")
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

    def _check_karma(self, game: Game, tables: Tables) -> None:
        p = game.player(self.name)
        if len(self.card) > abs(self.delta):
            raise InputError(f"--card: {len(self.card)} cards named for a change of "
                             f"{self.delta:+d}")
        if self.delta < 0:
            if len(self.card) != -self.delta:
                raise InputError(f"--card: name each Karma card {p.name} gives up "
                                 f"({-self.delta})")
            return
        pile = game.karma
        there = len(pile.draw) + len(pile.discard)
        if self.delta > there:
            raise RulesError(f"cannot draw {self.delta} Karma cards: the deck and its "
                             f"discards hold {there}")
        self.apply(game, tables)  # pure: each card named must be in the deck

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        k = self._key()
        if k == "karma":
            self._karma(w)
        elif k == "rigs":
            p = w.player(self.name)
            w.update(p.name, warehouse_rigs=p.warehouse_rigs + self.delta)
        else:
            w.add(self.name, k, self.delta, f"by hand: {self.why}")
        if k != "karma":
            w.say(f"{game.player(self.name).name}: {signed(self.delta, k)} ({self.why}).")
        return w.done()

    def _karma(self, w: Work) -> None:
        """Karma cards put in the hand (each named card taken from the draw pile where it
        is, with its tag; the others drawn as a draw is) or taken out of it (discarded)."""
        from rigs_helper.games.rigs.karma.hands import discard_from_hand, hand_key
        from rigs_helper.games.rigs.names import plural, sentence
        from rigs_helper.games.rigs.piles import find_in
        from rigs_helper.games.rigs.tables import title_of

        me = w.player(self.name).name
        why = f"by hand: {self.why}"
        if self.delta < 0:
            keys = [hand_key(w.tables, w.player(me), t) for t in self.card]
            if len(set(keys)) < len(keys):
                raise InputError("--card: a Karma card is named twice")
            for key in keys:
                discard_from_hand(w, me, key)
            w.say(f"{me} discards {plural(-self.delta, 'Karma card')} ({why}).")
            w.say(sentence("You discarded " + ", ".join(title_of(w.tables, "karma", k)
                                                        for k in keys)), to=me)
            return
        got = []
        for t in self.card:
            key = find_in(w.tables, "karma", t)
            pile = w.game.karma
            if key not in pile.draw:
                raise RulesError(f"no {title_of(w.tables, 'karma', key)!r} is left in the "
                                 "Karma deck", rule="cards are conserved: every copy is "
                                 "in a hand, in play or in the discards")
            i = pile.draw.index(key)
            w._set_pile("karma", replace(
                pile, draw=pile.draw[:i] + pile.draw[i + 1:],
                virtual=pile.virtual[:i] + pile.virtual[i + 1:] if pile.virtual else ()))
            got.append(key)
        if got:
            w.update(me, hand=w.player(me).hand + tuple(got))
            w.say(f"{me} takes {plural(len(got), 'Karma card')} into their hand ({why}).")
            w.say(sentence("You took " + ", ".join(title_of(w.tables, "karma", k)
                                                   for k in got)), to=me)
        if self.delta > len(got):
            w.draw_karma(me, self.delta - len(got), why=why)


# ---------------------------------------------------------------------------- pending


@dataclass(frozen=True, slots=True)
class Settle(Op):
    """Throw away resources a card made the player lose (must_discard), or take the
    resources a card granted (may_take)."""

    name: str
    amounts: tuple[tuple[str, int], ...]

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
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


