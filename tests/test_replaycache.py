"""The one cache (rigs_helper/store/replaycache.py): `rigs log`'s rows kept beside the
game under a hash of the file's text, the viewer and rigs's code; never stale, never
shared with other users."""

from __future__ import annotations

import functools
import json
import re
import stat

import pytest

from rigs_helper.store import replaycache


@pytest.fixture
def game(rigs, tmp_path):
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "4", "-g", path).exit_code == 0
    for _ in range(6):
        assert rigs("next", "--auto", "-g", path).exit_code == 0
    return path


def log(rigs, path, *args):
    r = rigs("log", *args, "-g", path)
    assert r.exit_code == 0, r.output
    return r.stdout


def test_log_from_the_cache_is_the_log_replayed(rigs, game):
    cache = replaycache.cache_path(game)
    assert cache.exists()  # kept by `new` and every save since
    kept_by_saves = replaycache.rows(game)
    cache.unlink()
    replayed = log(rigs, game), log(rigs, game, "--json"), log(rigs, game, "--ledger")
    assert kept_by_saves == json.loads(replayed[1])["log"]
    assert cache.exists() and stat.S_IMODE(cache.stat().st_mode) == 0o600
    kept = cache.read_text()
    assert (log(rigs, game), log(rigs, game, "--json"), log(rigs, game, "--ledger")) == \
        replayed
    assert cache.read_text() == kept  # read, not written again
    assert replaycache.rows(game) == json.loads(replayed[1])["log"]


def test_a_changed_game_file_is_replayed_again(rigs, game):
    log(rigs, game)
    kept = replaycache.cache_path(game).read_text()
    game.write_text(game.read_text().replace("credits = ", "credits  = ", 1))
    assert replaycache.rows(game) is None  # the key names the file's text
    assert not replaycache.sound(game, game.read_text())
    log(rigs, game)
    assert replaycache.rows(game) is not None
    assert replaycache.cache_path(game).read_text() != kept


def test_a_damaged_or_foreign_cache_is_not_used(rigs, game):
    want = log(rigs, game)
    cache = replaycache.cache_path(game)
    first, _, body = cache.read_text().partition("\n")
    cache.write_text(first + "\n[{not json")
    assert replaycache.rows(game) is None and log(rigs, game) == want
    cache.write_text("0" * 64 + "\n" + body.replace("Ana", "Zed"))
    assert replaycache.rows(game) is None and log(rigs, game) == want


def test_the_key_names_the_code_the_viewer_and_the_text(monkeypatch):
    base = replaycache.key("text", None)
    assert replaycache.key("text", "Ana") != base
    assert replaycache.key("text!", None) != base
    files = replaycache._code()
    assert any(f.endswith("replay.py") for f, _, _ in files)  # the rules' code
    assert any(f.endswith("constants.toml") for f, _, _ in files)  # the tables
    edited = [(f, size + 1 if f.endswith("replay.py") else size, t) for f, size, t in files]
    monkeypatch.setattr(replaycache, "_code", lambda: edited)
    # (the code's part of the key is worked out once a process: a fresh one here)
    monkeypatch.setattr(replaycache, "_code_key", functools.cache(
        replaycache._code_key.__wrapped__))
    assert replaycache.key("text", None) != base


def test_saves_keep_the_rows_that_replaying_the_history_gives(rigs, game):
    """An action, an undo and a phone's kind of action after a `rigs log`: the rows kept
    for the new file are those a replay from scratch gives, and the cache says that the
    history was read (so the next save or undo reads only its end)."""
    log(rigs, game)
    steps = [("adjust", "Ana", "credits", "3", "--why", "found"),
             ("adjust", "Ana", "karma", "1", "--why", "dealt"), ("next", "--auto"), ("undo",), ("undo", "2"),
             ("next", "--auto"), ("next", "--auto")]
    for step in steps:
        r = rigs(*step, "-g", game)
        assert r.exit_code == 0, (step, r.output)
        kept = replaycache.rows(game)
        assert kept is not None, step
        assert replaycache.sound(game, game.read_text())
        replaycache.cache_path(game).unlink()
        assert json.loads(log(rigs, game, "--json"))["log"] == kept, step


def test_a_hand_edit_is_read_whole_again(rigs, game):
    log(rigs, game)
    text = game.read_text()
    credits = re.search(r"(?m)^credits = (\d+)$", text)
    assert credits is not None
    game.write_text(text.replace(credits.group(), f"credits = {int(credits[1]) + 1}", 1))
    assert not replaycache.sound(game, game.read_text())
    assert rigs("adjust", "Ana", "credits", "3", "--why", "found", "-g", game).exit_code == 0
    # not grown from the rows of another text: the save replayed the history whole
    kept = replaycache.rows(game)
    assert kept is not None and replaycache.sound(game, game.read_text())
    assert any(r["action"] == "(the state was edited by hand)" for r in kept)
    replaycache.cache_path(game).unlink()
    assert json.loads(log(rigs, game, "--json"))["log"] == kept


def test_a_new_game_and_a_version_1_file_written_back_keep_the_rows(rigs, tmp_path):
    """`new` keeps the rows of its history; the first save of a version-1 file (written
    back as version 2) keeps the rows its migrated history replays to."""
    import shutil
    from pathlib import Path

    path = tmp_path / "new.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "4", "-g", path).exit_code == 0
    kept = replaycache.rows(path)
    assert kept is not None and [r["n"] for r in kept] == [1]
    replaycache.cache_path(path).unlink()
    assert json.loads(log(rigs, path, "--json"))["log"] == kept

    old = tmp_path / "mid.toml"
    shutil.copy(Path(__file__).parent / "fixtures" / "v1" / "finished.toml", old)
    assert rigs("undo", "-g", old).exit_code == 0
    kept = replaycache.rows(old)
    assert kept is not None and replaycache.sound(old, old.read_text())
    replaycache.cache_path(old).unlink()
    assert json.loads(log(rigs, old, "--json"))["log"] == kept
