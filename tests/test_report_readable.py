"""The report worth sharing (issue 18): after `rigs score` it opens with the winner and
`rigs score`'s figures; Vinnie figures say which they are; every Karma card played,
answers included; the price in force; an HTML page that reads on a phone, shared with the
usual file mode.  The game is the session's named scripted game (tests/named_game.py)."""

from __future__ import annotations

import json
import re
import os
from dataclasses import replace
from pathlib import Path

import pytest
from browserhelp import browser, screenshot  # noqa: F401 (a fixture)
from gameplay import play_to
from named_game import NAMES, WIDE

from rigs_helper.forecast.report import _played, market_prices
from rigs_helper.games.rigs.setup import new_game

MAXI = "Maximiliano de la Cruz"
SHOTS = Path(os.environ.get("RIGS_SCREENSHOTS")
             or Path(__file__).resolve().parents[1] / "build" / "screenshots")


def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r.stdout


def test_report_after_score_opens_with_the_winner_and_score_figures(named_game, rigs):
    path = named_game["dir"][WIDE] / "rigs.toml"
    score = json.loads(_ok(rigs("score", "--json", "--game", path)))
    rep = json.loads(_ok(rigs("report", "--json", "--game", path)))
    assert rep["final"]
    assert rep["score"]["players"] == score["players"]
    assert rep["score"]["winners"] == score["winners"]
    by_name = {p["name"]: p for p in score["players"]}
    for row in rep["players"]:  # the shortfall charged is score's Vinnie figure
        charged = sum(d["credits"] for d in row["vinnie_at_end"])
        assert charged == by_name[row["name"]]["vinnie"]
    text = [out for args, _, out, _ in named_game[80] if args == ("report",)][-1]
    winner = score["winners"][0]
    assert text.splitlines()[0].strip() == f"Winner: {winner}"
    assert "End Game values: Luxuries at" in text
    assert not re.search(r"\bWin\b|%", text)  # no forecast column once known


def test_report_html_is_shared_with_the_usual_mode_and_has_no_forecast(named_game, rigs,
                                                                       tmp_path):
    path = named_game["dir"][WIDE] / "rigs.toml"
    html = tmp_path / "report.html"
    _ok(rigs("report", "--html", html, "--game", path))
    mask = os.umask(0o022)
    os.umask(mask)
    assert html.stat().st_mode & 0o777 == 0o666 & ~mask
    page = html.read_text()
    score = json.loads(_ok(rigs("score", "--json", "--game", path)))
    assert f"Winner: {score['winners'][0]}" in page.split("<h2>")[0]
    assert "Win chance" not in page and "Vinnie at the end" in page
    from reportpage import figures

    shown = figures(page).scores
    for p in score["players"]:
        assert shown[p["name"]] == {k: v for k, v in p.items() if k != "name"}


def test_report_karma_played_counts_the_card_and_every_answer(tables):
    before = new_game(list(NAMES), 3, tables).game
    action = (f"karma play {MAXI} 'Blowout!' --target Bo --answer 'Bo=Wrong Address' "
              "--answer \"Zoë=Ain't Working for You\"")
    assert _played(action, before) == [(MAXI, "Blowout!"), ("Bo", "Wrong Address"),
                                       ("Zoë", "Ain't Working for You")]


def test_report_price_row_shows_the_price_in_force(tables):
    g = new_game(list(NAMES), 3, tables).game
    g = play_to(g, tables, 1, "market")
    drawn = market_prices(g, tables)[0][1]
    set_by_card = replace(g, market=replace(g.market, price=drawn + 7))  # Other Markets
    assert market_prices(set_by_card, tables) == [(1, drawn + 7)]
    later = play_to(set_by_card, tables, 2, "player")
    steps = [("karma play Ana 'Other Markets'", g, set_by_card),
             ("next", set_by_card, later)]
    assert market_prices(later, tables, steps) == [(1, drawn + 7)]
    assert market_prices(later, tables) == [(1, drawn)]  # without history: the card


@pytest.mark.browser
def test_report_reads_on_a_phone_and_a_laptop(named_game, rigs, tmp_path, browser):
    """Headless Chromium opens the HTML report at 390 px and 1280 px: nothing scrolls
    sideways; screenshots go to build/screenshots/ (or $RIGS_SCREENSHOTS)."""
    html = tmp_path / "report.html"
    _ok(rigs("report", "--html", html, "--game", named_game["dir"][WIDE] / "rigs.toml"))
    driver = browser
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        for width in (390, 1280):
            # a window this wide (not a phone's emulation: the page lays out at it)
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            driver.get(html.as_uri())
            inner = driver.execute_script("return window.innerWidth")
            scroll = driver.execute_script("return document.documentElement.scrollWidth")
            assert scroll <= inner, (width, scroll, inner)
            assert MAXI in driver.find_element("tag name", "body").text
            shot = SHOTS / f"report-{width}.png"
            screenshot(driver, shot)
            assert shot.stat().st_size > 10_000
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
