"""What the game waits for from one player (games/rigs/waits/): deals proposed and answered, an
attack waiting for every victim's answer, each player's Disaster card recorded by them.

The 3-player game of test_karma_effects: Ana P1 P10 P22 P25, Bo P2 P11 P23 P26, Cy P3 P12
P19 P27; 100 credits, 5 Energy, 5 Supplies, 5 warehouse RIGS each, empty hands."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from gameplay import check_conservation, set_player
from karmahelp import base, hand

from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import InputError, RigsError, RulesError
from rigs_helper.games.rigs.karma.play import KarmaPlay
from rigs_helper.games.rigs.waits.attacks import Answer, resolve_now
from rigs_helper.games.rigs.waits.deals import (
    DealAccept,
    DealDecline,
    DealPropose,
    DealWithdraw,
)


def waiting(name: str, title: str, **flat) -> KarmaPlay:
    """`rigs karma play NAME TITLE ... --wait` as the play's own fields say it."""
    return KarmaPlay.from_flat(name, title, wait=True, **flat)


TITLES = ("Wrong Address", "Calling in a Favor", "Right Back At You", "Double Agent",
          "Decoy", "Ain't Working for You")


def propose(g, tables, *args, **kw):
    return perform(g, DealPropose(*args, **kw), tables).game


def public_text(outcomes) -> str:
    return "\n".join(m for o in outcomes for m in o.messages)


# ---------------------------------------------------------------------------- deals


def test_deal_both_ways_accepted_moves_both_sides(tables):
    g = base(tables)
    g = propose(g, tables, "Ana", "Bo", (("energy", 2),), ("P1",), (("credits", 30),),
                ("P2",))
    assert g.player("Ana").energy == 5 and g.waits.deals[0].id == 1  # nothing moved yet
    out = perform(g, DealAccept("Bo", "1"), tables)
    ana, bo = out.game.player("Ana"), out.game.player("Bo")
    assert (ana.energy, ana.credits, bo.energy, bo.credits) == (3, 130, 7, 70)
    assert "P2" in [x.id for x in ana.plots] and "P1" in [x.id for x in bo.plots]
    assert "P1" not in [x.id for x in ana.plots]
    assert out.game.waits.deals == () and out.messages[0] == "Bo accepts deal 1."
    check_conservation(out.game, tables)


def test_deal_declined_moves_nothing(tables):
    g0 = base(tables)
    g = propose(g0, tables, "Ana", "Bo", (("energy", 2),), (), (("credits", 10),), ())
    out = perform(g, DealDecline("Bo", "1"), tables)
    assert out.game.players == g0.players and out.game.waits.deals == ()
    assert out.game.waits.last_deal == 1  # an id is never given twice
    again = propose(out.game, tables, "Ana", "Bo", (("energy", 1),))
    assert again.waits.deals[0].id == 2


def test_deal_withdrawn_by_its_proposer_only(tables):
    g = propose(base(tables), tables, "Ana", "Bo", (("energy", 2),))
    with pytest.raises(RulesError, match="only the proposer"):
        perform(g, DealWithdraw("Bo", "1"), tables)
    with pytest.raises(RulesError, match="only the player it is offered to"):
        perform(g, DealAccept("Ana", "1"), tables)
    with pytest.raises(RulesError, match="only the player it is offered to"):
        perform(g, DealAccept("Cy", "1"), tables)
    out = perform(g, DealWithdraw("Ana", "1"), tables)
    assert out.game.waits.deals == () and out.game.players == g.players


def test_stale_deal_refused_in_one_line(tables):
    g = propose(base(tables), tables, "Ana", "Bo", (("energy", 2),), (), (("credits", 10),))
    g = set_player(g, "Ana", energy=1)  # Ana spent her Energy meanwhile
    with pytest.raises(RulesError) as err:
        perform(g, DealAccept("Bo", "1"), tables)
    assert str(err.value).startswith("deal 1 can no longer be made: Ana has 1 Energy")
    assert "\n" not in str(err.value)
    with pytest.raises(RulesError, match="deal 7 is not open"):
        perform(g, DealAccept("Bo", "7"), tables)


