"""Every problem of a game file or scoring sheet at once, each with its key and line.

The checks that load a file stop at the first problem.  To list them all, a problem's
value is taken out of a copy of the document (its default then applies, or 0 for a
required amount) and the checks run again, until they pass or a problem cannot be taken
out.  The rules across values (cards add up, caps) are listed once every value is sound,
so a removed value never causes a false alarm.  (The machinery, for any file: a R.I.G.S.
game file's problems, store/fileproblems.py; a sheet's, store/sheet.py.)
"""

from __future__ import annotations

import copy
import re
from typing import Any, Callable

from rigs_helper.rules.errors import InputError

MAX_PROBLEMS = 50
_FATAL = {"version", "seed", ""}  # past these, nothing else can be checked
_NAME = re.compile(r' \("(?:[^"\\]|\\.)*"\)')
_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
_PART = r"""(?:"[^"]*"|'[^']*'|[\w-]+)"""
_KEY_LINE = re.compile(rf"^({_PART}(?:\s*\.\s*{_PART})*)\s*=")


def key_path(key: str) -> list[str | int]:
    """``players[1] ("Bo").plots[0].rigs`` -> ["players", 1, "plots", 0, "rigs"]."""
    out: list[str | int] = []
    for name, index in _TOKEN.findall(_NAME.sub("", key)):
        out.append(int(index) if index else name)
    return out


REMOVE = object()


def _remove(doc: Any, path: list, fallback: Callable[[list], Any]) -> bool:
    """Take the value at ``path`` out of ``doc``, or put in ``fallback(path)`` where a
    value is required; False when neither can be done."""
    target = doc
    for k in path[:-1]:
        try:
            target = target[k]
        except (KeyError, IndexError, TypeError):
            return False
    last = path[-1] if path else None
    if not isinstance(target, dict) or last is None:
        return False
    value = fallback(path)
    if value is not REMOVE:
        target[last] = value
        return True
    if last in target:
        del target[last]
        return True
    return False


def collect(check: Callable[[Any], Any], doc: Any,
            fallback: Callable[[list], Any] = lambda p: REMOVE
            ) -> tuple[list[InputError], Any]:
    """Run ``check(doc)`` again and again on a copy, taking out each problem's value.
    Returns the problems and ``check``'s result on the repaired copy (None if it never
    passed)."""
    doc = copy.deepcopy(doc)
    problems: list[InputError] = []
    seen: set[str] = set()
    while len(problems) < MAX_PROBLEMS:
        try:
            return problems, check(doc)
        except InputError as exc:
            key = getattr(exc, "key", None)
            if key in seen:  # taking it out did not help: what follows is not reliable
                return problems, None
            problems.append(exc)
            if key is None or key in _FATAL or not _remove(doc, key_path(key), fallback):
                return problems, None
            seen.add(key)
    return problems, None


def with_lines(problems: list[InputError], text: str, file: str, offset: int = 0) -> list[str]:
    """Each problem's message with ``line N:`` after the file name (where a line is
    known)."""
    lines = key_lines(text)
    out = []
    for exc in problems:
        msg = str(exc)
        key = getattr(exc, "key", None)
        line = find_line(lines, key_path(key)) if key else None
        if line and msg.startswith(f"{file}: ") and not msg.startswith(f"{file}: line "):
            msg = f"{file}: line {line + offset}: " + msg[len(file) + 2:]
        out.append(msg)
    return out


def key_lines(text: str) -> dict[tuple, int]:
    """Where each table and key of a TOML text is defined: key path -> line (1-based).
    A light scan (headers and ``key =`` lines), enough to point at a line."""
    found: dict[tuple, int] = {}
    counts: dict[tuple, int] = {}
    table: tuple = ()
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        m = re.match(r"^\[\[\s*([^\]]+?)\s*\]\]", line)
        if m or (line.startswith("[") and (m := re.match(r"^\[\s*([^\]]+?)\s*\]", line))):
            names = [x.strip().strip("\"'") for x in m.group(1).split(".")]
            path: tuple = ()
            for x in names[:-1]:
                path += (x,)
                if path in counts:
                    path += (counts[path],)
            path += (names[-1],)
            if line.startswith("[["):
                found.setdefault(path, n)
                counts[path] = counts.get(path, -1) + 1
                for k in [k for k in counts if k[:len(path)] == path and len(k) > len(path)]:
                    del counts[k]
                path += (counts[path],)
            table = path
            found.setdefault(table, n)
            continue
        m = _KEY_LINE.match(line)
        if m:
            keys = tuple(x.strip().strip("\"'") for x in m.group(1).split("."))
            found.setdefault(table + keys, n)
    return found


def find_line(lines: dict[tuple, int], path: list) -> int | None:
    """The line of the longest leading part of ``path`` that the text defines."""
    for i in range(len(path), 0, -1):
        key = tuple(path[:i])
        if key in lines:
            return lines[key]
    return None
