"""A refused command changes nothing, and what Click or Python would take silently is
refused (issue 19): numbers are ASCII digits with an optional minus sign, a single-value
option is given once, free text is one printable line, a deal item is never empty, a count
is bounded by what the game holds, and `score --explain` checks its player before it
writes the End Game draws."""

from __future__ import annotations

import pytest


@pytest.fixture
def game(tmp_path, rigs):
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    return path


def refused(r, before, path, code=None):
    assert r.exit_code != 0 and (code is None or r.exit_code == code), r.output
    assert "internal error" not in r.output and "Traceback" not in r.output
    assert path.read_bytes() == before
    return r.output


@pytest.mark.parametrize("number", ["٣", "１", "1_0", "+3", " 3", "3 ", "0x3", "³", "1e2"])
def test_numbers_are_ascii_digits_with_an_optional_minus_sign(game, rigs, number):
    before = game.read_bytes()
    out = refused(rigs("adjust", "Ana", "credits", number, "--why", "x", "-g", game), before,
                  game, code=2)
    assert "is not a whole number (digits 0-9" in out
    out = refused(rigs("karma", "draw", "Ana", number, "-g", game), before, game, code=2)
    assert "is not a whole number" in out


def test_a_negative_number_is_still_a_number(game, rigs):
    r = rigs("adjust", "Bo", "credits", "-2", "--why", "fine", "-g", game)
    assert r.exit_code == 0, r.output


def test_one_place_reads_numbers(game, rigs):
    from rigs_helper.rules.numbers import whole

    assert [whole(x) for x in ("0", "-7", "42", "٣", "+3", "1_0", "", "-", "9" * 25)] == [
        0, -7, 42, None, None, None, None, None, None]
    before = game.read_bytes()
    for args in (["give", "Ana", "Bo", "credits=٣"], ["give", "Ana", "Bo", "credits=+3"],
                 ["adjust", "Ana", "credits", "99999999999999999999999", "--why", "x"]):
        refused(rigs(*args, "-g", game), before, game)


def test_a_draw_of_more_cards_than_the_deck_holds_is_refused(game, rigs):
    before = game.read_bytes()
    out = refused(rigs("karma", "draw", "Ana", "99999999999999999999999", "-g", game), before,
                  game)
    assert "too large" in out
    out = refused(rigs("adjust", "Ana", "karma", "9999", "--why", "x", "-g", game), before,
                  game, code=1)
    assert "cannot draw 9999 Karma cards: the deck and its discards hold" in out
    out = refused(rigs("karma", "draw", "Ana", "9999", "-g", game), before, game, code=1)
    assert "no draw at will" in out  # nothing owed: no count is drawn at will


@pytest.mark.parametrize("args", [
    ["adjust", "Ana", "credits", "1", "--why", "a", "--why", "b"],
    ["adjust", "Ana", "credits", "1", "--why=a", "--why", "b"],
    # (`karma draw` takes a --card per card drawn: several owed are one record)
    ["karma", "swap", "Ana", "Recycling", "--card", "Recycling", "--card", "Ruins"],
    ["standings", "--seed", "1", "--seed=2"],
])
def test_a_repeated_single_value_option_is_refused(game, rigs, args):
    before = game.read_bytes()
    out = refused(rigs(*args, "-g", game), before, game, code=1)
    assert "is given twice" in out and out.count("\n") == 1


def test_a_repeatable_option_may_be_repeated(game, rigs):
    r = rigs("next", "--roll", "3", "--roll", "4", "-g", game)
    assert "is given twice" not in r.output


@pytest.mark.parametrize("why", ["a\n   7  round  1 player  forged", "tab\there", "bell\x07"])
def test_free_text_is_one_printable_line(game, rigs, why):
    before = game.read_bytes()
    out = refused(rigs("adjust", "Ana", "credits", "1", "--why", why, "-g", game), before,
                  game, code=1)
    assert "one line of printable text" in out and out.count("\n") == 1


def test_free_text_is_checked_by_the_rule_too(tables):
    from rigs_helper.games.rigs.actions.deals import Adjust
    from rigs_helper.rules.errors import InputError
    from rigs_helper.games.rigs.setup import new_game

    g = new_game(["Ana", "Bo"], 3, tables).game
    with pytest.raises(InputError, match="printable"):
        Adjust("Ana", "credits", 1, "a\nb").check(g, tables)


@pytest.mark.parametrize("items", [["credits=1", "--for", ""], ["credits=1", "--for"],
                                   ["credits=1,", "--for", "metal=1"], [""]])
def test_an_empty_deal_item_is_refused(game, rigs, items):
    before = game.read_bytes()
    out = refused(rigs("give", "Ana", "Bo", *items, "-g", game), before, game, code=1)
    assert "empty deal item" in out or "--for names nothing" in out


def test_score_explain_of_an_unknown_player_writes_nothing(tmp_path, rigs):
    path = tmp_path / "fin.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "2", "-g", path).exit_code == 0
    for _ in range(80):
        if rigs("next", "--auto", "-g", path).exit_code:
            break
    assert "game_over = true" in path.read_text()
    before = path.read_bytes()
    out = refused(rigs("score", "--explain", "Zed", "-g", path), before, path, code=1)
    assert "no player called 'Zed'" in out
    r = rigs("score", "--explain", "Ana", "-g", path)
    assert r.exit_code == 0 and "net worth" in r.output and path.read_bytes() != before


@pytest.mark.parametrize("args, item, shape", [
    (("settle", "Ana", "P3"), "P3", "RESOURCE=N"),
    (("settle", "Ana", "=3"), "=3", "RESOURCE=N"),
    (("settle", "Ana", "energy="), "energy=", "RESOURCE=N"),
    (("give", "Ana", "Bo", "=3"), "=3", "GOOD=N"),
])
def test_an_item_of_the_wrong_shape_is_named_once_with_the_shape_to_write(game, rigs, args,
                                                                          item, shape):
    before = game.read_bytes()
    out = refused(rigs(*args, "-g", game), before, game)
    assert out.count(repr(item)) == 1 and f"write {shape}" in out, out
