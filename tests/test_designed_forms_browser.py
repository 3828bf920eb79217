"""One decision, one form (issue #38), through a real browser at 390×844: each designed
form (RIGS to lose, resources to throw away or take, an owed Karma card, a die, the Market
card, the End Game record, the Land Grant as the table dealt it) is tapped on its visible,
labelled controls and the game's state changes as intended.  One browser for the module;
each game file is made at the right moment (the state set, or the CLI's commands)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from browserhelp import (  # noqa: F401 (a fixture)
    browser, screenshot, tap_words, viewport, wait_in_tab)
from clihelp import base, load, save
from gameplay import play, play_to, set_player
from servehelp import rigs, serving

pytestmark = pytest.mark.browser
PHONE = (390, 844)


@pytest.fixture
def phone(browser):
    """The test process's Chromium (a fresh tab) at a phone's size."""
    viewport(browser, *PHONE)
    return browser


def wait_for(driver, script: str, timeout: float = 10):
    return wait_in_tab(driver, script, timeout)


#: one look at a player's page (one round trip): the forms of ``#decisions``, the words
#: of the first one's labels shown, those cut (wider than their box or the screen) and
#: the height of ``#decisions``
LOOK = """
function shown(e){ return !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length)
  && getComputedStyle(e).visibility !== 'hidden'; }
var box = document.getElementById('decisions');
var forms = Array.prototype.slice.call(box.querySelectorAll('form.act'));
var labels = forms.length ? Array.prototype.slice.call(forms[0].querySelectorAll(
  'legend, label.f, .stepper > .f')).filter(shown) : [];
return {forms: forms, texts: forms.map(function(f){ return f.innerText; }),
  words: labels.map(function(x){ return x.innerText.trim(); }),
  cut: labels.filter(function(e){ return !(e.scrollWidth <= e.clientWidth + 1 &&
    e.getBoundingClientRect().right <= window.innerWidth); }).map(function(e){
    return e.innerText; }),
  height: box.getBoundingClientRect().height};
