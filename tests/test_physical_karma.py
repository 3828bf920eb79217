"""Record what happened at the table: the Karma card a player hurt by a Disaster drew from
the physical deck (`rigs next --karma PLAYER=TITLE`), instead of a virtual draw."""

from __future__ import annotations

import json


def _new(rigs, tmp_path):
    path = tmp_path / "g.toml"
    r = rigs("new", "--player", "Ana", "--player", "Bo", "--seed", "9", "--game", path)
    assert r.exit_code == 0, r.output
    return path


def _status(rigs, path, name):
    r = rigs("status", name, "--private", "--json", "--game", path)
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)


def test_hurt_player_draws_the_recorded_karma_card(rigs, tmp_path):
    path = _new(rigs, tmp_path)
    # Both start with 5 Energy: a Massive Solar Flare takes it all, so Bo is hurt and draws
    # one Karma card; Safe hurts nobody, so Ana draws none.
    r = rigs("next", "--card", "Ana=Safe", "--card", "Bo=Massive Solar Flare",
             "--karma", "Bo=Poker Night", "--game", path)
    assert r.exit_code == 0, r.output
    bo = _status(rigs, path, "Bo")
    assert bo["hand"] == ["Poker Night"]
    assert bo["energy"] == 0
    assert _status(rigs, path, "Ana")["hand"] == []


def test_recording_for_an_unhurt_player_is_refused_and_changes_nothing(rigs, tmp_path):
    path = _new(rigs, tmp_path)
    before = path.read_bytes()
    r = rigs("next", "--card", "Ana=Safe", "--card", "Bo=Safe", "--karma", "Ana=Decoy",
             "--game", path)
    assert r.exit_code == 1
    assert "Ana drew no Karma card" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_a_karma_card_the_books_put_in_another_hand_is_taken_as_drawn(rigs, tmp_path):
    """No refusal is an oracle (issue 43): refusing Bo's Decoy would tell Bo that Ana holds
    it.  The cardboard says the deck had it: the books were wrong about Ana's hand, whose
    Decoy changes places with the deck's bottom card (told to Ana alone)."""
    path = _new(rigs, tmp_path)
    assert rigs("adjust", "Ana", "karma", "1", "--card", "Decoy", "--why", "dealt", "--game", path).exit_code == 0
    r = rigs("next", "--card", "Ana=Safe", "--card", "Bo=Massive Solar Flare",
             "--karma", "Bo=Decoy", "--game", path)
    assert r.exit_code == 0, r.output
    assert _status(rigs, path, "Bo")["hand"] == ["Decoy"]
    (other,) = _status(rigs, path, "Ana")["hand"]
    assert other != "Decoy" and other not in r.stdout  # (Ana's card: hers to see)
    # the card in Bo's own sight (his hand now) cannot be drawn again
    before = path.read_bytes()
    assert rigs("adjust", "Bo", "karma", "1", "--card", "Decoy", "--why", "x", "--game",
                path).exit_code == 1
    assert path.read_bytes() == before


def test_karma_recording_only_when_disasters_are_dealt(rigs, tmp_path):
    path = _new(rigs, tmp_path)
    assert rigs("next", "--auto", "--game", path).exit_code == 0  # now Disaster Phase
    before = path.read_bytes()
    r = rigs("next", "--karma", "Ana=Decoy", "--game", path)
    assert r.exit_code == 1
    assert "--karma" in r.stderr
    assert path.read_bytes() == before


def test_karma_play_records_the_victims_physical_draws(rigs, tmp_path):
    path = _new(rigs, tmp_path)
    assert rigs("adjust", "Ana", "karma", "1", "--card", "Bad OS Revision", "--why", "dealt", "--game", path
                ).exit_code == 0
    # Bad OS Revision: the victim draws 2 Karma cards; both recorded from the table.
    r = rigs("karma", "play", "Ana", "Bad OS", "--target", "Bo", "--drew", "Bo=Decoy",
             "--drew", "Bo=Ruins", "--game", path)
    assert r.exit_code == 0, r.output
    assert _status(rigs, path, "Bo")["hand"] == ["Decoy", "Ruins"]


def test_karma_play_refuses_a_draw_the_card_does_not_make(rigs, tmp_path):
    path = _new(rigs, tmp_path)
    assert rigs("adjust", "Ana", "karma", "1", "--card", "Eye for an Eye", "--why", "dealt", "--game", path
                ).exit_code == 0
    before = path.read_bytes()
    # Eye for an Eye makes nobody draw.
    r = rigs("karma", "play", "Ana", "Eye for", "--target", "Bo", "--drew", "Bo=Decoy",
             "--game", path)
    assert r.exit_code == 1
    assert "--drew" in r.stderr
    assert path.read_bytes() == before


def test_karma_draw_refuses_an_empty_card_title(rigs, tmp_path):
    path = _new(rigs, tmp_path)
    before = path.read_bytes()
    r = rigs("karma", "draw", "Ana", "--card", "", "--game", path)
    assert r.exit_code == 1
    assert r.stderr == "rigs: no Karma card called '' (see `rigs cards --deck karma`)\n"
    assert path.read_bytes() == before
