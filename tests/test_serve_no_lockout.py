"""No client locks others out of `rigs serve` (issue 43, point 4): a long poll of the board's
and a page's JSON, or of the pages themselves (templates/live.js), is held until the game changes (a command at the terminal wakes it within
a second) or its time runs out (304); idle connections from many addresses make way for the
board and the pages (oldest idle first, strangers before known pages); many pages polling
from one address all get their answers."""

from __future__ import annotations

import http.client
import socket
import threading
import time

from servehelp import get, rigs, secret_game, serving


def _etag(server, target):
    status, headers, _ = get(server, target)
    assert status == 200
    return headers["ETag"]


def test_a_long_poll_is_held_until_a_command_changes_the_game(tmp_path, tables):
    """The board's and a page's long polls, of their JSON and of the pages themselves (as
    the pages' script polls), held side by side (one wait and one command for all: each is
    checked held, then woken, the page answered with the new page)."""
    game = secret_game(tmp_path / "rigs.toml")
    with serving(game, tables) as (server, _, tokens):
        token = next(iter(tokens.values()))
        targets = ("/state.json", f"/p/{token}/state.json", "/", f"/p/{token}")
        tags = {target: _etag(server, target) for target in targets}
        out: dict = {target: {} for target in targets}

        def poll(target):
            started = time.monotonic()
            out[target]["answer"] = get(server, target + "?wait=1",
                                        headers={"If-None-Match": tags[target]})
            out[target]["took"] = time.monotonic() - started

        threads = [threading.Thread(target=poll, args=(t,)) for t in targets]
        for t in threads:
            t.start()
        time.sleep(1.0)
        assert all(t.is_alive() for t in threads)  # held: nothing changed
        changed = time.monotonic()
        rigs("adjust", "Ana", "credits", "1", "--why", "poll", "--game", game)
        done = time.monotonic() - changed
        for t in threads:
            t.join(10)
        for target in targets:
            status, headers, body = out[target]["answer"]
            assert status == 200 and headers["ETag"] != tags[target] and \
                body.startswith("<!doctype html>" if "." not in target else "{"), target
            # answered within a second of the change
            assert out[target]["took"] - 1.0 - done < 1.0, target


def test_a_long_poll_without_a_change_ends_in_304_and_a_stale_tag_is_answered_at_once(
        tmp_path, tables, monkeypatch):
    from rigs_helper.web import slots

    monkeypatch.setattr(slots, "WAIT_SECONDS", 0.5)
    game = secret_game(tmp_path / "rigs.toml")
    with serving(game, tables) as (server, _, _tokens):
        tag = _etag(server, "/state.json")
        started = time.monotonic()
        assert get(server, "/state.json?wait=1", headers={"If-None-Match": tag})[0] == 304
        assert 0.4 < time.monotonic() - started < 3
        started = time.monotonic()
        assert get(server, "/state.json?wait=1", headers={"If-None-Match": '"old"'})[0] == 200
        assert time.monotonic() - started < 1
        # the pages' own poll (templates/live.js asks for the page itself) likewise
        token = next(iter(_tokens.values()))
        assert get(server, f"/p/{token}?wait=1", headers={"If-None-Match": tag})[0] == 304
        status, _, body = get(server, f"/p/{token}?wait=1", headers={"If-None-Match": '"old"'})
        assert status == 200 and "<main" in body


def test_idle_connections_from_many_addresses_make_way_for_the_board_and_the_pages(
        tmp_path, tables):
    game = secret_game(tmp_path / "rigs.toml")
    with serving(game, tables) as (server, _, tokens):
        port = server.server_address[1]
        targets = ["/state.json"] + [f"/p/{t}/state.json" for t in tokens.values()]
        for target in targets:
            get(server, target)
        socks = []
        for k in range(2, 42):  # 40 addresses, 8 each: more than every slot
            for _ in range(8):
                s = socket.socket()
                s.bind((f"127.0.0.{k}", 0))
                s.connect(("127.0.0.1", port))
                socks.append(s)
        try:
            time.sleep(0.3)
            for target in targets * 2:
                started = time.monotonic()
                assert get(server, target)[0] == 200, target
                assert time.monotonic() - started < 1.0, target
            with server._reading_lock:
                assert len(server._open) <= server_limit()
        finally:
            for s in socks:
                s.close()


def server_limit() -> int:
    from rigs_helper.web.server import MAX_CONNECTIONS

    return MAX_CONNECTIONS


def test_twenty_pages_polling_from_one_address_all_get_their_answers(tmp_path, tables):
    game = secret_game(tmp_path / "rigs.toml")
    with serving(game, tables) as (server, _, tokens):
        port = server.server_address[1]
        paths = ["/state.json"] + [f"/p/{t}/state.json" for t in tokens.values()]
        failed, answered, lock = [], [], threading.Lock()

        def page(i):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            for _ in range(6):
                try:
                    conn.request("GET", paths[i % len(paths)])
                    r = conn.getresponse()
                    r.read()
                    with lock:
                        answered.append(r.status)
                except (OSError, http.client.HTTPException) as exc:
                    with lock:
                        failed.append(type(exc).__name__)
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                time.sleep(0.1)

        threads = [threading.Thread(target=page, args=(i,)) for i in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert failed == [] and answered.count(200) == 120
