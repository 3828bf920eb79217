"""The forecast of the final result: each player's expected net worth at the end of the
game, its spread and their chance of winning, over many simulated rests of the game
(:mod:`rigs_helper.forecast.simulate`).  No I/O.

Each simulated game ends as a linear form of the End Game draws; those are cheap, so every
simulated game is scored over :data:`DRAWS` End Game draws (Market cards from the ones the
game left unseen, the dice cycling through every roll equally often).  The expected net
worth uses the exact expectation of the End Game draws of each simulated game.

The generator is the forecast's own (the game's is never touched), seeded from the public
facts (:func:`public_seed`): the same state gives the same figures, whatever the hidden
order of the piles or the game's seed.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from operator import mul

from rigs_helper.forecast.record import Record
from rigs_helper.forecast.simulate import digest, play_out
from rigs_helper.forecast.tendencies import ODDS, POLICIES, RANDOM
from rigs_helper.forecast.trust import trusted, weight
from rigs_helper.rules.errors import InputError
from rigs_helper.rules.rng import MAX_SEED, Rng
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables

DEFAULT_GAMES = 200  # simulated rests of the game, at most: see :func:`default_games`
#: simulated rounds a forecast plays, about (the cost of a forecast is about constant:
#: fewer simulated games when more rounds are left, the trust making up for their noise)
BUDGET = 1500
FEWEST = 100
DRAWS = 12  # End Game draws scored per simulated game
CHUNK = 50  # simulated games between progress ticks
BATCHES = 10  # the simulated games in batches, for the interval of each chance
Z90 = 1.645  # a 90% interval


@dataclass(frozen=True)
class FinalForecast:
    mean: tuple[float, ...]
    low: tuple[float, ...]  # 10th percentile
    high: tuple[float, ...]  # 90th percentile
    win: tuple[float, ...]  # a tie counts as a win for each tied player
    games: int
    seed: int
    simulated: tuple[float, ...] = ()  # the shares of the simulated ends, before the trust
    fit: float = 1.0  # the ensemble's weight on styles that follow a plan (trust.py)
    #: per player, each style of the ensemble and its weight (how well it explains them)
    styles: tuple[tuple[tuple[str, float], ...], ...] = ()
    #: per player, a 90% interval of the win chance (the simulation's own noise)
    interval: tuple[tuple[float, float], ...] = ()
    trust: float = 1.0  # the simulation's weight against the fair guess (trust.py)

    def style(self, i: int) -> tuple[str, float]:
        """The style that explains player ``i``'s play best, and its weight."""
        return max(self.styles[i], key=lambda x: x[1])


def public_facts(game: Game) -> tuple:
    """Everything the table can see, in a fixed order (no pile order, no hand)."""
    m = game.market
    return (
        game.round, game.phase, game.leader, game.game_over,
        tuple((p.name, p.credits, p.energy, p.supplies, p.metal, p.luxuries,
               p.warehouse_rigs, tuple((x.id, x.type, x.survey, x.rigs, x.harvest)
                                       for x in p.plots),
               len(p.hand), p.in_play, tuple(sorted(p.vinnie.items())), p.disaster,
               p.effects, p.must_lose_rigs, p.must_discard, p.may_take)
              for p in game.players),
        m.drawn, m.price, tuple(sorted(m.recorded.items())), len(m.game),
        tuple(sorted(m.values.items())), len(game.plot_deck), len(game.grant),
        game.disaster.discard, len(game.disaster.draw), game.karma.discard,
        len(game.karma.draw), len(game.survey.draw),
        tuple(sorted(game.endgame.plot_values.items())),
        tuple(sorted(game.endgame.resource_values.items())))


def public_seed(game: Game) -> int:
    """The forecast's seed: a hash of the public facts."""
    digest_ = hashlib.sha256(repr(public_facts(game)).encode()).digest()
    return int.from_bytes(digest_[:8], "big") & MAX_SEED


def _percentile(values: list[float], q: float) -> float:
    return values[min(len(values) - 1, int(q * len(values)))]


def _score_draws(f, active, sizes, rng: Rng, rolls, k: int, win: list[int],
                 totals: list[list[float]]) -> int:
    """Score one simulated game over :data:`DRAWS` End Game draws: the cards drawn from
    its End Game Market Deck, the dice the next rolls of the cycle ``rolls[k:]``.
    Adds to ``win`` and ``totals``; returns the next ``k``."""
    pool = f.end_pool
    coef = [[w[j] for j in active] + u for w, u in zip(f.weights, f.units)]
    const = f.const
    n = len(coef)
    players = range(n)
    for _ in range(DRAWS):
        deck = pool[:]
        top = len(deck)
        values = []
        r = rng.next64()  # one word gives every index (bias below 1e-6 for 36 cards)
        for j in active:
            v = 0
            for _ in range(sizes[j]):
                r, x = divmod(r, top)
                top -= 1
                deck[x], deck[top] = deck[top], deck[x]
                v += deck[top]
            values.append(v)
        values += rolls[k % len(rolls)]
        k += 1
        row = [const[i] + sum(map(mul, coef[i], values)) for i in players]
        best = max(row)
        for i in players:
            totals[i].append(row[i])
            if row[i] == best:
                win[i] += 1
    return k


