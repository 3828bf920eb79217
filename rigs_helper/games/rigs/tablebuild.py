"""Building the game's tables: the parsed documents (``tables/*.toml``) checked into the
records of :mod:`rigs_helper.games.rigs.tables`; a table that breaks a rule raises
:class:`TableError` naming the file and the key.  Also the validated tables as plain data
and back, for the cache of validated tables (:mod:`rigs_helper.store.tablefiles`).  No I/O.
"""

from __future__ import annotations

from typing import Any

from rigs_helper.rules.errors import TableError
from rigs_helper.games.rigs.tables import (
    BASIC_RESOURCES,
    KARMA_KINDS,
    KARMA_TIMINGS,
    PLOT_TYPES,
    RESOURCES,
    Constants,
    DisasterCard,
    KarmaCard,
    MarketCategory,
    PlotType,
    Tables,
    slug,
)


class _Reader:
    """Checks one parsed table file, naming the file and the dotted key in every error."""

    def __init__(self, name: str, data: dict[str, Any]) -> None:
        self.file = f"tables/{name}"
        self.data = data

    def fail(self, key: str, problem: str) -> TableError:
        return TableError(f"{self.file}: key '{key}': {problem}")

    def table(self, data: Any, key: str, allowed: set[str] | None = None) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(key, "must be a table")
        if allowed is not None:
            for k in data:
                if k not in allowed:
                    raise self.fail(f"{key}.{k}" if key else k, "unknown key")
        return data

    def get(self, data: dict[str, Any], key: str, path: str, kind: type, default: Any = ...
            ) -> Any:
        full = f"{path}.{key}" if path else key
        if key not in data:
            if default is ...:
                raise self.fail(full, "is missing")
            return default
        value = data[key]
        if kind is int:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise self.fail(full, f"must be a whole number >= 0, not {value!r}")
        elif not isinstance(value, kind):
            raise self.fail(full, f"must be a {kind.__name__}, not {value!r}")
        return value

    def choice(self, data: dict[str, Any], key: str, path: str, options: tuple[Any, ...],
               default: Any = ...) -> Any:
        value = self.get(data, key, path, str, default)
        if value is not None and value not in options and value is not default:
            raise self.fail(f"{path}.{key}", f"must be one of {', '.join(options)}, not {value!r}")
        return value


def _constants(r: _Reader) -> Constants:
    d = r.table(r.data, "", {"rounds", "hand_limit", "players_min", "players_max", "die_sides",
                             "start", "start_plots", "colony", "costs", "vinnie"})
    start = r.table(r.get(d, "start", "", dict), "start", {"credits", "rigs", *RESOURCES})
    start_vals = {k: r.get(start, k, "start", int) for k in ("credits", "rigs", *RESOURCES)}
    sp = r.table(r.get(d, "start_plots", "", dict), "start_plots")
    lo, hi = r.get(d, "players_min", "", int), r.get(d, "players_max", "", int)
    start_plots = {}
    for n in range(lo, hi + 1):
        start_plots[n] = r.get(sp, str(n), "start_plots", int)
    for k in sp:
        if not k.isdigit() or not lo <= int(k) <= hi:
            raise r.fail(f"start_plots.{k}", f"player counts run from {lo} to {hi}")
    colony = r.table(r.get(d, "colony", "", dict), "colony",
                     {"rigs", "scripts_per_resource", "tokens_per_resource"})
    costs = r.table(r.get(d, "costs", "", dict), "costs",
                    {"build_metal", "move_supplies", "survey_supplies", "power_energy"})
    vin = r.table(r.get(d, "vinnie", "", dict), "vinnie",
                  {"loanable", "repay_during_game", "repay_end_game"})
    loanable = tuple(r.get(vin, "loanable", "vinnie", list))
    for res in loanable:
        if res not in BASIC_RESOURCES:
            raise r.fail("vinnie.loanable", f"unknown resource {res!r}")
    return Constants(
        rounds=r.get(d, "rounds", "", int),
        hand_limit=r.get(d, "hand_limit", "", int),
        players_min=lo,
        players_max=hi,
        die_sides=r.get(d, "die_sides", "", int),
        start=start_vals,
        start_plots=start_plots,
        colony_rigs=r.get(colony, "rigs", "colony", int),
        scripts_per_resource=r.get(colony, "scripts_per_resource", "colony", int),
        tokens_per_resource=r.get(colony, "tokens_per_resource", "colony", int),
        build_metal=r.get(costs, "build_metal", "costs", int),
        move_supplies=r.get(costs, "move_supplies", "costs", int),
        survey_supplies=r.get(costs, "survey_supplies", "costs", int),
        power_energy=r.get(costs, "power_energy", "costs", int),
        loanable=loanable,
        repay_during_game=r.get(vin, "repay_during_game", "vinnie", int),
        repay_end_game=r.get(vin, "repay_end_game", "vinnie", int),
    )


