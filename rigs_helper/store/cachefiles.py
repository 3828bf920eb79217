"""The files of rigs's caches (validated tables, loaded states, read histories): where
they live, and each one's frame, a CRC-32 of its body before the body, so a damaged file
is never used.  What a cache holds can always be made again: a cache file that cannot be
read or written is simply not used.
"""

from __future__ import annotations

import zlib
from pathlib import Path


def cache_dir() -> Path | None:
    """Where rigs keeps what it can make again: ``rigs-helper`` in $RIGS_CACHE_DIR, else
    in $XDG_CACHE_HOME, else in ~/.cache; None when $RIGS_NO_CACHE is set."""
    import os

    if os.environ.get("RIGS_NO_CACHE"):
        return None
    base = os.environ.get("RIGS_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    return Path(base) / "rigs-helper" if base else Path.home() / ".cache" / "rigs-helper"


def text_key(text: str) -> str:
    """Checksums (CRC-32, Adler-32) and length of ``text``: what a cache entry was made
    from."""
    raw = text.encode("utf-8", "surrogateescape")
    return f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}{len(raw):x}"


def game_cache(kind: str, path: Path) -> Path | None:
    """The cache file of ``kind`` ("state", "log") for the game file at ``path``."""
    folder = cache_dir()
    if folder is None:
        return None
    return folder / f"{kind}-{text_key(str(path.absolute()))[:16]}.marshal"


def read(file: Path) -> bytes | None:
    """The body of a cache file, or None (missing, unreadable, or its checksum fails)."""
    try:
        blob = file.read_bytes()
    except OSError:
        return None
    return blob[4:] if blob[:4] == zlib.crc32(blob[4:]).to_bytes(4, "big") else None


def write(file: Path, body: bytes) -> None:
    """Keep ``body`` in ``file`` (atomically: a reader sees the old file or the new)."""
    import os

    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
        tmp.write_bytes(zlib.crc32(body).to_bytes(4, "big") + body)
        os.replace(tmp, file)
    except OSError:
        pass
