"""The game file at the table: undo restores it byte for byte, redo draws the same cards,
`rigs log` lists the history, refusals and broken hand edits change nothing (CLI level)."""

from __future__ import annotations

import json
import re
import tomllib

import pytest
from conftest import scripted_copy
from gameplay import start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rigs_helper.games.rigs.engine import perform
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.codec import dumps_state, to_doc
from rigs_helper.store.gamefile import load_text, split_text
from rigs_helper.store.historytext import MARKER


@pytest.fixture
def game(tmp_path, rigs):
    path = tmp_path / "game.toml"
    r = rigs("new", "--player", "Ana", "--player", "Bo", "--seed", 11, "--game", path)
    assert r.exit_code == 0, r.output
    return path


def ok(r):
    assert r.exit_code == 0, r.output + r.stderr
    return r


def refused(r, code=1):
    """Exit non-zero with exactly one line on stderr, no traceback."""
    assert r.exit_code == code, (r.exit_code, r.output)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("rigs: "), r.stderr
    assert "Traceback" not in r.output
    return r.stderr


def status(rigs, path, *who):
    private = ("--private",) if who else ()
    return json.loads(ok(rigs("status", *who, *private, "--json", "--game", path)).stdout)


def undo_and_redo(rigs, path, *command):
    """Run ``command``, undo it, run it again: the file must come back byte for byte and
    the redo must write exactly what the first run wrote."""
    before = path.read_bytes()
    ok(rigs(*command, "--game", path))
    first = path.read_bytes()
    shown = status(rigs, path)
    assert first != before
    r = ok(rigs("undo", "--game", path))
    assert "undone: " + command[0] in r.stdout
    assert path.read_bytes() == before
    ok(rigs(*command, "--game", path))
    assert path.read_bytes() == first
    assert status(rigs, path) == shown
    return shown


# ---------------------------------------------------------------------------- undo / redo


def test_undo_karma_draw_restores_file_and_redo_draws_same_card(game, rigs):
    undo_and_redo(rigs, game, "adjust", "Ana", "karma", "1", "--why", "dealt")
    hand = status(rigs, game, "Ana")["hand"]
    assert len(hand) == 1
    ok(rigs("undo", "--game", game))
    ok(rigs("adjust", "Ana", "karma", "1", "--why", "dealt", "--game", game))
    assert status(rigs, game, "Ana")["hand"] == hand


def test_undo_disaster_deal_restores_file_and_redo_deals_same_cards(game, rigs):
    shown = undo_and_redo(rigs, game, "next")  # Player -> Disaster: deals the cards
    assert shown["phase"] == "disaster"
    assert all(p["disaster"] for p in shown["players"])


def test_undo_market_draw_restores_file_and_redo_draws_same_card(game, rigs):
    ok(rigs("next", "--auto", "--game", game))
    ok(rigs("next", "--auto", "--game", game))
    assert status(rigs, game)["phase"] == "production"
    ok(rigs("next", "--game", game))  # Last Call opens (every round)
    shown = undo_and_redo(rigs, game, "next")  # Production -> Market: draws the card
    assert shown["phase"] == "market" and shown["price"] is not None
    assert shown["decks"]["market"] == 14


def test_undo_several_actions(game, rigs):
    before = game.read_bytes()
    ok(rigs("adjust", "Ana", "karma", "1", "--why", "dealt", "--game", game))
    ok(rigs("adjust", "Bo", "karma", "2", "--why", "dealt", "--game", game))
    ok(rigs("next", "--game", game))
    r = ok(rigs("undo", "3", "--game", game))
    assert r.stdout.count("undone: ") == 3
    assert game.read_bytes() == before


def test_undo_refuses_past_creation(game, rigs):
    before = game.read_bytes()
    assert "creation" in refused(rigs("undo", "--game", game))
    assert game.read_bytes() == before
    ok(rigs("adjust", "Ana", "karma", "1", "--why", "dealt", "--game", game))
    after = game.read_bytes()
    refused(rigs("undo", "2", "--game", game))
    assert game.read_bytes() == after


def test_undo_refuses_after_hand_edit_unless_forced(game, rigs):
    ok(rigs("adjust", "Ana", "karma", "1", "--why", "dealt", "--game", game))
    text = game.read_text()
    edited = text.replace("credits = 100", "credits = 99", 1)
    assert edited != text
    game.write_text(edited)
    assert "edited by hand" in refused(rigs("undo", "--game", game))
    assert game.read_text() == edited
    ok(rigs("undo", "--force", "--game", game))
    s = status(rigs, game, "Ana")
    # the state before the draw, as the history gives it: the edit is dropped, as said
    assert s["hand"] == [] and s["credits"] == 100


