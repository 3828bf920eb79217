"""The HTTP server of `rigs serve` for any game (standard library: ThreadingHTTPServer,
one thread per connection, at most MAX_CONNECTIONS of them); each game's server adds its
pages (R.I.G.S.'s: web/rigsserver.py; RIG's: web/rigpages.py).

Routes (anything else is a bare 404):
  GET  /                       the board (public facts)     /state.json   its JSON
  GET  /p/TOKEN                one player's page (their controls)
  GET  /p/TOKEN/state.json     its JSON                     /p/TOKEN/actions.json
  POST /p/TOKEN/act            act as that player (CONTRACT "Acting from a player's page")
The GET routes are the game's (its handler's ``_get``); POST /p/TOKEN/act calls the game
server's ``acting.act``.  JSON answers carry an ETag (a hash of the game file) and answer 304 to If-None-Match.

A long poll: GET of a page or its JSON (/, /state.json, /p/TOKEN, /p/TOKEN/state.json)
with ``?wait=1`` and an If-None-Match naming the current version is held until the game
file changes (a tap, a command at the terminal) or WAIT_SECONDS pass (then 304): the
pages' poll loop (templates/live.js, asking for the page itself: one request a change)
shows a change within a second with one request in flight each.

Limits: a request must arrive whole within REQUEST_SECONDS (a reaper closes a connection
that dribbles), a silent connection is closed after IDLE_SECONDS, a body is at most
MAX_BODY bytes.  No client locks others out (docs/phones.md): when the MAX_CONNECTIONS
slots run short, a new connection closes the oldest idle one (one that never made a
request first, then one still sending its request, then one that did: the board's and
the players' pages, known by their requests, keep RESERVED slots that strangers cannot
fill); one client (an address) holds at most MAX_PER_CLIENT (its own oldest idle one
makes way).  The Host header must name this server (DNS rebinding) and a POST must come
from its own pages (Origin); a dropped connection is silent; a part of a page that fails
or is slow answers for itself only (500, or the board without its chart)."""

from __future__ import annotations

import json
import socket
import threading
import time
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

from rigs_helper.web.guard import allowed_hosts, check_host, same_origin
from rigs_helper.web.slots import (  # noqa: F401  (the limits, named here too)
    MAX_CONNECTIONS, MAX_PER_CLIENT, RESERVED, WAIT_SECONDS, Slots, close)
from rigs_helper.web.tokens import player_for

REQUEST_SECONDS = 10.0  # to send one whole request: line, headers and body
IDLE_SECONDS = 15.0  # a connection silent this long is closed (kept-alive ones too)
MAX_BODY = 16 * 1024
MAX_FIELDS = 64

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "script-src 'unsafe-inline'; img-src data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
}


