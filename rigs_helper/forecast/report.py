"""The end-of-game report: final table, net worth over time, each player's best and worst
round, Disasters suffered, Karma cards played, Vinnie borrowed and repaid, Market prices.
No I/O: the caller gives the game's states in order (rebuilt from the log).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape

from rigs_helper.forecast.history import round_changes
from rigs_helper.rules.errors import RigsError
from rigs_helper.rules.market import card_value
from rigs_helper.rules.names import amount, plural, word
from rigs_helper.rules.piles import find_in
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables


def market_prices(game: Game, tables: Tables, steps=()) -> list[tuple[int, int]]:
    """(round, the price Luxuries sold at): the Market card drawn, or the price a Karma card
    set in its place (Other Markets), as it stood when the round's Market Phase ended."""
    m = game.market
    drawn = {r: m.recorded.get(r, card_value(tables, m.values, c))
             for r, c in enumerate(m.drawn, 1)}
    in_force = {}
    for _, _, after in steps:
        if after.phase == "market" and after.market.price is not None:
            in_force[after.round] = after.market.price
    if game.phase == "market" and m.price is not None:
        in_force[game.round] = m.price
    return [(r, in_force.get(r, v)) for r, v in drawn.items()]


def final_score(game: Game, tables: Tables):
    """`rigs score`'s figures once the game is over and every End Game value is known (the
    same arithmetic, :func:`rigs_helper.rules.scoring.score_game`), else None."""
    from rigs_helper.rules.endgame import holdings
    from rigs_helper.rules.scoring import EndgameValues, score_game

    e = game.endgame
    if not game.game_over or not (set(e.plot_values) >= set(tables.plots) and set(
            e.resource_values) >= set(tables.constants.loanable)):
        return None
    values = EndgameValues(game.market.price or 0, e.plot_values, e.resource_values,
                           e.plot_cards)
    return score_game(holdings(game), values, tables)


def vinnie_at_end(game: Game, tables: Tables, name: str) -> list[dict]:
    """Per resource with scripts out: the bill (units owed), what the player has, the
    shortfall and, once the End Game values are known, the credits it costs (what `rigs
    score` takes off as "Vinnie")."""
    p = game.player(name)
    per = tables.constants.repay_end_game
    values = game.endgame.resource_values
    out = []
    for r in tables.constants.loanable:
        scripts = p.scripts(r)
        if not scripts:
            continue
        bill, have = per * scripts, p.amount(r)
        short = max(0, bill - have)
        out.append({"resource": r, "scripts": scripts, "bill": bill, "have": have,
                    "short": short,
                    "credits": -short * values[r] if r in values else None})
    return out


def _played(action: str, before: Game) -> list[tuple[str, str]]:
    """(player, typed title) of each Karma card a logged `karma play` put down: the card
    played and every answer to it (``--answer PLAYER=TITLE``)."""
    import shlex

    rest = action[len("karma play "):]
    name = next((p.name for p in before.players if rest.startswith(p.name + " ")), None)
    if name is None:
        return []
    try:
        words = shlex.split(rest[len(name):])
    except ValueError:
        return []
    out = [(name, words[0])] if words else []
    for flag, value in zip(words, words[1:]):
        who, eq, title = value.partition("=")
        if flag == "--answer" and eq:
            out.append((who, title))
    return out


