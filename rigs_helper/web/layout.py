"""The pages' common frame: CSS, the little JavaScript that keeps a page current, and the
HTML pieces the board and a player's page share.  No external asset.

Keeping current: every POLL_MS a page asks its JSON with the ETag it shows (a 304 costs
next to nothing) and swaps in the new page when the game file changed.  Without
JavaScript the board reloads every REFRESH_S; a player's page (a form may be half filled)
has a Refresh button instead, and every action answers with the fresh page."""

from __future__ import annotations

import re
from html import escape

POLL_MS = 300  # another page shows an action within POLL_MS + one page fetch
REFRESH_S = 5  # the board, without JavaScript

CSS = """
:root{--bg:#f6f5f0;--fg:#1b1b1b;--muted:#666;--card:#fff;--line:#d8d4c8;--accent:#9a4b00;
--warn:#a30000;--ok:#1d6b2a;--mark:#ffe38a}
@media (prefers-color-scheme: dark){:root{--bg:#121212;--fg:#ececec;--muted:#a0a0a0;
--card:#1e1e1e;--line:#3a3a3a;--accent:#ffb35c;--warn:#ff7070;--ok:#7bd88f;--mark:#6b5400}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:1.15rem/1.45 system-ui,sans-serif}
main{padding:1rem;max-width:120rem;margin:auto}
h1{font-size:1.7rem;margin:.2rem 0}h2{font-size:1.3rem;margin:.2rem 0 .4rem}
.muted{color:var(--muted)}.warn{color:var(--warn);font-weight:600}.ok{color:var(--ok)}
.grid{display:grid;gap:1rem;margin:1rem 0;
grid-template-columns:repeat(auto-fit,minmax(min(19rem,100%),1fr))}
section{background:var(--card);border:1px solid var(--line);border-radius:.6rem;
padding:.8rem 1rem}
table{border-collapse:collapse;width:100%}td,th{padding:.15rem .4rem;text-align:left;
border-bottom:1px solid var(--line)}td.n,th.n{text-align:right}
.big{font-size:1.35rem;font-weight:700}.leader{color:var(--accent)}
mark{background:var(--mark);color:inherit;border-radius:.2rem;padding:0 .15rem}
code{font-size:1rem;background:var(--bg);padding:0 .25rem;border-radius:.2rem;
overflow-wrap:anywhere}
ul{padding-left:1.2rem;margin:.2rem 0}
.prices span{display:inline-block;min-width:2.2rem;text-align:center;border:1px solid
var(--line);border-radius:.3rem;margin:.1rem;padding:0 .2rem}
.now{font-size:2.2em;font-weight:700;line-height:1.2;margin:.2rem 0}
.now .what{color:var(--accent)}
.top{display:grid;gap:1rem;grid-template-columns:minmax(18rem,1fr) 2fr;align-items:start}
.chart svg{width:100%;height:auto;max-height:24rem}
.act{display:grid;gap:.5rem}.act fieldset{border:0;padding:0;margin:0}
.act legend,.act label.f{font-weight:600;display:block;margin:.2rem 0}
.choices{display:flex;flex-wrap:wrap;gap:.4rem}
.choices label{display:flex;align-items:center;gap:.4rem;min-height:3rem;padding:.3rem .8rem;
border:1px solid var(--line);border-radius:.5rem;background:var(--bg)}
.choices input{width:1.4rem;height:1.4rem}
select,input[type=number],input[type=text]{font:inherit;min-height:3rem;width:100%;
padding:.3rem .5rem;border:1px solid var(--line);border-radius:.5rem;background:var(--bg);
color:var(--fg)}
button,.button{font:inherit;font-weight:700;min-height:3.2rem;width:100%;padding:.5rem 1rem;
border:0;border-radius:.6rem;background:var(--accent);color:var(--bg);cursor:pointer;
display:block;text-align:center;text-decoration:none}
button:disabled{opacity:.5}
.outcome{border-width:3px}.outcome.bad{border-color:var(--warn)}
.outcome.good{border-color:var(--ok)}
@media (max-width:480px){main{padding:.5rem}section{padding:.6rem .5rem}
td,th{padding:.1rem .2rem}table{font-size:1rem}}
@media (max-width:900px){.top{grid-template-columns:1fr}}
@media (min-width:1600px){body{font-size:1.35rem}}
"""