"""


def open_page(driver, base_url: str, token: str) -> list:
    """The player's page; its one decision's form (checked: labelled, no label twice,
    none cut, the page within two screens), looked at in one round trip."""
    driver.get(f"{base_url}/p/{token}")
    if os.environ.get("RIGS_SCREENSHOTS"):  # to look at them
        out = Path(os.environ["RIGS_SCREENSHOTS"])
        out.mkdir(parents=True, exist_ok=True)
        test = os.environ.get("PYTEST_CURRENT_TEST", "form").split("::")[-1].split(" ")[0]
        screenshot(driver, out / f"{test}-{token[:4]}.png")
    look = driver.execute_script(LOOK)
    assert len(look["forms"]) == 1, look["texts"]  # one decision, one form
    words = look["words"]
    assert all(words) and len(set(words)) == len(words), words
    assert look["cut"] == [], look["cut"]  # no label cut
    assert look["height"] <= 2 * PHONE[1]  # the decision fits two screens
    return look["forms"]


def tap(driver, element) -> None:
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def tap_text(driver, text: str, css: str = "#decisions button, #decisions label"):
    """Tap the control shown with these words (found in the tab: one round trip, where
    asking each control whether it is shown and its words took two each)."""
    tap_words(driver, text, css)


def answered(driver) -> str:
    """The outcome shown for the page's first answer (its class and words), waited for
    in the tab."""
    return wait_for(driver, "var o = document.getElementById('outcome');"
                    "return +(document.body.getAttribute('data-answers') || 0) > 0 &&"
                    " o.className + ' ' + o.innerText")


def table_game(tables):
    return replace(base(tables), cards="table")


def test_lose_rigs_from_a_plot_in_two_taps(phone, tmp_path, tables):
    g = table_game(tables)
    plots = tuple(p if p.id != "P25" else replace(p, rigs=3, harvest="metal")
                  for p in g.player("Ana").plots)
    path = save(tmp_path, set_player(g, "Ana", plots=plots, must_lose_rigs=2,
                                     warehouse_rigs=5), tables)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens["Ana"])[0]
        assert "Where they go from" in form.text and "RIGS you lose there" in form.text
        tap_text(phone, next(x for x in form.text.splitlines() if x.startswith("P25")))
        tap_text(phone, "Lose them")
        assert "good" in answered(phone)
    a = load(path, tables).player("Ana")
    assert (a.plot("P25").rigs, a.warehouse_rigs, a.must_lose_rigs) == (1, 5, 0)


def test_throw_away_every_resource_held_in_one_tap(phone, tmp_path, tables):
    path = save(tmp_path, set_player(table_game(tables), "Ana", must_discard=3, energy=1,
                                     metal=2, supplies=0, luxuries=0), tables)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens["Ana"])[0]
        assert "Energy to throw away" in form.text
        tap_text(phone, "Throw them away")
        assert "good" in answered(phone)
    a = load(path, tables).player("Ana")
    assert (a.energy, a.metal, a.must_discard) == (0, 0, 0)


def test_throw_away_what_is_owed_from_one_resource_in_one_tap(phone, tmp_path, tables):
    path = save(tmp_path, set_player(table_game(tables), "Ana", must_discard=3, energy=1,
                                     metal=5, supplies=0, luxuries=0), tables)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens["Ana"])[0]
        assert "Throw away 3 Energy" not in form.text  # (1 Energy held)
        tap_text(phone, "Throw away 3 Metal")
        assert "good" in answered(phone)
    a = load(path, tables).player("Ana")
    assert (a.energy, a.metal, a.must_discard) == (1, 2, 0)


def test_take_resources_with_the_steppers(phone, tmp_path, tables):
    from selenium.webdriver.common.by import By

    g = table_game(tables)
    path = save(tmp_path, set_player(g, "Ana", may_take=2), tables)
    before = g.player("Ana").metal
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens["Ana"])[0]
        row = next(s for s in form.find_elements(By.CSS_SELECTOR, ".stepper")
                   if s.text.startswith("Metal to take"))
        more = row.find_element(By.CSS_SELECTOR, "button[aria-label=more]")
        tap(phone, more)
        tap(phone, more)
        tap_text(phone, "Take them")
        assert "good" in answered(phone)
    a = load(path, tables).player("Ana")
    assert (a.metal, a.may_take) == (before + 2, 0)


def test_owed_karma_cards_recorded_in_one_form_or_drawn_for_us(phone, tmp_path, tables):
    """Several owed Karma cards: one form, a list per card drawn (the first needed, the
    others recorded later), and "Draw them for us" for every one left."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    g = table_game(tables)
    path = save(tmp_path, set_player(g, "Ana", owed_karma=3), tables)
    held = len(g.player("Ana").hand)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens["Ana"])[0]
        assert "Record the 3 Karma cards you drew" in phone.find_element(
            By.ID, "decisions").text
        lists = form.find_elements(By.CSS_SELECTOR, "select[name=card]")
        assert len(lists) == 3 and [s.get_attribute("required") for s in lists] == [
            "true", None, None]
        pick = Select(lists[0])
        title = pick.options[1].text
        pick.select_by_index(1)
        tap_text(phone, "Record them")
        assert "good" in answered(phone)
        assert load(path, tables).player("Ana").owed_karma == 2
        form = open_page(phone, url, tokens["Ana"])[0]
        assert len(form.find_elements(By.CSS_SELECTOR, "select[name=card]")) == 2
        tap_text(phone, "Draw them for us")
        assert "good" in answered(phone)
    a = load(path, tables).player("Ana")
    assert (a.owed_karma, len(a.hand)) == (0, held + 3)
    assert title in [tables.karma_card(k).title for k in a.hand]


def test_a_die_for_expedition_leader_is_one_tap(phone, tmp_path, tables):
    g = replace(table_game(tables), dice="table")
    g = replace(g, waits=replace(g.waits, rolloff=(("Ana", 0), ("Bo", 0))))
    path = save(tmp_path, g, tables)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens["Ana"])[0]
        assert "What did you roll?" in form.text and "Roll it for us" not in form.text
        tap_text(phone, "5")
        assert "good" in answered(phone)
    assert dict(load(path, tables).waits.rolloff)["Ana"] == 5


def test_the_market_card_is_one_tap_for_the_leader(phone, tmp_path, tables):
    g = play_to(table_game(tables), tables, 1, "production")
    g = replace(g, last_call=True, done=tuple(p.name for p in g.players))
    path = save(tmp_path, g, tables)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens[g.leader])[0]
        assert "The Market card you drew" in form.text and "Draw it for us" in form.text
        kind = form.text.split("The Market card you drew", 1)[1].split()[0]
        tap_text(phone, kind)
        assert "good" in answered(phone)
    after = load(path, tables)
    assert after.phase == "market" and len(after.market.drawn) == len(g.market.drawn) + 1
    from rigs_helper.games.rigs.market import category_of

    assert tables.market[category_of(tables, after.market.drawn[-1])[0]].name == kind


