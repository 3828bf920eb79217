"""The pages of `rigs serve`, rendered on the server: plain HTML and CSS, a little JS that
polls the page's JSON (ETag/304) and swaps in the new page when the game file changed, and a
meta refresh when JavaScript is off.  No external asset."""

from __future__ import annotations

from html import escape

from rigs_helper.web.snapshot import Snapshot

POLL_MS = 1000  # pages notice a change within about a second
REFRESH_S = 5  # without JavaScript

CSS = """
:root{--bg:#f6f5f0;--fg:#1b1b1b;--muted:#666;--card:#fff;--line:#d8d4c8;--accent:#9a4b00;
--warn:#a30000}
@media (prefers-color-scheme: dark){:root{--bg:#121212;--fg:#ececec;--muted:#a0a0a0;
--card:#1e1e1e;--line:#3a3a3a;--accent:#ffb35c;--warn:#ff7070}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:1.15rem/1.45 system-ui,sans-serif}
main{padding:1rem;max-width:120rem;margin:auto}
h1{font-size:1.7rem;margin:.2rem 0}h2{font-size:1.3rem;margin:.2rem 0 .4rem}
.muted{color:var(--muted)}.warn{color:var(--warn);font-weight:600}
.grid{display:grid;gap:1rem;margin:1rem 0;
grid-template-columns:repeat(auto-fit,minmax(min(19rem,100%),1fr))}
section{background:var(--card);border:1px solid var(--line);border-radius:.6rem;
padding:.8rem 1rem}
table{border-collapse:collapse;width:100%}td,th{padding:.15rem .4rem;text-align:left;
border-bottom:1px solid var(--line)}td.n,th.n{text-align:right}
.big{font-size:1.35rem;font-weight:700}.leader{color:var(--accent)}
code{font-size:1rem;background:var(--bg);padding:0 .25rem;border-radius:.2rem;
overflow-wrap:anywhere}
ul{padding-left:1.2rem;margin:.2rem 0}
.prices span{display:inline-block;min-width:2.2rem;text-align:center;border:1px solid
var(--line);border-radius:.3rem;margin:.1rem;padding:0 .2rem}
.chart{grid-column:1/-1}.chart svg{width:100%;height:auto;max-height:26rem}
@media (max-width:480px){main{padding:.5rem}section{padding:.6rem .5rem}
td,th{padding:.1rem .2rem}table{font-size:1rem}}
@media (min-width:1600px){body{font-size:1.35rem}}
"""

JS = """
(function(){
  var url = document.body.getAttribute('data-json');
  function tag(){ return document.querySelector('main').getAttribute('data-etag'); }
  function poll(){
    fetch(url, {headers: {'If-None-Match': '"' + tag() + '"'}, cache: 'no-store'})
      .then(function(r){
        if (r.status !== 200) return null;
        return fetch(location.pathname, {cache: 'no-store'}).then(function(p){
          return p.ok ? p.text() : null; });
      })
      .then(function(text){
        if (!text) return;
        var doc = new DOMParser().parseFromString(text, 'text/html');
        var fresh = doc.querySelector('main');
        if (fresh) { document.querySelector('main').replaceWith(fresh);
                     document.title = doc.title; }
      })
      .catch(function(){})
      .then(function(){ setTimeout(poll, %d); });
  }
  setTimeout(poll, %d);
})();
""" % (POLL_MS, POLL_MS)


def e(x: object) -> str:
    return escape(str(x), quote=True)


def page(title: str, json_url: str, etag: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="color-scheme" content="light dark">'
            f'<meta name="referrer" content="no-referrer">'
            f'<noscript><meta http-equiv="refresh" content="{REFRESH_S}"></noscript>'
            f'<title>{e(title)}</title><style>{CSS}</style></head>'
            f'<body data-json="{e(json_url)}"><main data-etag="{e(etag)}">{body}</main>'
            f'<script>{JS}</script></body></html>')


# ---------------------------------------------------------------------------- data


def board_data(snap: Snapshot, path, tables) -> dict:
    """The board's facts: public only (no card of any hand, no Land Grant plot drawn)."""
    def make():
        from rigs_helper.rules.views import prices_so_far, status_dict
        from rigs_helper.store.notes import last_phase

        d: dict = {"etag": snap.etag, "error": snap.error}
        if snap.loaded is None:
            return d
        g = snap.loaded.game
        d.update(status_dict(g, tables))
        d["prices"] = prices_so_far(g, tables)
        d["last_phase"] = last_phase(snap.loaded, str(path))
        return d
    return snap.get("board", make)


