"""A player who taps the pages as a person does (issue #38), in a real browser at 390×844.

It never reads ``actions.json``: on its own page it sees the visible, labelled controls of
``#decisions`` (what waits for it) and of the folded groups (what it may do), picks one
intention at random (answer what waits first), fills the form by tapping (a choice, a
list, a stepper left at its start) and taps the form's button.  It taps only what a person
could (shown, enabled, the topmost thing where it is once scrolled to: else "covered").
After every tap it checks what a person would notice:

- no 4xx/5xx answer to the app's own controls (the page's requests are watched);
- ``CHECKS``: every visible field has a label, no two fields of a form share one, no
  label is cut, the decision shown fits two screens (``#decisions`` at most 2 × 844 px
  high); a new check is one function of a look at the page;
- the decision shown equals the player's ``pending`` (games/rigs/views.pending_entries), on
  opening the page.

The taps of one intention and the looks after each run in the tab itself (WATCH's
``__tapper``, its random choices seeded from the tapper's generator): one round trip to
the browser per intention, the tab waiting for the game's current version (its own long
poll) and for the answer (the page's own count of answers), never a sleep.

Each player's page is a tab of its own, kept open as a phone is (the pages update
themselves by their long poll; no reload between taps), and with ``board=True`` the
board (1920×1080) is one more: from the tap that sends a form, the time until each other
tab shows the new state is measured (``latencies``: "board" and "phones").

Used by tests/test_tapping_player.py (the first rounds, in CI) and
benchmarks/bench_tapping.py (whole games, with taps per intention and tap-to-board and
tap-to-other-phones latency)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

PHONE = (390, 844)

BOARD = (1920, 1080)

#: installed in every tab before any page script: watches every request the page's script
#: makes, the versions of the game it shows and when (``__swaps``) and when a form was
#: sent; and the tapper's eyes and finger (``__tapper``), so that one look, or a whole
#: intention (the taps of a form and the looks after each), is one round trip to the
#: browser.  The finger taps only what a person could: a control shown, enabled, and the
#: topmost thing at its centre once scrolled into view (else it is counted as covered).
WATCH = """
window.__bad = window.__bad || [];
window.__swaps = [];
document.addEventListener('DOMContentLoaded', function(){
  function note(){ var m = document.querySelector('main');
    if (m) window.__swaps.push([m.getAttribute('data-etag'), Date.now()]); }
  note();
  // (a page put in, or one that shows the same as before taking the new version)
  new MutationObserver(note).observe(document.body, {childList: true});
  new MutationObserver(note).observe(document.body, {subtree: true,
                                                     attributeFilter: ['data-etag']});
  document.addEventListener('submit', function(){ window.__sent = Date.now(); }, true);
});
const __fetch = window.fetch;
window.fetch = function(){
  return __fetch.apply(this, arguments).then(function(r){
    if (r.status >= 400 && r.status !== 304) window.__bad.push(r.status + ' ' + r.url);
    return r; });
};
window.__tapper = (function(){
  var seed = 1, taps = 0, covered = [], looks = [];
  function R(){  // mulberry32, seeded by the tapper's own generator: a game replays
    seed = (seed + 0x6D2B79F5) | 0; var t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }
  function pick(a){ return a[Math.floor(R() * a.length)]; }
  function shown(e){ return !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length)
    && getComputedStyle(e).visibility !== 'hidden'; }
  function usable(e){ return shown(e) && !e.disabled; }
  function all(root, css){ return Array.prototype.slice.call(root.querySelectorAll(css)); }
  function label(i){
    if (i.getAttribute('aria-label')) return i.getAttribute('aria-label');
    var l = i.closest('label'); if (l) return l;
    var s = i.closest('.stepper'); if (s) return s.querySelector('.f');
    return null;
  }
  function action(f){ var a = f.querySelector('[name=action]'); return a ? a.value : '?'; }
  // the visible fields of a form: [label, cut] each (a choice: its group's legend once)
  function fields(f, out){
    var names = [], seen = {};
    all(f, 'select, input:not([type=hidden]), textarea').forEach(function(i){
      if (!shown(i) || i.disabled) return;
      var l = label(i);
      if (!l) { out.unlabelled.push(action(f) + ': ' + i.name); return; }
      if (typeof l === 'string') { names.push([l, false]); return; }
      if (i.type === 'radio' || i.type === 'checkbox') {
        var fs = i.closest('fieldset'), lg = fs && fs.querySelector('legend');
        if (!lg) { out.unlabelled.push(action(f) + ': ' + i.name); return; }
        if (seen[i.name]) return; seen[i.name] = 1; l = lg;
      }
      var t = l.cloneNode(true); t.querySelectorAll('select,option').forEach(
        function(x){ x.remove(); });
      names.push([t.textContent.trim(), l.scrollWidth > l.clientWidth + 1]);
    });
    all(f, 'button:not(.step)').forEach(function(b){
      if (shown(b)) names.push(['button: ' + b.textContent.trim(),
                                b.scrollWidth > b.clientWidth + 1]);
    });
    return names;
  }
  // one look at the tab: its forms shown (#decisions and the open groups), what each
  // field is called, the sizes (a form's height against the screen's), the version it
  // shows and when it showed each since the last look, its 4xx/5xx answers, the
  // decisions' titles, the answers counted and the outcome said
  function look(){
    var out = {forms: [], unlabelled: [], vh: window.innerHeight, vw: window.innerWidth};
    all(document, '#decisions form.act, details[open] form.act').forEach(function(f){
      if (!shown(f)) return;
      var r = f.getBoundingClientRect();
      out.forms.push({action: action(f), fields: fields(f, out), height: r.height,
                      width: r.width, decision: !!f.closest('#decisions')});
    });
    var d = document.getElementById('decisions');
    out.decisions_height = d && shown(d) ? d.getBoundingClientRect().height : 0;
    var m = document.querySelector('main');
    out.etag = ((m && m.getAttribute('data-etag')) || '').split('~')[0];
    out.swaps = window.__swaps || []; window.__swaps = out.swaps.slice(-3);
    out.bad = window.__bad || []; window.__bad = [];
    out.shown = all(document, '#decisions .decision h3').map(function(h){
      return h.textContent; });
    out.answers = answers();
    out.sent = window.__sent || 0;
    var box = document.getElementById('outcome');
    out.outcome = !box || box.hidden ? '' : box.classList.contains('good') ? 'good' :
      box.classList.contains('bad') ? 'bad' : '';
    out.said = box ? box.textContent.trim() : '';
    return out;
  }
  function answers(){ return +(document.body.getAttribute('data-answers') || 0); }
  function etag(){ var m = document.querySelector('main');
    return ((m && m.getAttribute('data-etag')) || '').split('~')[0]; }
  function Stale(){ this.stale = true; }
  // a tap: scrolled into view, it must be the topmost thing at its centre; then a look
  function tap(el){
    if (!el.isConnected) throw new Stale();
    el.scrollIntoView({block: 'center', behavior: 'instant'});
    var r = el.getBoundingClientRect();
    var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(el.contains(hit) || (el.control && el.control === hit)))
      covered.push((el.textContent || el.name || el.tagName).trim().slice(0, 60) +
                   ' under ' + (hit ? hit.tagName + (hit.id ? '#' + hit.id : '') : 'nothing'));
    el.click(); taps += 1;
    looks.push(look());
  }
  function choose(s, value){  // a list: tapped open, an entry tapped
    if (!s.isConnected) throw new Stale();
    s.scrollIntoView({block: 'center', behavior: 'instant'});
    s.value = value;
    s.dispatchEvent(new Event('input', {bubbles: true}));
    s.dispatchEvent(new Event('change', {bubbles: true}));
    taps += 1; looks.push(look());
  }
  function values(s){  // the entries a person can choose in a list
    return all(s, 'option').filter(function(o){
      return !o.disabled && !o.hidden && !(o.parentNode.disabled); }).map(function(o){
      return o.value; }).filter(Boolean); }
  function sumNames(box){ return JSON.parse(box.getAttribute('data-sum') || '[]'); }
  // what a person taps to fill a form: a choice in each group none is made in, a list
  // (left blank at times when it may be), a die the table rolled, then "+" of a field a
  // rule shown unmet names (or a tick) until it is met
  function fill(f){
    var groups = {}, order = [];
    all(f, 'input[type=radio]').forEach(function(i){
      if (!usable(i)) return;
      if (!groups[i.name]) { groups[i.name] = []; order.push(i.name); }
      groups[i.name].push(i);
    });
    order.forEach(function(n){
      if (!groups[n].some(function(x){ return x.checked; })) tap(pick(groups[n]).parentNode);
    });
    all(f, 'select').forEach(function(s){
      if (!usable(s)) return;
      var opts = values(s);
      // (a list that starts at a value, a default a person leaves: not tapped)
      if (opts.length && !s.value && (s.required || R() < 0.5)) choose(s, pick(opts));
    });
    all(f, 'input[type=number]').forEach(function(i){
      if (!usable(i) || i.parentNode.parentNode.innerText.toLowerCase().indexOf('roll') < 0)
        return;
      var plus = i.parentNode.querySelector("button[data-d='1']");
      for (var k = Math.floor(R() * 6); k > 0 && plus; k--) tap(plus);
    });
    all(f, 'p.rule.warn').forEach(function(box){
      var names = sumNames(box);
      for (var k = 0; k < 6 && box.classList.contains('warn'); k++) {
        var can = all(f, 'div.stepper').filter(function(s){
          var i = s.querySelector('input[type=number]');
          return i && names.indexOf(i.name) >= 0 && shown(s); }).map(function(s){
          return s.querySelector("button.step[data-d='1']"); }).filter(function(b){
          return b && !b.disabled; });
        all(f, 'input[type=checkbox]').forEach(function(i){
          if (names.indexOf(i.name) >= 0 && usable(i) && !i.checked) can.push(i.parentNode);
        });
        if (!can.length) break;
        tap(pick(can));
      }
    });
  }
  function refill(f){  // a list a rule shown unmet names: chosen again
    all(f, 'p.rule.warn').forEach(function(box){
      var names = sumNames(box), value = box.getAttribute('data-value') || '';
      // a choice of buttons ("10,10" where "10: at most 3"): one that holds the value
      // counted too often, chosen again without it
      if (value) {
        var groups = {};
        all(f, 'input[type=radio]').forEach(function(i){
          if (names.indexOf(i.name) >= 0 && usable(i))
            (groups[i.name] = groups[i.name] || []).push(i); });
        var over = Object.keys(groups).map(function(n){ return groups[n]; }).filter(
          function(g){ return g.some(function(i){
            return i.checked && i.value.split(',').indexOf(value) >= 0; }); });
        if (over.length) {
          var other = over[0].filter(function(i){
            return i.value.split(',').indexOf(value) < 0; });
          if (other.length) tap(pick(other).parentNode);
        }
      }
      // a list: chosen again; where the rule counts one value ("Valley: at most 2"),
      // only as many lists holding it as it is over, each for a value with room left
      // under its own rule (as the cards drawn are: every list holding it chosen again
      // swung three Valleys to three Plains and back where one Plains was left)
      var lists = all(f, 'select').filter(function(s){
        return names.indexOf(s.name) >= 0 && usable(s); });
      if (!value) {
        lists.forEach(function(s){ var o = values(s); if (o.length) choose(s, pick(o)); });
        return;
      }
      var over = lists.filter(function(s){ return s.value.split(',').indexOf(value) >= 0; });
      var extra = count(lists, value) - (+box.getAttribute('data-max'));
      while (over.length && extra > 0) {
        var s = over.splice(Math.floor(R() * over.length), 1)[0];
        var others = values(s).filter(function(v){ return v !== value; });
        var room = others.filter(function(v){ return fits(f, lists, s, v); });
        if (!(room.length || others.length)) continue;
        choose(s, pick(room.length ? room : others));
        extra = count(lists, value) - (+box.getAttribute('data-max'));
      }
    });
  }
  function count(lists, value){  // how many times the lists hold ``value``
    return lists.reduce(function(n, s){ return n + s.value.split(',').filter(
      function(x){ return x === value; }).length; }, 0);
  }
  function fits(f, lists, s, v){  // ``v`` in list ``s`` keeps each value's rule met
    return all(f, 'p.rule[data-value][data-max]').every(function(p){
      var x = p.getAttribute('data-value'), names = sumNames(p);
      var mine = lists.filter(function(l){ return names.indexOf(l.name) >= 0; });
      if (mine.indexOf(s) < 0) return true;
      var n = count(mine, x) - s.value.split(',').filter(function(y){ return y === x; }
        ).length + v.split(',').filter(function(y){ return y === x; }).length;
      return n <= +p.getAttribute('data-max');
    });
  }
  function unmet(f){  // what a form given up shows: its rules unmet, its lists' choices
    return all(f, 'p.rule.warn').map(function(p){ return p.textContent.trim(); }).concat(
      all(f, 'select').filter(usable).map(function(s){
        return s.name + '=' + s.value + ' of ' + values(s).join('|'); })).join('; ');
  }
  function button(f){
    return f.querySelector('button[type=submit]:not([formnovalidate])') ||
      f.querySelector('button[type=submit]');
  }
  // fill a form and send it (a rule the page shows unmet: lists chosen again, ``tries``
  // times); false if the button stays disabled (the form given up)
  function send(f, tries){
    var only = all(f, "button[name=_only]").filter(shown);
    if (only.length && R() < 0.5) { tap(pick(only)); return true; }
    fill(f);
    // a field answered by one tap of its buttons (the die rolled): one of them
    var taps = all(f, '.taps button[type=submit][name]').filter(function(b){
      return shown(b) && !b.disabled && b.name !== '_only'; });
    if (taps.length) { tap(pick(taps)); return true; }
    if (!ready(f, tries)) return false;
    tap(button(f)); return true;
  }
  function ready(f, tries){  // filled, its button usable (lists chosen again, ``tries``)
    var b = button(f);
    for (var k = 0; k < tries && b.disabled; k++) refill(f);
    return !b.disabled;
  }
  // the first decision filled as ``send`` fills it, not sent: the values chosen, or null
  // where its button stays disabled (a test of the filling, seeded as ``act``)
  function filled(s, tries){
    seed = s; taps = 0; covered = []; looks = [];
    var f = all(document, '#decisions form.act').filter(shown)[0];
    fill(f);
    if (!ready(f, tries)) return null;
    return all(f, 'select').filter(usable).map(function(x){ return x.value; });
  }
  // one intention on this page: answer what waits, else something of the groups now and
  // then, else "I'm done"
  function intend(){
    var decisions = all(document, '#decisions form.act').filter(shown);
    if (decisions.length) {
      var f = decisions[0];
      var quick = all(f, 'button.quick').filter(function(b){
        return shown(b) && b.value === 'virtual'; });
      if (quick.length && R() < 0.5) tap(quick[0]);
      else if (!send(f, 5)) return {unfilled: action(f), why: unmet(f)};
      return action(f);
    }
    var plain = all(document, 'details.group[data-group]').filter(function(g){
      return shown(g) && ['Build & move', 'Survey', 'Sell Luxuries', 'Deals'].indexOf(
        g.getAttribute('data-group')) >= 0; });
    var done = all(document, '#done form.act button').filter(shown);
    if (plain.length && (!done.length || R() < 0.3)) {
      var g = pick(plain);
      if (!g.open) tap(g.querySelector('summary'));
      var fs = all(g, 'form.act').filter(shown);
      if (!fs.length) return null;
      var form = pick(fs), kind = action(form);
      if (!send(form, 3)) return {gaveup: kind};
      return kind;
    }
    if (done.length) { tap(done[0]); return 'done'; }
    return null;
  }
  function until(test, ms){
    var end = Date.now() + ms;
    return new Promise(function(ok){
      (function again(){ if (test()) ok(true); else if (Date.now() > end) ok(false);
                         else setTimeout(again, 10); })();
    });
  }
  // one intention, from the page showing ``want`` (the game's version) to its answer
  function act(want, s, wait){
    seed = s; taps = 0; covered = []; looks = [];
    return until(function(){ return etag() === want; }, wait).then(function(ok){
      if (!ok) return {late: true, opening: look()};
      var opening = look(), before = answers(), kind;
      try { kind = intend(); } catch (e) {
        if (e instanceof Stale) return {stale: true, opening: opening, looks: looks};
        throw e;
      }
      var res = {opening: opening, looks: looks, taps: taps, covered: covered};
      if (kind === null || typeof kind === 'object') {
        res.kind = kind && (kind.gaveup || kind.unfilled); res.gaveup = !!kind;
        res.unfilled = !!(kind && kind.unfilled); res.why = kind && kind.why;
        return res; }
      res.kind = kind;
      return until(function(){ return answers() > before; }, 20000).then(function(ok){
        res.answered = ok; res.after = look(); return res; });
    });
  }
  function settled(want, wait){  // the page shows ``want``: a look at it
    return until(function(){ return etag() === want; }, wait).then(function(ok){
      var v = look(); v.late = !ok; return v; });
  }
  function tapped(el){ covered = []; tap(el); return covered; }  // one tap: covered?
  return {look: look, act: act, settled: settled, tapped: tapped, filled: filled};
})();
"""

def labelled(look: dict) -> list[str]:
    """Every field shown has a label."""
    return list(look["unlabelled"])


def not_duplicated(look: dict) -> list[str]:
    """No two fields of a form share a label."""
    out = []
    for f in look["forms"]:
        labels = [t for t, _ in f["fields"]]
        out += [f"{f['action']}: {t!r}" for t in sorted({t for t in labels
                                                         if labels.count(t) > 1})]
    return out


def not_cut(look: dict) -> list[str]:
    """No label (or button) is cut."""
    return [f"{f['action']}: {t!r}" for f in look["forms"] for t, cut in f["fields"] if cut]


def fits_two_screens(look: dict) -> list[str]:
    """The decision shown fits two screens (``#decisions`` at most twice the screen's
    height; a board shows none)."""
    h, vh = look.get("decisions_height", 0), look.get("vh", PHONE[1])
    return [f"the decision is {round(h)} px high ({vh} px a screen)"] if h > 2 * vh else []


#: what a person would notice on a page after any tap, each a function of one look at it
#: (``look``: WATCH's ``look()``: the forms shown with their fields' labels, whether
#: each is cut, each form's height and width, ``decisions_height``, the screen's ``vh``
#: and ``vw``) giving the problems it sees; a new check is one more entry
CHECKS = {"unlabelled": labelled, "duplicated": not_duplicated, "cut": not_cut,
          "tall": fits_two_screens}


@dataclass
class Report:
    taps: int = 0
    intentions: Counter = field(default_factory=Counter)  # kind -> how many
    taps_per: Counter = field(default_factory=Counter)  # kind -> taps in all
    each: dict[str, list[int]] = field(default_factory=dict)  # kind -> taps of each one
    bad: list[str] = field(default_factory=list)  # 4xx/5xx answers
    #: the CHECKS' findings, by the check's name
    found: dict[str, list[str]] = field(default_factory=dict)
    covered: list[str] = field(default_factory=list)  # a control tapped under another
    mismatched: list[str] = field(default_factory=list)  # shown vs pending
    refused: list[str] = field(default_factory=list)  # the page's answer said no
    stuck: list[str] = field(default_factory=list)
    #: pages that did not show a change within 5 s, reloaded by hand (not timed)
    reloaded: int = 0

    def problems(self) -> list[str]:
        return self.bad + [p for k in CHECKS for p in self.found.get(k, [])] + \
            self.covered + self.mismatched + self.refused + self.stuck


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
        driver.set_script_timeout(90)
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

    def _go(self, name: str) -> None:
        if self.here != name:  # a tab switched to only when another phone is taken up
            self.d.switch_to.window(self.tabs[name])
            self.here = name

    def seen(self, v: dict) -> dict:
        """A look at the current tab taken in: its 4xx/5xx answers counted and the
        versions it showed timed."""
        self.report.bad += [f"{self.here}: {b}" for b in v["bad"]]
        self.measure(v["swaps"])
        return v

    def look(self) -> dict:
        """One look at the current tab (one round trip to the browser)."""
        return self.seen(self.d.execute_script("return window.__tapper.look()"))

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

    def _reload(self, late: bool = True) -> None:
        """Reload the current tab, as a person would a page that stopped updating
        (``late``; else a form given up) (it is not measured: reloaded by hand)."""
        self.d.refresh()
        self._seen[self.here] = len(self._sent)
        self.report.reloaded += late

    def visit(self, name: str, wait: bool = True) -> dict:
        """Switch to ``name``'s tab and (``wait``) let it show the game's current state
        (a phone on the table updates itself; a page left with a form half filled does
        not, for a minute: then it is reloaded as a person would); a look at it, in one
        round trip (the page's own version, waited for in the tab)."""
        self._go(name)
        if not wait:
            return self.look()
        want = self.version()
        v = self.seen(self.d.execute_async_script(
            "window.__tapper.settled(arguments[0], arguments[1]).then(arguments[2])",
            want, 5000))
        if v["late"]:
            self._reload()
            v = self.seen(self.d.execute_async_script(
                "window.__tapper.settled(arguments[0], arguments[1]).then(arguments[2])",
                want, 30000))
        return v

    def check(self, name: str, where: str, v: dict, game=None,
              found: set | None = None) -> None:
        """What a person would notice on this page now (``v``: a look at it; ``game``:
        the state it should show, for the decision; ``found``: what this intention
        already noticed, not noted again)."""
        from rigs_helper.games.rigs.views import pending_entries

        r = self.report
        found = set() if found is None else found
        for kind, test in CHECKS.items():
            for p in test(v):
                if (kind, p) not in found:
                    found.add((kind, p))
                    r.found.setdefault(kind, []).append(f"{name} {where}: {p}")
        if game is None:
            return
        pending = [p for p in pending_entries(game, self.tables) if p.player == name
                   and "optional" not in p.after]
        if bool(v["shown"]) != bool(pending) and not game.game_over:
            r.mismatched.append(f"{name} {where}: shown {v['shown']}, pending "
                                f"{[p.words() for p in pending]}")

    # ------------------------------------------------------------------ tapping
    def sent(self, v: dict) -> None:
        """After a tap answered (``v``: a look at its tab): the new state and when its
        form was sent."""
        if v["sent"]:
            self._sent.append((self.version(), int(v["sent"])))
            self._seen[self.here] = len(self._sent)  # its own tab: not another phone

    def act(self, name: str, game=None) -> str | None:
        """One intention of ``name``'s (``game``: the state now, loaded if not given):
        answer what waits for them, else something of the groups now and then, else
        "I'm done"; the kind of intention, or None.  One round trip: the tab waits for
        the game's current version, the intention's taps are made in it (a look after
        each) and its answer waited for."""
        self._go(name)
        game = self.state() if game is None else game
        want = self.version()
        from selenium.common.exceptions import WebDriverException

        for attempt in range(4):
            try:
                res = self.d.execute_async_script(
                    "var done = arguments[3]; window.__tapper.act(arguments[0], arguments[1],"
                    " arguments[2]).then(done, function(e){ done({error: String(e)}); })",
                    want, self.rng.randrange(1, 2**31), 5000 if attempt < 2 else 30000)
            except WebDriverException as exc:  # the page went away under the tap (a form
                res = {"error": str(exc).splitlines()[0][:200]}  # sent without its script)
            if res.get("error"):
                self.report.stuck.append(f"{name}: the page failed under a tap: "
                                         f"{res['error']}")
                self._reload(late=False)
                return None
            self.seen(res["opening"])
            if res.get("late"):  # a page that stopped updating: reloaded by hand
                self._reload()
                continue
            if res.get("stale"):  # replaced under the finger by its own long poll
                for v in res["looks"]:
                    self.seen(v)
                continue
            return self._taken(name, game, res)
        self.report.stuck.append(f"{name}: the page never showed the game's state")
        return None

    def _taken(self, name: str, game, res: dict) -> str | None:
        """The figures and checks of one intention made in the browser (``res``)."""
        r = self.report
        found: set = set()
        self.check(name, "on opening", res["opening"], game, found)
        kind = res["kind"]
        for v in res["looks"]:
            self.check(name, f"filling {kind}", self.seen(v), found=found)
        r.taps += res["taps"]
        r.covered += [f"{name} {kind}: {c}" for c in res["covered"]]
        if res.get("unfilled"):  # what waits for them cannot be answered by taps
            r.stuck.append(f"{name}: {kind}: its button stayed disabled however filled"
                           + (f" ({res['why']})" if res.get("why") else ""))
        if res.get("gaveup"):
            self._reload(late=False)  # a form given up (it would hold the page a minute)
            return None
        if kind is None:
            return None
        if not res["answered"]:
            r.stuck.append(f"{name}: no answer to {kind}")
            return kind
        v = self.seen(res["after"])
        if v["outcome"] == "good":
            self.sent(v)
        if v["outcome"] == "bad" and kind not in (
                "move", "build", "survey", "sell", "deal propose", "give"):
            r.refused.append(f"{name} {kind}: {v['said']}")
        r.intentions[kind] += 1
        r.taps_per[kind] += res["taps"]
        r.each.setdefault(kind, []).append(res["taps"])
        self.check(name, f"after {kind}", v, found=found)
        return kind

    def play(self, until_round: int, max_taps: int = 2000,
             until: float | None = None) -> Report:
        """Taps until the round ``until_round`` begins (or the game is scored), or the
        clock (time.monotonic) reaches ``until``."""
        import time

        from rigs_helper.games.rigs.views import pending_entries

        names = list(self.tokens)
        idle = acts = 0
        while self.report.taps < max_taps and (until is None or time.monotonic() < until):
            g = self.state()
            if g.game_over and g.endgame.plot_values or g.round >= until_round:
                break
            waiting = [p.player for p in pending_entries(g, self.tables)
                       if "optional" not in p.after]
            # the game over: the End Game record is the leader's alone to make
            todo = ([g.leader] if g.game_over else []) or \
                [n for n in names if n in waiting] or \
                [n for n in names if n.lower() not in {d.lower() for d in g.done}] or names
            kind = self.act(self.rng.choice(todo), g)
            idle = idle + 1 if kind is None else 0
            acts += 1
            if idle > 3 * len(names):
                self.report.stuck.append(f"round {g.round} {g.phase}: nobody can act")
                break
            if "board" in self.tabs and acts % 100 == 0:  # the table's screen keeps the
                self.visit("board", wait=False)         # times it showed each state
        if "board" in self.tabs:
            self.visit("board")
        return self.report


__all__ = ["BOARD", "CHECKS", "PHONE", "Report", "Tapper"]
