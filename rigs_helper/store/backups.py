"""Rolling backups of the last saves beside the game file, and the clean-up of temp files
a killed save left behind.

``rigs.toml`` keeps its backups in ``.rigs.toml.bak/``, one file per save named
``YYYYMMDDTHHMMSS-NNNNNN.toml`` (UTC time, then a sequence number that only grows), the
last :data:`KEEP` of them.  All of it runs under the game file's lock.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

KEEP = 20  # $RIGS_BACKUPS overrides (0: keep none)
#: a backup's name (compiled by the first save or listing: a command that only reads
#: the game never needs it)
_NAME = r"^(\d{8}T\d{6})-(\d{6,})\.toml$"


def folder(path: Path) -> Path:
    return path.parent / f".{path.name}.bak"


def _names(path: Path) -> list[tuple[int, str]]:
    """(sequence number, file name) of each backup, newest first."""
    try:
        names = os.listdir(folder(path))
    except OSError:
        return []
    return sorted(((int(m.group(2)), n) for n in names if (m := re.match(_NAME, n))),
                  reverse=True)


def entries(path: Path) -> list[Path]:
    """The backups, newest first."""
    d = folder(path)
    return [d / n for _, n in _names(path)]


def how_many() -> int:
    """How many backups to keep: $RIGS_BACKUPS when it is a whole number >= 0, else KEEP."""
    raw = os.environ.get("RIGS_BACKUPS", "")
    return int(raw) if raw.isdigit() else KEEP


def keep(path: Path, text: str) -> None:
    """Store ``text`` (what was just saved) as the newest backup; drop the oldest beyond
    :func:`how_many`.  A backup that cannot be written never fails the save."""
    d = folder(path)
    n = how_many()
    if n == 0:
        return
    try:
        d.mkdir(mode=0o700, exist_ok=True)
        if d.stat().st_mode & 0o077:  # the folder holds the seed and the hands: ours only
            os.chmod(d, 0o700)  # (and older backups written 644 become 600)
            for _, old in _names(path):
                os.chmod(d / old, 0o600)
        have = _names(path)
        seq = have[0][0] + 1 if have else 1
        name = f"{time.strftime('%Y%m%dT%H%M%S', time.gmtime())}-{seq:06d}.toml"
        tmp = d / (name + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.replace(tmp, d / name)
        except OSError:  # a full disk: no half backup left behind
            tmp.unlink(missing_ok=True)
            raise
        for _, old in have[n - 1:]:
            os.unlink(d / old)
    except OSError:
        pass


def clean_temps(path: Path) -> list[str]:
    """Remove the temp files of saves that were killed half way (call under the lock)."""
    removed = []
    prefix = f".{path.name}."
    for d, pre in ((path.parent if str(path.parent) else Path("."), prefix),
                   (folder(path), "")):
        try:
            names = os.listdir(d)
        except OSError:
            continue
        for n in names:
            if n.startswith(pre) and n.endswith(".tmp"):
                try:
                    os.unlink(d / n)
                    removed.append(n)
                except OSError:
                    pass
    return removed


def has_temps(path: Path) -> bool:
    """Whether a killed save left a temp file beside the game or in its backups' folder."""
    prefix = f".{path.name}."
    try:
        if any(n.startswith(prefix) and n.endswith(".tmp")
               for n in os.listdir(path.parent if str(path.parent) else ".")):
            return True
    except OSError:
        return False
    try:
        return any(n.endswith(".tmp") for n in os.listdir(folder(path)))
    except OSError:
        return False