def test_deal_proposal_is_checked_as_the_deal(tables):
    g = base(tables)
    with pytest.raises(RulesError, match="Bo has 100 credits; cannot give 500"):
        perform(g, DealPropose("Ana", "Bo", (("energy", 1),), (), (("credits", 500),)),
                tables)
    with pytest.raises(InputError, match="cannot deal with themselves"):
        perform(g, DealPropose("Ana", "ana", (("energy", 1),)), tables)


def test_zero_hour_deal_refuses_plots_and_rigs(tables):
    g = base(tables, phase="production")
    with pytest.raises(RulesError, match="plots cannot change hands in the Production"):
        perform(g, DealPropose("Ana", "Bo", (), ("P1",), (("credits", 5),)), tables)
    with pytest.raises(RulesError, match="RIGS cannot change hands"):
        perform(g, DealPropose("Ana", "Bo", (("rigs", 1),)), tables)
    g = propose(g, tables, "Ana", "Bo", (("supplies", 2),), (), (("credits", 5),))
    out = perform(g, DealAccept("Bo", "1"), tables)
    assert out.game.player("Bo").supplies == 7 and out.game.player("Ana").credits == 105


def test_deals_wait_in_the_deal_phases_only(tables):
    with pytest.raises(RulesError, match="not allowed in the Market Phase"):
        perform(base(tables, phase="market"), DealPropose("Ana", "Bo", (("energy", 1),)),
                tables)


# ---------------------------------------------------------------------------- attacks


def want_that(tables, seed=21):
    g = hand(base(tables, seed=seed), "Ana", "i-want-that")
    return hand(g, "Bo", "wrong-address")


def test_attack_on_two_victims_waits_for_both_even_the_one_without_protection(tables):
    g = want_that(tables)
    before = g
    out = perform(g, waiting("Ana", "I WANT THAT", target=("Bo", "Cy"),
                                   resource=("energy",)), tables)
    g = out.game
    assert g.waits.attack.waiting() == ("Bo", "Cy")
    assert "i-want-that" not in g.player("Ana").hand  # the card left the hand
    assert [p.energy for p in g.players] == [p.energy for p in before.players]
    check_conservation(g, tables)  # the card waits: counted once, out of the hand
    # Cy holds no answering card and is asked all the same; Cy's answer resolves nothing
    # while Bo has not answered
    g = perform(g, Answer("Cy", "take"), tables).game
    assert g.waits.attack.waiting() == ("Bo",)
    assert g.player("Cy").energy == 5
    out = perform(g, Answer("Bo", "take"), tables)
    assert out.game.waits.attack is None
    assert out.game.player("Ana").energy > 5 and out.game.player("Cy").energy < 5
    check_conservation(out.game, tables)


@pytest.mark.parametrize("seed", [21, 5, 99])
def test_resolved_attack_equals_the_cli_answer_outcome(tables, seed):
    g = want_that(tables, seed)
    g = hand(g, "Cy", "calling-in-a-favor")  # held, not played: Cy takes it
    play = dict(target=("Bo", "Cy"), resource=("energy",))
    cli = perform(g, KarmaPlay.from_flat("Ana", "I WANT THAT", **play,
                               answer=("Bo=Wrong Address",)), tables)
    w = perform(g, waiting("Ana", "I WANT THAT", **play), tables).game
    w = perform(w, Answer("Bo", "wrong address"), tables).game
    out = perform(w, Answer("Cy", "take"), tables)
    assert out.game == cli.game
    assert out.messages[1:] == cli.messages


def test_resolved_attack_passed_on_equals_the_cli_answer_outcome(tables):
    g = want_that(tables, 8)
    play = dict(target=("Bo",), resource=("energy",))
    cli = perform(g, KarmaPlay.from_flat("Ana", "I WANT THAT", **play, answer=("Bo=Wrong Address",),
                               answer_to=("Bo=Cy",)), tables)
    w = perform(g, waiting("Ana", "I WANT THAT", **play), tables).game
    out = perform(w, Answer("Bo", "Wrong Address", to="Cy"), tables)
    assert out.game == cli.game and out.game.player("Cy").energy < 5


