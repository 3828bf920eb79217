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
    # every plot card in exactly one place
    # (counted with update: every count here is positive, so a sum of Counters is the same)
    where = Counter(game.plot_deck)
    where.update(game.grant)
    for p in game.players:
        where.update(x.id for x in p.plots)
    all_plots = {f"P{i + 1}" for i in range(len(tables.plot_deck))}
    for pid in sorted(all_plots):
        if where[pid] != 1:
            yield check.fail("players.plots", f"plot card {pid} is in {where[pid]} places "
                             "(deck, Land Grant, players); it must be in exactly one")
    yield from _conserve(check, "survey", Counter(tables.survey_deck),
              Counter(game.survey.draw) + Counter(x.survey for p in game.players
                                                  for x in p.plots if x.survey is not None))
    yield from _conserve(check, "disaster", Counter(tables.disaster_deck),
              Counter(game.disaster.draw) + Counter(game.disaster.discard)
              + Counter(p.disaster for p in game.players if p.disaster), tables)
    karma = Counter(game.karma.draw)
    karma.update(game.karma.discard)
    for p in game.players:
        karma.update(p.hand)
        karma.update(p.in_play)
        karma.update(p.incoming)
    karma.update(waiting_cards(game))
    yield from _conserve(check, "karma", Counter(tables.karma_deck), karma, tables)
    yield from check_waits(game, check)
    yield from _conserve(check, "market", Counter(range(len(tables.market_deck))),
              Counter(game.market.game) + Counter(game.market.drawn) + Counter(game.market.end))
    if game.colony_rigs > const.colony_rigs:
        yield check.fail("players", f"the colony has {game.colony_rigs} RIGS; "
                         f"there are only {const.colony_rigs} RIGS tokens")
    for r in const.loanable:
        if game.scripts_out(r) > const.scripts_per_resource:
            yield check.fail("players.vinnie", f"{game.scripts_out(r)} {r} scripts are out; "
                             f"Vinnie has only {const.scripts_per_resource}")


def _conserve(check: Checker, deck: str, want: Counter[Any], have: Counter[Any],
              tables: Tables | None = None) -> Iterator[InputError]:
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
