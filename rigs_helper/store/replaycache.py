"""The one cache: what `rigs log` read from replaying a game's history, kept beside the
game (``.NAME.cache``, mode 600, as the game file's own secrets may be in it).

`rigs log` replays the whole history (docs/game-file.md): on a finished game that costs
three times the command's start-up.  Its rows depend only on the game file's text, the
viewer, and rigs's code and tables, so they are kept under a hash of those four: a file
changed by any command or by hand, an edited or upgraded rigs, or another viewer gives
another key, and the history is replayed again (the cache then holds the new rows).
The code is named, as Python names a module's bytecode cache, by each source file's size
and time of change.  A cache file that cannot be read, written or parsed is not used.

Measured (callgrind, docs/machinery.md): `rigs log` of a finished game costs about a
third of what it costs without the cache.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

#: written first in the file (another layout of the rows, another name)
_FORMAT = "rigs-helper log rows 1"


def cache_path(path: Path) -> Path:
    return path.parent / f".{path.name}.cache"


def _code() -> list[tuple[str, int, int]]:
    """Every source file of the package and every shipped table: (path, size, time)."""
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
    """The hash of the game file's ``text``, the ``viewer`` and rigs's code and tables."""
    h = hashlib.sha256(repr((_FORMAT, viewer, _code())).encode())
    h.update(text.encode("utf-8", "surrogateescape"))
    return h.hexdigest()


def rows(path: Path, viewer: str | None = None) -> list[dict[str, Any]] | None:
    """The rows kept for the game file at ``path`` as it is now, or None."""
    try:
        text = path.read_text(encoding="utf-8")
        kept = cache_path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return None
    first, _, body = kept.partition("\n")
    if first != key(text, viewer):
        return None
    try:
        got = json.loads(body)
    except ValueError:
        return None
    return got if isinstance(got, list) else None


def keep(path: Path, text: str, viewer: str | None, got: list[dict[str, Any]]) -> None:
    """Keep ``got``, the rows of the game file whose text was ``text`` (atomically, mode
    600; a cache that cannot be written is not kept)."""
    file = cache_path(path)
    tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
    body = key(text, viewer) + "\n" + json.dumps(got, ensure_ascii=False)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(body)
        os.replace(tmp, file)
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
