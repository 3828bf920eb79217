"""Nothing lost, ever (issue 9): the lock, the check before each write, undo of damaged
files, `rigs doctor`, backups and `rigs restore`, the clean-up after a killed save."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import tomllib

import pytest
from conftest import EXAMPLES, ROOT, make_game

from rigs_helper.store.gamefile import split_text
from rigs_helper.store.historytext import MARKER

PY = sys.executable


def ok(r):
    assert r.exit_code == 0, r.output + r.stderr
    return r


def refused(r, code=1):
    assert r.exit_code == code, (r.exit_code, r.output)
    assert r.stderr.startswith("rigs: ") and "Traceback" not in r.output, r.stderr
    return r.stderr


@pytest.fixture
def game(tmp_path, rigs):
    path = tmp_path / "game.toml"
    ok(rigs("new", "--player", "Ana", "--player", "Bo", "--seed", 11, "--game", path))
    return path


def cli(*args, env=None, **kw):
    """`python -m rigs_helper ARGS` in a process of its own."""
    return subprocess.Popen([PY, "-m", "rigs_helper", *map(str, args)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})}, **kw)


def credits(rigs, path, who="Ana"):
    return json.loads(ok(rigs("status", who, "--json", "--game", path)).stdout)["credits"]


# ---------------------------------------------------------------------------- the lock


@pytest.mark.slow
def test_twenty_concurrent_writers_lose_nothing_and_undo_to_the_start(game, rigs):
    import clichild

    start = game.read_bytes()
    before = credits(rigs, game)
    # twenty processes at once (forked from one that imported the CLI: tests/clichild.py)
    procs = [clichild.start(["adjust", "Ana", "credits", 1, "--why", f"w{i}", "--game", game],
                            game.parent / f"err{i}", env={"RIGS_LOCK_TIMEOUT": "120"})
             for i in range(20)]
    for p in procs:
        p.join(180)
    results = [(i, p.exitcode, (game.parent / f"err{i}").read_text())
               for i, p in enumerate(procs)]
    done = [i for i, code, _ in results if code == 0]
    for i, code, err in results:  # a writer that did not get the lock says so and no more
        assert code == 0 or (code == 75 and err.startswith("rigs: the game file is busy")), err
    assert done, results
    # every writer that exited 0 is in the state and in the log
    assert credits(rigs, game) == before + len(done)
    log = ok(rigs("log", "--game", game)).stdout
    for i in done:
        assert f"--why 'w{i}'" in log
    assert len(re.findall(r"adjust Ana credits \+1", log)) == len(done)
    ok(rigs("undo", len(done), "--game", game))
    assert game.read_bytes() == start


def test_a_writer_that_cannot_get_the_lock_changes_nothing(game, rigs, monkeypatch):
    from rigs_helper.store.lock import locked

    before = game.read_bytes()
    monkeypatch.setenv("RIGS_LOCK_TIMEOUT", "0.2")
    with locked(game):
        for command in (["adjust", "Ana", "credits", "1", "--why", "x"], ["next"], ["undo"],
                        ["restore"]):
            err = refused(rigs(*command, "--game", game), code=75)
            assert err.startswith("rigs: the game file is busy") and err.count("\n") == 1
        # readers do not wait for the lock
        ok(rigs("status", "--game", game))
        ok(rigs("log", "--game", game))
    assert game.read_bytes() == before
    ok(rigs("adjust", "Ana", "credits", "1", "--why", "x", "--game", game))


def test_a_lock_dies_with_its_killed_holder(game, rigs, monkeypatch):
    holder = subprocess.Popen(
        [PY, "-c", "import sys, time; from pathlib import Path; "
         "from rigs_helper.store.lock import locked\n"
         "with locked(Path(sys.argv[1])):\n print('held', flush=True); time.sleep(60)",
         str(game)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert holder.stdout.readline().strip() == "held"
    monkeypatch.setenv("RIGS_LOCK_TIMEOUT", "0.1")
    refused(rigs("adjust", "Ana", "credits", "1", "--why", "x", "--game", game), code=75)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    holder.stdout.close()
    ok(rigs("adjust", "Ana", "credits", "1", "--why", "x", "--game", game))


def test_a_bad_lock_timeout_is_named(game, rigs, monkeypatch):
    monkeypatch.setenv("RIGS_LOCK_TIMEOUT", "soon")
    assert "RIGS_LOCK_TIMEOUT" in refused(rigs("next", "--game", game), code=75)


# ---------------------------------------------------------------------------- temp files


def test_temp_files_of_a_killed_save_are_cleaned_by_the_next_command(game, rigs):
    for command in (["status"], ["adjust", "Ana", "credits", "1", "--why", "x"]):
        tmp = game.parent / f".{game.name}.k1ll3d.tmp"
        tmp.write_text("half a save")
        ok(rigs(*command, "--game", game))
        assert not tmp.exists(), command


def test_kill_during_saves_leaves_old_or_new_and_no_temp_files(game, rigs):
    # A big game file (a long history) saved by processes killed at random moments.
    for i in range(30):
        ok(rigs("adjust", "Ana", "credits", "1", "--why", "x" * 2000, "--game", game))
    for delay in (0.15, 0.25, 0.35, 0.45):
        before = credits(rigs, game)
        p = cli("adjust", "Ana", "credits", "1", "--why", "k", "--game", game)
        time.sleep(delay)
        p.kill()
        p.communicate()
        assert credits(rigs, game) in (before, before + 1)  # the old file or the new one
    assert not [n for n in os.listdir(game.parent) if n.endswith(".tmp")]


# ---------------------------------------------------------------------------- before a write


def test_a_state_that_would_not_load_is_never_written(game, tables, monkeypatch):
    from dataclasses import dataclass, replace

    from rigs_helper.games.rigs.engine import Op, Outcome
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.games.rigs.state import frozen_map
    from rigs_helper.store import session

    @dataclass(frozen=True)
    class Broken(Op):
        def describe(self):
            return "broken"

        def check(self, game, tables):
            pass

        def apply(self, game, tables):
            p = replace(game.players[0], last_loss=frozen_map({"energy": -5}))
            return Outcome(replace(game, players=(p, *game.players[1:])))

    before = game.read_bytes()
    with pytest.raises(RigsError, match="would not load.*last_loss.energy"):
        session.run(game, Broken(), tables)
    assert game.read_bytes() == before


# ---------------------------------------------------------------------------- undo


def _bad_write(game, tables, monkeypatch):
    """An older rigs that wrote a state that does not load (the `--give energy=-5` bug)."""
    from dataclasses import replace

    from rigs_helper.games.rigs.actions.deals import Adjust
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.state import frozen_map
    from rigs_helper.store import session

    from types import SimpleNamespace

    # (an older rigs: no check before writing, and no state cache)
    monkeypatch.setattr(session, "verify", lambda *a, **k: SimpleNamespace(game=None))
    monkeypatch.setenv("RIGS_NO_CACHE", "1")
    loaded = session.load(game, tables)
    out = perform(loaded.game, Adjust("Ana", "energy", 1, "x"), tables)
    p = replace(out.game.players[0], last_loss=frozen_map({"energy": -5}))
    session.commit(game, loaded, replace(out.game, players=(p, *out.game.players[1:])),
                   "karma play (bad)", tables)
    monkeypatch.undo()


@pytest.mark.parametrize("with_backups", [True, False])
def test_undo_steps_back_from_a_state_rigs_wrote_that_does_not_load(game, rigs, tables,
                                                                      monkeypatch,
                                                                      with_backups):
    import shutil

    from rigs_helper.store import backups

    start = game.read_bytes()
    _bad_write(game, tables, monkeypatch)
    if not with_backups:  # a file from before backups: undo works from the log alone
        shutil.rmtree(backups.folder(game))
    assert "last_loss.energy" in refused(rigs("status", "--game", game))
    r = ok(rigs("undo", "--game", game))
    assert "undone: karma play (bad)" in r.stdout
    assert game.read_bytes() == start


def _leaves(obj, path=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(obj, list) and obj and all(isinstance(x, dict) for x in obj):
        for i, v in enumerate(obj):
            yield from _leaves(v, path + (i,))
    else:
        yield path, obj


def _toml_value(v):
    import tomli_w

    return tomli_w.dumps({"x": v})[4:].strip()


def _corrupt(value):
    """A value of the wrong kind or out of range for ``value``'s field."""
    if isinstance(value, bool):
        return 2
    if isinstance(value, int):
        return -7
    if isinstance(value, str):
        return "zz-not-this"
    return {"what": 1}


