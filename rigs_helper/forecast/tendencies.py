"""How each simulated player acts: a blend of a few simple policies, tuned by what that
player has done so far in this game.  No I/O; reads only the public state and the game's
log (:mod:`rigs_helper.forecast.record`: who did what, as the table saw it).

A policy is a :class:`Tendency`: the chance, in a Player Phase, of building RIGS with their
Metal, of surveying a plot, of putting warehouse RIGS on free spots, of borrowing from Vinnie
when short (and of repaying), of playing a Karma card they hold, of trading spare Energy
and Supplies, and the lowest Market price they sell Luxuries at (a share of the mean
Market card value; the last round sells all).

The blend (:data:`POLICIES`): *idle* (the old forecast: nobody acts), *builder*, *seller*
(surveys, sells at once), *holder* (surveys, borrows, trades, waits for a high price) and
*attacker* (plays every Karma card).  In each simulated game each player follows one policy
drawn from the blend, each as likely as it explains what the table has seen of that player
(:func:`likelihoods`; in round 1 all equally), mixed with the player's own rates
(:func:`observed`) with the weight ``rounds played / (rounds played + EVIDENCE)``: in round 1
the blend alone, later mostly the player's own play.  With the log, the habits read from
the state count only as far as the player keeps acting (:func:`_from_record`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from dataclasses import dataclass, replace
from rigs_helper.forecast.record import Record
from rigs_helper.games.rigs.state import Game, Player

#: rounds of play worth as much as the blend's prior (a stated choice, not fitted)
EVIDENCE = 3.0
#: in a player's rates from the log, a round weighs this much against the next one
RECENT = 0.7
#: the opening rounds, when every table puts its first RIGS out: not a habit (not counted)
OPENING = 1
FIELDS = ("build", "survey", "place", "borrow", "play", "sell", "trade", "gift")
START_RIGS = 5  # RIGS each player starts with (the rules' set-up)
#: Karma cards a player draws a round, about, when they never play one: a Disaster hurts
#: about every other round (a stated choice, not fitted)
DRAWS_A_ROUND = 0.5


@dataclass(frozen=True)
class Tendency:
    build: float
    survey: float
    place: float
    borrow: float
    play: float
    sell: float  # lowest price sold at, as a share of the mean Market card value
    trade: float = 0.0  # sells spare Energy and Supplies to another player
    gift: float = 0.0  # hands a share of a holding to another player on random terms

    def values(self) -> tuple[float, ...]:
        return (self.build, self.survey, self.place, self.borrow, self.play, self.sell,
                self.trade, self.gift)


POLICIES: dict[str, Tendency] = {
    "idle": Tendency(0.0, 0.0, 0.0, 0.0, 0.0, 1.0),
    "builder": Tendency(1.0, 0.2, 1.0, 0.5, 0.3, 1.0),
    "seller": Tendency(0.3, 0.7, 1.0, 0.0, 0.3, 0.0, 0.1),
    "holder": Tendency(0.4, 1.0, 1.0, 0.5, 0.2, 1.4, 0.6),
    "attacker": Tendency(0.5, 0.3, 1.0, 0.0, 1.0, 1.0),
    # play the simulation cannot read: anything, any time, deals on any terms
    "random": Tendency(0.3, 0.3, 0.4, 0.5, 0.5, 1.0, 0.3, 0.7),
}
#: the policy of play that follows no plan (its weight is what the play so far leaves
#: unexplained: the trust in the simulation, :mod:`rigs_helper.forecast.trust`)
RANDOM = "random"
BLEND = tuple(POLICIES.values())


@dataclass(frozen=True)
class Observed:
    """What the table has seen of one player: each field an estimate or None (no evidence
    yet), and the rounds played."""

    rounds: int
    build: float | None
    survey: float | None
    place: float | None
    borrow: float | None
    play: float | None
    sell: float | None
    trade: float | None = None


def rounds_played(game: Game) -> int:
    """Player Phases already over (the current one counts once it is over)."""
    return game.round - (1 if game.phase == "player" else 0)


def _observe(p: Player, rounds: int, last_price: float | None, mean_price: float,
             hand_limit: int) -> Observed:
    rigs = p.rigs + sum(p.on_cards.values())
    built = max(0, rigs - START_RIGS)
    spent = 2 * built + p.metal  # Metal that went into RIGS, and Metal kept
    build = 2 * built / spent if spent >= 2 else None
    surveyed = sum(1 for x in p.plots if x.survey is not None)
    chances = min(rounds, len(p.plots))
    survey = min(1.0, surveyed / chances) if chances else None
    place = 1 - p.warehouse_rigs / rigs if rigs else None
    borrow = 1.0 if any(p.vinnie.values()) else (0.0 if rounds else None)
    kept = min(hand_limit, DRAWS_A_ROUND * rounds)  # the hand of one who never plays
    play = max(0.0, 1 - len(p.hand) / kept) if kept >= 1 else None
    sell = None
    harvests_luxuries = any(x.harvest == "luxuries" and x.rigs for x in p.plots)
    if last_price is not None and mean_price:
        fair = last_price >= mean_price
        if p.luxuries and fair:
            sell = last_price / mean_price + 0.2  # held at a fair price or better
        elif p.luxuries or (harvests_luxuries and fair):
            sell = 1.0  # kept at a low price, or sold at a fair one
        elif harvests_luxuries:
            sell = 0.0  # sold at a low price
    return Observed(rounds, build, survey, place, borrow, play, sell)


def _rate(record: Record, name: str, rounds: range, habit: str | None) -> float:
    """The share of ``rounds`` in which the player showed ``habit`` (None: did anything
    at all), each round weighing RECENT times the next one (what a player does now tells
    more than what they did)."""
    num = den = 0.0
    w = 1.0
    for r in reversed(rounds):
        did = record.did(name, r)
        den += w
        num += w * (bool(did) if habit is None else habit in did)
        w *= RECENT
    return num / den


def _from_record(p: Player, stock: Observed, record: Record, rounds: range) -> Observed:
    """``stock`` (the habits read from the state: how much of each thing the player has
    done) kept only as far as the player keeps acting: scaled by their share of rounds
    since the opening in which they did anything at all; and how often they trade."""
    if not rounds:  # nothing to go by yet
        return stock
    active = _rate(record, p.name, rounds, None)

    def scaled(x: float | None) -> float | None:
        return None if x is None else x * active

    return replace(stock, build=scaled(stock.build), survey=scaled(stock.survey),
                   place=scaled(stock.place), play=scaled(stock.play),
                   trade=_rate(record, p.name, rounds, "trade"))


def observed(game: Game, last_price: float | None, mean_price: float, hand_limit: int = 5,
             record: Record | None = None) -> tuple[Observed, ...]:
    """Each player's play so far (``last_price``: the latest Market price, None before
    the first card): from the log's ``record`` for the rounds it covers, else read from
    the state alone."""
    n = rounds_played(game)
    stock = [_observe(p, n, last_price, mean_price, hand_limit) for p in game.players]
    if record is None or record.first > max(n, OPENING + 1):
        return tuple(stock)
    rounds = range(max(record.first, OPENING + 1), n + 1)
    return tuple(_from_record(p, o, record, rounds) for p, o in zip(game.players, stock))


def tuned(policy: Tendency, seen: Observed) -> Tendency:
    """``policy`` moved towards the player's own play, field by field where seen."""
    if not seen.rounds:
        return policy
    w = seen.rounds / (seen.rounds + EVIDENCE)
    fields = []
    for name, value in zip(FIELDS, policy.values()):
        own = getattr(seen, name, None)
        fields.append(value if own is None else (1 - w) * value + w * own)
    return Tendency(*fields)


