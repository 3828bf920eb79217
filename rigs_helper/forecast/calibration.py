"""Is the forecast calibrated?  Simulated games played to the end in process, the standings
taken at the start of some rounds, and the Brier score and a reliability table against the
winners.  No I/O (the test suite and `benchmarks/bench_calibration.py` print the figures).

The games: `rigs new` with a seed, then every phase ended with `rigs next --auto` (every
choice the documented default).  Half of them have an *opening*: in round 1 each player
surveys one plot and puts two to four RIGS on their plots (one on Energy, the rest on
Metal, Supplies or the surveyed plot's Luxuries, wherever spots allow); their Luxuries are
sold whenever the price is the mean Market card value or better.  The other half have
idle players (no RIGS ever placed), as in the issue's first measurement.  The game's
choices use the game's own seeded generator; the opening's choices a generator seeded from
the game's seed.

Each snapshot is scored three ways: the forecast of the end (what `rigs standings` shows,
:func:`rigs_helper.forecast.final.forecast`), the "if it ended now" figures
(:func:`rigs_helper.forecast.standings.compute_now`) and a uniform guess.  The
Brier score of a snapshot is sum over players of (chance - won)^2, a tie counting as a win
for each tied player; lower is better.
"""

from __future__ import annotations

from dataclasses import dataclass

from rigs_helper.forecast.final import forecast
from rigs_helper.forecast.record import Record, entry, from_entries
from rigs_helper.forecast.standings import compute_now
from rigs_helper.games.rigs.actions.deals import Sell
from rigs_helper.games.rigs.actions.placement import Move, Survey
from rigs_helper.games.rigs.endgame import EndgameDraws, holdings
from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.market import card_value
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.scoring import EndgameValues, score_game
from rigs_helper.games.rigs.setup import new_game
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables

NAMES = ("Ana", "Bo", "Cy", "Di")
ROUNDS = (5, 10, 14)
METHODS = ("forecast", "if it ended now", "uniform")
BINS = 10


@dataclass(frozen=True)
class Case:
    """One snapshot: the chances each way and who won."""

    round: int
    chances: dict  # method -> tuple of chances, one per player
    won: tuple[int, ...]  # 1 for each winner


def _do(g: Game, op, tables: Tables, log: list) -> Game:
    """``op`` performed, its entry kept in ``log`` (the game's record)."""
    after = perform(g, op, tables).game
    log.append(entry(op, g))
    return after


def _opening(g: Game, tables: Tables, rng: Rng, log: list) -> Game:
    """Round 1: each player surveys one plot and places 2-4 RIGS (see the module text)."""
    for p in g.players:
        plot = p.plots[rng.below(len(p.plots))]
        g = _do(g, Survey(p.name, plot.id), tables, log)
        placed = 0
        want = 2 + rng.below(3)
        for harvest in ["energy"] + ["luxuries", "metal", "supplies", "metal"][:want + 1]:
            if placed == want:
                break
            me = g.player(p.name)
            free = [x for x in me.plots if (x.harvest in (None, harvest)
                                            and x.spots(tables, harvest) > x.rigs)]
            if not free:
                continue
            x = free[rng.below(len(free))]
            try:
                g = _do(g, Move(p.name, 1, x.id, harvest), tables, log)
                placed += 1
            except RigsError:
                break
    return g


def _values(g: Game, tables: Tables) -> list[int]:
    return [card_value(tables, g.market.values, i) for i in range(len(tables.market_deck))]


def _sell(g: Game, tables: Tables, threshold: float, log: list) -> Game:
    if g.market.price is None or g.market.price < threshold:
        return g
    for p in g.players:
        if p.luxuries:
            g = _do(g, Sell(p.name, None), tables, log)
    return g


