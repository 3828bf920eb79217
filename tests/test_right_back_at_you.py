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
    rigs("karma", "draw", "Ana", "--card", "Identity Theft", "--game", game)
    rigs("karma", "draw", "Bo", "--card", "Right Back At You", "--game", game)
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
    rigs("karma", "draw", "Ana", "--card", "Identity Theft", "--game", game)
    rigs("karma", "draw", "Bo", "--card", "Right Back At You", "--game", game)
    rigs("adjust", "Bo", "credits", -70, "--why", "the poorer player", "--game", game)
    rigs("karma", "play", "Ana", "Identity Theft", "--target", "Bo", "--option", "card",
         "--answer", "Bo=Right Back At You", "--game", game)
    after = _credits_and_hands(game, tables)
    assert after["Bo"][0] == 100 and after["Ana"][0] == 30  # as the swap: no worse off
