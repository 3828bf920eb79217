"""Whole games driven by random legal and illegal actions (hypothesis state machine).

Every action goes through ``engine.perform``.  A refusal (RigsError) must leave the state
unchanged; after every step: no negative holdings, colony caps (75 RIGS, 20 scripts per
resource), every plot within its spots with one harvest, every card in exactly one place
(the file round trip validates it), and the ledger of each applied action accounts for
every change of credits and resources."""

from __future__ import annotations

from collections import Counter

import pytest

from gameplay import NAMES, check_holdings
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from rigs_helper.games.rigs.actions.deals import Adjust, Give, Sell, Settle
from rigs_helper.games.rigs.actions.loans import Borrow, Repay
from rigs_helper.games.rigs.actions.placement import Build, Move, Survey
from rigs_helper.games.rigs.actions.plans import SetPlan
from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.karma.hands import KarmaDraw
from rigs_helper.games.rigs.karma.play import KarmaPlay, KarmaUse
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.phases.losses import LoseRigs
from rigs_helper.rules.rng import MAX_SEED
from rigs_helper.games.rigs.setup import new_game
from rigs_helper.games.rigs.tables import RESOURCES
from rigs_helper.games.rigs.codec import from_doc, to_doc
from rigs_helper.store.tablefiles import load_tables

TABLES = load_tables()
FIELDS = ("credits", *RESOURCES)
ANY_RES = st.sampled_from(RESOURCES + ("credits", "rigs", "gold"))
DEAL_KEYS = st.sampled_from(RESOURCES + ("credits", "rigs"))  # as `parse_amounts` gives
COUNT = st.sampled_from([1, 1, 2, 3, 0])  # mostly legal amounts, sometimes 0
PLOT_IDS = [f"P{i}" for i in range(1, 28)]