#: no policy is ever sure that a player never (or always) does a thing
FLOOR = 0.1
#: the evidence of the several habits overlaps: each counts this much (a stated choice)
SHARE = 0.5
#: the habits that weigh the policies (borrowing and selling depend on need and price:
#: used to tune the policy drawn, not to weigh them); trading is read from the log only
JUDGED = ("build", "survey", "place", "play", "trade")


def prior_of(past: Sequence[str]) -> tuple[float, ...]:
    """The weight of each policy of the blend before this game's play: from the styles
    that fitted the player in the group's past games (``past``: style names, one a game;
    a name not in the blend is left out), each count plus one, normalised (so no style is
    ever ruled out, and no past gives every style the same weight)."""
    names = list(POLICIES)
    counts = [1 + sum(1 for s in past if s == name) for name in names]
    total = sum(counts)
    return tuple(c / total for c in counts)


def likelihoods(seen: Observed, blend=BLEND, prior: Sequence[float] | None = None
                ) -> list[float]:
    """How well each policy of ``blend`` explains the player's play so far: for each habit
    seen at rate r over the rounds played n, p^(r n) (1 - p)^((1 - r) n) with p the policy's
    chance (kept within FLOOR of 0 and 1), the product raised to SHARE, times the policy's
    ``prior`` weight (:func:`prior_of`; None: every policy alike); normalised."""
    out = []
    n = seen.rounds
    for k, policy in enumerate(blend):
        log = 0.0
        for name in JUDGED:
            r = getattr(seen, name)
            if r is None:
                continue
            p = min(1 - FLOOR, max(FLOOR, getattr(policy, name)))
            log += n * (r * math.log(p) + (1 - r) * math.log(1 - p))
        out.append(log * SHARE + (math.log(prior[k]) if prior is not None else 0.0))
    top = max(out)
    weights = [math.exp(x - top) for x in out]
    total = sum(weights)
    return [w / total for w in weights]


ODDS = 1 << 20  # the policies' chances in whole steps


def pick(rng, odds: tuple[int, ...]) -> int:
    """A policy drawn with the cumulative ``odds`` (steps of 1 / ODDS) and ``rng``."""
    u = rng.below(odds[-1])
    return next(k for k, c in enumerate(odds) if u < c)


__all__ = ["BLEND", "EVIDENCE", "ODDS", "POLICIES", "RANDOM", "Observed", "Tendency", "likelihoods",
           "observed", "pick", "prior_of", "rounds_played", "tuned"]