def test_victim_answer_stays_private_until_the_card_resolves(tables):
    g = perform(want_that(tables), waiting("Ana", "I WANT THAT", target=("Bo", "Cy"),
                                                  resource=("energy",)), tables).game
    out = perform(g, Answer("Bo", "Wrong Address"), tables)
    assert "Wrong Address" not in public_text([out])
    assert any("Wrong Address" in line for who, line in out.private if who == "Bo")
    assert "wrong-address" in out.game.player("Bo").hand  # played only on resolution
    done = perform(out.game, Answer("Cy", "take"), tables)
    assert "Bo answers with Wrong Address" in public_text([done])


def test_answer_for_the_whole_card_resolves_at_once_from_any_other_player(tables):
    g = hand(want_that(tables), "Cy", "calling-in-a-favor")
    g = perform(g, waiting("Ana", "I WANT THAT", target=("Bo",),
                                 resource=("energy",)), tables).game
    out = perform(g, Answer("Cy", "Calling in a Favor"), tables)  # Cy is not a victim
    assert out.game.waits.attack is None
    assert "I WANT THAT! is stopped" in public_text([out])
    assert [p.energy for p in out.game.players] == [5, 5, 5]


def test_answers_refused_in_one_line(tables):
    g = hand(want_that(tables), "Cy", "decoy")
    with pytest.raises(RulesError, match="no attack waits"):
        perform(g, Answer("Bo", "take"), tables)
    g = perform(g, waiting("Ana", "I WANT THAT", target=("Bo",),
                                 resource=("energy",)), tables).game
    with pytest.raises(RulesError, match="Ana played I WANT THAT!"):
        perform(g, Answer("Ana", "take"), tables)
    with pytest.raises(RulesError, match="does not hit Cy"):
        perform(g, Answer("Cy", "take"), tables)
    with pytest.raises(RulesError, match="Cy holds no 'Wrong Address'"):
        perform(g, Answer("Cy", "Wrong Address"), tables)
    with pytest.raises(RulesError, match="Decoy answers a card that takes a card"):
        perform(g, Answer("Cy", "Decoy"), tables)
    with pytest.raises(RulesError, match="still waits for answers: Bo"):
        perform(hand(g, "Ana", "brownout"),
                waiting("Ana", "Brownout", target=("Cy",)), tables)


def test_wait_refuses_answers_given_by_the_player(tables):
    with pytest.raises(InputError, match="--answer: with --wait each victim answers"):
        perform(want_that(tables), waiting("Ana", "I WANT THAT", target=("Bo",),
                                                 resource=("energy",),
                                                 answer=("Bo=Wrong Address",)), tables)


def test_a_card_with_no_victim_to_answer_is_played_at_once(tables):
    g = hand(base(tables), "Ana", "winning-raffle-ticket")
    out = perform(g, waiting("Ana", "Winning Raffle Ticket"), tables)
    assert out.game.waits.attack is None
    assert out.game == perform(g, KarmaPlay.from_flat("Ana", "Winning Raffle Ticket"), tables).game


def test_auto_resolves_the_waiting_attack_with_the_answers_given(tables):
    g = perform(want_that(tables), waiting("Ana", "I WANT THAT", target=("Bo", "Cy"),
                                                  resource=("energy",)), tables).game
    g = perform(g, Answer("Bo", "Wrong Address"), tables).game
    out = resolve_now(g, tables)
    ref = perform(want_that(tables), KarmaPlay.from_flat("Ana", "I WANT THAT", target=("Bo", "Cy"),
                                                resource=("energy",),
                                                answer=("Bo=Wrong Address",)), tables)
    assert out.game == ref.game and "Cy takes it" in out.messages[0]


def test_auto_gives_back_a_card_that_can_no_longer_be_played(tables):
    g0 = hand(base(tables, phase="production"), "Ana", "brownout")
    g = perform(g0, waiting("Ana", "Brownout", target=("Bo",)), tables).game
    g = replace(g, phase="market")  # Brownout is a production card: too late now
    out = resolve_now(g, tables)
    assert out.game.player("Ana").hand == g0.player("Ana").hand
    assert out.game.waits.attack is None and "goes back to Ana's hand" in out.messages[0]


