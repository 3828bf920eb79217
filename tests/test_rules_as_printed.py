"""Issue 8, "Rules as printed": each finding of the audit, named after its card or rule,
with the audit's case and one more.  Scenario ("base" of test_karma_effects): 3 players,
Ana P1 P10 P22 P25, Bo P2 P11 P23 P26, Cy P3 P12 P19 P27, 100 credits, 5 Energy, 5
Supplies, 5 RIGS in the warehouse each; tables' dice come as ``rolls``."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gameplay import play_to, set_player
from karmahelp import base, hand, play, refused, set_plot

from rigs_helper.games.rigs.actions.deals import Settle
from rigs_helper.games.rigs.actions.placement import Build
from rigs_helper.games.rigs.dice import parse_rolls
from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.karma.play import KarmaPlay, KarmaUse
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.production import plan


def rolls(*items):
    return parse_rolls([str(x) for x in items])


def stocked(tables, phase="player"):
    """Each player +20 Supplies, +6 Metal, +7 Luxuries, +5 Energy (the audit's base)."""
    g = base(tables, phase)
    for n in ("Ana", "Bo", "Cy"):
        g = set_player(g, n, supplies=25, metal=6, luxuries=7, energy=10)
    return g


# ---------------------------------------------------------------------------- Wrong 1


def test_i_aint_going_alone_matches_the_players_own_last_loss(tables):
    g = hand(stocked(tables), "Bo", "left-the-light-on")
    g = hand(g, "Ana", "i-ain-t-going-alone")
    g = play(g, tables, "Bo", "Left the Light On", target="Ana").game
    assert g.player("Ana").energy == 5
    # The audit: no --give: Cy matches Ana's loss, 5 Energy (not 20 Supplies).
    out = play(g, tables, "Ana", "I Ain't Going Alone", target="Cy")
    cy = out.game.player("Cy")
    assert (cy.energy, cy.supplies) == (5, 25)
    # --give sets a fresh loss the player pays first: Ana 20 Supplies, then Cy 20.
    out = play(g, tables, "Ana", "I Ain't Going Alone", target="Cy",
               give=[("supplies", 20)])
    assert out.game.player("Ana").supplies == 5
    assert (out.game.player("Cy").supplies, out.game.player("Cy").energy) == (5, 10)


def test_i_aint_going_alone_matches_lost_karma_cards(tables):
    g = hand(stocked(tables), "Bo", "eye-for-an-eye")
    g = hand(g, "Ana", "i-ain-t-going-alone", "ruins")
    g = hand(g, "Cy", "decoy", "poker-night")
    g = play(g, tables, "Bo", "Eye for an Eye", target="Ana", card="ruins").game
    assert dict(g.player("Ana").last_loss) == {"karma": 1, "round": 1, "karma_only": 1}
    refused(g, tables, InputError, "Ana", "I Ain't Going Alone", target="Cy",
            has=("--card",))  # Cy chooses which of two cards
    out = play(g, tables, "Ana", "I Ain't Going Alone", target="Cy", card="decoy")
    assert out.game.player("Cy").hand == ("poker-night",)
    refused(g, tables, InputError, "Ana", "I Ain't Going Alone", target="Cy",
            give=[("energy", -5)], has=("--give energy=-5",))
    refused(g, tables, RulesError, "Ana", "I Ain't Going Alone", target="Cy",
            give=[("metal", 7)], has=("has 6 metal",))


# ---------------------------------------------------------------------------- Wrong 2


def test_identity_theft_card_arrives_next_round(tables):
    g = set_player(hand(base(tables), "Ana", "identity-theft"), "Bo", credits=250)
    out = play(g, tables, "Ana", "Identity Theft", target="Bo", option="card")
    bo = out.game.player("Bo")
    assert "identity-theft" not in bo.hand and bo.incoming == ("identity-theft",)
    with pytest.raises(RulesError):  # Bo cannot play it back this phase
        perform(out.game, KarmaPlay.from_flat("Bo", "Identity Theft", target=("Ana",), option="card"),
                tables)
    g2 = play_to(out.game, tables, 2, "player")
    assert "identity-theft" in g2.player("Bo").hand and g2.player("Bo").incoming == ()


# ---------------------------------------------------------------------------- Wrong 3, 4


def _p11_changes_hands(tables, key, title):
    """Ana plays ``title`` on Bo's P11 (2 Metal RIGS), then "Record Not Found" gives P11 to
    Cy.  Returns (the state before the transfer, after it, P11's production line)."""
    g = set_plot(base(tables, "production"), tables, "Bo", "P11", 2, "metal")
    g = replace(hand(g, "Ana", key, "record-not-found"), last_call=True)
    g = play(g, tables, "Ana", title, plot="P11").game
    out = play(g, tables, "Ana", "Record Not Found", plot="P11", new_owner="Cy")
    return g, out, next(x for x in plan(out.game, "Cy", tables).lines if x.id == "P11")


def test_incorrect_drivers_idles_the_plot_whoever_owns_it(tables):
    g, out, line = _p11_changes_hands(tables, "incorrect-drivers", "Incorrect Drivers")
    assert line.working == 0 and "Incorrect Drivers" in line.note
    # Given to the card's own player, the plot stays idle too.
    out = play(g, tables, "Ana", "Record Not Found", plot="P11", new_owner="Ana")
    line = next(x for x in plan(out.game, "Ana", tables).lines if x.id == "P11")
    assert line.working == 0


def test_you_sent_it_where_follows_the_plot(tables):
    g, out, line = _p11_changes_hands(tables, "you-sent-it-where", "You sent it WHERE?!")
    assert line.to == "Ana"
    assert plan(out.game, "Ana", tables).received == {"metal": 2}
    assert plan(out.game, "Bo", tables).received == {}
    done = perform(out.game, NextPhase(auto=True), tables).game
    assert done.player("Ana").metal == 2 and done.player("Cy").metal == 0


# ---------------------------------------------------------------------------- Wrong 5


def _typo(tables):
    g = set_plot(base(tables), tables, "Bo", "P11", survey=2)
    g = set_plot(g, tables, "Cy", "P12", survey=1)
    return hand(g, "Ana", "survey-typo")


def test_survey_typo_protections_apply(tables):
    g = hand(_typo(tables), "Bo", "i-ve-got-a-donk")
    g = play(g, tables, "Bo", "I've Got a Donk").game
    out = play(g, tables, "Ana", "Survey Typo", plot=["P11", "P12"], rolls=rolls("Bo=3"))
    assert out.game.player("Bo").plot("P11").survey == 2  # Donk: Bo is not affected
    assert out.game.player("Cy").plot("P12").survey == 1
    # Without --target both owners are victims: Cy may answer.
    g = hand(_typo(tables), "Cy", "calling-in-a-favor")
    out = play(g, tables, "Ana", "Survey Typo", plot=["P11", "P12"],
               answer="Cy=Calling in a Favor")
    assert out.game.player("Cy").plot("P12").survey == 1


def test_survey_typo_right_back_at_you_stops_the_swap(tables):
    g = hand(_typo(tables), "Bo", "right-back-at-you")
    out = play(g, tables, "Ana", "Survey Typo", plot=["P11", "P12"],
               answer="Bo=Right Back At You")
    assert out.game.player("Bo").plot("P11").survey == 2
    assert "right-back-at-you" in out.game.karma.discard
    # Passed on with Wrong Address: the new victim's plot (--answer-plot) swaps instead.
    g = set_plot(hand(_typo(tables), "Bo", "wrong-address"), tables, "Ana", "P10", survey=3)
    out = play(g, tables, "Ana", "Survey Typo", plot=["P11", "P12"],
               answer="Bo=Wrong Address", answer_to="Ana", answer_plot="P10")
    assert out.game.player("Ana").plot("P10").survey == 1
    assert out.game.player("Cy").plot("P12").survey == 3
    assert out.game.player("Bo").plot("P11").survey == 2


# ---------------------------------------------------------------------------- Wrong 6


def _final_market(tables):
    g = play_to(base(tables), tables, 3, "market")
    m = g.market  # make round 3 the last: the rest of the Game Market Deck goes to the end
    return replace(g, market=replace(m, game=(), end=m.game + m.end))


def test_naive_profits_counts_in_the_final_forced_sale(tables):
    g = _final_market(tables)
    g = set_player(hand(g, "Ana", "naive-profits"), "Ana", luxuries=5)
    g = set_player(g, "Bo", luxuries=5)
    g = replace(g, market=replace(g.market, price=2))
    low = min(play(g, tables, "Ana", "Naive Profits").game.player("Ana").effects[0]
              .split(":")[1:], key=int)
    g = play(g, tables, "Ana", "Naive Profits").game
    end = perform(g, NextPhase(), tables).game
    assert end.game_over
    assert end.player("Ana").credits == g.player("Ana").credits + 5 * (2 + int(low))
    assert end.player("Bo").credits == g.player("Bo").credits + 5 * 2


# ---------------------------------------------------------------------------- Wrong 7, 8


@pytest.mark.parametrize("key,title,safe", [("r-i-g-s-alarm-system", "R.I.G.S. Alarm", 2),
                                            ("i-ve-got-a-donk", "I've Got a Donk", 3)])
def test_in_play_protection_rolls_for_a_passed_on_card(tables, key, title, safe):
    g = hand(base(tables, "production"), "Ana", "brownout")
    g = hand(hand(g, "Bo", "wrong-address"), "Cy", key)
    g = play(g, tables, "Cy", title).game
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Wrong Address",
               answer_to="Cy", rolls=rolls(f"Cy={safe}"))
    assert out.game.player("Cy").effects == ()  # Cy's protection rolled: not affected
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Wrong Address",
               answer_to="Cy", rolls=rolls("Cy=1"))
    assert out.game.player("Cy").effects == ("brownout",) and key not in \
        out.game.player("Cy").in_play


