"""The end-of-game report: final table, net worth over time, each player's best and worst
round, Disasters suffered, Karma cards played, Vinnie borrowed and repaid, Market prices.
No I/O: the caller gives the game's states in order (rebuilt from the log).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape

from rigs_helper.forecast.history import round_changes
from rigs_helper.rules.market import card_value
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables


def market_prices(game: Game, tables: Tables) -> list[tuple[int, int]]:
    m = game.market
    return [(r, m.recorded.get(r, card_value(tables, m.values, c)))
            for r, c in enumerate(m.drawn, 1)]


def _played(action: str, before: Game, after: Game, tables: Tables) -> tuple[str, list[str]]:
    """(player, titles) of the Karma cards a `karma play` entry took from that hand."""
    words = action.split()
    try:
        p_before, p_after = before.player(words[2]), after.player(words[2])
    except (IndexError, ValueError):
        return "", []
    lost = Counter(p_before.hand) - Counter(p_after.hand)
    seen = (Counter(after.karma.discard) - Counter(before.karma.discard)) + (
        Counter(k for p in after.players for k in p.in_play)
        - Counter(k for p in before.players for k in p.in_play))
    cards = [k for k in lost.elements() if seen[k]] or list(lost.elements())[:1]
    return p_before.name, [tables.karma_card(k).title for k in cards]


def build_report(game: Game, tables: Tables, standings, series,
                 steps: Sequence[tuple[str, Game, Game]]) -> dict:
    """``standings``: :func:`rigs_helper.forecast.standings.compute` of ``game``;
    ``series``: net worth over time; ``steps``: (action, state before, state after) for
    every logged action, oldest first."""
    names = [p.name for p in game.players]
    disasters: dict[str, list[tuple[int, str]]] = {n: [] for n in names}  # not "Safe"
    karma: dict[str, list[tuple[int, str]]] = {n: [] for n in names}
    borrowed = {n: Counter() for n in names}
    repaid = {n: Counter() for n in names}
    for action, before, after in steps:
        for p in after.players:
            if (p.disaster and p.name in disasters
                    and tables.disaster(p.disaster).kind != "safe"):
                item = (after.round, tables.disaster(p.disaster).title)
                if item not in disasters[p.name]:
                    disasters[p.name].append(item)
        if action.startswith("karma play "):
            who, titles = _played(action, before, after, tables)
            if who in karma:
                karma[who] += [(before.round, t) for t in titles]
        for p in after.players:
            if p.name not in borrowed:
                continue
            try:
                old = before.player(p.name)
            except ValueError:
                continue
            for r in tables.constants.loanable:
                d = p.scripts(r) - old.scripts(r)
                if d > 0:
                    borrowed[p.name][r] += d
                elif d < 0:
                    repaid[p.name][r] += -d
    changes = round_changes(series)
    rows = []
    per = tables.constants.repay_during_game
    for s in standings.players:
        ch = changes.get(s.name, [])
        best = max(ch, key=lambda x: x[1]) if ch else None
        worst = min(ch, key=lambda x: x[1]) if ch else None
        rows.append({
            "name": s.name, "net_worth": s.as_dict()["net_worth"],
            "win_probability": s.as_dict()["win_probability"],
            "best_round": best, "worst_round": worst,
            "disasters": disasters.get(s.name, []), "karma_played": karma.get(s.name, []),
            "vinnie_borrowed": dict(borrowed.get(s.name, {})),
            "vinnie_repaid_scripts": dict(repaid.get(s.name, {})),
            "vinnie_repaid_units": {r: n * per for r, n in repaid.get(s.name, {}).items()},
            "vinnie_due": s.vinnie,
        })
    return {"round": game.round, "phase": game.phase, "game_over": game.game_over,
            "final": standings.method == "known", "players": rows,
            "market_prices": market_prices(game, tables)}


def _round_text(x) -> str:
    return f"round {x[0]} ({x[1]:+g})" if x else "-"


def _list_text(items) -> str:
    return ", ".join(f"{t} (r{r})" for r, t in items) or "none"


def _units_text(units: dict) -> str:
    return ", ".join(f"{n} {r}" for r, n in units.items()) or "none"


def player_lines(row: dict) -> list[tuple[str, str]]:
    """(label, text) pairs shown for one player (terminal and HTML alike)."""
    return [("Best round", _round_text(row["best_round"])),
            ("Worst round", _round_text(row["worst_round"])),
            ("Disasters", _list_text(row["disasters"])),
            ("Karma played", _list_text(row["karma_played"])),
            ("Vinnie borrowed", _units_text(row["vinnie_borrowed"])),
            ("Vinnie repaid", _units_text(row["vinnie_repaid_units"]))]


_CSS = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;
line-height:1.4;color:#1b1b1b;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#141414}}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}
th,td{border-bottom:1px solid #8886;padding:.3rem .7rem;text-align:left;vertical-align:top}
td.n{text-align:right}svg{max-width:100%;height:auto}
"""


def report_html(report: dict, svg: str, title: str = "R.I.G.S. game report") -> str:
    """One self-contained HTML page (inline CSS and SVG, no script, no external asset)."""
    e = escape
    state = ("Final standings" if report["final"] else
             f"Standings after round {report['round']}, {report['phase']} phase "
             "(expected, if the game ended now)")
    h = [f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
         f"<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
         f"<title>{e(title)}</title><style>{_CSS}</style></head><body>",
         f"<h1>{e(title)}</h1><h2>{e(state)}</h2>",
         "<table><tr><th>Player</th><th>Net worth</th><th>Win</th></tr>"]
    for row in report["players"]:
        h.append(f"<tr><td>{e(row['name'])}</td><td class=\"n\">{row['net_worth']}</td>"
                 f"<td class=\"n\">{row['win_probability'] * 100:.1f}%</td></tr>")
    h.append("</table><h2>Net worth over time</h2>" + svg)
    h.append("<h2>Players</h2><table><tr><th>Player</th>"
             + "".join(f"<th>{e(label)}</th>" for label, _ in
                       player_lines(report["players"][0])) + "</tr>"
             if report["players"] else "<table>")
    for row in report["players"]:
        h.append(f"<tr><td>{e(row['name'])}</td>"
                 + "".join(f"<td>{e(text)}</td>" for _, text in player_lines(row)) + "</tr>")
    h.append("</table><h2>Market prices</h2><table><tr><th>Round</th>"
             + "".join(f"<td class=\"n\">{r}</td>" for r, _ in report["market_prices"])
             + "</tr><tr><th>Price</th>"
             + "".join(f"<td class=\"n\">{p}</td>" for _, p in report["market_prices"])
             + "</tr></table></body></html>\n")
    return "".join(h)


__all__ = ["build_report", "market_prices", "player_lines", "report_html"]
