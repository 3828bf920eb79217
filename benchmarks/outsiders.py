"""Player programs deliberately unlike the forecast's simulated players (and unlike the
styles of `players.py`), for judging the forecast on play it did not write.  Never used to
fit anything: `bench_calibration_outsiders.py` only evaluates on them.

- **random**: random legal play.  In every phase each player takes up to a few actions
  drawn at random from its legal-actions list (`rigs_helper.games.rigs.legal.legal_actions`:
  build, move, survey, borrow, repay, give, sell, Karma cards, ...), each filled at random
  from the listed values and bounds (the random page player's filler,
  `tests/randomplayer.py`), then ends its turn.
- **raider** (attack-everything): plays every Karma card it can, Destruction and Sabotage
  first, at a victim drawn at random, in every phase it may; borrows whatever it can afford
  to repay never; builds only with spare Metal, half of the time.
- **hoarder** (hoard-and-sell): never builds and never surveys; keeps every Luxury until
  the price is the deck's best seen so far or the last round; repays nothing until the end.
- **dealer** (trade-heavy): every Player Phase gives away resources it holds two or more
  of to a player drawn at random, for credits at a price drawn from 1-6 a unit (`rigs
  give` with `--for`), and buys Luxuries for 3 credits a unit from whoever holds them.

They play through the typed operations of the rules core (not the pages: cheaper on a
shared machine; the operations are the ones the pages post), every other choice `rigs next
--auto`'s, and keep the log a game file would keep.  Every choice comes from a generator
seeded from the game's seed.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import players  # benchmarks/players.py

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from rigs_helper.forecast.record import from_entries  # noqa: E402
from rigs_helper.games.rigs.actions.deals import Give, Sell  # noqa: E402
from rigs_helper.games.rigs.actions.loans import Borrow, Repay  # noqa: E402
from rigs_helper.games.rigs.engine import perform  # noqa: E402
from rigs_helper.rules.errors import RigsError  # noqa: E402
from rigs_helper.games.rigs.legal import legal_actions, operation  # noqa: E402
from rigs_helper.games.rigs.market import card_value  # noqa: E402
from rigs_helper.games.rigs.phases import NextPhase  # noqa: E402
from rigs_helper.rules.rng import Rng  # noqa: E402
from rigs_helper.games.rigs.setup import new_game  # noqa: E402
from rigs_helper.games.rigs.state import Game  # noqa: E402
from rigs_helper.games.rigs.tables import Tables  # noqa: E402

OUTSIDERS = ("random", "raider", "hoarder", "dealer")
#: the random player's choices: what the pages list, without the table's own records
#: (rigs draws and rolls for it) and the answers `rigs next --auto` settles
RANDOM_ACTIONS = ("build", "move", "survey", "vinnie borrow", "vinnie repay", "give", "sell",
                  "karma play", "karma use", "karma discard", "karma swap", "karma retire")
STEPS = 4  # actions a random player takes in a phase, at most


def _random_turn(g: Game, tables: Tables, name: str, rnd: random.Random) -> Game:
    from randomplayer import fill  # tests/randomplayer.py (the pages' random player)

    leave = [a for a in players.TABLE if a not in RANDOM_ACTIONS]
    for _ in range(STEPS):
        if rnd.random() < 0.3:
            break
        acts = legal_actions(g, tables, name, leave_out=leave)
        if not acts:
            break
        a = rnd.choice(acts)
        try:
            params = fill(a.as_json(), rnd, True)
            op = operation(g, tables, name, a.action, params)
            g = players._do(g, op, tables)
        except RigsError:
            continue
    return g


def _raid(g: Game, tables: Tables, name: str, rnd: random.Random) -> Game:
    me = g.player(name)
    if not me.hand:
        return g
    leave = [a for a in players.TABLE if a != "karma play"]
    acts = list(legal_actions(g, tables, name, leave_out=leave))
    rnd.shuffle(acts)
    for a in acts:
        try:
            params = fill_first(a, rnd)
            g = players._do(g, operation(g, tables, name, a.action, params), tables)
            return g
        except RigsError:
            continue
    return g


def fill_first(a, rnd: random.Random) -> dict[str, list[str]]:
    """A Karma card's parameters: each required one a value drawn at random."""
    params: dict[str, list[str]] = {}
    for p in a.params:
        if p.values is None or not p.required:
            continue
        vals = [v for v in p.values if v != "virtual"] or list(p.values)
        params[p.name] = [rnd.choice(vals)]
    return params


