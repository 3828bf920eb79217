"""Playing a Karma card: every effect that is arithmetic, a draw or a die roll is applied;
every choice a person makes comes in as an option and is never invented.  No I/O.

Sabotage cards meet the victim's protections first: an in-play R.I.G.S. Alarm System or
I've Got a Donk rolls automatically (seeded); a Protection card from the victim's hand is
given as ``answer`` (Calling in a Favor cancels, Wrong Address redirects, Right Back At You
turns the card on its owner, Ain't Working for You sends it back, Double Agent takes it
over, Decoy is handed over instead of a taken card).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.actions import WAREHOUSE, _place, resource_name
from rigs_helper.data import RESOURCES, KarmaCard, Tables
from rigs_helper.engine import Op, Outcome, Work, find_in, replace_plot, title_of
from rigs_helper.errors import InputError, RulesError
from rigs_helper.karma import (discard_from_hand, hand_key, move_played_card, play_allowed,
                               retire, take_from_hand)
from rigs_helper.market import card_value
from rigs_helper.state import Game, Pile, Player, frozen_map


@dataclass(frozen=True)
class KarmaPlay(Op):
    name: str  # who plays the card
    title: str
    target: tuple[str, ...] = ()  # victim(s)
    plot: tuple[str, ...] = ()  # plot id(s)
    resource: tuple[str, ...] = ()
    give: tuple[tuple[str, int], ...] = ()  # Swap Meet: handed in; I Ain't Going Alone: loss
    take: tuple[tuple[str, int], ...] = ()  # Swap Meet: taken
    card: tuple[str, ...] = ()  # hand card(s) chosen
    source: str | None = None  # where a RIGS is lost from ("Missing" Support)
    option: str | None = None  # Identity Theft: draw | card
    new_owner: str | None = None  # "Record Not Found": the leader's choice
    to: tuple[str, ...] = ()  # Triangulation Drift: one destination per RIGS
    answer: str | None = None  # the victim's Protection card played in response
    answer_to: str | None = None  # Wrong Address / Double Agent: the new victim
    answer_plot: str | None = None  # a plot card passed on: the new victim's plot
    drew: tuple[str, ...] = ()  # PLAYER=TITLE: physical Karma cards drawn because of it

    def describe(self) -> str:
        s = f"karma play {self.name} {self.title!r}"
        for flag, vals in (("--target", self.target), ("--plot", self.plot),
                           ("--resource", self.resource), ("--card", self.card),
                           ("--to", self.to), ("--drew", self.drew)):
            s += "".join(f" {flag} {v!r}" for v in vals)
        s += "".join(f" --give {k}={n}" for k, n in self.give)
        s += "".join(f" --take {k}={n}" for k, n in self.take)
        for flag, v in (("--from", self.source), ("--option", self.option),
                        ("--new-owner", self.new_owner), ("--answer", self.answer),
                        ("--answer-to", self.answer_to), ("--answer-plot", self.answer_plot)):
            if v:
                s += f" {flag} {v!r}"
        return s

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        self.apply(game, tables)  # pure: raises exactly when the play is not allowed

    def apply(self, game: Game, tables: Tables) -> Outcome:
        p = game.player(self.name)
        key = hand_key(tables, p, self.title)
        card = tables.karma_card(key)
        why = play_allowed(card, game.phase)
        if why:
            raise RulesError(f"{card.title} cannot be played in the {game.phase.title()} "
                             f"Phase", rule=why)
        if card.kind == "sabotage" and p.no_sabotage_round == game.round:
            raise RulesError(f"{p.name} cannot play Sabotage cards this round",
                             rule="Ain't Working for You")
        if card.timing == "response" and card.action != "insurance":
            raise RulesError(f"{card.title} answers another card", rule="play it with "
                             "--answer when a Sabotage card targets you")
        w = Work(game, tables)
        move_played_card(w, p.name, key)
        w.say(f"{p.name} plays {card.title}.")
        ctx = _Ctx(self, w, card, p.name)
        if card.kind == "sabotage":
            ctx.resolve_protections()
        if not ctx.cancelled:
            EFFECTS[card.action](ctx)
        unused = [f"{n}={t}" for n, ts in ctx.drew.items() for t in ts]
        if unused:
            raise InputError("--drew: " + ", ".join(unused) + f": {card.title} made nobody "
                             "draw that many Karma cards")
        return w.done()


class _Ctx:
    def __init__(self, op: KarmaPlay, w: Work, card: KarmaCard, owner: str) -> None:
        self.op, self.w, self.card, self.owner = op, w, card, owner
        self.victims = [w.game.player(t).name for t in op.target]
        self.cancelled = False
        self.passed_on = False  # the victim changed (Wrong Address, Right Back, Double Agent)
        self.decoy_from: str | None = None
        self.drew: dict[str, list[str]] = {}  # physical draws recorded, per player
        for item in op.drew:
            who, sep, title = item.partition("=")
            if not sep or not title.strip():
                raise InputError(f"--drew {item!r}: give PLAYER=TITLE")
            self.drew.setdefault(w.game.player(who).name, []).append(title.strip())

    # -- helpers ---------------------------------------------------------------------
    @property
    def tables(self) -> Tables:
        return self.w.tables

    def victim(self) -> str:
        if len(self.victims) != 1:
            raise InputError(f"{self.card.title} needs one victim: --target PLAYER")
        return self.victims[0]

    def need(self, value, flag: str, what: str):
        if not value:
            raise InputError(f"{self.card.title}: {what} ({flag})")
        return value

    def victim_plot(self, what: str) -> str:
        """The plot the card hits: --plot, or --answer-plot once the card was passed on to
        another victim (whose plot the new chooser names)."""
        if self.passed_on:
            return self.need(self.op.answer_plot, "--answer-plot",
                             f"the card went to {self.victims[0]}: name their plot")
        return self.need(self.op.plot, "--plot", what)[0]

    def plot_owner(self, pid: str) -> str:
        return self.w.game.owner_of(pid).name

    def draws(self, name: str, n: int | None = None) -> None:
        n = self.card.victim_draws if n is None else n
        if n:
            physical = self.drew.get(name, [])
            taken, self.drew[name] = physical[:n], physical[n:]
            self.w.draw_karma(name, n, why=self.card.title, physical=tuple(taken))

    # -- protections -----------------------------------------------------------------
    def resolve_protections(self) -> None:
        """In-play protections roll for each victim; then the victim's answer, if any."""
        w, op = self.w, self.op
        if self.card.action in ("idle_plot", "survey_error", "transfer_plot",
                                "scatter_rigs", "redirect_output") and not self.victims:
            pid = self.need(op.plot, "--plot", "which plot")[0]
            self.victims = [self.plot_owner(pid)]
        if op.answer and len(self.victims) != 1:
            raise InputError("--answer goes with a card aimed at one victim")
        kept = []
        for v in self.victims:
            if self._in_play_saves(v):
                continue
            kept.append(v)
        aimed = bool(self.victims)  # named with --target or found from --plot
        self.victims = kept
        if not self.victims and aimed:
            w.say("No victim is affected.")
            self.cancelled = True
            return
        if not op.answer:
            return
        v = self.victims[0]
        vp = w.player(v)
        akey = hand_key(self.tables, vp, op.answer)
        acard = self.tables.karma_card(akey)
        if acard.responds_to not in ("sabotage", "take_card"):
            raise RulesError(f"{acard.title} does not answer a Sabotage card")
        if acard.action == "decoy":
            if self.card.action not in ("steal_hand_random", "steal_hand_choice"):
                raise RulesError("Decoy answers a card that takes a card from your hand")
            self.decoy_from = v
            return
        discard_from_hand(w, v, akey)
        w.say(f"{v} answers with {acard.title}.")
        if acard.action == "cancel":
            w.say(f"{self.card.title} is stopped.")
            self.cancelled = True
        elif acard.action == "redirect":
            if op.answer_to:
                new = w.game.player(op.answer_to).name
                if new == v:
                    raise InputError("Wrong Address sends the card to another player")
                self.victims = [new]
                self.passed_on = True
                w.say(f"The card's effects go to {new} instead.")
            else:
                w.say(f"{v} is simply not affected.")
                self.cancelled = True
        elif acard.action == "reflect":
            self.victims, self.owner = [self.owner], v
            self.passed_on = True
            w.say(f"The card turns on {self.victims[0]}; {v} gets any gain.")
        elif acard.action == "return_to_owner":
            w.undiscard("karma", self.card.key)
            o = w.player(self.owner)
            w.update(o.name, hand=o.hand + (self.card.key,), no_sabotage_round=w.game.round)
            w.say(f"{self.card.title} goes back to {o.name}'s hand; {o.name} plays no more "
                  "Sabotage cards this round.")
            self.cancelled = True
        elif acard.action == "hijack":
            self.owner = v
            if op.answer_to:
                self.victims = [w.game.player(op.answer_to).name]
                self.passed_on = True
                w.say(f"{v} takes the card over and turns it on {self.victims[0]}.")
            else:
                w.say(f"{v} takes the card over and discards it.")
                self.cancelled = True

    def _in_play_saves(self, v: str) -> bool:
        w = self.w
        p = w.player(v)
        for key, safe, breaks in (("r-i-g-s-alarm-system", lambda r: r % 2 == 0,
                                   lambda r: r == 1),
                                  ("i-ve-got-a-donk", lambda r: 2 <= r <= 5,
                                   lambda r: r in (1, 6))):
            if key not in p.in_play:
                continue
            roll = w.rng.die(self.tables.constants.die_sides)
            title = title_of(self.tables, "karma", key)
            if safe(roll):
                w.say(f"{v}'s {title} rolls {roll}: {v} is not affected.")
                return True
            w.say(f"{v}'s {title} rolls {roll}.")
            if breaks(roll):
                p = w.player(v)
                w.update(v, in_play=tuple(k for k in p.in_play if k != key))
                w.discard("karma", key)
                w.say(f"{title} is discarded.")
        return False