def test_every_refusal_is_a_rigs_error(tables):
    g = base(tables)
    for op in (DealAccept("Bo", "x"), DealDecline("Zed", "1"), Answer("Bo", "nothing")):
        with pytest.raises(RigsError):
            perform(g, op, tables)


def test_from_a_phone_an_attack_waits_and_the_disasters_wait_for_records(tables):
    from rigs_helper.games.rigs.phases import NextPhase
    from rigs_helper.games.rigs.waits.phone import from_a_phone

    g = want_that(tables)
    op = from_a_phone(KarmaPlay.from_flat("Ana", "I WANT THAT", target=("Bo",), resource=("energy",)),
                      g)
    assert isinstance(op, KarmaPlay) and op.wait
    assert perform(g, op, tables).game.waits.attack.victims == ("Bo",)
    out = perform(g, from_a_phone(NextPhase(), g), tables)
    assert out.game.phase == "disaster" and len(out.game.waits.disasters) == 3
    assert all(p.disaster is None for p in out.game.players)
    market = replace(g, phase="market")
    assert from_a_phone(NextPhase(), market) == NextPhase()


WAIT_ACTIONS = ("deal propose", "deal accept", "deal decline", "deal withdraw", "answer",
                "disaster record")


def test_listed_wait_actions_pass_their_check_and_name_no_other_hand(tables):
    import json

    from rigs_helper.games.rigs.legal import (
        actions_json,
        legal_actions,
        operation,
        waiting_for,
    )

    g = propose(want_that(tables), tables, "Ana", "Bo", (("energy", 2),), (),
                (("credits", 10),))
    g = perform(g, waiting("Ana", "I WANT THAT", target=("Bo", "Cy"),
                                 resource=("energy",)), tables).game
    seen = set()
    for name in ("Ana", "Bo", "Cy"):
        for a in legal_actions(g, tables, name):
            if a.action not in WAIT_ACTIONS:
                continue
            seen.add(a.action)
            form = {p.name: [p.values[0] if p.values else str(p.max)]
                    for p in a.params if p.required or p.name in ("energy", "for_credits")}
            operation(g, tables, name, a.action, form).check(g, tables)
    assert seen == set(WAIT_ACTIONS) - {"disaster record"}
    def mine(name):
        return json.dumps([a for a in actions_json(g, tables, name)["actions"]
                           if a["action"] in WAIT_ACTIONS])

    assert "Wrong Address" not in mine("Cy")
    assert "Wrong Address" in mine("Bo")  # Bo's own page
    words = {(w["player"], w["what"]) for w in waiting_for(g, tables)}
    assert {("Bo", "answer to I WANT THAT!"), ("Cy", "answer to I WANT THAT!"),
            ("Bo", "answer to Ana's deal 1")} <= words
    with pytest.raises(InputError):
        operation(g, tables, "Bo", "answer", {"card": ["take"], "colour": ["red"]})


def test_disaster_records_wait_in_waiting_for_and_keep_the_phase_open(tables):
    from rigs_helper.rules.errors import PendingChoice
    from rigs_helper.games.rigs.legal import (
        legal_actions,
        operation,
        phase_ready,
        waiting_for,
    )
    from rigs_helper.games.rigs.phases import NextPhase

    g = perform(base(tables), NextPhase(wait=True), tables).game
    assert {(w["player"], w["what"]) for w in waiting_for(g, tables)} >= {
        (n, "record the Disaster card dealt") for n in ("Ana", "Bo", "Cy")}
    assert not phase_ready(g, tables)
    record = [a for a in legal_actions(g, tables, "Bo") if a.action == "disaster record"]
    values = {v for a in record for v in a.params[0].values}  # those that hurt Bo apart
    assert "virtual" in values and "Theft" in values
    g = perform(g, operation(g, tables, "Bo", "disaster record", {"card": ["Theft"]}),
                tables).game
    assert g.player("Bo").disaster == "theft" and set(g.waits.disasters) == {"Ana", "Cy"}
    with pytest.raises(PendingChoice, match="Ana records the Disaster card dealt"):
        perform(g, NextPhase(), tables)
    out = perform(g, NextPhase(auto=True), tables)  # --auto: rigs draws the others'
    assert out.game.phase == "production"
    assert "(--auto: rigs draws Cy's Disaster card)" in out.messages


