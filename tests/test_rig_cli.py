"""RIG at the terminal: `rigs new --rules rig`, `rigs rig ...`, and the shared `status`,
`log` and `undo` on a RIG file; a whole game played through the commands with undo exact
after every action."""

from __future__ import annotations

import json
import random
import stat

import pytest

from righelp import cli_words, random_action

from rigs_helper.games import get
from rigs_helper.store import gamekind, gamestore


def state(path):
    return gamestore.load(path).state


def test_new_rules_rig_makes_a_rig_file(rigs, tmp_path):
    path = tmp_path / "rig.toml"
    r = rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path)
    assert r.exit_code == 0, r.output
    assert path.read_text().startswith('game = "rig"\n')
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert gamekind.kind(path) == "rig"
    st = state(path)
    assert [s.name for s in st.seats] == ["Ana", "Bo"] and st.pile == (4,) * 6
    r = rigs("status", "--json", "-g", path)
    d = json.loads(r.output)
    assert d["game"] == "rig" and d["waiting"] == [{"player": "Ana", "action": "roll"},
                                                   {"player": "Bo", "action": "roll"}]


def test_new_rig_tokens_and_table_dice(rigs, tmp_path):
    path = tmp_path / "rig.toml"
    r = rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--tokens", "6", "--dice",
             "table", "-g", path)
    assert r.exit_code == 0, r.output
    assert state(path).pile == (6,) * 6
    r = rigs("rig", "roll", "-g", path)
    assert r.exit_code == 1 and "give Ana's four faces" in r.output


def test_new_rig_refuses_three_players_and_rigs_options(rigs, tmp_path):
    path = tmp_path / "rig.toml"
    r = rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "-p", "Cy", "-g", path)
    assert r.exit_code == 1 and "RIG is for two players" in r.output
    r = rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--plots", "Ana=forest",
             "-g", path)
    assert r.exit_code == 1 and "R.I.G.S.'s" in r.output
    r = rigs("new", "--rules", "chess", "-p", "Ana", "-p", "Bo", "-g", path)
    assert r.exit_code == 1 and "give one of rigs, rig" in r.output
    assert not path.exists()


def test_bad_rig_command_leaves_the_file_unchanged(rigs, tmp_path):
    path = tmp_path / "rig.toml"
    rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path)
    before = path.read_bytes()
    for args, words in ((["rig", "pop", "Ana"], "cannot pop now"),
                        (["rig", "roll", "Ana", "red", "blue", "gold", "blue"], "red+ or red-"),
                        (["rig", "roll", "Cy"], "player 'Cy'"),
                        (["rig", "take", "Ana"], "--none"),
                        (["rig", "roll", "Ana", "red-", "black-", "green+", "blue"],
                         "only two dice")):
        r = rigs(*args, "-g", path)
        assert r.exit_code != 0 and words in r.output
        assert len(r.output.strip().splitlines()) == 1 and "Traceback" not in r.output
        assert path.read_bytes() == before


@pytest.mark.slow
def test_rig_game_through_the_commands_with_exact_undo(rigs, tmp_path):
    """A whole game from `rigs new --rules rig` to its end, every action a command; after
    the first three, the last and a seeded third of the others, `rigs undo` gives exactly
    the state before it, and the action is run again."""
    path = tmp_path / "rig.toml"
    rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--seed", "12", "-g", path)
    r = random.Random(12)
    sample = random.Random(1200)
    st = state(path)
    n = 0
    while st.step != "over":
        action = random_action(st, r)
        words = cli_words(action)
        res = rigs(*words, "-g", path)
        assert res.exit_code == 0, (words, res.output)
        after = state(path)
        n += 1
        if not (n <= 3 or after.step == "over" or sample.random() < 1 / 3):
            st = after
            continue
        res = rigs("undo", "-g", path)
        assert res.exit_code == 0, res.output
        assert state(path) == st
        assert rigs(*words, "-g", path).exit_code == 0
        assert state(path) == after
        st = after
    loaded = gamestore.load(path)
    assert len(loaded.log) == n and all(e["at"].endswith("Z") for e in loaded.log)
    rig = get("rig")
    from rigs_helper.game.play import replay

    assert replay(rig.new(loaded.settings), loaded.actions) == st
    res = rigs("log", "-g", path)
    assert res.exit_code == 0 and res.output.count("\n") >= n
    res = rigs("status", "-g", path)
    assert "game over" in res.output


def test_log_json_and_undo_too_far(rigs, tmp_path):
    path = tmp_path / "rig.toml"
    rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--seed", "5", "-g", path)
    assert rigs("rig", "roll", "-g", path).exit_code == 0
    d = json.loads(rigs("log", "--json", "-g", path).output)
    assert d["game"] == "rig" and [e["action"] for e in d["log"]][:1] == ["rig roll Ana"]
    before = path.read_bytes()
    r = rigs("undo", "9", "-g", path)
    assert r.exit_code == 1 and "to undo" in r.output and path.read_bytes() == before


def test_a_rigs_file_stays_rigs(tmp_path):
    path = tmp_path / "rigs.toml"
    path.write_text('version = 2\n[settings]\ngame = "rig"\n')
    assert gamekind.kind(path) == "rigs"
    assert gamekind.kind(tmp_path / "missing.toml") == "rigs"


def test_rigs_status_json_names_its_game(rigs, tmp_path):
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "1", "-g", path).exit_code == 0
    d = json.loads(rigs("status", "--json", "-g", path).output)
    assert d["game"] == "rigs" and gamekind.kind(path) == "rigs"


def test_a_rigs_command_on_a_rig_file_says_which_game_it_is(rigs, tmp_path):
    path = tmp_path / "rig.toml"
    rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "-g", path)
    before = path.read_bytes()
    for args in (["next"], ["build", "Ana", "1"], ["hand", "Ana"]):
        r = rigs(*args, "-g", path)
        assert r.exit_code == 1 and r.output.count("\n") == 1
        assert "a game of RIG, not R.I.G.S." in r.output and "rigs rig --help" in r.output
    assert rigs("doctor", "-g", path).output.strip().endswith("no problems found")
    assert path.read_bytes() == before


@pytest.mark.parametrize("edit, words", [
    (('step = "roll"', 'step = "resolve"'), "state.popped"),
    (('step = "roll"', 'step = "cancel"'), "state.cancels"),
    (("red = 4", "red = -1"), "pile"),
    (('name = "Bo"', 'name = "Ana"'), "two players named"),
    (("tokens = 4\nround", "tokens = 4\nround = 'one'\nx"), "state"),
    (('game = "rig"', 'game = "chess"'), "not a game rigs knows"),
])
def test_a_hand_edit_that_does_not_fit_is_one_line(rigs, tmp_path, edit, words):
    path = tmp_path / "rig.toml"
    rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--seed", "2", "-g", path)
    text = path.read_text()
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1], 1))
    before = path.read_bytes()
    for args in (["status"], ["rig", "roll"], ["undo"]):
        r = rigs(*args, "-g", path)
        assert r.exit_code != 0 and words in r.output, (args, r.output)
        assert len(r.output.strip().splitlines()) == 1 and "internal error" not in r.output
    assert path.read_bytes() == before
