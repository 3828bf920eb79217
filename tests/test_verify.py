"""Tamper-evident shuffles: `rigs new --word` commits to a seed; `rigs verify` replays the
log from it and catches a pile, a hand or a roll changed outside rigs."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from unittest import mock

import pytest
from conftest import EXAMPLES
from gameplay import physical_left as _physical_left

from rigs_helper.games.rigs.replay import commitment, seed_from_words

INVENTORY = EXAMPLES / "inventory-partial.toml"


def _play(rigs, path, *new_args, score=()):
    """A whole game (the same one every run: the system randomness is fixed here), scored
    (``score``: the options of `rigs score`)."""
    _play_unscored(rigs, path, *new_args)
    r = rigs("score", path, "--json", *score)  # the End Game draws and dice
    assert r.exit_code == 0, r.output
    return r


def _played(dest, score=()):
    """The game of ``_play`` without options to `rigs new` at ``dest``: played to its end
    once per test run (conftest.scripted_copy) and copied here, then scored (``score``)."""
    from conftest import scripted_copy
    from typer.testing import CliRunner

    from rigs_helper.cli import app

    def run(*a):
        return CliRunner().invoke(app, [str(x) for x in a])

    scripted_copy("verify-unscored", lambda path: _play_unscored(run, path), dest)
    r = run("score", dest, "--json", *score)
    assert r.exit_code == 0, r.output
    return dest


def _play_unscored(rigs, path, *new_args):
    """``_play`` up to the end of round 15, before `rigs score`."""
    with mock.patch("os.urandom", lambda n: b"\x5a" * n):
        r = rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--word", "Ana=otter",
                 "--word", "Bo=kettle", "--word", "Cy=mauve", *new_args, "--game", path)
    assert r.exit_code == 0, r.output
    for i in range(60):
        if i == 21:  # a draw, undone, and another
            assert rigs("adjust", "Ana", "karma", "1", "--why", "dealt", "--game", path).exit_code == 0
            assert rigs("undo", "--game", path).exit_code == 0
            assert rigs("adjust", "Bo", "karma", "1", "--why", "dealt", "--game", path).exit_code == 0
        r = rigs("next", "--auto", "--game", path)
        if r.exit_code == 3 and "draw the top card" in r.stderr:  # the group's own cards
            r = rigs("next", "--auto", *_own_cards(path, r.stderr), "--game", path)
        if "game is over" in r.stderr:
            break
        assert r.exit_code == 0, r.output


def _own_cards(path, message):
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    g = session.load(path, load_tables()).game
    pool = _physical_left(g.disaster)
    return [f"--card={name}={pool[i]}" for i, name in
            enumerate(re.findall(r"(\w+): draw the top card of your Disaster", message))]


@pytest.fixture(scope="module")
def honest(tmp_path_factory):
    return _played(tmp_path_factory.mktemp("verify") / "game.toml")


@pytest.fixture
def game(honest, tmp_path):
    path = tmp_path / "g.toml"
    shutil.copyfile(honest, path)
    return path


def _verify(rigs, path):
    r = rigs("verify", "--json", "--game", path)
    return r.exit_code, json.loads(r.stdout)


def _edit(path, tables, change):
    """Change the state as someone with the file and the code could (the log untouched)."""
    from rigs_helper.store import session
    from rigs_helper.games.rigs.codec import to_doc

    loaded = session.load(path, tables)
    session.write_game(path, to_doc(change(loaded.game), tables), loaded.log_text, tables)


def test_seed_is_a_hash_of_the_words_and_fresh_randomness():
    a = seed_from_words(["otter", "kettle"], b"\0" * 32)
    assert a == seed_from_words(["otter", "kettle"], b"\0" * 32)
    assert a != seed_from_words(["otter", "kettle"], b"\1" * 32)
    assert a != seed_from_words(["otterk", "ettle"], b"\0" * 32)


def test_new_prints_the_commitment_and_status_shows_it(tmp_path, rigs):
    path = tmp_path / "g.toml"
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--word", "Ana=x", "--word", "bo=y", "--game",
             path)
    assert r.exit_code == 0, r.output
    d = json.loads(rigs("status", "--json", "--game", path).stdout)
    seed = int(re.search(r"^seed = (\d+)$", path.read_text(), re.M).group(1))
    assert d["commitment"] == commitment(seed)
    assert f"Commitment: {commitment(seed)[:4]} " in r.stdout
    assert "Commitment:" in rigs("status", "--game", path).stdout


@pytest.mark.parametrize("args, message", [
    (["--word", "Ana=x"], "no word for Bo"),
    (["--word", "Zed=x", "--word", "Ana=y", "--word", "Bo=z"], "--word Zed=..."),
    (["--word", "Ana=x", "--word", "Bo=y", "--seed", "3"], "give one or the other"),
    (["--ask-words"], "needs a terminal"),
])
def test_new_word_mistakes_are_one_line(tmp_path, rigs, args, message):
    path = tmp_path / "g.toml"
    r = rigs("new", "-p", "Ana", "-p", "Bo", *args, "--game", path)
    assert r.exit_code == 1 and message in r.stderr and r.stderr.count("\n") == 1
    assert not path.exists()


def test_verify_passes_an_honest_game_undo_included(game, rigs):
    code, v = _verify(rigs, game)
    assert code == 0, v
    assert v["ok"] and v["findings"] == [] and v["actions"] > 60
    text = rigs("verify", "--game", game).stdout
    assert "Every pile, hand and roll agrees" in text
    assert "What it does not" in text and "peek" in text


def test_verify_before_the_end_needs_reveal(tmp_path, rigs):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--game", path).exit_code == 0
    assert rigs("next", "--auto", "--game", path).exit_code == 0
    r = rigs("verify", "--game", path)
    assert r.exit_code == 1 and "--reveal" in r.stderr
    assert rigs("verify", "--reveal", "--game", path).exit_code == 0


def test_verify_catches_a_pile_edited(game, rigs, tables):
    def swap_piles(g):
        d = g.disaster.draw
        assert len(set(d[:2])) == 2 or len(set(d)) > 1
        i = next(i for i in range(1, len(d)) if d[i] != d[0])
        d = (d[i],) + d[1:i] + (d[0],) + d[i + 1:]
        return replace(g, disaster=replace(g.disaster, draw=d))

    _edit(game, tables, swap_piles)
    code, v = _verify(rigs, game)
    assert code == 1
    assert any(f["kind"] == "cards" and "decks.disaster" in f["where"]
               for f in v["findings"])


def test_verify_catches_a_hand_edited(game, rigs, tables):
    def better_hand(g):
        p = next(p for p in g.players if p.hand)
        top = g.karma.draw[0]
        g = replace(g, karma=replace(g.karma, draw=(p.hand[0],) + g.karma.draw[1:]))
        return g.with_player(replace(p, hand=(top,) + p.hand[1:]))

    _edit(game, tables, better_hand)
    code, v = _verify(rigs, game)
    assert code == 1
    where = [w for f in v["findings"] if f["kind"] == "cards" for w in f["where"]]
    assert any(w.endswith("'s hand") for w in where), v


def test_verify_catches_a_die_roll_changed(game, rigs, tables):
    def reroll(g):
        rv = dict(g.endgame.resource_values)
        rv["metal"] = 7 - rv["metal"] if rv["metal"] != 3.5 else 1
        return replace(g, endgame=replace(g.endgame, resource_values=rv))

    _edit(game, tables, reroll)
    code, v = _verify(rigs, game)
    assert code == 1
    assert any(f["kind"] == "rolls" and any("resource_values" in w for w in f["where"])
               for f in v["findings"])


def test_verify_catches_the_generator_changed_in_the_log(game, rigs):
    """The creation's checkpoint in the log is edited to another generator position (a
    re-roll of what came next)."""
    text = game.read_text()
    head, log = text.split("# ---- history", 1)
    changed = re.sub(r"(?m)^rng = (\d+)$", lambda x: f"rng = {int(x.group(1)) + 1}", log,
                     count=1)
    assert changed != log
    game.write_text(head + "# ---- history" + changed)
    code, v = _verify(rigs, game)
    assert code == 1
    assert any(f["kind"] == "rolls" and "rng" in f["where"] for f in v["findings"])


def test_verify_lists_a_hand_edit_of_the_books_without_failing(game, rigs, tables):
    _edit(game, tables, lambda g: g.with_player(replace(g.players[0],
                                                        credits=g.players[0].credits + 5)))
    code, v = _verify(rigs, game)
    assert code == 0
    assert [f["kind"] for f in v["findings"]] == ["books"]


def test_verify_catches_a_changed_commitment(game, rigs):
    text = game.read_text()
    game.write_text(re.sub(r'^commitment = "(.)', lambda m: 'commitment = "'
                           + ("0" if m.group(1) != "0" else "1"), text, count=1, flags=re.M))
    code, v = _verify(rigs, game)
    assert code == 1 and v["commitment"] != v["seed_hash"]


def test_verify_passes_an_honest_mixed_deck_game(tmp_path, rigs):
    path = tmp_path / "mixed.toml"
    _play(rigs, path, "--have", INVENTORY)
    code, v = _verify(rigs, path)
    assert code == 0, v


def test_verify_refuses_a_game_from_before_the_log_kept_actions(tmp_path, rigs):
    path = tmp_path / "old.toml"
    shutil.copyfile(EXAMPLES / "midgame-3p.toml", path)
    r = rigs("verify", "--reveal", "--game", path)
    assert r.exit_code == 1 and "cannot be replayed" in r.stderr


@pytest.mark.parametrize("old, new", [
    ('fields = { names = ', 'fields = { nomes = '),
    ('action = "next"', 'action = "nothing"'),
])
def test_verify_a_damaged_log_is_one_line_or_a_finding(game, rigs, old, new):
    text = game.read_text()
    assert old in text
    game.write_text(text.replace(old, new, 1))
    r = rigs("verify", "--game", game)
    assert r.exit_code == 1
    assert "internal error" not in r.output
    assert r.stderr.count("\n") <= 1


def test_a_word_left_out_is_asked_for_unseen_at_a_terminal(monkeypatch):
    import getpass
    import io
    import sys

    from rigs_helper.cli.game import _words

    class Tty(io.StringIO):
        def isatty(self):
            return True

    asked = []
    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(getpass, "getpass", lambda prompt: asked.append(prompt) or "quiet")
    assert _words(["Ana", "Bo"], ["ana=loud"], False) == ["loud", "quiet"]
    assert asked == ["Bo, type a word (not shown): "]


def test_verify_replays_the_tables_dice_and_catches_one_changed_in_the_log(tmp_path, rigs):
    game = _played(tmp_path / "game.toml",
                   score=("--roll", "energy=3", "--roll", "supplies=4", "--roll", "metal=5"))
    assert _verify(rigs, game)[0] == 0
    text = game.read_text()
    assert '["metal", 5]' in text
    game.write_text(text.replace('["metal", 5]', '["metal", 6]'))
    code, v = _verify(rigs, game)
    assert code == 1
    assert any(f["kind"] == "rolls" and any("resource_values" in w for w in f["where"])
               for f in v["findings"])


def test_the_board_shows_the_commitment_and_a_mixed_decks_split(tmp_path, tables):
    from servehelp import rigs as run

    from rigs_helper.store import session
    from rigs_helper.web.pages import board_html

    path = tmp_path / "rigs.toml"
    run("new", "-p", "Ana", "-p", "Bo", "--seed", "4", "--have", str(INVENTORY), "-g",
        str(path))
    from rigs_helper.games.rigs.views import status_dict

    g = session.load(path, tables).game
    d = {**status_dict(g, tables), "prices": [], "etag": "x",
         "last_phase": {"summary": [], "since": []}}
    html = board_html(d, tables, "")
    assert f"Commitment: <code>{g.commitment[:16]}</code>" in html
    assert "Disaster 36 (30 yours + 6 virtual)" in html


def test_verify_does_not_name_a_karma_card_recorded_into_a_hand(tmp_path, rigs):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    assert rigs("next", "--card", "Ana=Massive Solar Flare", "--card", "Bo=Safe",
                "--karma", "Ana=Decoy", "-g", path).exit_code == 0
    text = path.read_text()  # a hand edit of what that step changed: the finding names it
    path.write_text(text.replace("\nenergy = 0\n", "\nenergy = 1\n", 1))
    for args in ([], ["--json"]):
        r = rigs("verify", "--reveal", *args, "-g", path)
        assert "Ana's energy" in r.stdout and "--karma Ana=(hidden)" in r.stdout
        assert "Decoy" not in r.stdout
