"""One decision, one form (issue #38), through a real browser at 390×844: the Disaster
card's form and its "Draw it for us" button for 2, 3 and 4 players, each player tapping
on their own page; a form read in one phase and sent in the next changes nothing."""

from __future__ import annotations

import pytest
from browserhelp import browser, viewport, wait_in_tab  # noqa: F401 (a fixture)
from servehelp import post, rigs, serving

pytestmark = pytest.mark.browser
PHONE = (390, 844)
NAMES = ("Ana", "Bo", "Cy", "Dee")


def wait_for(driver, script: str, timeout: float = 10):
    return wait_in_tab(driver, script, timeout)  # (polled in the tab: one round trip)


def answered(driver) -> str:
    """The page's answer to the last tap (its number goes up once per answer)."""
    return wait_for(driver, "return +(document.body.getAttribute('data-answers') || 0) > 0"
                    " && document.getElementById('outcome').className")


def tap_button(driver, css: str) -> None:
    from selenium.webdriver.common.by import By

    b = driver.find_element(By.CSS_SELECTOR, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", b)
    b.click()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_it_for_us_records_the_disaster_card_for_every_player(players, browser,
                                                                 tmp_path, tables):
    from selenium.webdriver.common.by import By

    from rigs_helper.store import session

    names = NAMES[:players]
    game = tmp_path / "rigs.toml"
    rigs("new", *[x for n in names for x in ("-p", n)], "--seed", 11, "--cards", "table",
         "--game", game)
    with serving(game, tables) as (server, base, tokens):
        viewport(browser, *PHONE)
        # everyone is done, as their "I'm done" button posts it (sent here without a
        # browser: the Disaster card's form and its button are what is tapped)
        for name in names:
            code, _, body = post(server, tokens[name], {"action": "done",
                                                        "request_id": f"done-{name}"})
            assert code == 200, (name, body)
        assert session.load(game, tables).game.phase == "disaster"
        for name in names:
            browser.get(f"{base}/p/{tokens[name]}")
            box = browser.find_element(By.ID, "decisions")
            forms = box.find_elements(By.CSS_SELECTOR, "form.act")
            assert len(forms) == 1  # one decision, one form
            labels = browser.execute_script(  # the labels shown, in one round trip
                "return [...arguments[0].querySelectorAll('legend, label.f')].filter("
                "x => x.offsetWidth || x.offsetHeight || x.getClientRects().length)"
                ".map(x => x.innerText.trim())", forms[0])
            assert labels == ["Your Disaster card"]  # the Karma card only when it hurts
            assert browser.execute_script(
                "return document.documentElement.scrollHeight") <= 2 * PHONE[1]
            tap_button(browser, "#decisions button.quick")  # "Draw it for us"
            assert "good" in answered(browser), (name, browser.find_element(
                By.ID, "outcome").text)
            assert session.load(game, tables).game.player(name).disaster, name
