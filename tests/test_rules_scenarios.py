"""Rules scenarios on stacked decks, one test per rule of RULES.md.

Each state is built from ``new_game`` (and ``next --auto`` to reach a phase), then its piles,
plots and hands are stacked with ``dataclasses.replace`` keeping every card in one place.
Expected numbers are worked out by hand from RULES.md in the comments, not copied from a
run of the code.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from gameplay import (
    DESERTS,
    FORESTS,
    HIGH,
    PLAINS,
    RIDGES,
    SPIKE,
    VALLEYS,
    check_conservation,
    hand_from_deck,
    on_top,
    own_plots,
    play_to,
    plot,
    set_player,
    start,
    take,
)

from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import InputError, PendingChoice, RulesError
from rigs_helper.games.rigs.karma.hands import KarmaDiscard, KarmaDraw, KarmaSwap
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.phases.grant import GrantPick
from rigs_helper.games.rigs.phases.losses import LoseRigs
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.state import frozen_map
from rigs_helper.games.rigs.codec import to_doc


def run(g, op, tables):
    out = perform(g, op, tables)
    check_conservation(out.game, tables)
    return out


def new_plots(before, after, name):
    old = {x.id for x in before.player(name).plots}
    return [x.id for x in after.player(name).plots if x.id not in old]


# ============================================================================ Land Grant


#: the table lets rigs draw the Land Grant's plots (a game of the table's cards records them,
#: or says so, before the leader keeps one)
VIRTUAL = ("virtual",)


def short_deck_game(tables):
    """Round 1 Market Phase, 4 players, Bo leads, only two plots left: P19 Forest on top
    of P1 Plains."""
    g = play_to(start(4, 8, tables), tables, 1, "market")
    g = own_plots(g, tables, {
        "Ana": PLAINS[1:7],                        # P2-P7
        "Bo": PLAINS[7:] + VALLEYS[:4],            # P8, P9, P10-P13
        "Cy": VALLEYS[4:] + FORESTS[1:],           # P14-P18, P20, P21
        "Di": DESERTS + RIDGES,                    # P22-P27
    }, deck=["P19", "P1"])
    return replace(g, leader="Bo")


def test_land_grant_short_plot_deck_leaders_order_decides_who_gets_none(tables):
    g = short_deck_game(tables)
    out = run(g, NextPhase(), tables)
    g2 = out.game
    # round 2 starts with the Land Grant: the leader draws min(4 players, 2 cards) = 2
    assert (g2.round, g2.phase) == (2, "player")
    assert g2.grant == ("P19", "P1") and g2.plot_deck == ()
    # Bo keeps P1 and orders Di, Ana, Cy: Di gets the other plot, Ana and Cy none
    out = run(g2, GrantPick("P1", cards=VIRTUAL, order=("Di", "Ana", "Cy")), tables)
    g3 = out.game
    assert new_plots(g2, g3, "Bo") == ["P1"]
    assert new_plots(g2, g3, "Di") == ["P19"]
    assert new_plots(g2, g3, "Ana") == [] and new_plots(g2, g3, "Cy") == []
    assert g3.grant == ()
    assert any("Ana and Cy get none" in m for m in out.messages)
    # the order must name every other player once
    with pytest.raises(InputError):
        perform(g2, GrantPick("P1", cards=VIRTUAL, order=("Di", "Ana")), tables)


def test_land_grant_short_plot_deck_auto_order_is_seating_after_leader(tables):
    g = short_deck_game(tables)
    g2 = run(g, NextPhase(auto=True), tables).game
    # default pick: P19 Forest (valued by two End Game cards) over P1 Plains (one);
    # default order: seating after Bo -> Cy gets P1; Di and Ana get none
    assert new_plots(g, g2, "Bo") == ["P19"]
    assert new_plots(g, g2, "Cy") == ["P1"]
    assert new_plots(g, g2, "Di") == [] and new_plots(g, g2, "Ana") == []
    assert g2.grant == () and g2.plot_deck == ()


def grant_game(tables):
    """Round 1 Market Phase, 3 players, Ana leads; the Plot deck has P14 Valley, P22 Desert,
    P5 Plains on top; only P25 and P26 of the Ridges are left in it."""
    g = play_to(start(3, 8, tables), tables, 1, "market")
    hold = {"Ana": PLAINS[:4], "Bo": PLAINS[5:], "Cy": VALLEYS[:3] + ["P27"]}
    owned = {x for v in hold.values() for x in v}
    rest = [f"P{i}" for i in range(1, 28) if f"P{i}" not in owned | {"P14", "P22", "P5"}]
    g = own_plots(g, tables, hold, deck=["P14", "P22", "P5"] + rest)
    return replace(g, leader="Ana")


def test_land_grant_leader_keeps_one_rest_dealt_at_random(tables):
    g = run(grant_game(tables), NextPhase(), tables).game
    assert g.grant == ("P14", "P22", "P5") and len(g.plot_deck) == 12  # 27 - 12 - 3
    # Still waiting for the leader's pick: `next` refuses and names `rigs grant`
    with pytest.raises(PendingChoice, match="rigs grant"):
        perform(g, NextPhase(), tables)
    seen = set()
    for pos in range(40):
        gg = replace(g, rng=g.rng + pos)
        after = run(gg, GrantPick("P14", cards=VIRTUAL), tables).game
        assert new_plots(gg, after, "Ana") == ["P14"]
        got = (*new_plots(gg, after, "Bo"), *new_plots(gg, after, "Cy"))
        assert sorted(got) == ["P22", "P5"]
        # seeded: the same state deals the same way
        assert perform(gg, GrantPick("P14", cards=VIRTUAL), tables).game == after
        seen.add(got)
    assert seen == {("P22", "P5"), ("P5", "P22")}  # both deals happen: it is random
    # the pick must be one of the drawn plots
    with pytest.raises(RulesError):
        perform(g, GrantPick("P1", cards=VIRTUAL), tables)
    # a deal made at the table is recorded as given
    after = run(g, GrantPick("P14", cards=VIRTUAL, given=(("Bo", "P5"), ("Cy", "P22"))),
                tables).game
    assert new_plots(g, after, "Bo") == ["P5"] and new_plots(g, after, "Cy") == ["P22"]
    # the leader's own plot is the pick: a --give naming the leader is refused (it used to
    # be accepted and the plot given to the leader vanished from the game)
    with pytest.raises(InputError):
        perform(g, GrantPick("P14", cards=VIRTUAL, given=(("Ana", "P5"), ("Bo", "P22"))),
                tables)


def test_land_grant_auto_leader_keeps_the_most_valuable_plot(tables):
    g = grant_game(tables)
    after = run(g, NextPhase(auto=True), tables).game
    # P22 Desert is valued by two End Game cards; Valley and Plains by one
    assert new_plots(g, after, "Ana") == ["P22"]
    assert sorted(new_plots(g, after, "Bo") + new_plots(g, after, "Cy")) == ["P14", "P5"]


def test_land_grant_records_physical_plot_types(tables):
    g = grant_game(tables)
    # the plot cards are recorded on `grant`, once the leader has drawn them, not before
    with pytest.raises(InputError, match="rigs grant --card"):
        perform(g, NextPhase(cards=("plains", "Valley", "ridge")), tables)
    drawn = run(g, NextPhase(), tables).game
    record = GrantPick(cards=("plains", "Valley", "ridge"), record_only=True)
    out = run(drawn, record, tables)
    after = out.game
    # the virtual cards went back on top: the first card of each type in the deck as it
    # was: P5 Plains, P14 Valley, P25 Ridge
    assert after.grant == ("P5", "P14", "P25")
    assert after.plot_deck == take(g.plot_deck, ["P5", "P14", "P25"])
    # the ids are for the leader's eyes; the table reads that plots were recorded
    assert "P5" not in out.messages[0] and "Ana drew 3 plots" in out.messages[0]
    assert out.private == (("Ana", "Land Grant recorded (you drew): P5 Plains, P14 Valley, "
                            "P25 Ridge. Write these ids on the plot cards."),)
    # the leader keeps one named by its type among the drawn plots
    # (the others as the table dealt them: rigs never hands out the table's plots)
    others = [p.name for p in after.seating_from(after.leader)[1:]]
    kept = run(after, GrantPick("valley", given=tuple(zip(others, ("P5", "P25")))),
               tables).game
    assert "P14" in [x.id for x in kept.player(g.leader).plots]
    # only two Ridges (P25, P26) are left in the deck: a third cannot have been drawn
    with pytest.raises(RulesError, match="Ridge"):
        perform(drawn, GrantPick(cards=("ridge",) * 3, record_only=True), tables)
    with pytest.raises(InputError):  # one type per plot drawn: 3 players, 3 plots
        perform(drawn, GrantPick(cards=("plains",), record_only=True), tables)
    with pytest.raises(InputError):
        perform(drawn, GrantPick(cards=("plains", "swamp", "ridge"), record_only=True),
                tables)


# ============================================================================ the leader


def test_leader_is_redetermined_only_when_plot_ownership_changed(tables):
    g = play_to(start(2, 8, tables), tables, 3, "market")
    ana = ["P1", "P2"] + [plot(p, tables, survey=1) for p in PLAINS[2:]] + VALLEYS + FORESTS
    g = own_plots(g, tables, {"Ana": ana, "Bo": DESERTS + RIDGES}, deck=[])
    g = replace(g, leader="Bo", leader_basis="")  # ownership changed since it was set
    # Ana: 2 barren Plains (P1, P2 unsurveyed; P3-P9 yield 1), Bo: none -> Ana is worse
    g = run(g, NextPhase(), tables).game
    assert (g.round, g.phase, g.leader) == (4, "player", "Ana")
    # Ana surveys P1 and P2 (yield 2): no barren Plains left on either side, so the next
    # rule (fewest plots: Bo 6 < Ana 21) would now name Bo -- but no plot changed owner
    surveyed = [plot("P1", tables, survey=2), plot("P2", tables, survey=2)]
    g = own_plots(g, tables, {"Ana": surveyed + list(g.player("Ana").plots[2:]),
                              "Bo": list(g.player("Bo").plots)}, deck=[])
    g = run(play_to(g, tables, 4, "market"), NextPhase(), tables).game
    assert (g.round, g.leader) == (5, "Ana")
    # Ana deals P19 to Bo: ownership changed, so the leader is determined again:
    # barren 0 = 0, plots Bo 7 < Ana 20 -> Bo
    ana_plots = [x for x in g.player("Ana").plots if x.id != "P19"]
    g = own_plots(g, tables, {"Ana": ana_plots,
                              "Bo": list(g.player("Bo").plots) + [plot("P19", tables)]},
                  deck=[])
    g = run(play_to(g, tables, 5, "market"), NextPhase(), tables).game
    assert (g.round, g.leader) == (6, "Bo")


def parse_rolloff(message: str) -> list[dict[str, int]]:
    """'... (roll-off: Ana 3, Bo 5, Cy 5; then Bo 2, Cy 6).' -> one dict per roll."""
    inside = message.split("roll-off: ", 1)[1].rsplit(")", 1)[0]
    return [{n: int(v) for n, v in (x.rsplit(" ", 1) for x in part.split(", "))}
            for part in inside.split("; then ")]


def test_leader_ties_go_to_a_seeded_roll_off(tables):
    g = play_to(start(3, 8, tables), tables, 1, "market")
    # identical land: 3 Plains, 3 Valleys, a Forest, a Desert and a Ridge each, all
    # unsurveyed -> every tie-break ties (3 barren Plains, 9 plots, 3 Valleys)
    same = {"Ana": PLAINS[0:3] + VALLEYS[0:3] + ["P19", "P22", "P25"],
            "Bo": PLAINS[3:6] + VALLEYS[3:6] + ["P20", "P23", "P26"],
            "Cy": PLAINS[6:9] + VALLEYS[6:9] + ["P21", "P24", "P27"]}
    g = replace(own_plots(g, tables, same, deck=[]), leader_basis="")
    leaders = set()
    for pos in range(15):
        gg = replace(g, rng=g.rng + pos)
        out = run(gg, NextPhase(), tables)
        said = [m for m in out.messages if "roll-off" in m]
        assert len(said) == 1
        rolls = parse_rolloff(said[0])
        # every die comes from the game's seeded generator, in turn; re-roll the tied
        rng = Rng(gg.seed, gg.rng)
        tied = ["Ana", "Bo", "Cy"]
        for r in rolls:
            assert sorted(r) == sorted(tied)
            assert all(v == rng.die(6) for v in r.values())
            top = max(r.values())
            tied = [n for n in tied if r[n] == top]
        assert len(tied) == 1 and out.game.leader == tied[0]
        assert perform(gg, NextPhase(), tables).game == out.game  # reproducible
        leaders.add(out.game.leader)
    assert len(leaders) >= 2  # the dice decide, not the seating


# ============================================================================ Disasters

# Ana (dealt first: she leads) holds 1 Energy, 5 Supplies, 3 Metal, 7 Luxuries, 1 RIGS in
# the warehouse; P22 Desert with 3 RIGS on Energy, P10 Valley with 2 on Metal, P19 Forest
# with 2 on Supplies.  Bo is dealt a Safe.
# After the deal: (energy, supplies, metal, luxuries, production effects, Karma drawn)
RICH = {
    "safe": (1, 5, 3, 7, (), False),
    "unexpected-spoilage": (1, 2, 3, 7, (), True),    # half of 5 rounded up = 3 lost
    "massive-solar-flare": (0, 5, 3, 7, (), True),    # all Energy: 1 lost
    "out-in-the-acid-rain": (1, 5, 1, 7, (), True),   # half of 3 rounded up = 2 lost
    "raid": (1, 5, 3, 0, (), True),                   # all 7 Luxuries
    "solar-eclipse": (1, 5, 3, 7, ("eclipse",), True),          # she has a Desert
    "seasonal-hell": (1, 5, 3, 7, ("seasonal_hell",), True),    # she has a Valley
    "theft": (1, 5, 3, 3, (), True),                  # half of 7 rounded up = 4 lost
    "corrosive-cloud": (1, 5, 0, 7, (), True),        # all 3 Metal
    "infestation": (1, 5, 3, 7, ("infestation",), True),        # RIGS on Supplies
    "battery-failure": (0, 5, 3, 7, (), True),        # all Energy: 1 lost
    "battery-charger-failure": (1, 5, 3, 7, ("charger_failure",), True),   # Energy RIGS
    "energy-junction-failure": (1, 5, 3, 7, ("junction_failure",), True),  # Energy RIGS
}
# After Production (energy, supplies, metal).  Normally: P22 makes 3 Energy and needs no
# power; P10 (2 Metal) and P19 (2 Supplies) cost 1 Energy each, paid from the 3 produced;
# the 1 left goes to the warehouse: Energy +1, Metal +2, Supplies +2.
PRODUCED = {
    "safe": (2, 7, 5),
    "unexpected-spoilage": (2, 4, 5),
    "massive-solar-flare": (1, 7, 5),
    "out-in-the-acid-rain": (2, 7, 3),
    "raid": (2, 7, 5),
    "theft": (2, 7, 5),
    "corrosive-cloud": (2, 7, 2),
    "battery-failure": (1, 7, 5),
    # Eclipse: the Desert makes no Energy; the 1 Energy in the warehouse powers one plot:
    # equal yields (2, 2), Metal before Supplies -> P10 only: E 0, M +2, S +0
    "solar-eclipse": (0, 5, 5),
    # Seasonal Hell: one RIGS works on P10 (Metal +1); both plots powered from the 3
    # produced, 1 Energy stored
    "seasonal-hell": (2, 7, 4),
    # Infestation: P19 yields no Supplies so it is not powered; P10 uses 1 of the 3
    # produced, 2 are stored: E 3
    "infestation": (3, 5, 5),
    # Battery Charger Failure: 3 produced, 2 spent on power, the 1 left is lost: E 1
    "battery-charger-failure": (1, 7, 5),
    # Energy Junction Failure: the 3 produced go to the warehouse and power nothing; the 1
    # Energy already there powers P10 (Metal first): E 1 - 1 + 3 = 3, M +2, S +0
    "energy-junction-failure": (3, 5, 5),
}
# Ana with nothing: no resources, 2 RIGS in the warehouse, P3 Plains with 1 RIGS on Metal
# (no Desert, no Valley, no RIGS on Supplies or Energy).
LOSE_A_RIGS = {"unexpected-spoilage", "massive-solar-flare", "out-in-the-acid-rain",
               "solar-eclipse", "seasonal-hell", "corrosive-cloud", "infestation"}
UNHURT = {"safe", "raid", "theft", "battery-failure", "battery-charger-failure",
          "energy-junction-failure"}


def disaster_game(tables, key: str, rich: bool, bo: str = "safe"):
    g = replace(start(2, 21, tables), leader="Ana")
    if rich:
        ana = [plot("P22", tables, rigs=3, harvest="energy"),
               plot("P10", tables, rigs=2, harvest="metal"),
               plot("P19", tables, rigs=2, harvest="supplies")]
        g = own_plots(g, tables, {"Ana": ana, "Bo": ["P1", "P2"]})
        g = set_player(g, "Ana", energy=1, supplies=5, metal=3, luxuries=7, warehouse_rigs=1)
    else:
        g = own_plots(g, tables, {"Ana": [plot("P3", tables, rigs=1, harvest="metal")],
                                  "Bo": ["P1", "P2"]})
        g = set_player(g, "Ana", energy=0, supplies=0, metal=0, luxuries=0, warehouse_rigs=2)
    return replace(g, disaster=replace(g.disaster, draw=on_top(g.disaster.draw, [key, bo])))


def test_every_disaster_card_has_a_scenario(tables):
    titles = {c.key for c in tables.disasters}
    assert set(RICH) == set(PRODUCED) == titles == LOSE_A_RIGS | UNHURT


@pytest.mark.parametrize("key", sorted(RICH))
def test_disaster_effect_then_production_then_discard(key, tables):
    g = disaster_game(tables, key, rich=True)
    top = g.karma.draw[0]
    g1 = run(g, NextPhase(), tables).game
    ana, bo = g1.player("Ana"), g1.player("Bo")
    energy, supplies, metal, lux, effects, drew = RICH[key]
    assert (ana.energy, ana.supplies, ana.metal, ana.luxuries) == (energy, supplies, metal, lux)
    assert ana.disaster == key and bo.disaster == "safe"
    assert ana.effects == effects and ana.rigs == 8 and ana.must_lose_rigs == 0
    # hurt -> one Karma card (the top one); not hurt -> the swap is offered
    assert ana.hand == ((top,) if drew else ()) and ana.may_swap == (not drew)
    assert bo.hand == () and bo.may_swap
    # production effects stay in front of her through the Production Phase ...
    g2 = run(g1, NextPhase(), tables).game
    assert g2.phase == "production" and g2.player("Ana").effects == effects
    assert g2.player("Ana").disaster == key
    # ... production is committed with them (after Last Call, every round), then they are
    # cleared and the cards discarded
    g3 = run(run(g2, NextPhase(), tables).game, NextPhase(), tables).game
    ana = g3.player("Ana")
    assert (ana.energy, ana.supplies, ana.metal) == PRODUCED[key]
    assert ana.luxuries == lux
    assert ana.effects == () and ana.disaster is None and g3.player("Bo").disaster is None
    assert Counter(g3.disaster.discard) == Counter([key, "safe"])


@pytest.mark.parametrize("key", sorted(RICH))
def test_disaster_with_nothing_to_lose(key, tables):
    g = disaster_game(tables, key, rich=False)
    g1 = run(g, NextPhase(), tables).game
    ana = g1.player("Ana")
    if key in LOSE_A_RIGS:
        # "no X -> lose a RIGS": a pending choice, and a Karma card either way
        assert ana.must_lose_rigs == 1 and len(ana.hand) == 1 and not ana.may_swap
        assert ana.rigs == 3  # nothing lost until she chooses
    else:
        assert ana.must_lose_rigs == 0 and ana.hand == () and ana.may_swap
    assert ana.effects == ()


def test_disaster_lose_a_rigs_pending_until_chosen(tables):
    g = run(disaster_game(tables, "massive-solar-flare", rich=False), NextPhase(),
            tables).game
    before = to_doc(g, tables)
    with pytest.raises(PendingChoice, match="rigs lose Ana") as err:
        perform(g, NextPhase(), tables)
    assert err.value.exit_code == 3
    assert to_doc(g, tables) == before  # a pending choice changes nothing
    # the player chooses: the RIGS on P3 goes, P3 harvests nothing now
    chosen = run(g, LoseRigs("Ana", "P3"), tables).game
    ana = chosen.player("Ana")
    assert ana.plot("P3").rigs == 0 and ana.plot("P3").harvest is None
    assert ana.warehouse_rigs == 2 and ana.must_lose_rigs == 0
    assert run(chosen, NextPhase(), tables).game.phase == "production"
    # --auto: the documented default, the warehouse first
    auto = run(g, NextPhase(auto=True), tables)
    ana = auto.game.player("Ana")
    assert ana.warehouse_rigs == 1 and ana.plot("P3").rigs == 1 and ana.must_lose_rigs == 0
    assert any("--auto default" in m for m in auto.messages)
    # LoseRigs without --from: the same default
    assert perform(g, LoseRigs("Ana"), tables).game.player("Ana").warehouse_rigs == 1
    with pytest.raises(RulesError):  # Bo has no loss to settle
        perform(g, LoseRigs("Bo"), tables)


def test_disaster_lose_a_rigs_default_without_warehouse_is_the_fullest_plot(tables):
    g = replace(start(2, 21, tables), leader="Ana")
    g = own_plots(g, tables, {"Ana": [plot("P11", tables, rigs=1, harvest="energy"),
                                      plot("P10", tables, rigs=2, harvest="metal")],
                              "Bo": ["P1"]})
    g = set_player(g, "Ana", energy=0, warehouse_rigs=0)
    g = replace(g, disaster=replace(g.disaster, draw=on_top(
        g.disaster.draw, ["massive-solar-flare", "safe"])))
    g = run(run(g, NextPhase(), tables).game, NextPhase(auto=True), tables).game
    # no Energy -> lose a RIGS; warehouse empty -> from P10, the plot with the most RIGS
    ana = g.player("Ana")
    assert ana.plot("P10").rigs == 1 and ana.plot("P11").rigs == 1


def test_disaster_unhurt_player_may_swap_one_karma_card(tables):
    g = disaster_game(tables, "safe", rich=True, bo="raid")
    keep = g.karma.draw[0]
    g = hand_from_deck(g, "Ana", [keep])
    g = set_player(g, "Bo", luxuries=2)
    title = tables.karma_card(keep).title
    with pytest.raises(RulesError):  # not in the Player Phase
        perform(g, KarmaSwap("Ana", title), tables)
    g1 = run(g, NextPhase(), tables).game
    top = g1.karma.draw[0]
    assert g1.player("Ana").may_swap and not g1.player("Bo").may_swap  # Bo lost Luxuries
    g2 = run(g1, KarmaSwap("Ana", title), tables).game
    assert g2.player("Ana").hand == (top,) and g2.karma.discard[-1] == keep
    assert not g2.player("Ana").may_swap
    with pytest.raises(RulesError):  # once
        perform(g2, KarmaSwap("Ana", tables.karma_card(top).title), tables)
    with pytest.raises(RulesError):  # Bo was hurt (and holds the card the Raid gave him)
        perform(g1, KarmaSwap("Bo", tables.karma_card(g1.player("Bo").hand[0]).title),
                tables)
    g3 = run(g1, NextPhase(), tables).game
    assert not any(p.may_swap for p in g3.players)  # the offer ends with the phase


# ============================================================================ Karma hands


def test_karma_hand_limit_at_end_of_player_phase(tables):
    g = replace(start(2, 5, tables), leader="Ana")
    seven = list(g.karma.draw[:7])
    g = hand_from_deck(g, "Ana", seven)
    g = hand_from_deck(g, "Bo", list(g.karma.draw[:5]))  # exactly at the limit
    g = replace(g, disaster=replace(g.disaster, draw=on_top(g.disaster.draw,
                                                            ["safe", "safe"])))
    with pytest.raises(PendingChoice) as err:
        perform(g, NextPhase(), tables)
    assert "rigs karma discard Ana" in str(err.value) and "Bo" not in str(err.value)
    # --auto: the newest cards go (7 - 5 = 2): the 6th and 7th drawn
    g1 = run(g, NextPhase(auto=True), tables).game
    assert g1.player("Ana").hand == tuple(seven[:5])
    assert g1.karma.discard == tuple(seven[5:])
    assert len(g1.player("Bo").hand) == 5
    # or the player chooses which two go
    g2 = g
    for k in seven[:2]:
        g2 = run(g2, KarmaDiscard("Ana", tables.karma_card(k).title), tables).game
    g2 = run(g2, NextPhase(), tables).game
    assert g2.phase == "disaster" and g2.player("Ana").hand == tuple(seven[2:])


# ============================================================================ reshuffles


def test_disaster_deck_reshuffles_its_discards_when_empty(tables):
    g = replace(start(2, 5, tables), leader="Ana")
    rest = take(g.disaster.draw, ["safe"])
    g = replace(g, disaster=replace(g.disaster, draw=("safe",), discard=rest))
    expected = Rng(g.seed, g.rng).shuffled(rest)
    out = run(g, NextPhase(), tables)
    g1 = out.game
    # Ana takes the last card; Bo's comes from the 35 discards, shuffled with the seed
    assert g1.player("Ana").disaster == "safe"
    assert g1.player("Bo").disaster == expected[0]
    assert g1.disaster.draw == tuple(expected[1:]) and g1.disaster.discard == ()
    assert any("35 discards were shuffled" in m for m in out.messages)


def test_karma_deck_reshuffles_its_discards_when_empty(tables):
    g = replace(start(2, 5, tables), leader="Ana")
    everything = g.karma.draw
    g = replace(g, karma=replace(g.karma, draw=(), discard=everything))
    expected = Rng(g.seed, g.rng).shuffled(everything)
    g1 = run(set_player(g, "Ana", owed_karma=2), KarmaDraw("Ana", 2), tables).game
    assert g1.player("Ana").hand == tuple(expected[:2]) and not g1.player("Ana").owed_karma
    assert g1.karma.draw == tuple(expected[2:]) and g1.karma.discard == ()
    # the same when a Disaster makes a player draw
    g = set_player(g, "Ana", luxuries=3)
    g = replace(g, disaster=replace(g.disaster, draw=on_top(g.disaster.draw,
                                                            ["raid", "safe"])))
    g2 = run(g, NextPhase(), tables).game
    assert g2.player("Ana").luxuries == 0 and g2.player("Ana").hand == (expected[0],)
    # no Karma card anywhere but in hands: nothing to draw, and no error
    g = replace(start(2, 5, tables), leader="Ana")
    g = hand_from_deck(g, "Bo", list(g.karma.draw))
    out = run(set_player(g, "Ana", owed_karma=1), KarmaDraw("Ana"), tables)
    assert out.game.player("Ana").hand == () and any("none is left" in m for m in out.messages)


# ============================================================================ last round


def last_round(tables, values=None):
    """Round 15, Production Phase, Last Call open; the last Game Market card is a High
    card (6)."""
    g = play_to(start(2, 5, tables), tables, 15, "production")
    m = g.market
    (last,) = m.game
    if last not in HIGH:
        high = next(c for c in m.end if c in HIGH)
        end = tuple(last if c == high else c for c in m.end)
        m = replace(m, game=(high,), end=end)
    if values:
        m = replace(m, values=frozen_map(values))
    g = replace(g, market=m, last_call=True)
    g = set_player(g, "Ana", luxuries=5, credits=100)
    return set_player(g, "Bo", luxuries=0, credits=80)


def test_round_14_market_leads_to_round_15_not_game_over(tables):
    g = play_to(start(2, 5, tables), tables, 14, "market")
    g1 = run(g, NextPhase(auto=True), tables).game
    assert (g1.round, g1.phase, g1.game_over) == (15, "player", False)


def test_last_round_forced_sale_at_last_price_and_game_over(tables):
    g = run(last_round(tables), NextPhase(), tables)
    assert any("last Game Market card" in m for m in g.messages)
    g = g.game
    assert (g.round, g.phase, g.market.price, g.market.game) == (15, "market", 6, ())
    assert not g.game_over and g.player("Ana").luxuries == 5  # may still sell by hand
    over = run(g, NextPhase(), tables).game
    # every Luxury left is sold at the last price: Ana 100 + 5 x 6 = 130; Bo unchanged
    assert over.game_over and (over.round, over.phase) == (15, "market")
    assert (over.player("Ana").credits, over.player("Ana").luxuries) == (130, 0)
    assert (over.player("Bo").credits, over.player("Bo").luxuries) == (80, 0)
    with pytest.raises(RulesError, match="game is over"):
        perform(over, NextPhase(auto=True), tables)


def test_last_round_sale_uses_recorded_physical_price(tables):
    g = run(last_round(tables), NextPhase(cards=("8",)), tables).game
    assert g.market.price == 8 and g.market.recorded == {15: 8}
    over = run(g, NextPhase(), tables).game
    assert over.player("Ana").credits == 100 + 5 * 8  # 140


# ============================================================================ physical cards


def test_disaster_phase_records_physical_cards(tables):
    g = replace(start(2, 5, tables), leader="Ana")
    g = set_player(g, "Ana", luxuries=4)
    g1 = run(g, NextPhase(cards=("Ana=Theft", "bo=raid")), tables).game
    assert g1.player("Ana").disaster == "theft" and g1.player("Bo").disaster == "raid"
    assert g1.player("Ana").luxuries == 2  # half of 4
    assert g1.player("Bo").may_swap  # no Luxuries to lose
    assert g1.disaster.draw == take(g.disaster.draw, ["theft", "raid"])
    # only Bo's card recorded: refused, naming Ana; Ana=virtual draws hers on purpose
    with pytest.raises(InputError, match="no Disaster card recorded for Ana "):
        perform(g, NextPhase(cards=("Bo=Raid",)), tables)
    out = run(g, NextPhase(cards=("Bo=Raid", "Ana=virtual")), tables)
    g2 = out.game
    assert g2.player("Ana").disaster == g.disaster.draw[0]
    ana_card = tables.disaster(g2.player("Ana").disaster).title
    assert f"Ana: {ana_card} (drawn by rigs)." in out.messages
    assert "Bo: Raid (recorded)." in out.messages
    # all five Thefts are in the discards: none can have been dealt
    thefts = ["theft"] * 5
    gone = replace(g, disaster=replace(g.disaster, draw=take(g.disaster.draw, thefts),
                                       discard=tuple(thefts)))
    with pytest.raises(RulesError, match="Theft"):
        perform(gone, NextPhase(cards=("Ana=Theft", "Bo=virtual")), tables)
    for bad in ("Theft", "Ana=Meteor", "Zed=Theft"):  # no player; no card; no one
        with pytest.raises(InputError):
            perform(g, NextPhase(cards=(bad,)), tables)
    with pytest.raises(InputError):  # one card per player
        perform(g, NextPhase(cards=("Ana=Theft", "ana=Raid")), tables)


def market_game(tables, in_game=(), in_end=()):
    """Round 1, Production Phase at Last Call (the next `next` draws the Market card), with
    the named Market cards moved into the Game Market Deck (after its top card) or into
    the End Game deck."""
    g = replace(play_to(start(2, 5, tables), tables, 1, "production"), last_call=True)
    game, end = list(g.market.game), list(g.market.end)
    for c in in_game:
        if c in end:
            out = next(x for x in game[1:] if x not in in_game)
            game[game.index(out)], end[end.index(c)] = c, out
    for c in in_end:
        if c in game:
            back = next(x for x in end if x not in in_end)
            game[game.index(c)], end[end.index(back)] = back, c
    return replace(g, market=replace(g.market, game=tuple(game), end=tuple(end)))


def test_market_phase_records_physical_card(tables):
    g = market_game(tables)
    top = g.market.game[0]
    # a value: the top card leaves the deck, the price is the printed value given
    g1 = run(g, NextPhase(cards=("7",)), tables).game
    assert g1.market.price == 7 and g1.market.recorded == {1: 7}
    assert g1.market.drawn == (top,) and g1.market.game == g.market.game[1:]
    # a category: the first card of it in the deck, at the house value (High 6)
    g = market_game(tables, in_game=[6])  # H3 is card 6
    high = next(c for c in g.market.game if c in HIGH)
    g2 = run(g, NextPhase(cards=("high",)), tables).game
    assert g2.market.drawn == (high,) and g2.market.price == 6
    assert g2.market.game == take(g.market.game, [high])
    # a card id
    g3 = run(g, NextPhase(cards=("H3",)), tables).game
    assert g3.market.drawn == (6,) and g3.market.price == 6
    # a group's own values
    own = replace(g, market=replace(g.market, values=frozen_map({"high": 7})))
    assert run(own, NextPhase(cards=("high",)), tables).game.market.price == 7


def test_market_phase_takes_any_card_not_yet_drawn(tables):
    # issue 8 item 10: the virtual Game Market Deck is only the app's guess; a physical
    # card recorded from the virtual End Game deck trades places with the virtual top card.
    g = market_game(tables, in_end=list(SPIKE) + [6])
    assert not set(SPIKE) & set(g.market.game)
    out = perform(g, NextPhase(cards=("spike",)), tables)
    assert out.game.market.drawn[-1] in SPIKE and g.market.game[0] in out.game.market.end
    assert perform(g, NextPhase(cards=("H3",)), tables).game.market.drawn[-1] == 6
    with pytest.raises(InputError):
        perform(g, NextPhase(cards=("banana",)), tables)
    with pytest.raises(InputError):
        perform(g, NextPhase(cards=("6", "4")), tables)


def test_karma_draw_records_physical_card(tables):
    g = start(2, 5, tables)  # (each owes a card a Karma card made them draw)
    g = set_player(set_player(g, "Ana", owed_karma=1), "Bo", owed_karma=1)
    g1 = run(g, KarmaDraw("Ana", card="poker night"), tables).game
    assert g1.player("Ana").hand == ("poker-night",)
    assert g1.karma.draw == take(g.karma.draw, ["poker-night"])
    # one copy, in Ana's hand: taken all the same (a refusal would tell Bo that Ana holds
    # it; tests/test_no_refusal_is_an_oracle.py), Ana's copy swapped with the deck's bottom
    out = perform(g1, KarmaDraw("Bo", card="Poker Night"), tables)
    assert out.game.player("Bo").hand == ("poker-night",)
    assert out.game.player("Ana").hand == (g1.karma.draw[-1],)
    with pytest.raises(RulesError, match="Poker Night"):  # in Bo's own hand now
        perform(set_player(out.game, "Bo", owed_karma=1), KarmaDraw("Bo", card="Poker Night"),
                tables)
    with pytest.raises(InputError):
        perform(g, KarmaDraw("Ana", card="No Such Card"), tables)


# ============================================================================ pending choices


def pending_states(tables):
    grant = run(grant_game(tables), NextPhase(), tables).game
    hand = hand_from_deck(replace(start(2, 5, tables), leader="Ana"), "Ana",
                          list(start(2, 5, tables).karma.draw[:6]))
    loss = run(disaster_game(tables, "corrosive-cloud", rich=False), NextPhase(), tables).game
    return {"rigs grant": grant, "rigs karma discard": hand, "rigs lose": loss}


def test_pending_choice_leaves_state_unchanged(tables):
    for command, g in pending_states(tables).items():
        before = to_doc(g, tables)
        with pytest.raises(PendingChoice, match=command):
            perform(g, NextPhase(), tables)
        assert to_doc(g, tables) == before
        # --auto settles it and moves on
        after = run(g, NextPhase(auto=True), tables).game
        assert (after.round, after.phase) != (g.round, g.phase)


def test_a_rigs_loss_owed_by_a_player_with_no_rigs_left_holds_nothing_up(tables):
    """A RIGS loss is of a RIGS the player has: one still owed when the player's last RIGS
    went otherwise (another card, a Disaster) is settled, and does not stall the phase
    (it waited for a `rigs lose` nobody could give)."""
    from dataclasses import replace

    from gameplay import start

    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.legal.game import open_choices
    from rigs_helper.games.rigs.phases import NextPhase
    from rigs_helper.games.rigs.views import pending

    game = start(2, 5, tables)
    bo = game.players[1]
    broke = replace(bo, warehouse_rigs=0, must_lose_rigs=1,
                    plots=tuple(replace(x, rigs=0) for x in bo.plots))
    game = game.with_player(broke)
    assert broke.owed_rigs == 0
    assert not [c for c in open_choices(game, tables) if c["player"] == bo.name]
    assert not [line for line in pending(game, tables) if bo.name in line]
    after = perform(game, NextPhase(), tables).game  # not --auto: nothing is left to choose
    assert after.phase != game.phase and after.player(bo.name).must_lose_rigs == 0
    # a player who still has RIGS still chooses
    owing = replace(bo, warehouse_rigs=2, must_lose_rigs=1)
    assert owing.owed_rigs == 1
    assert any(c["player"] == bo.name for c in open_choices(game.with_player(owing), tables))