def player_data(snap: Snapshot, path, tables, name: str) -> dict:
    """One player's private view (their hand, their Land Grant pick, their news)."""
    def make():
        from rigs_helper.rules.views import private_view
        from rigs_helper.store.notes import private_notes

        d: dict = {"etag": snap.etag, "error": snap.error, "name": name}
        if snap.loaded is None:
            return d
        g = snap.loaded.game
        if not any(p.name == name for p in g.players):
            d["error"] = f"{name} is not a player of this game"
            return d
        d.update(private_view(g, tables, name))
        d["notes"] = private_notes(snap.loaded, str(path), name)
        d["round"], d["rounds"], d["phase"] = g.round, tables.constants.rounds, g.phase
        d["leader"], d["price"], d["game_over"] = g.leader, g.market.price, g.game_over
        return d
    return snap.get("p:" + name, make)


# ---------------------------------------------------------------------------- HTML


def _head(d: dict) -> str:
    if d.get("game_over"):
        line = "Game over &middot; <code>rigs score</code> scores it"
    else:
        line = (f'Round <span class="big">{e(d["round"])}/{e(d["rounds"])}</span> &middot; '
                f'{e(str(d["phase"]).title())} Phase')
    price = d.get("price")
    line += (f' &middot; Leader <span class="leader big">{e(d["leader"])}</span>'
             + (f' &middot; Luxuries sell at <span class="big">{e(price)}</span>'
                if price is not None else ""))
    return f"<p>{line}</p>"


def _error(d: dict) -> str:
    if not d.get("error"):
        return ""
    return f'<p class="warn">The game file cannot be read now: {e(d["error"])}</p>'


def _plots(plots: list[dict], tables) -> str:
    if not plots:
        return '<p class="muted">No plots.</p>'
    rows = "".join(
        f'<tr><td>{e(p["id"])}</td><td>{e(tables.plots[p["type"]].name)}</td>'
        f'<td class="n">{"-" if p["survey"] is None else e(p["survey"])}'
        f'{" &#9733;" if p["luxury"] else ""}</td><td class="n">{e(p["rigs"])}</td>'
        f'<td>{e(p["harvest"] or "-")}</td></tr>' for p in plots)
    return ('<table><tr><th>Plot</th><th>Type</th><th class="n">Survey</th>'
            f'<th class="n">RIGS</th><th>Harvest</th></tr>{rows}</table>')


def _holdings(p: dict) -> str:
    vin = ", ".join(f"{n} {r}" for r, n in p["vinnie"].items() if n) or "none"
    extra = ""
    if p["disaster"]:
        extra += f'<br>Disaster: <b>{e(p["disaster"])}</b>'
    if p["in_play"]:
        extra += "<br>In play: " + e(", ".join(p["in_play"]))
    if p["effects"]:
        extra += "<br>Effects: " + e(", ".join(p["effects"]))
    return (f'<p><span class="big">{e(p["credits"])}</span> credits &middot; '
            f'Energy {e(p["energy"])} &middot; Supplies {e(p["supplies"])} &middot; '
            f'Metal {e(p["metal"])} &middot; Luxuries {e(p["luxuries"])}<br>'
            f'RIGS {e(p["rigs"])} ({e(p["warehouse_rigs"])} in the warehouse) &middot; '
            f'Karma cards {e(p["karma"])}<br>Vinnie: {e(vin)}{extra}</p>')


def _list(items: list[str], empty: str) -> str:
    """A list of lines; a command in `backticks` shows as code."""
    if not items:
        return f'<p class="muted">{e(empty)}</p>'
    import re

    def fmt(t: str) -> str:
        return re.sub(r"`([^`]*)`", lambda m: f"<code>{m.group(1)}</code>", e(t))
    return "<ul>" + "".join(f"<li>{fmt(t)}</li>" for t in items) + "</ul>"


def _mix(decks: dict, deck: str) -> str:
    """A mixed deck's split (a partial set): " (28 yours + 5 virtual)"."""
    if f"{deck}_physical" not in decks:
        return ""
    return (f' ({e(decks[deck + "_physical"])} yours + {e(decks[deck + "_virtual"])} '
            'virtual)')