def _plots(r: _Reader) -> dict[str, PlotType]:
    out = {}
    for key, raw in r.table(r.data, "").items():
        if key not in PLOT_TYPES:
            raise r.fail(key, "unknown plot type (the rules know " + ", ".join(PLOT_TYPES)
                         + ")")
        t = r.table(raw, key, {"name", "count", "spots", "endgame_cards"})
        spots = r.table(r.get(t, "spots", key, dict), f"{key}.spots", set(BASIC_RESOURCES))
        out[key] = PlotType(
            key=key,
            name=r.get(t, "name", key, str),
            count=r.get(t, "count", key, int),
            spots={res: r.get(spots, res, f"{key}.spots", int) for res in BASIC_RESOURCES},
            endgame_cards=r.get(t, "endgame_cards", key, int),
        )
        if out[key].endgame_cards not in (1, 2):
            raise r.fail(f"{key}.endgame_cards", "must be 1 or 2")
    for key in PLOT_TYPES:
        if key not in out:
            raise r.fail(key, "is missing: every plot type needs a table")
    return out


def _survey(r: _Reader) -> dict[int, int]:
    d = r.table(r.data, "", {"yields"})
    ys = r.table(r.get(d, "yields", "", dict), "yields")
    out = {}
    for k in ys:
        if not k.isdigit() or int(k) > 9:
            raise r.fail(f"yields.{k}", "a yield must be a small whole number")
        out[int(k)] = r.get(ys, k, "yields", int)
    return out


def _market(r: _Reader) -> tuple[dict[str, MarketCategory], int]:
    d = r.table(r.data, "", {"game_deck", "categories"})
    cats = r.table(r.get(d, "categories", "", dict), "categories")
    out = {}
    for key, raw in cats.items():
        path = f"categories.{key}"
        c = r.table(raw, path, {"name", "count", "value"})
        out[key] = MarketCategory(key, r.get(c, "name", path, str), r.get(c, "count", path, int),
                                  r.get(c, "value", path, int))
    return out, r.get(d, "game_deck", "", int)


_DISASTER_KEYS = {"title", "count", "kind", "action", "effect", "resource", "amount",
                  "production", "requires", "when_none"}
_PRODUCTION = ("eclipse", "seasonal_hell", "infestation", "charger_failure", "junction_failure")
_REQUIRES = ("desert_plots", "valley_plots", "supplies_rigs", "energy_rigs")


def _disasters(r: _Reader) -> tuple[DisasterCard, ...]:
    d = r.table(r.data, "", {"card"})
    cards = []
    for i, raw in enumerate(r.get(d, "card", "", list)):
        p = f"card[{i}]"
        c = r.table(raw, p, _DISASTER_KEYS)
        title = r.get(c, "title", p, str)
        p = f"card[{i}] ({title})"
        action = r.choice(c, "action", p, ("none", "discard", "production"))
        card = DisasterCard(
            key=slug(title), title=title, count=r.get(c, "count", p, int),
            kind=r.choice(c, "kind", p, ("safe", "disaster")), action=action,
            effect=r.get(c, "effect", p, str),
            resource=r.choice(c, "resource", p, RESOURCES, None),
            amount=r.choice(c, "amount", p, ("half", "all"), None),
            production=r.choice(c, "production", p, _PRODUCTION, None),
            requires=r.choice(c, "requires", p, _REQUIRES, None),
            when_none=r.choice(c, "when_none", p, ("lose_rigs", "nothing"), "nothing"),
        )
        if action == "discard" and (card.resource is None or card.amount is None):
            raise r.fail(f"{p}.resource", "a discard card needs resource and amount")
        if action == "production" and (card.production is None or card.requires is None):
            raise r.fail(f"{p}.production", "a production card needs production and requires")
        cards.append(card)
    _unique(r, cards)
    return tuple(cards)


