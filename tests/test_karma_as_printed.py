"""Karma cards as printed, and the Karma rulings of RULES.md "Rulings added (2026-11-24)"
(issue 17 item 1): each test is named after the card or the ruling.  The game is
test_karma_effects's (Ana, Bo, Cy; 5 Energy and 5 Supplies each; 5 RIGS in the warehouse)."""

from __future__ import annotations

from dataclasses import replace

from gameplay import set_player
from karmahelp import at_roll, base, die, hand, play, refused, set_plot

from rigs_helper.games.rigs.actions.plans import SetPlan
from rigs_helper.games.rigs.dice import Rolls
from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.production import plan


def _in_play(g, tables, name, title):
    return play(g, tables, name, title).game


# ---------------------------------------------------------------------- Bad OS Revision


def test_bad_os_revision_victim_draws_two_even_with_no_rigs(tables):
    g = hand(set_player(base(tables), "Cy", warehouse_rigs=0), "Ana", "bad-os-revision")
    assert g.player("Cy").rigs == 0
    out = play(g, tables, "Ana", "Bad OS Revision", target="Cy")
    cy = out.game.player("Cy")
    assert cy.hand == g.karma.draw[:2] and cy.must_lose_rigs == 0
    assert any("no RIGS to lose" in m for m in out.messages)


# ---------------------------------------------------- Alarm System and Donk: only when hit


def test_alarm_system_rolls_only_when_the_card_changes_something_of_its_owner(tables):
    g = hand(hand(base(tables), "Ana", "i-want-that"), "Bo", "r-i-g-s-alarm-system")
    g = _in_play(set_player(g, "Bo", metal=0), tables, "Bo", "R.I.G.S. Alarm System")
    g = at_roll(g, {1})  # a roll of 1 would discard the Alarm
    out = play(g, tables, "Ana", "I WANT THAT!", target="Bo", resource="metal")
    bo = out.game.player("Bo")
    assert "r-i-g-s-alarm-system" in bo.in_play and out.game.rng == g.rng
    assert any("does not roll" in m for m in out.messages)


def test_donk_rolls_only_when_the_card_changes_something_of_its_owner(tables):
    g = hand(hand(base(tables), "Ana", "give-me-that"), "Bo", "i-ve-got-a-donk")
    g = _in_play(g, tables, "Bo", "I've Got a Donk")
    g = at_roll(g, {6})  # a roll of 6 would discard the Donk
    out = play(g, tables, "Ana", "Give Me That!", target="Bo")  # Bo's hand is empty
    assert "i-ve-got-a-donk" in out.game.player("Bo").in_play and out.game.rng == g.rng
    # With metal to take, the Donk rolls.
    g2 = hand(hand(base(tables), "Ana", "i-want-that"), "Bo", "i-ve-got-a-donk")
    g2 = at_roll(_in_play(set_player(g2, "Bo", metal=3), tables, "Bo", "I've Got a Donk"),
                 {2, 3, 4, 5})
    out = play(g2, tables, "Ana", "I WANT THAT!", target="Bo", resource="metal")
    assert out.game.player("Bo").metal == 3 and out.game.rng == g2.rng + 1


# ---------------------------------------------------- empty hands: played, with no effect


def test_not_that_one_against_an_empty_hand_is_played_with_no_effect(tables):
    g = hand(base(tables), "Ana", "not-that-one")
    out = play(g, tables, "Ana", "Not THAT one", target="Bo")
    assert "not-that-one" in out.game.karma.discard
    assert any("Bo holds no Karma card" in m for m in out.messages)
    refused(g, tables, InputError, "Ana", "Not THAT one", target="Bo", card="Ruins",
            has=("--card Ruins", "holds no Karma card"))


def test_ill_take_that_against_an_empty_hand_is_played_with_no_effect(tables):
    g = hand(base(tables), "Ana", "i-ll-take-that")
    out = play(g, tables, "Ana", "I'll Take THAT!", target="Bo")
    assert out.game.player("Ana").hand == () and "i-ll-take-that" in out.game.karma.discard
    assert any("Bo holds no Karma card" in m for m in out.messages)


