"""Nothing derived is kept beside a game: the file is the truth, and beside it only its
lock and its backups (`rigs log`, `undo` and every save replay or read the history
itself); a cache an older rigs kept there (``.NAME.cache``) goes with the next save."""

from __future__ import annotations

import json
import os


def beside(path) -> set[str]:
    return set(os.listdir(path.parent))


def test_only_the_lock_and_the_backups_are_beside_the_game(rigs, tmp_path):
    path = tmp_path / "rigs.toml"
    steps = [("new", "-p", "Ana", "-p", "Bo", "--seed", "4"), ("log",),
             ("adjust", "Ana", "credits", "3", "--why", "found"), ("adjust", "Ana", "karma", "1", "--why", "dealt"),
             ("next", "--auto"), ("log", "--json"), ("undo",), ("undo", "2"),
             ("next", "--auto"), ("status",), ("log", "--ledger")]
    for step in steps:
        r = rigs(*step, "-g", path)
        assert r.exit_code == 0, (step, r.output)
        assert beside(path) == {"rigs.toml", ".rigs.toml.lock", ".rigs.toml.bak"}, step


def test_a_cache_an_older_rigs_kept_goes_with_the_next_save(rigs, tmp_path):
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "4", "-g", path).exit_code == 0
    old = tmp_path / ".rigs.toml.cache"
    old.write_text("rigs-helper log rows 2 0123\n[]\n")
    before = json.loads(rigs("log", "--json", "-g", path).stdout)["log"]
    assert old.exists()  # a reader writes nothing
    assert rigs("adjust", "Ana", "credits", "3", "--why", "x", "-g", path).exit_code == 0
    assert not old.exists()
    after = json.loads(rigs("log", "--json", "-g", path).stdout)["log"]
    assert after[:len(before)] == before and len(after) == len(before) + 1
