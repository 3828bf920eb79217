"""The legal list made cheaper (issue 40 point 7) lists exactly what the plain filter of
every candidate through its operation's own ``check`` lists: on every eleventh position of
two whole seeded games (Karma cards in hands, mid and late game), the list as made now
equals the list made with its shortcuts undone (a play of a Karma card ``not_now``
checked anyway, ``KarmaPlay.replaced`` through ``from_flat``, no operation kept from an
earlier list, an operation whose class ``Op.closed`` refuses checked anyway)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from rigs_helper.games.rigs.karma.play import KarmaPlay
from rigs_helper.games.rigs.legal import TABLE, legal_actions
from rigs_helper.games.rigs.legal import grouping
from rigs_helper.games.rigs.legal.base import cand_form, candidates
from rigs_helper.games.rigs.actions.definition import registry
from rigs_helper.rules.errors import RigsError
from rigs_helper.store.tablefiles import load_tables

from gameplay import play

TABLES = load_tables()


@pytest.fixture(scope="module")
def positions():
    """Every state of two whole seeded games (4 and 3 players, `next --auto` from the
    start to the score: every phase of every round, Karma cards in hands)."""
    out = [before for n, seed in ((4, 11), (3, 2374)) for before, _ in play(n, seed, TABLES)]
    assert any(p.hand for g in out for p in g.players)
    assert max(g.round for g in out) >= 10
    return out


def plain_listing(monkeypatch, g):
    """Each player's list with every shortcut undone."""
    with monkeypatch.context() as m:
        m.setattr(KarmaPlay, "replaced",
                  lambda self, **changes: self.from_flat(**{**self._flat(), **changes}))
        m.setattr(grouping, "_OPS", {})
        m.setattr(grouping, "_LAST", [])
        m.setattr(grouping, "_closed", lambda op, game: False)
        m.setattr(grouping, "candidates", lambda *a: (
            dataclasses.replace(c, refused=False) for c in candidates(*a)))
        return [[a.as_json() for a in legal_actions(g, TABLES, p.name)] for p in g.players]


@pytest.mark.slow
def test_the_legal_list_equals_the_plain_filter_of_every_candidate_through_its_check(
        monkeypatch, positions):
    """Every eleventh position (each player's list made twice: the suite's time).  Eleven
    is prime to the four phases of a round, so the sample meets every phase in every part
    of both games (every sixth met only the Player and Production Phases, with twice the
    lists); each shortcut works per candidate, the same in every position that holds it."""
    picked = positions[::11]
    assert {g.phase for g in picked} == {"player", "disaster", "production", "market"}
    for g in picked:
        fast = [[a.as_json() for a in legal_actions(g, TABLES, p.name)] for p in g.players]
        assert fast == plain_listing(monkeypatch, g), (g.round, g.phase)
    refused = [c.refused for g in positions for p in g.players
               for c in candidates(TABLE["karma play"], g, TABLES, p.name)]
    assert any(refused) and not all(refused)


def test_a_karma_plays_changed_fields_are_the_play_from_flat_would_make(positions):
    """``KarmaPlay.replaced`` with the changes a waiting play's check makes (no longer
    waiting, the victims' dice left to rigs, a victim's card, the first protection) is
    the play ``from_flat`` makes of the whole, family included."""
    spec = TABLE["karma play"]
    d = registry().definition(spec.action)
    seen = 0
    for g in positions[::6]:
        for p in g.players:
            for cand in candidates(spec, g, TABLES, p.name):
                fixed = {k: cand.fixed.get(k) for k in spec.params}
                op = grouping._operation(d, g, p.name, cand_form(spec, fixed))
                if not isinstance(op, KarmaPlay):
                    continue
                others = tuple(q.name for q in g.players if q.name != p.name)
                for changes in ({"wait": False, "drawers": False, "later": False},
                                {"by_rigs": others, "card": op.chose("card")},
                                {"by_rigs": others, "card": ("Decoy",)},
                                {"first": ((others[0], "R.I.G.S. Alarm System"),)},
                                {"title": op.title, "target": op.chose("target")}):
                    try:
                        whole = op.from_flat(**{**op._flat(), **changes})
                    except RigsError as err:  # (a card it does not take: refused alike)
                        with pytest.raises(type(err), match=re.escape(str(err))):
                            op.replaced(**changes)
                        continue
                    made = op.replaced(**changes)
                    assert made == whole and type(made) is type(whole), (op, changes)
                    seen += 1
    assert seen > 100
