"""Player programs that play R.I.G.S. the way tables do, for measuring the forecast on games
it did not write.  Not part of the package: the forecast (`rigs_helper/forecast/`) never
imports this module, so it cannot peek at how these players decide.

Each player program is a :class:`Style`; :func:`play_game` plays a whole seeded game with one
style per seat through the typed operations of the rules core (`perform` with Build, Move,
Survey, Borrow, Repay, Sell, DealPropose and DealAccept, and Karma cards played from the
legal-actions list), the rest of every phase settled by `rigs next --auto`; the entries a
game file's log would keep are kept, so the forecast reads what each player did.  The styles:

- **builder**: builds RIGS with every 2 Metal, borrows Metal to build more, puts RIGS on
  Metal and Energy first, repays from round 10 on, sells Luxuries at the mean price or better.
- **attacker**: plays every Karma card it holds (the victim: the other player with the
  highest expected net worth), places RIGS, sells at the mean price or better.
- **trader**: surveys its plots and harvests Luxuries, sells only at a High price or
  better (and in the last round), offers its spare Energy and Supplies to another player
  for credits (`deal propose`, and the other accepts), borrows Supplies to survey.
- **cautious**: surveys, places RIGS on Luxuries and Supplies, sells every Luxury at once,
  never borrows (repays what it owes as soon as it can), plays only Wealth cards.

Every choice uses a generator seeded from the game's seed (nothing random elsewhere).
"""

from __future__ import annotations

from dataclasses import dataclass

from rigs_helper.forecast.model import expected_networth
from rigs_helper.forecast.record import Record, entry, from_entries
from rigs_helper.games.rigs.actions.deals import Sell
from rigs_helper.games.rigs.actions.loans import Borrow, Repay
from rigs_helper.games.rigs.actions.placement import Build, Move, Survey
from rigs_helper.games.rigs.endgame import EndgameDraws, holdings
from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.legal import TABLE, legal_actions, operation
from rigs_helper.games.rigs.market import card_value
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.scoring import EndgameValues, score_game
from rigs_helper.games.rigs.setup import new_game
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.games.rigs.waits.deals import DealAccept, DealPropose

NAMES = ("Ana", "Bo", "Cy", "Di")
ROUNDS = (5, 10, 14)


@dataclass(frozen=True)
class Style:
    name: str
    prefs: tuple[str, ...]  # where RIGS go, in order
    build: float  # chance of building with spare Metal in a Player Phase
    borrow: str | None  # resource borrowed to build or survey
    survey: float  # chance of surveying an unsurveyed plot in a Player Phase
    sell_at: float | None  # lowest price sold at (None: the mean Market card value)
    repay_from: int  # round from which scripts are repaid
    attack: bool  # plays Destruction and Sabotage cards
    wealth: bool  # plays Wealth cards
    trade: bool  # trades spare Energy and Supplies for credits


STYLES = {
    "builder": Style("builder", ("metal", "energy", "supplies", "luxuries"), 1.0, "metal",
                     0.2, None, 10, False, True, False),
    "attacker": Style("attacker", ("energy", "metal", "luxuries", "supplies"), 0.6, None,
                      0.3, None, 12, True, True, False),
    "trader": Style("trader", ("luxuries", "energy", "supplies", "metal"), 0.4, "supplies",
                    1.0, 6, 8, False, False, True),
    "cautious": Style("cautious", ("luxuries", "supplies", "energy", "metal"), 0.3, None,
                      0.7, 0, 1, False, True, False),
}


#: the log of the game being played (its entries, as a game file keeps them)
_LOG: list[dict] = []


def _do(g: Game, op, tables: Tables) -> Game:
    """``op`` performed and logged (raises RigsError when the rules refuse it)."""
    after = perform(g, op, tables).game
    _LOG.append(entry(op, g))
    return after


def _try(g: Game, op, tables: Tables) -> Game:
    try:
        return _do(g, op, tables)
    except RigsError:
        return g


def _free(g: Game, tables: Tables, name: str, harvest: str):
    me = g.player(name)
    fits = [x for x in me.plots if x.harvest in (None, harvest)
            and x.spots(tables, harvest) > x.rigs]
    return max(fits, key=lambda x: (x.rigs > 0, x.spots(tables, harvest)), default=None)


def _place(g: Game, tables: Tables, name: str, style: Style) -> Game:
    """Warehouse RIGS onto free spots (1 Supply each): Energy first while the plots to
    power outnumber the Energy RIGS, then the style's order."""
    for _ in range(8):
        me = g.player(name)
        if not me.warehouse_rigs or not me.supplies:
            break
        energy = sum(x.rigs for x in me.plots if x.harvest == "energy")
        powered = sum(1 for x in me.plots if x.rigs and x.harvest != "energy")
        order = (("energy",) if energy <= powered else ()) + style.prefs
        for r in order:
            x = _free(g, tables, name, r)
            if x is not None:
                g = _try(g, Move(name, 1, x.id, r), tables)
                break
        else:
            break
    return g


def _worth(g: Game, tables: Tables) -> dict[str, float]:
    return expected_networth(g, tables)


