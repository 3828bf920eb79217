"""A RIG game from `rigs new --rules rig` to its end, played from two phones in a real
browser: each player's page in its own tab (kept open, as a phone is), each decision taken
with the page's own controls as they come (the first choice each form offers)."""

from __future__ import annotations

import hashlib
import time

import pytest
from browserhelp import browser, viewport  # noqa: F401 (a fixture)
from righelp import serving

from rigs_helper.store import gamestore

pytestmark = pytest.mark.browser

#: waited for in the tab (one round trip, polled every 10 ms there): the page shows the
#: version ``arguments[0]``; then [its answers counted, the first decision's submit
#: button], or null after ``arguments[1]`` ms
SHOWN = """
var want = arguments[0], end = Date.now() + arguments[1], done = arguments[2];
(function again(){
  var m = document.querySelector('main');
  var f = document.querySelector('#decisions form.act');
  var b = f && f.querySelector('button[type=submit]');
  if (m && m.getAttribute('data-etag') === want && b)
    return done([document.body.getAttribute('data-answers') || '0', b]);
  if (Date.now() > end) return done(null);
  setTimeout(again, 10);
})();"""

#: the page's answer to the tap (its count of answers past ``arguments[0]``): the
#: outcome's words, or null after ``arguments[1]`` ms
ANSWERED = """
var before = arguments[0], end = Date.now() + arguments[1], done = arguments[2];
(function again(){
  if ((document.body.getAttribute('data-answers') || '0') !== before) {
    var box = document.getElementById('outcome');
    return done(box ? box.innerText.trim() : '');
  }
  if (Date.now() > end) return done(null);
  setTimeout(again, 10);
})();"""


@pytest.mark.slow
def test_rig_game_from_two_phones_to_the_end(browser, tmp_path, rigs):  # noqa: F811
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    path = tmp_path / "rig.toml"
    assert rigs("new", "--rules", "rig", "-p", "Ana", "-p", "Bo", "--seed", "8",
                "-g", path).exit_code == 0
    with serving(path) as (tokens, port):
        base = f"http://127.0.0.1:{port}"
        viewport(browser, 390, 844)
        windows = {}
        for name in ("Ana", "Bo"):
            if windows:
                browser.switch_to.new_window("tab")
                viewport(browser, 390, 844)  # a tab's own, as a phone's screen is
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
            # one round trip: the page shows the game as it is now (waited for in the tab),
            # then its answers counted and the first decision's button
            found = browser.execute_async_script(SHOWN, etag, 10000)
            assert found is not None, f"{name}'s page never showed version {etag}"
            answers, button = found
            try:
                button.click()  # ("Roll for me" first where rigs may roll)
            except StaleElementReferenceException:  # the page was drawn again
                answers, button = browser.execute_async_script(SHOWN, etag, 10000)
                button.click()
            said = browser.execute_async_script(ANSWERED, answers, 10000)
            assert said == "Done.", said
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
