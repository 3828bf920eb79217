"""Sabotage cards: thefts, idled or redirected plots, surveys and plots moved."""

from __future__ import annotations

from collections.abc import Callable

from dataclasses import replace

from rigs_helper.games.rigs.actions.common import resource_name
from rigs_helper.games.rigs.actions.placement import _place
from rigs_helper.games.rigs.engine import replace_plot
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.karma.args import (
    HandCard, NewOwner, Plots, Scatter, SwapOption, VictimsResource)
from rigs_helper.games.rigs.karma.context import (
    ANY_SPLIT,
    SPLIT,
    Ctx,
    SplitNeeded,
    picked_from,
    put_effect,
    random_victim_card,
    stand_in_split,
)
from rigs_helper.games.rigs.karma.hands import empty_hand, take_from_hand
from rigs_helper.games.rigs.names import plot_id
from rigs_helper.games.rigs.state import Pile, frozen_map


def steal(c: Ctx, key: str) -> None:
    v = c.victim()
    if v in c.decoy_from:
        key = "decoy"
        c.w.say(f"{v} hands over Decoy instead.")
    take_from_hand(c.w, v, key)
    c.w.lost_cards(v)
    o = c.w.player(c.owner)
    c.w.update(o.name, hand=o.hand + (key,))
    c.w.say(f"{o.name} takes a card from {v}'s hand.")
    title = c.tables.karma_card(key).title
    c.w.say(f"You took {title} from {v}'s hand.", to=o.name)
    c.w.say(f"{o.name} took {title} from your hand.", to=v)


def steal_hand_random(c: Ctx) -> None:
    picked = random_victim_card(c)
    if picked is not None:
        steal(c, picked[1])


def steal_hand_choice(c: Ctx) -> None:
    v = c.victim()
    if empty_hand(c.w, v, c.args(HandCard).card):
        return
    if v in c.decoy_from and not c.args(HandCard).card:  # Decoy is handed over, whatever was chosen
        steal(c, "decoy")
        return
    t = c.need(c.args(HandCard).card, "--card TITLE", f"which card of {v}'s hand")[0]
    steal(c, picked_from(c, v, t, c.owner))


def swap_credits(c: Ctx) -> None:
    v = c.victim()
    opt = (c.args(SwapOption).option or "").lower()
    if opt not in ("draw", "card"):
        raise InputError(f"{c.card.title}: {v} chooses --option draw (draw 3 Karma cards) or "
                         "--option card (take this card)")
    a, b = c.w.player(c.owner), c.w.player(v)
    if v == c.player and c.owner in c.gainers:  # turned back by Right Back At You
        v = turned_swap(c, a.name, b.name)
    else:
        c.w.add(a.name, "credits", b.credits - a.credits, f"card: {c.card.title}")
        c.w.add(b.name, "credits", a.credits - b.credits, f"card: {c.card.title}")
        c.w.say(f"{a.name} and {b.name} swap credits ({a.credits} <-> {b.credits}).")
    if opt == "draw":
        c.draws(v, 3)
    else:  # it reaches the hand at the start of the next round
        c.w.undiscard("karma", c.card.key)
        c.w.update(v, incoming=c.w.player(v).incoming + (c.card.key,))
        c.w.say(f"{v} takes {c.card.title}: it joins {v}'s hand at the start of the next "
                "round.")


def turned_swap(c: Ctx, victim: str, player: str) -> str:
    """Ruling (RULES.md 2026-11-25): Identity Theft turned back on its player.  The
    difference of the two totals is what the swap takes from the richer and gives the
    poorer: the card's player loses it (as far as their credits go) and the original
    victim gains it, so nobody ends worse off for having answered.  The victim's choice
    (3 Karma cards, or the card) stays the victim's.  Returns who receives it."""
    a, b = c.w.player(victim), c.w.player(player)
    d = abs(a.credits - b.credits)
    c.w.add(b.name, "credits", -min(d, b.credits), f"card: {c.card.title}")
    c.w.add(a.name, "credits", d, f"card: {c.card.title}")
    c.w.say(f"{c.card.title} turns on {b.name}: {b.name} loses {min(d, b.credits)} "
            f"credits, {a.name} gains {d}.")
    return a.name


def i_want_that(c: Ctx) -> None:
    r = resource_name(c.need(c.args(VictimsResource).resource, "--resource", "which resource")[0])
    if c.op.answers.split and len(c.gainers) < 2 and not stand_in_split(c.op.answers.split):
        raise InputError(f"--split: {c.card.title} was not turned back on several victims "
                         "by Right Back At You")
    if len(c.gainers) > 1:
        turned_back(c, r)
        return
    if not c.victims:
        raise InputError(f"{c.card.title}: name the victims with --target (once each)")
    for v in c.victims:
        have = c.w.player(v).amount(r)
        if not have:
            c.w.say(f"{v} has no {r}.")
            continue
        roll = c.die(v)
        n = min(roll, have)
        c.w.lose(v, r, n, f"card: {c.card.title}")
        c.w.add(c.owner, r, n, f"card: {c.card.title}")
        c.w.say(f"{v} rolls {roll}: gives {n} {r} to {c.owner}.")