def _corruptions(path):
    head, tail = split_text(path.read_text())
    doc = tomllib.loads(head)
    seen = set()
    for key, value in _leaves(doc):
        field = tuple("#" if isinstance(k, int) else k for k in key)
        if field in seen or key[-1] in ("leader_basis",):
            continue
        seen.add(field)
        yield key, _corrupt(value)


def _set(doc, key, value):
    t = doc
    for k in key[:-1]:
        t = t[k]
    t[key[-1]] = value


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A game some phases in (plots surveyed, RIGS placed, Disasters out)."""
    return make_game(tmp_path_factory.mktemp("played") / "g.toml", 8,
                     *[["next", "--auto"]] * 5)


def test_undo_recovers_from_a_corruption_of_every_validated_field(tmp_path, rigs, played):
    import tomli_w

    path = tmp_path / "g.toml"
    path.write_text(played)
    ok(rigs("adjust", "Ana", "credits", "1", "--why", "x", "--game", path))
    saved = path.read_bytes()
    fields = 0
    for key, bad in _corruptions(path):
        head, tail = split_text(saved.decode())
        doc = tomllib.loads(head)
        _set(doc, key, bad)
        path.write_text("# edited\n" + tomli_w.dumps(doc) + "\n" + tail)
        if rigs("status", "--game", path).exit_code == 0:
            continue  # a value the game accepts (e.g. a free text)
        fields += 1
        damaged = path.read_bytes()
        r = rigs("doctor", "--game", path)
        assert r.exit_code == 1 and r.stdout.strip(), key
        assert path.read_bytes() == damaged
        r = rigs("undo", "--game", path)
        assert r.exit_code == 0, (key, r.output)
        assert path.read_bytes() == saved, key
    assert fields >= 25, fields


def test_undo_of_a_damaged_file_without_backups_says_what_to_do(game, rigs):
    import shutil

    from rigs_helper.store import backups

    shutil.rmtree(backups.folder(game))
    game.write_text(game.read_text().replace("round = 1\n", "round = -1\n"))
    before = game.read_bytes()
    err = refused(rigs("undo", "--game", game))
    assert "rigs doctor" in err and "key 'round'" in err
    assert game.read_bytes() == before


def test_undo_of_a_damaged_file_steps_further_back_when_asked(game, rigs):
    start = game.read_bytes()
    ok(rigs("adjust", "Ana", "credits", "5", "--why", "x", "--game", game))
    game.write_text(game.read_text().replace("credits = 105", "credits = -1", 1))
    r = ok(rigs("undo", "2", "--game", game))
    assert "undone: adjust Ana credits +5" in r.stdout
    assert game.read_bytes() == start


# ---------------------------------------------------------------------------- doctor


def test_doctor_lists_every_problem_with_key_and_line(game, rigs):
    text = game.read_text()
    text = text.replace('phase = "player"', 'phase = "lunch"', 1)
    text = text.replace("credits = 100", "credits = -5", 1)   # Ana
    text = text.replace("warehouse_rigs = 5", "warehouse_rigs = \"five\"", 2)  # both
    game.write_text(text)
    before = game.read_bytes()
    lines = text.splitlines()
    r = rigs("doctor", "--game", game)
    assert r.exit_code == 1
    problems = r.stdout.strip().splitlines()
    assert len(problems) == 4, problems
    for p, key in zip(problems, ["phase", "credits", "warehouse_rigs", "warehouse_rigs"]):
        m = re.match(rf"{re.escape(str(game))}: line (\d+): key '([^']*)'", p)
        assert m and m.group(2).endswith(key), p
        assert lines[int(m.group(1)) - 1].startswith(key), (p, lines[int(m.group(1)) - 1])
    # every command names them all at once, one per line
    err = refused(rigs("status", "--game", game))
    assert err.count("\n") == 4 and all(line.startswith("rigs: ") for line in
                                         err.splitlines())
    assert game.read_bytes() == before


def test_doctor_on_a_sound_file(game, rigs):
    r = ok(rigs("doctor", "--game", game))
    assert "no problems" in r.stdout and "by hand" not in r.stdout
    assert json.loads(ok(rigs("doctor", "--json", "--game", game)).stdout)["problems"] == []
    game.write_text(game.read_text().replace("energy = 5", "energy = 6", 1))  # a sound edit
    r = ok(rigs("doctor", "--game", game))
    assert "no problems" in r.stdout and "edited by hand since the last action" in r.stdout


def test_doctor_lists_whole_game_problems_together(game, rigs):
    text = game.read_text()
    text = text.replace('leader = "', 'leader = "Nobody', 1)
    text = re.sub(r'(?m)^karma_discard = \[\]$', 'karma_discard = ["Decoy"]', text, 1)
    game.write_text(text)
    out = rigs("doctor", "--game", game).stdout
    assert "key 'leader'" in out and "decks.karma" in out, out


# ---------------------------------------------------------------------------- backups


def test_backups_keep_the_last_twenty_saves_and_restore_puts_one_back(game, rigs):
    from rigs_helper.store import backups

    for i in range(25):
        ok(rigs("adjust", "Ana", "credits", "1", "--why", f"b{i}", "--game", game))
    kept = backups.entries(game)
    assert len(kept) == backups.KEEP
    assert kept[0].read_bytes() == game.read_bytes()
    listing = ok(rigs("restore", "--list", "--game", game)).stdout.splitlines()
    assert len(listing) == 20 and "(the file now)" in listing[0] and "b24" in listing[0]
    ok(rigs("restore", "3", "--game", game))  # two saves back
    assert game.read_bytes() == kept[2].read_bytes()
    assert credits(rigs, game) == 100 + 23
    # the replaced file is a backup: restoring it brings it back
    rows = json.loads(ok(rigs("restore", "--list", "--json", "--game", game)).stdout)
    assert rows["backups"][0]["current"] and rows["backups"][1]["action"].endswith("'b24'")
    ok(rigs("restore", "2", "--game", game))
    assert credits(rigs, game) == 100 + 25


def test_restore_without_n_undoes_a_bad_hand_edit(game, rigs):
    saved = game.read_bytes()
    game.write_text(game.read_text().replace("energy = 5", "energy = oops", 1))
    r = ok(rigs("restore", "--game", game))
    assert "restored backup 1" in r.stdout
    assert game.read_bytes() == saved


def test_restore_refusals(game, rigs):
    before = game.read_bytes()
    assert "only 1 backup" in refused(rigs("restore", "5", "--game", game))
    assert "not both" in refused(rigs("restore", "1", "--list", "--game", game))
    assert "differs" in refused(rigs("restore", "--game", game))
    assert game.read_bytes() == before


# ---------------------------------------------------------------------------- findings


def recovered(rigs, game, saved):
    """`rigs undo` brings a damaged file back to the last state rigs saved."""
    r = ok(rigs("undo", "--game", game))
    assert "did not load" in r.stdout
    assert game.read_text() == saved


def test_deeply_nested_game_file_and_sheet_are_named(game, rigs, tmp_path):
    deep = "x = " + "[" * 600 + "]" * 600 + "\n"
    saved = game.read_text()
    game.write_text(deep + saved)
    for command in (["status"], ["log"], ["next"], ["score"], ["doctor"]):
        r = rigs(*command, "--game", game)
        assert r.exit_code != 0 and "internal error" not in r.output, (command, r.output)
    assert "nested too deeply" in refused(rigs("status", "--game", game))
    recovered(rigs, game, saved)
    sheet = tmp_path / "s.toml"
    sheet.write_text(deep)
    assert "line 1" in refused(rigs("score", sheet))


def test_a_number_of_thousands_of_digits_names_its_key(game, rigs, tmp_path):
    saved = game.read_text()
    game.write_text(saved.replace("round = 1\n", "round = " + "9" * 5000 + "\n"))
    for command in (["status"], ["next"], ["log"], ["doctor"]):
        r = rigs(*command, "--game", game)
        assert r.exit_code != 0 and "internal error" not in r.output, (command, r.output)
    err = refused(rigs("status", "--game", game))
    assert "round" in err and err.count("\n") == 1
    recovered(rigs, game, saved)
    sheet = tmp_path / "s.toml"
    sheet.write_text("[endgame]\nluxury_price = " + "1" * 5000 + "\n")
    assert "luxury_price" in refused(rigs("score", sheet))


def test_a_large_number_in_range_of_python_but_not_toml_is_refused(game, rigs):
    game.write_text(game.read_text().replace("credits = 100", "credits = " + "9" * 30, 1))
    assert "too large" in refused(rigs("status", "--game", game))


@pytest.mark.parametrize("edit, key", [
    # (an entry done in the round and phase of the one before leaves both out: one alone)
    (lambda e: e.replace("\naction = ", '\nphase = "player"\naction = ', 1), "round"),
    (lambda e: e.replace("\naction = ", "\nround = 1\nphase = 3\naction = ", 1), "phase"),
    (lambda e: re.sub(r"(?m)^n = \d+$", 'n = "two"', e, count=1), "n"),
])
def test_a_damaged_log_entry_is_named_by_log_only(game, rigs, edit, key):
    ok(rigs("adjust", "Ana", "credits", "1", "--why", "x", "--game", game))
    head, tail = split_text(game.read_text())
    entries = tail.split("[[log]]")  # the new game, its checkpoint, the adjust (entry 2)
    entries[3] = edit(entries[3])
    game.write_text(head + "[[log]]".join(entries))
    err = refused(rigs("log", "--game", game))
    assert "log entry 2" in err and f"key '{key}'" in err and "line " in err, err
    ok(rigs("status", "--game", game))


def test_state_moved_below_the_history_marker_is_read(game, rigs):
    saved = game.read_text()
    game.write_text(saved.replace(MARKER + "\n", MARKER + "\nseed = 99999999999999999999\n"))
    for command in (["status"], ["next"], ["log"]):
        r = rigs(*command, "--game", game)
        assert r.exit_code != 0 and "internal error" not in r.output, command
    recovered(rigs, game, saved)


def test_log_array_at_the_top_is_refused(game, rigs):
    game.write_text("log = []\n" + game.read_text())
    for command in (["log"], ["status"]):
        assert "key 'log'" in refused(rigs(*command, "--game", game))


@pytest.mark.parametrize("name", ["A\nB", "Tab\there", "Bell\x07", "Del\x7f"])
def test_names_with_control_characters_are_refused(rigs, tmp_path, game, name):
    path = tmp_path / "n.toml"
    err = refused(rigs("new", "--player", name, "--player", "Bo", "--game", path))
    assert err.count("\n") == 1 and not path.exists()
    game.write_text(game.read_text().replace('name = "Ana"', f"name = {json.dumps(name)}"))
    err = refused(rigs("status", "--game", game))
    assert "printable" in err and err.count("\n") == 1


def test_undecodable_argument_bytes(game):
    p = subprocess.run([PY, "-m", "rigs_helper", "status", b"\xff\xfe", "--game", str(game)],
                       capture_output=True, cwd=ROOT)
    assert p.returncode == 2
    assert p.stderr.count(b"\n") == 1 and b"not valid UTF-8" in p.stderr


# ---------------------------------------------------------------------------- at the door


@pytest.mark.parametrize("command", [
    ["give", "Ana", "Bo", "energy=-5"],
    ["give", "Ana", "Bo", "energy=0"],
    ["give", "Ana", "Bo", "credits=2", "credits=3"],
    ["settle", "Ana", "energy=-4"],
    ["build", "Ana", "-1"],
    ["build", "Ana", "0"],
    ["sell", "Ana", "0"],
    ["vinnie", "borrow", "Ana", "energy", "-2"],
    ["vinnie", "repay", "Ana", "energy", "0"],
    ["move", "Ana", "0", "--to", "P1", "--harvest", "energy"],
])
def test_amounts_are_whole_numbers_of_one_or_more(game, rigs, command):
    before = game.read_bytes()
    r = rigs(*command, "--game", game)
    if r.exit_code == 2:  # "-1" read as an option: a usage error (one line from `rigs`)
        assert "No such option" in r.output
    else:
        assert refused(r).count("\n") == 1
    assert game.read_bytes() == before


@pytest.mark.parametrize("command, option", [
    (["grant", "--order", "Bo,Ana"], "--order"),
    (["move", "Ana", "1", "--to", "warehouse", "--harvest", "metal", "--from", "P1"],
     "--harvest"),
    (["score", "--seed", "4"], "--seed"),
    (["score", "--draw"], "--draw"),
])
def test_options_a_command_does_not_use_are_refused(game, rigs, command, option):
    before = game.read_bytes()
    err = refused(rigs(*command, "--game", game))
    assert option in err and err.count("\n") == 1, err
    assert game.read_bytes() == before


def test_score_of_a_sheet_refuses_game_option(rigs):
    err = refused(rigs("score", EXAMPLES / "sheet-2p.toml", "--game", "x.toml"))
    assert "--game" in err


# ---------------------------------------------------------------------------- sheets


SHEET = """\
[endgame]
luxury_price = 4
plot_values = { plains = 4, valley = 6, forest = 10, desert = [3, 5], ridge = 8 }
resource_values = { energy = 3, supplies = 5, metal = 1 }