@pytest.mark.parametrize("key,title", [("r-i-g-s-alarm-system", "R.I.G.S. Alarm System"),
                                       ("i-ve-got-a-donk", "I've Got a Donk")])
def test_in_play_protection_is_no_answer_from_a_hand(tables, key, title):
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo", key)
    refused(g, tables, RulesError, "Ana", "Brownout!", target="Bo", answer=title,
            has=("only in play",))
    # Right Back At You onto a player with the card in play: it rolls for them.
    g = hand(hand(base(tables, "production"), "Ana", "brownout", key), "Bo",
             "right-back-at-you")
    g = play(g, tables, "Ana", title).game
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Right Back",
               rolls=rolls("Ana=4"))
    assert all(p.effects == () for p in out.game.players)


# ---------------------------------------------------------------------------- Wrong 9


def test_push_pull_or_drag_counts_only_losses_after_it_came_into_play(tables):
    g = hand(base(tables), "Bo", "wrong-manual")
    g = hand(g, "Ana", "push-pull-or-drag")
    g = play(g, tables, "Bo", "Wrong Manual", target="Ana", source="warehouse").game
    g = play(g, tables, "Ana", "Push, Pull, or Drag").game
    with pytest.raises(RulesError, match="destroyed"):
        perform(g, KarmaUse("Ana", "Push"), tables)
    # A RIGS destroyed afterwards (anyone's) counts.
    g = hand(g, "Ana", "missing-support")
    g = play(g, tables, "Ana", '"Missing" Support', target="Cy", source="warehouse").game
    out = perform(g, KarmaUse("Ana", "Push"), tables)
    assert out.game.player("Ana").warehouse_rigs == 5