def turned_back(c: Ctx, r: str) -> None:
    """Right Back At You on I WANT THAT! aimed at several players: the card's player rolls
    once for each original victim and loses what each would have lost; the gains go to the
    original victims, split as the answerer chooses (--split VICTIM=N, the whole sum).
    A page's card waits for that split once the dice are in (:class:`SplitNeeded`: rigs
    never splits for the table)."""
    total = 0
    for v in c.victims:  # the card's player, unless their own protection saved them
        for g in c.gainers:
            have = c.w.player(v).amount(r)
            if not have:
                c.w.say(f"{v} has no {r} left.")
                break
            roll = c.die(v, f"{c.card.title}, for {g}")
            n = min(roll, have)
            c.w.lose(v, r, n, f"card: {c.card.title}")
            total += n
            c.w.say(f"{v} rolls {roll} for {g}: loses {n} {r}.")
    shares: dict[str, int] = {}
    stand_in = stand_in_split(c.op.answers.split)
    if stand_in == SPLIT and total:
        raise SplitNeeded(c.turned_by or c.owner, total, tuple(c.gainers), r)
    if stand_in == ANY_SPLIT:  # (a check before the split is given)
        shares[c.gainers[0]] = total
    for who, n in () if stand_in else c.op.answers.split:
        name = c.w.game.player(who).name if who else ""
        if name not in c.gainers or n < 0:
            raise InputError(f"--split {who}={n}: give VICTIM=N for "
                             + ", ".join(c.gainers))
        shares[name] = shares.get(name, 0) + n
    if sum(shares.values()) != total:
        raise InputError(f"{c.card.title}: {total} {r} to split among "
                         f"{', '.join(c.gainers)}: --split NAME=N for each, {total} in all"
                         + (f" (given {sum(shares.values())})" if shares else ""))
    for name, n in shares.items():
        if n:
            c.w.add(name, r, n, f"card: {c.card.title} (Right Back At You)")
            c.w.say(f"{name} gets {n} {r}.")


def _plot_effect(c: Ctx, effect: str, said: str) -> None:
    """A production effect on the victim's plot: ``{plot}`` and ``{owner}`` (the card's)
    in both strings name them."""
    pid = c.victim_plot("which plot")
    v = c.victim()
    plot = c.w.player(v).plot(pid)
    put_effect(c, v, effect.format(plot=plot.id, owner=c.owner))
    c.w.say(said.format(plot=plot.id, owner=c.owner))


def idle_plot(c: Ctx) -> None:
    _plot_effect(c, "idle:{plot}", "The RIGS on {plot} stand idle this Production Phase.")


def redirect_output(c: Ctx) -> None:
    _plot_effect(c, "sent:{plot}>{owner}",
                 "{plot}'s output goes to {owner} this Production Phase.")


def brownout(c: Ctx) -> None:
    v = c.victim()
    put_effect(c, v, "brownout")
    c.w.say(f"{v} pays double Energy to power plots this Production Phase.")


def displace(c: Ctx, owner: str, pid: str, new_yield: int | None) -> None:
    p = c.w.player(owner)
    plot = p.plot(pid)
    keep = plot.rigs
    if plot.harvest == "luxuries":
        keep = min(plot.rigs, new_yield or 0)
    moved = plot.rigs - keep
    plot = replace(plot, survey=new_yield, rigs=keep,
                   harvest=plot.harvest if keep else None)
    c.w.put(replace(replace_plot(p, plot), warehouse_rigs=p.warehouse_rigs + moved))
    if moved:
        c.w.say(f"{moved} RIGS on {pid} lose their spots and go to {owner}'s warehouse "
                "for free.")


def survey_error(c: Ctx) -> None:
    pid = c.victim_plot("which surveyed plot")
    owner = c.plot_owner(pid)
    if c.victims and owner not in c.victims:  # passed on by Wrong Address and the like
        c.w.player(c.victim()).plot(pid)  # refuses: the new victim does not own it
    plot = c.w.player(owner).plot(pid)
    if plot.survey is None:
        raise RulesError(f"{plot.id} has no survey")
    pile = c.w.game.survey
    if "survey" in c.w.game.missing:  # a mixed deck: the card goes back with its tag
        from rigs_helper.games.rigs.mixed import out_is_virtual, survey_missing

        tag = out_is_virtual(survey_missing(c.w.game.missing["survey"]), pile, plot.survey)
        mix = c.w.rng.shuffled(list(zip(pile.draw, pile.virtual)) + [(plot.survey, tag)])
        pile = Pile(tuple(k for k, _ in mix), pile.discard, tuple(v for _, v in mix))
        c.w.game = replace(c.w.game, survey=pile)
    else:
        draw = c.w.rng.shuffled(pile.draw + (plot.survey,))
        c.w.game = replace(c.w.game, survey=Pile(tuple(draw), pile.discard))
    c.w.say(f"{plot.id}'s survey goes back into the Survey deck, which is shuffled.")
    displace(c, owner, plot.id, None)


