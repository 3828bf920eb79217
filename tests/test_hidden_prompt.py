"""A card going into a hand recorded without showing it (issue 17 item 4): a title given as
`-` is read at a hidden prompt (one line of stdin without a terminal) and never echoed:
`karma draw --card -`, `karma swap --card -`, `next --karma PLAYER=-`, `karma play --drew
PLAYER=-` and the card a Karma play takes (`--card -`)."""

from __future__ import annotations

from clihelp import base, save
from karmahelp import hand

from rigs_helper.store import session


def _run(runner, path, *args, typed=""):
    from rigs_helper.cli import app

    return runner.invoke(app, [*args, "--game", str(path)], input=typed)


def test_karma_draw_card_asked_at_a_hidden_prompt(runner, tmp_path, tables):
    from gameplay import set_player

    g = base(tables)  # Ana owes a card a Karma card made her draw (no draw at will)
    path = save(tmp_path, set_player(g, "Ana", owed_karma=2), tables)
    r = _run(runner, path, "karma", "draw", "Ana", "--card", "-", typed="Decoy\n")
    assert r.exit_code == 0, r.output
    assert "Decoy" not in r.output
    assert session.load(path, tables).game.player("Ana").hand == ("decoy",)
    log = _run(runner, path, "log")
    assert "Decoy" not in log.output
    r = _run(runner, path, "karma", "draw", "Ana", "--card", "-", typed="\n")
    assert r.exit_code == 1 and "no title given" in r.output


def test_karma_swap_card_asked_at_a_hidden_prompt(runner, tmp_path, tables):
    from dataclasses import replace

    from gameplay import set_player

    g = set_player(hand(replace(base(tables), phase="disaster"), "Ana", "ruins"), "Ana",
                   may_swap=True)
    path = save(tmp_path, g, tables)
    r = _run(runner, path, "karma", "swap", "Ana", "Ruins", "--card", "-", typed="Decoy\n")
    assert r.exit_code == 0, r.output
    assert "Decoy" not in r.output
    assert session.load(path, tables).game.player("Ana").hand == ("decoy",)


def test_karma_play_takes_a_card_asked_at_a_hidden_prompt(runner, tmp_path, tables):
    g = hand(hand(base(tables), "Ana", "i-ll-take-that"), "Bo", "ruins", "decoy")
    path = save(tmp_path, g, tables)
    r = _run(runner, path, "karma", "play", "Ana", "I'll Take THAT!", "--target", "Bo",
             "--card", "-", typed="Ruins\n")
    assert r.exit_code == 0, r.output
    assert "Ruins" not in r.output
    assert session.load(path, tables).game.player("Ana").hand == ("ruins",)


def test_next_karma_asked_at_a_hidden_prompt(runner, tmp_path, tables):
    path = tmp_path / "g.toml"
    _run(runner, path, "new", "-p", "Ana", "-p", "Bo", "--seed", "3")
    r = _run(runner, path, "next", "--card", "Ana=Massive Solar Flare", "--card", "Bo=Safe",
             "--karma", "Ana=-", typed="Decoy\n")
    assert r.exit_code == 0, r.output
    assert "Decoy" not in r.output
    assert "decoy" in session.load(path, tables).game.player("Ana").hand


def test_a_die_asked_for_names_no_hand_card(runner, tmp_path, tables):
    path = tmp_path / "g.toml"
    _run(runner, path, "new", "-p", "Ana", "-p", "Bo", "--seed", "3", "--dice", "table")
    _run(runner, path, "adjust", "Ana", "karma", "1", "--card", "Rough Storm", "--why", "dealt")
    r = _run(runner, path, "karma", "play", "Ana", "Rough Storm", "--drew", "Bo=Decoy",
             "--roll", "Ana=6")
    assert r.exit_code == 3 and "Decoy" not in r.output
    assert "--drew Bo=- --roll Ana=6 --roll Bo=N" in r.output
