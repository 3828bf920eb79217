"""The rest of a game, played out once from public facts by simulated players.
No I/O; imports only the rules core.  Past 450 lines, it stays one idea: the simulated
game's state and the steps of a round that change it (what players choose is acting.py).

:func:`digest` reads what the table knows of a game once (holdings, plots, RIGS, the
unseen cards of each deck as a composition, never a virtual pile's order) and does the
steps of the current round that need no chance (this round's production once the
Disasters are dealt, a Market sale at a known price).  :func:`play_out` then plays the
remaining rounds with the forecast's own generator:

- Land Grant (round 2 on, while plots last): plots drawn from the unseen plot cards; the
  leader keeps the one valued by the most End Game cards (then the most spots), the
  others get the rest in seating order; the leader is then re-determined (ties: a fair
  roll-off).
- Disasters dealt from the unseen Disaster cards (the discards reshuffled when they run
  out) and applied as the rules say; a lost RIGS comes from the warehouse first, then
  from the plot with the most RIGS (the documented defaults).
- Production: RIGS stay where they are; each plot is powered, best yield first, while
  the Energy produced and held lasts (the default plan).
- Market: a card drawn from the unseen Market cards; a player sells every Luxury when
  the price is their threshold or better (the mean Market card value for the old policy),
  and all that is left in the last round.
- Players act in the Player Phase (:mod:`rigs_helper.forecast.acting`): build, place RIGS,
  survey, borrow and repay, play Karma cards, each player after a policy drawn from a blend
  and tuned by their own play so far (:mod:`rigs_helper.forecast.tendencies`).  With
  ``acting=False`` (the old policy) nobody acts: Vinnie is settled at the end.

What is left at the end is a :class:`Final`: each player's net worth as a linear form of
the End Game Market cards (drawn from the Market cards still unseen) and the dice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import Any
from dataclasses import dataclass, replace

from rigs_helper.forecast.acting import KINDS, Acting
from rigs_helper.forecast.knowledge import karma_unseen
from rigs_helper.forecast.record import Record
from rigs_helper.forecast import tendencies as habits
from rigs_helper.games.rigs.engine import default_discard, default_rigs_source, leader_rank
from rigs_helper.games.rigs.market import card_value
from rigs_helper.games.rigs.production import plan
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import BASIC_RESOURCES, Tables

RES = ("energy", "supplies", "metal", "luxuries")
_IDX = {r: i for i, r in enumerate(RES)}
_PRIORITY = {1: 2, 2: 1, 3: 0}  # power order on equal yield: Luxuries, Metal, Supplies
ECLIPSE, SEASONAL, INFESTATION = "eclipse", "seasonal_hell", "infestation"
CHARGER, JUNCTION = "charger_failure", "junction_failure"
_TWO64 = 1 << 64

@dataclass(frozen=True)
class Start:
    """What :func:`play_out` starts from (shared by every simulated game; never changed)."""

    players: int
    credits: tuple[int, ...]
    res: tuple[tuple[int, ...], ...]  # energy, supplies, metal, luxuries
    warehouse: tuple[int, ...]  # RIGS in each warehouse
    # every plot: (type, resource harvested or -1, RIGS, plot no., survey yield or -1)
    plots: tuple[tuple[tuple[str, int, int, int, int], ...], ...]
    weights: tuple[dict, ...]  # plot type -> weight (a luxury plot counts twice)
    ranks: tuple[tuple[int, int, int], ...]  # barren Plains, plots, Valleys (leader rule)
    deserts: tuple[int, ...]
    scripts: tuple[tuple[int, ...], ...]
    leader: int
    grant_now: int  # plots of a Land Grant waiting for the leader's pick
    plot_deck: int  # plot cards left in the deck (public count)
    plot_pool: tuple[str, ...]  # plot types the table has not seen (deck and grant)
    disaster_pile: tuple[str, ...]  # unseen Disaster cards (the pile's contents)
    disaster_discard: tuple[str, ...]
    this_round: tuple[str, ...]  # steps of the current round still to play
    market_pool: tuple[int, ...]  # values of the unseen Market cards
    market_left: int  # cards left in the Game Market Deck
    price: int | None  # the last Market price, once a card is drawn
    mean_price: float  # the selling threshold: the mean value of every Market card
    slots: tuple[tuple[str, int], ...]  # (plot type, End Game cards), table order
    plot_rank: dict  # plot type -> the Land Grant keeper's preference
    disasters: dict  # Disaster key -> (action, resource index, all?, lose RIGS?, effect, needs)
    spots: dict  # plot type -> (Energy, Supplies, Metal spots)
    survey_pool: tuple[int, ...]  # yields of the unseen Survey cards
    hands: tuple[int, ...]  # Karma cards in each hand (a public count)
    karma_pool: tuple[str, ...]  # kinds of the unseen Karma cards (the deck and the hands)
    hand_limit: int
    tendencies: tuple[tuple, ...]  # per player: each blend policy tuned by their own play
    odds: tuple[tuple[int, ...], ...]  # per player: cumulative chances of the policies (/2^20)
    acting: bool = True  # False: the old policy (nobody acts)


@dataclass
class Final:
    """One simulated game at its end: net worth = const + sum weight x slot value +
    sum units x die."""

    const: list[float]
    weights: list[list[int]]  # per player, per Start.slots
    units: list[list[int]]  # per player: energy, supplies, metal minus 4 per script
    end_pool: list[int]  # the End Game Market Deck (the unseen cards left)


# ---------------------------------------------------------------------------- digest


def _settled(game: Game, tables: Tables) -> Game:
    """The game with what the rules' defaults would settle at the next step done now: RIGS
    losses owed, resources to throw away or to take (as `rigs next --auto` settles them)."""
    players = []
    for p in game.players:
        for _ in range(p.must_lose_rigs):
            src = default_rigs_source(p)
            if src is None:
                break
            if src == "warehouse":
                p = replace(p, warehouse_rigs=p.warehouse_rigs - 1)
            else:
                p = replace(p, plots=tuple(
                    replace(x, rigs=x.rigs - 1, harvest=x.harvest if x.rigs > 1 else None)
                    if x.id == src else x for x in p.plots))
        if p.must_discard:
            left: dict[str, Any] = {r: p.amount(r) - n
                                    for r, n in default_discard(p, p.must_discard)}
            p = replace(p, **left)
        if p.may_take:
            p = replace(p, luxuries=p.luxuries + p.may_take)
        players.append(replace(p, must_lose_rigs=0, must_discard=0, may_take=0))
    return replace(game, players=tuple(players))


def prices(game: Game, tables: Tables, all_values: list[int] | None = None
           ) -> tuple[int | None, float]:
    """(the latest Market price, None before the first card; the mean Market card
    value): what a player's selling is read against (``all_values``: every Market card's
    value, when already known)."""
    m = game.market
    if all_values is None:
        all_values = [card_value(tables, m.values, i) for i in range(len(tables.market_deck))]
    price = m.price
    if price is None and m.drawn:
        price = m.recorded.get(len(m.drawn), all_values[m.drawn[-1]])
    return price, sum(all_values) / len(all_values)


def fitted_styles(game: Game, tables: Tables, record: Record | None = None
                  ) -> tuple[str | None, ...]:
    """Per player (seating order), the play style of the ensemble that explains their
    play in this game best, every style alike before it (the weighing of :func:`digest`:
    :func:`rigs_helper.forecast.tendencies.likelihoods`); None for a player with no
    round played.  Kept with a finished game in the group's history, these are the
    styles a later game's forecast starts from (``past``)."""
    price, mean_price = prices(game, tables)
    names = list(habits.POLICIES)
    out: list[str | None] = []
    for seen in habits.observed(game, price, mean_price, tables.constants.hand_limit, record):
        weights = habits.likelihoods(seen)
        out.append(names[max(range(len(names)), key=weights.__getitem__)]
                   if seen.rounds else None)
    return tuple(out)