[[players]]
name = "Ana"
credits = 120
luxuries = 3
energy = 3
supplies = 2
metal = 0

[[players]]
name = "Bo"
credits = 90
luxuries = 1
energy = 0
supplies = 0
metal = 4
"""


@pytest.mark.parametrize("key", ["credits", "luxuries", "energy", "supplies", "metal"])
def test_a_sheet_missing_a_holding_names_player_and_key(rigs, tmp_path, key):
    sheet = tmp_path / "s.toml"
    lines = SHEET.splitlines(keepends=True)
    drop = max(i for i, x in enumerate(lines) if x.startswith(f"{key} ="))  # Bo's
    sheet.write_text("".join(lines[:drop] + lines[drop + 1:]))
    err = refused(rigs("score", sheet))
    assert f'players[1] ("Bo").{key}' in err and "missing" in err and err.count("\n") == 1


def test_a_sheet_with_an_explicit_zero_and_no_vinnie_or_plots_scores(rigs, tmp_path):
    sheet = tmp_path / "s.toml"
    sheet.write_text(SHEET)
    assert json.loads(ok(rigs("score", sheet, "--json")).stdout)["winners"] == ["Ana"]


def test_every_problem_of_a_sheet_in_one_run(rigs, tmp_path):
    sheet = tmp_path / "s.toml"
    text = (SHEET.replace("credits = 120", "credits = -1")
            .replace("luxuries = 1\n", "")
            .replace("metal = 4", 'metal = "four"')
            .replace("luxury_price = 4", "luxury_price = -4"))
    sheet.write_text(text)
    err = refused(rigs("score", sheet))
    lines = err.splitlines()
    assert len(lines) == 4, err
    for line, key in zip(lines, ["endgame.luxury_price", '("Ana").credits', '("Bo").luxuries',
                                 '("Bo").metal']):
        assert key in line and re.search(r"s\.toml: line \d+: ", line), line
    assert "line 2:" in lines[0] and "line 8:" in lines[1]


def test_a_deleted_game_file_comes_back_with_restore(game, rigs):
    saved = game.read_bytes()
    game.unlink()
    r = ok(rigs("restore", "--game", game))
    assert "kept as a backup" not in r.stdout
    assert game.read_bytes() == saved


def test_the_number_of_backups_is_configurable(game, rigs, monkeypatch):
    from rigs_helper.store import backups

    monkeypatch.setenv("RIGS_BACKUPS", "3")
    for i in range(5):
        ok(rigs("adjust", "Ana", "credits", "1", "--why", f"b{i}", "--game", game))
    assert len(backups.entries(game)) == 3
    monkeypatch.setenv("RIGS_BACKUPS", "0")  # none kept (the ones there stay)
    ok(rigs("adjust", "Ana", "credits", "1", "--why", "none", "--game", game))
    assert len(backups.entries(game)) == 3


def test_arrays_nested_in_log_entries_keep_the_history_apart(game, rigs):
    # a Karma draw logs a nested array (the private line); the state part is still read
    # alone, and a damaged entry after it is named by `rigs log`
    ok(rigs("adjust", "Ana", "karma", "1", "--why", "dealt", "--game", game))
    ok(rigs("adjust", "Ana", "credits", "1", "--why", "x", "--game", game))
    text = game.read_text()
    head, tail = split_text(text)
    assert tail.startswith(MARKER) and "[[log]]" not in head
    i = text.rindex("\nn = 3\n")
    game.write_text(text[:i] + "\nnn = 3\n" + text[i + len("\nn = 3\n"):])
    err = refused(rigs("log", "--game", game))
    assert "log entry 3: key 'n' is missing" in err