# ---------------------------------------------------------------------------- effects


def _lose_rigs(c: _Ctx) -> None:
    v = c.victim()
    p = c.w.player(v)
    if not p.rigs:
        c.w.say(f"{v} has no RIGS to lose.")
        return
    if c.card.amount == "half":
        n = (p.rigs + 1) // 2
        c.w.update(v, must_lose_rigs=p.must_lose_rigs + n)
        c.w.say(f"{v} loses {n} of {p.rigs} RIGS, chosen by {v}: `rigs lose {v} --from "
                f"PLOT|warehouse` once per RIGS.")
    elif c.card.key == "missing-support":  # the card's player picks the RIGS
        src = c.need(c.op.source, "--from PLOT|warehouse", f"which of {v}'s RIGS "
                     f"{c.owner} destroys")
        c.w.lose_rigs(v, src)
    elif c.op.source:
        c.w.lose_rigs(v, c.op.source)
    else:
        c.w.update(v, must_lose_rigs=p.must_lose_rigs + 1)
        c.w.say(f"{v} chooses a RIGS to lose: `rigs lose {v} --from PLOT|warehouse`.")
    c.draws(v)


def _hand_card(c: _Ctx, who: str, text: str) -> str:
    return hand_key(c.tables, c.w.player(who), text)


