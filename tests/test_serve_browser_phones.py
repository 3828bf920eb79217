"""A real browser plays from phones: the board on a 1920x1080 screen and players' pages at a
phone's 390x844, open at once.  A tap on a phone acts (with JavaScript, the page updates in
place; without it, the form posts and the page comes back showing the outcome), and the
board follows by itself (how fast: benchmarks/bench_serve.py).  Screenshots of the board and a phone are written under
the test's folder (and to $RIGS_SCREENSHOTS when set)."""

from __future__ import annotations

import pytest
from browserhelp import browser, shot, viewport, wait_in_tab  # noqa: F401 (a fixture)
from servehelp import serving, table_game


#: the version of the game a page shows (the ETag of its JSON; rigs_helper/web/layout.py)
ETAG = "return document.querySelector('main').getAttribute('data-etag')"


def warehouse_on_board(driver, name: str) -> int:
    """The RIGS in ``name``'s warehouse, as the board shows them."""
    from selenium.webdriver.common.by import By

    for card in driver.find_elements(By.CSS_SELECTOR, "main .pcard"):
        if card.find_element(By.TAG_NAME, "h2").text.startswith(name):
            return int(card.find_element(By.CSS_SELECTOR, ".sub").text
                       .split(" in the warehouse")[0].split()[-1])
    raise AssertionError(f"no card for {name}")


#: (a script's start) ``warehouse(name)``: the RIGS in ``name``'s warehouse as the
#: board shows them, read in the tab (polled there: the board is drawn again meanwhile)
WAREHOUSE = """function warehouse(name){
  for (const c of document.querySelectorAll('main .pcard'))
    if (c.querySelector('h2').innerText.startsWith(name))
      return +/(\\d+) in the warehouse/.exec(c.querySelector('.sub').innerText)[1];
  throw new Error('no card for ' + name); }
"""


def tap_move(driver) -> None:
    """On a phone: open "Build & move", send the first "Move RIGS" form as it comes
    (its first choices and the least number are given already): two taps."""
    from selenium.webdriver.common.by import By

    group = driver.find_element(By.CSS_SELECTOR, 'details[data-group="Build & move"]')
    group.find_element(By.TAG_NAME, "summary").click()
    form = next(f for f in group.find_elements(By.CSS_SELECTOR, "form.act")
                if f.find_element(By.NAME, "action").get_attribute("value") == "move")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()


@pytest.mark.browser
def test_phones_act_and_the_board_follows(browser, tmp_path, tables):
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    game = table_game(tmp_path / "rigs.toml")
    shots = tmp_path / "screenshots"
    shots.mkdir()
    with serving(game, tables) as (_, base, tokens):
        viewport(browser, 1920, 1080)
        browser.get(base + "/")
        board = browser.current_window_handle
        # across the room: text scaled with the screen (rem), the round at twice the
        # body's size or more, "waiting for" at one and a half times, the chart in view
        body = browser.execute_script(
            "return parseFloat(getComputedStyle(document.body).fontSize)")
        assert body >= 19  # 1rem on a 1920x1080 screen
        for el, times in (("now", 2), ("waiting", 1.5)):
            size = browser.execute_script(
                f"return parseFloat(getComputedStyle(document.getElementById('{el}'))"
                ".fontSize)")
            assert size >= times * body, (el, size, body)
        assert browser.execute_script(
            "return document.querySelector('.chart').getBoundingClientRect().top") < 1080
        assert "Waiting for" in browser.find_element(By.ID, "waiting").text
        before = warehouse_on_board(browser, "Ana")

        phones = {}
        for name in ("Ana", "Bo"):
            browser.switch_to.new_window("tab")
            viewport(browser, 390, 844)
            browser.get(f"{base}/p/{tokens[name]}")
            assert browser.execute_script("return document.documentElement.scrollWidth") \
                <= 390
            phones[name] = browser.current_window_handle
        # Bo's phone has JavaScript off: a plain form, posted, and the page comes back
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        browser.get(f"{base}/p/{tokens['Bo']}")
        tap_move(browser)
        # the page comes back: an element found before it did goes stale
        WebDriverWait(browser, 10, poll_frequency=0.05,
                      ignored_exceptions=(StaleElementReferenceException,)
                      ).until(lambda d: "outcome good" in (
                          d.find_element(By.ID, "outcome").get_attribute("class") or ""))
        assert "?r=" in browser.current_url and "Bo moves" in browser.find_element(
            By.ID, "outcome").text
        moved = browser.execute_script(ETAG)  # the game as it is after Bo's move

        browser.switch_to.window(phones["Ana"])
        # Ana's page has followed Bo's move (its forms are new ones)
        wait_in_tab(browser, f"{ETAG} === {moved!r}")  # (polled in the tab)
        heights = browser.execute_script(  # the buttons in view (the groups are folded)
            "return [...document.querySelectorAll('form.act button, summary')]"
            ".filter(b => b.offsetParent).map(b => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= 44  # tap targets
        tap_move(browser)
        wait_in_tab(browser, "return document.getElementById('outcome').className"
                    ".includes('outcome good')")
        assert "?r=" not in browser.current_url  # updated in place, with JavaScript
        shot(browser, shots, "phone-390.png")

        browser.switch_to.window(board)
        wait_in_tab(browser, WAREHOUSE + f"return warehouse('Ana') === {before - 1}", 15)
        assert browser.find_elements(By.CSS_SELECTOR, "main .pcard mark")
        shot(browser, shots, "board-1920.png")
    assert (shots / "board-1920.png").stat().st_size > 20000
    assert (shots / "phone-390.png").stat().st_size > 10000
