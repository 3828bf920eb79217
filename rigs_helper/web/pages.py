"""The board (`/`): the table's screen.  It says what the table is doing and whose decision
it waits for in large type, each player's expected net worth, rank and win chance, the
chart, marks what changed since the last version of the game, and the winner once the
game is scored.  Public facts only: no card of any hand, no Land Grant plot drawn."""

from __future__ import annotations

from rigs_helper.web.chart import NO_CHART, networth_chart
from rigs_helper.web.layout import (
    e,
    error_line,
    head_line,
    holdings,
    lines,
    page,
    plots_table,
)
from rigs_helper.web.snapshot import Slow, Snapshot

PART_SECONDS = 2.0  # the chart and the odds: a board never waits longer for them
COMPARED = ("credits", "energy", "supplies", "metal", "luxuries", "rigs", "warehouse_rigs",
            "karma")


def board_data(snap: Snapshot, path, tables) -> dict:
    """The board's facts (also `/state.json`)."""
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
        d["waiting_for"] = waiting_for(g, tables)
        d["final"] = final_scores(g, tables)
        return d
    return snap.get("board", make)


def waiting_for(game, tables) -> list[dict]:
    """[{"player", "what"}]: whose decision the table waits for (rules/legal)."""
    from rigs_helper.rules import legal

    return [dict(w) for w in legal.waiting_for(game, tables)]


def final_scores(game, tables) -> dict | None:
    """The final scores once the End Game values are all recorded, best first."""
    e_ = game.endgame
    if not game.game_over or not (set(e_.plot_values) >= set(tables.plots) and
                                  set(e_.resource_values) >= set(tables.constants.loanable)):
        return None
    from rigs_helper.rules.endgame import holdings as held
    from rigs_helper.rules.scoring import EndgameValues, score_game

    values = EndgameValues(game.market.price or 0, e_.plot_values, e_.resource_values,
                           e_.plot_cards)
    s = score_game(held(game), values, tables)
    rows = sorted(({"name": p.name, "net_worth": p.net_worth} for p in s.players),
                  key=lambda r: -r["net_worth"])
    return {"winners": list(s.winners), "players": rows}


def standings(snap: Snapshot, tables) -> list[dict] | None:
    """Each player's expected net worth, rank and win chance (the forecast), best first;
    None when the forecast cannot say (or is still working it out)."""
    def make():
        from rigs_helper.forecast.standings import compute

        s = compute(snap.loaded.game, tables)  # as `rigs standings` says them
        rows = sorted((p.as_dict() for p in s.players), key=lambda r: -r["net_worth"])
        for i, r in enumerate(rows, 1):
            r["rank"] = i
        return rows
    if snap.loaded is None:
        return None
    try:
        return snap.get("standings", make, timeout=PART_SECONDS)
    except Slow:
        return None
    except Exception:  # noqa: BLE001 - the odds are a nicety: never take the board down
        return None


def board_page(snap: Snapshot, d: dict, before: Snapshot | None, path, tables) -> str:
    """The board's HTML for this snapshot (``before``: the version shown last)."""
    if snap.loaded is None:
        return board_html(d, tables, NO_CHART)
    try:
        chart = snap.get("chart", lambda: networth_chart(path, snap.loaded, tables),
                         timeout=PART_SECONDS)
    except Slow:
        chart = '<p class="muted">The chart is still being drawn.</p>'
    old = None
    if before is not None and before.loaded is not None:
        try:
            old = board_data(before, path, tables)
        except Exception:  # noqa: BLE001 - no marks rather than no board
            old = None
    return board_html(d, tables, chart, standings(snap, tables), old,
                      final_extras(path, snap, tables) if d.get("final") else "")


def final_extras(path, snap: Snapshot, tables) -> str:
    """The group's history on the final screen (docs/history.md): BG Stats' link and QR
    code, and the group's standing over all its games.  (The `final_extras` block of the
    board's template, once the board is one.)"""
    from rigs_helper.forecast.bgstats import final_extras_html
    from rigs_helper.forecast.report import final_score
    from rigs_helper.store.historyplay import final_view

    def make():
        return final_extras_html(*final_view(path, snap.loaded,
                                             final_score(snap.loaded.game, tables)))
    try:
        return snap.get("final_extras", make, timeout=PART_SECONDS)
    except Exception:  # noqa: BLE001 - a nicety: never take the final screen down
        return ""


def changes(d: dict, old: dict | None) -> dict[str, frozenset[str]]:
    """Per player, the figures that differ from the version shown before."""
    if not old or "players" not in old:
        return {}
    before = {p["name"]: p for p in old["players"]}
    out = {}
    for p in d["players"]:
        b = before.get(p["name"])
        if b is not None:
            out[p["name"]] = frozenset(k for k in COMPARED if p.get(k) != b.get(k))
    return out


