"""Right Back At You against a swap (RULES.md, rulings of 2026-11-25): Identity Theft turns
on the player who played it; the original victim reaps what the card would have given its
player, and keeps their own choice (3 Karma cards or the card)."""

from __future__ import annotations

import pytest
from servehelp import rigs


def _credits_and_hands(path, tables):
    from rigs_helper.store import session

    g = session.load(path, tables).game
    return {p.name: (p.credits, len(p.hand), p.incoming) for p in g.players}


@pytest.mark.parametrize("option", ["draw", "card"])
def test_right_back_at_you_turns_identity_theft_on_its_player(tmp_path, tables, option):
    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 7, "--game", game)
    rigs("adjust", "Ana", "karma", "1", "--card", "Identity Theft", "--why", "dealt", "--game", game)
    rigs("adjust", "Bo", "karma", "1", "--card", "Right Back At You", "--why", "dealt", "--game", game)
    rigs("adjust", "Ana", "credits", -40, "--why", "the poorer player", "--game", game)
    rigs("karma", "play", "Ana", "Identity Theft", "--target", "Bo", "--option", option,
         "--answer", "Bo=Right Back At You", "--game", game)
    after = _credits_and_hands(game, tables)
    assert after["Ana"][0] == 20 and after["Bo"][0] == 140  # not the swap (100 / 60)
    assert after["Ana"][1] == 0 and after["Ana"][2] == ()  # nothing meant for Bo
    if option == "draw":
        assert after["Bo"][1] == 3
    else:
        assert after["Bo"][2] == ("identity-theft",)
    rigs("undo", "--game", game)
    rigs("karma", "play", "Ana", "Identity Theft", "--target", "Bo", "--option", option,
         "--game", game)
    plain = _credits_and_hands(game, tables)
    assert plain["Bo"][0] == 60 < after["Bo"][0]  # answering leaves Bo better off


def test_right_back_at_you_on_identity_theft_by_a_richer_player_keeps_the_swap(tmp_path,
                                                                                tables):
    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "--game", game)
    rigs("adjust", "Ana", "karma", "1", "--card", "Identity Theft", "--why", "dealt", "--game", game)
    rigs("adjust", "Bo", "karma", "1", "--card", "Right Back At You", "--why", "dealt", "--game", game)
    rigs("adjust", "Bo", "credits", -70, "--why", "the poorer player", "--game", game)
    rigs("karma", "play", "Ana", "Identity Theft", "--target", "Bo", "--option", "card",
         "--answer", "Bo=Right Back At You", "--game", game)
    after = _credits_and_hands(game, tables)
    assert after["Bo"][0] == 100 and after["Ana"][0] == 30  # as the swap: no worse off


def test_right_back_at_you_on_i_want_that_at_several_victims_split_at_the_terminal(
        tmp_path, tables, rigs):
    """`rigs answer Bo 'Right Back At You'` on I WANT THAT! aimed at Bo and Cy: the card
    turns on Ana, who records her dice; then Bo records the split of what she lost
    (`rigs answer Bo take --split ...`), which adds up to it or is refused in one line."""
    from dataclasses import replace

    from servehelp import rigs as ok
    from servehelp import saved_game

    game = tmp_path / "rigs.toml"
    ok("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 7, "--dice", "table",
       "--game", game)
    ok("adjust", "Ana", "karma", "1", "--card", "I WANT THAT!", "--why", "dealt", "--game", game)
    ok("adjust", "Bo", "karma", "1", "--card", "Right Back At You", "--why", "dealt", "--game", game)
    before = saved_game(game, tables)
    ok("karma", "play", "Ana", "I WANT THAT!", "--target", "Bo", "--target", "Cy",
       "--resource", "energy", "--wait", "--game", game)
    ok("answer", "Bo", "Right Back At You", "--game", game)  # the whole card turns
    r = rigs("answer", "Cy", "take", "--roll", "2", "--game", game)
    assert r.exit_code != 0 and "waits for Ana only" in r.stderr
    early = rigs("answer", "Bo", "take", "--split", "Bo=3", "--game", game)
    assert early.exit_code != 0 and "Ana only" in early.stderr  # the dice come first
    ok("answer", "Ana", "take", "--roll", "2", "--roll", "1", "--game", game)
    assert saved_game(game, tables).waits.attack.waiting() == ("Bo",)
    waiting = game.read_text()
    for bad in (["--split", "Bo=2"], ["--split", "Bo=2", "--split", "Ana=1"], []):
        r = rigs("answer", "Bo", "take", *bad, "--game", game)
        assert r.exit_code != 0 and len(r.stderr.strip().splitlines()) == 1, r.output
        assert "Traceback" not in r.output and game.read_text() == waiting
    assert "3 energy to split among Bo, Cy" in rigs(
        "answer", "Bo", "take", "--split", "Bo=3", "--split", "Cy=1", "--game", game).stderr
    out = ok("answer", "Bo", "take", "--split", "Bo=1", "--split", "cy=2", "--game", game)
    assert "Ana rolls 2 for Bo: loses 2 energy." in out and "Cy gets 2 energy." in out
    after = saved_game(game, tables)
    assert [after.player(n).energy - before.player(n).energy for n in ("Ana", "Bo", "Cy")] \
        == [-3, 1, 2]
    assert after.waits.attack is None and after.rng == before.rng