def build_report(game: Game, tables: Tables, standings, series,
                 steps: Sequence[tuple[str, Game, Game]]) -> dict:
    """``standings``: :func:`rigs_helper.forecast.standings.compute` of ``game``;
    ``series``: net worth over time; ``steps``: (action, state before, state after) for
    every logged action, oldest first."""
    names = [p.name for p in game.players]
    disasters: dict[str, list[tuple[int, str]]] = {n: [] for n in names}  # not "Safe"
    karma: dict[str, list[tuple[int, str]]] = {n: [] for n in names}
    borrowed: dict[str, Counter[str]] = {n: Counter() for n in names}
    repaid: dict[str, Counter[str]] = {n: Counter() for n in names}
    for action, before, after in steps:
        for p in after.players:
            if (p.disaster and p.name in disasters
                    and tables.disaster(p.disaster).kind != "safe"):
                item = (after.round, tables.disaster(p.disaster).title)
                if item not in disasters[p.name]:
                    disasters[p.name].append(item)
        if action.startswith("karma play "):
            for who, typed in _played(action, before):
                try:
                    who = before.player(who).name
                    title = tables.karma_card(find_in(tables, "karma", typed)).title
                except RigsError:
                    continue
                karma[who].append((before.round, title))
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
            "vinnie_at_end": vinnie_at_end(game, tables, s.name),
        })
    score = final_score(game, tables)
    out = {"round": game.round, "phase": game.phase, "game_over": game.game_over,
           "final": standings.method == "known" and score is not None, "players": rows,
           "market_prices": market_prices(game, tables, steps)}
    if out["final"]:
        v = score.values
        out["score"] = {**{"players": [p.as_dict() for p in score.players]},
                        "winners": list(score.winners)}
        out["endgame"] = {"luxury_price": v.luxury_price, "plot_values": dict(v.plot_values),
                          "resource_values": dict(v.resource_values)}
    return out


def _round_text(x) -> str:
    return f"round {x[0]} ({x[1]:+g})" if x else "-"


def _list_text(items) -> str:
    return ", ".join(f"{t} (round {r})" for r, t in items) or "none"


def _units_text(units: dict) -> str:
    return ", ".join(amount(n, r) for r, n in units.items()) or "none"


def _vinnie_text(debts: list[dict]) -> str:
    """The End Game bill and what it costs: "bill 8 Energy (2 scripts), has 5: short 3 =
    -9 credits"; the credits are `rigs score`'s Vinnie figure."""
    out = []
    for d in debts:
        text = (f"bill {amount(d['bill'], d['resource'])} ({plural(d['scripts'], 'script')}),"
                f" has {d['have']}")
        if not d["short"]:
            text += ": paid in full"
        elif d["credits"] is None:
            text += f": short {d['short']} (charged at the End Game die value)"
        else:
            text += f": short {d['short']} = {d['credits']} credits"
        out.append(text)
    return "; ".join(out) or "nothing owed"


def player_lines(row: dict) -> list[tuple[str, str]]:
    """(label, text) pairs shown for one player (terminal and HTML alike)."""
    return [("Best round", _round_text(row["best_round"])),
            ("Worst round", _round_text(row["worst_round"])),
            ("Disasters", _list_text(row["disasters"])),
            ("Karma played", _list_text(row["karma_played"])),
            ("Vinnie borrowed", _units_text(row["vinnie_borrowed"])),
            ("Vinnie repaid", _units_text(row["vinnie_repaid_units"])),
            ("Vinnie at the end", _vinnie_text(row["vinnie_at_end"]))]


BREAKDOWN = (("credits", "Credits"), ("luxuries", "Luxuries"), ("plots", "Plots"),
             ("resources", "Resources"), ("vinnie", "Vinnie"), ("net_worth", "Net worth"))


def winner_line(report: dict) -> str:
    names = report["score"]["winners"]
    if len(names) == 1:
        return f"Winner: {names[0]}"
    return f"Shared win: {' and '.join(names)} (a tie shares the win)"


def endgame_lines(report: dict, tables: Tables | None = None) -> list[str]:
    """The End Game values the final scores use."""
    e = report["endgame"]
    return [f"Luxuries at {e['luxury_price']}",
            "Plots: " + ", ".join(f"{k.title()} {v}" for k, v in e["plot_values"].items()),
            "Resources: " + ", ".join(f"{word(k)} {v}" for k, v in
                                     e["resource_values"].items())]


_CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;
line-height:1.4;color:#1b1b1b;background:#fff;overflow-wrap:anywhere}
@media (prefers-color-scheme:dark){body{color:#eee;background:#141414}}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;max-width:100%}
th,td{border-bottom:1px solid #8886;padding:.3rem .6rem;text-align:left;vertical-align:top}
td.n,th.n{text-align:right}svg{max-width:100%;height:auto}
.winner{font-size:1.3rem}
section.player{border-top:1px solid #8886;padding:.3rem 0}
dl{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.2rem 1rem;margin:.3rem 0}
dt{font-weight:600}dd{margin:0}
ol.prices{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;padding:0}
ol.prices li{border:1px solid #8886;border-radius:.3rem;padding:.1rem .5rem}
@media (max-width:40rem){
table.stack thead{display:none}
table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}
table.stack tr{border-bottom:2px solid #8886;padding:.3rem 0}
table.stack td{border:0;padding:.1rem 0;display:flex;justify-content:space-between;gap:1rem}
table.stack td::before{content:attr(data-label);font-weight:600}
dl{grid-template-columns:1fr}}
"""


def _stack_table(headers: list[str], rows: list[list], numeric: set[int]) -> str:
    """A table that becomes one labelled block per row on a phone."""
    e = escape

    def cls(i: int) -> str:
        return ' class="n"' if i in numeric else ""

    h = ['<table class="stack"><thead><tr>'
         + "".join(f"<th{cls(i)}>{e(x)}</th>" for i, x in enumerate(headers))
         + "</tr></thead><tbody>"]
    for row in rows:
        h.append("<tr>" + "".join(f'<td data-label="{e(headers[i])}"{cls(i)}>{e(str(x))}</td>'
                                  for i, x in enumerate(row)) + "</tr>")
    return "".join(h) + "</tbody></table>"


def report_html(report: dict, svg: str, title: str = "R.I.G.S. game report") -> str:
    """One self-contained HTML page (inline CSS and SVG, no script, no external asset);
    it reads on a phone (390 px) without scrolling sideways."""
    e = escape
    h = [f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
         f"<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
         f"<title>{e(title)}</title><style>{_CSS}</style></head><body>",
         f"<h1>{e(title)}</h1>"]
    if report["final"]:
        h.append(f"<p class=\"winner\"><strong>{e(winner_line(report))}</strong></p>"
                 "<h2>Final scores</h2>")
        h.append(_stack_table(["Player"] + [label for _, label in BREAKDOWN],
                              [[p["name"]] + [p[k] for k, _ in BREAKDOWN]
                               for p in report["score"]["players"]],
                              numeric=set(range(1, len(BREAKDOWN) + 1))))
        h.append("<h2>End Game values</h2><ul>"
                 + "".join(f"<li>{e(x)}</li>" for x in endgame_lines(report)) + "</ul>")
    else:
        h.append(f"<h2>{e(standings_title(report))}</h2>")
        h.append(_stack_table(["Player", "Expected net worth", "Win chance"],
                              [[r["name"], r["net_worth"],
                                f"{r['win_probability'] * 100:.1f}%"]
                               for r in report["players"]], numeric={1, 2}))
    h.append("<h2>Net worth over time</h2>" + svg + "<h2>Players</h2>")
    for row in report["players"]:
        h.append(f"<section class=\"player\"><h3>{e(row['name'])}</h3><dl>"
                 + "".join(f"<dt>{e(label)}</dt><dd>{e(text)}</dd>"
                           for label, text in player_lines(row)) + "</dl></section>")
    h.append("<h2>Market prices</h2><ol class=\"prices\">"
             + "".join(f"<li>Round {r}: <strong>{p}</strong></li>"
                       for r, p in report["market_prices"])
             + "</ol></body></html>\n")
    return "".join(h)


def standings_title(report: dict) -> str:
    return (f"Standings after round {report['round']}, {report['phase'].title()} Phase "
            "(expected at the end of the game)")


__all__ = ["BREAKDOWN", "build_report", "endgame_lines", "final_score", "market_prices",
           "player_lines", "report_html", "standings_title", "vinnie_at_end", "winner_line"]