def digest(game: Game, tables: Tables, acting: bool = True, record: Record | None = None,
           past: Mapping[str, Sequence[str]] | None = None) -> Start:
    """The public facts the simulation starts from, with this round's sure steps done
    (``acting``: players act; False: the old policy; ``record``: what each player did in
    each round, from the log; ``past``: per player name, the styles that fitted them in
    the group's past games, the ensemble's weights before this game's play)."""
    g = _settled(game, tables)
    m = g.market
    drawn = set(m.drawn)
    all_values = [card_value(tables, m.values, i) for i in range(len(tables.market_deck))]
    pool = [v for i, v in enumerate(all_values) if i not in drawn]
    price, mean_price = prices(g, tables, all_values)
    res = [[p.energy, p.supplies, p.metal, p.luxuries] for p in g.players]
    credits = [p.credits for p in g.players]
    front = [p.disaster for p in g.players if p.disaster]
    steps: tuple[str, ...]
    if g.phase == "player":
        steps = ("grant", "acts", "disaster", "production", "market") if g.grant else (
            "acts", "disaster", "production", "market")
    elif g.phase in ("disaster", "production"):
        for i, p in enumerate(g.players):  # the cards are dealt: production is sure
            for r, n in plan(g, p.name, tables).produced.items():
                res[i][_IDX[r]] += n
        steps = ("market",)
    else:
        steps = ("sell",) if price is not None else ()
    plot_pool = tuple(tables.plot_deck[int(pid[1:]) - 1] for pid in g.plot_deck + g.grant)
    seen = Counter(g.disaster.discard) + Counter(front)
    pile = Counter(tables.disaster_deck) - seen
    rank = {t.key: (t.endgame_cards, sum(t.spots.values())) for t in tables.plots.values()}
    cards = {}
    for c in tables.disasters:
        cards[c.key] = (c.action, _IDX.get(c.resource or "", -1), c.amount == "all",
                        c.when_none == "lose_rigs", c.production, c.requires)
    observed = habits.observed(game, price, mean_price, tables.constants.hand_limit, record)
    tendencies = tuple(tuple(habits.tuned(t, o) for t in habits.BLEND) for o in observed)
    priors = [habits.prior_of(past[p.name]) if past and p.name in past else None
              for p in g.players]
    odds = tuple(tuple(accumulate(round(w * habits.ODDS) for w in habits.likelihoods(
        o, prior=prior))) for o, prior in zip(observed, priors))
    karma = tuple(tables.karma_card(k).kind for k in karma_unseen(g, tables).elements())
    survey_seen = Counter(x.survey for p in g.players for x in p.plots if x.survey is not None)
    weights = []
    for p in g.players:
        w: dict[str, int] = {}
        for x in p.plots:
            w[x.type] = w.get(x.type, 0) + (2 if x.luxury else 1)
        weights.append(w)
    return Start(
        players=len(g.players), credits=tuple(credits), res=tuple(tuple(r) for r in res),
        warehouse=tuple(p.warehouse_rigs for p in g.players),
        plots=tuple(tuple((x.type, _IDX[x.harvest] if x.rigs and x.harvest else -1, x.rigs,
                           int(x.id[1:]), -1 if x.survey is None else x.survey)
                          for x in p.plots) for p in g.players),
        weights=tuple(weights), ranks=tuple(leader_rank(p) for p in g.players),
        deserts=tuple(sum(1 for x in p.plots if x.type == "desert") for p in g.players),
        scripts=tuple(tuple(p.scripts(r) for r in BASIC_RESOURCES) for p in g.players),
        leader=g.index(g.leader) if g.leader else 0, grant_now=len(g.grant),
        plot_deck=len(g.plot_deck), plot_pool=plot_pool,
        disaster_pile=tuple(pile.elements()),
        disaster_discard=tuple(g.disaster.discard) + tuple(front),
        this_round=steps, market_pool=tuple(pool), market_left=len(m.game), price=price,
        mean_price=mean_price,
        slots=tuple((t.key, t.endgame_cards) for t in tables.plots.values()),
        plot_rank=rank, disasters=cards,
        spots={k: tuple(t.spots[r] for r in RES[:3]) for k, t in tables.plots.items()},
        survey_pool=tuple((Counter(tables.survey_deck) - survey_seen).elements()),
        hands=tuple(len(p.hand) for p in g.players), karma_pool=karma,
        hand_limit=tables.constants.hand_limit, tendencies=tendencies, odds=odds,
        acting=acting)


