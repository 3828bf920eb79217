"""Standings: each player's net worth *if the game ended now*, its spread, and the chance of
winning, over what the table cannot see yet.  No I/O.

Net worth is linear in the unknowns (RULES.md "End game and net worth"):

    net = credits + luxuries x price + sum_t weight_t x V_t + sum_r (amount_r - 4 x scripts_r) x d_r

where ``weight_t`` counts the player's plots of type t (a luxury plot twice), ``V_t`` is the
type's End Game value (one or two End Game Market cards) and ``d_r`` a die.  The End Game
cards are unknown: from public facts they are a uniform draw without replacement from the
Market cards not yet revealed (:mod:`rigs_helper.forecast.knowledge`); the dice are
independent and fair.  Known End Game values (already drawn, or given by the table) are
used as they are.

- The expected net worth is exact (linearity of expectation), and cheap.
- The spread (10th and 90th percentiles) is exact: each player's own distribution is small.
- The win chance is exact when the joint outcomes are few; otherwise Monte Carlo with its
  own generator (seeded from ``seed``), never the game's.

Luxuries count at the current Market price; before the round's card is drawn, at the last
card's price; before any card, at the mean value of the unseen Market cards.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass, field
from itertools import accumulate, product

from rigs_helper.rules.tables import BASIC_RESOURCES, Tables
from rigs_helper.rules.errors import InputError
from rigs_helper.forecast.knowledge import market_unseen_values
from rigs_helper.rules.market import card_value
from rigs_helper.rules.rng import MAX_SEED, Rng, _mix
from rigs_helper.rules.state import Game

DEFAULT_SAMPLES = 40_000
EXACT_BUDGET = 60_000  # joint (cards x dice) outcomes summed exactly, at most
ENUM_LEAVES = 40_000  # card outcomes enumerated, at most (beyond that cards are sampled)
CHUNK = 5_000  # samples between progress ticks


@dataclass(frozen=True)
class Form:
    """One player's net worth as a linear form of the unknowns."""

    name: str
    const: float  # everything already known
    plots: tuple[int, ...]  # weight of each unknown plot type (Model.plot_slots order)
    dice: tuple[int, ...]  # units per pip of each unknown die (Model.dice order)


@dataclass(frozen=True)
class Model:
    forms: tuple[Form, ...]
    plot_slots: tuple[tuple[str, int], ...]  # (plot type, End Game cards) still unknown
    values: tuple[int, ...]  # values of the unseen Market cards (one per card)
    dice: tuple[str, ...]  # resources whose die is still unknown
    sides: int
    price: float
    price_basis: str
    known_dice: tuple[tuple[str, int], ...] = ()  # resources whose die is already rolled

    @property
    def known(self) -> bool:
        return not self.plot_slots and not self.dice


@dataclass(frozen=True)
class PlayerStanding:
    name: str
    net_worth: float
    low: float
    high: float
    win_probability: float
    vinnie: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"name": self.name, "net_worth": _num(self.net_worth), "low": _num(self.low),
                "high": _num(self.high), "win_probability": round(self.win_probability, 4),
                "vinnie_due": self.vinnie}


@dataclass(frozen=True)
class Standings:
    round: int
    phase: str
    players: tuple[PlayerStanding, ...]
    method: str  # "known", "exact" or "monte carlo"
    samples: int = 0
    seed: int | None = None
    price: float = 0.0
    price_basis: str = ""
    unknowns: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        return {"round": self.round, "phase": self.phase,
                "players": [p.as_dict() for p in self.players]}


def _num(x: float) -> float | int:
    r = round(x, 2)
    return int(r) if r == int(r) else r


# ---------------------------------------------------------------------------- the model


def luxury_price(game: Game, tables: Tables, unseen: list[int]) -> tuple[float, str]:
    m = game.market
    if m.price is not None:
        return m.price, "this round's Market card"
    if m.drawn:
        rnd = len(m.drawn)
        return (m.recorded.get(rnd, card_value(tables, m.values, m.drawn[-1])),
                f"round {rnd}'s Market card")
    mean = sum(unseen) / len(unseen) if unseen else 0.0
    return mean, "the mean of the unseen Market cards (none drawn yet)"


