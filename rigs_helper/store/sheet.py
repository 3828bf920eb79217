"""The quick scoring sheet (CONTRACT.md "Quick scoring sheet"): parse and validate.

Parsing takes the file's text and its name (for messages); reading the file is the CLI's
job.  The player keys are the game file's too (``players_from_tables``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rigs_helper.rules.checker import Checker, parse_toml
from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.market import parse_market_values
from rigs_helper.games.rigs.scoring import Holdings, PlotHolding
from rigs_helper.games.rigs.tables import BASIC_RESOURCES, Tables

SHEET_KEYS = frozenset({"endgame", "players", "market_values", "group", "date", "location"})
ENDGAME_KEYS = frozenset({"luxury_price", "plot_values", "resource_values"})
PLAYER_KEYS = frozenset({"name", "credits", "luxuries", *BASIC_RESOURCES, "vinnie", "plots"})


@dataclass(frozen=True)
class Sheet:
    players: tuple[Holdings, ...]
    luxury_price: int | None = None
    plot_values: dict[str, int] = field(default_factory=dict)
    plot_cards: dict[str, tuple[int, ...]] = field(default_factory=dict)
    resource_values: dict[str, int] = field(default_factory=dict)
    market_values: dict = field(default_factory=dict)
    # the group's history (docs/history.md): the group, the day played, where
    group: str | None = None
    date: str | None = None  # YYYY-MM-DD
    location: str | None = None


AMOUNT_KEYS = ("credits", "luxuries", *BASIC_RESOURCES)  # required on every player


def parse_sheet(text: str, file: str, tables: Tables) -> Sheet:
    """The sheet in ``text``; when it has problems, all of them at once (one per line,
    each with its key and line)."""
    doc = parse_toml(text, file)
    try:
        sheet = sheet_from_doc(doc, file, tables)
    except InputError as first:
        from rigs_helper.store.doctor import REMOVE, collect, with_lines

        problems, _ = collect(lambda d: sheet_from_doc(d, file, tables), doc,
                              lambda path: _stand_in(path, tables, REMOVE))
        raise InputError("\n".join(with_lines(problems, text, file) or [str(first)])
                         ) from None
    lo, hi = tables.constants.players_min, tables.constants.players_max
    if not lo <= len(sheet.players) <= hi:  # (once the sheet is right otherwise)
        from rigs_helper.store.doctor import with_lines

        problem = Checker(file).fail("players", f"a game has {lo} to {hi} players, not "
                                     f"{len(sheet.players)}: write one [[players]] table "
                                     "per player")
        raise InputError("\n".join(with_lines([problem], text, file))) from None
    return sheet


def _stand_in(path: list, tables: Tables, remove: Any) -> Any:
    """A neutral value for a bad or missing required key of a player (only values are
    checked while it is in, so it never causes a false alarm): the checks then go on to
    every other player and to ``[endgame]``."""
    if len(path) < 3 or path[0] != "players":
        return remove
    if len(path) == 3 and path[2] in AMOUNT_KEYS:
        return 0
    if len(path) == 3 and path[2] == "name":
        return f"player {path[1] + 1}"
    if len(path) == 5 and path[2] == "plots" and path[4] == "type":
        return next(iter(tables.plots))
    return remove


def sheet_from_doc(doc: dict[str, Any], file: str, tables: Tables) -> Sheet:
    check = Checker(file)
    doc = check.table(doc, "", SHEET_KEYS)
    end = check.table(doc.get("endgame", {}), "endgame", ENDGAME_KEYS)
    price = None
    if "luxury_price" in end:
        price = check.whole(end["luxury_price"], "endgame.luxury_price")
    plot_values, plot_cards = _plot_values(check, end.get("plot_values", {}), tables)
    res_raw = check.table(end.get("resource_values", {}), "endgame.resource_values",
                          set(BASIC_RESOURCES))
    resource_values = {}
    for r, v in res_raw.items():
        resource_values[r] = check.whole(v, f"endgame.resource_values.{r}")
        if not 1 <= v <= tables.constants.die_sides:
            raise check.fail(f"endgame.resource_values.{r}",
                             f"is a die roll: 1 to {tables.constants.die_sides}, not {v}")
    market_values = parse_market_values(doc.get("market_values", {}), check, "market_values",
                                        tables)
    if "players" not in doc:
        raise check.fail("players", "is missing: add a [[players]] table for each player")
    players = players_from_tables(check, doc["players"], tables)
    group = check.name(doc["group"], "group") if "group" in doc else None
    location = check.name(doc["location"], "location") if "location" in doc else None
    date = None
    if "date" in doc:
        from rigs_helper.store.historyplay import play_date

        date = play_date(doc["date"], check.fail)
    return Sheet(players, price, plot_values, plot_cards, resource_values, market_values,
                 group, date, location)


def _plot_values(check: Checker, raw: Any, tables: Tables
                 ) -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
    table = check.table(raw, "endgame.plot_values")
    values, cards = {}, {}
    for key, v in table.items():
        k = f"endgame.plot_values.{key}"
        ptype = key.lower()
        if ptype not in tables.plots:
            raise check.fail(k, "unknown plot type (plains, valley, forest, desert, ridge)")
        if ptype in values:
            raise check.fail(k, "given twice")
        if isinstance(v, list):
            need = tables.plots[ptype].endgame_cards
            if len(v) != need:
                raise check.fail(k, f"a {tables.plots[ptype].name} is valued by {need} "
                                 f"End Game Market card{'s' if need > 1 else ''}, "
                                 f"not {len(v)}")
            cards[ptype] = tuple(check.whole(x, f"{k}[{i}]") for i, x in enumerate(v))
            values[ptype] = sum(cards[ptype])
        else:
            values[ptype] = check.whole(v, k)
    return values, cards


def players_from_tables(check: Checker, raw: Any, tables: Tables,
                        extra_player_keys: frozenset[str] = frozenset(),
                        extra_plot_keys: frozenset[str] = frozenset()) -> tuple[Holdings, ...]:
    """Validate ``[[players]]``: names present and unique, amounts whole and >= 0."""
    items = check.array(raw, "players")
    if not items:
        raise check.fail("players", "no players")
    seen: dict[str, int] = {}
    out = []
    for i, p in enumerate(items):
        k = f"players[{i}]"
        p = check.table(p, k, PLAYER_KEYS | extra_player_keys)
        if "name" not in p:
            raise check.fail(f"{k}.name", "is missing: every player needs a name")
        name = check.name(p["name"], f"{k}.name")
        if name.lower() in seen:
            raise check.fail(f"{k}.name", f"duplicate player name {name!r} "
                             f"(also players[{seen[name.lower()]}])")
        seen[name.lower()] = i
        k = f'players[{i}] ("{name}")'
        for f in AMOUNT_KEYS:
            if f not in p:
                raise check.fail(f"{k}.{f}", "is missing (write 0 when the player has none)")
        amounts = {f: check.whole(p[f], f"{k}.{f}") for f in AMOUNT_KEYS}
        vin_raw = check.table(p.get("vinnie", {}), f"{k}.vinnie", set(tables.constants.loanable))
        vinnie = {r: check.whole(v, f"{k}.vinnie.{r}") for r, v in vin_raw.items()}
        plots = tuple(plot_from_table(check, pl, f"{k}.plots[{j}]", tables, extra_plot_keys)
                      for j, pl in enumerate(check.array(p.get("plots", []), f"{k}.plots")))
        out.append(Holdings(name=name, vinnie=vinnie, plots=plots, **amounts))
    return tuple(out)


def plot_from_table(check: Checker, raw: Any, key: str, tables: Tables,
                    extra_keys: frozenset[str] = frozenset()) -> PlotHolding:
    pl = check.table(raw, key, {"type", "survey"} | extra_keys)
    if "type" not in pl:
        raise check.fail(f"{key}.type", "is missing")
    ptype = check.choice(pl["type"], f"{key}.type", tuple(tables.plots))
    survey = None
    if "survey" in pl:
        survey = check.whole(pl["survey"], f"{key}.survey")
        if survey not in tables.survey_yields:
            raise check.fail(f"{key}.survey", "a Survey card's yield is "
                             + ", ".join(map(str, sorted(tables.survey_yields)))
                             + f", not {survey}")
    return PlotHolding(ptype, survey)
