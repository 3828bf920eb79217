"""One test per line of RULES.md "End game and net worth", on rigs_helper.scoring directly.

Every expected figure is worked out by hand from the rule in the comment beside it."""

from __future__ import annotations

import dataclasses

import pytest

from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.scoring import (
    EndgameValues,
    Holdings,
    PlotHolding,
    complete_values,
    plot_worth,
    score_game,
    score_player,
)

PLOTS = {"plains": 4, "valley": 6, "forest": 12, "desert": 9, "ridge": 7}
DICE = {"energy": 3, "supplies": 5, "metal": 2}


def values(price=4, plots=None, dice=None):
    return EndgameValues(price, dict(PLOTS if plots is None else plots),
                         dict(DICE if dice is None else dice))


# 1. Credits count as they are.
def test_credits_count_as_they_are(tables):
    s = score_player(Holdings("A", credits=137), values(), tables)
    assert (s.credits, s.luxuries, s.plots, s.resources, s.vinnie) == (137, 0, 0, 0, 0)
    assert s.net_worth == 137


# 2. Luxuries left are sold at the last Market card's price.
@pytest.mark.parametrize("price, n, expected", [(2, 7, 14), (4, 7, 28), (10, 3, 30), (6, 0, 0)])
def test_luxuries_sold_at_last_price(tables, price, n, expected):
    s = score_player(Holdings("A", credits=50, luxuries=n), values(price=price), tables)
    assert s.luxuries == expected          # n x price
    assert s.net_worth == 50 + expected


# 3. RIGS are worth nothing: nothing a player holds besides credits, luxuries, plots and
#    resources enters the sum, and the breakdown has no RIGS term.
def test_rigs_are_worth_nothing(tables):
    """The same holdings with and without RIGS (in the warehouse, on every plot) score
    the same, for every player of a game, through the game's own holdings."""
    from gameplay import start

    from rigs_helper.games.rigs.endgame import holdings

    game = start(4, 11, tables)
    with_rigs = dataclasses.replace(game, players=tuple(
        dataclasses.replace(p, warehouse_rigs=7, plots=tuple(
            dataclasses.replace(x, rigs=3, harvest="metal") for x in p.plots))
        for p in game.players))
    without = dataclasses.replace(game, players=tuple(
        dataclasses.replace(p, warehouse_rigs=0, plots=tuple(
            dataclasses.replace(x, rigs=0, harvest=None) for x in p.plots))
        for p in game.players))
    assert all(p.rigs > 7 for p in with_rigs.players)
    rich = score_game(holdings(with_rigs), values(), tables)
    bare = score_game(holdings(without), values(), tables)
    assert [p.as_dict() for p in rich.players] == [p.as_dict() for p in bare.players]
    assert all(p.plots for p in without.players)  # (so the plots were counted in both)
    s = score_player(Holdings("A", credits=10), values(), tables)
    assert set(s.as_dict()) == {"name", "net_worth", "credits", "luxuries", "plots",
                                "resources", "vinnie"}
    assert s.net_worth == 10


# 4a. Plot values: every plot is worth its type's value.
@pytest.mark.parametrize("ptype", ["plains", "valley", "forest", "desert", "ridge"])
def test_plot_worth_by_type(tables, ptype):
    v = values()
    assert plot_worth(PlotHolding(ptype), v) == PLOTS[ptype]
    assert plot_worth(PlotHolding(ptype, 0), v) == PLOTS[ptype]   # yield 0: not luxury
    s = score_player(Holdings("A", plots=(PlotHolding(ptype), PlotHolding(ptype))), v, tables)
    assert s.plots == 2 * PLOTS[ptype]


# 4b. ... one card each for Plains and Valley, two cards (summed) for Desert, Forest, Ridge:
#     8 cards in all.  A deck of powers of two shows which cards went where.
def test_endgame_draws_one_or_two_cards_summed(tables):
    deck = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]
    v, drawn = complete_values(tables, 4, {}, dict(DICE), deck, roll=lambda: 1)
    bits = {t: bin(v.plot_values[t]).count("1") for t in PLOTS}
    assert bits == {"plains": 1, "valley": 1, "forest": 2, "desert": 2, "ridge": 2}
    # the five values use disjoint cards and together exactly the top 8: 1+2+...+128 = 255
    total = 0
    for t in PLOTS:
        assert total & v.plot_values[t] == 0
        total |= v.plot_values[t]
    assert total == 255
    for t in ("forest", "desert", "ridge"):
        assert sum(v.plot_cards[t]) == v.plot_values[t] and len(v.plot_cards[t]) == 2


def test_endgame_draws_only_what_is_missing(tables):
    # plains and forest given; valley, desert, ridge are drawn: 1 + 2 + 2 = 5 cards
    deck = [1, 2, 4, 8, 16, 32, 64, 128]
    rolls = iter([6])
    v, drawn = complete_values(tables, 4, {"plains": 9, "forest": 11},
                               {"energy": 2, "supplies": 3}, deck, roll=lambda: next(rolls))
    assert v.plot_values["plains"] == 9 and v.plot_values["forest"] == 11
    used = v.plot_values["valley"] | v.plot_values["desert"] | v.plot_values["ridge"]
    assert used == 1 + 2 + 4 + 8 + 16          # the top five cards, nothing more
    assert v.resource_values == {"energy": 2, "supplies": 3, "metal": 6}  # metal rolled
    assert v.luxury_price == 4