# ---------------------------------------------------------------------------- Cannot 11


def test_several_victims_each_answer_for_themselves(tables):
    g = hand(base(tables), "Ana", "i-want-that")
    g = hand(hand(g, "Bo", "wrong-address"), "Cy", "decoy")
    for n in ("Bo", "Cy"):
        g = set_player(g, n, metal=6)
    out = play(g, tables, "Ana", "I WANT THAT!", target=["Bo", "Cy"], resource="metal",
               answer="Bo=Wrong Address", rolls=rolls("Cy=4"))
    assert (out.game.player("Bo").metal, out.game.player("Cy").metal) == (6, 2)
    assert out.game.player("Ana").metal == 4
    # Calling in a Favor from either victim stops the whole card.
    g2 = hand(g, "Cy", "calling-in-a-favor")
    out = play(g2, tables, "Ana", "I WANT THAT!", target=["Bo", "Cy"], resource="metal",
               answer="Calling in a Favor")
    assert out.game.player("Ana").metal == 0


def test_a_third_player_may_answer_where_the_card_says(tables):
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Cy", "calling-in-a-favor")
    out = play(g, tables, "Ana", "Brownout!", target="Bo", answer="Cy=Calling in a Favor")
    assert all(p.effects == () for p in out.game.players)
    # Wrong Address is for the one the card affects.
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Cy", "wrong-address")
    refused(g, tables, RulesError, "Ana", "Brownout!", target="Bo",
            answer="Cy=Wrong Address", has=("does not affect Cy",))