def build_model(game: Game, tables: Tables) -> Model:
    e = game.endgame
    unseen = market_unseen_values(game, tables)
    for cards in e.plot_cards.values():  # End Game cards the table has seen
        for v in cards:
            if v in unseen:
                unseen.remove(v)
    price, basis = luxury_price(game, tables, unseen)
    per_script = tables.constants.repay_end_game
    weights = [Counter() for _ in game.players]
    for w, p in zip(weights, game.players):
        for x in p.plots:
            w[x.type] += 2 if x.luxury else 1
    slots = tuple((t.key, t.endgame_cards) for t in tables.plots.values()
                  if t.key not in e.plot_values and any(w[t.key] for w in weights))
    units = [{r: p.amount(r) - per_script * p.scripts(r) for r in BASIC_RESOURCES}
             for p in game.players]
    dice = tuple(r for r in BASIC_RESOURCES
                 if r not in e.resource_values and any(u[r] for u in units))
    need = sum(n for _, n in slots)
    if need > len(unseen):
        raise InputError(f"only {len(unseen)} unseen Market cards for {need} End Game cards")
    forms = []
    for p, w, u in zip(game.players, weights, units):
        const = p.credits + p.luxuries * price
        const += sum(w[t] * v for t, v in e.plot_values.items())
        const += sum(u[r] * v for r, v in e.resource_values.items())
        forms.append(Form(p.name, const, tuple(w[t] for t, _ in slots),
                          tuple(u[r] for r in dice)))
    return Model(tuple(forms), slots, tuple(unseen), dice, tables.constants.die_sides,
                 price, basis, tuple(e.resource_values.items()))


def expected(model: Model) -> list[float]:
    """Each player's expected net worth (exact, no sampling)."""
    mean_card = sum(model.values) / len(model.values) if model.values else 0.0
    slot_mean = [n * mean_card for _, n in model.plot_slots]
    die_mean = (model.sides + 1) / 2
    return [f.const + sum(w * m for w, m in zip(f.plots, slot_mean))
            + sum(k * die_mean for k in f.dice) for f in model.forms]


def expected_networth(game: Game, tables: Tables) -> dict[str, float]:
    """Player -> expected net worth if the game ended now (for the log after each phase)."""
    model = build_model(game, tables)
    return {f.name: round(v, 2) for f, v in zip(model.forms, expected(model))}


# ---------------------------------------------------------------------------- outcomes


def _card_leaves(model: Model) -> int:
    k = len(set(model.values))
    n = 1
    for _, cards in model.plot_slots:
        n *= k if cards == 1 else k * (k + 1) // 2
    return n


def slot_distribution(model: Model) -> dict[tuple[int, ...], float]:
    """Exact joint distribution of the unknown plot types' values (draws without
    replacement from the unseen Market cards)."""
    counts = Counter(model.values)
    vals = sorted(counts)
    out: dict[tuple[int, ...], float] = {}
    slots = model.plot_slots

    def rec(i: int, left: int, prob: float, acc: tuple[int, ...]) -> None:
        if i == len(slots):
            out[acc] = out.get(acc, 0.0) + prob
            return
        if slots[i][1] == 1:
            for v in vals:
                c = counts[v]
                if c:
                    counts[v] = c - 1
                    rec(i + 1, left - 1, prob * c / left, acc + (v,))
                    counts[v] = c
            return
        pairs = left * (left - 1)
        for a_i, a in enumerate(vals):
            ca = counts[a]
            if not ca:
                continue
            for b in vals[a_i:]:
                if b == a:
                    if ca < 2:
                        continue
                    p = ca * (ca - 1) / pairs
                    counts[a] = ca - 2
                    rec(i + 1, left - 2, prob * p, acc + (2 * a,))
                    counts[a] = ca
                    continue
                cb = counts[b]
                if not cb:
                    continue
                counts[a], counts[b] = ca - 1, cb - 1
                rec(i + 1, left - 2, prob * 2 * ca * cb / pairs, acc + (a + b,))
                counts[a], counts[b] = ca, cb

    rec(0, len(model.values), 1.0, ())
    return out


def _collapse(items, forms_w) -> dict[tuple[float, ...], float]:
    """Outcomes (values, prob) -> distribution of each player's part, as vectors."""
    out: dict[tuple[float, ...], float] = {}
    for values, prob in items:
        vec = tuple(sum(w * v for w, v in zip(ws, values)) for ws in forms_w)
        out[vec] = out.get(vec, 0.0) + prob
    return out


