"""Working on a game file: load, perform one operation, save atomically with a log entry;
the history.  With :mod:`rewind` (undo, restore), the only layer between the CLI and the
rules core that writes.

Every write happens under the game file's lock (:mod:`rigs_helper.store.lock`): the file is
read again under the lock, the operation checked and applied, the new file checked by
loading it back, written atomically and kept as a backup; then the lock is released.
Readers take no lock.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.errors import InputError, RigsError
from rigs_helper.games.rigs.waits.seen import check_seen, moment
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.store import backups, gamelog
from rigs_helper.games.rigs.codec import dumps_state, to_doc
from rigs_helper.store.files import read_text, write_atomic
from rigs_helper.store.gamefile import Loaded, load_text
from rigs_helper.store.gamelog import MARKER
from rigs_helper.store.lock import locked
from rigs_helper.store.tablefiles import load_tables

if TYPE_CHECKING:
    from rigs_helper.games.rigs.engine import Op, Outcome

def missing_file(path: Path) -> InputError:
    return InputError(f"{path}: no such game file (start one with `rigs new --player A "
                      "--player B`, or name it with --game PATH or $RIGS_GAME)")


def load(path: Path, tables: Tables | None = None) -> Loaded:
    tables = tables or load_tables()
    if not path.exists():
        raise missing_file(path)
    _tidy(path)
    return load_checked(read_text(path), path, tables)


def _tidy(path: Path) -> None:
    """A reader's housekeeping: remove a killed save's temp files (beside the game or in
    its backups' folder) when no writer is at work (never waits for the lock)."""
    if backups.has_temps(path):
        from rigs_helper.store.lock import try_locked

        fd = try_locked(path)
        if fd is not None:
            import os

            try:
                backups.clean_temps(path)
            finally:
                os.close(fd)


def load_checked(text: str, path: Path, tables: Tables) -> Loaded:
    """Load; when the file does not load, name every problem at once (one per line)."""
    try:
        return load_text(text, str(path), tables)
    except InputError as exc:
        from rigs_helper.store.gamekind import not_this_game

        if (other := not_this_game(path, text)) is not None:  # a RIG file
            raise other from None
        from rigs_helper.store.fileproblems import game_problems

        problems = game_problems(text, str(path), tables) or [str(exc)]
        raise InputError("\n".join(problems)) from None


@contextmanager
def writing(path: Path):
    """Hold the game file's lock for one write (and clean a killed save's temp files)."""
    with locked(path):
        backups.clean_temps(path)
        yield


def write_game(path: Path, state_doc: dict[str, Any], log_text: str, tables: Tables,
               game: Game | None = None) -> str:
    """Save the state and the history (the state is loaded back first); the text saved.
    ``game``: the state ``state_doc`` was made of, when the caller has it (the check then
    compares the game read back with it)."""
    state = dumps_state(state_doc) + "\n"
    verify(state, path, tables, state_doc, game)
    text = state + gamelog.seal(log_text if log_text else MARKER + "\n")
    save(path, text)
    return text


def save(path: Path, text: str) -> None:
    """Write atomically and keep the text as the newest backup (under the lock).  Beside
    the game there is only its lock and its backups: the cache an older rigs kept of
    `rigs log`'s rows (``.NAME.cache``) goes."""
    write_atomic(path, text)
    backups.keep(path, text)
    old_cache = path.parent / f".{path.name}.cache"
    try:
        old_cache.unlink()
    except OSError:  # (none: the usual case)
        pass


def verify(text: str, path: Path, tables: Tables, state_doc: dict[str, Any] | None = None,
           game: Game | None = None) -> Loaded:
    """Load ``text`` back as the next command would: a state that would not load (or would
    load as something else) is never written.  ``game``: the state ``state_doc`` was made
    of (``to_doc``): a game read back equal to it gives the same document (every value of
    the state read back was checked for its type as it was read), so the document is made
    again only when they differ."""
    try:
        loaded = load_text(text, str(path), tables)
        same = game is not None and state_doc is not None and loaded.game == game
        again = to_doc(loaded.game, tables) if not same or state_doc is None else state_doc
    except RigsError as exc:
        raise RigsError(f"refused: the new state would not load ({exc}); nothing changed"
                        ) from None
    if state_doc is not None and again != state_doc:
        keys = sorted(k for k in again.keys() | state_doc.keys()
                      if again.get(k) != state_doc.get(k))[:3]
        raise RigsError("refused: the new state would not load back the same (at "
                        + ", ".join(keys) + "); nothing changed")
    return loaded


def state_doc(loaded: Loaded, tables: Tables) -> dict[str, Any]:
    """``loaded``'s state as a document (made once)."""
    if loaded.doc is None:
        loaded.doc = to_doc(loaded.game, tables)
    return loaded.doc


def history_problems(loaded: Loaded, path: Path, tables: Tables) -> list[str]:
    """Every problem of ``loaded``'s history (its entries read, then replayed)."""
    from rigs_helper.store import timeline

    try:
        timeline.whole(loaded, str(path), tables)
    except InputError as exc:
        return [str(exc)]
    return []


def _last(loaded: Loaded, path: Path, tables: Tables) -> dict[str, Any] | None:
    """The history's last entry, every entry read and checked first: a damaged history
    refuses the save in one line (nothing is ever appended to it).  A history sealed as
    rigs wrote it (gamelog.sealed) is not read again: its last entry alone; any other is
    replayed and checked whole first (store/histcheck.py)."""
    from rigs_helper.store import timeline

    if loaded.version == 2 and loaded.text and gamelog.sealed(loaded.log_text) == "ok":
        last = gamelog.last_keys(loaded.log_text)
        if last is not None and isinstance(last.get("action"), str):
            return last

    try:
        es = timeline.entries(loaded, str(path), tables)
    except InputError as exc:
        raise InputError(f"{str(exc).split(' (`rigs doctor`')[0]}; the history is damaged, so "
                         "nothing is added to it: `rigs undo` or `rigs restore` goes back to a "
                         "sound save (`rigs doctor` lists every problem)") from None
    return es[-1] if es else None


def create(path: Path, outcome: Outcome, action: str, force: bool, tables: Tables,
           op: str | None = None) -> None:
    """A new game file: the `new` entry (the set-up as data) and the creation checkpoint."""
    import json

    with writing(path):
        if path.exists() and not force:
            raise InputError(f"{path}: a file is already there; use --force to replace it")
        doc = to_doc(outcome.game, tables)
        g = outcome.game
        fields = json.loads(op)["args"] if op else {"words": action}
        if op and " --have " in f" {action} ":
            fields["have"] = action[action.index(" --have ") + 1:]
        at = gamelog.now()
        new = {"n": 1, "action": "new", "round": g.round, "phase": g.phase, "by": "cli",
               "at": at, "fields": fields}
        cp = {"action": "checkpoint", "round": g.round, "phase": g.phase, "at": at,
              "why": "creation", "state": doc, "after": gamelog.fingerprint(doc)}
        write_game(path, doc, MARKER + "\n" + gamelog.entry_text(new)
                   + gamelog.entry_text(cp), tables, g)


def run(path: Path, op: Op, tables: Tables | None = None, source: str | None = None,
        request_id: str | None = None, seen: str | None = None) -> Outcome:
    """Under the lock: load ``path``, check and apply ``op``, save the new state with a
    log entry.  When the rules refuse, nothing is written.

    ``source`` ("Ana's phone") and ``request_id`` are kept in the log entry.  A request id
    already in the recent history acts once: the first outcome's words come back and
    nothing is written (a double tap, a form sent again).  With ``seen`` (a page's
    :func:`moment`), an action read on another moment of the game is refused (`Stale`)."""
    return _run(path, op, tables, with_start=False, source=source,
                request_id=request_id, seen=seen)[0]


def run_phase_end(path: Path, op: Op, tables: Tables | None = None,
                  source: str | None = None, request_id: str | None = None,
                  seen: str | None = None) -> tuple[Outcome, dict]:
    """:func:`run` for an operation that ends a phase; also returns what the phase's
    summary compares as that phase began (``games.rigs.history.basis``)."""
    outcome, start = _run(path, op, tables, with_start=True, source=source,
                          request_id=request_id, seen=seen)
    assert start is not None
    return outcome, start


def _run(path: Path, op: Op, tables: Tables | None, with_start: bool,
         source: str | None = None, request_id: str | None = None, seen: str | None = None
         ) -> tuple[Outcome, dict | None]:
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.history import basis

    tables = tables or load_tables()
    if not path.exists():
        raise missing_file(path)
    with writing(path):
        loaded = load(path, tables)
        if request_id is not None:
            again = repeated(loaded, str(path), request_id, tables)
            if again is not None:
                return again, (basis(loaded.game) if with_start else None)
        check_seen(loaded.game, seen)
        if with_start:  # the history read whole once (the save checks every entry), then
            _last(loaded, path, tables)  # the phase's start replayed from its end
        start = phase_start(loaded, str(path), tables) if with_start else None
        outcome = perform(loaded.game, op, tables)
        commit(path, loaded, outcome.game, op.describe(), tables, op=op, outcome=outcome,
               extra={k: v for k, v in (("source", source), ("request_id", request_id))
                      if v})
    return outcome, start


def settle(path: Path, tables: Tables, source: str) -> Outcome | None:
    """End the phase when every player is done and no choice is open (the rules'
    `waits.seen.everyone_done`), as `rigs next` would; None when it goes on."""
    from rigs_helper.games.rigs.waits.seen import everyone_done

    game = load(path, tables).game
    op = everyone_done(game, tables)
    if op is None:
        return None
    try:
        return run(path, op, tables, source=source, seen=moment(game))
    except RigsError:
        return None  # a choice is still open after all, or the phase ended elsewhere


def phase_start(loaded: Loaded, file: str, tables: Tables) -> dict:
    """What the phase summary compares (``games.rigs.history.basis``) as the current phase
    began: the state where the entry that opened it began the phase (replayed from the
    checkpoint kept before it); a history that does not replay gives the state now (the
    summary is a courtesy, never an error)."""
    from rigs_helper.games.rigs.history import basis

    g = loaded.game
    try:
        if loaded.version == 2:
            last = gamelog.last_keys(loaded.log_text)
            if last is not None and last.get("why") == "creation" and \
                    gamelog.agrees(last.get("after"), state_doc(loaded, tables)):
                # nothing done or edited since the game began: the phase began with the
                # state now (replaying the `new` entry gives the same at several times
                # the cost)
                return basis(g)
        from rigs_helper.store import timeline

        here = (g.round, g.phase)
        steps = timeline.recent(loaded, file, tables, actions=1, upto=_opener(loaded, here))
    except InputError:
        return basis(g)
    for s in reversed(steps):
        if s.before is not None and (s.before.round, s.before.phase) == here:
            continue  # done in this phase
        if s.outcome is not None and s.outcome.boundary is not None:
            return basis(s.outcome.boundary)
        return basis(s.after if s.after is not None else g)
    return basis(g)


def _opener(loaded: Loaded, here: tuple[int, str]):
    """For a history sealed as rigs wrote it (every action's round and phase are its
    state's before it): which entries :func:`phase_start` needs replayed, those up to the
    last checkpoint or action begun in another phase than ``here`` (the later ones are
    actions of this phase, which it passes over), as a test of an entry list's tail.
    None (all of them) for any other history."""
    if loaded.version != 2 or not loaded.text or gamelog.sealed(loaded.log_text) != "ok":
        return None

    def later(e: dict[str, Any]) -> bool:
        return e["action"] != "checkpoint" and (e.get("round"), e.get("phase")) == here
    return later


def repeated(loaded: Loaded, file: str, request_id: str, tables: Tables | None = None
             ) -> Outcome | None:
    """The outcome of the recent action that carried ``request_id`` (its words as
    replayed, the state as it is now), or None when no recent action did."""
    from rigs_helper.games.rigs.engine import Outcome
    from rigs_helper.store import timeline

    if gamelog.inline(request_id) not in loaded.log_text:  # the cheap test first
        return None
    tables = tables or load_tables()
    for s in reversed(timeline.recent(loaded, file, tables, actions=RECENT)):
        if s.entry.get("request") == request_id:
            out = s.outcome
            return Outcome(loaded.game, tuple(out.messages) if out else (),
                           {"repeated": True}, tuple(out.private) if out else ())
    return None


#: how far back a request id is looked for (a double tap comes within a few actions)
RECENT = 64


def commit(path: Path, loaded: Loaded, game: Game, action: str, tables: Tables,
           op: Op | None = None, outcome: Outcome | None = None,
           extra: dict[str, str] | None = None) -> None:
    """Append ``op`` to the history and save ``game`` (the caller holds the lock and read
    ``loaded`` under it); ``extra``: where the action came from (``source``) and its
    ``request_id``.  Without ``op`` the new state is written as a checkpoint (a change
    made outside the rules).  A state edited by hand since the last entry is written as a
    checkpoint first; before an action that opens a phase, a checkpoint of the state
    before it (the phase summary and `undo` replay from there; the previous one is
    dropped: an `undo` further back replays from the creation, as `rigs log` does)."""
    from rigs_helper.games.rigs.oplog import to_action

    before = state_doc(loaded, tables)
    after = to_doc(game, tables)
    log_text = loaded.log_text or MARKER + "\n"
    if loaded.version == 1:  # written back as version 2
        from rigs_helper.store import timeline

        log_text = gamelog.history_text(timeline.entries(loaded, str(path), tables))
    last = _last(loaded, path, tables)
    n = gamelog.count_actions(log_text) + 1
    g0 = loaded.game
    head = {"round": g0.round, "phase": g0.phase, "at": gamelog.now()}
    out = ""
    if (last is None and op is not None) or (
            last is not None and not gamelog.agrees(last.get("after"), before)):
        # a state edited by hand, or one with no history at all: where a replay starts
        out += gamelog.entry_text({"action": "checkpoint", **head, "why": "hand edit",
                                   "state": before})
    if op is None:
        entry = {"action": "checkpoint", **head, "why": "hand edit", "note": action,
                 "state": after}
    else:
        from rigs_helper.games.rigs.canonical import canonical
        from rigs_helper.games.rigs.hidden import hide_text

        op = canonical(op, g0, tables, game)  # logged as the game names things
        name, fields = to_action(op, hide_text)
        ex = extra or {}
        entry = {"n": n, "action": name, **head, "by": gamelog.by_of(ex.get("source")),
                 "request": ex.get("request_id"), "fields": fields}
        if (game.round, game.phase) != (g0.round, g0.phase) and not out and (
                last is None or last["action"] != "checkpoint"):
            log_text = _drop_phase_checkpoint(log_text)
            out += gamelog.entry_text({"action": "checkpoint", **head, "why": "phase",
                                       "state": before})
    entry["after"] = gamelog.fingerprint(after)
    write_game(path, after, log_text + out + gamelog.entry_text(
        entry, gamelog.last_when(log_text)), tables, game)


def _without_after(log_text: str) -> str:
    """The history with the last entry's ``after`` left out (`undo` sets it anew)."""
    i = log_text.rfind(gamelog.HEAD)
    if i < 0:
        return log_text
    import re

    return log_text[:i] + re.sub(r'(?m)^after = "[0-9a-f]*"\n', "", log_text[i:], count=1)


def _drop_phase_checkpoint(log_text: str) -> str:
    """The history without its last checkpoint when that one was kept only for its phase
    (a checkpoint of a later phase takes its place)."""
    starts = gamelog.checkpoint_starts(log_text)
    if not starts:
        return log_text
    at = starts[-1]
    block = log_text[at:]
    if not block.startswith(gamelog.HEAD + 'action = "checkpoint"\n') or \
            '\nwhy = "phase"\n' not in block.split("\n\n", 1)[0] + "\n":
        return log_text
    end = log_text.find(gamelog.HEAD, at + 1)
    return log_text[:at] + (log_text[end:] if end >= 0 else "")


def history(path: Path, tables: Tables | None = None, viewer: str | None = None
            ) -> list[dict[str, Any]]:
    """The log's actions as ``viewer`` may read them (None: the public), each with what it
    said and the units it moved; a damaged entry is named (the history replayed: nothing
    derived is kept beside the game)."""
    tables = tables or load_tables()
    if not path.exists():
        raise missing_file(path)
    _tidy(path)
    return _rows(load_checked(read_text(path), path, tables), path, tables, viewer)


def _rows(loaded: Loaded, path: Path, tables: Tables, viewer: str | None
          ) -> list[dict[str, Any]]:
    """The log's rows of ``loaded`` as ``viewer`` may read them (its history replayed)."""
    from rigs_helper.store import timeline

    rows: list[dict[str, Any]] = []
    for s in timeline.whole(loaded, str(path), tables):
        e = s.entry
        if not s.is_action:
            if e.get("why") == "hand edit":
                rows.append(hand_edit_row(e))
            elif e.get("why") == "migrated" and rows:  # the old entry's words
                rows[-1]["said"] = rows[-1]["said"] or [str(x) for x in e.get("said", [])]
            continue
        rows.append(history_row(s, viewer))
    return rows


def hand_edit_row(e: dict[str, Any]) -> dict[str, Any]:
    """A hand edit's checkpoint as a row of the log (its note: why, as `rigs doctor
    --accept --reason` kept it)."""
    return {"n": None, "round": e["round"], "phase": e["phase"],
            "action": "(the state was edited by hand)",
            "said": [str(e["note"])] if e.get("note") else [], "ledger": []}


def history_row(s: Any, viewer: str | None) -> dict[str, Any]:
    """An action of the log (a replayed ``timeline.Step``) as ``viewer`` may read it."""
    from rigs_helper.store import timeline

    e = s.entry
    src = gamelog.source_words(e.get("by"))
    return {"n": e["n"], "round": e["round"], "phase": e["phase"],
            "action": timeline.action_words(s, viewer), **({"source": src} if src else {}),
            "said": timeline.said(s, viewer), "ledger": timeline.ledger(s)}