def _now(d: dict) -> str:
    """The large lines read from across the room."""
    if d.get("game_over"):
        fin = d.get("final")
        if fin:
            won = " and ".join(fin["winners"])
            top = fin["players"][0]["net_worth"]
            head = f'Game over: <span class="what">{e(won)}</span> win{"s" if len(fin["winners"]) == 1 else ""} with {e(top)}'
        else:
            head = "Game over: the leader records the End Game cards and dice"
    else:
        head = (f'Round {e(d["round"])}/{e(d["rounds"])} &middot; '
                f'<span class="what">{e(str(d["phase"]).title())} Phase</span>')
    waits = d.get("waiting_for") or []
    if waits:
        wait = "Waiting for " + ", ".join(
            f'{e(w["player"])} <span class="muted">({e(w["what"])})</span>' for w in waits)
    else:
        wait = "Waiting for nobody" if not d.get("game_over") else ""
    return (f'<div class="now" id="now">{head}</div>'
            + (f'<div class="now" id="waiting">{wait}</div>' if wait else ""))


def _standings(rows: list[dict] | None, final: dict | None) -> str:
    if final:
        body = "".join(f'<tr><td>{i}</td><td>{e(r["name"])}</td>'
                       f'<td class="n big">{e(r["net_worth"])}</td></tr>'
                       for i, r in enumerate(final["players"], 1))
        return ('<section id="standings"><h2>Final scores</h2><table><tr><th>#</th>'
                f'<th>Player</th><th class="n">Net worth</th></tr>{body}</table></section>')
    if not rows:
        return ('<section id="standings"><h2>Standings</h2><p class="muted">Working out '
                'the odds.</p></section>')
    body = "".join(f'<tr><td>{e(r["rank"])}</td><td>{e(r["name"])}</td>'
                   f'<td class="n big">{e(round(r["net_worth"]))}</td>'
                   f'<td class="n">{e(round(100 * r["win_probability"]))}%</td></tr>'
                   for r in rows)
    return ('<section id="standings"><h2>Standings</h2><table><tr><th>#</th><th>Player'
            '</th><th class="n">Expected net worth</th><th class="n">Win chance</th></tr>'
            f'{body}</table></section>')


def board_html(d: dict, tables, chart: str, rows: list[dict] | None = None,
               old: dict | None = None, extras: str = "") -> str:
    if d.get("round") is None:
        return page("R.I.G.S. board", "/state.json", d["etag"],
                    "<h1>R.I.G.S.</h1>" + error_line(d))
    marks = changes(d, old)
    players = "".join(
        f'<section><h2>{e(p["name"])}{" &#9733; leader" if p["name"] == d["leader"] else ""}'
        f'</h2>{holdings(p, marks.get(p["name"], frozenset()))}'
        f'{plots_table(p["plots"], tables)}</section>' for p in d["players"])
    prices = "".join(f'<span title="round {i}">{e(v)}</span>'
                     for i, v in enumerate(d["prices"], 1)) or '<span class="muted">none yet'
    decks = d["decks"]
    last = d["last_phase"]
    marked = any(marks.values())
    body = (f'{error_line(d)}{_now(d)}{head_line(d, with_round=False)}'
            f'<div class="top">{_standings(rows, d.get("final"))}'
            f'<section class="chart"><h2>Net worth so far</h2>{chart}</section></div>'
            f'{extras}'
            f'<p class="prices">Market prices so far: {prices}'
            + ("</span>" if not d["prices"] else "") + "</p>"
            + ('<p class="muted"><mark>Marked</mark>: changed since the last update.</p>'
               if marked else "")
            + f'<div class="grid">{players}</div><div class="grid">'
            f'<section><h2>Open choices</h2>{lines(d["pending"], "None.")}'
            f'</section><section><h2>Last phase</h2>'
            f'{lines(last["summary"], "Nothing yet.")}'
            + (f'<h2>Since then</h2>{lines(last["since"], "")}' if last["since"] else "")
            + f'</section></div><p class="muted">Decks: Plot {e(decks["plot"])}{_mix(decks, "plot")}, Survey '
            f'{e(decks["survey"])}{_mix(decks, "survey")}, Disaster {e(decks["disaster"])}{_mix(decks, "disaster")}, '
            f'Karma {e(decks["karma"])}{_mix(decks, "karma")}, Game Market '
            f'{e(decks["market"])}{_mix(decks, "market")}. Each player acts from their own page (or with '
            f'<code>rigs ...</code> commands); this page only shows the game.'
            + (f' Commitment: <code>{e(d["commitment"][:16])}</code> (<code>rigs verify'
               '</code> checks the decks against it).' if d.get("commitment") else "")
            + '</p>')
    title = (f'R.I.G.S. round {d["round"]}/{d["rounds"]}, {str(d["phase"]).title()}')
    return page(title, "/state.json", d["etag"], body)


def _mix(decks: dict, deck: str) -> str:
    """A mixed deck's split (a partial set): " (28 yours + 5 virtual)"."""
    if f"{deck}_physical" not in decks:
        return ""
    return (f' ({e(decks[deck + "_physical"])} yours + {e(decks[deck + "_virtual"])} '
            'virtual)')