# ---------------------------------------------------------------------------- Decoy


def test_decoy_answers_a_steal_turned_back_by_right_back_at_you(tables):
    g = hand(base(tables), "Ana", "i-ll-take-that", "poker-night", "decoy")
    g = hand(g, "Bo", "right-back-at-you")
    out = play(g, tables, "Ana", "I'll Take THAT!", target="Bo", card="Poker Night",
               answer=["Bo=Right Back At You", "Ana=Decoy"])
    assert out.game.player("Bo").hand == ("decoy",)
    assert out.game.player("Ana").hand == ("poker-night",)
    # Decoy stays an answer to a card that takes a card, and only the card's player's after
    # the card was turned on them.
    refused(g, tables, RulesError, "Ana", "I'll Take THAT!", target="Bo",
            card="Poker Night", answer=["Ana=Decoy"], has=("answers another player's card",))


def test_decoy_answers_a_steal_turned_by_double_agent(tables):
    g = hand(hand(base(tables), "Ana", "give-me-that"), "Bo", "double-agent")
    g = hand(g, "Cy", "ruins", "decoy")
    out = play(g, tables, "Ana", "Give Me That!", target="Bo",
               answer=["Bo=Double Agent", "Cy=Decoy"], answer_to="Bo=Cy")
    assert out.game.player("Bo").hand == ("decoy",) and out.game.player("Cy").hand == (
        "ruins",)


# ---------------------------------------------------------------------- Double Agent


def test_double_agent_on_a_card_with_several_victims_names_several(tables):
    g = hand(hand(base(tables), "Ana", "i-want-that"), "Bo", "double-agent")
    g = set_player(set_player(set_player(g, "Ana", metal=6), "Bo", metal=6), "Cy", metal=6)
    rolls = die(g, 2)
    out = play(g, tables, "Ana", "I WANT THAT!", target="Bo", resource="metal",
               answer="Double Agent", answer_to=["Bo=Ana", "Bo=Cy"])
    a, b, c = (out.game.player(n).metal for n in ("Ana", "Bo", "Cy"))
    assert (a, c, b) == (6 - rolls[0], 6 - rolls[1], 6 + sum(rolls))


def test_double_agent_second_answer_to_is_never_dropped(tables):
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", "double-agent")
    refused(g, tables, InputError, "Ana", "Brownout!", target="Bo", answer="Double Agent",
            answer_to=["Bo=Cy", "Bo=Ana"], has=("--answer-to", "one victim"))
    g2 = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", "wrong-address")
    refused(g2, tables, InputError, "Ana", "Brownout!", target="Bo", answer="Wrong Address",
            answer_to=["Cy", "Ana"], has=("--answer-to", "one player"))


# ---------------------------------------------------------------- You sent it WHERE?!


def test_you_sent_it_where_victim_may_take_the_plot_out_of_the_plan(tables):
    g = set_plot(base(tables, "production"), tables, "Bo", "P11", 2, "supplies")
    g = hand(g, "Ana", "you-sent-it-where")
    g = play(replace(g, last_call=True), tables, "Ana", "You sent it WHERE?!",
             plot="P11").game
    assert plan(g, "Ana", tables).received == {"supplies": 2}
    assert plan(g, "Bo", tables).energy_from_warehouse == 1  # powered by default
    g2 = perform(g, SetPlan("Bo", skip=("P11",)), tables).game
    assert plan(g2, "Ana", tables).received == {}
    bo = plan(g2, "Bo", tables)
    assert bo.energy_from_warehouse == 0 and bo.produced["energy"] == 0


# ------------------------------------------------------------------ Right Back At You


