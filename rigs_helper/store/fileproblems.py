"""Every problem of a R.I.G.S. game file at once, each with its key and line (`rigs doctor`,
and a file that does not load): its state's values taken out one by one
(:mod:`rigs_helper.store.doctor`'s machinery, the game's codec and whole-game checks),
then its history read and replayed."""

from __future__ import annotations

import re
from typing import Any

from rigs_helper.rules.errors import InputError
from rigs_helper.store.doctor import REMOVE, collect, with_lines


def game_problems(text: str, file: str, tables) -> list[str]:
    """Every problem of a game file's text (empty when it loads)."""
    from rigs_helper.rules.checker import Checker, parse_toml
    from rigs_helper.games.rigs.codec import from_doc, migrate
    from rigs_helper.store.gamefile import load_text, split_text
    from rigs_helper.games.rigs.invariants import game_problems as whole_problems

    try:
        load_text(text, file, tables)
        return log_problems(text, file, tables.constants.rounds)
    except InputError as first:
        from rigs_helper.store.gamefile import CUT

        if CUT in str(first):  # (it names the history's damaged entry, if any)
            return [str(first)]
        head, tail = split_text(text)
        try:
            doc = parse_toml(head, file)
        except InputError as exc:
            return [str(exc)]

        def values(d):
            if "log" in d and tail:
                raise Checker(file).fail("log", "the history is kept below the marker "
                                         "line; remove this key from the state")
            d.pop("log", None)
            migrate(d, Checker(file))
            return from_doc(d, file, tables, whole=False)

        problems, game = collect(values, doc, _game_fallback)
        if game is not None and not problems:
            problems = list(whole_problems(game, tables, Checker(file)))
        return ((with_lines(problems, head, file) or [str(first)])
                + log_problems(text, file, tables.constants.rounds))


_REQUIRED = {"credits", "energy", "supplies", "metal", "luxuries", "warehouse_rigs", "hand",
             "plots"}


def _game_fallback(path: list) -> Any:
    """Stand-ins for required values (only the values are checked while one is in, so a
    stand-in never causes a false alarm)."""
    if path == ["round"]:
        return 1
    if path == ["phase"]:
        return "player"
    if len(path) == 3 and path[0] == "players" and path[2] == "name":
        return f"player {path[1] + 1}"
    if len(path) == 3 and path[0] == "players":  # a required key's neutral stand-in
        return {"hand": "", "plots": []}.get(path[2], 0) if path[2] in _REQUIRED else REMOVE
    if len(path) == 5 and path[0] == "players" and path[2] == "plots" and path[4] == "rigs":
        return 0
    return REMOVE


def log_problems(text: str, file: str, rounds: int | None = None) -> list[str]:
    """Problems of the history: an entry that does not read (its number and key), or one
    that does not replay."""
    from rigs_helper.store.gamefile import load_text, split_text

    head, tail = split_text(text)
    if not tail:
        return []
    from rigs_helper.store import timeline
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    try:
        loaded = load_text(text, file, tables)
    except InputError:
        loaded = None
    if loaded is None:  # the state is the problem: the history alone is read
        if re.search(r"(?m)^version = 1$", head):
            from rigs_helper.store import records

            return records.problems(tail, file, rounds or tables.constants.rounds,
                                    text.count("\n", 0, len(head)) + 1)
        from rigs_helper.store import gamelog

        try:
            gamelog.parse(tail, file, rounds or tables.constants.rounds)
        except InputError as exc:
            return [str(exc)]
        return []
    try:
        timeline.whole(loaded, file, tables)
    except InputError as exc:
        return [str(exc)]
    from rigs_helper.store import gamelog, histcheck

    if loaded.version == 2 and gamelog.sealed(loaded.log_text) == "ok":  # (else checked)
        problem = histcheck.first_problem(loaded, timeline.entries(loaded, file, tables),
                                          file, tables)
        if problem is not None:
            return [problem]
    return []
