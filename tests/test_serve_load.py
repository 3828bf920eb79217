"""A bounded load test on 127.0.0.1: 50 pollers for 4 s while 40 `rigs` commands write
the game file.  No error response, and every answer is one whole state of the game.  Each
poller is a phone of its own: it connects from its own loopback address (127.0.0.2, ...),
as the server holds at most a few connections per client (web/server.py)."""

from __future__ import annotations

import http.client
import json
import threading
import time

from servehelp import secret_game, serving
from typer.testing import CliRunner

POLLERS, SECONDS, COMMANDS = 50, 4.0, 40


def test_50_pollers_see_no_error_and_never_a_half_written_state(tmp_path, tables):
    from rigs_helper.cli import app

    game = secret_game(tmp_path / "rigs.toml")
    problems: list[str] = []
    seen: dict[str, int] = {}  # ETag -> Ana's credits in that state
    counts = {"200": 0, "304": 0}
    lock = threading.Lock()
    stop = threading.Event()

    with serving(game, tables) as (server, _, tokens):
        port = server.server_address[1]

        def poll(i: int) -> None:
            target = "/state.json" if i % 5 else f"/p/{tokens['Ana']}/state.json"
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                              source_address=(f"127.0.0.{2 + i}", 0))
            etag, last = None, 100
            try:
                while not stop.is_set():
                    conn.request("GET", target, headers={"If-None-Match": etag} if etag
                                 else {})
                    r = conn.getresponse()
                    body = r.read()
                    if r.status == 304:
                        with lock:
                            counts["304"] += 1
                    elif r.status == 200:
                        d = json.loads(body)  # a whole JSON document, or this raises
                        ana = d["players"][0] if "players" in d else d["player"]
                        credits = ana["credits"]
                        etag = r.getheader("ETag")
                        assert etag == f'"{d["etag"]}"' and d["error"] is None
                        assert d["round"] == 2 and 100 <= credits <= 100 + COMMANDS
                        assert credits >= last, "a state older than one already seen"
                        last = credits
                        with lock:
                            counts["200"] += 1
                            if seen.setdefault(etag, credits) != credits:
                                problems.append(f"{etag} showed two states")
                    else:
                        raise AssertionError(f"HTTP {r.status}")
                    time.sleep(0.05)
            except Exception as exc:  # noqa: BLE001 - every failure is a finding
                with lock:
                    problems.append(f"poller {i}: {type(exc).__name__}: {exc}")
            finally:
                conn.close()

        threads = [threading.Thread(target=poll, args=(i,)) for i in range(POLLERS)]
        start = time.monotonic()
        for t in threads:
            t.start()
        runner = CliRunner()
        for n in range(COMMANDS):  # spread the writes over the polling time
            r = runner.invoke(app, ["adjust", "Ana", "credits", "1", "--why", "load test",
                                    "--game", str(game)])
            assert r.exit_code == 0, r.output
            time.sleep(max(0.0, start + SECONDS * (n + 1) / COMMANDS - time.monotonic()))
        stop.set()
        for t in threads:
            t.join(30)
        assert not any(t.is_alive() for t in threads)
        final = json.loads(_get(port, "/state.json"))["players"][0]["credits"]
    print(f"load: {counts['200']} answers 200, {counts['304']} answers 304, "
          f"{len(seen)} states seen, {COMMANDS} commands")
    assert problems == []
    assert final == 100 + COMMANDS
    # it was exercised: changes were fetched whole, unchanged states answered 304 (how many
    # of each depends on the machine's load, so only that both happened)
    assert counts["200"] >= COMMANDS // 4 and counts["304"] > 0
    assert len(seen) > COMMANDS // 4  # the pollers followed the changes


def _get(port: int, target: str) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", target)
        return conn.getresponse().read().decode()
    finally:
        conn.close()
