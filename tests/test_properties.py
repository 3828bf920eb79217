"""Properties of end-game scoring, checked with hypothesis."""

from __future__ import annotations

import dataclasses
import json

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from rigs_helper.games.rigs.scoring import (
    EndgameValues,
    Holdings,
    PlotHolding,
    score_game,
    score_player,
)
from rigs_helper.store.scorefile import score_sheet
from rigs_helper.store.sheet import parse_sheet
from rigs_helper.store.tablefiles import load_tables

TABLES = load_tables()
TYPES = ("plains", "valley", "forest", "desert", "ridge")
RES = ("energy", "supplies", "metal")

plots_st = st.builds(PlotHolding, st.sampled_from(TYPES),
                     st.one_of(st.none(), st.integers(0, 3)))
# printable names (letters, digits, marks of punctuation and symbols, inner spaces), made
# so without filtering (a sheet of 2 to 4 distinct names filtered twice was too slow)
names_st = st.text(st.characters(categories=("L", "N", "P", "S"), include_characters=" "),
                   min_size=1, max_size=10).map(str.strip).filter(
    lambda s: s and s.isprintable())


def holdings_st(name=names_st):
    return st.builds(
        Holdings, name=name,
        credits=st.integers(0, 600), luxuries=st.integers(0, 40),
        energy=st.integers(0, 40), supplies=st.integers(0, 40), metal=st.integers(0, 40),
        vinnie=st.dictionaries(st.sampled_from(RES), st.integers(0, 20), max_size=3),
        plots=st.lists(plots_st, max_size=14).map(tuple))


values_st = st.builds(
    EndgameValues, luxury_price=st.integers(0, 10),
    plot_values=st.fixed_dictionaries({t: st.integers(0, 20) for t in TYPES}),
    resource_values=st.fixed_dictionaries({r: st.integers(1, 6) for r in RES}))

players_st = st.lists(holdings_st(), min_size=2, max_size=4,
                      unique_by=lambda h: h.name.lower())


#: examples of each scoring property: the formulas are sums, linear in each holding, and
#: hypothesis tries the bounds (0, the largest, one plot, none) among its first examples;
#: 50 find what its default 100 found (the sheet's round trip, names and shapes: 80)
SCORING_EXAMPLES = 50


def net(h, v):
    return score_player(h, v, TABLES).net_worth


@settings(max_examples=SCORING_EXAMPLES)
@given(holdings_st(), values_st)
def test_one_more_credit_is_one_more_net_worth(h, v):
    assert net(dataclasses.replace(h, credits=h.credits + 1), v) == net(h, v) + 1


@settings(max_examples=SCORING_EXAMPLES)
@given(holdings_st(), values_st, st.sampled_from(RES))
def test_one_more_resource_unit_is_worth_its_die(h, v, r):
    # whether it is left over or pays Vinnie, one unit is worth value_r
    more = dataclasses.replace(h, **{r: getattr(h, r) + 1})
    assert net(more, v) == net(h, v) + v.resource_values[r]


@settings(max_examples=SCORING_EXAMPLES)
@given(holdings_st(), values_st)
def test_resources_and_vinnie_follow_the_rules_formula(h, v):
    s = score_player(h, v, TABLES)
    # RULES.md: sum_r value_r x (amount_r - 4 x scripts_r), split into >= 0 and <= 0 parts
    assert s.resources + s.vinnie == sum(
        v.resource_values[r] * (getattr(h, r) - 4 * h.vinnie.get(r, 0)) for r in RES)
    assert s.resources >= 0 and s.vinnie <= 0


@settings(max_examples=SCORING_EXAMPLES)
@given(holdings_st(), values_st, st.sampled_from(TYPES), st.integers(0, 3))
def test_surveying_a_plot_doubles_it_once(h, v, ptype, yield_):
    base = dataclasses.replace(h, plots=h.plots + (PlotHolding(ptype),))
    surveyed = dataclasses.replace(h, plots=h.plots + (PlotHolding(ptype, yield_),))
    gain = v.plot_values[ptype] if yield_ >= 1 else 0
    assert net(surveyed, v) == net(base, v) + gain
    # and an unsurveyed plot adds exactly its type's value
    assert net(base, v) == net(h, v) + v.plot_values[ptype]


@settings(max_examples=SCORING_EXAMPLES)
@given(players_st, values_st)
def test_json_breakdown_sums_and_winners_are_the_max(players, v):
    obj = json.loads(json.dumps(score_game(players, v, TABLES).as_dict()))
    for p in obj["players"]:
        assert p["net_worth"] == (p["credits"] + p["luxuries"] + p["plots"]
                                  + p["resources"] + p["vinnie"])
    best = max(p["net_worth"] for p in obj["players"])
    assert obj["winners"] == [p["name"] for p in obj["players"] if p["net_worth"] == best]
    assert [p["name"] for p in obj["players"]] == [h.name for h in players]


def _plot_table(p: PlotHolding, upper: bool) -> dict:
    out = {"type": p.type.title() if upper else p.type}
    if p.survey is not None:
        out["survey"] = p.survey
    return out


def _player_table(h: Holdings, upper: bool) -> dict:
    out = {"name": h.name, "credits": h.credits, "luxuries": h.luxuries,
           "energy": h.energy, "supplies": h.supplies, "metal": h.metal,
           "plots": [_plot_table(p, upper) for p in h.plots]}
    if h.vinnie:
        out["vinnie"] = dict(h.vinnie)
    return out


cards_st = st.fixed_dictionaries({
    t: (st.one_of(st.integers(0, 20), st.lists(st.integers(0, 10), min_size=n, max_size=n))
        ) for t, n in (("plains", 1), ("valley", 1), ("forest", 2), ("desert", 2),
                       ("ridge", 2))})


@settings(max_examples=40)
@given(players_st, st.integers(0, 10), cards_st,
       st.fixed_dictionaries({r: st.integers(1, 6) for r in RES}), st.booleans())
def test_sheet_round_trip(players, price, plot_values, dice, upper):
    """(40 examples: each writes every field of every player and of the End Game, so a
    field written or read back wrongly shows in the first few; 80 cost twice as much.)"""
    doc = {"endgame": {"luxury_price": price, "plot_values": plot_values,
                       "resource_values": dice},
           "players": [_player_table(h, upper) for h in players]}
    sheet = parse_sheet(tomli_w.dumps(doc), "gen.toml", TABLES)
    assert sheet.players == tuple(players)
    assert sheet.luxury_price == price
    assert sheet.resource_values == dice
    for t, v in plot_values.items():
        assert sheet.plot_values[t] == (sum(v) if isinstance(v, list) else v)
        if isinstance(v, list):
            assert sheet.plot_cards[t] == tuple(v)


@settings(max_examples=30, deadline=None)
@given(players_st, st.integers(0, 2**32))
def test_draw_same_seed_same_result(players, seed):
    doc = {"players": [_player_table(h, False) for h in players]}
    sheet = parse_sheet(tomli_w.dumps(doc), "gen.toml", TABLES)
    a = score_sheet(sheet, TABLES, draw=True, seed=seed)
    b = score_sheet(sheet, TABLES, draw=True, seed=seed)
    assert a.score.as_dict() == b.score.as_dict() and a.drawn == b.drawn
    v = a.score.values
    assert all(1 <= v.resource_values[r] <= 6 for r in RES)
    # default Market values: each drawn card is 2, 4, 6 or 10
    assert v.luxury_price in (2, 4, 6, 10)
    for t in TYPES:
        n = TABLES.plots[t].endgame_cards
        assert 2 * n <= v.plot_values[t] <= 10 * n