def play_game(players: int, seed: int, tables: Tables, opening: bool, rounds=ROUNDS
              ) -> tuple[list[Game], tuple[int, ...], list[Record]]:
    """(the state at the start of each round in ``rounds``, after its Land Grant; 1 for
    each winner of the finished game; what the players had done at each snapshot)."""
    g = new_game(list(NAMES[:players]), seed, tables).game
    rng = Rng(seed ^ 0x0BE41)
    values = _values(g, tables)
    threshold = sum(values) / len(values)
    log: list = []
    if opening:
        g = _opening(g, tables, rng, log)
    snaps = []
    records = []
    while not g.game_over:
        if g.phase == "player" and g.round in rounds:
            snaps.append(g)
            records.append(from_entries(log))
        if opening and g.phase == "market":
            g = _sell(g, tables, threshold, log)
        g = perform(g, NextPhase(auto=True), tables).game
    score = final_score(g, tables)
    won = tuple(int(p.name in score.winners) for p in g.players)
    return snaps, won, records


def final_score(g: Game, tables: Tables):
    """`rigs score` of a finished game: the End Game draws made with the game's generator,
    then the scoring."""
    g = perform(g, EndgameDraws(), tables).game
    e = g.endgame
    return score_game(holdings(g), EndgameValues(g.market.price or 0, e.plot_values,
                                                 e.resource_values), tables)


def scored(snaps: list[Game], won: tuple[int, ...], tables: Tables, samples: int | None = None,
           now_samples: int = 20_000, now_method: str = "auto", untempered: bool = False,
           records: list[Record] | None = None) -> list[Case]:
    """The snapshots of one game scored the three ways (``samples``: simulated games of
    the forecast; ``now_samples``, ``now_method``: :func:`standings.compute_now`'s;
    ``untempered``: also the simulated chances before the trust (tempering and the
    fair guess, :mod:`rigs_helper.forecast.trust`), as "untempered";
    ``records``: what the players had done at each snapshot, as the log says)."""
    out = []
    for k, g in enumerate(snaps):
        end = forecast(g, tables, games=samples,
                       record=None if records is None else records[k])
        now = compute_now(g, tables, samples=now_samples, method=now_method)
        n = len(g.players)
        chances = {"forecast": end.win,
                   "if it ended now": tuple(p.win_probability for p in now.players),
                   "uniform": tuple(1 / n for _ in now.players)}
        if untempered:
            chances["untempered"] = end.simulated
        out.append(Case(g.round, chances, won))
    return out


def cases(games: int, players: int, tables: Tables, samples: int | None = None,
          first_seed: int = 1, tick=None, now_samples: int = 20_000, now_method: str = "auto"
          ) -> list[Case]:
    """Snapshots of ``games`` seeded games (seeds from ``first_seed``; odd seeds with the
    opening, even ones idle), each scored the three ways (:func:`scored`)."""
    out = []
    for k in range(games):
        seed = first_seed + k
        snaps, won, records = play_game(players, seed, tables, opening=seed % 2 == 1)
        out += scored(snaps, won, tables, samples, now_samples, now_method,
                      records=records)
        if tick is not None:
            tick(k + 1, games)
    return out


def brier(found: list[Case], method: str, round_: int | None = None) -> float:
    """Mean Brier score of ``method`` over the snapshots (of one round, if given)."""
    rows = [c for c in found if round_ is None or c.round == round_]
    if not rows:
        return float("nan")
    return sum(sum((p - w) ** 2 for p, w in zip(c.chances[method], c.won))
               for c in rows) / len(rows)


def reliability(found: list[Case], method: str = "forecast", bins: int = BINS
                ) -> list[tuple[float, float, float, float, int]]:
    """(bin low, bin high, mean predicted chance, observed win rate, cases) per bin with
    cases: every player of every snapshot is one case."""
    acc = [[0.0, 0, 0] for _ in range(bins)]
    for c in found:
        for p, w in zip(c.chances[method], c.won):
            b = min(bins - 1, int(p * bins))
            acc[b][0] += p
            acc[b][1] += w
            acc[b][2] += 1
    return [(b / bins, (b + 1) / bins, s / n, won / n, int(n))
            for b, (s, won, n) in enumerate(acc) if n]


__all__ = [
    "METHODS",
    "ROUNDS",
    "Case",
    "brier",
    "cases",
    "scored",
    "final_score",
    "play_game",
    "reliability",
]
