"""The game's tables (``tables/*.toml``) as typed, frozen records, and looking cards up.

:mod:`rigs_helper.games.rigs.tablebuild` checks the parsed documents and builds these records
(reading them from disk is :mod:`rigs_helper.store.tablefiles`).  No I/O.
"""

from __future__ import annotations

import re
from functools import cache, cached_property
from typing import Any, Self


RESOURCES = ("energy", "supplies", "metal", "luxuries")
BASIC_RESOURCES = ("energy", "supplies", "metal")
PHASES = ("player", "disaster", "production", "market")
KARMA_KINDS = ("destruction", "sabotage", "wealth", "protection")
KARMA_TIMINGS = ("any", "production", "last_call", "market", "response")
PLOT_TYPES = ("plains", "valley", "forest", "desert", "ridge")


_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


@cache
def slug(title: str) -> str:
    """A card title as a key: ``'"Missing" Support'`` -> ``'missing-support'`` (kept: a
    game file's load asks for the same few titles hundreds of times)."""
    return _NOT_ALNUM.sub("-", title.lower()).strip("-")


def squash(text: str) -> str:
    """Letters and digits only, lower case: how a typed title is compared."""
    return _NOT_ALNUM.sub("", text.lower())


class Record:
    """A frozen, typed record whose fields are its class annotations (defaults are class
    attributes).  The table records are built on every start-up, and a class like this
    costs a fraction of a dataclass to define; game state uses real dataclasses."""

    _fields: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in vars(klass).get("__annotations__", {}):
                if not name.startswith("_") and name not in names:
                    names.append(name)
        cls._fields = tuple(names)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(self._fields):
            raise TypeError(f"{type(self).__name__} takes {len(self._fields)} fields")
        values = dict(zip(self._fields, args))
        for name, value in kwargs.items():
            if name not in self._fields or name in values:
                raise TypeError(f"{type(self).__name__}: bad or repeated field {name!r}")
            values[name] = value
        for name in self._fields:
            if name in values:
                object.__setattr__(self, name, values[name])
            elif not hasattr(type(self), name):
                raise TypeError(f"{type(self).__name__}: missing field {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    @classmethod
    def _make(cls, values: tuple[Any, ...]) -> Self:
        """A record from its field values in order, unchecked (values already validated:
        :func:`tables_from_data`)."""
        if len(values) != len(cls._fields):
            raise TypeError(f"{cls.__name__} takes {len(cls._fields)} fields")
        obj = object.__new__(cls)
        obj.__dict__.update(zip(cls._fields, values))
        return obj

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({inner})"


class PlotType(Record):
    key: str
    name: str
    count: int
    spots: dict[str, int]
    endgame_cards: int


class MarketCategory(Record):
    key: str
    name: str
    count: int
    value: int


class DisasterCard(Record):
    key: str
    title: str
    count: int
    kind: str
    action: str
    effect: str
    resource: str | None = None
    amount: str | None = None
    production: str | None = None
    requires: str | None = None
    when_none: str = "nothing"
    deck: str = "disaster"


class KarmaCard(Record):
    key: str
    title: str
    kind: str
    target: str
    timing: str
    effect: str
    action: str
    amount: str | None = None
    resource: str | None = None
    victim_draws: int = 0
    victim_draws_per: int = 0
    in_play: bool = False
    responds_to: str | None = None
    die: bool = False
    choices: tuple[str, ...] = ()
    count: int = 1
    deck: str = "karma"


class Constants(Record):
    rounds: int
    hand_limit: int
    players_min: int
    players_max: int
    die_sides: int
    start: dict[str, int]
    start_plots: dict[int, int]
    colony_rigs: int
    scripts_per_resource: int
    tokens_per_resource: int
    build_metal: int
    move_supplies: int
    survey_supplies: int
    power_energy: int
    loanable: tuple[str, ...]
    repay_during_game: int
    repay_end_game: int


class Tables(Record):
    constants: Constants
    plots: dict[str, PlotType]
    survey_yields: dict[int, int]
    market: dict[str, MarketCategory]
    game_market_cards: int
    disasters: tuple[DisasterCard, ...]
    karma: tuple[KarmaCard, ...]

    # Deck compositions: one entry per physical card, in table order.  A card's index in
    # its deck's tuple is its identity for the whole game.
    @cached_property
    def plot_deck(self) -> tuple[str, ...]:
        return tuple(t.key for t in self.plots.values() for _ in range(t.count))

    @cached_property
    def survey_deck(self) -> tuple[int, ...]:
        return tuple(y for y, n in self.survey_yields.items() for _ in range(n))

    @cached_property
    def disaster_deck(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.disasters for _ in range(c.count))

    @cached_property
    def karma_deck(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.karma)

    @cached_property
    def market_deck(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.market.values() for _ in range(c.count))

    @cached_property
    def _disaster_by_key(self) -> dict[str, DisasterCard]:
        return {c.key: c for c in self.disasters}

    @cached_property
    def _karma_by_key(self) -> dict[str, KarmaCard]:
        return {c.key: c for c in self.karma}

    def disaster(self, key: str) -> DisasterCard:
        return self._disaster_by_key[key]

    def karma_card(self, key: str) -> KarmaCard:
        return self._karma_by_key[key]

    def all_cards(self) -> tuple[DisasterCard | KarmaCard, ...]:
        return self.disasters + self.karma


def title_of(tables: Tables, deck: str, key: str) -> str:
    """The title of a Disaster or Karma card from its key."""
    card = tables.disaster(key) if deck == "disaster" else tables.karma_card(key)
    return card.title
