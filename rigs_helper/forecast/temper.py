"""An honest spread for the win chances of the forecast of the end.  No I/O.

The simulated players (:mod:`rigs_helper.forecast.tendencies`) are simpler than people, so
the simulated games agree with one another more than real games do.  The win chances are
tempered: each chance ``p`` becomes ``p ** (1 / T)``, normalised to sum to 1, with a
temperature that grows with the rounds left:

    T = 1 + SPREAD x (Game Market cards still to draw) / 15

``SPREAD`` was fitted (least Brier score) on *training* games played by the player programs
of `benchmarks/players.py`, seeds distinct from the games the benchmark evaluates on
(`python benchmarks/bench_calibration_players.py --fit`); it is a property of how much
tables differ from the simulation, not a figure of the evaluation.  With no round left the
chances are the exact ones, untouched.
"""

from __future__ import annotations

import math

#: fitted on the training games (see the module text); 0 would mean no tempering
SPREAD = 0.3
ROUNDS = 15  # the game's length (tables/constants.toml)


def temperature(left: int, spread: float = SPREAD) -> float:
    return 1.0 + spread * left / ROUNDS


def tempered(chances: list[float], left: int, draws: int, spread: float = SPREAD
             ) -> list[float]:
    """``chances`` (each a share of ``draws`` simulated ends) tempered for ``left`` Market
    cards still to draw; a chance never seen counts as half a draw."""
    if left <= 0 or not spread:
        return list(chances)
    t = temperature(left, spread)
    floor = 0.5 / draws
    raised = [math.exp(math.log(max(p, floor)) / t) for p in chances]
    total = sum(raised)
    return [x / total for x in raised]


__all__ = ["SPREAD", "temperature", "tempered"]