def dice_outcomes(model: Model) -> list[tuple[int, ...]]:
    return list(product(range(1, model.sides + 1), repeat=len(model.dice)))


def _quantiles(dist: dict[float, float], qs=(0.1, 0.9)) -> list[float]:
    items = sorted(dist.items())
    out = []
    for q in qs:
        acc = 0.0
        pick = items[-1][0]
        for v, p in items:
            acc += p
            if acc >= q - 1e-12:
                pick = v
                break
        out.append(pick)
    return out


def _marginal(dist: dict[tuple[float, ...], float], i: int) -> dict[float, float]:
    out: dict[float, float] = {}
    for vec, p in dist.items():
        out[vec[i]] = out.get(vec[i], 0.0) + p
    return out


def _convolve(a: dict[float, float], b: dict[float, float]) -> dict[float, float]:
    out: dict[float, float] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def _wins(totals, weight: float, win: list[float]) -> None:
    best = max(totals)
    for i, t in enumerate(totals):
        if t == best:
            win[i] += weight


# ---------------------------------------------------------------------------- standings


def compute(game: Game, tables: Tables, samples: int = DEFAULT_SAMPLES,
            seed: int | None = None, method: str = "auto", tick=None) -> Standings:
    """The standings now.  ``method``: "auto" (exact when cheap), "exact" (however long it
    takes) or "mc" (Monte Carlo).
    ``tick(done, total)`` is called between chunks of Monte Carlo samples."""
    if samples < 1:
        raise InputError("--samples must be 1 or more")
    model = build_model(game, tables)
    means = expected(model)
    n = len(model.forms)
    consts = [f.const for f in model.forms]
    enumerable = _card_leaves(model) <= ENUM_LEAVES
    slots = slot_distribution(model) if enumerable else None
    card_w = [f.plots for f in model.forms]
    dice_w = [f.dice for f in model.forms]
    rolls = dice_outcomes(model)
    dice = _collapse(((r, 1 / len(rolls)) for r in rolls), dice_w)
    # Each player's own distribution (for the spread) is exact whenever cards enumerate.
    if slots is not None:
        cards = _collapse(slots.items(), card_w)
        spreads = [[consts[i] + q for q in
                    _quantiles(_convolve(_marginal(cards, i), _marginal(dice, i)))]
                   for i in range(n)]
    else:
        cards, spreads = None, None
    used_method, used_samples, used_seed = "exact", 0, None
    win = [0.0] * n
    if model.known:
        used_method = "known"
        _wins(consts, 1.0, win)
    elif cards is not None and (method == "exact" or (
            method == "auto" and len(cards) * len(dice) <= EXACT_BUDGET)):
        for cvec, cp in cards.items():
            base = [c + x for c, x in zip(consts, cvec)]
            for dvec, dp in dice.items():
                _wins([b + y for b, y in zip(base, dvec)], cp * dp, win)
    elif method == "exact":
        raise InputError("too many End Game card outcomes to enumerate exactly")
    else:
        used_method, used_samples = "monte carlo", samples
        used_seed = default_seed(game) if seed is None else seed
        win, values = _monte_carlo(model, cards, consts, samples, used_seed, tick,
                                   want_values=spreads is None)
        if spreads is None:
            spreads = [_sample_quantiles(v) for v in values]
    players = tuple(
        PlayerStanding(f.name, means[i], spreads[i][0], spreads[i][1], min(1.0, win[i]),
                       vinnie_due(p, model, tables))
        for i, (f, p) in enumerate(zip(model.forms, game.players)))
    unknowns = tuple([f"{tables.plots[t].name} ({k} card{'s' if k > 1 else ''})"
                      for t, k in model.plot_slots] + [f"{r} die" for r in model.dice])
    return Standings(game.round, game.phase, players, used_method, used_samples, used_seed,
                     model.price, model.price_basis, unknowns)


def default_seed(game: Game) -> int:
    """The Monte Carlo seed when none is given: from the game's seed, round and phase (the
    game's own generator is not touched)."""
    from rigs_helper.rules.tables import PHASES

    return _mix(game.seed ^ (game.round << 8 | PHASES.index(game.phase)) ^ 0x57A4D1) & MAX_SEED


