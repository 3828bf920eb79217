"""The history below the state in a game file: ``[[log]]`` entries as text, and the
diffs each entry keeps so `rigs undo` can step back."""

from __future__ import annotations

import re
from typing import Any


from rigs_helper.store.gamelog import MARKER  # noqa: E402  (one marker line)


def seal(log_text: str) -> str:
    """A fingerprint of the history as it stood before an entry was added (kept in that
    entry as ``seal``): while the history up to its last entry still has it, that part is
    byte for byte what rigs checked and wrote, and need not be read again."""
    import zlib

    raw = log_text.encode("utf-8")
    return f"{zlib.crc32(raw):08x}{len(raw):x}"


def split_last(log_text: str) -> tuple[str, str]:
    """(the history before its last entry, the last entry's text)."""
    i = log_text.rfind("\n[[log]]\n")
    return (log_text[:i], log_text[i:]) if i >= 0 else (log_text, "")


def sealed_before_last(log_text: str) -> bool:
    """Whether everything before the last entry is unchanged since that entry was written
    (its ``seal`` matches); False for a history without seals (older files, hand edits)."""
    before, last = split_last(log_text)
    found = re.search(r'(?m)^seal = "([0-9a-f]+)"$', last)
    return found is not None and found.group(1) == seal(before)


def log_entry_text(entry: dict[str, Any]) -> str:
    """One ``[[log]]`` table (always a table header: a short entry must not come out as
    an inline ``log = [...]`` array, which the history's reader would not see)."""
    import tomli_w

    return "\n[[log]]\n" + tomli_w.dumps(entry)


#: what a reader of the history's words and figures leaves out (the undo records and the
#: action as data: most of a history's text)
UNDO_KEYS = ("undo", "begin", "op")


def log_entries(log_text: str, file: str, last: int | None = None, first_line: int = 1,
                first_n: int | None = None, sealed: bool = False,
                without: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The history's entries, oldest first (only the ``last`` N when given), each one's
    keys, types and bounds checked (:mod:`rigs_helper.store.records`): a bad one is an
    InputError naming its entry, key and line (``first_line``: where ``log_text`` starts in
    the file, ``Loaded.log_line``).  ``sealed`` and ``without``: see ``records.entries``."""
    from rigs_helper.store import records
    from rigs_helper.store.tablefiles import load_tables

    return records.entries(log_text, file, load_tables().constants.rounds, last, first_line,
                           first_n, sealed=sealed and sealed_before_last(log_text),
                           without=without)


def diff(before: Any, after: Any, path: tuple = ()) -> list[list]:
    """What to set (path, old value) to turn ``after`` back into ``before``.
    A missing key's old value is recorded as ``{"$absent": true}``."""
    if isinstance(before, dict) and isinstance(after, dict):
        out = []
        for k in before.keys() | after.keys():
            if k not in before:
                out.append([list(path + (k,)), {"$absent": True}])
            elif k not in after:
                out.append([list(path + (k,)), before[k]])
            elif before[k] != after[k]:
                out += diff(before[k], after[k], path + (k,))
        return out
    if (isinstance(before, list) and isinstance(after, list) and len(before) == len(after)
            and any(isinstance(x, dict) for x in before)):
        out = []
        for i, (b, a) in enumerate(zip(before, after)):
            if b != a:
                out += diff(b, a, path + (i,))
        return out
    return [[list(path), before]] if before != after else []


def undo_diff(doc: dict[str, Any], changes: list[list]) -> dict[str, Any]:
    """Apply a :func:`diff` to ``doc`` (in place) and return it."""
    for path, old in changes:
        if not path:
            return old
        target = doc
        for k in path[:-1]:
            target = target[k]
        last = path[-1]
        if isinstance(old, dict) and old.get("$absent"):
            if isinstance(target, dict):
                target.pop(last, None)
        else:
            target[last] = old
    return doc
