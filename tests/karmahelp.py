"""Helpers for the tests that play Karma cards in process (not a test module): a 3-player
game (``base``: Ana P1 P10 P22 P25, Bo P2 P11 P23 P26, Cy P3 P12 P19 P27; each starts with
100 credits, 5 Energy, 5 Supplies, 5 RIGS in the warehouse and an empty hand), cards put
into a hand or into play (``hand``, ``card_to``), RIGS on a plot (``set_plot``), a card
played and checked (``play``: card conservation and a ledger for every change) or refused
(``refused``), and the seeded generator's dice (``die``, ``at_roll``)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from gameplay import check_conservation, own_plots, plot, set_player

from rigs_helper.games.rigs.engine import perform
from rigs_helper.games.rigs.karma.play import KarmaPlay
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.setup import new_game
from rigs_helper.games.rigs.tables import RESOURCES

PLOTS = {"Ana": ["P1", "P10", "P22", "P25"], "Bo": ["P2", "P11", "P23", "P26"],
         "Cy": ["P3", "P12", "P19", "P27"]}


FIELDS = ("credits", *RESOURCES)


def base(tables, phase="player", seed=21):
    g = new_game(["Ana", "Bo", "Cy"], seed, tables).game
    g = own_plots(g, tables, PLOTS)
    return replace(g, phase=phase)


def card_to(g, name, key, in_play=False):
    """Move one copy of Karma card ``key`` from wherever it is to ``name``'s hand (or into
    play in front of them): every card stays in exactly one place."""
    k = g.karma
    if key in k.draw:
        d = list(k.draw)
        d.remove(key)
        g = replace(g, karma=replace(k, draw=tuple(d)))
    elif key in k.discard:
        d = list(k.discard)
        d.remove(key)
        g = replace(g, karma=replace(k, discard=tuple(d)))
    else:
        for p in g.players:
            if key in p.hand:
                h = list(p.hand)
                h.remove(key)
                g = set_player(g, p.name, hand=tuple(h))
                break
            if key in p.in_play:
                g = set_player(g, p.name, in_play=tuple(x for x in p.in_play if x != key))
                break
        else:
            raise AssertionError(key)
    p = g.player(name)
    if in_play:
        return set_player(g, name, in_play=p.in_play + (key,))
    return set_player(g, name, hand=p.hand + (key,))


def hand(g, name, *keys):
    for k in keys:
        g = card_to(g, name, k)
    return g


def set_plot(g, tables, name, pid, rigs=0, harvest=None, survey=None):
    """Put ``rigs`` RIGS harvesting ``harvest`` (and a survey taken out of the deck) on a
    plot ``name`` owns."""
    p = g.player(name)
    old = p.plot(pid)
    draw = list(g.survey.draw)
    if old.survey is not None:
        draw.append(old.survey)
    if survey is not None:
        draw.remove(survey)
    new = plot(pid, tables, survey=survey, rigs=rigs, harvest=harvest)
    g = replace(g, survey=replace(g.survey, draw=tuple(draw)))
    return set_player(g, name, plots=tuple(new if x.id == pid else x for x in p.plots))


def kp(name, title, target=(), plot=(), resource=(), give=(), take=(), card=(), **kw):
    t = lambda v: (v,) if isinstance(v, str) else tuple(v)  # noqa: E731
    return KarmaPlay.from_flat(name, title, target=t(target), plot=t(plot),
                               resource=t(resource), give=tuple(give), take=tuple(take),
                               card=t(card), **kw)


def play(g, tables, *args, **kw):
    """Play a card; check card conservation and that the ledger accounts for every
    change of credits and resources."""
    out = perform(g, kp(*args, **kw), tables)
    check_conservation(out.game, tables)
    led = Counter()
    for x in out.data.get("ledger", []):
        led[(x["player"], x["what"])] += x["change"]
    for p in g.players:
        q = out.game.player(p.name)
        for f in FIELDS:
            assert getattr(q, f) - getattr(p, f) == led[(p.name, f)], (p.name, f)
    return out


def refused(g, tables, exc, *args, has=(), **kw):
    with pytest.raises(exc) as e:
        perform(g, kp(*args, **kw), tables)
    for h in has:
        assert h in str(e.value), (h, str(e.value))
    return str(e.value)


def die(g, n=1):
    """The next ``n`` die rolls of the game's generator."""
    r = Rng(g.seed, g.rng)
    return [r.die(6) for _ in range(n)]


def at_roll(g, want, n_before=0):
    """``g`` with its generator moved to a position where the (n_before+1)-th roll is one
    of ``want`` (stacking the generator, as a physical die could land)."""
    for pos in range(g.rng, g.rng + 500):
        r = Rng(g.seed, pos)
        for _ in range(n_before):
            r.die(6)
        if r.die(6) in want:
            return replace(g, rng=pos)
    raise AssertionError(want)
