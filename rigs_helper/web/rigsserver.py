"""R.I.G.S.'s pages on `rigs serve`'s server (web/server.py: the limits, Host and Origin
checks, tokens, long polls): the board and each player's page, their JSON, the actions'
list, and a posted action run by web/acting.py."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs

from rigs_helper.web import pages, player
from rigs_helper.web.acting import Acting
from rigs_helper.web.server import Handler, TableServer
from rigs_helper.web.snapshot import Source


class RigsServer(TableServer):
    """The server with R.I.G.S.'s pages: its game file read once per version
    (:class:`Source`), the actions posted run by :class:`Acting`."""

    def __init__(self, address, path: Path, tables, tokens: dict[str, str],
                 link: str | None = None) -> None:
        self.source = Source(path, tables)
        self.tables = tables
        self.acting = Acting(path, tables, current=self._current)
        self.source.notify = self.changed  # the board's forecast ready: wake its long poll
        super().__init__(address, path, tokens, link, RigsHandler)

    def _current(self):
        loaded = self.source.snapshot().loaded
        return loaded.game if loaded is not None else None

    def working(self, on: bool) -> None:
        self.source.working(on)

    def version(self) -> str:
        return self.source.snapshot().etag

    def closing(self) -> None:
        self.source.drop()  # no forecast made for a board nobody will see


class RigsHandler(Handler):
    server: RigsServer

    def _get(self, head: bool) -> None:
        self.server.reading(self.connection, False)
        target = self.path.split("?", 1)[0].split("#", 1)[0]
        if target == "/":
            self.server.known(self.connection)
            self._long_poll()
            self._board(head, json_wanted=False)
            return
        if target == "/state.json":
            self.server.known(self.connection)
            self._long_poll()
            self._board(head, json_wanted=True)
            return
        route = self._player_route()
        if route is None or route[2] not in (".", "state.json", "actions.json"):
            self._refuse()
            return
        self.server.known(self.connection)
        name, token, rest = route
        if rest in ("state.json", "."):
            self._long_poll()
        if rest == "actions.json":
            snap = self.server.source.snapshot()
            d = player.actions_data(snap, self.server.tables, name, self.server.game_path)
            self._json(d, snap.etag, head, private=True)
        else:
            self._player(name, token, head, rest == "state.json")

    def _long_poll(self) -> None:
        """As the base's, and the board's version with quick figures (``pages.MORE``)
        held until its slow parts are ready too."""
        tags = self._poll_tags()
        if tags is None:
            return
        snap = self.server.source.snapshot()
        if f'"{snap.etag}"' in tags:
            self._idle_while(self.server.wait_change, snap.etag)
        elif f'"{snap.etag}{pages.MORE}"' in tags:  # the board shows quick figures: wait
            self._idle_while(self.server.wait_change, snap.etag,
                             also=lambda: pages.parts_ready(snap))

    def _board(self, head: bool, json_wanted: bool) -> None:
        srv = self.server
        snap = srv.source.snapshot()
        d = pages.board_data(snap, srv.game_path, srv.tables)
        if json_wanted:
            self._json(d, snap.etag, head)
            return
        if self._unchanged(snap.etag):
            return
        html = pages.board_page(snap, d, srv.source.previous(snap), srv.game_path, srv.tables)
        self._send(200, "text/html; charset=utf-8", html.encode(), head, snap.etag)

    def _player(self, name: str, token: str, head: bool, json_wanted: bool) -> None:
        srv = self.server
        snap = srv.source.snapshot()
        d = player.player_data(snap, srv.game_path, srv.tables, name)
        if json_wanted:
            self._json(d, snap.etag, head, private=True)
            return
        if self._unchanged(snap.etag, private=True):
            return
        query = parse_qs(self.path.split("?", 1)[1]) if "?" in self.path else {}
        answer = srv.acting.recalled(name, (query.get("r") or [""])[0])
        html = player.player_page(snap, d, token, srv.tables, answer, srv.game_path,
                                  join=(self.headers.get("Host"), srv.tokens))
        self._send(200, "text/html; charset=utf-8", html.encode(), head, snap.etag,
                   private=True)


def make_server(path: Path, tables, tokens: dict[str, str], host: str = "127.0.0.1",
                port: int = 0, link: str | None = None) -> RigsServer:
    """``link``: the host the links carry (this machine's room address with 0.0.0.0)."""
    return RigsServer((host, port), path, tables, tokens, link)


class RigsSite:
    """A R.I.G.S. game file on `rigs serve` (web/sites.py): its tables loaded once, its
    players, its server."""

    def __init__(self, path: Path) -> None:
        from rigs_helper.store.tablefiles import load_tables

        self.path, self.tables = path, load_tables()

    def players(self) -> list[str]:
        from rigs_helper.store import session

        return [p.name for p in session.load(self.path, self.tables).game.players]

    def server(self, tokens: dict[str, str], host: str, port: int,
               link: str | None = None) -> RigsServer:
        return make_server(self.path, self.tables, tokens, host, port, link=link)