def _discard_hand_random(c: _Ctx) -> None:
    v = c.victim()
    hand = c.w.player(v).hand
    if not hand:
        c.w.say(f"{v} holds no Karma card.")
        return
    key = hand[c.w.rng.below(len(hand))]
    discard_from_hand(c.w, v, key)
    c.w.say(f"{v} discards {title_of(c.tables, 'karma', key)} (drawn at random).")


def _discard_hand_choice(c: _Ctx) -> None:
    v = c.victim()
    key = _hand_card(c, v, c.need(c.op.card, "--card TITLE", f"which card of {v}'s hand "
                                  "(see `rigs status " + v + "`)")[0])
    discard_from_hand(c.w, v, key)
    c.w.say(f"{v} discards {title_of(c.tables, 'karma', key)}.")


def _match_loss(c: _Ctx) -> None:
    v = c.victim()
    if not c.op.give and not c.op.card:
        raise InputError(f"{c.card.title}: give the loss to match: --give RESOURCE=N for "
                         "resources and --card TITLE for each Karma card the victim "
                         "discards (the victim's choice)")
    for r, n in c.op.give:
        lost = c.w.lose(v, r, n, f"card: {c.card.title}")
        c.w.say(f"{v} throws away {lost} of {n} {r}.")
    for t in c.op.card:
        key = _hand_card(c, v, t)
        discard_from_hand(c.w, v, key)
        c.w.say(f"{v} discards {title_of(c.tables, 'karma', key)}.")