def test_log_lists_every_action_with_round_and_phase(game, rigs):
    ok(rigs("adjust", "Ana", "karma", "1", "--why", "dealt", "--game", game))
    for _ in range(4):
        ok(rigs("next", "--auto", "--game", game))
    rows = json.loads(ok(rigs("log", "--json", "--game", game)).stdout)["log"]
    assert [r["n"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[0]["action"].startswith("new ")
    assert rows[1]["action"].startswith("adjust Ana karma")
    assert [(r["round"], r["phase"]) for r in rows[2:]] == [
        (1, "player"), (1, "disaster"), (1, "production"), (1, "market")]
    lines = [x for x in ok(rigs("log", "--game", game)).stdout.splitlines()
             if not x.startswith(" " * 8)]  # what each action did is indented below it
    assert len(lines) == 6
    assert all(re.search(r"round +\d+ (player|disaster|production|market)", x) for x in lines)
    assert "round  1 market" in lines[-1] and "next --auto" in lines[-1]
    # an undone action leaves the log
    ok(rigs("undo", "--game", game))
    assert len(json.loads(ok(rigs("log", "--json", "--game", game)).stdout)["log"]) == 5


# ---------------------------------------------------------------------------- refusals


def test_refused_rules_action_leaves_file_unchanged(game, rigs):
    before = game.read_bytes()
    # a swap is offered only in the Disaster Phase
    refused(rigs("karma", "swap", "Ana", "Poker Night", "--game", game))
    refused(rigs("karma", "draw", "Zed", "--game", game))  # no such player
    refused(rigs("karma", "draw", "Ana", "--card", "No Such Card", "--game", game))
    refused(rigs("lose", "Ana", "--game", game))  # no RIGS loss to settle
    refused(rigs("grant", "P1", "--game", game))  # no Land Grant waiting
    assert game.read_bytes() == before
    assert len(json.loads(rigs("log", "--json", "--game", game).stdout)["log"]) == 1


def test_pending_choice_leaves_file_unchanged_and_names_the_command(game, rigs):
    for _ in range(3):
        ok(rigs("next", "--auto", "--game", game))
    ok(rigs("next", "--game", game))  # round 2: the Land Grant waits for the leader
    s = status(rigs, game)
    assert (s["round"], s["phase"]) == (2, "player") and s["pending"]
    before = game.read_bytes()
    err = refused(rigs("next", "--game", game), code=3)
    assert "rigs grant" in err
    assert game.read_bytes() == before
    # --auto settles it and lists the default it applied
    r = ok(rigs("next", "--auto", "--game", game))
    assert "--auto default" in r.stdout


# ---------------------------------------------------------------------------- hand edits


def edit_state(path, change):
    """Edit the state part of the file as a user would (the history is kept as is)."""
    head, tail = split_text(path.read_text())
    doc = tomllib.loads(head)
    change(doc)
    path.write_text(dumps_state(doc) + "\n" + tail)


@pytest.fixture
def midgame(tmp_path, rigs):
    def build(path):  # built once per test process, a copy for each test
        ok(rigs("new", "--player", "Ana", "--player", "Bo", "--seed", 11, "--game", path))
        for _ in range(6):
            ok(rigs("next", "--auto", "--game", path))

    return scripted_copy("undo-midgame", build, tmp_path / "game.toml")


def too_many_rigs(tables):
    def change(doc):
        plot = doc["players"][0]["plots"][0]
        plot["harvest"] = "metal"
        plot["rigs"] = tables.plots[plot["type"]].spots["metal"] + 1
    return change


def plot_twice(doc):
    doc["players"][1]["plots"].append(dict(doc["players"][0]["plots"][0]))


def negative_credits(doc):
    doc["players"][0]["credits"] = -5


def unknown_key(doc):
    doc["colour"] = "red"


def newer_version(doc):
    doc["version"] = 99


@pytest.mark.parametrize("name,change,words", [
    ("too many RIGS on a plot", "rigs", ["players[0] (\"Ana\").plots[0].rigs", "metal"]),
    ("a plot in two places", plot_twice, ["players.plots", "2 places"]),
    ("negative credits", negative_credits, ["players[0] (\"Ana\").credits"]),
    ("unknown key", unknown_key, ["'colour'", "unknown key"]),
    ("newer version", newer_version, ["'version'", "newer"]),
])
def test_hand_edit_breaking_a_rule_is_reported_by_key(midgame, rigs, tables, name, change,
                                                      words):
    edit_state(midgame, too_many_rigs(tables) if change == "rigs" else change)
    before = midgame.read_bytes()
    for command in (["status"], ["status", "--json"], ["next"], ["karma", "draw", "Ana"]):
        err = refused(rigs(*command, "--game", midgame))
        assert str(midgame) in err
        for w in words:
            assert w in err, (name, command, err)
    r = rigs("doctor", "--game", midgame)  # the same problem, with its line
    assert r.exit_code == 1 and all(w in r.stdout for w in words), r.stdout
    assert re.search(r": line \d+: ", r.stdout) or "version" in r.stdout, r.stdout
    assert midgame.read_bytes() == before
    # undo does not need the damaged state: it goes back to the last state rigs saved
    r = ok(rigs("undo", "--game", midgame))
    assert "did not load" in r.stdout
    assert ok(rigs("status", "--json", "--game", midgame))


def test_toml_syntax_error_is_reported_with_line_and_column(midgame, rigs):
    lines = midgame.read_text().splitlines(keepends=True)
    i = next(i for i, x in enumerate(lines) if x.startswith("round = "))
    lines[i] = "round = = 2\n"
    midgame.write_text("".join(lines))
    before = midgame.read_bytes()
    for command in (["status"], ["next"]):
        err = refused(rigs(*command, "--game", midgame))
        assert f"line {i + 1}" in err and "column" in err
    assert midgame.read_bytes() == before


def test_a_fixed_hand_edit_is_accepted(midgame, rigs):
    edit_state(midgame, lambda doc: doc["players"][0].update(credits=123))
    assert status(rigs, midgame)["players"][0]["credits"] == 123
    ok(rigs("next", "--auto", "--game", midgame))


# ---------------------------------------------------------------------------- round trip


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**63 - 1),
       steps=st.integers(0, 60))