# ---------------------------------------------------------------------------- property

GOODS = ("credits", "energy", "supplies", "rigs")


def totals(g):
    return {k: sum(p.warehouse_rigs if k == "rigs" else p.credits if k == "credits"
                   else p.amount(k) for p in g.players) for k in GOODS}


@settings(max_examples=25)
@given(st.lists(st.tuples(st.sampled_from(["propose", "accept", "decline", "withdraw"]),
                          st.sampled_from(["Ana", "Bo", "Cy"]),
                          st.sampled_from(["Ana", "Bo", "Cy"]),
                          st.sampled_from(GOODS), st.integers(1, 6),
                          st.sampled_from(GOODS), st.integers(0, 6),
                          st.integers(1, 4)), max_size=14))
def test_a_deal_moves_both_sides_or_nothing(steps):
    """Whatever is proposed, answered or made stale in between: every accepted deal moves
    exactly its two sides, a decline or withdrawal moves nothing, and nothing is created
    or lost."""
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    g = base(tables)
    start = totals(g)
    for verb, a, b, k, n, back, m, deal in steps:
        open_ = g.waits.deals
        if verb != "propose" and open_ and a != b:  # mostly an open deal, the right player
            d = open_[deal % len(open_)]
            deal, a = d.id, d.giver if verb == "withdraw" else d.receiver
        op = (DealPropose(a, b, ((k, n),), (), ((back, m),) if m else ())
              if verb == "propose" else
              {"accept": DealAccept, "decline": DealDecline,
               "withdraw": DealWithdraw}[verb](a, str(deal)))
        before = g
        try:
            g = perform(g, op, tables).game
        except RigsError:  # refused in one line (the state is frozen: nothing moved)
            continue
        event(f"{verb} done")
        if verb == "accept":
            d = before.waits.deal(str(deal))
            assert g.player(d.giver).credits - before.player(d.giver).credits == \
                sum(x for k2, x in d.back_amounts if k2 == "credits") - \
                sum(x for k2, x in d.amounts if k2 == "credits")
        elif verb != "propose":
            assert g.players == before.players
        assert totals(g) == start
        assert all(min(p.credits, p.energy, p.supplies, p.warehouse_rigs) >= 0
                   for p in g.players)


def test_a_victim_may_change_their_answer_until_the_card_resolves(tables):
    g0 = want_that(tables)
    g = perform(g0, waiting("Ana", "I WANT THAT", target=("Bo", "Cy"),
                                  resource=("energy",)), tables).game
    g = perform(g, Answer("Bo", "Wrong Address"), tables).game
    g = perform(g, Answer("Bo", "take"), tables).game  # Bo keeps his card after all
    assert [r.card for r in g.waits.attack.replies] == ["take"]
    out = perform(g, Answer("Cy", "take"), tables)
    ref = perform(g0, KarmaPlay.from_flat("Ana", "I WANT THAT", target=("Bo", "Cy"),
                                resource=("energy",)), tables)
    assert out.game == ref.game and "wrong-address" in out.game.player("Bo").hand


