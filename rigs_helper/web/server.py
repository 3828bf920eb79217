"""The HTTP server of `rigs serve` (standard library: ThreadingHTTPServer).

Routes (GET and HEAD only; everything else is 404 and says nothing more):
  /                      the board (public facts)        /state.json            its JSON
  /p/<token>             one player's private page       /p/<token>/state.json  its JSON
JSON answers carry an ETag (a hash of the game file) and answer 304 to If-None-Match."""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from rigs_helper.web import pages
from rigs_helper.web.chart import NO_CHART, networth_chart
from rigs_helper.web.snapshot import Source
from rigs_helper.web.tokens import player_for

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "script-src 'unsafe-inline'; img-src data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}


class TableServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # a table of phones polling at once

    def __init__(self, address, path: Path, tables, tokens: dict[str, str]) -> None:
        self.source = Source(path, tables)
        self.game_path, self.tables, self.tokens = path, tables, tokens
        super().__init__(address, Handler)


class Handler(BaseHTTPRequestHandler):
    server: TableServer
    server_version = "rigs"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args) -> None:  # noqa: A002 - quiet: links hold tokens
        pass

    def do_HEAD(self) -> None:  # noqa: N802
        self._route(head=True)

    def do_GET(self) -> None:  # noqa: N802
        self._route(head=False)

    def _not_found(self) -> None:
        self._send(404, "text/plain; charset=utf-8", b"Not found\n",
                   head=self.command == "HEAD")

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _not_found  # noqa: N815

    def _route(self, head: bool) -> None:
        target = self.path.split("?", 1)[0].split("#", 1)[0]
        parts = target.split("/")
        srv = self.server
        if target == "/":
            self._board(head, json_wanted=False)
        elif target == "/state.json":
            self._board(head, json_wanted=True)
        elif len(parts) in (3, 4) and parts[1] == "p" and parts[2] and (
                len(parts) == 3 or parts[3] == "state.json"):
            name = player_for(srv.tokens, parts[2])
            if name is None:
                self._not_found()
            else:
                self._player(name, f"/p/{parts[2]}/state.json", head, len(parts) == 4)
        else:
            self._not_found()

    def _board(self, head: bool, json_wanted: bool) -> None:
        srv = self.server
        snap = srv.source.snapshot()
        d = pages.board_data(snap, srv.game_path, srv.tables)
        if json_wanted:
            self._json(d, snap.etag, head)
            return
        html = snap.get("board.html", lambda: pages.board_html(
            d, srv.tables, networth_chart(srv.game_path, snap.loaded, srv.tables)
            if snap.loaded is not None else NO_CHART))
        self._send(200, "text/html; charset=utf-8", html.encode(), head, snap.etag)

    def _player(self, name: str, json_url: str, head: bool, json_wanted: bool) -> None:
        srv = self.server
        snap = srv.source.snapshot()
        d = pages.player_data(snap, srv.game_path, srv.tables, name)
        if json_wanted:
            self._json(d, snap.etag, head, private=True)
            return
        html = pages.player_html(d, json_url, srv.tables)
        self._send(200, "text/html; charset=utf-8", html.encode(), head, snap.etag,
                   private=True)

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
        for k, v in SECURITY_HEADERS.items():
            self.send_header(k, v)
        self.end_headers()
        if not head and code != 304:
            self.wfile.write(body)


def make_server(path: Path, tables, tokens: dict[str, str], host: str = "127.0.0.1",
                port: int = 0) -> TableServer:
    return TableServer((host, port), path, tables, tokens)
