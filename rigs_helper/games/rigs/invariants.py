"""The rules no hand edit may break, across a whole game: players, plots in exactly one
place, every deck's cards adding up, the colony's caps.  `rigs doctor` lists them all."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from rigs_helper.rules.checker import Checker
from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables, title_of
from rigs_helper.games.rigs.waitsdoc import check_waits, waiting_cards


def check_game(game: Game, tables: Tables, check: Checker) -> None:
    """Rules no hand edit may break: players, plots, card counts, colony caps."""
    for problem in game_problems(game, tables, check):
        raise problem


def game_problems(game: Game, tables: Tables, check: Checker) -> Iterator[InputError]:
    """Every broken whole-game rule, as errors to raise or list (`rigs doctor`)."""
    const = tables.constants
    n = len(game.players)
    if not const.players_min <= n <= const.players_max:
        yield check.fail("players", f"a game has {const.players_min} to {const.players_max} "
                         f"players, not {n}")
    names = Counter(p.name.lower() for p in game.players)
    for name, k in names.items():
        if k > 1:
            yield check.fail("players", f"duplicate player name {name!r}")
    if game.leader.lower() not in names:
        yield check.fail("leader", f"{game.leader!r} is not a player")
    # one Market card is drawn per round, in its Market Phase
    drawn = len(game.market.drawn)
    if not game.round - 1 <= drawn <= game.round:
        yield check.fail("round", f"round {game.round}, but {drawn} Market "
                         f"card{'s' if drawn != 1 else ''} drawn (one per round)")
    # every plot card in exactly one place (the ids sorted alike are the usual case: each
    # once; else counted, to name each one)
    ids = [*game.plot_deck, *game.grant, *(x.id for p in game.players for x in p.plots)]
    if _sorted(ids) != _wants(tables)["plot"]:
        where = Counter(ids)
        all_plots = {f"P{i + 1}" for i in range(len(tables.plot_deck))}
        for pid in sorted(all_plots):
            if where[pid] != 1:
                yield check.fail("players.plots", f"plot card {pid} is in {where[pid]} "
                                 "places (deck, Land Grant, players); it must be in "
                                 "exactly one")
    wants = _wants(tables)
    yield from _conserve(check, "survey", wants["survey"],
                         [*game.survey.draw, *(x.survey for p in game.players
                                               for x in p.plots if x.survey is not None)])
    yield from _conserve(check, "disaster", wants["disaster"],
                         [*game.disaster.draw, *game.disaster.discard,
                          *(p.disaster for p in game.players if p.disaster)], tables)
    karma = [*game.karma.draw, *game.karma.discard]
    for p in game.players:
        karma += p.hand
        karma += p.in_play
        karma += p.incoming
    karma += waiting_cards(game)
    yield from _conserve(check, "karma", wants["karma"], karma, tables)
    yield from check_waits(game, check)
    yield from _conserve(check, "market", wants["market"],
                         [*game.market.game, *game.market.drawn, *game.market.end])
    if game.colony_rigs > const.colony_rigs:
        yield check.fail("players", f"the colony has {game.colony_rigs} RIGS; "
                         f"there are only {const.colony_rigs} RIGS tokens")
    for r in const.loanable:
        if game.scripts_out(r) > const.scripts_per_resource:
            yield check.fail("players.vinnie", f"{game.scripts_out(r)} {r} scripts are out; "
                             f"Vinnie has only {const.scripts_per_resource}")


#: each deck's cards sorted (and the plot ids), for the last tables asked about
_WANTS: list[Any] = [None, {}]


def _wants(tables: Tables) -> dict[str, Any]:
    """Every card of each deck, sorted (None when they do not sort) and counted: what the
    cards in the game add up to."""
    if _WANTS[0] is not tables:
        decks: dict[str, Any] = {"survey": tables.survey_deck,
                                 "disaster": tables.disaster_deck,
                                 "karma": tables.karma_deck,
                                 "market": range(len(tables.market_deck))}
        _WANTS[:] = [tables, {
            "plot": sorted(f"P{i + 1}" for i in range(len(tables.plot_deck))),
            **{k: (_sorted(v), Counter(v)) for k, v in decks.items()}}]
    return _WANTS[1]  # type: ignore[no-any-return]


def _sorted(cards: Any) -> list[Any] | None:
    """``cards`` sorted (None when they do not sort: counted then)."""
    try:
        return sorted(cards)
    except TypeError:
        return None


def _conserve(check: Checker, deck: str, wanted: tuple[list[Any] | None, Counter[Any]],
              cards: list[Any], tables: Tables | None = None) -> Iterator[InputError]:
    """The cards of ``deck`` in the game (``cards``) against the deck (``wanted``: sorted,
    and counted): the same sorted is the usual case; else counted, to name what is extra
    or missing."""
    if wanted[0] is not None and _sorted(cards) == wanted[0]:
        return
    want, have = wanted[1], Counter(cards)

    def name(k: Any) -> str:  # a Disaster or Karma card by its title, not its key
        try:
            return title_of(tables, deck, k) if tables is not None else str(k)
        except KeyError:
            return str(k)

    if want != have:
        extra = have - want
        short = want - have
        bits = []
        if extra:
            bits.append("extra " + ", ".join(f"{name(k)} x{v}" for k, v in
                                             sorted(extra.items(), key=str)))
        if short:
            bits.append("missing " + ", ".join(f"{name(k)} x{v}" for k, v in
                                               sorted(short.items(), key=str)))
        yield check.fail(f"decks.{deck}", f"the {deck} cards do not add up to the deck "
                         f"({'; '.join(bits)})")