def test_state_round_trips_through_the_file_text(tables, n, seed, steps):
    g = start(n, seed, tables)
    for _ in range(steps):
        if g.game_over:
            break
        g = perform(g, NextPhase(auto=True), tables).game
    text = dumps_state(to_doc(g, tables))
    assert load_text(text, "x.toml", tables).game == g
    # with a history part after the state, as the game file has
    log = MARKER + "\n\n[[log]]\nn = 1\nround = 1\nphase = \"player\"\naction = \"new\"\n"
    loaded = load_text(text + "\n" + log, "x.toml", tables)
    assert loaded.game == g and loaded.log_text == log


@pytest.mark.slow
def test_undo_every_step_of_a_whole_game_back_to_creation(tmp_path, rigs, tables):
    """`next` where it can, `next --auto` where a choice is open (Land Grants and RIGS
    losses wait in the file between steps), to the end and `score`; then undo one action
    at a time (a seeded sample of the steps, the first and the last): each undo gives back
    the file exactly as it was before that action."""
    from rigs_helper.store import session

    path = tmp_path / "game.toml"
    ok(rigs("new", "--player", "Ana", "--player", "Bo", "--player", "Cy", "--seed", 5,
            "--game", path))
    snaps = [path.read_bytes()]
    waited = 0
    while not session.load(path, tables).game.game_over:
        r = rigs("next", "--game", path)
        if r.exit_code == 3:
            waited += 1
            assert path.read_bytes() == snaps[-1]
            r = rigs("next", "--auto", "--game", path)
        ok(r)
        snaps.append(path.read_bytes())
    assert waited > 0
    ok(rigs("score", "--json", "--game", path))  # records the End Game draws
    snaps.append(path.read_bytes())
    # one undo at a time from the last action, the first and a seeded sample of the others
    # (`undo N` between them, landing on the file as it was, too)
    import random

    single = {0, len(snaps) - 2, *random.Random(5).sample(range(len(snaps) - 1), 6)}
    landings = sorted({j for s in single for j in (s, s + 1)} - {len(snaps) - 1},
                      reverse=True)
    at = len(snaps) - 1
    for j in landings:
        ok(rigs("undo", *([str(at - j)] if at - j > 1 else []), "--game", path))
        assert path.read_bytes() == snaps[j], (at, j)
        at = j
    assert at == 0
    refused(rigs("undo", "--game", path))


def test_hand_edited_flag_must_be_true_or_false(midgame, rigs):
    edit_state(midgame, lambda doc: doc.update(game_over="no"))
    err = refused(rigs("status", "--game", midgame))
    assert "'game_over'" in err and "true or false" in err