@pytest.mark.parametrize("dice", ["rigs", "table"])
def test_end_game_record_in_at_most_ten_taps(dice, phone, tmp_path, tables):
    """The End Game cards as the table draws them (the End Game deck's top cards, in the
    rules' order), a die each where the table rolls: a tap per plot type and per die,
    and one to send.  A value chosen more often than the deck holds it is a rule the page
    shows, its button waiting (a "2" for every type, with two 2s left, was accepted)."""
    from selenium.webdriver.common.by import By

    from rigs_helper.games.rigs.market import card_value
    from rigs_helper.games.rigs.scoring import draw_order

    for _, out in play(2, 11, tables, "table"):
        g = out.game
    g = replace(g, dice=dice)
    path = save(tmp_path, g, tables)
    drawn, at = {}, 0
    for ptype, n in draw_order(tables):
        drawn[ptype] = sorted(card_value(tables, g.market.values, i)
                              for i in g.market.end[at:at + n])
        at += n
    taps = 0
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens[g.leader])[0]
        button = next(b for b in form.find_elements(By.CSS_SELECTOR, "button[type=submit]")
                      if b.text == "Score the game")
        # each group's first choice, and the one as drawn (the plot types' cards, then
        # the dice: a 1 each), found in one round trip
        firsts, as_drawn = phone.execute_script("""
            var boxes = arguments[0].querySelectorAll('fieldset'), drawn = arguments[1];
            var firsts = [], wanted = [];
            boxes.forEach(function(box){
              var name = box.querySelector('input').name;
              var want = name in drawn ? drawn[name] : '1';
              firsts.push(box.querySelectorAll('label')[0]);
              var i = box.querySelector('input[value="' + want + '"]');
              wanted.push(i ? i.parentNode : null);
            });
            return [firsts, wanted];""", form,
            {t: ",".join(map(str, v)) for t, v in drawn.items()})
        for label in firsts[:5]:  # the lowest everywhere: more 2s than the deck holds
            tap(phone, label)
        assert not button.is_enabled() and "Cards of 2: at most" in form.text
        assert None not in as_drawn and len(as_drawn) == len(firsts)
        for label in as_drawn:
            tap(phone, label)
            taps += 1
        tap_text(phone, "Score the game")
        assert "good" in answered(phone)
    taps += 1
    assert taps <= 10
    e = load(path, tables).endgame
    assert {t: e.plot_values[t] for t in drawn} == {t: sum(v) for t, v in drawn.items()}
    if dice == "table":
        assert set(dict(e.resource_values).values()) == {1}


