"""Vinnie's loans: borrowing, repaying, and every debt.  No I/O."""

from __future__ import annotations

from typing import Any

from dataclasses import dataclass, replace

from rigs_helper.games.rigs.actions.common import positive, resource_name
from rigs_helper.games.rigs.engine import Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.names import amount, plural, word
from rigs_helper.games.rigs.state import Game, add_scripts
from rigs_helper.games.rigs.tables import Tables


@dataclass(frozen=True, slots=True)
class Borrow(Op):
    name: str
    resource: str
    n: int = 1
    phases = ("player", "production")
    phase_rule = "Vinnie lends in the Player and Production Phases"

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        positive(self.n, "the amount")
        res = resource_name(self.resource, tables.constants.loanable)
        p = game.player(self.name)
        limit = len(p.plots)
        if p.borrowed + self.n > limit:
            raise RulesError(f"{p.name} owns {limit} plot{'s' if limit != 1 else ''} and has "
                             f"borrowed {p.borrowed} this phase; {self.n} more is too many",
                             rule="Vinnie lends at most one unit per plot owned per phase")
        out, cap = game.scripts_out(res), tables.constants.scripts_per_resource
        if out + self.n > cap:
            raise RulesError(f"{out} of Vinnie's {cap} {word(res)} scripts are out; "
                             f"{cap - out} left", rule="when the scripts run out Vinnie "
                             "lends no more of that resource until some are repaid")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        res = resource_name(self.resource, tables.constants.loanable)
        w.add(self.name, res, self.n, "Vinnie loan")
        p = w.player(self.name)
        p = add_scripts(replace(p, borrowed=p.borrowed + self.n), res, self.n)
        w.put(p)
        w.say(f"{p.name} borrows {amount(self.n, res)} from Vinnie "
              f"({plural(p.scripts(res), word(res) + ' script')} now; repay "
              f"{tables.constants.repay_during_game} each in a Player Phase, "
              f"{tables.constants.repay_end_game} each at the end).")
        return w.done()


@dataclass(frozen=True, slots=True)
class Repay(Op):
    """Repay scripts at 2 units of the same resource each: ``n`` of ``resource`` (None:
    all), and each (resource, n) of ``more`` in the same command."""

    name: str
    resource: str
    n: int | None = 1  # None: every script of that resource ("all")
    more: tuple[tuple[str, int | None], ...] = ()
    phases = ("player",)
    phase_rule = "Vinnie is repaid in the Player Phase"

    def repayments(self) -> tuple[tuple[str, int | None], ...]:
        return ((self.resource, self.n), *self.more)

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        named = [resource_name(r, tables.constants.loanable) for r, _ in self.repayments()]
        for r in named:
            if named.count(r) > 1:
                raise InputError(f"{r} is named twice: one amount per resource")
        self.apply(game, tables)  # pure: raises exactly when a repayment is not allowed

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        for resource, count in self.repayments():
            _repay(w, self.name, resource_name(resource, tables.constants.loanable), count)
        return w.done()


def _repay(w: Work, name: str, res: str, count: int | None) -> None:
    c = w.tables.constants
    p = w.player(w.game.player(name).name)
    if count is None and not p.scripts(res):
        raise RulesError(f"{p.name} holds no {word(res)} scripts",
                         rule="a repayment clears scripts the player holds")
    n = p.scripts(res) if count is None else count
    positive(n, "the number of scripts")
    if p.scripts(res) < n:
        raise RulesError(f"{p.name} holds {plural(p.scripts(res), word(res) + ' script')}"
                         f"; cannot repay {n}",
                         rule="a repayment clears scripts the player holds")
    cost = c.repay_during_game * n
    if p.amount(res) < cost:
        raise RulesError(f"{p.name} has {amount(p.amount(res), res)}; repaying "
                         f"{plural(n, 'script')} costs {cost}",
                         rule=f"{c.repay_during_game} units of the same resource per "
                         "script during the game")
    w.add(p.name, res, -cost, "Vinnie repayment")
    p = add_scripts(w.player(p.name), res, -n)
    w.put(p)
    left = p.scripts(res)
    w.say(f"{p.name} repays {plural(n, word(res) + ' script')} with {amount(cost, res)}"
          + (f" ({left} left)." if left else f" (no {word(res)} scripts left)."))


def vinnie_view(game: Game, tables: Tables) -> dict[str, Any]:
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