class TableServer(Slots, ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False
    request_queue_size = 128  # a table of phones polling at once

    #: what POST /p/TOKEN/act calls (a game's server sets it): act(name, form) -> (HTTP
    #: status, answer)
    acting: Any

    def __init__(self, address, path: Path, tokens: dict[str, str],
                 link: str | None = None, handler: type[Handler] | None = None) -> None:
        host = check_host(address[0])
        self.address_family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.game_path, self.tokens = path, tokens
        self._reading: dict[socket.socket, float] = {}
        self._idle: dict[socket.socket, float] = {}  # waiting for a request (since)
        self._clients: dict[str, list[socket.socket]] = {}  # by address, oldest first
        self._known: set[socket.socket] = set()  # made a request to a page or the board
        self._open: dict[socket.socket, str] = {}  # every connection held: its client
        self._reading_lock = threading.Lock()
        self._stop = threading.Event()
        self._changed = threading.Condition()
        self._waiting = 0
        super().__init__(address, handler or Handler)
        self.hosts = allowed_hosts(host, self.server_address[1], link)
        threading.Thread(target=self._reap, daemon=True).start()
        threading.Thread(target=self._watch, daemon=True).start()

    def working(self, on: bool) -> None:
        """A request begins (``on``) or ends being answered (a game's server lets its
        pages' slow parts wait: R.I.G.S.'s board's forecast)."""

    # a connection at a time: bounded, and every one ends
    def process_request(self, request, client_address) -> None:
        if not self._admit(request, client_address[0]):
            self.shutdown_request(request)  # full of answers in progress: refuse at once
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._leave(request)
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._leave(request)

    def handle_error(self, request, client_address) -> None:
        """Silent: a client that hangs up mid-request is no news for the table."""

    def reading(self, sock: socket.socket, on: bool) -> None:
        with self._reading_lock:
            if on:
                self._reading[sock] = time.monotonic() + REQUEST_SECONDS
            else:
                self._reading.pop(sock, None)

    def _reap(self) -> None:
        """Close each connection still sending its request after REQUEST_SECONDS."""
        while not self._stop.wait(0.5):
            now = time.monotonic()
            with self._reading_lock:
                late = [s for s, t in self._reading.items() if t < now]
                for s in late:
                    del self._reading[s]
            for s in late:
                close(s)

    def server_close(self) -> None:
        self._stop.set()
        self.closing()
        self.changed()
        super().server_close()

    def closing(self) -> None:
        """The server closes: a game's server stops its pages' slow parts (R.I.G.S.'s
        board's forecast and chart, made for a board nobody will see)."""


class Handler(BaseHTTPRequestHandler):
    server: TableServer
    server_version = "rigs"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    timeout = IDLE_SECONDS
    # the headers and the body are two writes: without this, Nagle's algorithm holds the
    # body back until the client's delayed ACK (40 ms on Linux) on every answer
    disable_nagle_algorithm = True

    def log_message(self, format, *args) -> None:  # noqa: A002 - quiet: links hold tokens
        pass

    def handle_one_request(self) -> None:
        self.server.idle(self.connection, True)
        try:
            # wait (at most IDLE_SECONDS) for a request; rfile is a BufferedReader
            if not self.rfile.peek(1):  # type: ignore[attr-defined]
                self.close_connection = True
                return
        except OSError:
            self.close_connection = True
            return
        finally:
            self.server.idle(self.connection, False)
        self.server.reading(self.connection, True)  # from its first byte: REQUEST_SECONDS
        try:
            super().handle_one_request()
        except OSError:  # the client went away (or was closed by the reaper)
            self.close_connection = True
        finally:
            self.server.reading(self.connection, False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._safely(self._get, head=True)

    def do_GET(self) -> None:  # noqa: N802
        self._safely(self._get, head=False)

    def do_POST(self) -> None:  # noqa: N802
        self._safely(self._post)

    def _refuse(self) -> None:
        self.close_connection = True
        self._send(404, "text/plain; charset=utf-8", b"Not found\n",
                   head=self.command == "HEAD")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse  # noqa: N815

    def _safely(self, handler, **kw) -> None:
        self._sent = False
        try:
            if not self._host_ok():
                return
            with self._working():
                handler(**kw)
        except OSError:
            self.close_connection = True
        except Exception:  # noqa: BLE001 - this request fails, alone and quietly
            self.close_connection = True
            if not self._sent:
                self._send(500, "text/plain; charset=utf-8",
                           b"The server could not answer this request.\n",
                           head=self.command == "HEAD")

    @contextmanager
    def _working(self):
        """While this request is answered (not while a long poll waits), the board's slow
        parts (the forecast) wait: a tap and the pages it changes are made first."""
        self._busy = True
        self.server.working(True)
        try:
            yield
        finally:
            if self._busy:
                self.server.working(False)
            self._busy = False

    def _idle_while(self, wait, *args, **kw):
        """``wait(...)`` (a long poll held) without counting as a request answered."""
        if self._busy:
            self.server.working(False)
            self._busy = False
        try:
            return wait(*args, **kw)
        finally:
            self.server.working(True)
            self._busy = True

    def _host_ok(self) -> bool:
        host = (self.headers.get("Host") or "").strip().lower()
        if host in self.server.hosts:
            return True
        self._forbidden()
        return False

    def _forbidden(self) -> None:
        self.close_connection = True
        self._drain()
        self._send(403, "text/plain; charset=utf-8", b"Forbidden\n",
                   head=self.command == "HEAD")

    def _drain(self) -> None:
        """Read a small body the client sent, so the answer reaches it."""
        try:
            n = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return
        if 0 < n <= MAX_BODY:
            self.rfile.read(n)

    # ------------------------------------------------------------------------ routes

    def _player_route(self) -> tuple[str, str, str] | None:
        """(player, token, rest) for /p/TOKEN[/rest] ("." for the page), else None."""
        parts = self.path.split("?", 1)[0].split("#", 1)[0].split("/")
        if len(parts) not in (3, 4) or parts[1] != "p" or not parts[2]:
            return None
        name = player_for(self.server.tokens, parts[2])
        if name is None:
            return None
        return name, parts[2], parts[3] if len(parts) == 4 else "."

    def _get(self, head: bool) -> None:
        """A game's pages (its server's handler): none here."""
        self._refuse()

    def _post(self) -> None:
        route = self._player_route()
        if route is None or route[2] != "act":
            self._drain()
            self._refuse()
            return
        if not same_origin(self.headers.get("Origin"), self.headers.get("Sec-Fetch-Site"),
                           self.server.hosts):
            self._forbidden()
            return
        form = self._form()
        self.server.reading(self.connection, False)
        if form is None:
            return
        name, token, _ = route
        status, answer = self.server.acting.act(name, form)
        try:
            self._answer_act(status, answer, token)
        finally:
            self.server.changed()  # wake the long polls once the tap is answered

    def _answer_act(self, status: int, answer: dict, token: str) -> None:
        if not answer.get("ok"):  # a refusal said nothing (CONTRACT: `said`, a list)
            answer = {**answer, "said": []}
        if "application/json" in (self.headers.get("Accept") or ""):
            self._send(status, "application/json; charset=utf-8",
                       json.dumps(answer, ensure_ascii=False).encode(), head=False,
                       private=True)
            return
        rid = answer.get("request_id") or ""
        self.send_response(303)
        self.send_header("Location", f"/p/{token}" + (f"?r={quote(rid, safe='')}#outcome"
                                                      if rid else ""))
        self.send_header("Content-Length", "0")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self._sent = True

    def _form(self) -> dict[str, list[str]] | None:
        """The posted form, or None once an error is answered."""
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            self._send(411, "text/plain; charset=utf-8", b"Length required\n", False)
            return None
        try:
            n = int(self.headers.get("Content-Length", ""))
        except ValueError:
            n = -1
        if n < 0:
            self.close_connection = True
            self._send(411, "text/plain; charset=utf-8", b"Length required\n", False)
            return None
        if n > MAX_BODY:
            self.close_connection = True
            self._send(413, "text/plain; charset=utf-8", b"Too large\n", False)
            return None
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        body = self.rfile.read(n)
        if len(body) < n:
            self.close_connection = True
            return None
        if ctype != "application/x-www-form-urlencoded":
            self._send(415, "text/plain; charset=utf-8",
                       b"Send a form (application/x-www-form-urlencoded)\n", False)
            return None
        try:
            return parse_qs(body.decode("utf-8"), keep_blank_values=True,
                            max_num_fields=MAX_FIELDS)
        except (UnicodeDecodeError, ValueError):
            self._send(400, "text/plain; charset=utf-8", b"Not a form\n", False)
            return None

    def _poll_tags(self) -> list[str] | None:
        """The versions a long poll's page shows (its If-None-Match), or None when the
        request is no long poll (a GET with ``?wait=1``)."""
        query = parse_qs(self.path.split("?", 1)[1]) if "?" in self.path else {}
        if (query.get("wait") or [""])[0] != "1" or self.command != "GET":
            return None
        return [t.strip() for t in self.headers.get("If-None-Match", "").split(",")]

    def _long_poll(self) -> None:
        """A long poll naming the game's current version: held until the game changes
        or WAIT_SECONDS pass (the answer that follows is 200 with the new version, or
        304); any other request goes on at once."""
        tags = self._poll_tags()
        if tags is None:
            return
        now = self.server.version()
        if f'"{now}"' in tags:
            self._idle_while(self.server.wait_change, now)

    def _unchanged(self, etag: str, private: bool = False) -> bool:
        """A page's long poll (``?wait=1``) ended with the version it names still the
        game's (``etag``): answered 304 (True); else the page is answered as any GET."""
        tags = self._poll_tags()
        if tags is None or f'"{etag}"' not in tags:
            return False
        self._send(304, None, b"", head=True, etag=etag, private=private)
        return True

    # ------------------------------------------------------------------------ answers

    def _json(self, d: dict, etag: str, head: bool, private: bool = False) -> None:
        tag = f'"{etag}"'
        if tag in [t.strip() for t in self.headers.get("If-None-Match", "").split(",")]:
            self._send(304, None, b"", head=True, etag=etag, private=private)
            return
        body = json.dumps(d, ensure_ascii=False).encode()
        self._send(200, "application/json; charset=utf-8", body, head, etag, private)

    def _send(self, code: int, ctype: str | None, body: bytes, head: bool,
              etag: str | None = None, private: bool = False) -> None:
        self.send_response(code)
        if ctype:
            self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)) if code != 304 else "0")
        self.send_header("Cache-Control", "no-store" if private else "no-cache")
        if etag:
            self.send_header("ETag", f'"{etag}"')
        if self.close_connection:
            self.send_header("Connection", "close")
        for k, v in SECURITY_HEADERS.items():
            self.send_header(k, v)
        self.end_headers()
        self._sent = True
        if not head and code != 304:
            self.wfile.write(body)
