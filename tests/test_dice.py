"""The table's dice come first; rigs rolls only what the table did not, and says so."""

from __future__ import annotations

import pytest

from rigs_helper.games.rigs.dice import DiceCup, Rolls, parse_rolls
from rigs_helper.rules.errors import InputError
from rigs_helper.rules.rng import Rng


def test_roll_option_reads_plain_and_named_rolls():
    assert parse_rolls(["4", "Ana=3", "6"]) == Rolls((4, 6), (("Ana", 3),))
    assert parse_rolls(None) == Rolls()
    assert not Rolls()


@pytest.mark.parametrize("bad", ["0", "7", "-1", "x", "Ana=9", "=3", "4.5", " 6 ", "٣", "+3"])
def test_a_roll_outside_one_to_six_is_refused_in_one_line(bad):
    with pytest.raises(InputError) as err:
        parse_rolls([bad])
    assert "\n" not in str(err.value) and "--roll" in str(err.value)


def test_table_rolls_are_used_before_the_generator_and_named_ones_go_to_their_player():
    rng = Rng(7)
    cup = DiceCup(parse_rolls(["2", "Bo=5"]), rng)
    assert cup.roll("Bo", why="leader tie") == 5
    assert cup.roll("Ana", why="leader tie") == 2
    assert rng.pos == 0  # the generator was not touched
    third = cup.roll(why="Rough Storm")
    assert rng.pos > 0 and 1 <= third <= 6
    assert cup.leftover() is None
    assert cup.announcement() == f"rolled by rigs: {third} (Rough Storm)"


def test_generator_rolls_are_announced_by_player_and_reason():
    cup = DiceCup(Rolls(), Rng(1))
    a, b = cup.roll("Ana", why="leader tie"), cup.roll("Bo", why="leader tie")
    assert cup.announcement() == f"rolled by rigs: Ana {a}, Bo {b} (leader tie)"
    assert cup.table == []


def test_table_rolls_that_nothing_used_are_reported():
    cup = DiceCup(parse_rolls(["3", "Cy=1"]), Rng(1))
    cup.roll(why="x")
    assert cup.leftover() == "Cy=1"
    assert cup.announcement() is None


def test_an_operation_refuses_table_rolls_it_did_not_use(tables):
    from rigs_helper.games.rigs.engine import Work
    from rigs_helper.games.rigs.setup import new_game

    game = new_game(["Ana", "Bo"], 5, tables).game
    w = Work(game, tables, rolls=parse_rolls(["4"]))
    with pytest.raises(InputError, match="not used"):
        w.done()
    w = Work(game, tables, rolls=parse_rolls(["4"]))
    assert w.die(why="test") == 4
    assert w.done().game.rng == game.rng  # a table roll leaves the generator where it was


def test_the_generators_words_at_once_are_its_next_words_one_by_one():
    """``Rng.words(n)`` (the forecast's samples drawn at once) is the same stream as ``n``
    calls of ``next64``, and leaves the generator where they would."""
    a, b = Rng(12345, 7), Rng(12345, 7)
    assert a.words(500) == [b.next64() for _ in range(500)]
    assert (a.pos, a.next64()) == (b.pos, b.next64())
    assert a.words(0) == [] and a.pos == b.pos
