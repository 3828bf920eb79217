"""A player who taps the pages as a person does (issue #38), in a real browser at 390×844.

It never reads ``actions.json``: on its own page it sees the visible, labelled controls of
``#decisions`` (what waits for it) and of the folded groups (what it may do), picks one
intention at random (answer what waits first), fills the form by tapping (a choice, a
list, a stepper left at its start) and taps the form's button.  After every tap it checks
what a person would notice:

- no 4xx/5xx answer to the app's own controls (the page's requests are watched);
- every visible field has a label, no two fields of a form share one, no label is cut;
- the decision shown equals the player's ``pending`` (rules/views.pending_entries);
- the decision shown fits two screens (``#decisions`` at most 2 × 844 px high).

Each player's page is a tab of its own, kept open as a phone is (the pages update
themselves by their long poll; no reload between taps), and with ``board=True`` the
board (1920×1080) is one more: from the tap that sends a form, the time until each other
tab shows the new state is measured (``latencies``: "board" and "phones").

Used by tests/test_tapping_player.py (the first rounds, in CI) and
benchmarks/bench_tapping.py (whole games, with taps per intention and tap-to-board and
tap-to-other-phones latency)."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field

PHONE = (390, 844)

BOARD = (1920, 1080)

#: watches every request the page's script makes (installed before any page script), the
#: versions of the game it shows and when (``__swaps``) and when a form was sent
WATCH = """
window.__bad = window.__bad || [];
window.__swaps = [];
document.addEventListener('DOMContentLoaded', function(){
  function note(){ var m = document.querySelector('main');
    if (m) window.__swaps.push([m.getAttribute('data-etag'), Date.now()]); }
  note();
  new MutationObserver(note).observe(document.body, {childList: true});
  document.addEventListener('submit', function(){ window.__sent = Date.now(); }, true);
});
const __fetch = window.fetch;
window.fetch = function(){
  return __fetch.apply(this, arguments).then(function(r){
    if (r.status >= 400 && r.status !== 304) window.__bad.push(r.status + ' ' + r.url);
    return r; });
};
"""

#: what the tab shows, in one look: the visible fields of each visible form ([[label,
#: cut], ...] per form) and the fields without a label; the version shown, when it
#: showed each (since the last look), the 4xx/5xx answers, the decisions' titles
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
var m = document.querySelector('main');
out.etag = ((m && m.getAttribute('data-etag')) || '').split('~')[0];
out.swaps = window.__swaps || []; window.__swaps = out.swaps.slice(-3);
out.bad = window.__bad || []; window.__bad = [];
out.shown = [...document.querySelectorAll('#decisions .decision h3')].map(
  h => h.textContent);
var dec = document.getElementById('decisions');
out.tall = dec && shown(dec) ? dec.getBoundingClientRect().height : 0;
out.answers = +(document.body.getAttribute('data-answers') || 0);
out.sent = window.__sent || 0;
var box = document.getElementById('outcome');
out.outcome = !box || box.hidden ? '' : box.classList.contains('good') ? 'good' :
  box.classList.contains('bad') ? 'bad' : '';
out.said = box ? box.textContent.trim() : '';
return out;
"""


@dataclass
class Report:
    taps: int = 0
    intentions: Counter = field(default_factory=Counter)  # kind -> how many
    taps_per: Counter = field(default_factory=Counter)  # kind -> taps in all
    each: dict[str, list[int]] = field(default_factory=dict)  # kind -> taps of each one
    bad: list[str] = field(default_factory=list)  # 4xx/5xx answers
    unlabelled: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    mismatched: list[str] = field(default_factory=list)  # shown vs pending
    refused: list[str] = field(default_factory=list)  # the page's answer said no
    stuck: list[str] = field(default_factory=list)
    tall: list[str] = field(default_factory=list)  # a decision over two screens

    def problems(self) -> list[str]:
        return self.bad + self.unlabelled + self.duplicated + self.cut + self.mismatched + \
            self.refused + self.stuck + self.tall


