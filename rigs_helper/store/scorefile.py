"""Scoring a file: a quick scoring sheet or a finished game file (the one place that
does it; the arithmetic is :mod:`rigs_helper.games.rigs.scoring`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.market import card_value
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.scoring import (
    EndgameValues,
    GameScore,
    PlayerScore,
    complete_values,
    missing_values,
    score_game,
)
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.store.files import fresh_seed, read_text
from rigs_helper.store.sheet import Sheet, parse_sheet
from rigs_helper.store.tablefiles import load_tables


@dataclass(frozen=True)
class ScoreResult:
    score: GameScore
    drawn: list[str] = field(default_factory=list)
    seed: int | None = None
    # the game as the group's history keeps it (store/historyplay.py), when asked for
    play: dict | None = None
    # a game file's: the game as scored and the file as read (for the play styles the
    # history keeps, worked out by the forecast: cli/keep.py)
    game: Any = None
    loaded: Any = None


def score_file(path: Path, draw: bool = False, seed: int | None = None,
               cards: list[str] | None = None, rolls: list[str] | None = None,
               explain: str | None = None, with_play: bool = False) -> ScoreResult:
    """Score a sheet or a game file; ``cards`` (TYPE=V[,V]) and ``rolls`` (RESOURCE=N) are
    the End Game Market cards and dice the table drew, recorded instead of drawn;
    ``explain``: a player who must be in the game (checked before anything is written);
    ``with_play``: the result also holds the game as the history keeps it."""
    from rigs_helper.games.rigs.scoring import end_rolls, parse_end_cards

    text = read_text(path)
    tables = load_tables()
    given = parse_end_cards(cards, tables)
    table_rolls = None
    if rolls:
        from rigs_helper.games.rigs.dice import parse_rolls

        table_rolls = parse_rolls(rolls)
    if is_game_file(text):
        if draw or seed is not None:
            raise InputError(f"{path}: --draw and --seed are for scoring sheets; a game file "
                             "draws the End Game values from its own decks")
        return score_game_file(path, text, tables, cards=given, rolls=table_rolls,
                               explain=explain, with_play=with_play)
    sheet = parse_sheet(text, str(path), tables)
    if explain is not None:
        find_name([p.name for p in sheet.players], explain)
    _in_the_market_deck(sheet, given, tables, path)
    if given or table_rolls:
        from dataclasses import replace

        from rigs_helper.games.rigs.scoring import given_values

        pv, rv = dict(sheet.plot_values), dict(sheet.resource_values)
        dice = end_rolls(table_rolls) if table_rolls is not None else {}
        given_values(given, dice, pv, rv, f"{path}: endgame.")
        sheet = replace(sheet, plot_values=pv, resource_values=rv,
                        plot_cards={**sheet.plot_cards, **given})
    result = score_sheet(sheet, tables, draw=draw, seed=seed, file=str(path))
    if with_play:
        from dataclasses import replace

        from rigs_helper.store.historyrigs import play_of_sheet

        result = replace(result, play=play_of_sheet(path, text, sheet, result.score))
    return result


def _in_the_market_deck(sheet: Sheet, given: dict[str, tuple[int, ...]], tables: Tables,
                        path: Path) -> None:
    """The End Game Market cards a sheet records (its ``plot_values`` lists and the
    table's ``--card``), each value at most as often as the Market deck holds it (a value
    none of its cards has: the group's print, whose values the sheet need not give)."""
    from collections import Counter

    from rigs_helper.games.rigs.scoring import beyond_deck

    held = Counter(card_value(tables, sheet.market_values, i)
                   for i in range(len(tables.market_deck)))
    err = beyond_deck({**sheet.plot_cards, **given}, held, "the Market deck",
                      lambda t, v: f"--card {t}={','.join(map(str, v))}" if t in given
                      else f"{path}: endgame.plot_values.{t}", unknown=True)
    if err is not None:
        raise err


def is_game_file(text: str) -> bool:
    """Whether ``text`` is a game file (its first key is `version`), not a scoring sheet."""
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("version") and "=" in s:
            return True
        if s.startswith("["):
            return False
    return False


def score_sheet(sheet: Sheet, tables: Tables, draw: bool = False,
                seed: int | None = None, file: str | None = None) -> ScoreResult:
    missing = missing_values(sheet.players, sheet.luxury_price, sheet.plot_values,
                             sheet.resource_values)
    if not draw:
        if missing:
            where = f"{file}: " if file else ""
            raise InputError(f"{where}the sheet lacks End Game values: " + ", ".join(missing)
                             + " (add them, or use --draw to draw them)")
        values = EndgameValues(sheet.luxury_price or 0, sheet.plot_values,
                               sheet.resource_values, sheet.plot_cards)
        return ScoreResult(score_game(sheet.players, values, tables))
    seed = fresh_seed() if seed is None else seed
    rng = Rng(seed)
    # A virtual Market deck: the first cards dealt form the Game Market Deck, the rest the
    # End Game Market Deck, exactly as at set-up.
    order = rng.shuffled(range(len(tables.market_deck)))
    values_of = [card_value(tables, sheet.market_values, i) for i in order]
    n = tables.game_market_cards
    values, drawn = complete_values(
        tables, sheet.luxury_price, sheet.plot_values, sheet.resource_values,
        end_deck=values_of[n:], roll=lambda: rng.die(tables.constants.die_sides),
        last_game_card=values_of[n - 1])
    cards = {**values.plot_cards, **sheet.plot_cards}
    values = EndgameValues(values.luxury_price, values.plot_values, values.resource_values, cards)
    return ScoreResult(score_game(sheet.players, values, tables), drawn, seed)


def find_player(score: GameScore, name: str) -> PlayerScore:
    found = find_name([p.name for p in score.players], name)
    return next(p for p in score.players if p.name == found)


def find_name(names: list[str], name: str) -> str:
    """The player ``name`` names (games.rigs.names.match_player: case, accents, a prefix)."""
    from rigs_helper.games.rigs.names import match_player

    return match_player(name, names)


def score_game_file(path: Path, text: str, tables: Tables,
                    cards: dict[str, tuple[int, ...]] | None = None, rolls=None,
                    explain: str | None = None, with_play: bool = False):
    # a game file needs the engine; a sheet does not, so it is imported only here
    from rigs_helper.games.rigs.dice import DieNeeded, Rolls, said_rolls
    from rigs_helper.games.rigs.endgame import EndgameDraws, holdings
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.store import session

    loaded = session.load_checked(text, path, tables)
    game = loaded.game
    op = EndgameDraws(tuple((cards or {}).items()), rolls or Rolls())
    op.check(game, tables)
    if explain is not None:  # a refused command changes nothing: check before the draws
        find_name([p.name for p in game.players], explain)
    e = game.endgame
    drawn: list[str] = []
    complete = (set(e.plot_values) >= set(tables.plots)
                and set(e.resource_values) >= set(tables.constants.loanable))
    if not complete or op.cards or op.rolls:
        with session.writing(path):  # re-read under the lock: another command may have won
            loaded = session.load(path, tables)
            try:
                outcome = perform(loaded.game, op, tables)
            except DieNeeded as err:  # the table rolls (--dice table): the command to run
                raise DieNeeded(err.player, err.why, "score" + said_rolls(op.rolls)) from None
            session.commit(path, loaded, outcome.game, op.describe(), tables, op=op,
                           outcome=outcome)
        game, drawn = outcome.game, list(outcome.messages)
    e = game.endgame
    values = EndgameValues(game.market.price or 0, e.plot_values, e.resource_values,
                           e.plot_cards)
    score = score_game(holdings(game), values, tables)
    play = None
    if with_play:
        from rigs_helper.store.historyrigs import play_of_game

        play = play_of_game(path, game, loaded, score, tables)
    # the game's seed stays private (only `rigs verify --reveal` shows it)
    return ScoreResult(score, drawn, None, play, game=game, loaded=loaded)
