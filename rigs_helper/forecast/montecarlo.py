"""The win chances "if the game ended now" by sampling (:func:`monte_carlo`), where the
joint outcomes are too many to sum exactly (:mod:`rigs_helper.forecast.standings`): the
End Game cards drawn from their exact distribution or by shuffling, the dice stratified.
Its own generator, seeded; never the game's.  No I/O."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate
from operator import add

from rigs_helper.forecast.model import Model
from rigs_helper.rules.rng import Rng

CHUNK = 5_000  # samples between progress ticks


def sample_quantiles(values: list[float]) -> list[float]:
    s = sorted(values)
    return [s[min(len(s) - 1, int(q * len(s)))] for q in (0.1, 0.9)]


def monte_carlo(model: Model, cards, consts, dice: list[tuple[int, ...]], samples: int,
                seed: int, tick, want_values: bool):
    """Win counts over ``samples`` draws.  The dice are stratified: sample k takes roll
    k mod 6^dice, so every roll comes up equally often and only the End Game cards are
    sampled (independently of k, so the pairing adds no bias).  A card outcome is drawn
    from the exact distribution when it was enumerated, else by shuffling the unseen
    Market cards.  ``dice``: every roll of the model's dice."""
    rng = Rng(seed)
    n = len(consts)
    win = [0] * n
    values: list[list[float]] = [[] for _ in range(n)]
    rolls = [tuple(sum(k * d for k, d in zip(f.dice, roll)) for f in model.forms)
             for roll in dice]
    if cards is not None:
        bases = [tuple(map(add, consts, vec)) for vec in cards]
        cum = list(accumulate(cards.values()))
        scale = cum[-1] / 18446744073709551616.0
        last = len(bases) - 1
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
        # a card outcome drawn from its exact distribution: one word each, drawn at once
        picks = iter([bases[min(bisect_right(cum, w * scale), last)]
                      for w in rng.words(batch)] if cards is not None else ())
        for k in range(done, done + batch):
            totals = list(map(add, next(picks) if cards is not None else draw_cards(),
                              rolls[k % nr]))
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