class Tapper:
    """One browser, a tab per player's page (as four phones would be) and, with
    ``board``, one for the board."""

    def __init__(self, driver, base: str, tokens: dict[str, str], game, tables,
                 rng: random.Random, board: bool = False) -> None:
        self.d, self.base, self.tokens = driver, base, tokens
        self.game, self.tables, self.rng = game, tables, rng
        self.report = Report()
        #: seconds from a tap until another tab showed its outcome, by "board"/"phones"
        self.latencies: dict[str, list[float]] = {"board": [], "phones": []}
        self._sent: list[tuple[str, int]] = []  # (version after a tap, when sent, ms)
        self._seen: dict[str, int] = {}  # tab -> events already measured there
        self.tabs: dict[str, str] = {}  # player (or "board") -> window handle
        self.here = ""
        first = driver.current_window_handle
        for name in [*tokens, *(["board"] if board else [])]:
            if self.tabs:
                driver.switch_to.new_window("tab")
            self.tabs[name] = driver.current_window_handle if self.tabs else first
            self._open(name)

    def _open(self, name: str) -> None:
        from browserhelp import viewport

        self.d.switch_to.window(self.tabs[name])
        viewport(self.d, *(BOARD if name == "board" else PHONE))
        self.d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH})
        # a browser opens at most 6 connections to one host and each tab holds one for
        # its long poll: the tabs alternate between two names of this machine, as phones
        # are each a browser of its own
        base = self.base
        if list(self.tabs).index(name) % 2:
            base = base.replace("//127.0.0.1:", "//localhost:")
        self.d.get(f"{base}/" if name == "board" else f"{base}/p/{self.tokens[name]}")
        self.here = name

    def close(self) -> None:
        """Close every tab but the first (a browser shared by several tests)."""
        handles = list(self.tabs.values())
        for h in handles[1:]:
            self.d.switch_to.window(h)
            self.d.close()
        self.d.switch_to.window(handles[0])
        self.d.get("about:blank")

    # ------------------------------------------------------------------ what is seen
    def state(self):
        from rigs_helper.store import session

        return session.load(self.game, self.tables).game

    def version(self) -> str:
        """The game file's version as the server names it (web/snapshot.py)."""
        import hashlib

        return hashlib.sha256(self.game.read_bytes()).hexdigest()[:20]

    def look(self) -> dict:
        """One look at the current tab (one round trip to the browser): its 4xx/5xx
        answers are counted and the versions it showed timed."""
        v = self.d.execute_script(FIELDS)
        self.report.bad += [f"{self.here}: {b}" for b in v["bad"]]
        self.measure(v["swaps"])
        return v

    def measure(self, swaps) -> None:
        """The times this tab showed each state sent since it was last looked at."""
        name = self.here
        done = self._seen.get(name, 0)
        for i in range(done, len(self._sent)):
            later = {e for e, _ in self._sent[i:]}
            at = [t for e, t in swaps if (e or "").split("~")[0] in later
                  and t >= self._sent[i][1]]
            if not at:
                break
            self.latencies["board" if name == "board" else "phones"].append(
                (min(at) - self._sent[i][1]) / 1000)
            done = i + 1
        self._seen[name] = done

    def visit(self, name: str, wait: bool = True) -> dict:
        """Switch to ``name``'s tab and wait until it shows the game's current state (a
        phone on the table updates itself; a page left with a form half filled does
        not, for a minute: then it is reloaded as a person would); a look at it."""
        if self.here != name:
            self.d.switch_to.window(self.tabs[name])
            self.here = name
        v = self.look()
        if not wait:
            return v
        want = self.version()
        end = time.monotonic() + 5
        while v["etag"] != want:
            if time.monotonic() > end:
                self.d.refresh()
                self._seen[name] = len(self._sent)  # not measured: reloaded by hand
                end = time.monotonic() + 30
            time.sleep(0.03)
            v = self.look()
        return v

    def check(self, name: str, where: str, v: dict, game=None) -> None:
        """What a person would notice on this page now (``v``: a look at it)."""
        from rigs_helper.rules.views import pending_entries

        r = self.report
        r.unlabelled += [f"{name} {where}: {u}" for u in v["unlabelled"]]
        for f in v["forms"]:
            labels = [t for t, _ in f["fields"]]
            dup = {t for t in labels if labels.count(t) > 1}
            r.duplicated += [f"{name} {where} {f['action']}: {t!r}" for t in dup]
            r.cut += [f"{name} {where} {f['action']}: {t!r}" for t, c in f["fields"] if c]
        if name != "board" and v.get("tall", 0) > 2 * PHONE[1]:  # fits two screens
            r.tall.append(f"{name} {where}: {v['shown']} {round(v['tall'])} px high")
        if game is None:
            return
        pending = [p for p in pending_entries(game, self.tables) if p.player == name
                   and "optional" not in p.after]
        if bool(v["shown"]) != bool(pending) and not game.game_over:
            r.mismatched.append(f"{name} {where}: shown {v['shown']}, pending "
                                f"{[p.words() for p in pending]}")

    # ------------------------------------------------------------------ tapping
    def tap(self, element) -> None:
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        self.report.taps += 1

    def sent(self, v: dict) -> None:
        """After a tap answered (``v``: a look at its tab): the new state and when its
        form was sent."""
        if v["sent"]:
            self._sent.append((self.version(), int(v["sent"])))
            self._seen[self.here] = len(self._sent)  # its own tab: not another phone

    def answered(self, before: int) -> bool:
        from selenium.webdriver.support.ui import WebDriverWait

        try:
            WebDriverWait(self.d, 20, poll_frequency=0.03).until(lambda d: d.execute_script(
                "return +(document.body.getAttribute('data-answers') || 0)") > before)
        except Exception:  # noqa: BLE001 - counted: the page never answered
            return False
        return True

    def refill(self, form) -> None:
        """Choose again in each list of ``form`` that a rule shown unmet names (as a
        person reads "Valley: at most 1" and changes a card)."""
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        for box in form.find_elements(By.CSS_SELECTOR, "p.rule.warn"):
            names = set(json.loads(box.get_attribute("data-sum") or "[]"))
            # a choice of buttons ("10 + 10" where "10: at most 3"): one that holds the
            # value counted too often, chosen again without it
            value = box.get_attribute("data-value") or ""
            groups: dict[str, list] = {}
            for i in form.find_elements(By.CSS_SELECTOR, "input[type=radio]"):
                if i.get_attribute("name") in names and i.is_displayed():
                    groups.setdefault(i.get_attribute("name"), []).append(i)
            over = [g for g in groups.values() if any(
                i.is_selected() and value in i.get_attribute("value").split(",") for i in g)]
            if over:
                other = [i for i in over[0] if value not in i.get_attribute("value").split(",")]
                if other:
                    self.tap(self.rng.choice(other).find_element(By.XPATH, ".."))
            for s in form.find_elements(By.TAG_NAME, "select"):
                if s.get_attribute("name") in names and s.is_displayed() and s.is_enabled():
                    opts = [o.get_attribute("value") for o in s.find_elements(
                        By.TAG_NAME, "option") if o.get_attribute("value")]
                    if opts:
                        Select(s).select_by_value(self.rng.choice(opts))
                        self.report.taps += 1

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
            # as a person with an intention ("5 credits for 1 Energy"): one of the fields
            # the rule names, a tap at a time until it is met
            names = set(json.loads(box.get_attribute("data-sum") or "[]"))
            for _ in range(6):
                if "warn" not in (box.get_attribute("class") or ""):
                    break
                plus = [b for b in form.find_elements(By.CSS_SELECTOR, "div.stepper")
                        if b.find_element(By.CSS_SELECTOR, "input[type=number]")
                        .get_attribute("name") in names and b.is_displayed()]
                plus = [b.find_element(By.CSS_SELECTOR, "button.step[data-d='1']")
                        for b in plus]
                ticks = [i.find_element(By.XPATH, "..") for i in form.find_elements(
                    By.CSS_SELECTOR, "input[type=checkbox]") if i.get_attribute("name")
                    in names and i.is_displayed() and i.is_enabled()
                    and not i.is_selected()]
                can = [b for b in plus if b.is_enabled()] + ticks
                if not can:
                    break
                self.tap(self.rng.choice(can))
                n += 1
        return n

    def act(self, name: str) -> str | None:
        """One intention of ``name``'s (a stale page, replaced under the tapper by its
        own long poll, is looked at again)."""
        from selenium.common.exceptions import StaleElementReferenceException

        for _ in range(3):
            try:
                return self._act(name)
            except StaleElementReferenceException:
                time.sleep(0.1)
        return None

    def _act(self, name: str) -> str | None:
        """One intention of ``name``'s: answer what waits for them, else something of the
        groups now and then, else "I'm done"; the kind of intention, or None."""
        from selenium.webdriver.common.by import By

        v = self.visit(name)
        self.check(name, "on opening", v, self.state())
        before = v["answers"]
        decisions = [f for f in self.d.find_elements(By.CSS_SELECTOR, "#decisions form.act")
                     if f.is_displayed()]
        taps0 = self.report.taps
        if decisions:
            form = decisions[0]
            kind = form.find_element(By.NAME, "action").get_attribute("value")
            quick = [b for b in form.find_elements(By.CSS_SELECTOR, "button.quick")
                     if b.is_displayed() and b.get_attribute("value") == "virtual"]
            if quick and self.rng.random() < 0.5:
                self.tap(quick[0])
            else:
                self.fill(form)
                button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
                for _ in range(5):  # a rule the page shows is not met: choose again
                    if button.is_enabled():
                        break
                    self.refill(form)
                self.tap(button)
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
                self.check(name, f"filling {kind}", self.look())
                self.fill(form)
                button = form.find_element(By.CSS_SELECTOR, "button[type=submit]")
                for _ in range(3):  # a rule the page shows is not met: choose again
                    if button.is_enabled():
                        break
                    self.refill(form)
                if not button.is_enabled():
                    self.d.refresh()  # a form given up (it would hold the page a minute)
                    return None
                self.tap(button)
            elif done:
                kind = "done"
                self.tap(done[0])
            else:
                return None
        if not self.answered(before):
            self.report.stuck.append(f"{name}: no answer to {kind}")
            return kind
        v = self.look()
        if v["outcome"] == "good":
            self.sent(v)
        if v["outcome"] == "bad" and kind not in (
                "move", "build", "survey", "sell", "deal propose", "give"):
            self.report.refused.append(f"{name} {kind}: {v['said']}")
        self.report.intentions[kind] += 1
        self.report.taps_per[kind] += self.report.taps - taps0
        self.report.each.setdefault(kind, []).append(self.report.taps - taps0)
        self.check(name, f"after {kind}", v)
        return kind

    def play(self, until_round: int, max_taps: int = 2000) -> Report:
        """Taps until the round ``until_round`` begins (or the game is scored)."""
        from rigs_helper.rules.views import pending_entries

        names = list(self.tokens)
        idle = board_at = 0
        while self.report.taps < max_taps:
            g = self.state()
            if g.game_over and g.endgame.plot_values or g.round >= until_round:
                break
            waiting = [p.player for p in pending_entries(g, self.tables)
                       if "optional" not in p.after]
            todo = [n for n in names if n in waiting] or \
                [n for n in names if n.lower() not in {d.lower() for d in g.done}] or names
            kind = self.act(self.rng.choice(todo))
            idle = idle + 1 if kind is None else 0
            if idle > 3 * len(names):
                self.report.stuck.append(f"round {g.round} {g.phase}: nobody can act")
                break
            if "board" in self.tabs and kind is not None and (
                    self.report.taps - board_at >= 8):  # the table's screen (it keeps
                board_at = self.report.taps         # the times it showed each state)
                self.visit("board", wait=False)
        if "board" in self.tabs:
            self.visit("board")
        return self.report


__all__ = ["BOARD", "PHONE", "Report", "Tapper"]
