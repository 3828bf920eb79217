"""The win chances never hold the board back (issue #38, point 5): the quick figures ("if
the game ended now") show at once, the forecast of the end is made off the request path
and replaces them when ready (the board's long poll wakes for it), and a forecast still
being made when a newer state arrives is dropped."""

from __future__ import annotations

import re
import threading
import time

import pytest
from servehelp import get, serving, table_game

SLOW = threading.Event()  # the forecast of the end waits for this (a busy machine)
MADE: list[float] = []  # when the forecast was made


def _slow_compute(real):
    def compute(game, tables, **kw):
        tick = kw.get("tick")
        while not SLOW.wait(0.02):
            tick(0, 1)  # the board's tick: raises once a newer state arrived
        made = real(game, tables, **kw)
        MADE.append(time.monotonic())
        return made
    return compute


@pytest.fixture
def slow_server(tmp_path, tables, monkeypatch):
    """(server, game) with a forecast of the end that waits for SLOW (a busy machine)."""
    from rigs_helper.forecast import standings as fs

    SLOW.clear()
    monkeypatch.setattr(fs, "compute", _slow_compute(fs.compute))
    game = table_game(tmp_path / "rigs.toml")
    try:
        with serving(game, tables) as (server, _base, _tokens):
            yield server, game
    finally:
        SLOW.set()


def _etag(html: str) -> str:
    return re.search(r'<main data-etag="([^"]+)"', html).group(1)


def test_the_board_shows_win_chances_at_once_and_the_forecast_when_ready(slow_server):
    from rigs_helper.web import pages

    server, _game = slow_server
    code, _, html = get(server, "/")  # answered while the forecast is held back
    assert code == 200 and "Working out the odds" not in html
    assert "If it ended now: " in html  # the quick figures
    tag = _etag(html)
    assert tag.endswith(pages.MORE)
    answer: dict = {}

    def poll():
        answer["got"] = get(server, "/state.json?wait=1",
                            headers={"If-None-Match": f'"{tag}"'})
        answer["at"] = time.monotonic()
    waiter = threading.Thread(target=poll)
    waiter.start()
    time.sleep(0.3)
    assert waiter.is_alive()  # the board's long poll waits for the forecast
    SLOW.set()
    waiter.join(20)
    assert answer["got"][0] == 200 and answer["at"] - MADE[-1] < 5  # not the 25 s
    code, _, html = get(server, "/")
    assert "Expected net worth" in html and "If it ended now" not in html
    assert "%</b>" in html  # the forecast's win chances
    assert not _etag(html).endswith(pages.MORE)


def test_a_forecast_still_being_made_is_dropped_when_a_newer_state_arrives(slow_server):
    from rigs_helper.web.snapshot import Dropped

    server, game = slow_server
    get(server, "/")
    old = server.source.snapshot()
    game.write_text(game.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert server.source.snapshot() is not old
    deadline = time.monotonic() + 5
    while not old.ready("standings") and time.monotonic() < deadline:
        time.sleep(0.02)
    fut = old._cache["standings"]
    assert fut.done() and isinstance(fut.exception(), Dropped)