def _sell(credits, res, price: int, threshold, last: bool) -> None:
    """Sell each player's Luxuries at their ``threshold`` (one, or one each) or better."""
    for i, r in enumerate(res):
        floor = threshold if isinstance(threshold, (int, float)) else threshold[i]
        if r[3] and (price >= floor or last):
            credits[i] += r[3] * price
            r[3] = 0


# ---------------------------------------------------------------------------- play


class _Game(Acting):
    """One simulated game's mutable state."""

    __slots__ = (
        "bits",
        "credits",
        "deserts",
        "discard",
        "hands",
        "karma_pool",
        "leader",
        "left",
        "market",
        "market_left",
        "nbits",
        "open",
        "pile",
        "plot_deck",
        "plot_pool",
        "plots",
        "price",
        "ranks",
        "res",
        "rng",
        "s",
        "scripts",
        "sell_at",
        "survey_pool",
        "tend",
        "warehouse",
        "weights",
    )

    def __init__(self, s: Start, rng: Rng) -> None:
        self.s = s
        self.rng = rng
        self.credits = list(s.credits)
        self.res = [list(r) for r in s.res]
        self.warehouse = list(s.warehouse)
        self.plots = [[list(x) for x in plots] for plots in s.plots]
        self.scripts = [list(x) for x in s.scripts]
        self.open = [sum(1 for x in plots if x[4] < 0) for plots in s.plots]  # unsurveyed
        self.weights = [dict(w) for w in s.weights]
        self.ranks = [list(r) for r in s.ranks]
        self.deserts = list(s.deserts)
        self.leader = s.leader
        self.plot_deck = s.plot_deck
        self.plot_pool = list(s.plot_pool)
        self.pile = list(s.disaster_pile)
        self.discard = list(s.disaster_discard)
        self.market = list(s.market_pool)
        self.market_left = s.market_left
        self.price = s.price
        self.left = s.market_left
        self.bits = self.nbits = 0
        self.survey_pool = list(s.survey_pool)
        self.karma_pool = list(s.karma_pool)
        self.hands = [[self.take(self.karma_pool) for _ in range(min(n, len(self.karma_pool)))]
                      for n in s.hands] if s.acting else [[] for _ in s.hands]
        if s.acting:
            self.tend = [t[habits.pick(rng, odds)] for t, odds in zip(s.tendencies, s.odds)]
        else:
            self.tend = [habits.POLICIES["idle"]] * s.players
        self.sell_at = [t.sell * s.mean_price for t in self.tend]

    def take(self, items: list):
        """A card drawn at random from ``items`` (the table cannot tell the order)."""
        n = len(items)  # (Rng.below inlined: hundreds of thousands of draws a forecast)
        if not n:
            raise ValueError("below() needs n >= 1")
        limit = _TWO64 - _TWO64 % n
        next64 = self.rng.next64
        x = next64()
        while x >= limit:
            x = next64()
        j = x % n
        items[j], items[-1] = items[-1], items[j]
        return items.pop()

    # -- Player Phase ------------------------------------------------------------------
    def grant(self, n: int) -> None:
        if n <= 0:
            return
        drawn = [self.take(self.plot_pool) for _ in range(n)]
        rank = self.s.plot_rank
        keep = max(range(n), key=lambda k: rank[drawn[k]])
        order = [drawn[keep]] + drawn[:keep] + drawn[keep + 1:]
        np_ = self.s.players
        for k, t in enumerate(order):
            i = (self.leader + k) % np_
            w = self.weights[i]
            w[t] = w.get(t, 0) + 1
            r = self.ranks[i]
            if t == "plains":
                r[0] += 1
            elif t == "valley":
                r[2] += 1
            elif t == "desert":
                self.deserts[i] += 1
            r[1] -= 1
            self.plots[i].append([t, -1, 0, 100 + len(self.plots[i]), -1])
            self.open[i] += 1
        worst = max(self.ranks)
        tied = [i for i, r in enumerate(self.ranks) if r == worst]
        self.leader = tied[0] if len(tied) == 1 else tied[self.rng.below(len(tied))]

    # -- Disaster Phase ----------------------------------------------------------------
    def lose_rigs(self, i: int) -> bool:
        if self.warehouse[i]:
            self.warehouse[i] -= 1
            return True
        plots = self.plots[i]
        best = max(plots, key=lambda x: (x[2], -x[3]), default=None)
        if best is None or not best[2]:
            return False
        best[2] -= 1
        if not best[2]:
            best[1] = -1
        return True

    def disasters(self) -> list:
        np_ = self.s.players
        effects: list = [None] * np_
        cards = self.s.disasters
        front = []
        for k in range(np_):
            i = (self.leader + k) % np_
            if not self.pile:
                self.pile, self.discard = self.discard, []
                if not self.pile:
                    break
            key = self.take(self.pile)
            front.append(key)
            action, r, everything, fallback, effect, needs = cards[key]
            hurt = False
            if action == "discard":
                have = self.res[i][r]
                if have:
                    self.res[i][r] -= have if everything else (have + 1) // 2
                    hurt = True
                elif fallback:
                    hurt = self.lose_rigs(i)
            elif action == "production":
                if self.needs(i, needs):
                    effects[i] = effect
                    hurt = True
                elif fallback:
                    hurt = self.lose_rigs(i)
            if hurt and self.s.acting:
                self.draw_karma(i)
        self.discard += front  # discarded once Production ends (nothing draws before)
        return effects

    def needs(self, i: int, what: str) -> bool:
        if what == "desert_plots":
            return self.deserts[i] > 0
        if what == "valley_plots":
            return self.ranks[i][2] > 0
        if what == "supplies_rigs":
            return any(x[1] == 1 and x[2] for x in self.plots[i])
        if what == "energy_rigs":
            return any(x[1] == 0 and x[2] for x in self.plots[i])
        return False

    # -- Production Phase --------------------------------------------------------------
    def produce(self, i: int, effect) -> None:
        own = 0
        others = []
        for t, r, n, pid, _ in self.plots[i]:
            if not n:
                continue
            if effect == SEASONAL and t == "valley" and n > 1:
                n = 1
            if r == 0:
                if not (effect == ECLIPSE and t == "desert"):
                    own += n
            elif n and not (effect == INFESTATION and r == 1):
                others.append((-n, _PRIORITY[r], pid, r))
        res = self.res[i]
        prod = 0 if effect == JUNCTION else own
        used_prod = used_wh = 0
        if others:
            others.sort()
            wh = res[0]
            for neg, _, _, r in others:
                if prod:
                    prod -= 1
                    used_prod += 1
                elif wh:
                    wh -= 1
                    used_wh += 1
                else:
                    break
                res[r] -= neg
        lost = own - used_prod if effect == CHARGER else 0
        res[0] += own - used_prod - lost - used_wh

    # -- Market Phase ------------------------------------------------------------------
    def market_phase(self) -> None:
        self.price = self.take(self.market)
        self.market_left -= 1
        _sell(self.credits, self.res, self.price, self.sell_at, last=self.market_left == 0)

    def round(self, steps) -> None:
        effects: list = [None] * self.s.players
        for step in steps:
            if step == "grant":
                self.grant(self.s.grant_now)
            elif step == "newgrant":
                n = min(self.s.players, self.plot_deck)
                self.plot_deck -= n
                self.grant(n)
            elif step == "sell":
                assert self.price is not None  # digest plans a sale only at a known price
                _sell(self.credits, self.res, self.price, self.sell_at,
                      last=self.market_left == 0)
            elif step == "acts":
                if self.s.acting:
                    self.left = self.market_left
                    self.player_phase()
            elif step == "disaster":
                effects = self.disasters()
            elif step == "production":
                for i in range(self.s.players):
                    self.produce(i, effects[i])
            elif step == "market" and self.market_left:
                self.market_phase()

    def final(self) -> Final:
        s = self.s
        if self.price is not None:
            _sell(self.credits, self.res, self.price, s.mean_price, last=True)
        units = [[r[k] - 4 * sc[k] for k in range(3)] for r, sc in zip(self.res, self.scripts)]
        weights = [[w.get(t, 0) for t, _ in s.slots] for w in self.weights]
        return Final([float(c) for c in self.credits], weights, units, self.market)


_NEXT_ROUND = ("newgrant", "acts", "disaster", "production", "market")


def play_out(s: Start, rng: Rng) -> Final:
    """One simulated rest of the game (``rng``: the forecast's own generator)."""
    g = _Game(s, rng)
    g.round(s.this_round)
    while g.market_left:
        g.round(_NEXT_ROUND)
    return g.final()


__all__ = ["Final", "Start", "digest", "play_out"]
