"""Helpers shared by the whole-game, rules-scenario and undo tests (not a test module).

- ``play``: a seeded game driven by ``NextPhase(auto=True)`` only, step by step;
  ``next_recorded``: one such step of a partial set, the group's cards recorded.
- ``check_invariants``: what must hold after every step (holdings, card conservation,
  the Market deck, phase bookkeeping, the TOML round trip).
- ``next_slot``: the (round, phase) that must follow a step.
- Stacking helpers: build a state from ``new_game`` and ``dataclasses.replace`` its piles,
  plots and hands, keeping every card in exactly one place.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import replace

from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import PendingChoice
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.setup import new_game
from rigs_helper.games.rigs.state import Game, Pile, Plot
from rigs_helper.games.rigs.codec import from_doc, to_doc

PHASES = ("player", "disaster", "production", "market")
NAMES = {2: ("Ana", "Bo"), 3: ("Ana", "Bo", "Cy"), 4: ("Ana", "Bo", "Cy", "Di")}

# Plot cards are numbered in table order: P1-P9 Plains, P10-P18 Valley, P19-P21 Forest,
# P22-P24 Desert, P25-P27 Ridge.  Market cards: 0-3 Spike, 4-12 High, 13-26 Normal,
# 27-35 Low (house values 10, 6, 4, 2).
PLAINS = [f"P{i}" for i in range(1, 10)]
VALLEYS = [f"P{i}" for i in range(10, 19)]
FORESTS = ["P19", "P20", "P21"]
DESERTS = ["P22", "P23", "P24"]
RIDGES = ["P25", "P26", "P27"]
SPIKE, HIGH, NORMAL, LOW = range(0, 4), range(4, 13), range(13, 27), range(27, 36)


def house_value(index: int) -> int:
    return 10 if index in SPIKE else 6 if index in HIGH else 4 if index in NORMAL else 2


# ---------------------------------------------------------------------------- playing


def start(n: int, seed: int, tables, cards: str = "table") -> Game:
    return new_game(list(NAMES[n]), seed, tables, cards=cards).game


def play(n: int, seed: int, tables, cards: str = "table"):
    """Yield (before, outcome) for every ``next --auto`` of a whole game (``cards``: who
    holds the cards, `rigs new --cards`; "rigs" is what `rigs new` makes)."""
    g = start(n, seed, tables, cards)
    while not g.game_over:
        out = perform(g, NextPhase(auto=True), tables)
        yield g, out
        g = out.game


def play_to(g: Game, tables, round_: int, phase: str) -> Game:
    """``next --auto`` until (round, phase)."""
    while (g.round, g.phase) != (round_, phase):
        assert not g.game_over
        g = perform(g, NextPhase(auto=True), tables).game
    return g


def next_slot(round_: int, phase: str, rounds: int = 15) -> tuple[int, str, bool]:
    """(round, phase, game_over) after ending (round, phase)."""
    if phase == "market":
        if round_ == rounds:
            return round_, phase, True
        return round_ + 1, "player", False
    return round_, PHASES[PHASES.index(phase) + 1], False


# ---------------------------------------------------------------------------- invariants


def _counts_of_ints(obj, where: str) -> None:
    for f in dataclasses.fields(obj):
        v = getattr(obj, f.name)
        if isinstance(v, int) and not isinstance(v, bool):
            assert v >= 0, f"{where}.{f.name} = {v}"
        elif hasattr(v, "items") and not isinstance(v, (str, bytes)):
            for k, x in v.items():
                if isinstance(x, int) and not isinstance(x, bool):
                    assert x >= 0, f"{where}.{f.name}[{k}] = {x}"


def card_places(g: Game, tables) -> dict[str, Counter]:
    """Where every card of every deck is, as one Counter per deck."""
    plots = Counter(g.plot_deck) + Counter(g.grant)
    surveys = Counter(g.survey.draw) + Counter(g.survey.discard)
    disasters = Counter(g.disaster.draw) + Counter(g.disaster.discard)
    karma = Counter(g.karma.draw) + Counter(g.karma.discard)
    for p in g.players:
        plots += Counter(x.id for x in p.plots)
        surveys += Counter(x.survey for x in p.plots if x.survey is not None)
        if p.disaster:
            disasters[p.disaster] += 1
        karma += Counter(p.hand) + Counter(p.in_play) + Counter(p.incoming)
    if g.waits.attack is not None:  # a card played that waits for answers
        karma[g.waits.attack.card] += 1
    market = Counter(g.market.game) + Counter(g.market.drawn) + Counter(g.market.end)
    return {"plot": plots, "survey": surveys, "disaster": disasters, "karma": karma,
            "market": market}


def full_decks(tables) -> dict[str, Counter]:
    return {"plot": Counter(f"P{i + 1}" for i in range(len(tables.plot_deck))),
            "survey": Counter(tables.survey_deck),
            "disaster": Counter(tables.disaster_deck),
            "karma": Counter(tables.karma_deck),
            "market": Counter(range(len(tables.market_deck)))}


def check_conservation(g: Game, tables) -> None:
    have, want = card_places(g, tables), full_decks(tables)
    for deck in want:
        assert have[deck] == want[deck], (deck, have[deck] - want[deck],
                                          want[deck] - have[deck])


def check_holdings(g: Game, tables) -> None:
    for p in g.players:
        _counts_of_ints(p, p.name)
        for x in p.plots:
            _counts_of_ints(x, f"{p.name}.{x.id}")
            if x.rigs:
                assert x.harvest is not None
                assert x.rigs <= x.spots(tables, x.harvest), (p.name, x)
    assert g.colony_rigs <= tables.constants.colony_rigs


def check_round_trip(g: Game, tables) -> None:
    doc = to_doc(g, tables)
    assert from_doc(doc, "round-trip", tables) == g


def check_invariants(g: Game, tables, first: Game | None = None) -> None:
    """Everything that must hold between any two steps of an auto-played game.

    ``first`` is the game as created: its Game Market Deck and End Game deck are the
    reference for the Market checks."""
    check_holdings(g, tables)
    check_conservation(g, tables)
    m = g.market
    # The Market: one card per Market Phase so far, each drawn once, from the Game deck.
    assert len(set(m.drawn)) == len(m.drawn)
    priced = g.round if g.phase == "market" else g.round - 1
    assert len(m.drawn) == priced
    assert len(m.game) == tables.game_market_cards - priced
    assert (m.price is not None) == (g.phase == "market")
    if first is not None:
        assert set(m.drawn) | set(m.game) == set(first.market.game)
        assert m.drawn == first.market.game[:len(m.drawn)]  # virtual draws: top first
        assert m.end == first.market.end
    # Phase bookkeeping of an auto-played game.
    assert g.grant == ()  # --auto settles every Land Grant at once
    limit = tables.constants.hand_limit
    for p in g.players:
        if g.phase != "disaster":  # a Disaster's "lose a RIGS" is settled when it ends
            assert p.must_lose_rigs == 0
        assert len(p.hand) <= limit + 1  # at most one Disaster draw on top of the limit
        if g.phase in ("player", "market"):
            assert p.disaster is None and p.effects == ()
        if g.phase != "disaster":
            assert not p.may_swap
    assert g.leader in {p.name for p in g.players}
    assert 1 <= g.round <= tables.constants.rounds
    check_round_trip(g, tables)


# ---------------------------------------------------------------------------- stacking


def set_player(g: Game, name: str, **changes) -> Game:
    return g.with_player(replace(g.player(name), **changes))


def take(seq, items) -> tuple:
    """``seq`` without one copy of each of ``items`` (all must be there)."""
    rest = list(seq)
    for x in items:
        rest.remove(x)
    return tuple(rest)


def on_top(seq, items) -> tuple:
    """``items`` (taken out of ``seq``) on top, then the rest of ``seq`` in order."""
    return tuple(items) + take(seq, items)


def plot(pid: str, tables, survey: int | None = None, rigs: int = 0,
         harvest: str | None = None) -> Plot:
    return Plot(pid, tables.plot_deck[int(pid[1:]) - 1], survey, rigs, harvest)


def own_plots(g: Game, tables, holdings: dict[str, list], deck: list[str] | None = None
              ) -> Game:
    """Give each named player exactly these plots (ids or Plot objects); the other plot
    cards go to the Plot deck (``deck`` when given: then every card must be placed).
    Surveys of the old plots go back to the Survey deck and the new plots' surveys are
    taken out of it, so every card stays in exactly one place."""
    survey_draw = list(g.survey.draw) + [x.survey for p in g.players for x in p.plots
                                         if x.survey is not None]
    placed: list[str] = []
    for name, plots in holdings.items():
        ps = tuple(x if isinstance(x, Plot) else plot(x, tables) for x in plots)
        for x in ps:
            if x.survey is not None:
                survey_draw.remove(x.survey)
        placed += [x.id for x in ps]
        g = set_player(g, name, plots=ps)
    for p in g.players:
        if p.name not in holdings:
            g = set_player(g, p.name, plots=())
    if deck is None:
        deck = [f"P{i + 1}" for i in range(len(tables.plot_deck)) if f"P{i + 1}" not in placed]
    assert sorted(placed + list(deck)) == sorted(f"P{i + 1}" for i in
                                                 range(len(tables.plot_deck)))
    return replace(g, plot_deck=tuple(deck), grant=(), survey=replace(
        g.survey, draw=tuple(survey_draw)))


def hand_from_deck(g: Game, name: str, keys) -> Game:
    """Move these Karma cards from the draw pile into the player's hand (in order)."""
    g = replace(g, karma=replace(g.karma, draw=take(g.karma.draw, keys)))
    return set_player(g, name, hand=g.player(name).hand + tuple(keys))


