"""A RIG game from `rigs new --rules rig` to its end, played from two phones in a real
browser: each player's page in its own window, each decision taken with the page's own
controls as they come (the first choice each form offers)."""

from __future__ import annotations

import hashlib
import time

import pytest
from browserhelp import browser, viewport  # noqa: F401 (a fixture)
from righelp import serving

from rigs_helper.store import gamestore

pytestmark = pytest.mark.browser


@pytest.mark.slow
def test_rig_game_from_two_phones_to_the_end(browser, tmp_path, rigs):  # noqa: F811
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    path = tmp_path / "rig.toml"
    assert rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--seed", "8",
                "-g", path).exit_code == 0
    with serving(path) as (tokens, port):
        base = f"http://127.0.0.1:{port}"
        viewport(browser, 390, 844)
        windows = {}
        for name in ("Ana", "Bo"):
            if windows:
                browser.switch_to.new_window("window")
            browser.get(f"{base}/p/{tokens[name]}")
            windows[name] = browser.current_window_handle
        actions = 0
        for _ in range(400):
            st = gamestore.load(path).state
            if st.step == "over":
                break
            from rigs_helper.games.rig.legal import legal

            name = next(s.name for s in st.seats if legal(st, s.name))
            browser.switch_to.window(windows[name])
            etag = hashlib.sha256(path.read_bytes()).hexdigest()[:20]
            WebDriverWait(browser, 10, poll_frequency=0.05).until(  # the page shows the game as it is now
                lambda b: b.execute_script(
                    "return document.querySelector('main').getAttribute('data-etag')") == etag)
            answers = browser.find_element(By.TAG_NAME, "body").get_attribute(
                "data-answers") or "0"
            for _ in range(5):
                try:
                    form = browser.find_element(By.CSS_SELECTOR, "#decisions form.act")
                    button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
                    button.click()  # ("Roll for me" first where rigs may roll)
                    break
                except StaleElementReferenceException:  # the page was drawn again
                    continue
            WebDriverWait(browser, 10, poll_frequency=0.05).until(
                lambda b: (b.find_element(By.TAG_NAME, "body").get_attribute("data-answers")
                           or "0") != answers)
            box = browser.find_element(By.ID, "outcome")
            assert box.text == "Done.", box.text
            actions += 1
        st = gamestore.load(path).state
        assert st.step == "over" and actions > 10
        for name in ("Ana", "Bo"):
            browser.switch_to.window(windows[name])
            deadline = time.monotonic() + 5
            while not browser.find_elements(By.ID, "winner") and time.monotonic() < deadline:
                time.sleep(0.1)
            winner = browser.find_element(By.ID, "winner").text
            expect = (f"{st.seats[st.winner].name} wins" if st.winner is not None
                      else "a draw")
            assert winner == expect
