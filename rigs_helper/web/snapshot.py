"""The game file as the server last read it: one parse per change of the file, shared by
every request.  Saves are atomic renames, so a read sees the old file or the new one."""

from __future__ import annotations

import hashlib
import os
import threading
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Callable

from rigs_helper.rules.errors import RigsError


YIELD_SECONDS = 1.0  # a slow part waits at most this long at a time for the requests


class Slow(Exception):
    """A page's part took longer than its time (it goes on in the background, once)."""


class Dropped(Exception):
    """A part given up: a newer version of the game arrived before it was ready."""


class Snapshot:
    """One version of the game file: its ETag and, lazily, each page's data.  Each part is
    made once, by the first request that needs it; a slow part never holds up another."""

    def __init__(self, etag: str, loaded=None, error: str | None = None) -> None:
        self.etag, self.loaded, self.error = etag, loaded, error
        self.before: Snapshot | None = None  # the good version read before this one
        self.stale = False  # a newer version was read: its slow parts are dropped
        # called when a part made in the background is ready
        self.notify: Callable[[], None] | None = None
        #: () -> whether a request is being answered (a slow part yields to it)
        self.busy: Callable[[], bool] | None = None
        self.shared: dict = {}  # kept from version to version (the last forecast made)
        self._cache: dict[str, Future] = {}
        self._lock = threading.Lock()

    def ready(self, key: str) -> bool:
        """Whether the part ``key`` is made (or failed, or was dropped)."""
        with self._lock:
            fut = self._cache.get(key)
        return fut is not None and fut.done()

    def settle(self, seconds: float) -> None:
        """Wait ``seconds`` before a slow part is begun, raising :class:`Dropped` as soon
        as a newer version arrives (a burst of taps starts no forecast it would drop)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.check()
            time.sleep(0.05)
        self.check()

    def check(self, *_args) -> None:
        """Raise :class:`Dropped` once a newer version was read (a slow part's ``tick``);
        while a request is being answered (a tap, a page), wait for it (at most
        YIELD_SECONDS at a time): a slow part never takes the interpreter from a page."""
        if self.stale:
            raise Dropped(self.etag)
        end = time.monotonic() + YIELD_SECONDS
        while self.busy is not None and self.busy() and time.monotonic() < end:
            time.sleep(0.005)
            if self.stale:
                raise Dropped(self.etag)

    def get(self, key: str, make, timeout: float | None = None):
        """``make()``, once per snapshot; with ``timeout`` it runs in its own thread and
        :class:`Slow` is raised when it is not ready in time (asked again, it is the
        same work, never a second copy of it)."""
        with self._lock:
            fut = self._cache.get(key)
            mine = fut is None
            if fut is None:
                fut = self._cache[key] = Future()
        if mine:
            if timeout is None:
                _fill(fut, make)
            else:
                threading.Thread(target=_fill, args=(fut, make, self.notify),
                                 daemon=True).start()
        try:
            return fut.result(timeout)
        except TimeoutError:
            raise Slow(key) from None


def _fill(fut: Future, make, notify=None) -> None:
    try:
        fut.set_result(make())
    except BaseException as exc:  # noqa: BLE001 - handed to whoever asks for it
        fut.set_exception(exc)
    if notify is not None:
        notify()


class Source:
    """Reads ``path`` when it changed since the last request (by inode, size, mtime)."""

    def __init__(self, path: Path, tables) -> None:
        self.path, self.tables = path, tables
        self._lock = threading.Lock()
        self._key: tuple | None = None
        self._snap: Snapshot | None = None
        self._good: Snapshot | None = None
        # given to each version: a part made in the background is ready
        self.notify: Callable[[], None] | None = None
        self.shared: dict = {}  # given to each version: what outlives one (a forecast)
        self._busy = 0  # requests being answered now (not long polls waiting)
        self._busy_lock = threading.Lock()

    def working(self, on: bool) -> None:
        """A request begins (``on``) or ends being answered: the slow parts yield to it."""
        with self._busy_lock:
            self._busy += 1 if on else -1

    def busy(self) -> bool:
        return self._busy > 0

    def snapshot(self) -> Snapshot:
        with self._lock:
            try:
                with open(self.path, "rb") as fh:
                    st = os.fstat(fh.fileno())
                    key = (st.st_ino, st.st_size, st.st_mtime_ns)
                    if key == self._key and self._snap is not None:
                        return self._snap
                    data = fh.read()
            except OSError as exc:
                return self._failed(f"{self.path}: cannot read: {exc.strerror}")
            etag = hashlib.sha256(data).hexdigest()[:20]
            if self._snap is not None and self._snap.etag == etag:
                self._key = key
                return self._snap
            try:
                from rigs_helper.store.gamefile import load_text

                loaded = load_text(data.decode("utf-8"), str(self.path), self.tables)
                snap = Snapshot(etag, loaded)
                snap.notify, snap.shared, snap.busy = self.notify, self.shared, self.busy
                if self._good is not None:
                    self._good.before = None  # keep one version back, not the whole chain
                    self._good.stale = True  # its slow parts (the forecast) are dropped
                snap.before = self._good
                self._good = snap
            except (RigsError, UnicodeDecodeError) as exc:
                snap = self._failed(str(exc), etag)
            self._key, self._snap = key, snap
            return snap

    def drop(self) -> None:
        """The server is closing: the slow parts of the version being made (the board's
        forecast and chart) stop at their next tick, as when a newer version arrives."""
        with self._lock:
            if self._good is not None:
                self._good.stale = True

    def previous(self, snap: Snapshot) -> Snapshot | None:
        """The version of the game shown before ``snap`` (the board marks what changed)."""
        return snap.before

    def _failed(self, message: str, etag: str = "error") -> Snapshot:
        """A file that cannot be read now: the last good state, with the problem named."""
        good = self._good
        snap = Snapshot(f"{etag}-{good.etag if good else 'none'}",
                        good.loaded if good else None, message)
        return snap
