"""The end-of-game report: final table, net worth over time, each player's best and worst
round, Disasters suffered, Karma cards played, Vinnie borrowed and repaid, Market prices.
No I/O: the caller gives the game's states in order (rebuilt from the log).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rigs_helper.forecast.history import round_changes
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.market import card_value
from rigs_helper.games.rigs.names import amount, plural, word
from rigs_helper.games.rigs.piles import find_in
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables


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
    same arithmetic, :func:`rigs_helper.games.rigs.scoring.score_game`), else None."""
    from rigs_helper.games.rigs.endgame import holdings
    from rigs_helper.games.rigs.scoring import EndgameValues, score_game

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
        out.update(score_fields(score))
    return out


def score_fields(score) -> dict:
    """`rigs score`'s figures (``score``: a :class:`rigs_helper.games.rigs.scoring.GameScore`)
    as the report keeps them: ``score`` (its `--json`, with each player's `--explain`
    lines) and ``endgame`` (the End Game values used)."""
    v = score.values
    return {"score": {"players": [p.as_dict() for p in score.players],
                      "winners": list(score.winners),
                      "explain": {p.name: list(p.explain) for p in score.players}},
            "endgame": {"luxury_price": v.luxury_price, "plot_values": dict(v.plot_values),
                        "resource_values": dict(v.resource_values)}}


def sheet_report(score) -> dict:
    """The report of a game scored on cardboard (a scoring sheet): the winner and the
    breakdown, nothing over time."""
    return {"sheet": True, "final": True, "players": [], "market_prices": [],
            **score_fields(score)}


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


def standings_title(report: dict) -> str:
    return (f"Standings after round {report['round']}, {report['phase'].title()} Phase "
            "(expected at the end of the game)")


__all__ = ["BREAKDOWN", "build_report", "endgame_lines", "final_score", "market_prices",
           "player_lines", "score_fields", "sheet_report", "standings_title",
           "vinnie_at_end", "winner_line"]
