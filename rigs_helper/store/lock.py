"""One writer at a time: an exclusive lock on a lock file beside the game file.

``fcntl.flock`` (POSIX) or ``msvcrt.locking`` (Windows) on ``.NAME.lock``: the operating
system drops the lock when its holder exits or is killed, so a stale lock never outlives
the process that took it.  Readers do not take it: saves are atomic renames, so a reader
sees the old file or the new one.
"""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from rigs_helper.rules.errors import RigsError

DEFAULT_TIMEOUT = 5.0  # seconds; $RIGS_LOCK_TIMEOUT overrides


class BusyError(RigsError):
    """Another command holds the game file's lock (nothing was changed)."""

    exit_code = 75  # EX_TEMPFAIL: try again


def lock_path(path: Path) -> Path:
    return path.parent / f".{path.name}.lock"


def timeout() -> float:
    raw = os.environ.get("RIGS_LOCK_TIMEOUT")
    if raw is None:
        return DEFAULT_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not value >= 0 or value == float("inf"):
        raise BusyError(f"RIGS_LOCK_TIMEOUT={raw!r}: give a number of seconds (0 or more)")
    return value


def _try(fd: int) -> bool:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]  # (Windows)
            return True
        except OSError:
            return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _fd(path: Path) -> int:
    """The lock file, opened (created if needed; read-only when it belongs to another user:
    a lock needs no write access)."""
    try:
        return os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
    except PermissionError:
        return os.open(lock_path(path), os.O_RDONLY)


def _open(path: Path) -> int:
    try:
        return _fd(path)
    except OSError as exc:
        raise RigsError(f"{path}: cannot lock the game file ({lock_path(path).name}: "
                        f"{exc.strerror})") from None


@contextmanager
def locked(path: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the game file's lock for the block; wait up to ``wait`` seconds (default
    $RIGS_LOCK_TIMEOUT, else 5) for it, then give up with :class:`BusyError`."""
    wait = timeout() if wait is None else wait
    fd = _open(path)
    try:
        deadline = time.monotonic() + wait
        delay = 0.005
        while not _try(fd):
            if time.monotonic() >= deadline:
                raise BusyError(f"the game file is busy: {path} is being changed by another "
                                f"rigs command (waited {wait:g} s); nothing changed, try again")
            time.sleep(delay)
            delay = min(delay * 2, 0.1)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def try_locked(path: Path) -> int | None:
    """The lock's descriptor when it is free right now (the caller closes it), else None.
    Never waits: for readers' housekeeping."""
    try:
        fd = _fd(path)
    except OSError:
        return None
    if _try(fd):
        return fd
    os.close(fd)
    return None