def _play_cards(g: Game, tables: Tables, name: str, style: Style) -> Game:
    """Karma cards the style plays, each parameter the first allowed value, the victim the
    richest other player."""
    me = g.player(name)
    if not me.hand:
        return g
    kinds = {"wealth"} if style.wealth else set()
    if style.attack:
        kinds |= {"destruction", "sabotage", "wealth"}
    if not kinds:
        return g
    worth = _worth(g, tables)
    victims = sorted((n for n in worth if n != name), key=lambda n: -worth[n])
    leave = [a for a in TABLE if a != "karma play"]
    for a in legal_actions(g, tables, name, leave_out=leave):
        title = a.param("title").values[0]
        card = next(c for c in tables.karma if c.title == title)
        if card.kind not in kinds:
            continue
        params: dict[str, list[str]] = {"title": [title]}
        for p in a.params:
            if p.name == "title" or p.values is None or not p.required:
                continue
            if p.name == "target":
                pick = [v for v in victims if v in p.values][:1] or list(p.values[:1])
            elif p.name == "new_owner":
                pick = [name] if name in p.values else list(p.values[:1])
            else:
                pick = list(p.values[:1])
            params[p.name] = pick
        try:
            op = operation(g, tables, name, "karma play", params)
            g = _do(g, op, tables)
        except RigsError:
            continue
        break  # one card a phase
    return g


def player_phase(g: Game, tables: Tables, name: str, style: Style, rng: Rng) -> Game:
    c = tables.constants
    me = g.player(name)
    if g.round >= style.repay_from:
        for r, n in me.vinnie.items():
            can = min(n, me.amount(r) // c.repay_during_game)
            if can:
                g = _try(g, Repay(name, r, can), tables)
    me = g.player(name)
    unsurveyed = [x for x in me.plots if x.survey is None]
    if unsurveyed and rng.below(100) < style.survey * 100:
        if not me.supplies and style.borrow == "supplies":
            g = _try(g, Borrow(name, "supplies", 1), tables)
        g = _try(g, Survey(name, unsurveyed[0].id), tables)
    me = g.player(name)
    if rng.below(100) < style.build * 100 and g.round < 14:
        if style.borrow == "metal" and me.metal % 2 and g.round < 10:
            g = _try(g, Borrow(name, "metal", 1), tables)
            me = g.player(name)
        n = me.metal // c.build_metal
        if n:
            g = _try(g, Build(name, n), tables)
    g = _place(g, tables, name, style)
    if style.trade:
        g = _trade(g, tables, name)
    return _play_cards(g, tables, name, style)


def _trade(g: Game, tables: Tables, name: str) -> Game:
    """Spare Energy and Supplies (over 3 of each) offered to the player with the most
    credits, 4 credits a unit (`deal propose`); the buyer accepts (`deal accept`)."""
    me = g.player(name)
    buyer = max((p for p in g.players if p.name != name), key=lambda p: p.credits)
    for r in ("energy", "supplies"):
        n = min(me.amount(r) - 3, buyer.credits // 4)
        if n > 0:
            try:
                g = _do(g, DealPropose(name, buyer.name, ((r, n),), (), (("credits", 4 * n),)),
                        tables)
                g = _do(g, DealAccept(buyer.name, str(g.waits.last_deal)), tables)
            except RigsError:
                continue
            buyer = g.player(buyer.name)
    return g


def market_phase(g: Game, tables: Tables, name: str, style: Style, mean: float) -> Game:
    me = g.player(name)
    price = g.market.price
    if not me.luxuries or price is None:
        return g
    floor = mean if style.sell_at is None else style.sell_at
    if price >= floor or not g.market.game:
        g = _try(g, Sell(name, None), tables)
    return g


def final_winners(g: Game, tables: Tables) -> tuple[int, ...]:
    """1 for each winner of `rigs score` (the End Game draws with the game's generator)."""
    g = perform(g, EndgameDraws(), tables).game
    e = g.endgame
    score = score_game(holdings(g), EndgameValues(g.market.price or 0, e.plot_values,
                                                   e.resource_values), tables)
    return tuple(int(p.name in score.winners) for p in g.players)


def play_game(styles: list[str], seed: int, tables: Tables, rounds=ROUNDS
              ) -> tuple[list[Game], tuple[int, ...], list[Record]]:
    """A whole game with one style per seat: (the state at the start of each round in
    ``rounds``, before anyone acts; 1 for each winner; what the log says each player
    had done at each of those states)."""
    _LOG.clear()
    records = []
    names = list(NAMES[:len(styles)])
    seats = {n: STYLES[s] for n, s in zip(names, styles)}
    g = new_game(names, seed, tables).game
    rng = Rng(seed ^ 0x9A4E5)
    values = [card_value(tables, g.market.values, i) for i in range(len(tables.market_deck))]
    mean = sum(values) / len(values)
    snaps = []
    while not g.game_over:
        if g.phase == "player" and g.round in rounds:
            snaps.append(g)
            records.append(from_entries(_LOG))
        for n in names:
            if g.phase == "player":
                g = player_phase(g, tables, n, seats[n], rng)
            elif g.phase == "production":
                if seats[n].attack:
                    g = _play_cards(g, tables, n, seats[n])
            elif g.phase == "market":
                g = market_phase(g, tables, n, seats[n], mean)
        g = perform(g, NextPhase(auto=True), tables).game
    return snaps, final_winners(g, tables), records


#: the tables the benchmark plays: each style alone against the others, and mixed tables
def table_styles(players: int, seed: int) -> list[str]:
    """The styles of game ``seed``'s seats: one style per seat from a cycle that gives every
    style every seat and mixed tables (a seeded choice)."""
    rng = Rng(seed * 7919 + players)
    names = list(STYLES)
    if seed % 3 == 0:  # a table of one style against one other
        a, b = names[rng.below(4)], names[rng.below(4)]
        return [a if k % 2 == 0 else b for k in range(players)]
    return [names[rng.below(4)] for _ in range(players)]


__all__ = ["NAMES", "ROUNDS", "STYLES", "Style", "final_winners", "play_game",
           "table_styles"]