class Games(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.g = None
        # the last state written (and, once it passed, read back): a refused action leaves
        # the very same state, already written and read back (compared exactly in ``do``)
        self.written: tuple = (None, None)
        self.tripped = None

    @initialize(n=st.integers(2, 4), seed=st.integers(0, MAX_SEED),
                cards=st.integers(0, 4), metal=st.integers(0, 8))
    def start(self, n, seed, cards, metal):
        self.g = new_game(list(NAMES[n]), seed, TABLES).game
        for p in self.g.players:  # a head start, through the same checked actions
            if cards:
                assert self.do(Adjust(p.name, "karma", cards, "head start"))
            if metal:
                assert self.do(Adjust(p.name, "metal", metal, "head start"))

    # -------------------------------------------------------------------- helpers
    def name(self, data, others_of=None):
        """Mostly a real player (another one than ``others_of`` when given), sometimes
        a name nobody has."""
        names = [p.name for p in self.g.players if p.name != others_of]
        if data.draw(st.integers(0, 9)) == 9:
            return "Nobody"
        return data.draw(st.sampled_from(names))

    def plot_id(self, data, name=None):
        """Mostly one of ``name``'s plots; sometimes any plot id."""
        own = []
        if name is not None and name != "Nobody":
            own = [x.id for x in self.g.player(name).plots]
        if own and data.draw(st.integers(0, 4)):
            return data.draw(st.sampled_from(own))
        return data.draw(st.sampled_from(PLOT_IDS))

    def doc(self, g) -> dict:
        """``to_doc`` of ``g``, written once per state (the frozen state cannot change)."""
        if self.written[0] is not g:
            self.written = (g, to_doc(g, TABLES))
        return self.written[1]

    def do(self, op):
        before = self.g
        doc = self.doc(before)
        try:
            out = perform(before, op, TABLES)
        except RigsError:
            event(f"refused {type(op).__name__}")
            assert to_doc(before, TABLES) == doc  # nothing changed
            assert self.g is before
            return False
        event(f"applied {type(op).__name__}")
        led = Counter()
        for x in out.data.get("ledger", []):
            led[(x["player"], x["what"])] += x["change"]
        for p in before.players:
            q = out.game.player(p.name)
            for f in FIELDS:
                assert getattr(q, f) - getattr(p, f) == led[(p.name, f)], (op, p.name, f)
        self.g = out.game
        return True

    # -------------------------------------------------------------------- rules
    @rule(data=st.data(), n=COUNT)
    def build(self, data, n):
        self.do(Build(self.name(data), n))

    @rule(data=st.data(), n=COUNT,
          harvest=st.sampled_from(RESOURCES + ("gold", None)), fit=st.booleans())
    def move(self, data, n, harvest, fit):
        name = self.name(data)
        to = data.draw(st.sampled_from(["warehouse", "plot", "plot", "plot"]))
        to = to if to == "warehouse" else self.plot_id(data, name)
        src = data.draw(st.sampled_from([None, None, "plot"]))
        src = None if src is None else self.plot_id(data, name)
        if fit and to != "warehouse" and name != "Nobody":  # a harvest that may fit
            dest = next((x for x in self.g.player(name).plots if x.id == to), None)
            if dest is not None:
                harvest = dest.harvest or data.draw(st.sampled_from(
                    ("energy", "supplies", "metal")))
        self.do(Move(name, n, to, harvest, src))

    @rule(data=st.data(), card=st.one_of(st.none(), st.integers(0, 4)))
    def survey(self, data, card):
        name = self.name(data)
        self.do(Survey(name, self.plot_id(data, name), card))

    @rule(data=st.data(), res=st.sampled_from(("energy", "supplies", "metal", "metal",
                                               "luxuries")),
          n=COUNT)
    def borrow(self, data, res, n):
        self.do(Borrow(self.name(data), res, n))

    @rule(data=st.data(), res=st.sampled_from(("energy", "supplies", "metal")),
          n=COUNT)
    def repay(self, data, res, n):
        self.do(Repay(self.name(data), res, n))

    @rule(data=st.data(), n=COUNT)
    def sell(self, data, n):
        self.do(Sell(self.name(data), n))

    @rule(data=st.data(), amounts=st.lists(st.tuples(DEAL_KEYS, st.integers(-1, 8)),
                                           max_size=3, unique_by=lambda x: x[0]),
          n_plots=st.integers(0, 2))
    def give(self, data, amounts, n_plots):
        a = self.name(data)
        b = self.name(data, others_of=a)
        plots = tuple(self.plot_id(data, a) for _ in range(n_plots))
        self.do(Give(a, b, tuple(amounts), plots))

    @rule(data=st.data(), what=ANY_RES, delta=st.integers(-6, 6),
          why=st.sampled_from(["table ruling", "table ruling", ""]))
    def adjust(self, data, what, delta, why):
        self.do(Adjust(self.name(data), what, delta, why))

    @rule(data=st.data(), amounts=st.lists(st.tuples(st.sampled_from(RESOURCES),
                                                     COUNT), max_size=2))
    def settle(self, data, amounts):
        self.do(Settle(self.name(data), tuple(amounts)))

    @rule(data=st.data())
    def lose(self, data):
        name = self.name(data)
        src = data.draw(st.sampled_from([None, "warehouse", "plot"]))
        self.do(LoseRigs(name, self.plot_id(data, name) if src == "plot" else src))

    @rule(data=st.data(), power=st.booleans())
    def set_plan(self, data, power):
        name = self.name(data)
        pid = (self.plot_id(data, name),)
        self.do(SetPlan(name, pid if power else (), () if power else pid))

    @rule(k=st.integers(1, 3))
    def next_phase(self, k):
        for _ in range(k):
            self.do(NextPhase(auto=True))

    @rule(data=st.data(), n=st.integers(1, 2))
    def karma_draw(self, data, n):
        self.do(KarmaDraw(self.name(data), n))  # refused unless owed (no draw at will)

    @rule(data=st.data(), n=st.integers(-2, 2))
    def karma_adjust(self, data, n):
        name = self.name(data)
        hand = next((p.hand for p in self.g.players if p.name == name), ())
        cards = tuple(TABLES.karma_card(k).title for k in hand[:-n]) if n < 0 else ()
        self.do(Adjust(name, "karma", n, "counted at the table", cards))

    @rule(data=st.data())
    def karma_use(self, data):
        self.do(KarmaUse(self.name(data), data.draw(st.sampled_from(
            ["Recycling", "Parts Shop", "Push, Pull, or Drag", "Decoy"]))))

    @rule(data=st.data(), wild=st.integers(0, 3))
    def karma_play(self, data, wild):
        """A hand card with options fitting its choices (wild == 0: anything goes)."""
        holders = [p for p in self.g.players if p.hand]
        if not holders:
            return
        p = data.draw(st.sampled_from(holders))
        card = TABLES.karma_card(data.draw(st.sampled_from(p.hand)))
        names = [q.name for q in self.g.players]
        others = [n for n in names if n != p.name]
        all_plots = [x.id for q in self.g.players for x in q.plots] or PLOT_IDS
        pairs = st.lists(st.tuples(st.sampled_from(RESOURCES), st.integers(1, 3)),
                         max_size=2, unique_by=lambda x: x[0])
        if wild == 0:
            target = tuple(data.draw(st.lists(st.sampled_from(names), max_size=2,
                                              unique=True)))
            plots = tuple(data.draw(st.lists(st.sampled_from(all_plots), max_size=2)))
        else:
            if card.target in ("one", "card"):
                target = (data.draw(st.sampled_from(others)),)
            elif card.action == "i_want_that":  # several victims
                target = tuple(data.draw(st.lists(st.sampled_from(others), min_size=1,
                                                  max_size=2, unique=True)))
            else:
                target = ()
            if card.target == "self":
                pool = [x.id for x in p.plots]
            elif target:
                pool = [x.id for x in self.g.player(target[0]).plots]
            else:
                pool = all_plots
            n_plots = 2 if card.action == "survey_swap" else 1 if "plot" in card.choices \
                else 0
            if card.action in ("idle_plot", "redirect_output", "survey_error",
                               "transfer_plot", "scatter_rigs"):
                target = ()
                pool = [x.id for q in self.g.players if q.name != p.name for x in q.plots]
            if card.action in ("survey_error", "survey_swap"):
                pool = [x.id for q in self.g.players for x in q.plots
                        if x.survey is not None] or pool
            plots = tuple(data.draw(st.sampled_from(pool or PLOT_IDS))
                          for _ in range(n_plots))
        victim = self.g.player(target[0]) if target else p
        hand_titles = [TABLES.karma_card(k).title for k in victim.hand] or ["Decoy"]
        plot_rigs = 0
        if plots and card.action == "scatter_rigs":
            plot_rigs = self.g.owner_of(plots[0]).plot(plots[0]).rigs
        answer = None
        if card.kind == "sabotage" and data.draw(st.integers(0, 3)) == 0:
            answer = data.draw(st.sampled_from(
                ["Calling in a Favor", "Wrong Address", "Right Back At You", "Decoy",
                 "Ain't Working for You", "Double Agent"]))
        flat = dict(
            target=target, plot=plots, resource=tuple(data.draw(st.lists(
                st.sampled_from(RESOURCES), min_size=1, max_size=2, unique=True))),
            give=tuple(data.draw(pairs)), take=tuple(data.draw(pairs)),
            card=tuple(data.draw(st.lists(st.sampled_from(hand_titles), max_size=1,
                                          min_size=1 if wild else 0))),
            source=data.draw(st.sampled_from([None, "warehouse"] + [
                x.id for x in victim.plots if x.rigs])),
            option=data.draw(st.sampled_from([None, "draw", "card"])),
            new_owner=data.draw(st.sampled_from(names)),
            to=tuple(data.draw(st.sampled_from(names)) for _ in range(plot_rigs)),
            answer=answer, answer_to=data.draw(st.sampled_from([None] + names)))
        try:  # options no card takes together are refused when the play is built
            op = KarmaPlay.from_flat(p.name, card.title, **flat)
        except RigsError:
            event("refused KarmaPlay")
            return
        if self.do(op):
            event(f"applied {card.title}")

    # -------------------------------------------------------------------- invariants
    @invariant()
    def holdings_and_caps(self):
        if self.g is None:
            return
        check_holdings(self.g, TABLES)  # no negatives, spots, one harvest, 75 RIGS
        for p in self.g.players:
            for x in p.plots:
                assert (x.rigs == 0) == (x.harvest is None), x  # one harvest, if any
        for r in TABLES.constants.loanable:
            assert self.g.scripts_out(r) <= TABLES.constants.scripts_per_resource

    @invariant()
    def cards_conserved_and_file_round_trip(self):
        if self.g is None or self.g is self.tripped:
            return  # (the state did not change since its round trip: a refused action)
        # from_doc validates: every card in exactly one place, caps, plots and spots.
        assert from_doc(self.doc(self.g), "round-trip", TABLES) == self.g
        self.tripped = self.g


# (15 runs of up to 40 steps: each checks every invariant after every step)
Games.TestCase.settings = settings(
    max_examples=15, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
TestGames = pytest.mark.slow(Games.TestCase)
