"""The history's entries as read for their words and figures (`rigs log`, the net worth
chart), kept so that a long game is not parsed again for each look: like the state cache
(:mod:`rigs_helper.store.statecache`), what can be made again from the file.

A history only grows at its end.  After a read, the entries (without the undo records, which
these readers do not use) are kept in one cache file per game file, with checksums
(CRC-32, Adler-32) and the length of the history text they were read from.  A later read
whose history starts with exactly that text takes those entries and reads only what
follows, each new entry checked as usual; any other history (an undo, a hand edit) is read
in full.  A cache that cannot be read or written, or whose own checksum fails, is not used
(:mod:`rigs_helper.store.cachefiles`); $RIGS_NO_CACHE turns it off.
"""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any

from rigs_helper.rules.tables import Tables
from rigs_helper.store import cachefiles
from rigs_helper.store.historytext import UNDO_KEYS, log_entries

FORMAT = 1


def _file(path: Path, tables: Tables) -> tuple[Path, str] | None:
    from rigs_helper.store.tablefiles import load_tables, shipped_tables_key

    file = cachefiles.game_cache("log", path)
    if file is None or tables is not load_tables():
        return None
    from rigs_helper import __version__

    return file, f"{FORMAT} {__version__} {shipped_tables_key()}"


def _read(file: Path, stamp: str, log_text: str) -> tuple[int, list[dict[str, Any]]]:
    """(length of the history text covered, its entries) from the cache; (0, []) when
    it holds nothing for this history."""
    body = cachefiles.read(file)
    if body is None:
        return 0, []
    try:
        kept_stamp, covered, key, entries = marshal.loads(body)
        if (kept_stamp != stamp or not isinstance(covered, int) or covered > len(log_text)
                or not isinstance(entries, list)
                or key != cachefiles.text_key(log_text[:covered])):
            return 0, []
        return covered, entries
    except (ValueError, TypeError, EOFError):
        return 0, []


def _write(file: Path, stamp: str, log_text: str, entries: list[dict[str, Any]]) -> None:
    try:
        body = marshal.dumps((stamp, len(log_text), cachefiles.text_key(log_text), entries))
    except (ValueError, TypeError):
        return
    cachefiles.write(file, body)


def _light(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries without their undo records (the last one was read whole)."""
    return [e if not any(k in e for k in UNDO_KEYS)
            else {k: v for k, v in e.items() if k not in UNDO_KEYS} for e in entries]


def read_entries(path: Path, log_text: str, first_line: int, tables: Tables
                 ) -> list[dict[str, Any]]:
    """The history's entries without their undo records (``historytext.UNDO_KEYS``),
    checked as ``log_entries(..., sealed=True)`` checks them: what was read before comes
    from the cache, the rest is read now."""
    where = _file(path, tables)
    if where is None:
        return _light(log_entries(log_text, str(path), first_line=first_line, sealed=True,
                                  without=UNDO_KEYS))
    file, stamp = where
    covered, kept = _read(file, stamp, log_text)
    if covered == len(log_text) and covered:
        return kept
    if covered and not log_text.startswith("\n[[log]]\n", covered):
        covered, kept = 0, []  # text added to the last entry, not a new one: read it all
    if covered:  # the entries added since, each checked
        rest = log_entries(log_text[covered:], str(path),
                           first_line=first_line + log_text.count("\n", 0, covered),
                           first_n=len(kept) + 1)
        entries = kept + _light(rest)
    else:
        entries = _light(log_entries(log_text, str(path), first_line=first_line,
                                     sealed=True, without=UNDO_KEYS))
    _write(file, stamp, log_text, entries)
    return entries
