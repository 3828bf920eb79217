"""How far to trust the simulated ends: the win chances shrunk toward a fair guess as much
as the play so far leaves unexplained.  No I/O.

The simulated players (:mod:`rigs_helper.forecast.tendencies`) are an ensemble of play
styles, each drawn as often as it explains what the player did so far; one of them is the
*random* style (play the simulation cannot read).  The simulated chances (each player's
share of the simulated ends; tempered by :mod:`rigs_helper.forecast.temper` with
:data:`SPREAD`, refitted to none) are then mixed with the fair guess (1 / players):

    chance = w x simulated + (1 - w) / players
    w = fit x 1 / (1 + exp(-(LEVEL + SLOPE x (1 - left / 15))))

``left``: the Game Market cards still to draw (how much of the game is still to happen);
``fit``: the share of the ensemble's weight, mean over the players, on the styles that
follow a plan (1 - the random style's weight): the table's play says how much the
simulation knows about these players.  ``LEVEL`` and ``SLOPE`` were fitted (least Brier
score) on *training* games of the project's own player programs and of `rigs next
--auto`'s games (`python benchmarks/bench_calibration_outsiders.py --fit`), never on the
games the benchmark judges (programs deliberately unlike them: random legal play,
attack-everything, hoard-and-sell, trade-heavy).  With no round left the chances are the
exact ones, untouched.
"""

from __future__ import annotations

import math

from rigs_helper.forecast.temper import ROUNDS, tempered

#: fitted on the training games (see the module text)
LEVEL = 4.0
SLOPE = 6.0
FIGURES = (LEVEL, SLOPE)
#: the temperature's spread (:mod:`rigs_helper.forecast.temper`), refitted on the same
#: training games with the ensemble: none (0.0: Brier score 0.5023 there; 0.1: 0.5024, the
#: old 0.3: 0.5034): the random style already spreads the simulated ends
SPREAD = 0.0


def weight(left: int, fit: float, figures: tuple[float, float] = FIGURES) -> float:
    """The weight of the simulation against the fair guess."""
    level, slope = figures
    x = level + slope * (1 - left / ROUNDS)
    return max(0.0, min(1.0, fit)) / (1 + math.exp(-x))


def trusted(simulated: list[float], left: int, fit: float, draws: int,
            figures: tuple[float, float] = FIGURES) -> list[float]:
    """``simulated`` (each player's share of ``draws`` simulated ends) tempered, then mixed
    with the fair guess by :func:`weight`."""
    if left <= 0:
        return list(simulated)
    t = tempered(list(simulated), left, draws, SPREAD)
    total = sum(t)  # a tie counts for each tied player: shared, the chances add up to 1
    if total > 0:
        t = [x / total for x in t]
    w = weight(left, fit, figures)
    n = len(t)
    return [w * x + (1 - w) / n for x in t]


__all__ = ["FIGURES", "LEVEL", "SLOPE", "trusted", "weight"]
