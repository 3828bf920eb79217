"""The one cache: what `rigs log` read from replaying a game's history, kept beside the
game (``.NAME.cache``, mode 600, as the game file's own secrets may be in it): a key line,
then one row a line (JSON).

`rigs log` replays the whole history (docs/game-file.md): on a finished game that costs
three times the command's start-up.  Its rows depend only on the game file's text, the
viewer, and rigs's code and tables, so they are kept under a hash of those four.  `rigs
new` writes them and rigs's own saves keep them up to date (an action appends its row, an
undo cuts the rows undone: :func:`follow`, which never reads the rows kept); a hand edit,
an edited or upgraded rigs, or another viewer gives another key: the next save (or `rigs
log`) replays the history once and keeps the rows again (store/session.py
``keep_replayed``).  Rows kept for a file also say that its history was read whole and
sound (:func:`sound`): the next save or undo reads only its end.  The code is named, as
Python names a module's bytecode cache, by each source file's size and time of change.  A
cache file that cannot be read, written or parsed is not used.

Measured (callgrind, docs/machinery.md): `rigs log` of a finished game costs about a
quarter of what it costs without the cache (1.07x the import floor instead of 4.22x);
`undo` of one action 1.35x instead of 2.19x; a phone's action 8 ms of CPU instead of 36.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from rigs_helper.store.cachefiles import text_key

#: part of the key (another layout of the rows, another name): the key's line, then one
#: row a line (JSON)
_FORMAT = "rigs-helper log rows 2"


def cache_path(path: Path) -> Path:
    return path.parent / f".{path.name}.cache"


@cache
def _code() -> list[tuple[str, int, int]]:
    """Every source file of the package and every shipped table: (path, size, time), read
    once per process (a running process keeps the code it started with)."""
    from rigs_helper.store.tablefiles import tables_dir

    out = []
    todo = [Path(__file__).resolve().parents[1], tables_dir()]
    while todo:
        with os.scandir(todo.pop()) as it:
            for e in it:
                if e.is_dir() and e.name != "__pycache__":
                    todo.append(Path(e.path))
                elif e.name.endswith((".py", ".toml")):
                    st = e.stat()
                    out.append((e.path, st.st_size, st.st_mtime_ns))
    return sorted(out)


def key(text: str, viewer: str | None) -> str:
    """A hash of the game file's ``text``, the ``viewer`` and rigs's code and tables
    (CRC-32 and Adler-32 with the length, as the tables' cache is named: zlib is loaded
    anyway, where hashlib would load OpenSSL, about 5 % of a command's start-up)."""
    return _code_key(viewer) + text_key(text)


@cache
def _code_key(viewer: str | None) -> str:
    return text_key(repr((_FORMAT, viewer, _code())))


def rows(path: Path, viewer: str | None = None, text: str | None = None
         ) -> list[dict[str, Any]] | None:
    """The rows kept for the game file at ``path`` as it is now (``text``: as read
    already), or None."""
    body = _body(path, viewer, text)
    if body is None:
        return None
    try:
        got = [json.loads(line) for line in body.splitlines()]
    except ValueError:
        return None
    return got if all(isinstance(r, dict) for r in got) else None


def _body(path: Path, viewer: str | None, text: str | None) -> str | None:
    """The rows' lines kept for the game file's ``text`` (read from ``path`` when None)."""
    try:
        text = path.read_text(encoding="utf-8") if text is None else text
        kept = cache_path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return None
    first, _, body = kept.partition("\n")
    return body if first == key(text, viewer) else None


def sound(path: Path, text: str) -> bool:
    """Whether the cache holds rows for the game file's ``text``: its history was then
    read whole and replayed (or grown by rigs's own saves from one that was), so a command
    that would read every entry only to find a damaged one need not."""
    try:
        with open(cache_path(path), encoding="utf-8") as f:
            first = f.readline().rstrip("\n")
    except (OSError, UnicodeError):
        return False
    return first == key(text, None)


def follow(path: Path, old: str, new: str, more: list[dict[str, Any]] | None = None,
           upto: int | None = None) -> bool:
    """After a save of ``new`` over ``old``: the rows kept for ``old`` (public), with
    ``more`` added or cut before action ``upto`` (an undo), kept for ``new``.  False (and
    nothing kept) when the cache does not hold ``old``'s rows.  The rows kept are not read
    (one line each: an action appends its line)."""
    body = _body(path, None, old)
    if body is None:
        return False
    if upto is not None:
        at = body.find(f'{{"n": {upto}, ')
        if at < 0 or (at and body[at - 1] != "\n"):
            return False
        body = body[:at]
    _write(path, new, None, body + "".join(_line(r) for r in more or ()))
    return True


def _line(row: dict[str, Any]) -> str:
    return json.dumps(row, ensure_ascii=False) + "\n"


def keep(path: Path, text: str, viewer: str | None, got: list[dict[str, Any]]) -> None:
    """Keep ``got``, the rows of the game file whose text was ``text`` (atomically, mode
    600; a cache that cannot be written is not kept)."""
    _write(path, text, viewer, "".join(_line(r) for r in got))


def _write(path: Path, text: str, viewer: str | None, body: str) -> None:
    file = cache_path(path)
    tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(key(text, viewer) + "\n" + body)
        os.replace(tmp, file)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