def test_endgame_draws_need_enough_cards(tables):
    with pytest.raises(InputError):
        complete_values(tables, 4, {}, dict(DICE), [5] * 7, roll=lambda: 1)  # 8 needed


# 4c. ... doubled if it is a luxury plot (survey yield 1 or more).
@pytest.mark.parametrize("survey, doubled", [(None, False), (0, False), (1, True), (2, True),
                                             (3, True)])
def test_luxury_plot_doubled(tables, survey, doubled):
    v = values()
    worth = plot_worth(PlotHolding("forest", survey), v)
    assert worth == (24 if doubled else 12)   # forest 12, x 2 on a luxury plot
    # Holdings with plains (4), valley yield 2 (6 x 2 = 12) and the forest above:
    h = Holdings("A", plots=(PlotHolding("plains"), PlotHolding("valley", 2),
                             PlotHolding("forest", survey)))
    assert score_player(h, v, tables).plots == 4 + 12 + (24 if doubled else 12)


# 5. Resource values: one die roll each; each unit is worth that.
def test_resources_at_die_value(tables):
    h = Holdings("A", energy=4, supplies=1, metal=7)
    s = score_player(h, values(), tables)
    assert s.resources == 4 * 3 + 1 * 5 + 7 * 2   # = 12 + 5 + 14 = 31
    assert s.vinnie == 0
    assert s.net_worth == 31


# 6. Vinnie collects 4 units per script; the shortfall is charged in credits at the die value.
def test_vinnie_covered(tables):
    # 2 energy scripts = 8 energy owed, 11 held: 3 left x 3 = 9, nothing charged
    s = score_player(Holdings("A", credits=20, energy=11, vinnie={"energy": 2}), values(), tables)
    assert (s.resources, s.vinnie, s.net_worth) == (9, 0, 29)


def test_vinnie_exactly_covered(tables):
    # 1 metal script = 4 metal owed, 4 held: nothing left, nothing charged
    s = score_player(Holdings("A", credits=20, metal=4, vinnie={"metal": 1}), values(), tables)
    assert (s.resources, s.vinnie, s.net_worth) == (0, 0, 20)


def test_vinnie_shortfall(tables):
    # 3 supplies scripts = 12 owed, 5 held: 7 short x 5 (supplies die) = -35
    # energy 2 held, no script: 2 x 3 = 6
    h = Holdings("A", credits=100, supplies=5, energy=2, vinnie={"supplies": 3})
    s = score_player(h, values(), tables)
    assert (s.resources, s.vinnie) == (6, -35)
    assert s.net_worth == 100 + 6 - 35        # = 71
    # the RULES formula: credits + sum value_r x (amount_r - 4 x scripts_r)
    assert s.net_worth == 100 + 3 * (2 - 0) + 5 * (5 - 12) + 2 * (0 - 0)


def test_vinnie_shortfall_with_nothing_held(tables):
    # 2 metal scripts = 8 owed, 0 held: 8 x 2 = -16; the net worth may go below credits
    s = score_player(Holdings("A", credits=5, vinnie={"metal": 2}), values(), tables)
    assert (s.resources, s.vinnie, s.net_worth) == (0, -16, -11)


def test_whole_formula(tables):
    # credits 120 + luxuries 3 x 4 = 12 + plots: desert yield 2 (9 x 2 = 18) + plains 4
    # + valley yield 0 (6) = 28; energy 3, 1 script: 4 owed, 1 short x 3 = -3;
    # supplies 2 x 5 = 10; metal 0.  net = 120 + 12 + 28 + 10 - 3 = 167
    h = Holdings("Ana", credits=120, luxuries=3, energy=3, supplies=2, vinnie={"energy": 1},
                 plots=(PlotHolding("desert", 2), PlotHolding("plains"),
                        PlotHolding("valley", 0)))
    s = score_player(h, values(), tables)
    assert s.as_dict() == {"name": "Ana", "net_worth": 167, "credits": 120, "luxuries": 12,
                           "plots": 28, "resources": 10, "vinnie": -3}


# Ruling (ties): equal net worth shares the win.
def test_tie_shares_the_win(tables):
    # A: 50 credits + 2 luxuries x 4 = 58; B: 58 credits; C: 57 credits
    g = score_game([Holdings("A", credits=50, luxuries=2), Holdings("B", credits=58),
                    Holdings("C", credits=57)], values(), tables)
    assert list(g.winners) == ["A", "B"]
    assert g.as_dict()["winners"] == ["A", "B"]


def test_single_winner(tables):
    g = score_game([Holdings("A", credits=50), Holdings("B", credits=51)], values(), tables)
    assert list(g.winners) == ["B"]


def test_score_game_refuses_missing_values(tables):
    h = Holdings("A", luxuries=1, plots=(PlotHolding("ridge"),))
    with pytest.raises(InputError) as err:
        score_game([h], EndgameValues(None, {}, dict(DICE)), tables)
    assert "luxury_price" in str(err.value) and "ridge" in str(err.value)
