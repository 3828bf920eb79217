"""The history cache (rigs_helper/store/logcache.py): `rigs log` and the net worth chart
read what was read before from the cache and only the new entries from the file, and give
exactly what a full read gives; a history that changed otherwise (an undo, a hand edit)
is read in full."""

from __future__ import annotations

from rigs_helper.store import session
from rigs_helper.store.historytext import UNDO_KEYS, log_entries
from rigs_helper.store.logcache import read_entries


def full(path):
    loaded = session.load(path)
    return log_entries(loaded.log_text, str(path), first_line=loaded.log_line)


def cached(path, tables):
    loaded = session.load(path, tables)
    return read_entries(path, loaded.log_text, loaded.log_line, tables)


def light(entries):
    return [{k: v for k, v in e.items() if k not in UNDO_KEYS} for e in entries]


def test_sealed_entries_read_without_undo_records_equal_the_full_entries(rigs, tmp_path):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "5", "-g", path).exit_code == 0
    for _ in range(6):
        assert rigs("next", "--auto", "-g", path).exit_code == 0
    loaded = session.load(path)
    quick = log_entries(loaded.log_text, str(path), sealed=True, without=UNDO_KEYS)
    assert any("undo" in e for e in full(path))
    assert quick[:-1] == light(full(path))[:-1]
    assert quick[-1] == full(path)[-1]  # the last entry is read whole, and checked


def test_the_log_read_through_the_cache_equals_a_full_read_as_the_game_grows(
        rigs, tables, tmp_path, monkeypatch):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "5", "-g", path).exit_code == 0
    for step in range(8):
        assert cached(path, tables) == light(full(path)), step
        shown = rigs("log", "-g", path).stdout
        monkeypatch.setenv("RIGS_NO_CACHE", "1")
        assert rigs("log", "-g", path).stdout == shown
        monkeypatch.delenv("RIGS_NO_CACHE")
        assert rigs("next", "--auto", "-g", path).exit_code == 0
    assert rigs("undo", "-g", path).exit_code == 0  # the history shrinks: read in full
    assert cached(path, tables) == light(full(path))


def test_text_added_to_the_last_cached_entry_is_read_and_refused(rigs, tables, tmp_path):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "5", "-g", path).exit_code == 0
    assert rigs("next", "--auto", "-g", path).exit_code == 0
    cached(path, tables)  # the history as it is, kept
    path.write_text(path.read_text(encoding="utf-8") + "colour = \"red\"\n",
                    encoding="utf-8")
    r = rigs("log", "-g", path)
    assert r.exit_code != 0
    assert "colour" in r.stderr and "log entry 2" in r.stderr
