"""The group's history in figures: each player's games, wins, net worth, rank and rating
over the group's games, one player's record (trend, head-to-head, what their wins had in
common), and the rows of the CSV export.  Pure: it reads the games as plain data
(:mod:`rigs_helper.store.historydb`), newest first; the callers give one group's games
(the figures of two groups never mix).

Ratings: the ``openskill`` package's Plackett-Luce model (a skill estimate ``mu`` and its
uncertainty ``sigma`` per player, moved by each game's ranking, as Board Game Arena's
ratings move), replayed from the games oldest first on every reading: nothing is stored,
so a removed game leaves no trace.  ``openskill`` is imported only here, when a rating is
asked for.

Players are the same player across games when their names match as everywhere else
(:func:`rigs_helper.games.rigs.names.fold`: no case, no accents); a player is shown with the
spelling of their newest game.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rigs_helper.rules.groups import group_key
from rigs_helper.games.rigs.names import fold as fold_name
from rigs_helper.games.rigs.names import match_player

fold = cache(fold_name)  # the same few names, thousands of times over a long history

PARTS = ("credits", "luxuries", "plots", "resources", "vinnie")
CSV_COLUMNS = ("game", "date", "kind", "source", "group", "location", "round", "seat", "name", "net_worth",
               *PARTS, "rank", "winner", "vinnie_scripts", "luxury_sales", "karma_played",
               "rigs_built")


def _names(plays: Sequence[dict]) -> dict[str, str]:
    """fold(name) -> the spelling of the player's newest game."""
    out: dict[str, str] = {}
    for play in plays:  # newest first: the first spelling seen is kept
        for r in play["players"]:
            out.setdefault(fold(r["name"]), r["name"])
    return out


def player_rows(plays: Sequence[dict]) -> list[dict]:
    """Per player: games, wins, win rate, average and best net worth, average rank; most
    wins first (then win rate, average net worth, name)."""
    names = _names(plays)
    acc: dict[str, dict] = {}
    for play in plays:
        for r in play["players"]:
            a = acc.setdefault(fold(r["name"]), {"games": 0, "wins": 0, "worth": 0,
                                                 "best": None, "rank": 0})
            a["games"] += 1
            a["wins"] += bool(r["winner"])
            a["worth"] += r["net_worth"]
            a["rank"] += r["rank"]
            a["best"] = r["net_worth"] if a["best"] is None else max(a["best"], r["net_worth"])
    rows = [{"name": names[k], "games": a["games"], "wins": a["wins"],
             "win_rate": round(a["wins"] / a["games"], 3),
             "avg_net_worth": round(a["worth"] / a["games"], 1),
             "best_net_worth": a["best"], "avg_rank": round(a["rank"] / a["games"], 2)}
            for k, a in acc.items()]
    rows.sort(key=lambda r: (-r["wins"], -r["win_rate"], -r["avg_net_worth"],
                             fold(r["name"])))
    return rows


def rated_rows(plays: Sequence[dict], this: str | None = None) -> list[dict]:
    """:func:`player_rows` of one group's games, each with its ``rating`` ({"mu", "sigma",
    "display"}) and, with ``this`` (a game's identity), ``change``: how much that game
    moved the player's ``mu`` ("+1.4"; absent for a player not in it)."""
    now, changes = ratings(plays)
    moved = changes.get(this, {}) if this else {}
    rows = player_rows(plays)
    for r in rows:
        key = fold(r["name"])
        r["rating"] = now[key]
        if key in moved:
            r["change"] = f"{moved[key]:+.1f}"
    return rows


def newest(plays: Sequence[dict]) -> str | None:
    """The identity of the newest game of ``plays`` (newest first): the game whose change
    to each rating `rigs history` shows beside it, as the report and the end screen do."""
    return plays[0].get("identity") if plays else None


def ratings(plays: Sequence[dict]) -> tuple[dict[str, dict], dict[str, dict[str, float]]]:
    """Each player's rating after every game of ``plays`` (one group's, newest first),
    replayed oldest first with Plackett-Luce: ({fold(name): {"mu", "sigma", "display"}},
    {game identity: {fold(name): the change that game made to mu}})."""
    if not plays:
        return {}, {}
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict = {}
    changes: dict[str, dict[str, float]] = {}
    for play in reversed(plays):  # oldest first
        keys = [fold(r["name"]) for r in play["players"]]
        if len(set(keys)) < 2:
            continue  # (a one-player game ranks no one)
        before = [current.get(k) or model.rating(name=k) for k in keys]
        after = model.rate([[b] for b in before], ranks=[r["rank"] for r in play["players"]])
        changes[play["identity"]] = {k: a[0].mu - b.mu for k, a, b in zip(keys, after, before)}
        current.update((k, a[0]) for k, a in zip(keys, after))
    return {k: _rating(round(r.mu, 2), round(r.sigma, 2)) for k, r in current.items()}, changes


def _rating(mu: float, sigma: float) -> dict:
    return {"mu": mu, "sigma": sigma, "display": f"{mu:.1f} ± {sigma:.1f}"}