def test_land_grant_as_the_table_dealt_it(phone, tmp_path, tables):
    """The plots drawn at the table and recorded: the leader taps the plot they keep and
    sends (two taps); the others' lists start at the other plots, a different one each,
    and stay different when the plot kept is one of theirs."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    path = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 11, "--cards", "table",
         "--game", path)
    for _ in range(3):
        rigs("next", "--auto", "--game", path)
    rigs("next", "--game", path)
    rigs("grant", "--card", "plains", "--card", "plains", "--card", "valley", "--game",
         path)
    g = load(path, tables)
    leader, drawn = g.leader, list(g.grant)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens[leader])[0]
        labels = [x.text for x in form.find_elements(By.CSS_SELECTOR, "legend, label.f")]
        assert labels[0] == "The plot you keep" and all(
            x.startswith("The plot you handed to ") for x in labels[1:])
        # the leader's own decision waits: no "I'm done" beside it
        assert not phone.find_elements(By.CSS_SELECTOR, "#done form")
        keep = form.find_elements(By.CSS_SELECTOR, "fieldset label")
        lists = form.find_elements(By.CSS_SELECTOR, "select[name=give]")

        def given() -> dict[str, str]:
            return dict(Select(s).first_selected_option.get_attribute("value").split("=")
                        for s in lists)

        # the others' plots start different, one left; the plot kept is not guessed
        assert len(set(given().values())) == len(lists) == len(drawn) - 1
        assert not any(k.find_element(By.TAG_NAME, "input").is_selected() for k in keep)
        tap_text(phone, "Record who got which")  # the browser asks for the plot kept
        assert load(path, tables).grant == g.grant
        first = given()
        taken = next(k for k in keep if k.find_element(By.TAG_NAME, "input").get_attribute(
            "value").split("=")[1] in first.values())  # one of the others' plots
        tap(phone, taken)
        kept = taken.find_element(By.TAG_NAME, "input").get_attribute("value")
        got = given()  # kept different: the one who held it now holds the plot left
        assert sorted([kept.split("=")[1], *got.values()]) == sorted(drawn)
        tap_text(phone, "Record who got which")
        assert "good" in answered(phone)
    after = load(path, tables)
    assert not after.grant
    plots = {p.name: [x.id for x in p.plots if x.id in drawn] for p in after.players}
    assert plots[leader] == [kept.split("=")[1]]
    assert all(plots[w] == [pid] for w, pid in got.items())


def test_land_grant_recorded_from_the_page_then_dealt(phone, tmp_path, tables):
    """The table's cards: the leader's first Land Grant form is the record of the plots
    drawn (rigs' draw neither shown nor used); once made it is not offered again, and
    the deal follows: the plot kept and one tap to send."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    path = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 11, "--cards", "table", "--game", path)
    for _ in range(3):
        rigs("next", "--auto", "--game", path)
    rigs("next", "--game", path)
    g = load(path, tables)
    leader, n = g.leader, g.grant_owed or len(g.grant)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens[leader])[0]
        assert form.find_element(By.NAME, "action").get_attribute("value") == "grant"
        assert "The plot cards you drew" in form.text and "Keep" not in form.text
        lists = form.find_elements(By.CSS_SELECTOR, "select[name=card]")
        assert len(lists) == n
        for s in lists:  # the table's cards: a Plains each
            Select(s).select_by_visible_text("Plains")
        tap_text(phone, "Record the plots drawn")
        assert "good" in answered(phone)
        after = load(path, tables)
        assert len(after.grant) == n and all(
            tables.plot_deck[int(pid[1:]) - 1] == "plains" for pid in after.grant)
        form = open_page(phone, url, tokens[leader])[0]
        assert "The plot cards you drew" not in form.text  # made: not offered again
        assert "The plot you keep" in form.text
        tap(phone, form.find_elements(By.CSS_SELECTOR, "fieldset label")[0])
        tap_text(phone, "Record who got which")
        assert "good" in answered(phone)
    assert not load(path, tables).grant


def few_plots_left(tmp_path, tables):
    """A 3-player `--cards table` game at its Land Grant record, the Plot deck down to
    the three plots drawn: one Plains and two Valleys (the other plots the players')."""
    from rigs_helper.games.rigs.state import Plot

    path = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 11, "--cards", "table",
         "--game", path)
    for _ in range(3):
        rigs("next", "--auto", "--game", path)
    rigs("next", "--game", path)
    g = load(path, tables)
    assert g.grant_record == "due" and len(g.grant) == 3
    pool = list(g.grant) + list(g.plot_deck)
    kind = {pid: tables.plot_deck[int(pid[1:]) - 1] for pid in pool}
    left = [next(p for p in pool if kind[p] == "plains"),
            *[p for p in pool if kind[p] == "valley"][:2]]
    rest = [p for p in pool if p not in left]
    players = tuple(replace(p, plots=p.plots + tuple(
        Plot(pid, kind[pid]) for pid in rest[i::len(g.players)]))
        for i, p in enumerate(g.players))
    return save(tmp_path, replace(g, grant=tuple(left), plot_deck=(), players=players),
                tables, "few.toml"), g.leader


