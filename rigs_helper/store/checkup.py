"""`rigs doctor` on a game file: every problem it has, and notes on a sound one."""

from __future__ import annotations

from pathlib import Path

from rigs_helper.rules.tables import Tables
from rigs_helper.store import gamelog
from rigs_helper.store.codec import to_doc
from rigs_helper.store.files import read_text
from rigs_helper.store.gamefile import load_text
from rigs_helper.store.session import missing_file
from rigs_helper.store.tablefiles import load_tables


def examine(path: Path, tables: Tables | None = None) -> tuple[list[str], list[str]]:
    """Every problem of the game file (each with its line and key), and notes on a sound
    file (a hand edit since the last action)."""
    from rigs_helper.store.doctor import game_problems

    tables = tables or load_tables()
    if not path.exists():
        raise missing_file(path)
    text = read_text(path)
    problems = game_problems(text, str(path), tables)
    notes = []
    if not problems:
        loaded = load_text(text, str(path), tables)
        from rigs_helper.store import timeline

        es = timeline.entries(loaded, str(path), tables)
        if es and es[-1].get("after") != gamelog.fingerprint(to_doc(loaded.game, tables)):
            notes.append(f"{path}: the state was edited by hand since the last action (the "
                         "next command records the edit in the history)")
    return problems, notes