def summary(plays: Sequence[dict], group: str | None = None) -> dict:
    """`rigs history --json` of one group's games (``group``, newest first) and its
    players' figures and ratings; without ``group``, every group's games, and each
    player's figures once per group they played in (``"group"`` says which)."""
    games = [{"id": p["id"], "date": p["played"], "source": p["source"],
              "group": p.get("group"), "location": p.get("location"),
              "players": [{"name": r["name"], "net_worth": r["net_worth"],
                           "winner": bool(r["winner"])} for r in p["players"]]}
             for p in plays]
    if group is not None:
        rows = [{**r, "group": group} for r in rated_rows(plays, newest(plays))]
        return {"group": group, "games": games, "players": rows}
    rows = []
    for name, mine in by_group(plays).items():
        rows.extend({**r, "group": name} for r in rated_rows(mine, newest(mine)))
    return {"group": None, "games": games, "players": rows}


def by_group(plays: Sequence[dict]) -> dict[str, list[dict]]:
    """``plays`` per group, the group of the newest game first (each group named as in its
    newest game; names compared without case or accents)."""
    out: dict[str, list[dict]] = {}
    names: dict[str, str] = {}
    for p in plays:
        key = group_key(p.get("group") or "")
        out.setdefault(names.setdefault(key, p.get("group") or ""), []).append(p)
    return out


def standing(plays: Sequence[dict], names: Sequence[str], this: str | None = None
             ) -> list[dict]:
    """The group's standing over all its games (``plays``: one group's), for the players
    ``names`` (the players of the game just finished), in :func:`player_rows`' order, each
    with their rating and the change game ``this`` made to it."""
    wanted = {fold(n) for n in names}
    return [r for r in rated_rows(plays, this) if fold(r["name"]) in wanted]


def find(plays: Sequence[dict], name: str) -> str:
    """The player ``name`` names among every player kept (case, accents, a prefix)."""
    return match_player(name, list(_names(plays).values()))


def _share(r: dict, part: str) -> float | None:
    """(None for a game without the part: RIG's)"""
    return r[part] / r["net_worth"] if r["net_worth"] > 0 and r[part] is not None else None


def _mean(values) -> float | None:
    values = [v for v in values if v is not None]
    return round(sum(values) / len(values), 3) if values else None


def _shares(rows: list[dict]) -> dict:
    return {"games": len(rows),
            **{f"{part}_share": _mean(_share(r, part) for r in rows)
               for part in ("plots", "luxuries", "credits", "resources")},
            **{f"avg_{k}": _mean(r.get(k) for r in rows)
               for k in ("luxury_sales", "karma_played", "rigs_built")}}


def player_record(plays: Sequence[dict], name: str) -> dict:
    """One player's record: their games (newest first), their net worth game by game
    (oldest first: the trend), head-to-head against each other player (games together,
    ahead, behind, level), and what their wins had in common against all their games
    (the average share of net worth from plots, Luxuries, credits and resources; Luxury
    sales, Karma cards played and RIGS built where the log knows them)."""
    key = fold(find(plays, name))
    names = _names(plays)
    games, mine = [], []
    h2h: dict[str, dict] = {}
    for play in plays:
        me = next((r for r in play["players"] if fold(r["name"]) == key), None)
        if me is None:
            continue
        mine.append(me)
        games.append({"id": play["id"], "date": play["played"], "source": play["source"],
                      "players": len(play["players"]), "net_worth": me["net_worth"],
                      "rank": me["rank"], "winner": bool(me["winner"])})
        for r in play["players"]:
            other = fold(r["name"])
            if other == key:
                continue
            h = h2h.setdefault(other, {"name": names[other], "games": 0, "ahead": 0,
                                       "behind": 0, "level": 0})
            h["games"] += 1
            diff = me["net_worth"] - r["net_worth"]
            h["ahead" if diff > 0 else "behind" if diff < 0 else "level"] += 1
    wins = [r for r in mine if r["winner"]]
    now, changes = ratings(plays)
    newest_mine = next((p.get("identity") for p in plays
                        if any(fold(r["name"]) == key for r in p["players"])), None)
    moved = changes.get(newest_mine, {}).get(key) if newest_mine else None
    return {"name": names[key], "rating": now.get(key), "games": games,
            **({"change": f"{moved:+.1f}"} if moved is not None else {}),
            "trend": [g["net_worth"] for g in reversed(games)],
            "head_to_head": sorted(h2h.values(), key=lambda h: (-h["games"], fold(h["name"]))),
            "wins": _shares(wins), "all_games": _shares(mine)}


def csv_rows(plays: Sequence[dict]) -> list[list]:
    """The CSV export: a header, then one row per player per game (newest game first)."""
    rows: list[list] = [list(CSV_COLUMNS)]
    for p in plays:
        for r in p["players"]:
            d = {"game": p["id"], "date": p["played"], "kind": p["kind"],
                 "source": p["source"], "round": p["round"], **r,
                 "winner": int(bool(r["winner"]))}
            rows.append(["" if d.get(c) is None else d[c] for c in CSV_COLUMNS])
    return rows
