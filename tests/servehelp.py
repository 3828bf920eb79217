"""A real game file with secrets (Karma hands, a Land Grant waiting) and a running
`rigs serve` server on 127.0.0.1, for the serve tests."""

from __future__ import annotations

import http.client
from contextlib import contextmanager
from pathlib import Path

from conftest import scripted_copy
from typer.testing import CliRunner


def rigs(*args) -> str:
    from rigs_helper.cli import app

    r = CliRunner().invoke(app, [str(a) for a in args])
    assert r.exit_code == 0, (args, r.output)
    return r.stdout


_MADE: dict[str, str] = {}


def _once(make):
    """A game file made once per test process, then copied (the commands are slow)."""
    def copy(path: Path, *args) -> Path:
        key = f"{make.__name__}{args}"
        if key not in _MADE:
            make(path, *args)
            _MADE[key] = path.read_text(encoding="utf-8")
        else:
            path.write_text(_MADE[key], encoding="utf-8")
        return path
    copy.__doc__ = make.__doc__
    return copy


@_once
def secret_game(path: Path) -> Path:
    """Three players holding Karma cards, round 2, the leader's Land Grant pick open (built
    once per test process, a copy for each test)."""
    return scripted_copy("secret-game", _secret_game, path)


def _secret_game(path: Path) -> Path:
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "11", "--game", path)
    for name, n in (("Ana", 3), ("Bo", 2), ("Cy", 2)):
        rigs("adjust", name, "karma", str(n), "--why", "dealt", "--game", path)
    for _ in range(3):
        rigs("next", "--auto", "--game", path)
    rigs("next", "--game", path)
    return path


def hands(path: Path, tables) -> dict[str, list[str]]:
    from rigs_helper.store import session

    g = session.load(path, tables).game
    return {p.name: [tables.karma_card(k).title for k in p.hand] for p in g.players}


@contextmanager
def serving(path: Path, tables, tokens=None):
    """(server, base URL, tokens) for a server running in a thread."""
    from randomplayer import served

    with served(path, tables, tokens) as (server, tokens):
        yield server, f"http://127.0.0.1:{server.server_address[1]}", tokens


def get(server, target: str, method: str = "GET", headers: dict | None = None):
    """(status, headers, body text) of one raw request (the path sent exactly as given)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
    try:
        conn.request(method, target, headers=headers or {})
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read().decode()
    finally:
        conn.close()


@_once
def table_game(path: Path, seed: int = 5) -> Path:
    """Four players at the start of round 1 (the Player Phase)."""
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "-p", "Di", "--seed", seed,
         "--game", path)
    return path


def post(server, token: str, fields: dict | list, headers: dict | None = None,
         json_answer: bool = True):
    """(status, headers, body) of a form posted to a player's page as a browser would
    (Origin: the server), answered in JSON unless ``json_answer`` is False."""
    from urllib.parse import urlencode

    port = server.server_address[1]
    h = {"Content-Type": "application/x-www-form-urlencoded",
         "Origin": f"http://127.0.0.1:{port}"}
    if json_answer:
        h["Accept"] = "application/json"
    h.update(headers or {})
    h = {k: v for k, v in h.items() if v is not None}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", f"/p/{token}/act", body=urlencode(fields, doseq=True),
                     headers=h)
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read().decode()
    finally:
        conn.close()


def ana_to_p1(rid: str | None = "r1") -> dict:
    """Ana's first move in the table game: one RIGS from her warehouse onto P1."""
    return {"action": "move", "from": "warehouse", "to": "P1", "harvest": "energy",
            "n": "1", **({"request_id": rid} if rid else {})}


# ---------------------------------------------------------------------------- page records


def page_actions(server, token) -> list[dict]:
    """A player's ``actions.json`` list."""
    import json

    return json.loads(get(server, f"/p/{token}/actions.json")[2])["actions"]


def saved_game(path, tables):
    """The game in the file at ``path``."""
    from rigs_helper.store import session

    return session.load(path, tables).game


def hand_titles(path, tables, name) -> list[str]:
    return [tables.karma_card(k).title for k in saved_game(path, tables).player(name).hand]


def act_ok(server, token, **fields) -> dict:
    """POST a player's action; it is accepted (200) and its answer is returned."""
    import json

    code, _, body = post(server, token, fields)
    assert code == 200, body
    return json.loads(body)