def survey_swap(c: Ctx) -> None:
    """Each plot owner but the player is a victim.  Ruling: an owner the card does not
    affect keeps their survey, so the swap does not happen; a card passed on to a new
    victim swaps with the new victim's plot (--answer-plot)."""
    if len(c.args(Plots).plot) != 2:
        raise InputError(f"{c.card.title}: name two surveyed plots (--plot A --plot B)")
    plots = list(c.args(Plots).plot)
    extra = list(c.op.answers.answer_plot)
    for i, pid in enumerate(plots):
        o = c.plot_owner(pid)
        if o == c.player or o in c.victims:
            continue
        if not (c.passed_on and extra):
            c.w.say(f"{o} is not affected: the surveys are not swapped.")
            return
        plots[i] = extra.pop(0)
        if c.plot_owner(plots[i]) not in c.victims:
            raise RulesError(f"--answer-plot {plots[i]}: not a plot of "
                             + " or ".join(c.victims))
    a, b = plots
    oa, ob = c.plot_owner(a), c.plot_owner(b)
    pa, pb = c.w.player(oa).plot(a), c.w.player(ob).plot(b)
    if pa.id == pb.id:
        raise InputError("name two different plots")
    if pa.survey is None or pb.survey is None:
        raise RulesError("both plots need a survey")
    ya, yb = pa.survey, pb.survey
    displace(c, oa, pa.id, yb)
    displace(c, ob, pb.id, ya)
    c.w.say(f"The surveys of {pa.id} and {pb.id} are swapped ({ya} <-> {yb}).")


def transfer_plot(c: Ctx) -> None:
    pid = c.victim_plot("which plot")
    v = c.victim()
    new = c.w.game.player(c.need(c.args(NewOwner).new_owner, "--new-owner",
                                 f"the new owner, chosen by the Expedition Leader "
                                 f"{c.w.game.leader}")).name
    p = c.w.player(v)
    plot = p.plot(pid)
    if new != v:
        c.w.update(v, plots=tuple(x for x in p.plots if x.id != plot.id),
                   plan=frozen_map({k: x for k, x in p.plan.items() if k != plot.id}))
        c.w.update(new, plots=c.w.player(new).plots + (plot,))
    c.w.say(f"{plot.id} passes from {v} to {new} with its {plot.rigs} RIGS.")
    c.draws(v)


def idle_all(c: Ctx) -> None:
    v = c.victim()
    put_effect(c, v, "idle_all")
    c.w.say(f"All of {v}'s RIGS stand idle this Production Phase.")
    c.draws(v)


def scatter_rigs(c: Ctx) -> None:
    pid = c.victim_plot("which plot")
    v = c.victim()
    plot = c.w.player(v).plot(pid)
    if len(c.args(Scatter).to) != plot.rigs:
        raise InputError(f"{c.card.title}: {plot.id} has {plot.rigs} RIGS; give one --to per "
                         "RIGS (PLAYER for a warehouse, or PLOT:RESOURCE)")
    p = c.w.player(v)
    c.w.put(replace_plot(p, replace(plot, rigs=0, harvest=None)))
    for dest in c.args(Scatter).to:
        where, _, harvest = dest.partition(":")
        if plot_id(where) == plot.id:
            raise InputError(f"--to {dest}: the RIGS leave {plot.id}; send them elsewhere")
        if plot_id(where):
            owner = c.plot_owner(where)
            q = c.w.player(owner)
            target = q.plot(where)
            res = resource_name(harvest) if harvest else target.harvest
            if res is None:
                raise InputError(f"--to {dest}: say what it harvests (PLOT:RESOURCE)")
            c.w.put(replace_plot(q, _place(c.tables, target, 1, res)))
        else:
            q = c.w.player(c.w.game.player(where).name)
            c.w.update(q.name, warehouse_rigs=q.warehouse_rigs + 1)
    c.w.say(f"The RIGS on {plot.id} go to: {', '.join(c.args(Scatter).to)}.")
    c.draws(v)


#: a card's action -> its effect (``karma.play.effect``: the card's kind names this module)
EFFECTS: dict[str, Callable[[Ctx], None]] = {
    "steal_hand_random": steal_hand_random,
    "swap_credits": swap_credits,
    "i_want_that": i_want_that,
    "idle_plot": idle_plot,
    "redirect_output": redirect_output,
    "brownout": brownout,
    "steal_hand_choice": steal_hand_choice,
    "survey_error": survey_error,
    "survey_swap": survey_swap,
    "transfer_plot": transfer_plot,
    "idle_all": idle_all,
    "scatter_rigs": scatter_rigs,
}
