"""Stepping back: `rigs undo` (the history's diffs, or a sound backup when the file is
damaged) and `rigs restore` (one of the last saves).  Under the game file's lock, like every
write (:mod:`session`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rigs_helper.rules.errors import InputError, RigsError, RulesError
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables
from rigs_helper.store import backups
from rigs_helper.store.codec import from_doc, state_hash, to_doc
from rigs_helper.store.files import read_text
from rigs_helper.store.gamefile import load_text
from rigs_helper.store.historytext import log_entries, undo_diff
from rigs_helper.store.records import count_entries, entry_starts
from rigs_helper.store.session import (
    history_problems,
    missing_file,
    save,
    verify,
    write_game,
    writing,
)
from rigs_helper.store.tablefiles import load_tables


class Undone:
    """What `undo` did: the actions undone (oldest first), the state now, and a note when
    a damaged file was first brought back to the last state rigs saved."""

    def __init__(self, actions: list[str], game: Game, note: str = "") -> None:
        self.actions, self.game, self.note = actions, game, note


def undo(path: Path, n: int = 1, force: bool = False, tables: Tables | None = None) -> Undone:
    """Step back ``n`` actions, restoring the exact state before them (decks and the
    generator included: redoing a draw gives the same card).

    Undo never needs the current state to load: a state rigs itself wrote is stepped back
    from as written; a damaged or badly hand-edited file first goes back to the last state
    rigs saved (its backups), which counts as the first step."""
    tables = tables or load_tables()
    if n < 1:
        raise InputError("undo needs a number of actions of 1 or more")
    if not path.exists():
        raise missing_file(path)
    with writing(path):
        text = read_text(path)
        try:
            loaded = load_text(text, str(path), tables)
        except InputError as exc:
            return _undo_damaged(path, text, n, force, tables, exc)
        damage = history_problems(loaded, path, tables, sealed=True)
        if damage:
            return _undo_damaged(path, text, n, force, tables,
                                 InputError(f"{damage[0]}; the history is damaged"))
        doc = to_doc(loaded.game, tables)
        entries = _last_entries(path, loaded.log_text, n)
        if not force and entries[-1].get("after") != state_hash(doc):
            raise RulesError("the game file was edited by hand since the last action; undo "
                             "would drop that edit (use --force to undo anyway)")
        return _step_back(path, doc, loaded.log_text, entries, tables)


def _last_entries(path: Path, log_text: str, n: int) -> list[dict[str, Any]]:
    entries = log_entries(log_text, str(path), last=n)
    if sum(1 for e in entries if "undo" in e) < n:
        have = sum(1 for e in log_entries(log_text, str(path)) if "undo" in e)
        raise RulesError(f"only {have} action{'s' if have != 1 else ''} can be undone",
                         rule="a game cannot be undone past its creation")
    return entries


def _changes(path: Path, entries: list[dict[str, Any]]) -> list[list]:
    """The undo records of ``entries``, newest first, as one list of changes."""
    import json

    out: list[list] = []
    for e in reversed(entries):
        try:
            changes = json.loads(e["undo"])
            if not isinstance(changes, list) or not all(
                    isinstance(c, list) and len(c) == 2 and isinstance(c[0], list)
                    for c in changes):
                raise ValueError
        except (TypeError, ValueError, KeyError, RecursionError):
            raise InputError(f"{path}: log entry {e.get('n')} is damaged (key 'undo'); "
                             "cannot undo it (`rigs restore --list` shows the backups)"
                             ) from None
        out += changes
    return out


def _step_back(path: Path, doc: dict[str, Any], log_text: str, entries: list[dict[str, Any]],
               tables: Tables, note: str = "", cut: int = 0,
               actions: list[dict[str, Any]] | None = None) -> Undone:
    try:
        doc = undo_diff(doc, _changes(path, entries))
    except (TypeError, KeyError, IndexError):
        raise InputError(f"{path}: the history does not fit the state (a damaged log "
                         "entry); `rigs restore --list` shows the backups") from None
    game = from_doc(doc, str(path), tables)
    at = entry_starts(log_text)[-(cut or len(entries))]
    write_game(path, to_doc(game, tables), log_text[:at - 1], tables)  # "\n[[log]]..."
    return Undone([str(e.get("action", "?")) for e in (actions or entries)], game, note)


def _undo_damaged(path: Path, text: str, n: int, force: bool, tables: Tables,
                  problem: InputError) -> Undone:
    """Undo when the file does not load: back to the newest backup that loads (what it
    drops: the actions logged since, or the hand edit); without one, step back from the
    state as it is when that gives exactly the state the log recorded before."""
    from rigs_helper.rules.checker import parse_toml
    from rigs_helper.store.gamefile import split_text

    head, tail = split_text(text)
    try:
        logged = log_entries(tail, str(path))
    except (RigsError, RecursionError):
        logged = []
    for i, b in enumerate(backups.entries(path), 1):  # newest first
        try:
            good = read_text(b)
            loaded = load_text(good, str(b), tables)
        except (RigsError, RecursionError):
            continue
        if good == text or history_problems(loaded, b, tables):
            continue
        actions = [str(e.get("action", "?")) for e in logged[count_entries(loaded.log_text):]]
        actions = actions or ["a hand edit that broke the game file"]
        backups.keep(path, text)  # the damaged file too: nothing is lost
        save(path, good)
        note = (f"the game file did not load ({problem}); back to the last state that loads "
                f"(backup {i}, {b.name}); the damaged file is kept as a backup")
        if n <= len(actions):
            return Undone(actions, loaded.game, note)
        entries = _last_entries(path, loaded.log_text, n - len(actions))
        done = _step_back(path, to_doc(loaded.game, tables), loaded.log_text, entries,
                          tables, note)
        return Undone(done.actions + actions, done.game, note)
    try:
        raw = parse_toml(head, str(path))
        raw.pop("log", None)
        entries = _last_entries(path, tail, n)
        want = logged[-n - 1].get("after") if len(logged) > n else None
        before = to_doc(from_doc(undo_diff(raw, _changes(path, entries)), str(path), tables),
                        tables)
        if want is not None and state_hash(before) == want:
            return _step_back(path, before, tail, [], tables, cut=len(entries),
                              actions=entries)
    except (RigsError, RecursionError, TypeError, KeyError, IndexError, AttributeError):
        pass
    raise InputError(f"{path}: cannot undo: the file does not load ({problem}) and no "
                     "backup of a state that loads is left; `rigs doctor` lists every "
                     "problem")


def backup_list(path: Path, tables: Tables | None = None) -> list[dict[str, Any]]:
    """The backups of ``path``, newest first: number, file, whether it loads, its round,
    phase and last action, and whether it is the game file as it is now."""
    tables = tables or load_tables()
    current = path.read_text(encoding="utf-8", errors="replace") if path.exists() else None
    out = []
    for i, b in enumerate(backups.entries(path), 1):
        row: dict[str, Any] = {"n": i, "file": b.name, "current": False, "loads": False}
        try:
            text = read_text(b)
            loaded = load_text(text, str(b), tables)
            damage = history_problems(loaded, b, tables)
            if damage:  # a backup with a damaged history is not one to go back to
                raise InputError(damage[0])
            last = log_entries(loaded.log_text, str(b), last=1, first_line=loaded.log_line)
            row.update(loads=True, current=text == current, round=loaded.game.round,
                       phase=loaded.game.phase,
                       action=str(last[0].get("action", "?")) if last else "?")
        except (RigsError, RecursionError) as exc:
            row["problem"] = str(exc).split("\n")[0]
        out.append(row)
    return out


def restore(path: Path, n: int | None = None, tables: Tables | None = None
            ) -> tuple[dict[str, Any], Game]:
    """Put backup ``n`` (1 = newest) back as the game file; without ``n`` the newest
    backup that loads and differs from the file now.  The file it replaces is kept as a
    backup, so a restore can itself be undone by another."""
    tables = tables or load_tables()
    with writing(path):
        rows = backup_list(path, tables)
        if not rows:
            raise InputError(f"{path}: no backups ({backups.folder(path).name} is empty)")
        if n is None:
            pick = next((r for r in rows if r["loads"] and not r["current"]), None)
            if pick is None:
                raise InputError(f"{path}: no backup that loads differs from the file now "
                                 "(`rigs restore --list`)")
        elif n > len(rows):
            raise InputError(f"there {'is' if len(rows) == 1 else 'are'} only {len(rows)} "
                             f"backup{'s' if len(rows) != 1 else ''}; "
                             "`rigs restore --list` lists them")
        else:
            pick = rows[n - 1]
        good = read_text(backups.folder(path) / pick["file"])
        loaded = verify(good, path, tables)
        pick = {**pick, "replaced": path.exists()}
        if path.exists():
            now = path.read_bytes()
            if not any(r["current"] for r in rows):
                backups.keep(path, now.decode("utf-8", errors="surrogateescape"))
        save(path, good)
    return pick, loaded.game
