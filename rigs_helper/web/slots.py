"""The slots of `rigs serve` and its long polls (web/server.py's TableServer holds them).

No client locks others out: when the MAX_CONNECTIONS slots run short, a new connection
closes the oldest idle one (one that never made a request first, then one still sending its
request, then one that did: the board's and the players' pages, known by their requests,
keep RESERVED slots strangers cannot fill); one client (an address) holds at most
MAX_PER_CLIENT (its own oldest idle one makes way).  A long poll waits for the game file to
change (an action from a page wakes it, a command at the terminal is seen within
WATCH_SECONDS) or WAIT_SECONDS."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

MAX_CONNECTIONS = 200
#: slots connections that never made a request cannot take (the board's, the pages')
RESERVED = 50
# one client (an address) holds at most this many connections: a new one closes its oldest
# connection that is idle or still sending its request (a laptop with the board and many
# tabs, phones behind one access point's NAT: each page keeps one, two while it acts)
MAX_PER_CLIENT = 48
WAIT_SECONDS = 25.0  # a long poll is answered 304 after this long without a change
MAX_WAITING = 150  # long polls held at once (more are answered at once)
WATCH_SECONDS = 0.2  # how often the game file is looked at for a change (a command)


def close(sock: socket.socket) -> None:
    """End a connection another thread is reading (its read returns at once)."""
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


class Slots:
    """The connections held and the long polls (state made by TableServer.__init__)."""

    _open: dict[socket.socket, str]
    _idle: dict[socket.socket, float]
    _known: set[socket.socket]
    _clients: dict[str, list[socket.socket]]
    _reading: dict[socket.socket, float]
    _reading_lock: threading.Lock
    _changed: threading.Condition
    _waiting: int
    _stop: threading.Event
    game_path: Any

    def version(self) -> str:
        """The game file's version now, the ETag a long poll waits past (a game's server
        says it: web/rigsserver.py, web/rigpages.py)."""
        raise NotImplementedError

    def _oldest(self, socks, strangers: bool) -> socket.socket | None:
        """The connection of ``socks`` to close first: idle the longest (strangers: only
        those that never made a request), else still sending its request the longest."""
        pool = [s for s in socks if not strangers or s not in self._known]
        idle = [s for s in pool if s in self._idle]
        if idle:
            return min(idle, key=lambda s: self._idle[s])
        reading = [s for s in pool if s in self._reading]
        return min(reading, key=lambda s: self._reading[s]) if reading else None

    def _admit(self, request, client: str) -> bool:
        """Count the connection; when its client holds MAX_PER_CLIENT, or the slots run
        short (strangers past MAX_CONNECTIONS - RESERVED, everyone past MAX_CONNECTIONS),
        the oldest idle connection is closed to make way (see :meth:`_oldest`); refused
        only when every slot is answering a request."""
        victims = []
        with self._reading_lock:
            mine = self._clients.setdefault(client, [])
            if len(mine) >= MAX_PER_CLIENT:
                victims.append(self._oldest(mine, False))
            elif len(self._open) - len(self._known) >= MAX_CONNECTIONS - RESERVED:
                victims.append(self._oldest(self._open, True))
            if len(self._open) - sum(1 for v in victims if v is not None) >= MAX_CONNECTIONS:
                victims.append(self._oldest(self._open, True) or
                               self._oldest(self._open, False))
            if None in victims:
                if not mine:
                    self._clients.pop(client, None)
                return False
            for v in victims:
                if v is not None:
                    self._forget(v)
            mine.append(request)
            self._open[request] = client
        for v in victims:
            if v is not None:
                close(v)
        return True

    def _forget(self, sock: socket.socket) -> None:
        """Stop counting ``sock`` (under the lock)."""
        client = self._open.pop(sock, None)
        mine = self._clients.get(client or "", [])
        if sock in mine:
            mine.remove(sock)
        if not mine:
            self._clients.pop(client or "", None)
        self._idle.pop(sock, None)
        self._reading.pop(sock, None)
        self._known.discard(sock)

    def _leave(self, request) -> None:
        with self._reading_lock:
            self._forget(request)

    def known(self, sock: socket.socket) -> None:
        """``sock`` made a request to the board or a player's page."""
        with self._reading_lock:
            if sock in self._open:
                self._known.add(sock)

    def idle(self, sock: socket.socket, on: bool) -> None:
        with self._reading_lock:
            if on:
                if sock in self._open:
                    self._idle[sock] = time.monotonic()
            else:
                self._idle.pop(sock, None)

    # ---------------------------------------------------------------- long polls

    def changed(self) -> None:
        """The game file changed (an action from a page): wake the long polls."""
        with self._changed:
            self._changed.notify_all()

    def _watch(self) -> None:
        """Wake the long polls when the game file changes (a command at the terminal)."""
        seen = None
        while not self._stop.wait(WATCH_SECONDS):
            try:
                st = self.game_path.stat()
                now: tuple | None = (st.st_ino, st.st_size, st.st_mtime_ns)
            except OSError:
                now = None
            if now != seen:
                seen = now
                self.changed()

    def wait_change(self, etag: str, also=None) -> bool:
        """Hold a long poll until the game's version is no longer ``etag`` (True) or
        WAIT_SECONDS pass (False); at once when MAX_WAITING are held.  ``also()``: true
        ends the wait too (the board's forecast is ready)."""
        with self._changed:
            if self._waiting >= MAX_WAITING:
                return self.version() != etag
            self._waiting += 1
        try:
            end = time.monotonic() + WAIT_SECONDS
            while not self._stop.is_set():
                left = end - time.monotonic()
                with self._changed:  # looked at under the lock: no wake-up slips past
                    if self.version() != etag or (also is not None and also()):
                        return True
                    if left <= 0:
                        return False
                    self._changed.wait(min(left, 1.0))
            return False
        finally:
            with self._changed:
                self._waiting -= 1

