"""Working on a game file: load, perform one operation, save atomically with a log entry;
undo; history.  This is the only layer between the CLI and the rules core that does I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables
from rigs_helper.store.codec import (
    MARKER,
    Loaded,
    diff,
    dumps_state,
    from_doc,
    load_text,
    log_entries,
    log_entry_text,
    state_hash,
    to_doc,
    undo_diff,
)
from rigs_helper.store.files import read_text, write_atomic
from rigs_helper.store.tablefiles import load_tables

if TYPE_CHECKING:
    from rigs_helper.rules.engine import Op, Outcome

_ENTRY = re.compile(r"(?m)^\[\[log\]\]$")


def load(path: Path, tables: Tables | None = None) -> Loaded:
    tables = tables or load_tables()
    if not path.exists():
        raise InputError(f"{path}: no such game file (start one with `rigs new --player A "
                         "--player B`, or name it with --game PATH or $RIGS_GAME)")
    return load_text(read_text(path), str(path), tables)


def _count_entries(log_text: str) -> int:
    return len(_ENTRY.findall(log_text))


def _write(path: Path, state_doc: dict[str, Any], log_text: str) -> None:
    text = dumps_state(state_doc) + "\n" + (log_text if log_text else MARKER + "\n")
    write_atomic(path, text)


# ``annotate(before, after, tables) -> dict``: extra fields for a log entry, given by the
# caller (the CLI adds the net worth figures of forecast/; the store does not import it).
Annotate = Callable[[Game | None, Game, Tables], dict]


def create(path: Path, outcome: Outcome, action: str, force: bool, tables: Tables,
           annotate: Annotate | None = None) -> None:
    if path.exists() and not force:
        raise InputError(f"{path}: a file is already there; use --force to replace it")
    doc = to_doc(outcome.game, tables)
    entry = {"n": 1, "round": outcome.game.round, "phase": outcome.game.phase,
             "action": action, "after": state_hash(doc)}
    if annotate is not None:
        entry.update(annotate(None, outcome.game, tables))
    _write(path, doc, MARKER + "\n" + log_entry_text(entry))


def run(path: Path, op: Op, tables: Tables | None = None,
        annotate: Annotate | None = None) -> Outcome:
    """Load ``path``, check and apply ``op``, save the new state with a log entry.
    When the rules refuse, nothing is written."""
    from rigs_helper.rules.engine import perform

    tables = tables or load_tables()
    loaded = load(path, tables)
    outcome = perform(loaded.game, op, tables)
    commit(path, loaded, outcome.game, op.describe(), tables, outcome.data.get("ledger"),
           annotate, outcome.messages)
    return outcome


def run_phase_end(path: Path, op: Op, tables: Tables | None = None,
                  annotate: Annotate | None = None) -> tuple[Outcome, Game]:
    """:func:`run` for an operation that ends a phase; also returns the state when that
    phase began (rebuilt from the log's undo records), for the phase's summary."""
    from rigs_helper.rules.engine import perform

    tables = tables or load_tables()
    loaded = load(path, tables)
    start = phase_start(loaded, str(path), tables)
    outcome = perform(loaded.game, op, tables)
    commit(path, loaded, outcome.game, op.describe(), tables, outcome.data.get("ledger"),
           annotate, outcome.messages)
    return outcome, start


def phase_start(loaded: Loaded, file: str, tables: Tables) -> Game:
    """The state right after the current phase began: the actions logged in this round and
    phase are stepped back (a hand-edited file gives its edited state as the start)."""
    import json

    g = loaded.game
    total = _count_entries(loaded.log_text)
    n = 4  # read the log from its end, a few entries at a time (a long game costs the same)
    while True:
        entries = log_entries(loaded.log_text, file, last=min(n, total))
        mine = 0
        for e in reversed(entries):
            if (e.get("round"), e.get("phase")) != (g.round, g.phase) or "undo" not in e:
                break
            mine += 1
        if mine < len(entries) or n >= total:
            break
        n *= 4
    if not mine:
        return g
    doc = to_doc(g, tables)
    for e in reversed(entries[len(entries) - mine:]):
        try:
            doc = undo_diff(doc, json.loads(e["undo"]))
        except (TypeError, ValueError):
            return g
    return from_doc(doc, file, tables)


def commit(path: Path, loaded: Loaded, game: Game, action: str, tables: Tables,
           ledger: list[dict] | None = None, annotate: Annotate | None = None,
           said: tuple[str, ...] = ()) -> None:
    import json

    from rigs_helper.rules.history import moves, public
    from rigs_helper.rules.names import signed

    before = to_doc(loaded.game, tables)
    after = to_doc(game, tables)
    changes = diff(before, after)
    entry = {"n": _count_entries(loaded.log_text) + 1, "round": loaded.game.round,
             "phase": loaded.game.phase, "action": action, "after": state_hash(after),
             "undo": json.dumps(changes, separators=(",", ":"), ensure_ascii=False)}
    shown, *said_public = public([action, *said], (game,), tables)
    if shown != action:  # the command named a card now in a hand: the log shows it hidden
        entry["shown"] = shown
    if said_public:  # what happened, in words (Karma cards in a hand hidden)
        entry["said"] = said_public
    # where every unit moved by the action came from or went to, then RIGS and plots moved
    lines = [f"{x['player']} {signed(x['change'], x['what'])} ({x['source']})"
             for x in ledger or ()] + moves(loaded.game, game)
    if lines:
        entry["ledger"] = public(lines, (game,), tables)
    if annotate is not None:
        entry.update(annotate(loaded.game, game, tables))
    log_text = loaded.log_text or MARKER + "\n"
    _write(path, after, log_text + log_entry_text(entry))


class Undone:
    """What `undo` did: the actions undone (oldest first) and the state now."""

    def __init__(self, actions: list[str], game: Game) -> None:
        self.actions, self.game = actions, game


def undo(path: Path, n: int = 1, force: bool = False, tables: Tables | None = None) -> Undone:
    """Step back ``n`` actions, restoring the exact state before them (decks and the
    generator included: redoing a draw gives the same card)."""
    tables = tables or load_tables()
    if n < 1:
        raise InputError("undo needs a number of actions of 1 or more")
    loaded = load(path, tables)
    entries = log_entries(loaded.log_text, str(path), last=n)
    undoable = [e for e in entries if "undo" in e]
    if len(undoable) < n or len(entries) < n:
        have = sum(1 for e in log_entries(loaded.log_text, str(path)) if "undo" in e)
        raise RulesError(f"only {have} action{'s' if have != 1 else ''} can be undone",
                         rule="a game cannot be undone past its creation")
    import json

    doc = to_doc(loaded.game, tables)
    if not force and entries[-1].get("after") != state_hash(doc):
        raise RulesError("the game file was edited by hand since the last action; undo "
                         "would drop that edit (use --force to undo anyway)")
    for e in reversed(entries):
        try:
            changes = json.loads(e["undo"])
        except (TypeError, ValueError):
            raise InputError(f"{path}: log entry {e.get('n')} is damaged; cannot undo it"
                             ) from None
        doc = undo_diff(doc, changes)
    game = from_doc(doc, str(path), tables)
    matches = list(_ENTRY.finditer(loaded.log_text))
    cut = matches[-n].start()
    log_text = loaded.log_text[:cut - 1]  # each entry was appended as "\n[[log]]..."
    _write(path, to_doc(game, tables), log_text)
    return Undone([str(e.get("action", "?")) for e in entries], game)


def history(path: Path, tables: Tables | None = None) -> list[dict[str, Any]]:
    loaded = load(path, tables)
    return [{"n": e.get("n"), "round": e.get("round"), "phase": e.get("phase"),
             "action": e.get("shown", e.get("action")), "said": list(e.get("said", [])),
             "ledger": list(e.get("ledger", []))}
            for e in log_entries(loaded.log_text, str(path))]