def test_a_victim_with_alarm_and_donk_in_play_names_the_first_in_their_answer(tables):
    from karmahelp import card_to

    from rigs_helper.games.rigs.codec import from_doc, to_doc

    g0 = want_that(tables, seed=33)
    g0 = card_to(card_to(g0, "Cy", "r-i-g-s-alarm-system", in_play=True), "Cy",
                 "i-ve-got-a-donk", in_play=True)
    play = dict(target=("Bo", "Cy"), resource=("energy",))
    g = perform(g0, waiting("Ana", "I WANT THAT", **play), tables).game
    with pytest.raises(InputError, match=r"Cy names the one that rolls first \(--first"):
        perform(g, Answer("Cy", "take"), tables)
    with pytest.raises(InputError, match="--first: Bo has not both"):
        perform(g, Answer("Bo", "take", first="I've Got a Donk"), tables)
    g = perform(g, Answer("Cy", "take", first="I've Got a Donk"), tables).game
    assert from_doc(to_doc(g, tables), "x.toml", tables) == g  # kept in the game file
    out = perform(g, Answer("Bo", "take"), tables)
    cli = perform(g0, KarmaPlay.from_flat("Ana", "I WANT THAT", **play,
                                first=("Cy=I've Got a Donk",)), tables)
    assert out.game == cli.game


def test_right_back_at_you_split_and_its_answerer_kept_in_the_game_file(tables):
    """The answerer who splits I WANT THAT!'s gains (``splitter``) and a reply's split are
    written and read back; a file without them (older) loads with none."""
    from rigs_helper.games.rigs.codec import from_doc, to_doc

    g = perform(want_that(tables), waiting(
        "Ana", "I WANT THAT", target=("Bo", "Cy"), resource=("energy",), later=True),
        tables).game
    g = perform(g, Answer("Cy", "take"), tables).game
    old = from_doc(to_doc(g, tables), "x.toml", tables)
    assert old == g and old.waits.attack.splitter == ""
    a = g.waits.attack
    g = replace(g, waits=replace(g.waits, attack=replace(
        a, later=("Ana", "Cy"), splitter="Cy",
        replies=(replace(a.replies[0], split=(("Bo", 2), ("Cy", 1))),))))
    doc = to_doc(g, tables)
    assert doc["waits"]["attack"]["splitter"] == "Cy"
    assert doc["waits"]["attack"]["replies"][0]["split"] == {"Bo": 2, "Cy": 1}
    assert from_doc(doc, "x.toml", tables) == g


def test_incorrect_drivers_passed_by_wrong_address_to_an_alarm_system_on_the_pages(tables):
    """Issue 39 (seed 94068): Bo passes Incorrect Drivers on to Cy with Wrong Address from a
    page; the list asks Cy's plot whatever rigs' stand-in die for Cy's Alarm System rolls
    in its trial, and Cy's listed rolls are all accepted: an even one leaves Cy unaffected
    (it was refused, "not passed on to another victim"), an odd one idles the plot named."""
    from karmahelp import at_roll, play, set_plot

    from rigs_helper.games.rigs.legal import legal_actions

    g = set_plot(base(tables, "production"), tables, "Bo", "P11", 2, "metal")
    g = set_plot(g, tables, "Cy", "P12", 1, "metal")
    g = hand(hand(g, "Ana", "incorrect-drivers"), "Bo", "wrong-address")
    g = play(hand(g, "Cy", "r-i-g-s-alarm-system"), tables, "Cy",
             "R.I.G.S. Alarm System").game
    g = perform(g, waiting("Ana", "Incorrect Drivers", plot=("P11",),
                                           later=True), tables).game
    for stand_in in ({2, 4, 6}, {1, 3, 5}):
        listed = [a for a in legal_actions(at_roll(g, stand_in), tables, "Bo")
                  if a.action == "answer" and (to := a.param("to")) is not None
                  and to.values == ("Cy",)]
        assert len(listed) == 1, stand_in
        plot = listed[0].param("plot")
        assert plot is not None and plot.required and "P12" in plot.values, stand_in
        assert set(plot.values) <= {x.id for x in g.player("Cy").plots}
    w = perform(g, Answer("Bo", "Wrong Address", to="Cy", plot="P12"), tables).game
    assert w.waits.attack is not None and w.waits.attack.later == ("Cy",)
    for roll, effects in (("2", ()), ("3", ("idle:P12",))):
        out = perform(w, Answer("Cy", "take", roll=(roll,)), tables).game
        assert out.waits.attack is None
        assert out.player("Cy").effects == effects and out.player("Bo").effects == ()
