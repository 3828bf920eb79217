"""Where the current phase began, for the phase summary `next` prints: the ``start``
record a phase-opening log entry keeps (``rules.history.basis``), found by reading back
over the actions logged in this phase; for older files without it, the state stepped back
by the undo records.
"""

from __future__ import annotations

import json

from rigs_helper.rules.errors import RigsError
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables
from rigs_helper.store.codec import from_doc, to_doc
from rigs_helper.store.gamefile import Loaded
from rigs_helper.store.historytext import log_entries, undo_diff


def start_text(game: Game) -> str:
    """The ``start`` record of a log entry that opens a phase (``rules.history.basis``)."""
    from rigs_helper.rules.history import basis

    return json.dumps(basis(game), separators=(",", ":"), ensure_ascii=False)


def phase_start(loaded: Loaded, file: str, tables: Tables) -> dict:
    """What the phase summary compares (``rules.history.basis``) as the current phase
    began: kept as ``start`` in the log entry of the `next` (or `new`) that opened it, found
    by reading back over the actions logged in this round and phase (their undo records
    are not read: a long game costs the same).  Where the new phase began inside that
    `next` (its Disasters dealt, its Market card drawn belong to this phase; the last
    phase's production does not).  A history without ``start`` records (older files) is
    stepped back by its undo records instead; a hand-edited or damaged history gives the
    best it can (the summary is a courtesy, never an error)."""
    from rigs_helper.rules.history import basis
    from rigs_helper.store.historytext import UNDO_KEYS
    from rigs_helper.store.records import count_entries, start_record

    g = loaded.game
    total = count_entries(loaded.log_text)
    if not total:
        return basis(g)
    # read the log from its end, a few entries at a time (one when the last entry opened
    # this phase)
    n = 4 if _last_entry_in(loaded.log_text, g.round, g.phase) else 1
    try:
        while True:
            entries = log_entries(loaded.log_text, file, last=min(n, total),
                                  first_line=loaded.log_line, sealed=True,
                                  without=UNDO_KEYS)
            mine = 0
            for e in reversed(entries):
                if (e.get("round"), e.get("phase")) != (g.round, g.phase) or e.get("n") == 1:
                    break
                mine += 1
            if mine < len(entries) or n >= total:
                break
            n = max(4, n * 4)
    except RigsError:
        return basis(g)
    opener = entries[-mine - 1] if mine < len(entries) else None
    if opener is not None and "start" in opener:
        kept = start_record(opener["start"], tables.constants.rounds)
        if kept is not None and (kept["round"], kept["phase"]) == (g.round, g.phase):
            return kept
    return basis(_start_by_undo(loaded, file, tables, mine))


def _start_by_undo(loaded: Loaded, file: str, tables: Tables, mine: int) -> Game:
    """The state when the current phase began, for a history without ``start`` records:
    the ``mine`` actions of this phase stepped back by their undo records, then the
    opening `next` by its ``begin`` record."""
    g = loaded.game
    try:
        entries = log_entries(loaded.log_text, file, last=mine + 1,
                              first_line=loaded.log_line, sealed=True)
        opener = entries[-mine - 1] if mine < len(entries) else None
        begin = opener is not None and "begin" in opener
        if not mine and not begin:
            return g
        doc = to_doc(g, tables)
        for e in reversed(entries[len(entries) - mine:]):
            doc = undo_diff(doc, json.loads(e["undo"]))
        if begin and opener is not None:
            doc = undo_diff(doc, json.loads(opener["begin"]))
        return from_doc(doc, file, tables)
    except (RigsError, TypeError, ValueError, KeyError, IndexError, AttributeError,
            RecursionError):
        return g


def _last_entry_in(log_text: str, round_: int, phase: str) -> bool:
    """Whether the history's last entry may belong to this round and phase, read from its
    own lines without parsing the history (a long game costs the same); True when unsure."""
    import re

    i = log_text.rfind("\n[[log]]\n")
    if i < 0:
        return bool(log_text.strip()) and "[[log]]" in log_text
    last = log_text[i:]
    r = re.search(r"(?m)^round = (\d+)$", last)
    p = re.search(r'(?m)^phase = "(\w+)"$', last)
    if r is None or p is None:
        return True
    return (int(r.group(1)), p.group(1)) == (round_, phase)
