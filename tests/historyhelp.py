"""Finished games for the tests of the group's history (tests/test_group_history.py,
tests/test_history_groups.py)."""

from __future__ import annotations

from pathlib import Path


def finished_game(path: Path, seed: int, names, tables) -> Path:
    """A whole game played with `next --auto` by the engine, written as a game file (played
    once per test run for each seed and names: conftest.built_once, then copied)."""
    import hashlib
    import shutil

    from conftest import built_once

    key = hashlib.sha256(repr((seed, tuple(names))).encode()).hexdigest()[:16]
    folder = built_once(f"finished-game-{key}",
                        lambda f: _play_to_the_end(f / "game.toml", seed, names, tables))
    shutil.copyfile(folder / "game.toml", path)
    return path


def _play_to_the_end(path: Path, seed: int, names, tables) -> None:
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.phases import NextPhase
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.games.rigs.codec import dumps_state, to_doc

    g = new_game(list(names), seed, tables).game
    while not g.game_over:
        g = perform(g, NextPhase(auto=True), tables).game
    path.write_text(dumps_state(to_doc(g, tables)), encoding="utf-8")


def add_scored(names: list[str], env: dict[str, str]) -> None:
    """In a process of its own (tests/clichild.py ``call``): each sheet or game file of
    ``names`` scored and added to the group's history ($RIGS_HISTORY of ``env``)."""
    import os

    from rigs_helper.store import historydb
    from rigs_helper.store.scorefile import score_file

    os.environ.clear()
    os.environ.update(env)
    for name in names:
        historydb.add(score_file(Path(name), with_play=True).play)
