"""Wealth cards: gains, multipliers and market cards."""

from __future__ import annotations

from collections.abc import Callable

from dataclasses import replace

from rigs_helper.games.rigs.actions.common import resource_name
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.karma.args import PlotResource, Plots, Resources, Swap, Take
from rigs_helper.games.rigs.karma.context import Ctx, nothing_now, put_effect
from rigs_helper.games.rigs.market import card_value
from rigs_helper.games.rigs.piles import find_in
from rigs_helper.rules.text import shell_word


COLLECTORS = ("recycling", "parts-shop")


def collector(c: Ctx) -> None:
    """Recycling or Parts Shop: lost RIGS are set on it.  With both in play, the player
    names the one that collects (--first CARD); it is put first among the cards in play."""
    p = c.w.player(c.owner)
    other = next((k for k in COLLECTORS if k != c.card.key and k in p.in_play), None)
    if other is None:
        if c.op.answers.first:
            raise InputError(f"--first: {c.card.title} is {c.owner}'s only card that "
                             "collects lost RIGS")
        nothing_now(c)
        return
    other_title = c.tables.karma_card(other).title
    if len(c.op.answers.first) != 1:
        raise InputError(f"{c.owner} has {other_title} in play too: name the card that "
                         f"collects lost RIGS (--first '{c.card.title}' or --first "
                         f"'{other_title}')")
    first = find_in(c.tables, "karma", c.op.answers.first[0][1])
    if first not in COLLECTORS:
        raise InputError(f"--first {c.op.answers.first[0][1]}: neither {c.card.title} nor "
                         f"{other_title}")
    rest = tuple(k for k in p.in_play if k != first)
    c.w.update(c.owner, in_play=(first, *rest))
    c.w.say(f"{c.card.title} stays in front of {c.owner}; lost RIGS go onto "
            f"{c.tables.karma_card(first).title}.")


def double_all(c: Ctx) -> None:
    put_effect(c, c.owner, "double")
    c.w.say(f"All of {c.owner}'s RIGS yield double this Production Phase.")


def poker_night(c: Ctx) -> None:
    chosen = [resource_name(r) for r in c.need(c.args(Resources).resource, "--resource",
                                               "which resources to roll for (each held "
                                               "type may roll once)")]
    if len(set(chosen)) != len(chosen):
        raise InputError("roll once per resource type")
    for r in chosen:
        have = c.w.player(c.owner).amount(r)
        if not have:
            raise RulesError(f"{c.owner} holds no {r} to roll for")
        roll = c.die(c.owner)
        if roll == 1:
            c.w.add(c.owner, r, -have, f"card: {c.card.title}")
            c.w.say(f"{r}: rolls 1, loses all {have}.")
        elif roll <= 3:
            c.w.say(f"{r}: rolls {roll}, keeps {have}.")
        else:
            mult = 2 if roll <= 5 else 3
            c.w.add(c.owner, r, have * (mult - 1), f"card: {c.card.title}")
            c.w.say(f"{r}: rolls {roll}, x{mult}: {have * mult}.")


def below_surface(c: Ctx) -> None:
    pid = c.need(c.args(Plots).plot, "--plot", "which of your plots")[0]
    r = resource_name(c.need(c.args(PlotResource).resource, "--resource", "which kind of spot")[0])
    plot = c.w.player(c.owner).plot(pid)
    n = plot.spots(c.tables, r)
    if not n:
        raise RulesError(f"{plot.id} has no {r} spot", rule=f"{c.card.title} gives one unit "
                         "per spot of the resource named")
    c.w.add(c.owner, r, n, f"card: {c.card.title}")
    c.w.say(f"{c.owner} digs {n} {r} out of {plot.id}.")


def gain(c: Ctx) -> None:
    roll = c.die(c.owner)
    assert c.card.resource is not None  # (tables/karma.toml names it for this action)
    c.w.add(c.owner, c.card.resource, roll, f"card: {c.card.title}")
    c.w.say(f"{c.owner} rolls {roll}: +{roll} {c.card.resource}.")


def swap_meet(c: Ctx) -> None:
    a = c.args(Swap)
    given, taken = sum(n for _, n in a.give), sum(n for _, n in a.take)
    if not given or given != taken or given > 6:
        raise InputError(f"{c.card.title}: hand in up to 6 resources (--give RESOURCE=N) "
                         "and take as many (--take RESOURCE=N)")
    for r, n in a.give:
        c.w.add(c.owner, r, -n, f"card: {c.card.title}")
    for r, n in a.take:
        c.w.add(c.owner, r, n, f"card: {c.card.title}")
    c.w.say(f"{c.owner} trades {given} resources.")


def ruins(c: Ctx) -> None:
    """The owner takes as many resources as the die shows: named in the play command
    (--take RESOURCE=N, no more than the roll), the rest later with `rigs settle`."""
    roll = c.die(c.owner)
    take = c.args(Take).take
    taken = sum(n for _, n in take)
    if taken > roll:
        raise InputError(f"--take: {c.owner} rolled {roll} and takes {taken}")
    for r, n in take:
        c.w.add(c.owner, r, n, f"card: {c.card.title}")
    p = c.w.player(c.owner)
    c.w.update(p.name, may_take=p.may_take + roll - taken)
    got = ", ".join(f"{n} {r}" for r, n in take)
    c.w.say(f"{c.owner} rolls {roll}: takes {roll} resources of their choice"
            + (f" ({got})" if got else "")
            + (f" (`rigs settle {shell_word(c.owner)} RESOURCE=N ...` for {roll - taken})"
               if roll > taken else "") + ".")


def triple_plot(c: Ctx) -> None:
    pid = c.need(c.args(Plots).plot, "--plot", "which of your plots")[0]
    plot = c.w.player(c.owner).plot(pid)
    put_effect(c, c.owner, f"triple:{plot.id}")
    c.w.say(f"The RIGS on {plot.id} yield triple this Production Phase.")


def market_values(c: Ctx) -> list[int]:
    """The Market cards drawn so far, this round's included (ruling: the drawn card lies on
    top of the Market discard pile)."""
    m = c.w.game.market
    if m.price is None or not m.drawn:
        raise RulesError("no Market card has been drawn this round",
                         rule="played after the Market card is drawn")
    # drawn[i] priced round i + 1; a recorded physical card's value wins
    return [m.recorded.get(r, card_value(c.tables, m.values, i))
            for r, i in enumerate(m.drawn, start=1)]


def other_markets(c: Ctx) -> None:
    m = c.w.game.market
    price = max(market_values(c) + [m.price or 0])  # it never lowers the price
    c.w.game = replace(c.w.game, market=replace(m, price=price))
    c.w.say(f"Luxuries sell at {price} this round (the highest Market card drawn so far).")


def naive_profits(c: Ctx) -> None:
    low = min(market_values(c))
    put_effect(c, c.owner, f"naive:{low}")
    c.w.say(f"{c.owner} sells Luxuries at {low} more this round (the lowest Market card "
            "drawn so far).")


#: a card's action -> its effect (``karma.play.effect``: the card's kind names this module)
EFFECTS: dict[str, Callable[[Ctx], None]] = {
    "recycling": collector,
    "double_all": double_all,
    "poker_night": poker_night,
    "parts_shop": collector,
    "below_surface": below_surface,
    "gain": gain,
    "swap_meet": swap_meet,
    "ruins": ruins,
    "triple_plot": triple_plot,
    "other_markets": other_markets,
    "naive_profits": naive_profits,
}