# ---------------------------------------------------------------------------- Also


def test_alarm_and_donk_both_in_play_the_victim_names_the_first(tables):
    g = hand(hand(base(tables, "production"), "Ana", "brownout"), "Bo",
             "r-i-g-s-alarm-system", "i-ve-got-a-donk")
    g = play(play(g, tables, "Bo", "R.I.G.S. Alarm").game, tables, "Bo", "I've Got").game
    refused(g, tables, InputError, "Ana", "Brownout!", target="Bo", has=("--first Bo=",))
    out = play(g, tables, "Ana", "Brownout!", target="Bo", first=("Bo=I've Got a Donk",),
               rolls=rolls("Bo=1", "Bo=2"))
    bo = out.game.player("Bo")  # Donk rolls 1 (discarded), then the Alarm 2: safe
    assert bo.effects == () and bo.in_play == ("r-i-g-s-alarm-system",)


def test_warehouse_insurance_recovers_only_this_rounds_loss(tables):
    g = hand(base(tables), "Ana", "left-the-light-on")
    g = hand(g, "Bo", "warehouse-insurance")
    g = play(g, tables, "Ana", "Left the Light On", target="Bo").game
    assert play(g, tables, "Bo", "Warehouse Insurance").game.player("Bo").energy == 5
    later = replace(g, round=2)
    refused(later, tables, RulesError, "Bo", "Warehouse Insurance", has=("round 1",))


def test_options_no_table_could_mean_are_refused(tables):
    g = hand(stocked(tables), "Ana", "i-want-that", "triangulation-drift",
             "below-the-surface", "left-the-light-on")
    refused(g, tables, InputError, "Ana", "I WANT THAT!", target=["Bo", "Bo"],
            resource="metal", has=("named twice",))
    refused(g, tables, InputError, "Ana", "I WANT THAT!", target=["Ana", "Bo"],
            resource="metal", has=("their own victim",))
    refused(g, tables, InputError, "Ana", "Left the Light On", target="Bo", plot="P2",
            has=("--plot",))
    refused(g, tables, InputError, "Ana", "Left the Light On", target="Bo",
            answer="Decoy", has=("--answer",))
    g2 = set_plot(g, tables, "Bo", "P11", 1, "metal")
    refused(g2, tables, InputError, "Ana", "Triangulation Drift", plot="P11", to=["P11"],
            has=("leave P11",))
    refused(g, tables, RulesError, "Ana", "Below the Surface", plot="P1",
            resource="luxuries", has=("no luxuries spot",))
    assert "below-the-surface" in g.player("Ana").hand


def test_answer_card_the_player_does_not_hold_is_refused(tables):
    g = hand(hand(base(tables), "Ana", "give-me-that"), "Bo", "ruins")
    refused(g, tables, RulesError, "Ana", "Give Me That!", target="Bo", answer="Decoy",
            has=("Bo holds no 'Decoy'",))
    g = hand(g, "Cy", "decoy")
    refused(g, tables, RulesError, "Ana", "Give Me That!", target="Bo", answer="Cy=Decoy",
            has=("does not affect Cy",))


