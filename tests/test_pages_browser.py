"""Issue 28 in a real browser: a phone's page (390×844) and the board on a TV
(1920×1080), four players whose names are 24 characters long.

- Round 1: each player's page is at most two screens tall, with ``#decisions`` and
  ``#done`` on the first; an attack waiting for Ana is the first thing on her page.
- Taps: a move, a survey and a sale take at most three each (counted as clicks).
- The board never scrolls, from round 1 to the final scores.
- A hostile player name runs nothing.
Screenshots of the board and the phones are written under the test's folder (and to
$RIGS_SCREENSHOTS when set: docs/ takes its pictures from there)."""

from __future__ import annotations

import pagegames
import pytest
from browserhelp import browser, shot, viewport, wait_in_tab  # noqa: F401 (a fixture)
from pagegames import ANA, LONG
from servehelp import serving

pytestmark = pytest.mark.browser
PHONE, TV = (390, 844), (1920, 1080)


def rect(driver, css: str) -> dict:
    return driver.execute_script(
        "var r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return {top: r.top, bottom: r.bottom, height: r.height};", css)


def page_size(driver) -> tuple[int, int]:
    return tuple(driver.execute_script(
        "return [document.documentElement.scrollWidth, "
        "document.documentElement.scrollHeight]"))


class Taps:
    """Clicks as a player's taps: the element scrolled into view (no tap), then clicked."""

    def __init__(self, driver) -> None:
        self.driver, self.n = driver, 0

    def __call__(self, element) -> None:
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})",
                                   element)
        element.click()
        self.n += 1


def outcome(driver) -> str:
    return wait_in_tab(driver, "var o = document.getElementById('outcome');"
                       "return o && !o.hidden ? o.className : null")


def test_round_one_each_phone_is_two_screens_at_most_decisions_and_done_first(
        browser, tmp_path, tables):
    game = pagegames.round_one(tmp_path / "rigs.toml")
    with serving(game, tables) as (_, base, tokens):
        viewport(browser, *PHONE)
        for name in LONG:
            browser.get(f"{base}/p/{tokens[name]}")
            width, height = page_size(browser)
            assert width <= PHONE[0] and height <= 2 * PHONE[1], (name, width, height)
            decisions, done = rect(browser, "#decisions"), rect(browser, "#done")
            assert 0 <= decisions["top"] and decisions["bottom"] <= PHONE[1], name
            assert 0 <= done["top"] and done["bottom"] <= PHONE[1], name
            browser.execute_script("window.scrollTo(0, document.body.scrollHeight)")
            assert rect(browser, "#done")["bottom"] <= PHONE[1]  # always in reach
            if name == ANA:
                browser.execute_script("window.scrollTo(0, 0)")
                shot(browser, tmp_path, "phone-round1.png")


def test_an_attack_waiting_for_ana_is_the_first_thing_on_her_page(browser, tmp_path,
                                                                 tables):
    from selenium.webdriver.common.by import By

    game = pagegames.attack_waiting(tmp_path / "rigs.toml")
    with serving(game, tables) as (_, base, tokens):
        viewport(browser, *PHONE)
        browser.get(f"{base}/p/{tokens[ANA]}")
        assert page_size(browser)[1] <= 2 * PHONE[1]
        first = browser.execute_script(  # the first part of the page under her name
            "return [...document.querySelector('main').children]"
            ".find(e => !e.hidden && e.tagName !== 'HEADER').id")
        assert first == "decisions"
        form = browser.find_element(By.CSS_SELECTOR, "#decisions form.act")
        assert form.find_element(By.NAME, "action").get_attribute("value") == "answer"
        assert rect(browser, "#decisions form.act button[type=submit]")["bottom"] < \
            PHONE[1] / 2
        assert "plays I WANT THAT!" in browser.find_element(By.ID, "decisions").text
        shot(browser, tmp_path, "phone.png")
        viewport(browser, *TV)
        browser.get(base + "/")
        chips = browser.find_element(By.ID, "waiting").text
        assert f"{ANA} — answer to I WANT THAT!" in chips
        shot(browser, tmp_path, "board-attack.png")


