"""Finished games for the tests of the group's history (tests/test_group_history.py,
tests/test_history_groups.py)."""

from __future__ import annotations

from pathlib import Path


def finished_game(path: Path, seed: int, names, tables) -> Path:
    """A whole game played with `next --auto` by the engine, written as a game file."""
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.phases import NextPhase
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.games.rigs.codec import dumps_state, to_doc

    g = new_game(list(names), seed, tables).game
    while not g.game_over:
        g = perform(g, NextPhase(auto=True), tables).game
    path.write_text(dumps_state(to_doc(g, tables)), encoding="utf-8")
    return path