def test_owed_discard_of_more_than_held_settles_itself(tables):
    g = hand(base(tables), "Ana", "rough-storm", "da-roof-is-on-fire")
    g = set_player(g, "Bo", energy=1, supplies=1)
    out = play(g, tables, "Ana", "Rough Storm", rolls=rolls("Ana=6", "Bo=5", "Cy=6"))
    bo = out.game.player("Bo")
    assert (bo.energy, bo.supplies, bo.must_discard) == (0, 0, 0)
    # Owing 3 of 10, then losing everything: nothing is left to owe.
    g = set_player(g, "Bo", energy=5, supplies=5)
    g = play(g, tables, "Ana", "Rough Storm", rolls=rolls("Ana=6", "Bo=3", "Cy=6")).game
    assert g.player("Bo").must_discard == 3
    out = play(g, tables, "Ana", "Da' Roof", target="Bo")
    assert out.game.player("Bo").must_discard == 0
    with pytest.raises(RulesError, match="nothing to settle"):
        perform(out.game, Settle("Bo", ()), tables)


def test_land_grant_opens_the_player_phase(tables):
    g = perform(play_to(base(tables), tables, 1, "market"), NextPhase(), tables).game
    assert g.grant and (g.round, g.phase) == (2, "player")
    with pytest.raises(RulesError, match="Land Grant waits"):
        perform(g, Build("Ana", 1), tables)
    g = set_player(hand(g, "Ana", "ruins"), "Ana", metal=2)
    with pytest.raises(RulesError, match="Land Grant waits"):
        perform(g, KarmaPlay("Ana", "Ruins"), tables)


# ---------------------------------------------------------------------------- Wrong 10


def _no_spike_in_game_deck(tables):
    g = play_to(base(tables), tables, 1, "production")
    m = g.market
    every = list(m.game) + list(m.end)
    spikes = [i for i in every if i < 4]
    others = [i for i in every if i >= 4]
    return replace(g, last_call=True, market=replace(m, game=tuple(others[:15]),
                                                     end=tuple(others[15:] + spikes)))


def test_market_card_recorded_by_category_any_card_not_yet_drawn(tables):
    g = _no_spike_in_game_deck(tables)
    top = g.market.game[0]
    out = perform(g, NextPhase(cards=("spike",)), tables)
    m = out.game.market
    assert m.drawn[-1] < 4 and m.price == 10
    assert any("Spike (recorded)" in x for x in out.messages)
    assert top in m.end and len(m.game) == 14 and len(m.end) == 21
    # By id too (S2 is the second Spike card), and never a card already drawn.
    out = perform(g, NextPhase(cards=("S2",)), tables)
    assert out.game.market.drawn[-1] == 1
    g2 = replace(out.game, phase="production", last_call=True)
    with pytest.raises(RulesError, match="already drawn"):
        perform(g2, NextPhase(cards=("S2",)), tables)


def test_market_card_drawn_by_rigs_says_so(tables):
    g = _no_spike_in_game_deck(tables)
    out = perform(g, NextPhase(), tables)
    assert any("(drawn by rigs)" in x for x in out.messages)
    assert out.game.market.drawn[-1] == g.market.game[0]


# ---------------------------------------------------------------------------- Missing 12


def test_starting_plots_from_the_tables_own_deal(tables):
    from rigs_helper.games.rigs.setup import new_game

    deal = {"Ana": ["forest", "plains", "valley", "ridge"],
            "Bo": ["forest", "desert", "plains", "plains"],
            "Cy": ["Forest", "Valley", "Valley", "Desert"]}
    g = new_game(["Ana", "Bo", "Cy"], 1, tables, plots=deal).game
    assert [x.type for x in g.player("Ana").plots] == ["forest", "plains", "valley", "ridge"]
    left = [tables.plot_deck[int(x[1:]) - 1] for x in g.plot_deck]
    assert "forest" not in left and len(left) == 27 - 12
    with pytest.raises(InputError, match="no Forest is left"):
        new_game(["Ana", "Bo", "Cy"], 1, tables, plots={**deal, "Cy": ["forest"] * 4})
    with pytest.raises(InputError, match="each starts with 4"):
        new_game(["Ana", "Bo", "Cy"], 1, tables, plots={**deal, "Cy": ["plains"]})