def test_a_move_a_survey_and_a_sale_take_three_taps_at_most(browser, tmp_path, tables):
    from selenium.webdriver.common.by import By

    from rigs_helper.store import session

    def group(title: str):
        return browser.find_element(By.CSS_SELECTOR, f'details[data-group="{title}"]')

    def send(box, action: str, tap: Taps) -> None:
        form = next(f for f in box.find_elements(By.CSS_SELECTOR, "form.act")
                    if f.find_element(By.NAME, "action").get_attribute("value") == action)
        tap(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))

    game = pagegames.round_one(tmp_path / "rigs.toml")
    market = pagegames.market_phase(tmp_path / "market.toml")
    with serving(game, tables) as (_, base, tokens):
        viewport(browser, *PHONE)
        browser.get(f"{base}/p/{tokens[ANA]}")
        for title, action in (("Build & move", "move"), ("Survey", "survey")):
            tap = Taps(browser)
            tap(group(title).find_element(By.TAG_NAME, "summary"))
            send(group(title), action, tap)
            assert "good" in outcome(browser) and tap.n <= 3, (action, tap.n)
            browser.get(f"{base}/p/{tokens[ANA]}")
    p = session.load(game, tables).game.player(ANA)
    assert p.warehouse_rigs == 4 and [x.survey is not None for x in p.plots].count(True) == 1
    with serving(market, tables) as (_, base, tokens):
        browser.get(f"{base}/p/{tokens[ANA]}")
        tap = Taps(browser)
        box = group("Sell Luxuries")  # open in the Market Phase
        tap(box.find_element(By.XPATH, ".//input[@value='all']/.."))  # "All", then send
        send(box, "sell", tap)
        assert "good" in outcome(browser) and tap.n <= 3
    assert session.load(market, tables).game.player(ANA).luxuries == 0


@pytest.mark.parametrize("scene", ["round_one", "attack_waiting", "disaster_phase",
                                   "production_phase", "market_phase", "final_scores"])
def test_the_board_fits_a_tv_without_scrolling(scene, browser, tmp_path, tables):
    from selenium.webdriver.common.by import By

    game = getattr(pagegames, scene)(tmp_path / "rigs.toml")
    with serving(game, tables) as (_, base, tokens):
        viewport(browser, *TV)
        browser.get(base + "/")
        wait_in_tab(browser, "return !document.querySelector('main').dataset.etag"  # the
                    ".endsWith('~more')", 30)  # odds and the chart, made in the background
        assert page_size(browser) <= TV, scene
        cards = browser.find_elements(By.CSS_SELECTOR, ".pcard")
        assert len(cards) == 4
        for card in cards:
            r = card.rect
            assert r["y"] + r["height"] <= TV[1] and card.find_element(
                By.TAG_NAME, "h2").text.split(" ★")[0] in LONG
        if scene == "final_scores":
            assert browser.find_element(By.CSS_SELECTOR, "#final .winner").text
            assert len(browser.find_elements(By.CSS_SELECTOR, ".scores li")) == 4
            assert rect(browser, ".scores")["bottom"] <= TV[1]
            assert rect(browser, "#bgstats")["bottom"] <= TV[1]  # the group's history
        else:
            assert rect(browser, "#standings")["bottom"] <= TV[1]
        shot(browser, tmp_path, f"board-{scene}.png")
        if scene in ("disaster_phase", "production_phase"):
            viewport(browser, *PHONE)
            browser.get(f"{base}/p/{tokens[ANA]}")
            assert page_size(browser)[1] <= 2 * PHONE[1]
            if scene == "production_phase":
                assert rect(browser, "#production-plan")["top"] < PHONE[1]
            shot(browser, tmp_path, f"phone-{scene}.png")