def default_games(left: int) -> int:
    """Simulated games for ``left`` Game Market cards still to draw: :data:`BUDGET`
    simulated rounds, between :data:`FEWEST` and :data:`DEFAULT_GAMES` games."""
    return max(FEWEST, min(DEFAULT_GAMES, BUDGET // max(1, left)))


def forecast(game: Game, tables: Tables, games: int | None = None, seed: int | None = None,
             tick=None, acting: bool = True, temper: bool = True,
             record: Record | None = None,
             past: Mapping[str, Sequence[str]] | None = None) -> FinalForecast:
    """Simulate ``games`` rests of the game (default :func:`default_games`);
    ``tick(done, total)`` between chunks.
    ``acting``: players act (False: the old policy, nobody acts); ``temper``: the win
    chances tempered for the rounds left (:mod:`rigs_helper.forecast.temper`);
    ``record``: what each player did so far, from the log
    (:mod:`rigs_helper.forecast.record`; None: read from the state alone); ``past``: per
    player name, the style that fitted them in each of the group's past games (the
    history's hook; None or a name left out: every style alike before this game's
    play)."""
    if games is not None and games < 1:
        raise InputError("--samples must be 1 or more")
    start = digest(game, tables, acting, record, past)
    games = default_games(start.market_left) if games is None else games
    names = list(POLICIES)
    styles = tuple(tuple((names[k], (c - (odds[k - 1] if k else 0)) / ODDS)
                         for k, c in enumerate(odds)) for odds in start.odds)
    fit = sum(1 - dict(s).get(RANDOM, 0.0) for s in styles) / len(styles)
    seed = public_seed(game) if seed is None else seed
    rng = Rng(seed)
    n = start.players
    sizes = [k for _, k in start.slots]
    sides = tables.constants.die_sides
    rolls = list(product(range(1, sides + 1), repeat=3))
    die_mean = (sides + 1) / 2
    win = [0] * n
    batch_wins = [[0] * n for _ in range(BATCHES)]
    mean = [0.0] * n
    totals: list[list[float]] = [[] for _ in range(n)]
    k = 0
    for t in range(games):
        f = play_out(start, rng)
        active = [j for j in range(len(sizes)) if any(w[j] for w in f.weights)]
        need = sum(sizes[j] for j in active)
        pool = f.end_pool
        if need > len(pool):  # cannot happen with the printed decks; a hand-edited file
            raise InputError(f"only {len(pool)} unseen Market cards for {need} End Game cards")
        card_mean = sum(pool) / len(pool) if pool else 0.0
        for i in range(n):
            mean[i] += (f.const[i] + card_mean * sum(f.weights[i][j] * sizes[j] for j in active)
                        + die_mean * sum(f.units[i]))
        bw = batch_wins[t * BATCHES // games]
        before = list(win)
        k = _score_draws(f, active, sizes, rng, rolls, k, win, totals)
        for i in range(n):
            bw[i] += win[i] - before[i]
        if tick is not None and ((t + 1) % CHUNK == 0 or t + 1 == games):
            tick(t + 1, games)
    for v in totals:
        v.sort()
    draws = games * DRAWS
    simulated = [w / draws for w in win]
    left = start.market_left

    def final(chances: list[float], draws: int) -> list[float]:
        return trusted(chances, left, fit, draws) if temper and acting else chances

    chances = final(simulated, draws)
    return FinalForecast(tuple(x / games for x in mean),
                         tuple(_percentile(v, 0.1) for v in totals),
                         tuple(_percentile(v, 0.9) for v in totals),
                         tuple(chances), games, seed, tuple(simulated), fit, styles,
                         _intervals(chances, batch_wins, games, final),
                         weight(left, fit) if temper and acting and left > 0 else 1.0)


def _intervals(chances: list[float], batch_wins: list[list[int]], games: int, final
               ) -> tuple[tuple[float, float], ...]:
    """A 90% interval of each chance: the chance from each batch of simulated games, their
    spread shrunk to the whole simulation's (the batches' standard error)."""
    sizes = [0] * BATCHES
    for t in range(games):
        sizes[t * BATCHES // games] += 1
    per = [final([w / (k * DRAWS) for w in bw], k * DRAWS)
           for bw, k in zip(batch_wins, sizes) if k]
    out = []
    for i, p in enumerate(chances):
        xs = [c[i] for c in per]
        if len(xs) < 2:
            out.append((p, p))
            continue
        m = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
        half = Z90 * sd / math.sqrt(len(xs))
        out.append((max(0.0, p - half), min(1.0, p + half)))
    return tuple(out)


__all__ = ["DEFAULT_GAMES", "DRAWS", "default_games", "FinalForecast", "forecast", "public_facts",
           "public_seed"]