def _lose_resource(c: _Ctx) -> None:
    v = c.victim()
    p = c.w.player(v)
    kinds = RESOURCES if c.card.resource == "every" else (c.card.resource,)
    total = 0
    for r in kinds:
        have = p.amount(r)
        n = have if c.card.amount == "all" else (have + 1) // 2
        total += c.w.lose(v, r, n, f"card: {c.card.title}")
    c.w.say(f"{v} loses {total} resources." if total else f"{v} had nothing to lose.")
    if c.card.victim_draws_per and total:
        c.draws(v, -(-total // c.card.victim_draws_per))
    else:
        c.draws(v)


def _rough_storm(c: _Ctx) -> None:
    for p in c.w.game.players:
        roll = c.w.rng.die(c.tables.constants.die_sides)
        held = sum(p.amount(r) for r in RESOURCES)
        if roll == 6:
            c.w.say(f"{p.name} rolls 6: safe.")
            continue
        n = min(roll, held)
        c.w.say(f"{p.name} rolls {roll}: throws away {n} resources of their choice"
                + (f" (`rigs settle {p.name} RESOURCE=N ...`)." if n else " (has none)."))
        if n:
            c.w.update(p.name, must_discard=c.w.player(p.name).must_discard + n)
            c.draws(p.name, 1)


def _lose_plot_rigs(c: _Ctx) -> None:
    v = c.victim()
    pid = c.victim_plot(f"which of {v}'s plots")
    plot = c.w.player(v).plot(pid)
    if plot.rigs:
        c.w.lose_rigs(v, plot.id, plot.rigs)
    else:
        c.w.say(f"{plot.id} has no RIGS.")
    c.draws(v)


def _steal(c: _Ctx, key: str) -> None:
    v = c.victim()
    if c.decoy_from == v:
        key = "decoy"
        c.w.say(f"{v} hands over Decoy instead.")
    take_from_hand(c.w, v, key)
    o = c.w.player(c.owner)
    c.w.update(o.name, hand=o.hand + (key,))
    c.w.say(f"{o.name} takes a card from {v}'s hand.")
    c.w.say(f"You took {title_of(c.tables, 'karma', key)} from {v}'s hand.", to=o.name)
    c.w.say(f"{o.name} took {title_of(c.tables, 'karma', key)} from your hand.", to=v)


def _steal_hand_random(c: _Ctx) -> None:
    v = c.victim()
    hand = c.w.player(v).hand
    if not hand:
        c.w.say(f"{v} holds no Karma card.")
        return
    _steal(c, hand[c.w.rng.below(len(hand))])


def _steal_hand_choice(c: _Ctx) -> None:
    v = c.victim()
    t = c.need(c.op.card, "--card TITLE", f"which card of {v}'s hand")[0]
    _steal(c, _hand_card(c, v, t))


def _swap_credits(c: _Ctx) -> None:
    v = c.victim()
    opt = (c.op.option or "").lower()
    if opt not in ("draw", "card"):
        raise InputError(f"{c.card.title}: {v} chooses --option draw (draw 3 Karma cards) or "
                         "--option card (take this card)")
    a, b = c.w.player(c.owner), c.w.player(v)
    c.w.add(a.name, "credits", b.credits - a.credits, f"card: {c.card.title}")
    c.w.add(b.name, "credits", a.credits - b.credits, f"card: {c.card.title}")
    c.w.say(f"{a.name} and {b.name} swap credits ({a.credits} <-> {b.credits}).")
    if opt == "draw":
        c.draws(v, 3)
    else:
        c.w.undiscard("karma", c.card.key)
        c.w.update(v, hand=c.w.player(v).hand + (c.card.key,))
        c.w.say(f"{v} takes {c.card.title} into their hand.")


def _i_want_that(c: _Ctx) -> None:
    r = resource_name(c.need(c.op.resource, "--resource", "which resource")[0])
    if not c.victims:
        raise InputError(f"{c.card.title}: name the victims with --target (once each)")
    for v in c.victims:
        have = c.w.player(v).amount(r)
        if not have:
            c.w.say(f"{v} has no {r}.")
            continue
        roll = c.w.rng.die(c.tables.constants.die_sides)
        n = min(roll, have)
        c.w.lose(v, r, n, f"card: {c.card.title}")
        c.w.add(c.owner, r, n, f"card: {c.card.title}")
        c.w.say(f"{v} rolls {roll}: gives {n} {r} to {c.owner}.")


def _effect(c: _Ctx, name: str, effect: str) -> None:
    p = c.w.player(name)
    c.w.update(name, effects=p.effects + (effect,))


def _idle_plot(c: _Ctx) -> None:
    pid = c.victim_plot("which plot")
    v = c.victim()
    plot = c.w.player(v).plot(pid)
    _effect(c, v, f"idle:{plot.id}")
    c.w.say(f"The RIGS on {plot.id} stand idle this Production Phase.")


def _redirect_output(c: _Ctx) -> None:
    pid = c.victim_plot("which plot")
    v = c.victim()
    plot = c.w.player(v).plot(pid)
    _effect(c, v, f"sent:{plot.id}>{c.owner}")
    c.w.say(f"{plot.id}'s output goes to {c.owner} this Production Phase.")


def _brownout(c: _Ctx) -> None:
    v = c.victim()
    _effect(c, v, "brownout")
    c.w.say(f"{v} pays double Energy to power plots this Production Phase.")


def _displace(c: _Ctx, owner: str, pid: str, new_yield: int | None) -> None:
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


def _survey_error(c: _Ctx) -> None:
    pid = c.victim_plot("which surveyed plot")
    owner = c.plot_owner(pid)
    if c.victims and owner not in c.victims:  # passed on by Wrong Address and the like
        c.w.player(c.victim()).plot(pid)  # refuses: the new victim does not own it
    plot = c.w.player(owner).plot(pid)
    if plot.survey is None:
        raise RulesError(f"{plot.id} has no survey")
    pile = c.w.game.survey
    draw = c.w.rng.shuffled(pile.draw + (plot.survey,))
    c.w.game = replace(c.w.game, survey=Pile(tuple(draw), pile.discard))
    c.w.say(f"{plot.id}'s survey goes back into the Survey deck, which is shuffled.")
    _displace(c, owner, plot.id, None)


def _survey_swap(c: _Ctx) -> None:
    if len(c.op.plot) != 2:
        raise InputError(f"{c.card.title}: name two surveyed plots (--plot A --plot B)")
    a, b = c.op.plot
    oa, ob = c.plot_owner(a), c.plot_owner(b)
    pa, pb = c.w.player(oa).plot(a), c.w.player(ob).plot(b)
    if pa.id == pb.id:
        raise InputError("name two different plots")
    if pa.survey is None or pb.survey is None:
        raise RulesError("both plots need a survey")
    ya, yb = pa.survey, pb.survey
    _displace(c, oa, pa.id, yb)
    _displace(c, ob, pb.id, ya)
    c.w.say(f"The surveys of {pa.id} and {pb.id} are swapped ({ya} <-> {yb}).")


def _transfer_plot(c: _Ctx) -> None:
    pid = c.victim_plot("which plot")
    v = c.victim()
    new = c.w.game.player(c.need(c.op.new_owner, "--new-owner",
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


def _idle_all(c: _Ctx) -> None:
    v = c.victim()
    _effect(c, v, "idle_all")
    c.w.say(f"All of {v}'s RIGS stand idle this Production Phase.")
    c.draws(v)


def _scatter_rigs(c: _Ctx) -> None:
    pid = c.victim_plot("which plot")
    v = c.victim()
    plot = c.w.player(v).plot(pid)
    if len(c.op.to) != plot.rigs:
        raise InputError(f"{c.card.title}: {plot.id} has {plot.rigs} RIGS; give one --to per "
                         "RIGS (PLAYER for a warehouse, or PLOT:RESOURCE)")
    p = c.w.player(v)
    c.w.put(replace_plot(p, replace(plot, rigs=0, harvest=None)))
    for dest in c.op.to:
        where, _, harvest = dest.partition(":")
        if where.upper().startswith("P") and where[1:].isdigit():
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
    c.w.say(f"The RIGS on {plot.id} go to: {', '.join(c.op.to)}.")
    c.draws(v)


def _nothing_now(c: _Ctx) -> None:
    c.w.say(f"{c.card.title} stays in front of {c.owner}.")


def _double_all(c: _Ctx) -> None:
    _effect(c, c.owner, "double")
    c.w.say(f"All of {c.owner}'s RIGS yield double this Production Phase.")


def _poker_night(c: _Ctx) -> None:
    chosen = [resource_name(r) for r in c.need(c.op.resource, "--resource",
                                               "which resources to roll for (each held "
                                               "type may roll once)")]
    if len(set(chosen)) != len(chosen):
        raise InputError("roll once per resource type")
    for r in chosen:
        have = c.w.player(c.owner).amount(r)
        if not have:
            raise RulesError(f"{c.owner} holds no {r} to roll for")
        roll = c.w.rng.die(c.tables.constants.die_sides)
        if roll == 1:
            c.w.add(c.owner, r, -have, f"card: {c.card.title}")
            c.w.say(f"{r}: rolls 1, loses all {have}.")
        elif roll <= 3:
            c.w.say(f"{r}: rolls {roll}, keeps {have}.")
        else:
            mult = 2 if roll <= 5 else 3
            c.w.add(c.owner, r, have * (mult - 1), f"card: {c.card.title}")
            c.w.say(f"{r}: rolls {roll}, x{mult}: {have * mult}.")


def _below_surface(c: _Ctx) -> None:
    pid = c.need(c.op.plot, "--plot", "which of your plots")[0]
    r = resource_name(c.need(c.op.resource, "--resource", "which kind of spot")[0])
    plot = c.w.player(c.owner).plot(pid)
    n = plot.spots(c.tables, r)
    c.w.add(c.owner, r, n, f"card: {c.card.title}")
    c.w.say(f"{c.owner} digs {n} {r} out of {plot.id}.")


def _gain(c: _Ctx) -> None:
    roll = c.w.rng.die(c.tables.constants.die_sides)
    c.w.add(c.owner, c.card.resource, roll, f"card: {c.card.title}")
    c.w.say(f"{c.owner} rolls {roll}: +{roll} {c.card.resource}.")


def _swap_meet(c: _Ctx) -> None:
    given, taken = sum(n for _, n in c.op.give), sum(n for _, n in c.op.take)
    if not given or given != taken or given > 6:
        raise InputError(f"{c.card.title}: hand in up to 6 resources (--give RESOURCE=N) "
                         "and take as many (--take RESOURCE=N)")
    for r, n in c.op.give:
        c.w.add(c.owner, r, -n, f"card: {c.card.title}")
    for r, n in c.op.take:
        c.w.add(c.owner, r, n, f"card: {c.card.title}")
    c.w.say(f"{c.owner} trades {given} resources.")


def _ruins(c: _Ctx) -> None:
    roll = c.w.rng.die(c.tables.constants.die_sides)
    p = c.w.player(c.owner)
    c.w.update(p.name, may_take=p.may_take + roll)
    c.w.say(f"{c.owner} rolls {roll}: takes {roll} resources of their choice "
            f"(`rigs settle {c.owner} RESOURCE=N ...`).")


def _triple_plot(c: _Ctx) -> None:
    pid = c.need(c.op.plot, "--plot", "which of your plots")[0]
    plot = c.w.player(c.owner).plot(pid)
    _effect(c, c.owner, f"triple:{plot.id}")
    c.w.say(f"The RIGS on {plot.id} yield triple this Production Phase.")


def _earlier_market_values(c: _Ctx) -> list[int]:
    m = c.w.game.market
    if m.price is None:
        raise RulesError("no Market card has been drawn this round",
                         rule="played after the Market card is drawn")
    # drawn[i] priced round i + 1; a recorded physical card's value wins
    return [m.recorded.get(r, card_value(c.tables, m.values, i))
            for r, i in enumerate(m.drawn[:-1], start=1)]


def _other_markets(c: _Ctx) -> None:
    values = _earlier_market_values(c)
    if not values:
        c.w.say("No earlier Market card is in the discards: the price stays.")
        return
    m = c.w.game.market
    c.w.game = replace(c.w.game, market=replace(m, price=max(values)))
    c.w.say(f"Luxuries sell at {max(values)} this round (the highest earlier Market card).")


def _naive_profits(c: _Ctx) -> None:
    values = _earlier_market_values(c)
    if not values:
        c.w.say("No earlier Market card is in the discards: no bonus.")
        return
    _effect(c, c.owner, f"naive:{min(values)}")
    c.w.say(f"{c.owner} sells Luxuries at {min(values)} more this round.")


def _insurance(c: _Ctx) -> None:
    p = c.w.player(c.owner)
    if not p.last_loss:
        raise RulesError(f"{p.name} has no resource loss to recover",
                         rule="Warehouse Insurance recovers the most recent loss")
    for r, n in p.last_loss.items():
        c.w.add(p.name, r, n, f"card: {c.card.title}")
    c.w.say(f"{p.name} recovers " + ", ".join(f"{n} {r}" for r, n in p.last_loss.items())
            + ".")
    c.w.update(p.name, last_loss=frozen_map())


def _information(c: _Ctx) -> None:
    c.w.say(f"{c.owner} looks at every other hand (`rigs hand {c.owner}` shows them).")
    hands = {}
    for p in c.w.game.players:
        if p.name != c.owner:
            hands[p.name] = [title_of(c.tables, "karma", k) for k in p.hand]
            c.w.say(f"{p.name}: {p.credits} credits; hand: " + (", ".join(hands[p.name])
                                                                 or "empty"), to=c.owner)


EFFECTS = {
    "lose_rigs": _lose_rigs, "discard_hand_random": _discard_hand_random,
    "discard_hand_choice": _discard_hand_choice, "match_loss": _match_loss,
    "lose_resource": _lose_resource, "rough_storm": _rough_storm,
    "lose_plot_rigs": _lose_plot_rigs, "steal_hand_random": _steal_hand_random,
    "swap_credits": _swap_credits, "i_want_that": _i_want_that, "idle_plot": _idle_plot,
    "redirect_output": _redirect_output, "brownout": _brownout,
    "steal_hand_choice": _steal_hand_choice, "survey_error": _survey_error,
    "survey_swap": _survey_swap, "transfer_plot": _transfer_plot, "idle_all": _idle_all,
    "scatter_rigs": _scatter_rigs, "recycling": _nothing_now, "double_all": _double_all,
    "poker_night": _poker_night, "parts_shop": _nothing_now,
    "below_surface": _below_surface, "gain": _gain, "swap_meet": _swap_meet,
    "ruins": _ruins, "triple_plot": _triple_plot, "other_markets": _other_markets,
    "naive_profits": _naive_profits, "alarm": _nothing_now, "trade_in": _nothing_now,
    "donk": _nothing_now, "insurance": _insurance, "information": _information,
}


# ---------------------------------------------------------------------------- in play


@dataclass(frozen=True)
class KarmaUse(Op):
    """Use a card in play: Parts Shop (a die roll once per Player Phase), Push, Pull, or Drag
    (after a RIGS was destroyed this round: discard it for a free RIGS), Recycling (discard it
    in a Player Phase for 1 Metal per RIGS on it)."""

    name: str
    title: str

    def describe(self) -> str:
        return f"karma use {self.name} {self.title!r}"

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        self.apply(game, tables)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        p = game.player(self.name)
        key = find_in(tables, "karma", self.title)
        card = tables.karma_card(key)
        if key not in p.in_play:
            raise RulesError(f"{p.name} has no {card.title} in play")
        w = Work(game, tables)
        if key == "parts-shop":
            _use_parts_shop(w, p, key)
        elif key == "push-pull-or-drag":
            if game.rigs_lost_round != game.round:
                raise RulesError("no RIGS has been destroyed this round",
                                 rule="Push, Pull, or Drag is used when a RIGS is destroyed")
            if game.colony_rigs >= tables.constants.colony_rigs:
                raise RulesError("all 75 RIGS tokens are in use")
            retire(w, p.name, key)
            w.update(p.name, warehouse_rigs=w.player(p.name).warehouse_rigs + 1)
            w.say(f"{p.name} trades in {card.title} for a free RIGS in the warehouse.")
        elif key == "recycling":
            if game.phase != "player":
                raise RulesError("Recycling is cashed in during the Player Phase")
            n = p.on_cards.get(key, 0)
            retire(w, p.name, key)
            w.add(p.name, "metal", n, "card: Recycling")
            w.say(f"{p.name} cashes in Recycling: {n} Metal for the {n} RIGS on it.")
        else:
            raise RulesError(f"{card.title} has nothing to use: it works by itself")
        return w.done()


def _use_parts_shop(w: Work, p: Player, key: str) -> None:
    if w.game.phase != "player":
        raise RulesError("Parts Shop rolls during the Player Phase")
    if "used:parts-shop" in p.effects:
        raise RulesError("Parts Shop rolls once per Player Phase")
    roll = w.rng.die(w.tables.constants.die_sides)
    on = p.on_cards.get(key, 0)
    if roll == 1:
        retire(w, p.name, key)
        w.say(f"Parts Shop rolls 1: the card is discarded and its {on} RIGS are lost.")
        return
    w.update(p.name, effects=p.effects + ("used:parts-shop",))
    if on >= roll:
        q = w.player(p.name)
        w.update(p.name, warehouse_rigs=q.warehouse_rigs + 1,
                 on_cards=frozen_map({**q.on_cards, key: on - 1}))
        w.say(f"Parts Shop rolls {roll}: one RIGS comes back to the warehouse.")
    else:
        w.say(f"Parts Shop rolls {roll}: {on} RIGS on the card is not enough.")


__all__ = ["EFFECTS", "KarmaPlay", "KarmaUse", "WAREHOUSE"]