def test_a_hostile_player_name_runs_nothing_in_a_browser(browser, tmp_path, tables):
    from selenium.common.exceptions import NoAlertPresentException

    game = pagegames.hostile(tmp_path / "rigs.toml")
    with serving(game, tables) as (_, base, tokens):
        for url in [base + "/"] + [f"{base}/p/{t}" for t in tokens.values()]:
            browser.get(url)
            assert browser.execute_script("return document.images.length") == 0, url
            assert pagegames.HOSTILE in browser.execute_script(
                "return document.querySelector('main').textContent"), url
            with pytest.raises(NoAlertPresentException):
                browser.switch_to.alert.text  # noqa: B018 - no alert opened


def _deal_form(browser, base: str, tokens: dict):
    """Ana's "propose a deal" form, its group opened, on a phone-sized page."""
    from selenium.webdriver.common.by import By

    viewport(browser, *PHONE)
    browser.get(f"{base}/p/{tokens[ANA]}")
    deals = browser.find_element(By.CSS_SELECTOR, 'details[data-group="Deals"]')
    deals.find_element(By.TAG_NAME, "summary").click()
    return next(f for f in deals.find_elements(By.CSS_SELECTOR, "form.act")
                if f.find_element(By.NAME, "action").get_attribute("value")
                == "deal propose")


def test_a_form_holds_its_button_until_its_listed_sum_is_met(browser, tmp_path, tables):
    from selenium.webdriver.common.by import By

    game = pagegames.round_one(tmp_path / "rigs.toml")
    with serving(game, tables) as (_, base, tokens):
        form = _deal_form(browser, base, tokens)
        send = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
        rule = form.find_element(By.CSS_SELECTOR, "p.rule[data-sum]")
        assert not send.is_enabled() and "warn" in rule.get_attribute("class")
        plus = form.find_element(By.XPATH, ".//input[@name='credits']/../button[@data-d='1']")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", plus)
        plus.click()  # 1 credit offered: nothing asked back yet
        assert not send.is_enabled() and "warn" not in rule.get_attribute("class")
        assert rule.find_element(By.CSS_SELECTOR, ".sum").text == "1"
        back = form.find_element(By.XPATH,
                                 ".//input[@name='for_credits']/../button[@data-d='1']")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", back)
        back.click()  # 1 credit asked back: the deal may go
        assert send.is_enabled()


def test_a_deal_of_5_credits_for_1_energy_is_3_taps_and_offers_only_the_others_own(
        browser, tmp_path, tables):
    """Issue 38: steppers start at 0 and show their bounds; "5 credits for 1 Energy" is
    +5, + and the button; the plots asked back are those of the player chosen only."""
    from selenium.webdriver.common.by import By

    game = pagegames.round_one(tmp_path / "rigs.toml")
    with serving(game, tables) as (_, base, tokens):
        form = _deal_form(browser, base, tokens)

        def tap(xpath: str) -> None:
            e = form.find_element(By.XPATH, xpath)
            browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", e)
            e.click()

        def backs() -> set[str]:
            return {b.get_attribute("value") for b in form.find_elements(
                By.CSS_SELECTOR, "input[name=for_plot]") if b.is_displayed()}
        bo_plots = backs()
        tap(f".//input[@name='to'][@value='{LONG[2]}']/..")
        cy_plots = backs()
        assert bo_plots and cy_plots and not bo_plots & cy_plots
        tap(f".//input[@name='to'][@value='{LONG[1]}']/..")
        assert backs() == bo_plots
        credits = form.find_element(By.XPATH, ".//input[@name='credits']")
        assert credits.get_attribute("value") == "0" and "0–" in form.find_element(
            By.XPATH, ".//input[@name='credits']/../..").text  # its bounds, shown
        before = browser.execute_script(
            "return +(document.body.getAttribute('data-answers') || 0)")
        tap(".//input[@name='credits']/../button[@data-d='5']")
        tap(".//input[@name='for_energy']/../button[@data-d='1']")
        tap(".//button[@type='submit']")
        wait_in_tab(browser, "return +(document.body.getAttribute('data-answers') || 0) > "
                    + str(before))
        box = browser.find_element(By.ID, "outcome")
        assert "good" in box.get_attribute("class"), box.text
        assert "5 credits" in box.text.lower() or "5 Credits" in box.text, box.text