def test_land_grant_record_of_the_last_plots_each_type_at_most_as_often_as_left(
        phone, tmp_path, tables):
    """The Land Grant record where the Plot deck holds one Plains and two Valleys for the
    three plots drawn: the button waits while a type is chosen more often than left
    (three Valleys) and comes on for the cards drawn (a Plains and two Valleys), which
    are recorded.  The tapping player (tests/tapper.py) fills it so from any first
    choice: it chose again every list holding the type over its limit, so three Valleys
    swung to three Plains and back and "its button stayed disabled however filled"
    (bench_tapping mixes 1 and 13, seeds 301 and 313, whatever the number of tries)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    from tapper import WATCH

    path, leader = few_plots_left(tmp_path, tables)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens[leader])[0]
        lists = form.find_elements(By.CSS_SELECTOR, "select[name=card]")
        send = [b for b in form.find_elements(By.CSS_SELECTOR, "button")
                if b.text == "Record the plots drawn"][0]
        assert len(lists) == 3
        for s in lists:
            Select(s).select_by_value("valley")
        assert not send.is_enabled()  # "Valley: at most 2"
        Select(lists[0]).select_by_value("plains")
        assert send.is_enabled()
        phone.execute_script(WATCH)
        clear = ("document.querySelectorAll('#decisions select').forEach(function(s){"
                 "s.value = ''; s.dispatchEvent(new Event('change', {bubbles: true})); })")
        for seed in range(1, 13):  # from any first choice: the cards drawn
            phone.execute_script(clear)
            got = phone.execute_script("return window.__tapper.filled(arguments[0], 5)",
                                       seed)
            assert got is not None and sorted(got) == ["plains", "valley", "valley"], seed
        tap(phone, send)
        assert "good" in answered(phone)
    after = load(path, tables)
    assert after.grant_record == "made" and sorted(
        tables.plot_deck[int(pid[1:]) - 1] for pid in after.grant) == [
        "plains", "valley", "valley"]


def test_a_disaster_card_that_hurts_and_its_karma_card_in_three_taps(phone, tmp_path,
                                                                    tables):
    """The table's cards: the Disaster card dealt, and (shown once the card chosen hurts)
    the Karma card it makes the player draw, in one form: three taps."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    path = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 11, "--cards", "table", "--game", path)
    rigs("next", "--wait", "--game", path)
    with serving(path, tables) as (_, url, tokens):
        form = open_page(phone, url, tokens["Ana"])[0]
        karma = form.find_element(By.CSS_SELECTOR, "select[name=karma]")
        assert not karma.is_displayed()  # nothing chosen: it may not hurt
        hurts = json_list(form.find_element(By.CSS_SELECTOR, "[data-when=card]")
                          .get_attribute("data-if"))
        tap_text(phone, hurts[0])  # 1: the card dealt
        assert karma.is_displayed() and "The Karma card it makes you draw" in form.text
        title = Select(karma).options[1].text
        Select(karma).select_by_index(1)  # 2: the Karma card drawn
        tap_text(phone, "Record")  # 3
        assert "good" in answered(phone)
    a = load(path, tables).player("Ana")
    assert tables.disaster(a.disaster).title == hurts[0]
    assert title in [tables.karma_card(k).title for k in a.hand] and not a.disaster_draw


def json_list(text: str) -> list:
    import json

    return json.loads(text)


def test_an_attack_answered_and_a_deal_accepted_each_in_one_form(phone, tmp_path,
                                                                 tables):
    """Two decisions wait for Ana: Bo's I WANT THAT! (her answer: Take it, or Wrong
    Address) and Cyrus' deal (Accept or Decline in one form).  Take it and the die she
    rolled: three taps; the deal: one."""
    from pagegames import ANA, CY, attack_waiting
    from selenium.webdriver.common.by import By

    path = attack_waiting(tmp_path / "rigs.toml")
    before = load(path, tables)
    with serving(path, tables) as (_, url, tokens):
        phone.get(f"{url}/p/{tokens[ANA]}")
        box = phone.find_element(By.ID, "decisions")
        forms = box.find_elements(By.CSS_SELECTOR, "form.act")
        assert [f.find_element(By.NAME, "action").get_attribute("value")
                for f in forms] == ["answer", "deal accept"]
        assert "Your answer" in forms[0].text and "Wrong Address" in forms[0].text
        tap_text(phone, "Take it")
        assert "What did you roll?" in forms[0].text  # her die, shown once she takes it
        tap_text(phone, "2")
        tap_text(phone, "Answer")
        assert "good" in answered(phone)
        assert load(path, tables).waits.attack is None
        forms = phone.find_element(By.ID, "decisions").find_elements(By.CSS_SELECTOR,
                                                                      "form.act")
        assert [f.find_element(By.NAME, "action").get_attribute("value")
                for f in forms] == ["deal accept"]
        assert "Decline" in forms[0].text
        tap_text(phone, "Accept")
        wait_for(phone, "return +(document.body.getAttribute('data-answers') || 0) > 1")
    after = load(path, tables)
    assert after.player(ANA).credits == before.player(ANA).credits + 10
    assert after.player(CY).energy == before.player(CY).energy + 2
