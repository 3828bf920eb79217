"""A player who taps the pages as a person does (issue #38), in a real browser at 390×844.

It never reads ``actions.json``: on its own page it sees the visible, labelled controls of
``#decisions`` (what waits for it) and of the folded groups (what it may do), picks one
intention at random (answer what waits first), fills the form by tapping (a choice, a
list, a stepper left at its start) and taps the form's button.  After every tap it checks
what a person would notice:

- no 4xx/5xx answer to the app's own controls (the page's requests are watched);
- every visible field has a label, no two fields of a form share one, no label is cut;
- the decision shown equals the player's ``pending`` (rules/views.pending_entries).

Used by tests/test_tapping_player.py (the first rounds, in CI) and
benchmarks/bench_tapping.py (whole games, with taps per intention and tap-to-board
latency)."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

PHONE = (390, 844)

#: watches every request the page's script makes (installed before any page script)
WATCH = """
window.__bad = window.__bad || [];
const __fetch = window.fetch;
window.fetch = function(){
  return __fetch.apply(this, arguments).then(function(r){
    if (r.status >= 400 && r.status !== 304) window.__bad.push(r.status + ' ' + r.url);
    return r; });
};
"""

#: the visible fields of each visible form: [[label, cut], ...] per form, and the
#: fields without a label
FIELDS = """
var out = {forms: [], unlabelled: []};
function shown(e){ return !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length)
  && getComputedStyle(e).visibility !== 'hidden'; }
