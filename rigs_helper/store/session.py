"""Working on a game file: load, perform one operation, save atomically with a log entry;
the history.  With :mod:`rewind` (undo, restore), the only layer between the CLI and the
rules core that writes.

Every write happens under the game file's lock (:mod:`rigs_helper.store.lock`): the file is
read again under the lock, the operation checked and applied, the new file checked by
loading it back, written atomically and kept as a backup; then the lock is released.
Readers take no lock.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.errors import InputError, RigsError
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables
from rigs_helper.store import backups
from rigs_helper.store.codec import dumps_state, state_hash, to_doc
from rigs_helper.store.files import read_text, write_atomic
from rigs_helper.store.gamefile import Loaded, load_text
from rigs_helper.store.hidden import hide_text
from rigs_helper.store.historytext import (
    MARKER,
    diff,
    log_entries,
    log_entry_text,
    seal,
    sealed_before_last,
)
from rigs_helper.store.lock import locked, try_locked
from rigs_helper.store.tablefiles import load_tables

if TYPE_CHECKING:
    from rigs_helper.rules.engine import Op, Outcome

def missing_file(path: Path) -> InputError:
    return InputError(f"{path}: no such game file (start one with `rigs new --player A "
                      "--player B`, or name it with --game PATH or $RIGS_GAME)")


def load(path: Path, tables: Tables | None = None) -> Loaded:
    tables = tables or load_tables()
    if not path.exists():
        raise missing_file(path)
    _tidy(path)
    return load_checked(read_text(path), path, tables, cached=True)


def load_checked(text: str, path: Path, tables: Tables, cached: bool = False) -> Loaded:
    """Load; when the file does not load, name every problem at once (one per line).
    ``cached``: the state may come from, and goes to, the file's state cache
    (:mod:`rigs_helper.store.statecache`)."""
    cache = None
    if cached:
        from rigs_helper.store.statecache import StateCache

        cache = StateCache.of(path, tables)
    try:
        return load_text(text, str(path), tables, cache)
    except InputError as exc:
        from rigs_helper.store.doctor import game_problems

        problems = game_problems(text, str(path), tables) or [str(exc)]
        raise InputError("\n".join(problems)) from None


def _tidy(path: Path) -> None:
    """A reader's housekeeping: remove a killed save's temp files when no writer is at
    work (never waits for the lock)."""
    if backups.has_temps(path):
        fd = try_locked(path)
        if fd is not None:
            try:
                backups.clean_temps(path)
            finally:
                import os

                os.close(fd)


@contextmanager
def writing(path: Path):
    """Hold the game file's lock for one write (and clean a killed save's temp files)."""
    with locked(path):
        backups.clean_temps(path)
        yield


def write_game(path: Path, state_doc: dict[str, Any], log_text: str, tables: Tables) -> None:
    """Save the state and the history.  The state is loaded back first (the history is the
    one read under the lock, with any new entry checked by :func:`commit`)."""
    from rigs_helper.store.statecache import StateCache

    state = dumps_state(state_doc) + "\n"
    game = verify(state, path, tables, state_doc).game
    save(path, state + (log_text if log_text else MARKER + "\n"))
    cache = StateCache.of(path, tables)
    if cache is not None:  # the state just checked: the next command need not check it
        cache.put(state, game)  # (the state part of the file, as a load splits it)


def save(path: Path, text: str) -> None:
    """Write atomically and keep the text as the newest backup (under the lock)."""
    write_atomic(path, text)
    backups.keep(path, text)


def verify(text: str, path: Path, tables: Tables, state_doc: dict[str, Any] | None = None
           ) -> Loaded:
    """Load ``text`` back as the next command would: a state that would not load (or would
    load as something else) is never written."""
    try:
        loaded = load_text(text, str(path), tables)
        again = to_doc(loaded.game, tables)
    except RigsError as exc:
        raise RigsError(f"refused: the new state would not load ({exc}); nothing changed"
                        ) from None
    damage = history_problems(loaded, path, tables)
    if damage:
        raise RigsError(f"refused: the history would not load ({damage[0]}); nothing "
                        "changed")
    if state_doc is not None and again != state_doc:
        keys = sorted(str(p[0]) for p in diff(state_doc, again))[:3]
        raise RigsError("refused: the new state would not load back the same (at "
                        + ", ".join(keys) + "); nothing changed")
    return loaded


def history_problems(loaded: Loaded, path: Path, tables: Tables, sealed: bool = False
                     ) -> list[str]:
    """Every problem of ``loaded``'s history records (:mod:`rigs_helper.store.records`);
    ``sealed``: when the last entry's seal shows the rest is as rigs checked and wrote
    it, only the last entry is read (a long game costs the same)."""
    from rigs_helper.store import records

    only_last = sealed and sealed_before_last(loaded.log_text)
    return records.problems(loaded.log_text, str(path), tables.constants.rounds,
                            loaded.log_line, only_last=only_last)


def sound_history(loaded: Loaded, path: Path, tables: Tables) -> None:
    """Refuse to append to a damaged history (the new save would carry the damage)."""
    damage = history_problems(loaded, path, tables, sealed=True)
    if damage:
        raise InputError(f"{damage[0]}; the history is damaged, so nothing is added to it: "
                         "`rigs undo` or `rigs restore` goes back to a sound save (`rigs "
                         "doctor` lists every problem)")


# ``annotate(before, after, tables) -> dict``: extra fields for a log entry, given by the
# caller (the CLI adds the net worth figures of forecast/; the store does not import it).
Annotate = Callable[[Game | None, Game, Tables], dict]


def _start_text(game: Game) -> str:
    from rigs_helper.store.phasestart import start_text

    return start_text(game)


def create(path: Path, outcome: Outcome, action: str, force: bool, tables: Tables,
           annotate: Annotate | None = None, op: str | None = None) -> None:
    with writing(path):
        if path.exists() and not force:
            raise InputError(f"{path}: a file is already there; use --force to replace it")
        doc = to_doc(outcome.game, tables)
        entry: dict[str, Any] = {"n": 1, "round": outcome.game.round, "phase": outcome.game.phase,
                 "action": action, "after": state_hash(doc), "seal": seal(MARKER + "\n"),
                 "start": _start_text(outcome.game)}
        _facts(entry, outcome)
        if annotate is not None:
            entry.update(annotate(None, outcome.game, tables))
        if op:  # the set-up as data, for `rigs verify`
            entry["op"] = op
        write_game(path, doc, MARKER + "\n" + log_entry_text(entry), tables)


def run(path: Path, op: Op, tables: Tables | None = None,
        annotate: Annotate | None = None, source: str | None = None,
        request_id: str | None = None) -> Outcome:
    """Under the lock: load ``path``, check and apply ``op``, save the new state with a
    log entry.  When the rules refuse, nothing is written.

    ``source`` ("Ana's phone") and ``request_id`` are kept in the log entry.  A request id
    already in the recent history acts once: the first outcome's words come back and
    nothing is written (a double tap, a form sent again)."""
    return _run(path, op, tables, annotate, with_start=False, source=source,
                request_id=request_id)[0]


def run_phase_end(path: Path, op: Op, tables: Tables | None = None,
                  annotate: Annotate | None = None, source: str | None = None,
                  request_id: str | None = None) -> tuple[Outcome, dict]:
    """:func:`run` for an operation that ends a phase; also returns what the phase's
    summary compares as that phase began (:func:`phase_start`)."""
    outcome, start = _run(path, op, tables, annotate, with_start=True, source=source,
                          request_id=request_id)
    assert start is not None
    return outcome, start


def _run(path: Path, op: Op, tables: Tables | None, annotate: Annotate | None,
         with_start: bool, source: str | None = None, request_id: str | None = None
         ) -> tuple[Outcome, dict | None]:
    from rigs_helper.rules.engine import perform

    tables = tables or load_tables()
    if not path.exists():
        raise missing_file(path)
    with writing(path):
        loaded = load(path, tables)
        if request_id is not None:
            again = repeated(loaded, str(path), request_id)
            if again is not None:
                if not with_start:
                    return again, None
                from rigs_helper.rules.history import basis

                return again, basis(loaded.game)
        start = None
        if with_start:
            from rigs_helper.store.phasestart import phase_start

            start = phase_start(loaded, str(path), tables)
        outcome = perform(loaded.game, op, tables)
        extra = {k: v for k, v in (("source", source), ("request_id", request_id)) if v}
        commit(path, loaded, outcome.game, op.describe(), tables, outcome.data.get("ledger"),
               annotate, op, outcome=outcome, extra=extra)
    return outcome, start


#: how far back a request id is looked for (a double tap comes within a few actions)
RECENT = 64


def repeated(loaded: Loaded, file: str, request_id: str) -> Outcome | None:
    """The outcome of the recent action that carried ``request_id`` (its words as logged,
    the state as it is now), or None when no recent action did."""
    from rigs_helper.rules.engine import Outcome
    from rigs_helper.store.hidden import show_text

    plain = request_id.isascii() and request_id.replace("-", "").replace("_", "").isalnum()
    if plain and request_id not in loaded.log_text:  # the cheap test first
        return None
    for e in reversed(log_entries(loaded.log_text, file, last=RECENT)):
        if e.get("request_id") == request_id:
            private = tuple((str(who), show_text(str(text)))
                            for who, text in e.get("private", []))
            return Outcome(loaded.game, tuple(str(x) for x in e.get("said", [])),
                           {"repeated": True}, private)
    return None


def _facts(entry: dict[str, Any], outcome: Outcome | None) -> None:
    """Keep what an action said in its log entry: the public lines (the board's summary of
    the last phase) and each private line with the player it is for (`rigs hand`)."""
    if outcome is None:
        return
    if outcome.messages:
        entry["said"] = list(outcome.messages)
    if outcome.private:
        entry["private"] = [[who, hide_text(text)] for who, text in outcome.private]


def commit(path: Path, loaded: Loaded, game: Game, action: str, tables: Tables,
           ledger: list[dict] | None = None, annotate: Annotate | None = None,
           op: Op | None = None, outcome: Outcome | None = None,
           extra: dict[str, str] | None = None) -> None:
    """Append ``action`` to the history and save ``game`` (the caller holds the lock and
    read ``loaded`` under it); ``extra``: where the action came from (``source``) and its
    ``request_id``, kept in the entry."""
    import json

    from rigs_helper.rules.history import moves, public
    from rigs_helper.rules.names import signed
    from rigs_helper.store.records import count_entries

    sound_history(loaded, path, tables)
    before = to_doc(loaded.game, tables)
    after = to_doc(game, tables)
    changes = diff(before, after)
    entry: dict[str, Any] = {"n": count_entries(loaded.log_text) + 1, "round": loaded.game.round,
             "phase": loaded.game.phase, "action": action, "after": state_hash(after),
             "undo": json.dumps(changes, separators=(",", ":"), ensure_ascii=False),
             "seal": seal(loaded.log_text or MARKER + "\n")}
    if outcome is not None and outcome.boundary is not None:  # a phase began inside it
        from rigs_helper.store.phasestart import start_text

        entry["start"] = start_text(outcome.boundary)
    entry.update(extra or {})
    if op is not None:  # the action as data: `rigs verify` performs it again
        from rigs_helper.rules.oplog import op_to_json

        entry["op"] = op_to_json(op)
    # where every unit moved by the action came from or went to, then RIGS and plots moved
    lines = [f"{x['player']} {signed(x['change'], x['what'])} ({x['source']})"
             for x in ledger or ()] + moves(loaded.game, game)
    if lines:
        entry["ledger"] = public(lines, (game,), tables)
    _facts(entry, outcome)
    if "said" in entry:  # public lines; a Karma card in a hand is never named there
        entry["said"] = public(entry["said"], (game,), tables)
    if annotate is not None:
        entry.update(annotate(loaded.game, game, tables))
    log_text = loaded.log_text or MARKER + "\n"
    text = log_entry_text(entry)
    log_entries(MARKER + "\n" + text, str(path),  # the new entry reads back (or refuses)
                first_n=entry["n"])
    write_game(path, after, log_text + text, tables)


def history(path: Path, tables: Tables | None = None) -> list[dict[str, Any]]:
    """The log's entries; a damaged entry is named (its number, key and line)."""
    tables = tables or load_tables()
    if not path.exists():
        raise missing_file(path)
    text = read_text(path)
    loaded = load_checked(text, path, tables, cached=True)
    try:  # read once; a damaged history is then named in full, every problem
        from rigs_helper.store.logcache import read_entries

        entries = read_entries(path, loaded.log_text, loaded.log_line, tables)
    except InputError as exc:
        every = history_problems(loaded, path, tables)
        raise (InputError("\n".join(every)) if every else exc) from None
    return [{"n": e["n"], "round": e["round"], "phase": e["phase"],
             "action": str(e["action"]),
             **({"source": str(e["source"])} if e.get("source") else {}),
             "said": [str(x) for x in e.get("said", [])],
             "ledger": [str(x) for x in e.get("ledger", [])]}
            for e in entries]


def doctor(path: Path, tables: Tables | None = None) -> tuple[list[str], list[str]]:
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
        last = log_entries(loaded.log_text, str(path), last=1, first_line=loaded.log_line)
        if last and last[0].get("after") != state_hash(to_doc(loaded.game, tables)):
            notes.append(f"{path}: the state was edited by hand since the last action "
                         "(`rigs undo` would drop that edit, so it asks for --force)")
    return problems, notes


# ---------------------------------------------------------------------------- backups
