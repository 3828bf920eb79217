"""Standings: each player's expected net worth at the end of the game, its spread and their
chance of winning (:mod:`rigs_helper.forecast.final`), beside the same figures *if the game
ended now* (:func:`compute_now`).  No I/O.

The "if it ended now" figures:

Each player's net worth is a linear form of the unknowns (:mod:`rigs_helper.forecast.model`):
the End Game Market cards, from public facts a uniform draw without replacement from the
Market cards not yet revealed (:mod:`rigs_helper.forecast.knowledge`), and the dice,
independent and fair.

- The expected net worth is exact (linearity of expectation), and cheap.
- The spread (10th and 90th percentiles) is exact whenever the card outcomes can be
  enumerated (each player's own distribution is small); else it comes from the samples.
- The win chance is exact when the joint outcomes are few; otherwise Monte Carlo with its
  own generator (seeded from ``seed``), never the game's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any
from itertools import product
from operator import add, mul

from rigs_helper.forecast.model import Model, _num, build_model, expected, vinnie_due
from rigs_helper.forecast.montecarlo import monte_carlo, sample_quantiles
from rigs_helper.rules.errors import InputError
from rigs_helper.rules.rng import MAX_SEED, _mix
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables

if TYPE_CHECKING:
    from rigs_helper.forecast.record import Record

DEFAULT_SAMPLES = 40_000
NOW_SAMPLES = 4_000  # for the "if it ended now" figures beside a forecast
EXACT_BUDGET = 60_000  # joint (cards x dice) outcomes summed exactly, at most
ENUM_LEAVES = 40_000  # card outcomes enumerated, at most (beyond that cards are sampled)


@dataclass(frozen=True)
class PlayerStanding:
    name: str
    net_worth: float
    low: float
    high: float
    win_probability: float
    vinnie: dict = field(default_factory=dict)
    now: PlayerStanding | None = None  # the figures if the game ended now (forecasts only)
    #: a 90% interval of the win chance (forecasts of the end only)
    interval: tuple[float, float] | None = None
    style: str = ""  # the play style that fits their play so far best ("": none yet)

    def as_dict(self) -> dict:
        d: dict[str, Any] = {
            "name": self.name, "net_worth": _num(self.net_worth), "low": _num(self.low),
            "high": _num(self.high), "win_probability": round(self.win_probability, 4),
            "vinnie_due": self.vinnie}
        if self.interval is not None:
            d["win_interval"] = [round(x, 4) for x in self.interval]
            d["style"] = self.style or None
        if self.now is not None:
            d["now"] = {k: v for k, v in self.now.as_dict().items()
                        if k not in ("name", "vinnie_due")}
        return d


@dataclass(frozen=True)
class Standings:
    round: int
    phase: str
    players: tuple[PlayerStanding, ...]
    method: str  # "known", "exact", "monte carlo" or "simulation" (the end forecast)
    samples: int = 0  # Monte Carlo samples, or simulated games
    seed: int | None = None
    price: float = 0.0
    price_basis: str = ""
    unknowns: tuple[str, ...] = ()
    horizon: str = "now"  # "end": the figures are for the end of the game
    now_method: str = ""  # how the "if it ended now" figures were found (forecasts)
    trust: float = 1.0  # the simulation's weight against a fair guess (forecast.trust)

    def as_dict(self) -> dict:
        d = {"round": self.round, "phase": self.phase,
             "players": [p.as_dict() for p in self.players]}
        if self.method == "simulation":
            d["forecast"] = {"simulated_endings": self.samples, "trust": round(self.trust, 4)}
        return d

    def sureness(self) -> str:
        """How sure the forecast of the end is, in one line."""
        styles = [(p.name, p.style) for p in self.players if p.style]
        fits = ("no play yet to go by" if not styles else
                "play so far fits " + ", ".join(f"{n} the {s} style" for n, s in styles))
        return (f"How sure: from {self.samples} simulated endings; {fits}; chances "
                f"{round((1 - self.trust) * 100)}% of the way to a fair guess.")


# ---------------------------------------------------------------------------- outcomes


def _card_leaves(model: Model) -> int:
    k = len(set(model.values))
    n = 1
    for _, cards in model.plot_slots:
        n *= k if cards == 1 else k * (k + 1) // 2
    return n


def slot_distribution(model: Model, start: Any = (), add: Sequence[Mapping[int, Any]] | None = None
                      ) -> dict[Any, float]:
    """Exact joint distribution of the unknown plot types' values (draws without
    replacement from the unseen Market cards).  An outcome's key starts as ``start`` and
    each slot ``i`` drawn at value ``v`` makes it ``key + add[i][v]`` (default: ``(v,)``
    appended, so the key is the tuple of the slots' values); ``add[i]`` holds every value
    the slot can take (a card's value, or the sum of two)."""
    counts = dict(Counter(model.values))  # (a plain dict: quicker to index)
    vals = sorted(counts)
    slots = model.plot_slots
    if add is None:
        sums = set(vals) | {a + b for a in vals for b in vals}
        add = [{v: (v,) for v in sums}] * len(slots)
    out: dict[Any, float] = {}
    get = out.get
    last = len(slots) - 1
    if last < 0:
        return {start: 1.0}

    def leaf(left: int, prob: float, acc: Any) -> None:
        # the last slot: its outcomes go straight into ``out`` (the same products as in
        # ``rec``, their common factors taken out of the loops)
        shift = add[last]
        if slots[last][1] == 1:
            for v in vals:
                c = counts[v]
                if c:
                    key = acc + shift[v]
                    out[key] = get(key, 0.0) + prob * c / left
            return
        pairs = left * (left - 1)
        prob2 = prob * 2
        for a_i, a in enumerate(vals):
            ca = counts[a]
            if not ca:
                continue
            if ca > 1:
                key = acc + shift[2 * a]
                out[key] = get(key, 0.0) + prob * (ca * (ca - 1) / pairs)
            pa = prob2 * ca
            for b in vals[a_i + 1:]:
                cb = counts[b]
                if cb:
                    key = acc + shift[a + b]
                    out[key] = get(key, 0.0) + pa * cb / pairs

    def rec(i: int, left: int, prob: float, acc: Any) -> None:
        if i == last:
            leaf(left, prob, acc)
            return
        shift = add[i]
        if slots[i][1] == 1:
            for v in vals:
                c = counts[v]
                if c:
                    counts[v] = c - 1
                    rec(i + 1, left - 1, prob * c / left, acc + shift[v])
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
                    counts[a] = ca - 2
                    rec(i + 1, left - 2, prob * (ca * (ca - 1) / pairs), acc + shift[2 * a])
                    counts[a] = ca
                    continue
                cb = counts[b]
                if not cb:
                    continue
                counts[a], counts[b] = ca - 1, cb - 1
                rec(i + 1, left - 2, prob * 2 * ca * cb / pairs, acc + shift[a + b])
                counts[a], counts[b] = ca, cb

    rec(0, len(model.values), 1.0, start)
    return out


def _card_parts(model: Model, forms_w) -> dict[tuple[float, ...], float]:
    """The distribution of each player's part of the unknown plot types' values, as
    vectors: :func:`slot_distribution` keyed by the parts themselves, summed as each card
    is drawn (players with the same weights share one sum).  The parts are whole numbers,
    so the vector is packed into one: each part a field of ``width`` bits, kept from
    going below 0 by an offset (one integer addition a card drawn)."""
    distinct = list(dict.fromkeys(map(tuple, forms_w)))
    where = [distinct.index(tuple(ws)) for ws in forms_w]
    cols = [tuple(ws[i] for ws in distinct) for i in range(len(model.plot_slots))]
    vals = set(model.values)
    sums = vals | {a + b for a in vals for b in vals}
    biggest = max(map(abs, sums), default=0)
    bounds = [biggest * sum(abs(c[j]) for c in cols) for j in range(len(distinct))]
    width = (2 * max(bounds, default=0)).bit_length() + 1
    start = sum(b << (width * j) for j, b in enumerate(bounds))
    add = [{v: sum((w * v) << (width * j) for j, w in enumerate(col)) for v in sums}
           for col in cols]
    mask = (1 << width) - 1
    fields = [(width * j, bounds[j]) for j in where]
    return {tuple([((key >> at) & mask) - off for at, off in fields]): p
            for key, p in slot_distribution(model, start, add).items()}


def _collapse(items, forms_w) -> dict[tuple[float, ...], float]:
    """Outcomes (values, prob) -> distribution of each player's part, as vectors.  Players
    with the same weights share one sum (the same additions in the same order)."""
    distinct = list(dict.fromkeys(map(tuple, forms_w)))
    where = [distinct.index(tuple(ws)) for ws in forms_w]
    out: dict[tuple[float, ...], float] = {}
    get = out.get
    for values, prob in items:
        parts = [sum(map(mul, ws, values)) for ws in distinct]
        vec = tuple([parts[j] for j in where])
        out[vec] = get(vec, 0.0) + prob
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
    get = out.get
    for vec, p in dist.items():
        x = vec[i]
        out[x] = get(x, 0.0) + p
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


def compute(game: Game, tables: Tables, samples: int | None = None,
            seed: int | None = None, tick=None, now_samples: int = NOW_SAMPLES,
            record: Record | None = None,
            past: Mapping[str, Sequence[str]] | None = None) -> Standings:
    """The standings at the end of the game (what `rigs standings` and the board show):
    each player's expected final net worth, its spread and their chance of winning at the
    end, over ``samples`` simulated rests of the game (default
    :func:`rigs_helper.forecast.final.default_games`), with the "if it ended now" figures
    in each player's ``now`` (``now_samples``: their Monte Carlo samples, when the exact sum
    is too big).  Once no round is left to play the two are the same (and
    equal `rigs score` once the End Game draws are made); nothing is simulated then.
    ``tick(done, total)`` is called between chunks of simulated games; ``record``: what
    each player did so far, from the log (:mod:`rigs_helper.forecast.record`); ``past``:
    the styles that fitted each player in the group's past games (see
    :func:`rigs_helper.forecast.final.forecast`)."""
    # The simulation of the game's rest is imported here: `rigs standings --now` skips it.
    from rigs_helper.forecast.final import forecast
    from rigs_helper.forecast.tendencies import rounds_played

    now = compute_now(game, tables, samples=now_samples)
    if game.game_over or (game.phase == "market" and not game.market.game):
        return replace(now, horizon="end", now_method=now.method, players=tuple(
            replace(p, now=replace(p, vinnie={})) for p in now.players))
    f = forecast(game, tables, games=samples, seed=seed, tick=tick,
                 record=record, past=past)
    seen = rounds_played(game) > 0
    players = tuple(
        PlayerStanding(p.name, f.mean[i], f.low[i], f.high[i], min(1.0, f.win[i]), p.vinnie,
                       replace(p, vinnie={}), f.interval[i], f.style(i)[0] if seen else "")
        for i, p in enumerate(now.players))
    return replace(now, players=players, method="simulation", samples=f.games, seed=f.seed,
                   horizon="end", now_method=now.method, trust=f.trust)


def compute_now(game: Game, tables: Tables, samples: int = DEFAULT_SAMPLES,
                seed: int | None = None, method: str = "auto", tick=None) -> Standings:
    """The standings if the game ended now.  ``method``: "auto" (exact when cheap), "exact"
    (however long it takes) or "mc" (Monte Carlo).
    ``tick(done, total)`` is called between chunks of Monte Carlo samples."""
    if samples < 1:
        raise InputError("--samples must be 1 or more")
    model = build_model(game, tables)
    means = expected(model)
    n = len(model.forms)
    consts = [f.const for f in model.forms]
    enumerable = _card_leaves(model) <= ENUM_LEAVES
    card_w = [f.plots for f in model.forms]
    dice_w = [f.dice for f in model.forms]
    rolls = dice_outcomes(model)
    dice = _collapse(((r, 1 / len(rolls)) for r in rolls), dice_w)
    # Each player's own distribution (for the spread) is exact whenever cards enumerate.
    if enumerable:
        cards = _card_parts(model, card_w)
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
        # Adding the same number to every total changes no winner: the dice count for the
        # win only by how far apart they move the players (often not at all).
        apart: dict[tuple[float, ...], float] = {}
        for dvec, dp in dice.items():
            rel = tuple([y - dvec[0] for y in dvec])
            apart[rel] = apart.get(rel, 0.0) + dp
        dice_items = list(apart.items())
        for cvec, cp in cards.items():
            base = list(map(add, consts, cvec))
            for dvec, dp in dice_items:
                totals = list(map(add, base, dvec))
                best = max(totals)
                if totals.count(best) == 1:  # (the common case: one winner, found in C)
                    win[totals.index(best)] += cp * dp
                    continue
                w = cp * dp
                for i, t in enumerate(totals):
                    if t == best:
                        win[i] += w
    elif method == "exact":
        raise InputError("too many End Game card outcomes to enumerate exactly")
    else:
        used_method, used_samples = "monte carlo", samples
        used_seed = default_seed(game) if seed is None else seed
        win, values = monte_carlo(model, cards, consts, dice_outcomes(model), samples,
                                  used_seed, tick, want_values=spreads is None)
        if spreads is None:
            spreads = [sample_quantiles(v) for v in values]
    assert spreads is not None  # (made by each way of counting above)
    players = tuple(
        PlayerStanding(f.name, means[i], spreads[i][0], spreads[i][1], min(1.0, win[i]),
                       vinnie_due(p, model, tables))
        for i, (f, p) in enumerate(zip(model.forms, game.players)))
    unknowns = tuple([f"{tables.plots[t].name} ({k} card{'s' if k > 1 else ''})"
                      for t, k in model.plot_slots] + [f"{r} die" for r in model.dice])
    return Standings(game.round, game.phase, players, used_method, used_samples, used_seed,
                     model.price, model.price_basis, unknowns)


def default_seed(game: Game) -> int:
    """The Monte Carlo seed when none is given: from the public facts (the game's own seed
    and generator are not touched)."""
    from rigs_helper.forecast.final import public_seed

    return _mix(public_seed(game) ^ 0x57A4D1) & MAX_SEED


__all__ = ["DEFAULT_SAMPLES", "PlayerStanding", "Standings", "compute", "compute_now",
           "default_seed",
           "slot_distribution"]