def test_starting_plots_recorded_through_rigs_new(tmp_path, rigs, tables):
    from rigs_helper.store import session

    path = tmp_path / "g.toml"
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "1", "--plots",
             "Ana=forest,forest,plains,plains,valley,valley", "--plots",
             "Bo=forest,ridge,ridge,ridge,desert,plains", "-g", path)
    assert r.exit_code == 0, r.stderr
    g = session.load(path, tables).game
    assert sorted(x.type for x in g.player("Bo").plots) == sorted(
        ["forest", "ridge", "ridge", "ridge", "desert", "plains"])
    assert "(recorded)" in r.stdout
    v = rigs("verify", "--reveal", "-g", path)  # the recorded deal replays from the log
    assert v.exit_code == 0, (v.stdout, v.stderr)
    bad = rigs("new", "-p", "Ana", "-p", "Bo", "--plots", "Ana=" + ",".join(["plains"] * 6), "-g",
               tmp_path / "h.toml")
    assert bad.exit_code != 0 and "Bo's starting plots" in bad.stderr
    assert not (tmp_path / "h.toml").exists()


# ---------------------------------------------------------------------------- Also: ask


def test_recycling_and_parts_shop_the_player_names_the_collector(tables):
    g = hand(base(tables), "Ana", "recycling", "parts-shop", "wrong-manual")
    g = hand(g, "Bo", "missing-support")
    g = play(g, tables, "Ana", "Recycling").game
    refused(g, tables, InputError, "Ana", "Parts Shop", has=("--first",))
    g = play(g, tables, "Ana", "Parts Shop", first=("Parts Shop",)).game
    out = play(g, tables, "Bo", '"Missing" Support', target="Ana", source="warehouse")
    assert dict(out.game.player("Ana").on_cards) == {"parts-shop": 1}
    # Named the other way, Recycling collects.
    g = hand(base(tables), "Ana", "recycling", "parts-shop")
    g = play(play(g, tables, "Ana", "Parts Shop").game, tables, "Ana", "Recycling",
             first=("Recycling",)).game
    g = hand(g, "Bo", "missing-support")
    out = play(g, tables, "Bo", '"Missing" Support', target="Ana", source="warehouse")
    assert dict(out.game.player("Ana").on_cards) == {"recycling": 1}


def test_identity_theft_card_shows_as_coming_in_the_victims_own_view(tmp_path, rigs,
                                                                     tables):
    from clihelp import save

    g = set_player(hand(base(tables), "Ana", "identity-theft"), "Bo", credits=250)
    path = save(tmp_path, g, tables)
    r = rigs("karma", "play", "Ana", "Identity Theft", "--target", "Bo", "--option", "card",
             "-g", path)
    assert r.exit_code == 0, r.stderr
    assert "Identity Theft" in rigs("hand", "Bo", "-g", path).stdout.split(
        "Coming into the hand next round:")[1]
    assert "Coming" not in rigs("status", "-g", path).stdout
    assert "Coming" not in rigs("status", "Bo", "-g", path).stdout


def test_plot_card_target_may_name_the_plots_owner_only(tables):
    g = hand(base(tables, "production"), "Ana", "incorrect-drivers")
    g = set_plot(g, tables, "Bo", "P11", 2, "metal")
    assert play(g, tables, "Ana", "Incorrect Drivers", target="Bo", plot="P11").game \
        .player("Bo").effects == ("idle:P11",)
    refused(g, tables, InputError, "Ana", "Incorrect Drivers", target="Cy", plot="P11",
            has=("owner of P11, Bo",))