def board_html(d: dict, tables, chart: str) -> str:
    if d.get("round") is None:
        return page("R.I.G.S. board", "/state.json", d["etag"],
                    "<h1>R.I.G.S.</h1>" + _error(d))
    players = "".join(
        f'<section><h2>{e(p["name"])}{" &#9733; leader" if p["name"] == d["leader"] else ""}'
        f'</h2>{_holdings(p)}{_plots(p["plots"], tables)}</section>' for p in d["players"])
    prices = "".join(f'<span title="round {i}">{e(v)}</span>'
                     for i, v in enumerate(d["prices"], 1)) or '<span class="muted">none yet'
    decks = d["decks"]
    last = d["last_phase"]
    body = (f'<h1>R.I.G.S. &mdash; the table</h1>{_error(d)}{_head(d)}'
            f'<p class="prices">Market prices so far: {prices}'
            + ("</span>" if not d["prices"] else "") + "</p>"
            f'<div class="grid">{players}</div><div class="grid">'
            f'<section><h2>Waiting for</h2>{_list(d["pending"], "Nothing.")}'
            f'</section><section><h2>Last phase</h2>'
            f'{_list(last["summary"], "Nothing yet.")}'
            + (f'<h2>Since then</h2>{_list(last["since"], "")}' if last["since"] else "")
            + f'</section><section class="chart"><h2>Net worth so far</h2>{chart}</section>'
            f'</div><p class="muted">Decks: Plot {e(decks["plot"])}, Survey '
            f'{e(decks["survey"])}, Disaster {e(decks["disaster"])}{_mix(decks, "disaster")}, '
            f'Karma {e(decks["karma"])}{_mix(decks, "karma")}, Game Market '
            f'{e(decks["market"])}. The commands '
            f'(<code>rigs ...</code>) change the game; this page only shows it.'
            + (f' Commitment: <code>{e(d["commitment"][:16])}</code> (<code>rigs verify'
               '</code> checks the decks against it).' if d.get("commitment") else "")
            + '</p>')
    title = (f'R.I.G.S. round {d["round"]}/{d["rounds"]}, {str(d["phase"]).title()}')
    return page(title, "/state.json", d["etag"], body)


def player_html(d: dict, json_url: str, tables) -> str:
    name = d["name"]
    if d.get("hand") is None:
        return page(f"{name}'s eyes only", json_url, d["etag"],
                    f"<h1>For {e(name)}'s eyes only</h1>{_error(d)}")
    cards = "".join(
        f'<section><h2>{e(c["title"])}</h2><p class="muted">{e(c["kind"].title())}'
        + (f' &middot; when: {e(str(c["timing"]).replace("_", " "))}' if c["timing"] else "")
        + f'</p><p>{e(c["effect"])}</p></section>' for c in d["hand"])
    grant = ""
    if d["grant"]:
        grant = ("<section><h2>Land Grant: your pick</h2><ul>" + "".join(
            f'<li>{e(p["id"])} {e(p["name"])} &mdash; <code>rigs grant {e(p["id"])}</code>'
            f'</li>' for p in d["grant"]) + "</ul></section>")
    notes = [f'Round {n["round"]}: {n["text"]}' for n in d["notes"][-10:]]
    body = (f'<h1>For {e(name)}\'s eyes only</h1>{_error(d)}{_head(d)}'
            f'<p class="muted">Keep this page to yourself: it shows your Karma hand.</p>'
            f'{grant}<h2>Karma hand ({len(d["hand"])}, at most {e(d["hand_limit"])} when the '
            f'Player Phase ends)</h2>'
            + (f'<div class="grid">{cards}</div>' if cards else
               '<p class="muted">No Karma card in your hand.</p>')
            + f'<div class="grid"><section><h2>Waiting for you</h2>'
            f'{_list(d["pending"], "Nothing.")}</section>'
            f'<section><h2>Lately, for you</h2>{_list(notes, "Nothing.")}</section>'
            f'<section><h2>Your holdings</h2>{_holdings(d["player"])}'
            f'{_plots(d["player"]["plots"], tables)}</section></div>')
    return page(f"{name}'s eyes only", json_url, d["etag"], body)