_KARMA_KEYS = {"title", "kind", "target", "timing", "effect", "action", "amount", "resource",
               "victim_draws", "victim_draws_per", "in_play", "responds_to", "die", "choices"}


def _karma(r: _Reader) -> tuple[KarmaCard, ...]:
    d = r.table(r.data, "", {"card"})
    cards = []
    for i, raw in enumerate(r.get(d, "card", "", list)):
        p = f"card[{i}]"
        c = r.table(raw, p, _KARMA_KEYS)
        title = r.get(c, "title", p, str)
        p = f"card[{i}] ({title})"
        choices = r.get(c, "choices", p, list, [])
        if not all(isinstance(x, str) for x in choices):
            raise r.fail(f"{p}.choices", "must be a list of strings")
        cards.append(KarmaCard(
            key=slug(title), title=title,
            kind=r.choice(c, "kind", p, KARMA_KINDS),
            target=r.choice(c, "target", p, ("self", "one", "many", "all", "card")),
            timing=r.choice(c, "timing", p, KARMA_TIMINGS),
            effect=r.get(c, "effect", p, str),
            action=r.get(c, "action", p, str),
            amount=r.choice(c, "amount", p, ("one", "half", "all", "die", "double", "triple"),
                            None),
            resource=r.choice(c, "resource", p, (*RESOURCES, "every", "choice"), None),
            victim_draws=r.get(c, "victim_draws", p, int, 0),
            victim_draws_per=r.get(c, "victim_draws_per", p, int, 0),
            in_play=r.get(c, "in_play", p, bool, False),
            responds_to=r.choice(c, "responds_to", p,
                                 ("sabotage", "take_card", "resource_loss", "rigs_lost"), None),
            die=r.get(c, "die", p, bool, False),
            choices=tuple(choices),
        ))
    _unique(r, cards)
    return tuple(cards)


def _unique(r: _Reader, cards: list[Any]) -> None:
    seen: set[str] = set()
    for i, c in enumerate(cards):
        if c.key in seen:
            raise r.fail(f"card[{i}].title", f"duplicate card title {c.title!r}")
        seen.add(c.key)


def tables_data(t: Tables) -> tuple[Any, ...]:
    """Validated tables as plain values (tuples, dicts, strings, numbers), which a cache can
    keep: :func:`tables_from_data` builds the same records back without checking again."""
    return (t.constants._values(),
            {k: v._values() for k, v in t.plots.items()},
            dict(t.survey_yields),
            {k: v._values() for k, v in t.market.items()},
            t.game_market_cards,
            tuple(c._values() for c in t.disasters),
            tuple(c._values() for c in t.karma))


def tables_from_data(data: tuple[Any, ...]) -> Tables:
    """The records :func:`tables_data` was given (raises TypeError or ValueError when the
    data has another shape)."""
    constants, plots, survey, market, game_cards, disasters, karma = data
    return Tables._make((
        Constants._make(constants),
        {k: PlotType._make(v) for k, v in plots.items()},
        survey,
        {k: MarketCategory._make(v) for k, v in market.items()},
        game_cards,
        tuple(DisasterCard._make(c) for c in disasters),
        tuple(KarmaCard._make(c) for c in karma)))


def build_tables(docs: dict[str, dict[str, Any]]) -> Tables:
    """Validate the parsed table documents (file name -> TOML document) into records."""

    def reader(name: str) -> _Reader:
        return _Reader(name, docs[name])

    constants = _constants(reader("constants.toml"))
    plots = _plots(reader("plots.toml"))
    market, game_cards = _market(reader("market.toml"))
    tables = Tables(
        constants=constants,
        plots=plots,
        survey_yields=_survey(reader("survey.toml")),
        market=market,
        game_market_cards=game_cards,
        disasters=_disasters(reader("disaster.toml")),
        karma=_karma(reader("karma.toml")),
    )
    if game_cards > len(tables.market_deck):
        raise TableError("tables/market.toml: key 'game_deck': larger than the Market deck")
    if game_cards != constants.rounds:
        raise TableError("tables/market.toml: key 'game_deck': must equal constants.rounds")
    return tables
