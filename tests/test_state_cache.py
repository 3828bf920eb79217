"""The state cache (rigs_helper/store/statecache.py): a load that takes the state from the
cache gives exactly the state a full parse and check gives, and any other text than the one
kept (a hand edit), a damaged cache or caching turned off means a full load."""

from __future__ import annotations

import pytest
from scripted_game import cli_invoke, play

from rigs_helper.rules.records import from_data, to_data
from rigs_helper.store import session
from rigs_helper.store.gamefile import load_text
from rigs_helper.store.statecache import StateCache


def full_load(path, tables):
    """The state as parsed and checked, no cache."""
    return load_text(path.read_text(encoding="utf-8"), str(path), tables).game


def cache_file(path, tables):
    return StateCache.of(path, tables).file


def test_cached_loads_equal_full_loads_through_a_played_game(rigs, tables, tmp_path):
    path = tmp_path / "g.toml"
    invoke = cli_invoke(rigs)
    seen = 0

    def checked(*args):
        nonlocal seen
        out = invoke(*args)
        if path.exists():
            full = full_load(path, tables)
            assert from_data(to_data(full)) == full
            cached = StateCache.of(path, tables).get(
                path.read_text(encoding="utf-8").split("# ---- history")[0])
            if cached is not None:  # the command kept the state it wrote
                seen += 1
                assert cached == full, args
            assert session.load(path, tables).game == full
        return out

    play(checked, path, tables, rounds=3)
    assert seen > 20  # the states came from the cache, not only from full loads


def test_a_hand_edit_is_loaded_in_full_not_from_the_cache(rigs, tables, tmp_path):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    before = session.load(path, tables).game
    assert cache_file(path, tables).exists()
    text = path.read_text(encoding="utf-8")
    edited = text.replace("credits = 100", "credits = 97", 1)
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    after = session.load(path, tables).game
    assert after.players[0].credits == 97 != before.players[0].credits
    assert after == full_load(path, tables)


def test_a_damaged_state_cache_is_not_used(rigs, tables, tmp_path):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    kept = cache_file(path, tables)
    blob = bytearray(kept.read_bytes())
    blob[-2] ^= 0x01
    kept.write_bytes(bytes(blob))
    head = path.read_text(encoding="utf-8").split("# ---- history")[0]
    assert StateCache.of(path, tables).get(head) is None
    assert session.load(path, tables).game == full_load(path, tables)
    kept.write_bytes(b"\x00\x01")
    assert session.load(path, tables).game == full_load(path, tables)


def test_no_state_cache_with_rigs_no_cache(rigs, tables, tmp_path, monkeypatch):
    monkeypatch.setenv("RIGS_NO_CACHE", "1")
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    assert StateCache.of(path, tables) is None
    assert session.load(path, tables).game == full_load(path, tables)


def test_other_tables_than_the_shipped_ones_use_no_state_cache(tables, tmp_path):
    from rigs_helper.store.tablefiles import load_tables_from, tables_dir

    assert StateCache.of(tmp_path / "g.toml", tables) is not None
    assert StateCache.of(tmp_path / "g.toml", load_tables_from(tables_dir())) is None


def test_records_as_data_refuse_data_of_another_shape():
    with pytest.raises((KeyError, ValueError)):
        from_data(["R", "no.such.Record", []])
    with pytest.raises(ValueError):
        from_data(["X", []])


def test_the_state_cache_shows_no_card_of_a_hand_or_pile_at_a_glance(rigs, tables, tmp_path):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", path).exit_code == 0
    assert rigs("karma", "draw", "Ana", "2", "-g", path).exit_code == 0
    game = session.load(path, tables).game
    blob = cache_file(path, tables).read_bytes()
    secret = [*game.players[0].hand, *game.karma.draw[:3], *game.disaster.draw[:3]]
    assert secret
    for key in secret:
        assert key.encode() not in blob, key