def _sample_quantiles(values: list[float]) -> list[float]:
    s = sorted(values)
    return [s[min(len(s) - 1, int(q * len(s)))] for q in (0.1, 0.9)]


def _monte_carlo(model: Model, cards, consts, samples: int, seed: int, tick,
                 want_values: bool):
    """Win counts over ``samples`` draws.  The dice are stratified: sample k takes roll
    k mod 6^dice, so every roll comes up equally often and only the End Game cards are
    sampled (independently of k, so the pairing adds no bias).  A card outcome is drawn
    from the exact distribution when it was enumerated, else by shuffling the unseen
    Market cards."""
    rng = Rng(seed)
    n = len(consts)
    win = [0] * n
    values: list[list[float]] = [[] for _ in range(n)]
    rolls = [tuple(sum(k * d for k, d in zip(f.dice, roll)) for f in model.forms)
             for roll in dice_outcomes(model)]
    if cards is not None:
        bases = [tuple(c + x for c, x in zip(consts, vec)) for vec in cards]
        cum = list(accumulate(cards.values()))
        scale = cum[-1] / 18446744073709551616.0
        top = len(bases) - 1
        next64 = rng.next64

        def draw_cards():
            return bases[min(bisect_right(cum, next64() * scale), top)]
    else:
        pool = list(model.values)
        weights = [f.plots for f in model.forms]
        sizes = [k for _, k in model.plot_slots]
        need = sum(sizes)

        def draw_cards():
            deck = pool[:]
            top = len(deck)
            got = []
            for _ in range(need):
                j = rng.below(top)
                top -= 1
                deck[j], deck[top] = deck[top], deck[j]
                got.append(deck[top])
            slot_vals, pos = [], 0
            for k in sizes:
                slot_vals.append(sum(got[pos:pos + k]))
                pos += k
            return [c + sum(w * v for w, v in zip(ws, slot_vals))
                    for c, ws in zip(consts, weights)]

    nr = len(rolls)
    done = 0
    while done < samples:
        batch = min(CHUNK, samples - done)
        for k in range(done, done + batch):
            totals = [b + d for b, d in zip(draw_cards(), rolls[k % nr])]
            best = max(totals)
            if totals.count(best) == 1:
                win[totals.index(best)] += 1
            else:
                for i in range(n):
                    if totals[i] == best:
                        win[i] += 1
            if want_values:
                for i in range(n):
                    values[i].append(totals[i])
        done += batch
        if tick is not None:
            tick(done, samples)
    return [w / samples for w in win], values


# ---------------------------------------------------------------------------- Vinnie


def vinnie_due(player, model: Model, tables: Tables) -> dict:
    """What Vinnie would take: now (repaying during a Player Phase) and at the end, in
    units per resource and in credits (units at the die value, expected while unknown)."""
    const = tables.constants
    now: dict[str, int] = {}
    end: dict[str, int] = {}
    end_credits = short_credits = 0.0
    for r in const.loanable:
        s = player.scripts(r)
        if not s:
            continue
        now[r] = const.repay_during_game * s
        end[r] = const.repay_end_game * s
        value = dict(model.known_dice).get(r, (model.sides + 1) / 2)
        end_credits += end[r] * value
        short_credits += max(0, end[r] - player.amount(r)) * value
    return {"scripts": {r: player.scripts(r) for r in const.loanable if player.scripts(r)},
            "now_units": now, "end_units": end, "end_credits": _num(end_credits),
            "short_credits": _num(short_credits)}


def vinnie_warnings(game: Game, tables: Tables) -> list[str]:
    """A line per player whose end-game Vinnie bill is over a quarter of their expected net
    worth (cheap: expectations only)."""
    model = build_model(game, tables)
    out = []
    for p, f, worth in zip(game.players, model.forms, expected(model)):
        bill = vinnie_due(p, model, tables)["end_credits"]
        if bill and bill > abs(worth) / 4:
            out.append(f"{p.name}'s end-game Vinnie bill (about {_num(bill)} credits) is over "
                       f"a quarter of their expected net worth ({_num(round(worth, 1))}).")
    return out


__all__ = ["DEFAULT_SAMPLES", "Model", "PlayerStanding", "Standings", "build_model",
           "compute", "default_seed", "expected", "expected_networth", "slot_distribution",
           "vinnie_warnings"]
