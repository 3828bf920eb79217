"""Legal actions of a player's own goods: build, move, survey, Vinnie, give, sell,
produce, settle (their operations are built from their definitions: games/rigs/actions/
catalog.py).  No I/O."""

from __future__ import annotations

from rigs_helper.games.rigs.legal.base import Action, Cand, Param, Spec
from rigs_helper.games.rigs.tables import RESOURCES
from rigs_helper.games.rigs.words import WAREHOUSE


# ---------------------------------------------------------------------------- build


def _build_onto() -> bool:
    """Whether Build also places the new RIGS on a plot (`rigs build P N --to PLOT
    --harvest R`)."""
    from rigs_helper.games.rigs.actions.placement import Build

    return hasattr(Build, "to")


def candidates_build(game, tables, player):
    p = game.player(player)
    c = tables.constants
    most = min(p.metal // c.build_metal, c.colony_rigs - game.colony_rigs)
    yield Cand({}, most)
    if most and _build_onto():
        for plot in p.plots:
            for r in RESOURCES:
                if plot.spots(tables, r):
                    yield Cand({"to": plot.id, "harvest": r},
                               min(most, plot.spots(tables, r)))



# ---------------------------------------------------------------------------- move


def candidates_move(game, tables, player):
    p = game.player(player)
    pay = p.supplies // max(1, tables.constants.move_supplies)
    if not pay:
        return
    sources = ([(WAREHOUSE, p.warehouse_rigs)] if p.warehouse_rigs else []) + [
        (x.id, x.rigs) for x in p.plots if x.rigs]
    for src, have in sources:
        if src != WAREHOUSE:
            yield Cand({"from": src, "to": WAREHOUSE}, min(have, pay))
        for dest in p.plots:
            for r in RESOURCES:
                fixed = {"from": src, "to": dest.id, "harvest": r}
                if dest.id == src and r != dest.harvest:  # all of them, or none
                    yield Cand({**fixed, "n": have})
                elif dest.spots(tables, r):
                    yield Cand(fixed, min(have, pay, dest.spots(tables, r)))



# ---------------------------------------------------------------------------- survey


def candidates_survey(game, tables, player):
    p = game.player(player)
    from rigs_helper.games.rigs.decks import all_virtual

    # (a partial set without Survey cards: rigs draws them, nothing to record)
    yields = [None] + ([] if all_virtual(game, "survey") else
                       [str(y) for y in sorted(set(game.survey.draw))])
    for plot in p.plots:
        if plot.survey is None:
            for y in yields:
                yield Cand({"plot": plot.id, "card": y})



# ---------------------------------------------------------------------------- Vinnie


def candidates_borrow(game, tables, player):
    p = game.player(player)
    c = tables.constants
    for r in c.loanable:
        yield Cand({"resource": r}, min(len(p.plots) - p.borrowed,
                                        c.scripts_per_resource - game.scripts_out(r)))



def candidates_repay(game, tables, player):
    p = game.player(player)
    for r in tables.constants.loanable:
        if p.scripts(r):
            yield Cand({"resource": r}, p.scripts(r))
            yield Cand({"resource": r, "n": "all"})



# ---------------------------------------------------------------------------- sell


def candidates_sell(game, tables, player):
    p = game.player(player)
    yield Cand({}, p.luxuries)
    yield Cand({"n": "all"})



# ---------------------------------------------------------------------------- give

GOODS = ("credits", *RESOURCES, "rigs")


def actions_give(game, tables, player, spec: Spec):
    """A gift from the player to another (what comes back is a deal: ``deal propose``).
    Each good is bounded by what the player holds; any mix of them passes, at least one."""
    from rigs_helper.games.rigs.legal.grouping import passes

    p = game.player(player)
    others = tuple(q.name for q in game.players if q.name != p.name)
    if not others:
        return []
    params = [Param("to", others)]
    for k in GOODS:
        have = p.warehouse_rigs if k == "rigs" else p.credits if k == "credits" \
            else p.amount(k)
        if have and passes(spec, game, tables, p.name, {"to": others[0], k: str(have)}):
            params.append(Param(k, min=1, max=have, required=False))
    plots = tuple(x.id for x in p.plots
                  if passes(spec, game, tables, p.name, {"to": others[0], "plot": x.id}))
    if plots:
        params.append(Param("plot", plots, 1, len(plots), False, True))
    if len(params) == 1:
        return []
    most = sum(x.max or 0 for x in params[1:])
    return [Action(spec.action, tuple(params), spec.label,
                   (tuple(x.name for x in params[1:]), 1, most))]



# ---------------------------------------------------------------------------- produce


def candidates_produce(game, tables, player):
    p = game.player(player)
    for plot in p.plots:
        yield Cand({"power": plot.id})
        yield Cand({"skip": plot.id})



# ---------------------------------------------------------------------------- settle

MATERIALS = ("energy", "supplies", "metal", "luxuries")


def actions_settle(game, tables, player, spec: Spec):
    """Resources to throw away (exactly what is owed, or all there is) or to take (up to
    what the card gave)."""
    p = game.player(player)
    if p.must_discard:
        held = {r: p.amount(r) for r in MATERIALS if p.amount(r)}
        owed = min(p.must_discard, sum(held.values()))
        if not owed:
            return []
        params = tuple(Param(r, min=0, max=min(n, owed), required=False)
                       for r, n in held.items())
        total = (tuple(held), owed, owed)
    elif p.may_take:
        params = tuple(Param(r, min=0, max=p.may_take, required=False) for r in MATERIALS)
        total = (MATERIALS, 1, p.may_take)
    else:
        return []
    return [Action(spec.action, params, spec.label, total)]