def _raider_turn(g: Game, tables: Tables, name: str, rnd: random.Random) -> Game:
    if g.phase == "player":
        me = g.player(name)
        if rnd.random() < 0.5 and g.round < 13:
            g = players._try(g, Borrow(name, "metal", 1 + rnd.randrange(2)), tables)
            me = g.player(name)
            if me.metal >= 2:
                g = players._try(g, players.Build(name, me.metal // 2), tables)
        g = players._place(g, tables, name, players.STYLES["attacker"])
    if g.phase in ("player", "production"):
        g = _raid(g, tables, name, rnd)
    if g.phase == "market":
        g = players.market_phase(g, tables, name, players.STYLES["attacker"],
                                 _mean(g, tables))
    return g


def _hoarder_turn(g: Game, tables: Tables, name: str, rnd: random.Random) -> Game:
    if g.phase == "player":
        g = players._place(g, tables, name, players.STYLES["cautious"])
        if g.round >= 14:
            me = g.player(name)
            for r, n in me.vinnie.items():
                can = min(n, me.amount(r) // tables.constants.repay_during_game)
                if can:
                    g = players._try(g, Repay(name, r, can), tables)
    elif g.phase == "market":
        me = g.player(name)
        price = g.market.price
        if me.luxuries and price is not None:
            seen = [g.market.recorded.get(k + 1, card_value(tables, g.market.values, c))
                    for k, c in enumerate(g.market.drawn)]
            if price >= max(seen) or not g.market.game:
                g = players._try(g, Sell(name, None), tables)
    return g


def _dealer_turn(g: Game, tables: Tables, name: str, rnd: random.Random) -> Game:
    if g.phase == "player":
        g = players._place(g, tables, name, players.STYLES["trader"])
        others = [p.name for p in g.players if p.name != name]
        for r in ("energy", "supplies", "metal", "luxuries"):
            me = g.player(name)
            n = me.amount(r) - 1
            if n < 1 or rnd.random() < 0.3:
                continue
            to = rnd.choice(others)
            price = min(g.player(to).credits, n * (1 + rnd.randrange(6)))
            back = (("credits", price),) if price else ()
            g = players._try(g, Give(name, to, ((r, n),), (), back), tables)
        for p in g.players:
            if p.name != name and p.luxuries:
                n = min(p.luxuries, g.player(name).credits // 3)
                if n:
                    g = players._try(g, Give(p.name, name, (("luxuries", n),), (),
                                             (("credits", 3 * n),)), tables)
    elif g.phase == "market":
        g = players.market_phase(g, tables, name, players.STYLES["builder"], _mean(g, tables))
    return g


def _mean(g: Game, tables: Tables) -> float:
    values = [card_value(tables, g.market.values, i) for i in range(len(tables.market_deck))]
    return sum(values) / len(values)


TURNS = {"random": _random_turn, "raider": _raider_turn, "hoarder": _hoarder_turn,
         "dealer": _dealer_turn}


def turn(g: Game, tables: Tables, name: str, style: str, rnd: random.Random, rng: Rng
         ) -> Game:
    """One player's turn in the current phase, for an outsider or a `players.py` style."""
    if style in TURNS:
        return TURNS[style](g, tables, name, rnd)
    s = players.STYLES[style]
    if g.phase == "player":
        return players.player_phase(g, tables, name, s, rng)
    if g.phase == "production" and s.attack:
        return players._play_cards(g, tables, name, s)
    if g.phase == "market":
        return players.market_phase(g, tables, name, s, _mean(g, tables))
    return g


def _next(g: Game, tables: Tables, rnd: random.Random) -> Game:
    """The phase ended as `rigs next --auto` ends it; what it cannot settle (a question a
    random card asked) answered at random first."""
    for _ in range(20):
        try:
            return perform(g, NextPhase(auto=True), tables).game
        except RigsError:
            from randomplayer import fill

            for p in g.players:
                acts = [a for a in legal_actions(g, tables, p.name)
                        if a.action not in ("done",)]
                if acts:
                    a = rnd.choice(acts)
                    try:
                        op = operation(g, tables, p.name, a.action, fill(a.as_json(), rnd,
                                                                          True))
                        g = players._do(g, op, tables)
                    except RigsError:
                        pass
    raise RuntimeError("the game is stuck")


def play_game(styles: list[str], seed: int, tables: Tables, rounds=players.ROUNDS):
    """As :func:`players.play_game`, with outsiders among the styles."""
    players._LOG.clear()
    records = []
    names = list(players.NAMES[:len(styles)])
    g = new_game(names, seed, tables).game
    rng = Rng(seed ^ 0x9A4E5)
    rnd = random.Random(seed * 31 + 7)
    snaps = []
    while not g.game_over:
        if g.phase == "player" and g.round in rounds:
            snaps.append(g)
            records.append(from_entries(players._LOG))
        for n, s in zip(names, styles):
            g = turn(g, tables, n, s, rnd, rng)
        g = _next(g, tables, rnd)
    return snaps, players.final_winners(g, tables), records


def table_styles(n: int, seed: int) -> list[str]:
    """Game ``seed``'s seats: at least one outsider, the rest outsiders or `players.py`
    styles (a seeded choice); every fourth game all random players."""
    rng = Rng(seed * 104729 + n)
    if seed % 4 == 0:
        return ["random"] * n
    pool = list(OUTSIDERS) + list(players.STYLES)
    seats = [OUTSIDERS[rng.below(len(OUTSIDERS))]]
    seats += [pool[rng.below(len(pool))] for _ in range(n - 1)]
    k = rng.below(n)
    return seats[k:] + seats[:k]


__all__ = ["OUTSIDERS", "play_game", "table_styles", "turn"]
