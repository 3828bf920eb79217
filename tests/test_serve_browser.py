"""A real browser: headless Chromium (Debian's chromium + chromium-driver, driven by
Selenium) opens the board and a player's page, a `rigs` command changes the game, and each
page shows the change within 2 s.  Screenshots of the board at a phone's 390 px and a TV's
1920 px width go to build/screenshots/ (or $RIGS_SCREENSHOTS).

Marked `browser`: skipped without Chromium outside CI, required under CI=true (see
conftest.py); `.ci/run` installs the two Debian packages."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from browserhelp import browser, screenshot, wait_in_tab  # noqa: F401 (a fixture)
from servehelp import secret_game, serving

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("RIGS_SCREENSHOTS")
             or Path(__file__).resolve().parents[1] / "build" / "screenshots")


def rigs_command(*args: str) -> None:
    """A real `rigs` command in its own process, as a player at the table runs it."""
    r = subprocess.run([sys.executable, "-m", "rigs_helper", *args], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr


def karma_count(name: str) -> str:
    """A script's expression: the Karma the board shows for ``name`` (read in the tab, as
    the page may be drawn again meanwhile: the board's forecast arriving)."""
    return ("(function(){ for (const c of document.querySelectorAll('main .pcard'))"
            f" if (c.querySelector('h2').innerText.startsWith({name!r}))"
            " return c.innerText.split('Karma ')[1].split(/\\s/)[0];"
            f" throw new Error('no section for {name}'); }})()")


@pytest.mark.browser
def test_board_and_player_page_follow_a_rigs_command_by_themselves(browser, tmp_path,
                                                                      tables):
    from selenium.webdriver.common.by import By

    game = secret_game(tmp_path / "rigs.toml")
    with serving(game, tables) as (_, base, tokens):
        browser.get(base + "/")
        assert "R.I.G.S." in browser.title and "Round 2/15" in browser.find_element(
            By.TAG_NAME, "main").text
        before = wait_in_tab(browser, "return " + karma_count("Ana"), 15)
        rigs_command("adjust", "Ana", "karma", "1", "--why", "dealt", "--game", str(game))
        wait_in_tab(browser, f"return {karma_count('Ana')} === '{int(before) + 1}'", 15)

        SHOTS.mkdir(parents=True, exist_ok=True)
        for width, height in ((390, 844), (1920, 1080)):
            # a phone's viewport (a desktop window cannot be made this narrow)
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": width, "height": height, "deviceScaleFactor": 1,
                "mobile": width < 800})
            browser.get(base + "/")
            assert browser.execute_script("return window.innerWidth") == width
            assert browser.execute_script("return document.documentElement.scrollWidth") \
                <= width  # nothing wider than the screen
            shot = SHOTS / f"board-{width}.png"
            screenshot(browser, shot)
            assert shot.stat().st_size > 5000

        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        browser.get(base + "/")
        background = browser.execute_script(
            "return getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(18, 18, 18)"  # the browser's dark mode is followed
        screenshot(browser, SHOTS / "board-390-dark.png")
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        browser.get(f"{base}/p/{tokens['Bo']}")
        cards = len(browser.find_elements(By.CSS_SELECTOR, "#hand li"))
        assert browser.find_element(By.TAG_NAME, "h1").text == "Bo"
        rigs_command("adjust", "Bo", "karma", "1", "--why", "dealt", "--game", str(game))
        wait_in_tab(browser, "return document.querySelectorAll('#hand li').length === "
                    + str(cards + 1), 15)
        assert "You drew" in browser.execute_script(  # in "Lately, for you", folded
            "return document.querySelector('main').textContent")
        screenshot(browser, SHOTS / "player-390.png")