def test_right_back_at_you_gains_split_among_the_original_victims(tables):
    g = hand(hand(base(tables), "Ana", "i-want-that"), "Bo", "right-back-at-you")
    g = set_player(set_player(set_player(g, "Ana", metal=10), "Bo", metal=1), "Cy", metal=1)
    rolls = die(g, 2)
    total = sum(rolls)
    kw = dict(target=["Bo", "Cy"], resource="metal", answer="Bo=Right Back At You")
    said = refused(g, tables, InputError, "Ana", "I WANT THAT!", **kw,
                   has=(f"{total} metal to split", "--split"))
    assert "Bo, Cy" in said
    out = play(g, tables, "Ana", "I WANT THAT!", **kw,
               split=(f"Bo={total - 1}", "Cy=1"))
    a, b, c = (out.game.player(n).metal for n in ("Ana", "Bo", "Cy"))
    assert (a, b, c) == (10 - total, 1 + total - 1, 2)
    refused(g, tables, InputError, "Ana", "I WANT THAT!", **kw, split=("Ana=1",),
            has=("--split Ana=1",))


# --------------------------------------------------------------- Warehouse Insurance


def test_warehouse_insurance_recovers_resources_lost_before_a_card_loss(tables):
    g = hand(base(tables), "Ana", "left-the-light-on", "eye-for-an-eye")
    g = hand(g, "Bo", "warehouse-insurance", "ruins")
    g = play(g, tables, "Ana", "Left the Light On", target="Bo").game  # 3 of 5 Energy
    g = play(g, tables, "Ana", "Eye for an Eye", target="Bo", card="Ruins").game
    assert g.player("Bo").hand == ("warehouse-insurance",)
    out = play(g, tables, "Bo", "Warehouse Insurance")
    assert out.game.player("Bo").energy == 5


def test_i_aint_going_alone_matches_a_card_loss_alone(tables):
    g = hand(base(tables), "Bo", "left-the-light-on", "eye-for-an-eye")
    g = hand(g, "Ana", "i-ain-t-going-alone", "ruins")
    g = hand(g, "Cy", "poker-night", "swap-meet")
    g = play(g, tables, "Bo", "Left the Light On", target="Ana").game
    g = play(g, tables, "Bo", "Eye for an Eye", target="Ana", card="Ruins").game
    out = play(g, tables, "Ana", "I Ain't Going Alone", target="Cy", card="Swap Meet")
    cy = out.game.player("Cy")
    assert cy.energy == 5 and cy.hand == ("poker-night",)  # the card alone is matched


# ------------------------------------------------- a card that leaves no choice; Ruins


def test_rough_storm_with_no_choice_left_settles_by_itself(tables):
    g = hand(base(tables), "Ana", "rough-storm")
    g = set_player(set_player(g, "Bo", energy=2, supplies=0), "Cy", energy=0, supplies=3)
    out = play(g, tables, "Ana", "Rough Storm", rolls=Rolls((), (("Ana", 6), ("Bo", 5),
                                                                ("Cy", 2))))
    bo, cy = out.game.player("Bo"), out.game.player("Cy")
    assert (bo.energy, bo.must_discard) == (0, 0)  # everything he held
    assert (cy.supplies, cy.must_discard) == (1, 0)  # one kind only: no choice
    assert not any("rigs settle" in m for m in out.messages)


def test_ruins_resources_taken_in_the_play_command(tables):
    g = hand(base(tables), "Ana", "ruins")
    out = play(g, tables, "Ana", "Ruins", take=(("metal", 3), ("energy", 1)),
               rolls=Rolls((4,)))
    a = out.game.player("Ana")
    assert (a.metal, a.energy, a.may_take) == (3, 6, 0)
    refused(g, tables, InputError, "Ana", "Ruins", take=(("metal", 5),), rolls=Rolls((4,)),
            has=("rolled 4 and takes 5",))
    out = play(g, tables, "Ana", "Ruins", take=(("metal", 1),), rolls=Rolls((4,)))
    assert out.game.player("Ana").may_take == 3