JS = """
(function(){
  var url = document.body.getAttribute('data-json');
  var dirty = 0, last = null, answers = 0;  // a form being filled in (since), outcome
  function filling(){ return dirty && Date.now() - dirty < 60000; }
  function main(){ return document.querySelector('main'); }
  function tag(){ return main().getAttribute('data-etag'); }
  function swap(text){
    var doc = new DOMParser().parseFromString(text, 'text/html');
    var fresh = doc.querySelector('main');
    if (fresh) { main().replaceWith(fresh); document.title = doc.title; wire();
                 if (last) show(last); }
  }
  function wire(){
    document.querySelectorAll('form.act').forEach(function(f){
      f.addEventListener('change', function(){ dirty = Date.now(); });
      f.addEventListener('submit', function(ev){
        ev.preventDefault();
        var b = f.querySelector('button'); if (b) b.disabled = true;
        fetch(f.getAttribute('action'), {method: 'POST', headers: {'Accept': 'application/json'},
                         body: new URLSearchParams(new FormData(f))})
          .then(function(r){ return r.json(); })
          .then(function(a){ dirty = 0; last = a; answers += 1;
            return fetch(location.pathname, {cache: 'no-store'})
              .then(function(p){ return p.text(); })
              .then(function(t){ swap(t);
                document.body.setAttribute('data-answers', answers); }); })
          .catch(function(){ if (b) b.disabled = false; });
      });
    });
  }
  function show(a){
    var box = document.getElementById('outcome');
    if (!box) return;
    box.hidden = false;
    box.className = 'outcome ' + (a.ok ? 'good' : 'bad');
    box.textContent = '';
    var lines = a.ok ? (a.said.length ? a.said : ['Done.']) : [a.error];
    lines.forEach(function(l){ var p = document.createElement('p'); p.textContent = l;
                               box.appendChild(p); });
  }
  function poll(){
    fetch(url, {headers: {'If-None-Match': '"' + tag() + '"'}, cache: 'no-store'})
      .then(function(r){
        if (r.status !== 200 || filling()) return null;
        return fetch(location.pathname, {cache: 'no-store'}).then(function(p){
          return p.ok ? p.text() : null; });
      })
      .then(function(text){ if (text) swap(text); })
      .catch(function(){})
      .then(function(){ setTimeout(poll, %d); });
  }
  wire();
  setTimeout(poll, %d);
})();
""" % (POLL_MS, POLL_MS)


def e(x: object) -> str:
    return escape(str(x), quote=True)


def page(title: str, json_url: str, etag: str, body: str, refresh: bool = True) -> str:
    meta = (f'<noscript><meta http-equiv="refresh" content="{REFRESH_S}"></noscript>'
            if refresh else "")
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="color-scheme" content="light dark">'
            f'<meta name="referrer" content="same-origin">{meta}'
            f'<title>{e(title)}</title><style>{CSS}</style></head>'
            f'<body data-json="{e(json_url)}"><main data-etag="{e(etag)}">{body}</main>'
            f'<script>{JS}</script></body></html>')


def head_line(d: dict, with_round: bool = True) -> str:
    """Round, phase, leader and price, in one line (the board says the round larger)."""
    parts = []
    if with_round:
        parts.append("Game over" if d.get("game_over") else
                     f'Round <span class="big">{e(d["round"])}/{e(d["rounds"])}</span> '
                     f'&middot; {e(str(d["phase"]).title())} Phase')
    parts.append(f'Leader <span class="leader big">{e(d["leader"])}</span>')
    if d.get("price") is not None:
        parts.append(f'Luxuries sell at <span class="big">{e(d["price"])}</span>')
    return f"<p>{' &middot; '.join(parts)}</p>"


def error_line(d: dict) -> str:
    if not d.get("error"):
        return ""
    return f'<p class="warn">The game file cannot be read now: {e(d["error"])}</p>'


def plots_table(plots: list[dict], tables) -> str:
    if not plots:
        return '<p class="muted">No plots.</p>'
    rows = "".join(
        f'<tr><td>{e(p["id"])}</td><td>{e(tables.plots[p["type"]].name)}</td>'
        f'<td class="n">{"-" if p["survey"] is None else e(p["survey"])}'
        f'{" &#9733;" if p["luxury"] else ""}</td><td class="n">{e(p["rigs"])}</td>'
        f'<td>{e(p["harvest"] or "-")}</td></tr>' for p in plots)
    return ('<table><tr><th>Plot</th><th>Type</th><th class="n">Survey</th>'
            f'<th class="n">RIGS</th><th>Harvest</th></tr>{rows}</table>')


def holdings(p: dict, changed: frozenset[str] = frozenset()) -> str:
    """A player's holdings; the figures in ``changed`` are marked (new since last time)."""
    def v(key: str) -> str:
        return f"<mark>{e(p[key])}</mark>" if key in changed else e(p[key])
    vin = ", ".join(f"{n} {r}" for r, n in p["vinnie"].items() if n) or "none"
    extra = ""
    if p["disaster"]:
        extra += f'<br>Disaster: <b>{e(p["disaster"])}</b>'
    if p["in_play"]:
        extra += "<br>In play: " + e(", ".join(p["in_play"]))
    if p["effects"]:
        extra += "<br>Effects: " + e(", ".join(p["effects"]))
    return (f'<p><span class="big">{v("credits")}</span> credits &middot; '
            f'Energy {v("energy")} &middot; Supplies {v("supplies")} &middot; '
            f'Metal {v("metal")} &middot; Luxuries {v("luxuries")}<br>'
            f'RIGS {v("rigs")} ({v("warehouse_rigs")} in the warehouse) &middot; '
            f'Karma cards {v("karma")}<br>Vinnie: {e(vin)}{extra}</p>')


def lines(items: list[str], empty: str) -> str:
    """A list of lines; a command in `backticks` shows as code."""
    if not items:
        return f'<p class="muted">{e(empty)}</p>'

    def fmt(t: str) -> str:
        return re.sub(r"`([^`]*)`", lambda m: f"<code>{m.group(1)}</code>", e(t))
    return "<ul>" + "".join(f"<li>{fmt(t)}</li>" for t in items) + "</ul>"
