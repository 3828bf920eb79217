"""Every Karma card with an effect (tables/karma.toml, RULES.md "Karma card timing and
hands"), played through ``engine.perform``: the arithmetic, the draws, the dice (read back
from the seeded generator at the game's position), the choices that must come as options,
the phase rules, and the protections.

A 3-player game: Ana P1 P10 P22 P25, Bo P2 P11 P23 P26, Cy P3 P12 P19 P27; each starts with
100 credits, 5 Energy, 5 Supplies, 5 RIGS in the warehouse and an empty hand."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from karmahelp import at_roll, base, die, hand, kp, play, refused, set_plot
from gameplay import check_conservation, house_value, play_to, set_player

from rigs_helper.games.rigs.actions.deals import Sell, Settle
from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import InputError, RigsError, RulesError
from rigs_helper.games.rigs.karma.play import KarmaUse
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.phases.losses import LoseRigs
from rigs_helper.games.rigs.production import plan
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.state import frozen_map
from rigs_helper.games.rigs.tables import RESOURCES


def discards(g):
    return list(g.karma.discard)


# ============================================================================ Destruction


def test_missing_support_the_player_picks_the_rigs(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "metal")
    g = hand(g, "Ana", "missing-support")
    refused(g, tables, InputError, "Ana", '"Missing" Support', target="Bo", has=("--from",))
    out = play(g, tables, "Ana", "missing support", target="Bo", source="P11")
    bo = out.game.player("Bo")
    assert bo.plot("P11").rigs == 1 and bo.warehouse_rigs == 5 and bo.hand == ()
    assert out.game.rigs_lost_round == g.round
    assert "missing-support" in out.game.karma.discard
    out = play(g, tables, "Ana", "missing support", target="Bo", source="warehouse")
    assert out.game.player("Bo").warehouse_rigs == 4


def test_bad_os_revision_half_rounded_up_and_two_draws(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "metal")  # 5 + 2 = 7 RIGS
    g = hand(g, "Ana", "bad-os-revision")
    out = play(g, tables, "Ana", "Bad OS Revision", target="Bo")
    bo = out.game.player("Bo")
    assert bo.must_lose_rigs == 4  # ceil(7 / 2)
    assert bo.hand == g.karma.draw[:2]  # the victim draws 2
    # The victim chooses which: settle one by hand, the rest by --auto's default.
    g2 = perform(out.game, LoseRigs("Bo", "P11"), tables).game
    assert g2.player("Bo").plot("P11").rigs == 1 and g2.player("Bo").must_lose_rigs == 3
    g3 = perform(g2, NextPhase(auto=True), tables).game
    assert g3.player("Bo").rigs <= 7 - 4


def test_wrong_manual_the_victim_picks(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "metal")
    g = hand(g, "Ana", "wrong-manual")
    out = play(g, tables, "Ana", "Wrong Manual", target="Bo")
    assert out.game.player("Bo").must_lose_rigs == 1 and out.game.player("Bo").rigs == 7
    out = play(g, tables, "Ana", "Wrong Manual", target="Bo", source="P11")
    assert out.game.player("Bo").plot("P11").rigs == 1


def test_eye_for_an_eye_random_card_discarded(tables):
    g = hand(base(tables), "Ana", "eye-for-an-eye")
    g = hand(g, "Bo", "ruins", "decoy", "poker-night")
    idx = Rng(g.seed, g.rng).below(3)
    out = play(g, tables, "Ana", "Eye for an Eye", target="Bo")
    gone = g.player("Bo").hand[idx]
    assert out.game.player("Bo").hand == tuple(k for k in g.player("Bo").hand if k != gone)
    assert out.game.karma.discard[-1] == gone
    # An empty hand: nothing to discard, the card is still played.
    out = play(hand(base(tables), "Ana", "eye-for-an-eye"), tables, "Ana", "Eye for an Eye",
               target="Bo")
    assert any("holds no Karma card" in m for m in out.messages)


def test_not_that_one_needs_the_card(tables):
    g = hand(base(tables), "Ana", "not-that-one", "poker-night")
    g = hand(g, "Bo", "ruins", "decoy")
    refused(g, tables, InputError, "Ana", "Not THAT one", target="Bo", has=("--card",))
    # a card in Ana's own sight (tests/test_no_refusal_is_an_oracle.py: the rest)
    refused(g, tables, RulesError, "Ana", "Not THAT one", target="Bo", card="Poker Night",
            has=("Poker Night is in sight of Ana",))
    out = play(g, tables, "Ana", "Not THAT one", target="Bo", card="decoy")
    assert out.game.player("Bo").hand == ("ruins",)
    assert discards(out.game)[-1] == "decoy"


def test_i_aint_going_alone_matches_the_loss(tables):
    g = hand(base(tables), "Ana", "i-ain-t-going-alone", "decoy")
    g = hand(g, "Bo", "ruins", "poker-night")
    refused(g, tables, RulesError, "Ana", "I Ain't Going Alone", target="Bo",
            has=("--give", "--own"))
    # A fresh loss: Ana throws away 3 Energy, 5 Supplies and Decoy; Bo matches it.
    out = play(g, tables, "Ana", "I Ain't Going Alone", target="Bo",
               give=[("energy", 3), ("supplies", 5)], own=("decoy",), card="ruins")
    ana, bo = out.game.player("Ana"), out.game.player("Bo")
    assert (ana.energy, ana.supplies, ana.hand) == (2, 0, ())
    assert (bo.energy, bo.supplies, bo.hand) == (2, 0, ("poker-night",))
    assert dict(bo.last_loss) == {"energy": 3, "supplies": 5, "karma": 1, "round": 1}


def test_accidental_dumping_all_luxuries(tables):
    g = set_player(hand(base(tables), "Ana", "accidental-dumping"), "Bo", luxuries=7)
    out = play(g, tables, "Ana", '"Accidental" Dumping', target="Bo")
    assert out.game.player("Bo").luxuries == 0 and out.game.player("Bo").hand == ()
    assert dict(out.game.player("Bo").last_loss) == {"luxuries": 7, "round": 1}


@pytest.mark.parametrize("energy,lost", [(5, 3), (4, 2), (1, 1), (0, 0)])
def test_left_the_light_on_half_rounded_up(tables, energy, lost):
    g = set_player(hand(base(tables), "Ana", "left-the-light-on"), "Bo", energy=energy)
    out = play(g, tables, "Ana", "Left the Light On", target="Bo")
    assert out.game.player("Bo").energy == energy - lost


def test_da_roof_is_on_fire_everything_and_a_card_per_ten(tables):
    # 5 + 5 + 0 + 6 = 16 lost -> ceil(16 / 10) = 2 cards.
    g = set_player(hand(base(tables), "Ana", "da-roof-is-on-fire"), "Bo", luxuries=6)
    out = play(g, tables, "Ana", "Da' Roof is on Fire!", target="Bo")
    bo = out.game.player("Bo")
    assert (bo.energy, bo.supplies, bo.metal, bo.luxuries) == (0, 0, 0, 0)
    assert len(bo.hand) == 2
    # Exactly 10 -> 1 card; nothing -> none.
    g10 = set_player(g, "Bo", energy=4, supplies=6, luxuries=0)
    assert len(play(g10, tables, "Ana", "Da' Roof", target="Bo").game.player("Bo").hand) == 1
    g0 = set_player(g, "Bo", energy=0, supplies=0, luxuries=0)
    assert play(g0, tables, "Ana", "Da' Roof", target="Bo").game.player("Bo").hand == ()


def test_rough_storm_every_player_rolls(tables):
    g = hand(base(tables), "Ana", "rough-storm")
    g = set_player(g, "Cy", energy=0, supplies=0)  # Cy holds nothing
    seen = set()
    for pos in range(g.rng, g.rng + 40):
        gp = replace(g, rng=pos)
        rolls = dict(zip(["Ana", "Bo", "Cy"], die(gp, 3)))
        out = play(gp, tables, "Ana", "Rough Storm")
        for name, roll in rolls.items():
            held = sum(gp.player(name).amount(r) for r in RESOURCES)
            n = 0 if roll == 6 else min(roll, held)
            p = out.game.player(name)
            assert p.must_discard == n, (pos, name, roll)
            assert len(p.hand) == (1 if n else 0)
            seen.add((name, roll == 6, n > 0))
        if {("Ana", True, False), ("Ana", False, True), ("Cy", False, False)} <= seen:
            break
    assert {("Ana", True, False), ("Ana", False, True)} <= seen
    # Settling the loss (the victim's choice) must match the amount.
    g2 = play(at_roll(g, {3}), tables, "Ana", "Rough Storm").game
    assert g2.player("Ana").must_discard == 3
    with pytest.raises(RulesError, match="must throw away 3"):
        perform(g2, Settle("Ana", (("energy", 2),)), tables)
    g3 = perform(g2, Settle("Ana", (("energy", 2), ("supplies", 1))), tables).game
    assert (g3.player("Ana").energy, g3.player("Ana").supplies) == (3, 4)


def test_blowout_every_rigs_on_the_plot(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "metal")
    g = hand(g, "Ana", "blowout")
    refused(g, tables, InputError, "Ana", "Blowout!", target="Bo", has=("--plot",))
    out = play(g, tables, "Ana", "Blowout!", target="Bo", plot="P11")
    bo = out.game.player("Bo")
    assert (bo.plot("P11").rigs, bo.plot("P11").harvest, bo.rigs) == (0, None, 5)
    assert len(bo.hand) == 1


# ============================================================================ Sabotage


def test_give_me_that_random_card_taken(tables):
    g = hand(base(tables), "Ana", "give-me-that")
    g = hand(g, "Bo", "ruins", "poker-night", "swap-meet")
    idx = Rng(g.seed, g.rng).below(3)
    out = play(g, tables, "Ana", "Give Me That!", target="Bo")
    took = g.player("Bo").hand[idx]
    assert out.game.player("Ana").hand == (took,)
    assert took not in out.game.player("Bo").hand and len(out.game.player("Bo").hand) == 2


def test_identity_theft_swaps_credits_victim_chooses(tables):
    g = set_player(hand(base(tables), "Ana", "identity-theft"), "Bo", credits=250)
    refused(g, tables, InputError, "Ana", "Identity Theft", target="Bo", has=("--option",))
    out = play(g, tables, "Ana", "Identity Theft", target="Bo", option="draw")
    a, b = out.game.player("Ana"), out.game.player("Bo")
    assert (a.credits, b.credits, len(b.hand)) == (250, 100, 3)
    out = play(g, tables, "Ana", "Identity Theft", target="Bo", option="card")
    b = out.game.player("Bo")
    assert b.credits == 100 and b.hand == () and b.incoming == ("identity-theft",)
    assert "identity-theft" not in out.game.karma.discard
    # Zero credits swap too.
    g0 = set_player(g, "Bo", credits=0)
    out = play(g0, tables, "Ana", "Identity Theft", target="Bo", option="draw")
    assert (out.game.player("Ana").credits, out.game.player("Bo").credits) == (0, 100)


def test_i_want_that_each_victim_rolls(tables):
    g = hand(base(tables), "Ana", "i-want-that")
    g = set_player(set_player(g, "Bo", metal=4), "Cy", metal=0)
    refused(g, tables, InputError, "Ana", "I WANT THAT!", target=["Bo", "Cy"],
            has=("--resource",))
    refused(g, tables, InputError, "Ana", "I WANT THAT!", resource="metal", has=("--target",))
    for want in ({1, 2, 3}, {5, 6}):
        gp = at_roll(g, want)
        roll = die(gp)[0]
        out = play(gp, tables, "Ana", "I WANT THAT!", target=["Bo", "Cy"], resource="metal")
        n = min(roll, 4)  # Cy has none: no roll for Cy
        assert out.game.player("Bo").metal == 4 - n
        assert out.game.player("Ana").metal == n
        assert out.game.player("Cy").metal == 0 and out.game.rng == gp.rng + 1
        assert any(f"rolls {roll}" in m for m in out.messages)


PRODUCTION_CARDS = [("incorrect-drivers", "Incorrect Drivers", {"plot": "P11"}),
                    ("you-sent-it-where", "You sent it WHERE?!", {"plot": "P11"}),
                    ("brownout", "Brownout!", {"target": "Bo"}),
                    ("carrier-lost", "Carrier Lost", {"target": "Bo"}),
                    ("ridiculous-efficiency", "Ridiculous Efficiency", {}),
                    ("r-i-g-s-t-d-m", "R.I.G.S. T.D.M.", {"plot": "P25"})]


@pytest.mark.parametrize("key,title,kw", PRODUCTION_CARDS)
@pytest.mark.parametrize("phase", ["player", "disaster", "market"])
def test_production_cards_only_in_production(tables, key, title, kw, phase):
    g = hand(base(tables, phase), "Ana", key)
    refused(g, tables, RulesError, "Ana", title, has=("Production Phase",), **kw)


def test_incorrect_drivers_idles_a_plot(tables):
    g = set_plot(base(tables, "production"), tables, "Bo", "P11", 2, "metal")
    g = set_player(hand(g, "Ana", "incorrect-drivers"), "Bo", energy=1)
    refused(g, tables, InputError, "Ana", "Incorrect Drivers", has=("--plot",))
    out = play(g, tables, "Ana", "Incorrect Drivers", plot="P11")
    assert "idle:P11" in out.game.player("Bo").effects
    line = next(x for x in plan(out.game, "Bo", tables).lines if x.id == "P11")
    assert (line.working, line.output) == (0, 0)


def test_you_sent_it_where_delivers_to_the_player(tables):
    g = set_plot(base(tables, "production"), tables, "Bo", "P11", 2, "metal")
    g = hand(g, "Ana", "you-sent-it-where")
    with pytest.raises(RulesError, match="Last Call"):  # only once Last Call is open
        play(g, tables, "Ana", "You sent it WHERE?!", plot="P11")
    out = play(replace(g, last_call=True), tables, "Ana", "You sent it WHERE?!", plot="P11")
    assert "sent:P11>Ana" in out.game.player("Bo").effects
    # Bo powers P11 from his 5 Energy: Ana receives 2 Metal.
    assert plan(out.game, "Ana", tables).produced["metal"] == 2
    assert plan(out.game, "Bo", tables).produced == {"energy": -1, "supplies": 0, "metal": 0,
                                                     "luxuries": 0}


def test_brownout_doubles_power(tables):
    g = hand(base(tables, "production"), "Ana", "brownout")
    refused(g, tables, InputError, "Ana", "Brownout!", has=("--target",))
    out = play(g, tables, "Ana", "Brownout!", target="Bo")
    assert out.game.player("Bo").effects == ("brownout",)


def test_ill_take_that_chosen_card(tables):
    g = hand(base(tables), "Ana", "i-ll-take-that")
    g = hand(g, "Bo", "ruins", "poker-night")
    refused(g, tables, InputError, "Ana", "I'll Take THAT!", target="Bo", has=("--card",))
    out = play(g, tables, "Ana", "I'll Take THAT!", target="Bo", card="Poker Night")
    assert out.game.player("Ana").hand == ("poker-night",)
    assert out.game.player("Bo").hand == ("ruins",)


def test_survey_error_returns_the_survey_and_frees_the_spots(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "luxuries", survey=2)
    g = set_plot(g, tables, "Cy", "P12", 2, "metal", survey=1)
    g = hand(g, "Ana", "survey-error")
    refused(g, tables, InputError, "Ana", "Survey Error", has=("--plot",))
    refused(g, tables, RulesError, "Ana", "Survey Error", plot="P2", has=("no survey",))
    out = play(g, tables, "Ana", "Survey Error", plot="P11")
    bo = out.game.player("Bo")
    assert (bo.plot("P11").survey, bo.plot("P11").rigs, bo.warehouse_rigs) == (None, 0, 7)
    assert Counter(out.game.survey.draw) == Counter(g.survey.draw) + Counter([2])
    # Metal RIGS keep their spots.
    out = play(g, tables, "Ana", "Survey Error", plot="P12")
    cy = out.game.player("Cy")
    assert (cy.plot("P12").survey, cy.plot("P12").rigs, cy.warehouse_rigs) == (None, 2, 5)


def test_survey_typo_swaps_two_surveys(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "luxuries", survey=3)
    g = set_plot(g, tables, "Cy", "P12", 1, "luxuries", survey=1)
    g = hand(g, "Ana", "survey-typo")
    refused(g, tables, InputError, "Ana", "Survey Typo", plot="P11", has=("two",))
    refused(g, tables, RulesError, "Ana", "Survey Typo", plot=["P11", "P2"],
            has=("both plots need a survey",))
    out = play(g, tables, "Ana", "Survey Typo", plot=["P11", "P12"])
    bo, cy = out.game.player("Bo"), out.game.player("Cy")
    # P11 now yield 1: 1 of its 2 Luxury RIGS keeps a spot, 1 goes to Bo's warehouse.
    assert (bo.plot("P11").survey, bo.plot("P11").rigs, bo.warehouse_rigs) == (1, 1, 6)
    assert (cy.plot("P12").survey, cy.plot("P12").rigs, cy.warehouse_rigs) == (3, 1, 5)


def test_record_not_found_plot_to_the_leaders_pick(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "metal", survey=2)
    g = hand(g, "Ana", "record-not-found")
    refused(g, tables, InputError, "Ana", '"Record Not Found"', plot="P11",
            has=("--new-owner", g.leader))
    out = play(g, tables, "Ana", "Record Not Found", plot="P11", new_owner="Cy")
    bo, cy = out.game.player("Bo"), out.game.player("Cy")
    assert "P11" not in {x.id for x in bo.plots}
    p11 = cy.plot("P11")
    assert (p11.survey, p11.rigs, p11.harvest) == (2, 2, "metal")
    assert len(bo.hand) == 1 and cy.rigs == 5 + 2


def test_record_not_found_in_production_keeps_plans_valid(tables):
    # Bo planned P11 in the Production Phase; the plot then changes owner: the plan must
    # not keep a plot Bo no longer owns (production must still commit).
    from rigs_helper.games.rigs.actions.plans import SetPlan

    g = set_plot(base(tables, "production"), tables, "Bo", "P11", 2, "metal")
    g = hand(g, "Ana", "record-not-found")
    g = perform(g, SetPlan("Bo", power=("P11",)), tables).game
    out = play(g, tables, "Ana", "Record Not Found", plot="P11", new_owner="Cy")
    plan(out.game, "Bo", tables)
    g2 = perform(out.game, NextPhase(auto=True), tables).game
    assert g2.phase == "market"
    assert g2.player("Cy").metal == 2  # Cy powers P11 with her own Energy


def test_carrier_lost_idles_everything_and_a_draw(tables):
    g = hand(base(tables, "production"), "Ana", "carrier-lost")
    out = play(g, tables, "Ana", "Carrier Lost", target="Bo")
    bo = out.game.player("Bo")
    assert bo.effects == ("idle_all",) and len(bo.hand) == 1


def test_triangulation_drift_scatters_each_rigs(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "metal")
    g = hand(g, "Ana", "triangulation-drift")
    refused(g, tables, InputError, "Ana", "Triangulation Drift", plot="P11", to=("Cy",),
            has=("2 RIGS",))
    refused(g, tables, RulesError, "Ana", "Triangulation Drift", plot="P11",
            to=("P3:metal", "P3:metal"), has=("spots",))
    out = play(g, tables, "Ana", "Triangulation Drift", plot="P11", to=("Cy", "P12:metal"))
    bo, cy = out.game.player("Bo"), out.game.player("Cy")
    assert (bo.plot("P11").rigs, bo.plot("P11").harvest, bo.rigs) == (0, None, 5)
    assert (cy.warehouse_rigs, cy.plot("P12").rigs, cy.plot("P12").harvest) == (6, 1, "metal")
    assert len(bo.hand) == 1 and out.game.player("Cy").supplies == 5  # free moves


# ============================================================================ Wealth


def test_ridiculous_efficiency_doubles_the_players_rigs(tables):
    g = hand(base(tables, "production"), "Ana", "ridiculous-efficiency")
    out = play(g, tables, "Ana", "Ridiculous Efficiency")
    assert out.game.player("Ana").effects == ("double",)


def test_poker_night_rolls_per_resource(tables):
    g = set_player(hand(base(tables), "Ana", "poker-night"), "Ana", energy=5, supplies=4,
                   metal=0)
    refused(g, tables, InputError, "Ana", "Poker Night", has=("--resource",))
    refused(g, tables, InputError, "Ana", "Poker Night", resource=["energy", "energy"],
            has=("once",))
    refused(g, tables, RulesError, "Ana", "Poker Night", resource="metal", has=("no metal",))

    def expect(have, roll):
        return 0 if roll == 1 else have if roll <= 3 else have * (2 if roll <= 5 else 3)

    seen = set()
    for pos in range(g.rng, g.rng + 60):
        gp = replace(g, rng=pos)
        r1, r2 = die(gp, 2)
        out = play(gp, tables, "Ana", "Poker Night", resource=["energy", "supplies"])
        a = out.game.player("Ana")
        assert (a.energy, a.supplies) == (expect(5, r1), expect(4, r2))
        seen |= {r1, r2}
        if seen == {1, 2, 3, 4, 5, 6}:
            break
    assert seen == {1, 2, 3, 4, 5, 6}


def test_below_the_surface_one_unit_per_spot(tables):
    g = set_plot(hand(base(tables), "Ana", "below-the-surface"), tables, "Ana", "P10",
                 survey=2)
    refused(g, tables, InputError, "Ana", "Below the Surface", resource="metal",
            has=("--plot",))
    refused(g, tables, InputError, "Ana", "Below the Surface", plot="P25",
            has=("--resource",))
    refused(g, tables, RulesError, "Ana", "Below the Surface", plot="P11", resource="metal",
            has=("does not own plot P11",))
    # Ridge: 3 Metal spots; Desert: 3 Energy spots; Valley with survey 2: 2 Luxury spots.
    assert play(g, tables, "Ana", "Below", plot="P25",
                resource="metal").game.player("Ana").metal == 3
    assert play(g, tables, "Ana", "Below", plot="P22",
                resource="energy").game.player("Ana").energy == 5 + 3
    assert play(g, tables, "Ana", "Below", plot="P10",
                resource="luxuries").game.player("Ana").luxuries == 2


def test_winning_raffle_ticket_die_luxuries(tables):
    g = hand(base(tables), "Ana", "winning-raffle-ticket")
    for pos in range(g.rng, g.rng + 5):
        gp = replace(g, rng=pos)
        roll = die(gp)[0]
        out = play(gp, tables, "Ana", "Winning Raffle Ticket")
        assert out.game.player("Ana").luxuries == roll


def test_swap_meet_up_to_six(tables):
    g = hand(base(tables), "Ana", "swap-meet")
    out = play(g, tables, "Ana", "Swap Meet", give=[("energy", 3), ("supplies", 2)],
               take=[("metal", 5)])
    a = out.game.player("Ana")
    assert (a.energy, a.supplies, a.metal) == (2, 3, 5)
    refused(g, tables, InputError, "Ana", "Swap Meet", give=[("energy", 3)],
            take=[("metal", 2)], has=("up to 6",))
    g7 = set_player(g, "Ana", energy=7)
    refused(g7, tables, InputError, "Ana", "Swap Meet", give=[("energy", 7)],
            take=[("metal", 7)], has=("up to 6",))
    refused(g, tables, RulesError, "Ana", "Swap Meet", give=[("metal", 1)],
            take=[("energy", 1)], has=("0 metal",))


def test_ruins_die_resources_of_choice(tables):
    g = hand(base(tables), "Ana", "ruins")
    gp = at_roll(g, {4})
    out = play(gp, tables, "Ana", "Ruins")
    assert out.game.player("Ana").may_take == 4
    with pytest.raises(RulesError, match="may take 4"):
        perform(out.game, Settle("Ana", (("metal", 5),)), tables)
    g2 = perform(out.game, Settle("Ana", (("metal", 3), ("luxuries", 1))), tables).game
    a = g2.player("Ana")
    assert (a.metal, a.luxuries, a.may_take) == (3, 1, 0)


def test_tdm_triples_one_of_your_plots(tables):
    g = hand(base(tables, "production"), "Ana", "r-i-g-s-t-d-m")
    refused(g, tables, InputError, "Ana", "R.I.G.S. T.D.M.", has=("--plot",))
    refused(g, tables, RulesError, "Ana", "R.I.G.S. T.D.M.", plot="P11",
            has=("does not own plot P11",))
    out = play(g, tables, "Ana", "R.I.G.S. T.D.M.", plot="p25")
    assert out.game.player("Ana").effects == ("triple:P25",)


def _market_round(tables, rnd):
    g = play_to(base(tables), tables, rnd, "market")
    return g


def test_other_markets_highest_card_drawn_so_far(tables):
    g = _market_round(tables, 3)
    g = hand(g, "Ana", "other-markets")
    drawn = [house_value(i) for i in g.market.drawn]
    out = play(g, tables, "Ana", "Other Markets")
    assert out.game.market.price == max(drawn) >= g.market.price
    # Not in the Player Phase (no Market card drawn yet).
    gp = hand(base(tables), "Ana", "other-markets")
    refused(gp, tables, RulesError, "Ana", "Other Markets", has=("Market Phase",))
    # Round 1: this round's card is the only one: played, the price stays.
    g1 = hand(_market_round(tables, 1), "Ana", "other-markets")
    out = play(g1, tables, "Ana", "Other Markets")
    assert out.game.market.price == g1.market.price
    # A Market Phase without a drawn card (hand-edited file): refused.
    g_none = replace(g, market=replace(g.market, price=None))
    refused(g_none, tables, RulesError, "Ana", "Other Markets",
            has=("no Market card has been drawn",))


def test_naive_profits_adds_the_lowest_card_drawn_so_far(tables):
    g = _market_round(tables, 3)
    g = set_player(hand(g, "Ana", "naive-profits"), "Ana", luxuries=2)
    g = set_player(g, "Bo", luxuries=2)
    low = min(house_value(i) for i in g.market.drawn)
    out = play(g, tables, "Ana", "Naive Profits")
    price = g.market.price
    ga = perform(out.game, Sell("Ana", 2), tables).game
    assert ga.player("Ana").credits == g.player("Ana").credits + 2 * (price + low)
    gb = perform(out.game, Sell("Bo", 2), tables).game  # only the card's player
    assert gb.player("Bo").credits == g.player("Bo").credits + 2 * price
    gp = hand(base(tables), "Ana", "naive-profits")
    refused(gp, tables, RulesError, "Ana", "Naive Profits", has=("Market Phase",))
    # Round 1: the price doubles for that player.
    g1 = set_player(hand(_market_round(tables, 1), "Ana", "naive-profits"), "Ana", luxuries=1)
    out = play(g1, tables, "Ana", "Naive Profits")
    g1s = perform(out.game, Sell("Ana", 1), tables).game
    assert g1s.player("Ana").credits == g1.player("Ana").credits + 2 * g1.market.price


# ============================================================================ in play


def test_recycling_collects_lost_rigs_and_cashes_in(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "metal")
    g = hand(g, "Bo", "recycling")
    g = hand(g, "Ana", "blowout")
    g = play(g, tables, "Bo", "Recycling").game
    assert g.player("Bo").in_play == ("recycling",) and g.player("Bo").hand == ()
    out = play(g, tables, "Ana", "Blowout!", target="Bo", plot="P11")
    bo = out.game.player("Bo")
    assert dict(bo.on_cards) == {"recycling": 2}
    assert out.game.colony_rigs == g.colony_rigs  # on the card, still in the colony
    # Not outside a Player Phase.
    with pytest.raises(RulesError, match="Player Phase"):
        perform(replace(out.game, phase="disaster"), KarmaUse("Bo", "Recycling"), tables)
    g2 = perform(out.game, KarmaUse("Bo", "Recycling"), tables).game
    bo = g2.player("Bo")
    assert (bo.metal, bo.in_play, dict(bo.on_cards)) == (2, (), {})
    assert g2.karma.discard[-1] == "recycling"
    check_conservation(g2, tables)
    with pytest.raises(RulesError, match="no Recycling in play"):
        perform(g2, KarmaUse("Bo", "Recycling"), tables)


def test_parts_shop_roll_once_per_player_phase(tables):
    g = hand(base(tables), "Bo", "parts-shop")
    g = play(g, tables, "Bo", "Parts Shop").game
    g = set_player(g, "Bo", on_cards=frozen_map({"parts-shop": 3}))
    # A roll not above the RIGS on it (2 or 3): one comes back.
    g_ok = at_roll(g, {2, 3})
    g2 = perform(g_ok, KarmaUse("Bo", "Parts Shop"), tables).game
    bo = g2.player("Bo")
    assert (bo.warehouse_rigs, dict(bo.on_cards)) == (6, {"parts-shop": 2})
    with pytest.raises(RulesError, match="once per Player Phase"):
        perform(g2, KarmaUse("Bo", "Parts Shop"), tables)
    # Above it (4-6): nothing.
    g4 = perform(at_roll(g, {4, 5, 6}), KarmaUse("Bo", "Parts Shop"), tables).game
    assert g4.player("Bo").warehouse_rigs == 5 and dict(g4.player("Bo").on_cards) == {
        "parts-shop": 3}
    # A 1: the card is discarded and its RIGS are lost.
    g1 = perform(at_roll(g, {1}), KarmaUse("Bo", "Parts Shop"), tables).game
    bo = g1.player("Bo")
    assert (bo.in_play, dict(bo.on_cards), bo.warehouse_rigs) == ((), {}, 5)
    assert g1.colony_rigs == g.colony_rigs - 3
    check_conservation(g1, tables)
    with pytest.raises(RulesError, match="Player Phase"):
        perform(replace(g, phase="production"), KarmaUse("Bo", "Parts Shop"), tables)


def test_push_pull_or_drag_after_a_rigs_is_destroyed(tables):
    g = hand(base(tables), "Bo", "push-pull-or-drag")
    g = hand(g, "Ana", "wrong-manual")
    g = play(g, tables, "Bo", "Push, Pull, or Drag").game
    with pytest.raises(RulesError, match="no RIGS has been destroyed this round"):
        perform(g, KarmaUse("Bo", "Push"), tables)
    g = play(g, tables, "Ana", "Wrong Manual", target="Cy", source="warehouse").game
    assert g.rigs_lost_round == g.round
    g2 = perform(g, KarmaUse("Bo", "Push, Pull"), tables).game
    bo = g2.player("Bo")
    assert (bo.warehouse_rigs, bo.in_play) == (6, ())
    check_conservation(g2, tables)
    # Not when all 75 RIGS are out.
    full = set_player(g, "Ana", warehouse_rigs=75 - g.colony_rigs + 5)
    with pytest.raises(RulesError, match="75"):
        perform(full, KarmaUse("Bo", "Push"), tables)


def test_cards_without_a_use(tables):
    g = hand(base(tables), "Bo", "r-i-g-s-alarm-system")
    g = play(g, tables, "Bo", "R.I.G.S. Alarm System").game
    with pytest.raises(RulesError, match="works by itself"):
        perform(g, KarmaUse("Bo", "R.I.G.S. Alarm System"), tables)


# ============================================================================ protections


def test_response_cards_are_not_played_alone(tables):
    for key in ("wrong-address", "decoy", "calling-in-a-favor", "right-back-at-you",
                "ain-t-working-for-you", "double-agent"):
        g = hand(base(tables), "Bo", key)
        title = tables.karma_card(key).title
        refused(g, tables, RulesError, "Bo", title, has=("answers another card",))


def test_calling_in_a_favor_cancels(tables):
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", "calling-in-a-favor")
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Calling in a Favor")
    assert out.game.player("Bo").effects == () and out.game.player("Bo").hand == ()
    assert {"brownout", "calling-in-a-favor"} <= set(out.game.karma.discard)
    # An answer the victim does not hold is refused.
    g2 = hand(base(tables, "production"), "Ana", "brownout")
    refused(g2, tables, RulesError, "Ana", "Brownout!", target="Bo",
            answer="Calling in a Favor", has=("Bo holds no",))
    # Not an answer to a non-Sabotage card... nor a card that does not answer.
    g3 = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", "ruins")
    refused(g3, tables, RulesError, "Ana", "Brownout!", target="Bo", answer="Ruins",
            has=("does not answer",))


def test_wrong_address_redirects_or_just_protects(tables):
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", "wrong-address")
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Wrong Address",
               answer_to="Cy")
    assert out.game.player("Bo").effects == () and out.game.player("Cy").effects == (
        "brownout",)
    assert out.game.player("Bo").hand == ()
    # --answer-to omitted: Bo is unaffected, nobody else is either.
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Wrong Address")
    assert all(p.effects == () for p in out.game.players)
    assert "wrong-address" in out.game.karma.discard
    refused(g, tables, InputError, "Ana", "Brownout!", target="Bo", answer="Wrong Address",
            answer_to="Bo", has=("another player",))
    # A card with a die: the new victim rolls.
    g2 = hand(hand(base(tables), "Ana", "i-want-that"), "Bo", "wrong-address")
    g2 = set_player(set_player(g2, "Bo", metal=6), "Cy", metal=6)
    roll = die(g2)[0]
    out = play(g2, tables, "Ana", "I WANT THAT!", target="Bo", resource="metal",
               answer="Wrong Address", answer_to="Cy")
    assert out.game.player("Bo").metal == 6 and out.game.player("Cy").metal == 6 - roll
    assert out.game.player("Ana").metal == roll


def test_right_back_at_you_reflects(tables):
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", "right-back-at-you")
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Right Back At You")
    assert out.game.player("Ana").effects == ("brownout",)
    assert out.game.player("Bo").effects == ()
    # A card that gains: the player who played it loses, the original victim gains.
    g2 = hand(hand(base(tables), "Ana", "i-want-that"), "Bo", "right-back-at-you")
    g2 = set_player(set_player(g2, "Ana", metal=6), "Bo", metal=6)
    roll = die(g2)[0]
    out = play(g2, tables, "Ana", "I WANT THAT!", target="Bo", resource="metal",
               answer="Right Back")
    assert (out.game.player("Ana").metal, out.game.player("Bo").metal) == (6 - roll, 6 + roll)
    # Aimed at several victims: Bo's answer turns the whole card on Ana, who rolls once per
    # original victim; the gains are split (test_karma_as_printed, Right Back At You).


def test_aint_working_for_you_returns_the_card_and_blocks_sabotage(tables):
    g = hand(hand(base(tables, "production"), "Ana", "brownout", "carrier-lost"), "Bo",
             "ain-t-working-for-you")
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Ain't Working for You")
    a = out.game.player("Ana")
    assert set(a.hand) == {"brownout", "carrier-lost"} and a.no_sabotage_round == g.round
    assert out.game.player("Bo").effects == () and out.game.player("Bo").hand == ()
    assert "brownout" not in out.game.karma.discard
    for title in ("Brownout!", "Carrier Lost"):
        refused(out.game, tables, RulesError, "Ana", title, target="Cy",
                has=("cannot play Sabotage cards this round", "Ain't Working for You"))
    # Non-Sabotage cards are still allowed; next round Sabotage is allowed again.
    g2 = hand(out.game, "Ana", "ridiculous-efficiency")
    play(g2, tables, "Ana", "Ridiculous Efficiency")
    later = replace(out.game, round=out.game.round + 1)
    play(later, tables, "Ana", "Brownout!", target="Cy")


def test_double_agent_takes_the_card_over(tables):
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", "double-agent")
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Double Agent",
               answer_to="Cy")
    assert out.game.player("Cy").effects == ("brownout",)
    assert out.game.player("Bo").effects == () and out.game.player("Ana").effects == ()
    # Without a new victim it is discarded unused.
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Double Agent")
    assert all(p.effects == () for p in out.game.players)
    # A gain goes to the double agent: Bo takes a card from Cy's hand.
    g2 = hand(hand(base(tables), "Ana", "give-me-that"), "Bo", "double-agent")
    g2 = hand(g2, "Cy", "ruins")
    out = play(g2, tables, "Ana", "Give Me That!", target="Bo", answer="Double Agent",
               answer_to="Cy")
    assert out.game.player("Bo").hand == ("ruins",) and out.game.player("Cy").hand == ()
    assert out.game.player("Ana").hand == ()


def test_decoy_handed_over_instead(tables):
    g = hand(hand(base(tables), "Ana", "i-ll-take-that"), "Bo", "poker-night", "decoy")
    out = play(g, tables, "Ana", "I'll Take THAT!", target="Bo", card="Poker Night",
               answer="Decoy")
    assert out.game.player("Ana").hand == ("decoy",)
    assert out.game.player("Bo").hand == ("poker-night",)
    # Random take too.
    g2 = hand(hand(base(tables), "Ana", "give-me-that"), "Bo", "poker-night", "decoy")
    out = play(g2, tables, "Ana", "Give Me That!", target="Bo", answer="Decoy")
    assert out.game.player("Ana").hand == ("decoy",)
    assert out.game.player("Bo").hand == ("poker-night",)
    # Decoy only answers a card that takes a card.
    g3 = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", "decoy")
    refused(g3, tables, RulesError, "Ana", "Brownout!", target="Bo", answer="Decoy",
            has=("takes a card",))


@pytest.mark.parametrize("key,title,safe,applies_keeps,applies_breaks", [
    ("r-i-g-s-alarm-system", "R.I.G.S. Alarm System", {2, 4, 6}, {3, 5}, {1}),
    ("i-ve-got-a-donk", "I've Got a Donk", {2, 3, 4, 5}, set(), {1, 6}),
])
def test_in_play_protection_rolls(tables, key, title, safe, applies_keeps, applies_breaks):
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", key)
    g = play(g, tables, "Bo", title).game
    assert g.player("Bo").in_play == (key,)
    for want, hit, kept in ((safe, False, True), (applies_keeps, True, True),
                            (applies_breaks, True, False)):
        if not want:
            continue
        gp = at_roll(g, want)
        roll = die(gp)[0]
        out = play(gp, tables, "Ana", "Brownout!", target="Bo")
        bo = out.game.player("Bo")
        assert (bo.effects == ("brownout",)) == hit, roll
        assert (key in bo.in_play) == kept, roll
        assert (key in out.game.karma.discard) == (not kept)
        assert any(f"rolls {roll}" in m for m in out.messages)
        assert out.game.rng == gp.rng + 1


def test_alarm_protects_against_a_plot_card(tables):
    # Incorrect Drivers names a plot, not a player: a safe roll means nobody is affected.
    g = set_plot(base(tables, "production"), tables, "Bo", "P11", 2, "metal")
    g = hand(hand(g, "Ana", "incorrect-drivers"), "Bo", "r-i-g-s-alarm-system")
    g = play(g, tables, "Bo", "R.I.G.S. Alarm System").game
    out = play(at_roll(g, {2, 4, 6}), tables, "Ana", "Incorrect Drivers", plot="P11")
    assert out.game.player("Bo").effects == ()
    out = play(at_roll(g, {3, 5}), tables, "Ana", "Incorrect Drivers", plot="P11")
    assert out.game.player("Bo").effects == ("idle:P11",)


def test_incorrect_drivers_passed_by_wrong_address_to_an_alarm_system(tables):
    """Issue 39: Bo passes Incorrect Drivers on to Cy with Wrong Address, naming Cy's plot
    (--answer-plot) before Cy's Alarm System rolls; an even roll leaves Cy unaffected and
    the card changes nothing, the plot named for Cy standing unused (it was refused as
    "not passed on"); an odd one idles Cy's plot.  The plot named is still Cy's."""
    g = set_plot(base(tables, "production"), tables, "Bo", "P11", 2, "metal")
    g = set_plot(g, tables, "Cy", "P12", 1, "metal")
    g = hand(hand(g, "Ana", "incorrect-drivers"), "Bo", "wrong-address")
    g = hand(g, "Cy", "r-i-g-s-alarm-system")
    g = play(g, tables, "Cy", "R.I.G.S. Alarm System").game
    passed = dict(plot="P11", answer="Wrong Address", answer_to="Cy")
    out = play(at_roll(g, {2, 4, 6}), tables, "Ana", "Incorrect Drivers", **passed,
               answer_plot="P12")
    assert [p.effects for p in out.game.players] == [(), (), ()]
    assert out.game.player("Cy").in_play == ("r-i-g-s-alarm-system",)
    assert "incorrect-drivers" in out.game.karma.discard
    out = play(at_roll(g, {3, 5}), tables, "Ana", "Incorrect Drivers", **passed,
               answer_plot="P12")
    assert out.game.player("Cy").effects == ("idle:P12",)
    assert out.game.player("Bo").effects == ()
    refused(at_roll(g, {2, 4, 6}), tables, RulesError, "Ana", "Incorrect Drivers",
            **passed, answer_plot="P11", has=("--answer-plot P11: not a plot of Cy",))


def test_alarm_only_against_sabotage(tables):
    # A Destruction card does not trigger the Alarm: no roll is made.
    g = hand(hand(base(tables), "Ana", "left-the-light-on"), "Bo", "r-i-g-s-alarm-system")
    g = play(g, tables, "Bo", "R.I.G.S. Alarm System").game
    out = play(g, tables, "Ana", "Left the Light On", target="Bo")
    assert out.game.player("Bo").energy == 2 and out.game.rng == g.rng


def test_warehouse_insurance_recovers_the_last_loss(tables):
    g = hand(hand(base(tables), "Ana", "left-the-light-on"), "Bo", "warehouse-insurance")
    refused(g, tables, RulesError, "Bo", "Warehouse Insurance", has=("no resource loss",))
    g = play(g, tables, "Ana", "Left the Light On", target="Bo").game
    assert g.player("Bo").energy == 2
    assert dict(g.player("Bo").last_loss) == {"energy": 3, "round": 1}
    out = play(g, tables, "Bo", "Warehouse Insurance")
    bo = out.game.player("Bo")
    assert bo.energy == 5 and dict(bo.last_loss) == {} and bo.hand == ()
    # A Disaster loss is recoverable too (Massive Solar Flare: all Energy).
    from rigs_helper.games.rigs.engine import Work
    from rigs_helper.games.rigs.phases.disaster_deal import apply_disaster

    g2 = hand(base(tables), "Bo", "warehouse-insurance")
    w = Work(g2, tables)
    apply_disaster(w, "Bo", "massive-solar-flare")
    g3 = w.done().game
    assert g3.player("Bo").energy == 0
    g4 = perform(g3, kp("Bo", "Warehouse Insurance"), tables).game
    assert g4.player("Bo").energy == 5


def test_a_little_information_shows_hands_and_credits(tables):
    g = hand(hand(base(tables), "Ana", "a-little-information"), "Bo", "ruins", "decoy")
    out = play(g, tables, "Ana", "A Little Information")
    # what Ana sees is for her eyes only: no public line names a card of a hand
    assert out.private == (("Ana", "Bo: 100 credits; hand: Ruins, Decoy"),
                           ("Ana", "Cy: 100 credits; hand: empty"))
    assert not any("Ruins" in m or "Decoy" in m for m in out.messages)


def test_every_card_with_an_effect_is_covered(tables):
    """One test above per titled card (this list is the checklist)."""
    covered = {
        "missing-support", "bad-os-revision", "wrong-manual", "eye-for-an-eye",
        "not-that-one", "i-ain-t-going-alone", "accidental-dumping", "left-the-light-on",
        "da-roof-is-on-fire", "rough-storm", "blowout", "give-me-that", "identity-theft",
        "i-want-that", "incorrect-drivers", "you-sent-it-where", "brownout",
        "i-ll-take-that", "survey-error", "survey-typo", "record-not-found", "carrier-lost",
        "triangulation-drift", "recycling", "ridiculous-efficiency", "poker-night",
        "parts-shop", "below-the-surface", "winning-raffle-ticket", "swap-meet", "ruins",
        "r-i-g-s-t-d-m", "other-markets", "naive-profits", "wrong-address",
        "r-i-g-s-alarm-system", "push-pull-or-drag", "i-ve-got-a-donk", "decoy",
        "calling-in-a-favor", "right-back-at-you", "ain-t-working-for-you",
        "warehouse-insurance", "double-agent", "a-little-information"}
    assert covered == {c.key for c in tables.karma}


def test_a_card_not_in_hand_is_refused(tables):
    g = base(tables, "production")
    refused(g, tables, RulesError, "Ana", "Brownout!", target="Bo", has=("Ana holds no",))
    refused(g, tables, InputError, "Ana", "No Such Card", has=("no Karma card called",))
    with pytest.raises(RigsError):
        perform(g, kp("Nobody", "Brownout!"), tables)


def test_plot_cards_answered_with_wrong_address(tables):
    # Without --answer-to the plot's owner is simply unaffected.
    g = set_plot(base(tables), tables, "Bo", "P11", 2, "luxuries", survey=2)
    g = hand(hand(g, "Ana", "survey-error"), "Bo", "wrong-address")
    out = play(g, tables, "Ana", "Survey Error", plot="P11", answer="Wrong Address")
    p11 = out.game.player("Bo").plot("P11")
    assert (p11.survey, p11.rigs) == (2, 2)
    assert out.game.survey.draw == g.survey.draw
    # Passed on to Cy, the card needs Cy's plot (--answer-plot); it is never applied to the
    # protected player's plot, nor to a plot Cy does not own.
    refused(g, tables, InputError, "Ana", "Survey Error", plot="P11", answer="Wrong Address",
            answer_to="Cy", has=("--answer-plot",))
    refused(g, tables, RulesError, "Ana", "Survey Error", plot="P11", answer="Wrong Address",
            answer_to="Cy", answer_plot="P11", has=("Cy does not own plot P11",))
    g3 = set_plot(g, tables, "Cy", "P12", 1, "luxuries", survey=3)
    out = play(g3, tables, "Ana", "Survey Error", plot="P11", answer="Wrong Address",
               answer_to="Cy", answer_plot="P12")
    # Cy's survey (yield 3) goes back to the deck; the 1 Luxury RIGS goes to Cy's warehouse
    assert out.game.player("Cy").plot("P12").survey is None
    assert out.game.player("Cy").warehouse_rigs == g3.player("Cy").warehouse_rigs + 1
    assert out.game.player("Bo").plot("P11").survey == 2
    assert sorted(out.game.survey.draw) == sorted(g3.survey.draw + (3,))
    g2 = set_plot(base(tables, "production"), tables, "Bo", "P11", 2, "metal")
    g2 = hand(hand(g2, "Ana", "incorrect-drivers"), "Bo", "wrong-address")
    out = play(g2, tables, "Ana", "Incorrect Drivers", plot="P11", answer="Wrong Address")
    assert out.game.player("Bo").effects == ()
    refused(g2, tables, InputError, "Ana", "Incorrect Drivers", plot="P11",
            answer="Wrong Address", answer_to="Cy", has=("--answer-plot",))
    out = play(g2, tables, "Ana", "Incorrect Drivers", plot="P11", answer="Wrong Address",
               answer_to="Cy", answer_plot="P12")
    assert out.game.player("Cy").effects == ("idle:P12",)
    assert out.game.player("Bo").effects == ()


@pytest.mark.parametrize("key, title, phase, args, draws", [
    ("carrier-lost", "Carrier Lost", "production", {"target": "Bo"}, 1),
    ("triangulation-drift", "Triangulation Drift", "player",
     {"plot": "P11", "to": ("Cy", "P12:metal")}, 1),
])
def test_right_back_at_you_the_original_victim_draws_the_victims_cards(
        tables, key, title, phase, args, draws):
    """Ruling (RULES.md 2026-11-27): where a Sabotage card tells its victim to draw Karma
    cards, the draw is a benefit; turned back by Right Back At You, the original victim
    (Bo) draws them, for every card alike, and the card's player (Ana) suffers the harm
    alone (Identity Theft and "Record Not Found": tests/test_right_back_at_you.py)."""
    g = set_plot(base(tables, phase), tables, "Bo", "P11", 2, "metal")
    g = set_plot(g, tables, "Ana", "P10", 2, "metal")
    g = hand(hand(g, "Ana", key), "Bo", "right-back-at-you")
    if "plot" in args:  # turned on Ana: her plot of the same kind
        out = play(g, tables, "Ana", title, **args, answer="Right Back At You",
                   answer_plot="P10")
    else:
        out = play(g, tables, "Ana", title, **args, answer="Right Back At You")
    ana, bo = out.game.player("Ana"), out.game.player("Bo")
    assert len(bo.hand) == draws and ana.hand == ()  # (Right Back At You discarded)
    assert bo.hand == g.karma.draw[:draws]
    assert bo.effects == () and bo.must_lose_rigs == 0 and bo.plot("P11").rigs == 2
    if key == "carrier-lost":
        assert ana.effects == ("idle_all",)
    else:  # her own plot's RIGS scattered
        assert ana.plot("P10").rigs == 0