def test_right_back_at_you_on_i_want_that_at_several_victims_in_an_older_file(tmp_path,
                                                                              tables):
    """An attack waiting in a file written before the cards waited for later players
    (``Attack.later`` None) resolves as before: without a split the answer is refused,
    and the page does not list it."""
    from dataclasses import replace

    from servehelp import rigs as ok
    from servehelp import saved_game

    from rigs_helper.rules.errors import InputError
    from rigs_helper.games.rigs.karma.play import KarmaPlay
    from rigs_helper.games.rigs.legal import legal_actions
    from rigs_helper.games.rigs.waits.attacks import Answer

    game = tmp_path / "rigs.toml"
    ok("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 7, "--game", game)
    ok("adjust", "Ana", "karma", "1", "--card", "I WANT THAT!", "--why", "dealt", "--game", game)
    ok("adjust", "Bo", "karma", "1", "--card", "Right Back At You", "--why", "dealt", "--game", game)
    play = KarmaPlay.from_flat("Ana", "I WANT THAT!", target=("Bo", "Cy"),
                               resource=("energy",))
    g = replace(play, wait=True).apply(saved_game(game, tables), tables).game
    assert g.waits.attack.later is None
    answer = Answer("Bo", "Right Back At You")
    try:
        answer.check(g, tables)
        raise AssertionError("accepted")
    except InputError as err:
        assert "to split among Bo, Cy" in str(err)
    assert not any(a.action == "answer" and a.param("card").values == ("Right Back At You",)
                   for a in legal_actions(g, tables, "Bo"))
    try:
        Answer("Bo", "take", split=(("Bo", 1),)).check(g, tables)
        raise AssertionError("accepted")
    except InputError as err:
        assert str(err).startswith("--split")


def test_right_back_at_you_on_record_not_found_the_original_victim_draws(tmp_path, tables):
    """Ruling (RULES.md 2026-11-27): a victim's own Karma draw is a benefit; "Record Not
    Found" turned back, the original victim (Bo) draws it, as for Identity Theft, and the
    card's player (Ana) suffers the harm (her plot goes)."""
    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 7, "--game", game)
    rigs("adjust", "Ana", "karma", "1", "--card", '"Record Not Found"', "--why", "dealt",
         "--game", game)
    rigs("adjust", "Bo", "karma", "1", "--card", "Right Back At You", "--why", "dealt",
         "--game", game)
    before = _credits_and_hands(game, tables)
    rigs("karma", "play", "Ana", '"Record Not Found"', "--plot", "P22", "--new-owner", "Cy",
         "--answer", "Bo=Right Back At You", "--answer-plot", "P6", "--game", game)
    after = _credits_and_hands(game, tables)
    assert after["Bo"][1] == before["Bo"][1] - 1 + 1  # Right Back At You out, one drawn
    assert after["Ana"][1] == 0  # her card played, nothing drawn
    from rigs_helper.store import session

    g = session.load(game, tables).game
    assert "P6" in {x.id for x in g.player("Cy").plots}  # Ana's plot went
    assert "P22" in {x.id for x in g.player("Bo").plots}
