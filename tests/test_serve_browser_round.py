"""Issue "phones", Done when: a real browser plays a whole round with four phone-sized
pages and the board open at once (tests/roundplay.py: the Land Grant picked on the
leader's phone, RIGS built and placed, a survey, a deal proposed on one phone and accepted
on another, each player's Disaster and the hurt player's private Karma draw recorded on
their phones, an attack answered by a protection card from the victim's phone, a sale,
everyone done, each phase advancing by itself).  Bo's phone has JavaScript off.  The game
file it leaves equals the one the same commands give; screenshots of the board and a phone
are written under the test's folder (and to $RIGS_SCREENSHOTS when set)."""

from __future__ import annotations

import pytest
from browserhelp import browser, shot, viewport  # noqa: F401 (a fixture)
from roundplay import NAMES, PHONES, PRIVATE_DRAW, split, start, typed
from servehelp import serving

NO_SCRIPT = "Bo"


def find_form(driver, form: dict):
    """The form on this page for ``form``'s action that offers every value it gives."""
    from selenium.webdriver.common.by import By

    for f in driver.find_elements(By.CSS_SELECTOR, "form.act"):
        if f.find_element(By.NAME, "action").get_attribute("value") != form["action"]:
            continue
        ok = True
        for name, value in form.items():
            if name == "action":
                continue
            fields = f.find_elements(By.NAME, name)
            kinds = {x.get_attribute("type") for x in fields}
            if not fields:
                ok = False
            elif kinds & {"radio", "checkbox"}:
                offered = {x.get_attribute("value") for x in fields}
                ok = ok and set(value if isinstance(value, list) else [value]) <= offered
            elif fields[0].tag_name == "select":
                offered = {o.get_attribute("value") for o in
                           fields[0].find_elements(By.TAG_NAME, "option")}
                ok = ok and value in offered
        if ok:
            return f
    return None


def fill_and_send(driver, f, form: dict) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    for name, value in form.items():
        if name == "action":
            continue
        fields = f.find_elements(By.NAME, name)
        if fields[0].tag_name == "select":
            Select(fields[0]).select_by_value(value)
        elif fields[0].get_attribute("type") in ("radio", "checkbox"):
            for x in fields:
                if x.get_attribute("value") in (value if isinstance(value, list) else [value]) \
                        and not x.is_selected():
                    x.click()
        else:
            fields[0].clear()
            fields[0].send_keys(value)
    f.find_element(By.TAG_NAME, "button").click()


def act(driver, window: str, url: str, name: str, form: dict) -> None:
    """On ``name``'s phone: find the form (it appears once the game allows it), fill it in,
    send it, and wait for the outcome the page shows."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.switch_to.window(window)
    if name == NO_SCRIPT:
        driver.get(url)  # without JavaScript the page is as fresh as its last load
    before = driver.execute_script("return document.body.getAttribute('data-answers')") \
        if name != NO_SCRIPT else None
    for _ in range(5):
        try:
            f = WebDriverWait(driver, 5, poll_frequency=0.05,
                              ignored_exceptions=(StaleElementReferenceException,)).until(
                lambda d: find_form(d, form))
            fill_and_send(driver, f, form)
            break
        except StaleElementReferenceException:  # the page followed the game meanwhile
            continue
    if name == NO_SCRIPT:
        WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: "?r=" in d.current_url)
    else:
        WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: d.execute_script(
            "return document.body.getAttribute('data-answers')") != before)
    # the outcome shown (the page may follow the game meanwhile: it keeps the outcome)
    shown = WebDriverWait(driver, 5, poll_frequency=0.05,
                          ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: d.execute_script("var o = document.getElementById('outcome');"
                                   "return o.hidden ? null : [o.className, o.textContent]"))
    assert "good" in shown[0], (name, form, shown[1])




@pytest.mark.browser
def test_a_whole_round_on_four_phones_and_the_board(browser, tmp_path, tables):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    game = start(tmp_path / "rigs.toml")
    shots = tmp_path / "screenshots"
    shots.mkdir()
    with serving(game, tables) as (_, base, tokens):
        browser.get(base + "/")
        board = browser.current_window_handle
        assert "Land Grant" in browser.find_element(By.ID, "waiting").text
        windows, urls = {}, {}
        for name in NAMES:
            browser.switch_to.new_window("window")
            viewport(browser, 390, 844)
            if name == NO_SCRIPT:
                browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled",
                                        {"value": True})
            urls[name] = f"{base}/p/{tokens[name]}"
            browser.get(urls[name])
            windows[name] = browser.current_window_handle
        for i, (name, form) in enumerate(PHONES):
            act(browser, windows[name], urls[name], name, form)
            if form == {"action": "karma draw", "card": PRIVATE_DRAW}:
                assert PRIVATE_DRAW in browser.find_element(By.ID, "hand").text
                shot(browser, shots, "phone-390.png")
        browser.switch_to.window(board)
        WebDriverWait(browser, 5, poll_frequency=0.05).until(
            lambda d: d.find_element(By.ID, "now").text.startswith("Round 3/15"))
        assert PRIVATE_DRAW not in browser.find_element(By.TAG_NAME, "main").text
        shot(browser, shots, "board-1920.png")
    assert (shots / "board-1920.png").stat().st_size > 20000
    assert (shots / "phone-390.png").stat().st_size > 10000
    state_p, log_p = split(game.read_text())
    state_t, log_t = split(typed(tmp_path / "typed.toml").read_text())
    assert state_p == state_t and log_p == log_t
