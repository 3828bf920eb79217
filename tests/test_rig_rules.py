"""RIG's rules, one test per rule of the seed's chart and play order, and per ruling
(docs/rulings.md, RIG).  States are built directly: a seat's dice, queue and Rig as the
rule needs them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rigs_helper.game.play import perform
from rigs_helper.games.rig.actions import Cancel, Extra, Flip, Pop, Roll, Steal, Take
from rigs_helper.games.rig.pieces import COLOURS, KIND_A, KIND_B, Token, read_face, read_token
from rigs_helper.games.rig.state import Seat, State, new_state
from rigs_helper.rules.errors import InputError, RulesError

T = read_token


def turn(ana: Seat | None = None, bo: Seat | None = None, step="pop", first=0, rnd=1,
         pile=4, **kw) -> State:
    """Round ``rnd``, the turn of seat ``first`` (Ana 0, Bo 1) at ``step``."""
    st = new_state(("Ana", "Bo"), 7, pile)
    dice = ("blue", "gold", "blue", "gold")
    return replace(st, seats=(ana or Seat("Ana", dice=dice), bo or Seat("Bo", dice=dice)),
                   round=rnd, step=step, order=(first, 1 - first), **kw)


def q(*names: str) -> tuple[Token, ...]:
    return tuple(T(n) for n in names)


def pile(st: State) -> dict[str, int]:
    return dict(zip(COLOURS, st.pile))


# --- the pieces ------------------------------------------------------------------------

def test_the_dice_two_kinds_blank_blue_and_gold_signs_on_the_other_four():
    assert sorted(KIND_A) == sorted(["blue", "gold", "black-", "red-", "green+", "purple+"])
    assert sorted(KIND_B) == sorted(["blue", "gold", "black+", "red+", "green-", "purple-"])


def test_the_tokens_two_sides_per_colour():
    pairs = {c: (Token(c, "component").name, Token(c, "action").name) for c in COLOURS}
    assert pairs == {"red": ("Rotor", "Sabotage"), "purple": ("Gears", "Flip"),
                     "black": ("Gyro", "Extra"), "gold": ("Pipes", "Steal"),
                     "blue": ("Boiler", "Boost"), "green": ("Frame", "Magnet")}


def test_a_face_without_its_sign_is_refused():
    assert read_face("RED-") == "red-" and read_face("blue") == "blue"
    with pytest.raises(InputError, match=r"red\+ or red-"):
        read_face("red")
    with pytest.raises(InputError, match="no sign"):
        read_face("gold+")


def test_virtual_roll_uses_each_kinds_faces_two_dice_of_each():
    st = new_state(("Ana", "Bo"), 11)
    for seed in range(40):
        st = replace(st, seed=seed, seats=(Seat("Ana"), Seat("Bo")))
        dice = perform(st, Roll("Ana")).state.seats[0].dice
        assert dice[0] in KIND_A and dice[1] in KIND_A
        assert dice[2] in KIND_B and dice[3] in KIND_B


def test_table_roll_refuses_three_dice_of_one_kind():
    st = new_state(("Ana", "Bo"), 1)
    with pytest.raises(RulesError, match="only two dice"):
        Roll("Ana", ("red-", "black-", "green+", "blue")).check(st)
    Roll("Ana", ("red-", "black-", "green-", "blue")).check(st)


def test_table_dice_game_needs_the_faces():
    st = new_state(("Ana", "Bo"), 1, dice_by="table")
    with pytest.raises(RulesError, match="give Ana's four faces"):
        Roll("Ana").check(st)


# --- Round Zero --------------------------------------------------------------------------

def test_round_zero_tie_rerolls():
    st = new_state(("Ana", "Bo"), 1)
    st = perform(st, Roll("Ana", ("red-", "green+", "blue", "gold"))).state
    out = perform(st, Roll("Bo", ("blue", "gold", "blue", "gold")))
    assert out.state.step == "roll" and out.state.round == 0
    assert all(not s.dice for s in out.state.seats)
    assert "rolls again" in out.said[-1]


def test_round_zero_higher_total_takes_first_and_no_cancelling():
    st = new_state(("Ana", "Bo"), 1)
    st = perform(st, Roll("Ana", ("red-", "green+", "blue", "gold"))).state
    st = perform(st, Roll("Bo", ("red+", "green+", "blue", "gold"))).state
    assert st.order == (1, 0) and st.step == "take"
    assert all(s.aside == () for s in st.seats)  # the same colours stay in play


def test_round_zero_first_takes_then_second_then_round_one_rolls():
    st = new_state(("Ana", "Bo"), 1)
    st = perform(st, Roll("Ana", ("red+", "green+", "blue", "gold"))).state
    st = perform(st, Roll("Bo", ("red-", "green-", "blue", "gold"))).state
    with pytest.raises(RulesError, match="Ana's turn"):
        Take("Bo", q("Rotor")).check(st)
    st = perform(st, Take("Ana", q("Rotor", "Magnet", "Boiler", "Pipes"))).state
    assert st.seats[0].queue == q("Rotor", "Magnet", "Boiler", "Pipes")
    st = perform(st, Take("Bo", q("Sabotage"))).state
    assert (st.round, st.step) == (1, "roll") and all(not s.dice for s in st.seats)


# --- Round One and onward ----------------------------------------------------------------

def test_same_colours_cancel():
    st = replace(new_state(("Ana", "Bo"), 1), round=1, order=(0, 1))
    st = perform(st, Roll("Ana", ("red-", "green+", "blue", "gold"))).state
    st = perform(st, Roll("Bo", ("red+", "purple-", "blue", "blue"))).state
    assert st.seats[0].aside == (0, 2) and st.seats[1].aside == (0, 2)
    # Ana: green+ and gold in play (1); Bo: purple- and one blue (-1)
    assert st.order == (0, 1) and st.step == "pop"


def test_player_with_more_of_a_colour_chooses_which_to_set_aside():
    st = replace(new_state(("Ana", "Bo"), 1), round=1, order=(0, 1))
    st = perform(st, Roll("Ana", ("red-", "red+", "blue", "gold"))).state
    st = perform(st, Roll("Bo", ("red+", "purple-", "green+", "black-"))).state
    assert st.step == "cancel" and st.cancels == ((0, "red", 1),)
    with pytest.raises(RulesError, match="1 of the red dice"):
        Cancel("Ana", (3,)).check(st)
    st = perform(st, Cancel("Ana", (1,))).state  # red- goes, red+ stays
    assert st.seats[0].aside == (0,) and st.seats[1].aside == (0,)
    assert st.step == "pop" and st.order == (0, 1)  # Ana +1, Bo -1


def test_tie_goes_to_second_player_of_previous_round():
    st = replace(new_state(("Ana", "Bo"), 1), round=2, order=(0, 1))
    st = perform(st, Roll("Ana", ("blue", "gold", "blue", "gold"))).state
    st = perform(st, Roll("Bo", ("green+", "black+", "purple-", "red-"))).state
    assert st.order == (1, 0)  # 0 each: Bo was second in round 1


def test_boost_adds_two_to_the_next_roll_then_is_discarded():
    ana = Seat("Ana", ready=("blue",))
    st = replace(new_state(("Ana", "Bo"), 1), seats=(ana, Seat("Bo")), round=2, order=(0, 1),
                 pile=(4, 4, 4, 4, 3, 4))
    st = perform(st, Roll("Ana", ("green+", "blue", "blue", "gold"))).state
    st = perform(st, Roll("Bo", ("green+", "purple+", "gold", "blue"))).state
    # after cancelling Ana has 0 and Bo +1: Ana's Boost (+2) makes her first
    assert st.order == (0, 1)
    assert st.seats[0].ready == () and pile(st)["blue"] == 4


def test_pop_comes_before_take():
    st = turn(Seat("Ana", dice=("red-", "gold", "blue", "gold"), queue=q("Rotor")))
    with pytest.raises(RulesError, match="pop the top two tokens"):
        Take("Ana", q("Rotor")).check(st)


def test_pop_takes_the_top_two_tokens_components_go_into_the_rig():
    st = turn(Seat("Ana", dice=("blue",) * 4, queue=q("Rotor", "Gears", "Pipes")))
    st = perform(st, Pop("Ana")).state
    assert st.seats[0].rig == ("red", "purple") and st.seats[0].queue == q("Pipes")
    assert st.step == "take"


def test_take_one_token_per_die_in_play_with_its_colour():
    ana = Seat("Ana", dice=("red-", "red+", "blue", "gold"), aside=(3,))
    st = turn(ana, step="take")
    st2 = perform(st, Take("Ana", q("Rotor", "Sabotage", "Boost"))).state
    assert st2.seats[0].queue == q("Rotor", "Sabotage", "Boost")
    assert pile(st2)["red"] == 2 and pile(st2)["gold"] == 4
    with pytest.raises(RulesError, match="one token per colour rolled"):
        Take("Ana", q("Pipes")).check(st)  # the gold die is set aside
    with pytest.raises(RulesError, match="at most 1 blue"):
        Take("Ana", q("Boiler", "Boost")).check(st)


def test_out_of_luck_when_the_pile_has_no_token_of_the_colour():
    st = replace(turn(Seat("Ana", dice=("red-", "red+", "blue", "gold")), step="take"),
                 pile=(1, 4, 4, 4, 4, 4))
    with pytest.raises(RulesError, match="out of luck"):
        Take("Ana", q("Rotor", "Rotor")).check(st)
    perform(st, Take("Ana", q("Rotor", "Boost")))


def test_second_player_plays_after_the_first_then_a_new_roll():
    st = turn(step="take")
    st = perform(st, Take("Ana")).state
    assert st.step == "pop" and st.current() == 1
    st = perform(st, Pop("Bo")).state
    st = perform(st, Take("Bo")).state
    assert (st.round, st.step, st.seats[0].dice) == (2, "roll", ())


def test_win_as_soon_as_a_rig_holds_one_of_each_component():
    ana = Seat("Ana", rig=("red", "purple", "black", "gold"), queue=q("Boiler", "Frame"))
    st = perform(turn(ana), Pop("Ana")).state
    assert st.step == "over" and st.winner == 0
    with pytest.raises(RulesError, match="Ana won"):
        Take("Ana").check(st)


def test_popped_tokens_resolve_top_first():
    ana = Seat("Ana", dice=("blue",) * 4, queue=q("Extra", "Rotor"))
    st = perform(turn(ana), Pop("Ana")).state
    assert st.step == "resolve" and st.seats[0].rig == ()  # the Rotor waits for the Extra
    st = perform(st, Extra("Ana", "green", "component")).state
    assert st.seats[0].rig == ("red",) and st.seats[0].queue == q("Frame")
    assert st.step == "take" and pile(st)["black"] == 5 and pile(st)["green"] == 3


# --- the chart -------------------------------------------------------------------------

def test_sabotage_opponent_discards_top_two_of_their_queue():
    ana = Seat("Ana", queue=q("Sabotage"))
    bo = Seat("Bo", queue=q("Rotor", "Flip", "Gyro"))
    st = perform(turn(ana, bo), Pop("Ana")).state
    assert st.seats[1].queue == q("Gyro")
    assert pile(st) == {**dict.fromkeys(COLOURS, 4), "red": 6, "purple": 5}


def test_flip_turns_a_die_to_its_opposite_side():
    ana = Seat("Ana", dice=("red-", "green+", "blue", "black+"), queue=q("Flip"))
    st = perform(turn(ana), Pop("Ana")).state
    for die, after in ((1, "black-"), (2, "purple+"), (3, "gold"), (4, "red+")):
        assert perform(st, Flip("Ana", "Ana", die=die)).state.seats[0].dice[die - 1] == after
    st = perform(st, Flip("Ana", "Bo", die=1)).state
    assert st.seats[1].dice[0] == "gold" and pile(st)["purple"] == 5


def test_flip_turns_a_queue_token_to_its_other_side():
    ana = Seat("Ana", dice=("blue",) * 4, queue=q("Flip", "Gyro", "Rotor"))
    st = perform(turn(ana, Seat("Bo", queue=q("Pipes", "Magnet"))), Pop("Ana")).state
    assert perform(st, Flip("Ana", "Bo", token=2)).state.seats[1].queue == q("Pipes", "Frame")
    assert perform(st, Flip("Ana", "Ana", token=1)).state.seats[0].queue == q("Sabotage")


def test_flip_refuses_a_die_set_aside_ruling():
    ana = Seat("Ana", dice=("red-", "green+", "blue", "black+"), aside=(0,), queue=q("Flip"))
    st = perform(turn(ana), Pop("Ana")).state
    with pytest.raises(RulesError, match="set aside for the round"):
        Flip("Ana", "Ana", die=1).check(st)


def test_extra_takes_a_token_of_any_colour_side_chosen():
    ana = Seat("Ana", dice=("blue",) * 4, queue=q("Extra"))
    st = perform(turn(ana), Pop("Ana")).state
    st = perform(st, Extra("Ana", "gold", "action")).state
    assert st.seats[0].queue == q("Steal") and pile(st)["gold"] == 3


def test_steal_removes_a_die_and_takes_a_token_from_the_opponents_rig():
    ana = Seat("Ana", dice=("red-", "green+", "blue", "gold"), queue=q("Steal"))
    bo = Seat("Bo", rig=("red", "green"))
    st = perform(turn(ana, bo), Pop("Ana")).state
    with pytest.raises(RulesError, match="no gold component"):
        Steal("Ana", 1, "gold").check(st)
    st = perform(st, Steal("Ana", 2, "green", "component")).state
    assert st.seats[1].rig == ("red",) and st.seats[0].queue == q("Frame")
    assert st.seats[0].aside == (1,) and st.step == "take"
    with pytest.raises(RulesError, match="at most 0 green"):
        Take("Ana", q("Frame")).check(st)  # the die it cost gives no token


def test_steal_with_an_empty_rig_does_nothing_ruling():
    ana = Seat("Ana", dice=("red-", "green+", "blue", "gold"), queue=q("Steal"))
    st = perform(turn(ana), Pop("Ana")).state
    assert st.step == "take" and st.seats[0].aside == () and pile(st)["gold"] == 5


def test_boost_and_magnet_wait_in_a_ready_position():
    st = perform(turn(Seat("Ana", queue=q("Boost", "Magnet"))), Pop("Ana")).state
    assert st.seats[0].ready == ("blue", "green") and st.step == "take"


def test_magnet_sends_opponents_discards_to_your_queue_until_end_of_their_next_turn():
    ana = Seat("Ana", dice=("blue",) * 4, queue=q("Magnet"))
    bo = Seat("Bo", dice=("blue",) * 4, queue=q("Sabotage"), rig=())
    st = perform(turn(ana, bo), Pop("Ana")).state
    st = perform(st, Take("Ana")).state       # Ana's turn ends: her Magnet stays
    assert st.seats[0].ready == ("green",)
    st = perform(st, Pop("Bo")).state          # Bo executes Sabotage: discarded to Ana
    assert st.seats[0].queue == q("Sabotage")
    st = perform(st, Take("Bo")).state         # the end of Bo's turn: the Magnet goes
    assert st.seats[0].ready == () and pile(st)["green"] == 5


def test_magnet_and_sabotage_together_sabotaged_tokens_come_to_you_ruling():
    ana = Seat("Ana", dice=("blue",) * 4, queue=q("Magnet", "Sabotage"))
    bo = Seat("Bo", queue=q("Rotor", "Steal", "Gyro"))
    st = perform(turn(ana, bo), Pop("Ana")).state
    assert st.seats[0].queue == q("Rotor", "Steal") and st.seats[1].queue == q("Gyro")
    assert pile(st)["red"] == 5  # the Sabotage itself goes back to the pile


def test_a_stalled_game_ends_the_rig_with_more_components_wins_ruling():
    ana = Seat("Ana", dice=("blue",) * 4, rig=("red", "red", "purple"))
    bo = Seat("Bo", dice=("blue",) * 4, rig=("gold",))
    st = replace(turn(ana, bo, step="take", first=1), turn=1, pile=(0,) * 6)
    out = perform(st, Take("Ana"))
    assert out.state.step == "over" and out.state.winner == 0
    assert Counter(out.state.seats[0].rig) == Counter(["red", "red", "purple"])


def test_second_players_magnet_is_discarded_after_the_first_players_next_turn():
    """Play order: "(Second player discards active Magnet token)" comes after the first
    player's turn of the next round; until then the first player's discards go to them."""
    ana = Seat("Ana", dice=("blue",) * 4)
    bo = Seat("Bo", dice=("blue",) * 4, queue=q("Magnet"))
    st = replace(turn(ana, bo, step="pop"), turn=1)  # Bo second in round 1
    st = perform(st, Pop("Bo")).state
    st = perform(st, Take("Bo")).state  # round 2: roll, Ana first
    assert st.round == 2 and st.seats[1].ready == ("green",)
    st = perform(st, Roll("Ana", ("green+", "blue", "blue", "gold"))).state
    st = perform(st, Roll("Bo", ("red-", "black+", "gold", "gold"))).state
    assert st.order == (0, 1) and st.seats[1].ready == ("green",)  # Ana +1, Bo 0
    st = replace(st, seats=(replace(st.seats[0], queue=q("Sabotage")), st.seats[1]))
    st = perform(st, Pop("Ana")).state  # Ana's executed Sabotage goes into Bo's queue
    assert st.seats[1].queue == q("Sabotage")
    st = perform(st, Take("Ana")).state  # the end of Ana's turn: Bo's Magnet goes
    assert st.seats[1].ready == () and pile(st)["green"] == 5 and st.current() == 1


def test_status_says_what_boost_and_magnet_still_do():
    from rigs_helper.games.rig.views import status_dict

    st = turn(Seat("Ana", ready=("blue", "green")), step="take")
    words = status_dict(st)["players"][0]["ready_words"]
    assert words == ["Boost: +2 on Ana's next roll", "Magnet: what Bo discards goes into "
                     "Ana's queue until the end of Bo's next turn"]