def hide_differently(g, seed: int):
    """The same public facts with every hidden pile in another order (the Market's two
    virtual decks mixed, Karma hands and deck mixed, Disaster/Survey/Plot decks shuffled)."""
    rnd = random.Random(seed)
    m = g.market
    pool = list(m.game + m.end)
    rnd.shuffle(pool)
    g = replace(g, market=replace(m, game=tuple(pool[:len(m.game)]),
                                  end=tuple(pool[len(m.game):])))
    karma = list(g.karma.draw) + [k for p in g.players for k in p.hand]
    rnd.shuffle(karma)
    players = []
    for p in g.players:
        hand, karma = tuple(karma[:len(p.hand)]), karma[len(p.hand):]
        players.append(replace(p, hand=hand))
    g = replace(g, players=tuple(players), karma=replace(g.karma, draw=tuple(karma)))
    for deck in ("disaster", "survey"):
        pile = getattr(g, deck)
        draw = list(pile.draw)
        rnd.shuffle(draw)
        g = replace(g, **{deck: replace(pile, draw=tuple(draw))})
    plots = list(g.plot_deck)
    rnd.shuffle(plots)
    return replace(g, plot_deck=tuple(plots))


def physical_left(pile: Pile) -> list[str]:
    """The group's own cards: in the pile, then among the discards."""
    own = [k for k, v in zip(pile.draw, pile.virtual) if not v]
    return own + list((Counter(pile.discard) - Counter(pile.vdiscard)).elements())


def next_recorded(g, tables):
    """`next --auto`, answering each "draw the top card of your pile" with one of the
    group's cards (as a table would)."""
    cards, karma = [], []
    for _ in range(12):
        try:
            return perform(g, NextPhase(True, tuple(cards), tuple(karma)), tables).game
        except PendingChoice as exc:
            for choice in exc.choices:
                name = choice.split(":")[0]
                deck = "disaster" if "Disaster pile" in choice else "karma"
                given = cards if deck == "disaster" else karma
                if any(x.startswith(name + "=") for x in given):
                    continue
                pool = physical_left(getattr(g, deck))
                for x in given:
                    pool.remove(x.split("=", 1)[1])
                given.append(f"{name}={pool[0]}")
    raise AssertionError("the table was asked for cards forever")