function label(i){
  if (i.getAttribute('aria-label')) return i.getAttribute('aria-label');
  var l = i.closest('label'); if (l) return l;
  var s = i.closest('.stepper'); if (s) return s.querySelector('.f');
  return null;
}
document.querySelectorAll('#decisions form.act, details[open] form.act').forEach(function(f){
  if (!shown(f)) return;
  var names = [], seen = {};
  f.querySelectorAll('select, input:not([type=hidden]), textarea').forEach(function(i){
    if (!shown(i) || i.disabled) return;
    var l = label(i);
    if (!l) { out.unlabelled.push(f.querySelector('[name=action]').value + ': ' + i.name);
              return; }
    if (typeof l === 'string') { names.push([l, false]); return; }
    if (i.type === 'radio' || i.type === 'checkbox') {  // a choice: its group's legend
      var fs = i.closest('fieldset'), lg = fs && fs.querySelector('legend');
      if (!lg) { out.unlabelled.push(i.name); return; }
      if (seen[i.name]) return; seen[i.name] = 1; l = lg;
    }
    var t = l.cloneNode(true); t.querySelectorAll('select,option').forEach(
      function(x){ x.remove(); });
    names.push([t.textContent.trim(), l.scrollWidth > l.clientWidth + 1]);
  });
  f.querySelectorAll('button:not(.step)').forEach(function(b){
    if (shown(b)) names.push(['button: ' + b.textContent.trim(),
                              b.scrollWidth > b.clientWidth + 1]);
  });
  out.forms.push({action: f.querySelector('[name=action]').value, fields: names});
});
return out;
"""


@dataclass
class Report:
    taps: int = 0
    intentions: Counter = field(default_factory=Counter)  # kind -> how many
    taps_per: Counter = field(default_factory=Counter)  # kind -> taps in all
    bad: list[str] = field(default_factory=list)  # 4xx/5xx answers
    unlabelled: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    mismatched: list[str] = field(default_factory=list)  # shown vs pending
    refused: list[str] = field(default_factory=list)  # the page's answer said no
    stuck: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        return self.bad + self.unlabelled + self.duplicated + self.cut + self.mismatched + \
            self.refused + self.stuck


class Tapper:
    """One browser, each player's page in turn (as four phones would be)."""

    def __init__(self, driver, base: str, tokens: dict[str, str], game, tables,
                 rng: random.Random) -> None:
        from browserhelp import viewport

        self.d, self.base, self.tokens = driver, base, tokens
        self.game, self.tables, self.rng = game, tables, rng
        self.report = Report()
        self.latencies: list[float] | None = None  # tap to board (set a list to measure)
        viewport(driver, *PHONE)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})

    # ------------------------------------------------------------------ what is seen
    def state(self):
        from rigs_helper.store import session

        return session.load(self.game, self.tables).game

    def open(self, name: str) -> None:
        self.d.get(f"{self.base}/p/{self.tokens[name]}")

    def check(self, name: str, where: str) -> None:
        """What a person would notice on this page now."""
        from rigs_helper.rules.views import pending_entries

        r = self.report
        bad = self.d.execute_script("var b = window.__bad || []; window.__bad = []; "
                                    "return b;")
        r.bad += [f"{name} {where}: {b}" for b in bad]
        seen = self.d.execute_script(FIELDS)
        r.unlabelled += [f"{name} {where}: {u}" for u in seen["unlabelled"]]
        for f in seen["forms"]:
            labels = [t for t, _ in f["fields"]]
            dup = {t for t in labels if labels.count(t) > 1}
            r.duplicated += [f"{name} {where} {f['action']}: {t!r}" for t in dup]
            r.cut += [f"{name} {where} {f['action']}: {t!r}" for t, c in f["fields"] if c]
        game = self.state()
        pending = [p for p in pending_entries(game, self.tables) if p.player == name
                   and "optional" not in p.after]
        shown = self.d.execute_script(
            "return [...document.querySelectorAll('#decisions .decision h3')]"
            ".map(h => h.textContent)")
        if bool(shown) != bool(pending) and not game.game_over:
            r.mismatched.append(f"{name} {where}: shown {shown}, pending "
                                f"{[p.words() for p in pending]}")

    # ------------------------------------------------------------------ tapping
    def tap(self, element) -> None:
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        self.report.taps += 1

    def board_etag(self) -> str:
        import urllib.request

        with urllib.request.urlopen(f"{self.base}/state.json", timeout=10) as r:
            return r.headers.get("ETag") or ""

    def board_sees(self, etag: str, t0: float) -> None:
        """Seconds from the tap (``t0``) until the board's state carries the change."""
        if self.latencies is None:
            return
        while time.monotonic() - t0 < 10:
            if self.board_etag() != etag:
                self.latencies.append(time.monotonic() - t0)
                return
            time.sleep(0.01)

    def answered(self, before: int) -> bool:
        from selenium.webdriver.support.ui import WebDriverWait

        try:
            WebDriverWait(self.d, 20, poll_frequency=0.03).until(lambda d: d.execute_script(
                "return +(document.body.getAttribute('data-answers') || 0)") > before)
        except Exception:  # noqa: BLE001 - counted: the page never answered
            return False
        return True

    def fill(self, form) -> int:
        """Tap what a person taps to fill ``form`` (a choice, a list left blank when it
        may be); the number of taps."""
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        n = 0
        groups: dict[str, list] = {}
        for i in form.find_elements(By.CSS_SELECTOR, "input[type=radio]"):
            if i.is_displayed() and i.is_enabled():
                groups.setdefault(i.get_attribute("name"), []).append(i)
        for radios in groups.values():
            if not any(x.is_selected() for x in radios):
                self.tap(self.rng.choice(radios).find_element(By.XPATH, ".."))
                n += 1
        for s in form.find_elements(By.TAG_NAME, "select"):
            if not (s.is_displayed() and s.is_enabled()):
                continue
            opts = [o for o in s.find_elements(By.TAG_NAME, "option") if o.get_attribute(
                "value")]
            if opts and (s.get_attribute("required") or self.rng.random() < 0.5):
                self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", s)
                Select(s).select_by_value(self.rng.choice(opts).get_attribute("value"))
                n += 1
                self.report.taps += 1
        for i in form.find_elements(By.CSS_SELECTOR, "input[type=number]"):
            if not (i.is_displayed() and i.is_enabled()) or "roll" not in (
                    i.find_element(By.XPATH, "../..").text.lower()):
                continue
            plus = i.find_element(By.XPATH, "../button[@data-d='1']")
            for _ in range(self.rng.randrange(6)):  # the die the table rolled
                self.tap(plus)
                n += 1
        for box in form.find_elements(By.CSS_SELECTOR, "p.rule.warn"):  # a sum not met
            plus = [b for b in form.find_elements(By.CSS_SELECTOR, "button.step[data-d='1']")
                    if b.is_displayed() and b.is_enabled()]
            for _ in range(6):
                if "warn" not in box.get_attribute("class") or not plus:
                    break
                self.tap(self.rng.choice(plus))
                n += 1
        return n

    def act(self, name: str) -> str | None:
        """One intention of ``name``'s: answer what waits for them, else something of the
        groups now and then, else "I'm done"; the kind of intention, or None."""
        from selenium.webdriver.common.by import By

        self.open(name)
        self.check(name, "on opening")
        before = int(self.d.execute_script(
            "return +(document.body.getAttribute('data-answers') || 0)"))
        decisions = [f for f in self.d.find_elements(By.CSS_SELECTOR, "#decisions form.act")
                     if f.is_displayed()]
        etag = self.board_etag() if self.latencies is not None else ""
        t0 = [0.0]
        tap = self.tap

        def last(element) -> None:  # the tap that sends the form: timed
            t0[0] = time.monotonic()
            tap(element)
        taps0 = self.report.taps
        if decisions:
            form = decisions[0]
            kind = form.find_element(By.NAME, "action").get_attribute("value")
            quick = [b for b in form.find_elements(By.CSS_SELECTOR, "button.quick")
                     if b.is_displayed() and b.get_attribute("value") == "virtual"]
            if quick and self.rng.random() < 0.5:
                last(quick[0])
            else:
                self.fill(form)
                last(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        else:
            groups = self.d.find_elements(By.CSS_SELECTOR, "details.group[data-group]")
            plain = [g for g in groups if g.get_attribute("data-group") in (
                "Build & move", "Survey", "Sell Luxuries", "Deals")]
            done = self.d.find_elements(By.CSS_SELECTOR, "#done form.act button")
            if plain and (not done or self.rng.random() < 0.3):
                g = self.rng.choice(plain)
                if not g.get_attribute("open"):
                    self.tap(g.find_element(By.TAG_NAME, "summary"))
                fs = [f for f in g.find_elements(By.CSS_SELECTOR, "form.act")
                      if f.is_displayed()]
                if not fs:
                    return None
                form = self.rng.choice(fs)
                kind = form.find_element(By.NAME, "action").get_attribute("value")
                self.check(name, f"filling {kind}")
                self.fill(form)
                button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
                if not button.is_enabled():
                    return None
                last(button)
            elif done:
                kind = "done"
                last(done[0])
            else:
                return None
        if not self.answered(before):
            self.report.stuck.append(f"{name}: no answer to {kind}")
            return kind
        box = self.d.find_element(By.ID, "outcome")
        if "good" in (box.get_attribute("class") or ""):
            self.board_sees(etag, t0[0])
        if "bad" in (box.get_attribute("class") or "") and kind not in (
                "move", "build", "survey", "sell", "deal propose", "give"):
            self.report.refused.append(f"{name} {kind}: {box.text}")
        self.report.intentions[kind] += 1
        self.report.taps_per[kind] += self.report.taps - taps0
        self.check(name, f"after {kind}")
        return kind

    def play(self, until_round: int, max_taps: int = 2000) -> Report:
        """Taps until the round ``until_round`` begins (or the game is scored)."""
        names = list(self.tokens)
        idle = 0
        while self.report.taps < max_taps:
            g = self.state()
            if g.game_over and g.endgame.plot_values or g.round >= until_round:
                break
            from rigs_helper.rules.views import pending_entries

            waiting = [p.player for p in pending_entries(g, self.tables)
                       if "optional" not in p.after]
            todo = [n for n in names if n in waiting] or \
                [n for n in names if n.lower() not in {d.lower() for d in g.done}] or names
            kind = self.act(self.rng.choice(todo))
            idle = idle + 1 if kind is None else 0
            if idle > 3 * len(names):
                self.report.stuck.append(f"round {g.round} {g.phase}: nobody can act")
                break
        return self.report


__all__ = ["PHONE", "Report", "Tapper"]
