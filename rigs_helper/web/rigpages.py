"""`rigs serve` for a RIG game: the board at / and each player's page at their private link
(both queues, both Rigs and the pile are public in RIG; each page holds its player's
controls).  The server, its limits, the Host and Origin checks, the POST route and the
tokens are R.I.G.S.'s (web/server.py); only the pages and the acting are RIG's: a posted
form becomes the typed action the terminal would run (cli/rig.py), through the same
store."""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from typing import Any

from rigs_helper.rules.errors import RigsError
from rigs_helper.web.server import Handler, TableServer
from rigs_helper.web.templating import render


def _look() -> dict[str, tuple[str, str]]:
    from rigs_helper.games.rig.pieces import COLOURS, SIDES, Token

    return {Token(c, s).name: (c, s) for c in COLOURS for s in SIDES}


#: a token's name -> (colour, side): how a page draws it
LOOK = _look()


class RigSource:
    """The RIG file as last read (one parse per change of the file)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._key: tuple[int, int, int] | None = None
        self._last: tuple[str, Any, str | None] = ("none", None, None)

    def snapshot(self) -> tuple[str, Any, str | None]:
        """(etag, state or the last good one, the problem reading it now or None)."""
        from rigs_helper.store import gamestore

        with self._lock:
            try:
                st = os.stat(self.path)
                key = (st.st_ino, st.st_size, st.st_mtime_ns)
                if key == self._key:
                    return self._last
                data = self.path.read_bytes()
            except OSError as exc:
                return (f"error-{self._last[0]}", self._last[1],
                        f"cannot read: {exc.strerror}")
            etag = hashlib.sha256(data).hexdigest()[:20]
            try:
                self._last = (etag, gamestore.load(self.path).state, None)
            except RigsError as exc:
                self._last = (etag, self._last[1], str(exc))
            self._key = key
            return self._last


# ------------------------------------------------------------------ a player's decisions


def decisions(st: Any, name: str) -> list[dict[str, Any]]:
    """The forms of ``name``'s page now, one per legal action, in the table's words."""
    from rigs_helper.games.rig.legal import legal
    from rigs_helper.games.rig.pieces import ACTION, COMPONENT, FACES, Token

    out: list[dict[str, Any]] = []
    for e in legal(st, name):
        p = e.params
        if e.action == "roll":
            out.append({"action": "roll", "title": "Roll your dice",
                        "virtual": True in p["virtual"], "faces": list(FACES)})
        elif e.action == "cancel":
            seat = st.seats[st.seat(name)]
            out.append({"action": "cancel", "title": f"Set aside {p['count'][0]} of your "
                        f"{p['colour'][0]} dice (they match your opponent's)",
                        "dice": [(d, seat.dice[d - 1]) for d in p["dice"]],
                        "count": p["count"][0]})
        elif e.action == "pop":
            out.append({"action": "pop", "title": "Pop the top two tokens of your queue"})
        elif e.action == "take":
            out.append({"action": "take", "title": "Take tokens into your queue (in this "
                        "order; the side up)",
                        "slots": [(c, COMPONENT[c], ACTION[c]) for c in p["colours"]]})
        elif e.action == "flip":
            out.append({"action": "flip", "title": "Flip: turn over a die or a queue token",
                        "targets": [(f"die:{w}:{d}", f"{w}'s die {d} "
                                     f"({st.seats[st.seat(w)].dice[d - 1]})")
                                    for w, d in p["die"]]
                        + [(f"token:{w}:{k}", f"{w}'s queue token {k} "
                            f"({st.seats[st.seat(w)].queue[k - 1].name})")
                           for w, k in p["token"]]})
        elif e.action == "extra":
            out.append({"action": "extra", "title": "Extra: one more token, any colour",
                        "tokens": [Token(c, s).name for c in p["colour"]
                                   for s in ("component", "action")]})
        else:
            them = st.seats[1 - st.seat(name)]
            out.append({"action": "steal", "title": f"Steal: one of your dice for a "
                        f"component of {them.name}'s Rig",
                        "dice": [(d, st.seats[st.seat(name)].dice[d - 1]) for d in p["die"]],
                        "tokens": [Token(c, s).name for c in p["colour"]
                                   for s in ("component", "action")]})
    return out


def form_action(st: Any, name: str, form: dict[str, list[str]]) -> Any:
    """The typed action a posted form asks for, as ``name`` (the page's player)."""
    from rigs_helper.games.rig.actions import Cancel, Extra, Flip, Pop, Roll, Steal, Take
    from rigs_helper.games.rig.pieces import read_face, read_token
    from rigs_helper.rules.errors import InputError

    def one(key: str) -> str:
        values = form.get(key) or [""]
        return values[0].strip()

    def number(key: str) -> int:
        v = one(key)
        if not v.isdigit():
            raise InputError(f"{key}: choose one")
        return int(v)

    action = one("action")
    if action == "roll":
        if one("virtual"):
            return Roll(name)
        return Roll(name, tuple(read_face(one(f"face{k}")) for k in range(1, 5)))
    if action == "cancel":
        return Cancel(name, tuple(int(v) for v in form.get("die", []) if v.isdigit()))
    if action == "pop":
        return Pop(name)
    if action == "take":
        picked = [one(f"slot{k}") for k in range(1, 5)]
        return Take(name, tuple(read_token(t) for t in picked if t))
    if action == "flip":
        kind, _, rest = one("target").partition(":")
        whose, _, n = rest.rpartition(":")
        if kind not in ("die", "token") or not n.isdigit():
            raise InputError("choose a die or a token to flip")
        return Flip(name, whose, **{kind: int(n)})
    if action == "extra":
        t = read_token(one("token"))
        return Extra(name, t.colour, t.side)
    if action == "steal":
        t = read_token(one("token"))
        return Steal(name, number("die"), t.colour, t.side)
    raise InputError(f"no such action: {action!r}")


# ---------------------------------------------------------------------------- the server


class RigServer(TableServer):
    """`rigs serve`'s server (limits, Host and Origin checks, tokens) with RIG's pages."""

    def __init__(self, address: Any, path: Path, tokens: dict[str, str],
                 link: str | None = None) -> None:
        self.rig = RigSource(path)
        # what the server's POST /p/TOKEN/act calls: act(name, form) -> (status, answer)
        self.acting = RigActing(path)
        super().__init__(address, path, tokens, link, RigHandler)

    def version(self) -> str:
        return self.rig.snapshot()[0]


class RigActing:
    """A posted form as the page's player: the typed action, run by the store under its
    lock; the answer the server sends (200 and what was said, or 409 and the one line)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def act(self, name: str, form: dict[str, list[str]]) -> tuple[int, dict[str, Any]]:
        from rigs_helper.games.rig.views import status_dict
        from rigs_helper.store import gamestore

        try:
            with self._lock:
                st = gamestore.load(self.path).state
                _, outcome = gamestore.run(self.path, form_action(st, name, form))
        except RigsError as exc:
            return 409, {"ok": False, "error": str(exc)}
        return 200, {"ok": True, "said": list(outcome.said),
                     "status": status_dict(outcome.state)}


class RigHandler(Handler):
    server: RigServer

    def _get(self, head: bool) -> None:
        target = self.path.split("?", 1)[0].split("#", 1)[0]
        if target in ("/", "/state.json"):
            self._page(None, None, head, target.endswith(".json"))
            return
        route = self._player_route()
        if route is None or route[2] not in (".", "state.json"):
            self._refuse()
            return
        self._page(route[0], route[1], head, route[2] == "state.json")

    def _page(self, name: str | None, token: str | None, head: bool, json_wanted: bool
              ) -> None:
        from rigs_helper.games.rig.views import status_dict

        self._long_poll()  # (the pages' poll, ``?wait=1``: held until the game changes)
        etag, st, error = self.server.rig.snapshot()
        d = status_dict(st) if st is not None else None
        if json_wanted:
            self._json({**(d or {}), "error": error}, etag, head, private=name is not None)
            return
        if self._unchanged(etag, private=name is not None):
            return
        you = None if name is None else name
        html = render("rig.html", d=d, you=you, token=token, error=error, etag=etag,
                      look=LOOK,
                      decisions=decisions(st, name) if st is not None and name else [],
                      json_url=(f"/p/{token}/state.json" if token else "/state.json"),
                      title=(f"{name} · RIG" if name else "RIG"), refresh=name is None)
        self._send(200, "text/html; charset=utf-8", html.encode(), head, etag,
                   private=name is not None)


def make_rig_server(path: Path, tokens: dict[str, str], host: str = "127.0.0.1",
                    port: int = 0, link: str | None = None) -> TableServer:
    return RigServer((host, port), path, tokens, link)


class RigSite:
    """A RIG game file on `rigs serve` (web/sites.py): its players, its server."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def players(self) -> list[str]:
        from rigs_helper.store import gamestore

        return [seat.name for seat in gamestore.load(self.path).state.seats]

    def server(self, tokens: dict[str, str], host: str, port: int,
               link: str | None = None) -> TableServer:
        return make_rig_server(self.path, tokens, host, port, link=link)
