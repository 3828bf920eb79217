"""Issue "phones", Done when: a real browser plays a whole round with four phone-sized
pages and the board open at once (tests/roundplay.py: the Land Grant picked on the
leader's phone, RIGS built and placed, a survey, a deal proposed on one phone and accepted
on another, each player's Disaster and the hurt player's private Karma draw recorded on
their phones, an attack answered by a protection card from the victim's phone, a sale,
everyone done, each phase advancing by itself).  Bo's phone has JavaScript off.  The game
file it leaves equals the one the same commands give; screenshots of the board and a phone
are written under the test's folder (and to $RIGS_SCREENSHOTS when set)."""

from __future__ import annotations

import json

import pytest
from browserhelp import browser, shot, viewport  # noqa: F401 (a fixture)
from roundplay import NAMES, PHONES, PRIVATE_DRAW, split, start, typed
from servehelp import serving

NO_SCRIPT = "Bo"


FILL = """
var want = arguments[0];
for (const f of document.querySelectorAll('form.act')) {
  if (f.querySelector('input[name=action]').value !== want.action) continue;
  const keys = Object.keys(want).filter(k => k !== 'action');
  if (keys.length === 1) {  // a button of its own for that value ("Draw it for us")
    const q = [...f.querySelectorAll('button.quick')].find(
      b => b.name === keys[0] && b.value === want[keys[0]]);
    if (q) { q.scrollIntoView({block: 'center'}); return q; }
  }
  var ok = true;
  for (const [k, v] of Object.entries(want)) {
    if (k === 'action') continue;
    const els = [...f.querySelectorAll('[name="' + CSS.escape(k) + '"]')];
    const vals = Array.isArray(v) ? v : [v];
    if (!els.length) { ok = false; break; }
    if (els[0].type === 'radio' || els[0].type === 'checkbox') {
      if (!vals.every(x => els.some(e => e.value === x))) { ok = false; break; }
    } else if (els[0].tagName === 'SELECT') {
      if (![...els[0].options].some(o => o.value === vals[0])) { ok = false; break; }
    } else if (els[0].type === 'hidden' && els[0].value !== vals[0]) {
      ok = false; break;  // a value the form fixes ("take", not "Wrong Address")
    }
  }
  if (!ok) continue;
  for (const [k, v] of Object.entries(want)) {  // fill it in as a player would
    if (k === 'action') continue;
    const els = [...f.querySelectorAll('[name="' + CSS.escape(k) + '"]')];
    const vals = Array.isArray(v) ? v : [v];
    if (els[0].type === 'radio' || els[0].type === 'checkbox') {
      els.forEach(e => { e.checked = vals.includes(e.value); });
    } else { els[0].value = vals[0]; }
  }
  const group = f.closest('details');  // a player opens the folded group first
  if (group) group.open = true;
  // as a player's own input does: the page holds the form still while it is filled in
  // (a refresh in the middle would put an empty form under the click)
  f.dispatchEvent(new Event('change', {bubbles: true}));
  const send = f.querySelector('button[type=submit]');
  send.scrollIntoView({block: 'center'});  // a player scrolls it above the "I'm done" bar
  return send;
}
return null;
"""


def find_and_fill(driver, form: dict):
    """The send button of the form on this page for ``form``'s action that offers every
    value it gives, once filled in; None while the page offers no such form."""
    return driver.execute_script(FILL, form)


#: in a page with its scripts on: FILL tried every 10 ms in the tab until it gives the
#: button (one round trip, not one per try), null after ``arguments[1]`` ms
FILL_WAITED = """
var form = arguments[0], end = Date.now() + arguments[1], done = arguments[2];
var fill = new Function(FILL);
(function again(){
  var b = fill.call(null, form);
  if (b || Date.now() > end) return done(b || null);
  setTimeout(again, 10);
})();""".replace("FILL", json.dumps(FILL))

#: the page's answer to a form sent (its count of answers past ``arguments[0]``), then the
#: outcome shown ([class, words]), waited for in the tab; null after ``arguments[1]`` ms
ANSWER = """
var before = arguments[0], end = Date.now() + arguments[1], done = arguments[2];
(function again(){
  var o = document.getElementById('outcome');
  if (document.body.getAttribute('data-answers') !== before && o && !o.hidden)
    return done([o.className, o.textContent]);
  if (Date.now() > end) return done(null);
  setTimeout(again, 10);
})();"""


def act(driver, window: str, url: str, name: str, form: dict) -> None:
    """On ``name``'s phone: find the form (it appears once the game allows it), fill it in,
    send it, and wait for the outcome the page shows (with its scripts on, each wait is
    one round trip, polled in the tab)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    driver.switch_to.window(window)
    if name == NO_SCRIPT:
        driver.get(url)  # without JavaScript the page is as fresh as its last load
    before = driver.execute_script("return document.body.getAttribute('data-answers')") \
        if name != NO_SCRIPT else None
    for _ in range(5):
        try:
            if name == NO_SCRIPT:
                button = WebDriverWait(driver, 5, poll_frequency=0.05,
                                       ignored_exceptions=(StaleElementReferenceException,)
                                       ).until(lambda d: find_and_fill(d, form))
            else:
                button = driver.execute_async_script(FILL_WAITED, form, 5000)
                assert button is not None, (name, form, "no such form within 5 s")
            button.click()  # a real click sends it
            break
        except StaleElementReferenceException:  # the page followed the game meanwhile
            continue
    if name == NO_SCRIPT:
        WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: "?r=" in d.current_url)
        # the outcome shown (the page may follow the game meanwhile: it keeps the outcome)
        shown = WebDriverWait(driver, 5, poll_frequency=0.05,
                              ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: d.execute_script("var o = document.getElementById('outcome');"
                                       "return o.hidden ? null : [o.className, o.textContent]"))
    else:
        shown = driver.execute_async_script(ANSWER, before, 10000)
        assert shown is not None, (name, form, "no answer shown within 10 s")
    assert "good" in shown[0], (name, form, shown[1])


@pytest.mark.slow
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
            browser.switch_to.new_window("tab")
            viewport(browser, 390, 844)
            if name == NO_SCRIPT:
                browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled",
                                        {"value": True})
            urls[name] = f"{base}/p/{tokens[name]}"
            browser.get(urls[name])
            windows[name] = browser.current_window_handle
        for i, (name, form) in enumerate(PHONES):
            act(browser, windows[name], urls[name], name, form)
            if form.get("karma") == PRIVATE_DRAW:
                assert PRIVATE_DRAW in browser.execute_script(
                    "return document.getElementById('hand').textContent")
                shot(browser, shots, "phone-390.png")
        browser.switch_to.window(board)
        WebDriverWait(browser, 5, poll_frequency=0.05).until(lambda d: d.execute_script(
            "return document.getElementById('now').textContent").startswith("Round 3/15"))
        assert PRIVATE_DRAW not in browser.execute_script(
            "return document.querySelector('main').textContent")
        shot(browser, shots, "board-1920.png")
    assert (shots / "board-1920.png").stat().st_size > 20000
    assert (shots / "phone-390.png").stat().st_size > 10000
    state_p, log_p = split(game.read_text())
    state_t, log_t = split(typed(tmp_path / "typed.toml").read_text())
    assert state_p == state_t and log_p == log_t
