"""Set-up of a new game (RULES.md "Set-up").  No I/O."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rigs_helper.games.rigs.dice import DICE_MODES, Rolls
from rigs_helper.games.rigs.engine import Outcome, Work, determine_leader
from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.mixed import virtual_ids
from rigs_helper.games.rigs.names import fold
from rigs_helper.games.rigs.state import CARD_MODES, Game, Market, Pile, Player, Plot
from rigs_helper.games.rigs.tables import Tables


def new_game(names: list[str], seed: int, tables: Tables, rolls: Rolls | None = None,
             plots: dict[str, list[str]] | None = None, dice: str = "rigs",
             missing: Mapping[str, Mapping[str, int]] | None = None,
             cards: str = "table") -> Outcome:
    """A new game; ``rolls`` are the table's dice for a leader roll-off (NAME=N);
    ``plots`` the table's own deal of starting plots, as plot types per player (every
    player, the set-up's number each); otherwise rigs deals them.  ``dice``: "table" when
    the table rolls every die of the game (rigs never rolls).  ``missing``: the group's
    inventory; its Plot deck part is used here, the starting plots dealt from the mixed
    Plot deck (the rest goes through :class:`~rigs_helper.games.rigs.decks.SetInventory`).
    ``cards``: "rigs" when rigs deals every card (no page asks for a record), "table" when
    the table records its own."""
    const = tables.constants
    clean = [n.strip() for n in names]
    if not const.players_min <= len(clean) <= const.players_max:
        raise InputError(f"a game has {const.players_min} to {const.players_max} players, "
                         f"not {len(clean)} (give --player once per player)")
    seen: set[str] = set()
    for n in clean:
        if not n:
            raise InputError("a player name cannot be empty")
        if fold(n) in seen:  # names match without case or accents: "Zoe" is "Zoë"
            raise InputError(f"duplicate player name {n!r}")
        seen.add(fold(n))
    start = const.start
    players = tuple(Player(name=n, credits=start["credits"], energy=start["energy"],
                           supplies=start["supplies"], metal=start["metal"],
                           luxuries=start["luxuries"], warehouse_rigs=start["rigs"])
                    for n in clean)
    from rigs_helper.games.rigs.replay import commitment

    if dice not in DICE_MODES:
        raise InputError(f"--dice {dice}: one of {', '.join(DICE_MODES)}")
    if cards not in CARD_MODES:
        raise InputError(f"--cards {cards}: one of {', '.join(CARD_MODES)}")
    game = Game(seed=seed, rng=0, players=players, commitment=commitment(seed), dice=dice, cards=cards,
                table_shuffles=True, table_draws=True,
                table_deals=True)
    for name, _ in rolls.named if rolls else ():
        game.player(name)  # a roll for someone who is not playing
    w = Work(game, tables, rolls=rolls)
    rng = w.rng
    plot_ids = [f"P{i + 1}" for i in range(len(tables.plot_deck))]
    market = rng.shuffled(range(len(tables.market_deck)))
    n_game = tables.game_market_cards
    w.game = replace(
        w.game,
        plot_deck=tuple(rng.shuffled(plot_ids)),
        survey=Pile(tuple(rng.shuffled(tables.survey_deck))),
        disaster=Pile(tuple(rng.shuffled(tables.disaster_deck))),
        karma=Pile(tuple(rng.shuffled(tables.karma_deck))),
        market=Market(game=tuple(market[:n_game]), end=tuple(market[n_game:])),
    )
    w.say(f"New game for {', '.join(clean)}.")  # the seed is private (rigs verify --reveal)
    deal = const.start_plots[len(clean)]
    deck = list(w.game.plot_deck)
    lacks = (missing or {}).get("plot")
    if lacks is not None:  # (a Plot deck all the group's own is mixed too: `have = "all"`)
        _mixed_deal(w, tables, deck, dict(lacks), deal, bool(plots))
    elif plots:
        _recorded_deal(w, tables, deck, plots, deal)
    else:
        for _ in range(deal):
            for p in w.game.players:
                pid = deck.pop(0)
                plot = Plot(pid, tables.plot_deck[int(pid[1:]) - 1])
                w.update(p.name, plots=w.player(p.name).plots + (plot,))
    w.game = replace(w.game, plot_deck=tuple(deck))
    how = "recorded" if plots else "dealt by rigs"
    virtual = virtual_ids(tables, "plot", lacks) if lacks is not None else None
    for p in w.game.players:
        if virtual is None:
            w.say(f"{p.name} starts with " + ", ".join(
                f"{x.id} {tables.plots[x.type].name}" for x in p.plots) + f" ({how}).")
        else:
            w.say(f"{p.name} starts with " + ", ".join(
                f"{x.id} {tables.plots[x.type].name} ("
                + ("virtual" if x.id in virtual else "from your pile") + ")"
                for x in p.plots) + ".")
    determine_leader(w)
    w.say("Round 1, Player Phase (no Land Grant in round 1).")
    return w.done()


def _mixed_deal(w: Work, tables: Tables, deck: list[str], lacks: dict[str, int],
                deal: int, recorded: bool) -> None:
    """The starting plots from a mixed Plot deck: rigs deals from the one shuffle; a plot
    of the group's own is handed out from its pile by type (the deal is face up)."""
    from rigs_helper.games.rigs.state import frozen_map

    if recorded:
        raise InputError("--plots: with the group's Plot cards in the inventory (--have), "
                         "rigs deals the starting plots and says which to hand out from "
                         "your pile; leave out --plots")
    for _ in range(deal):
        for p in w.game.players:
            pid = deck.pop(0)
            plot = Plot(pid, tables.plot_deck[int(pid[1:]) - 1])
            w.update(p.name, plots=w.player(p.name).plots + (plot,))
    w.game = replace(w.game, missing=frozen_map({"plot": frozen_map(lacks)}))
    v = virtual_ids(tables, "plot", lacks)
    mine = sum(1 for x in deck if x not in v)
    w.say(f"Plot deck: the starting plots are dealt from {len(tables.plot_deck) - len(v)} "
          f"of the group's cards and {len(v)} virtual ones shuffled together; hand out "
          "each plot marked \"from your pile\" from your own Plot cards, then shuffle the "
          f"rest ({mine} cards) as your Plot pile.")


def _recorded_deal(w: Work, tables: Tables, deck: list[str], plots: dict[str, list[str]],
                   deal: int) -> None:
    """Give each player the plot types the table dealt, taking plot cards of those types
    from the shuffled deck (the rest of the deck keeps its order)."""
    given = {w.game.player(n).name: types for n, types in plots.items()}
    for p in w.game.players:
        types = given.get(p.name)
        if types is None:
            raise InputError(f"--plots: give {p.name}'s starting plots too (every player's, "
                             f"{deal} each)")
        if len(types) != deal:
            raise InputError(f"--plots {p.name}: {len(types)} plots given; with "
                             f"{len(w.game.players)} players each starts with {deal}")
        for t in types:
            kind = _plot_type(tables, t)
            pid = next((x for x in deck if tables.plot_deck[int(x[1:]) - 1] == kind), None)
            if pid is None:
                raise InputError(f"--plots {p.name}: no {tables.plots[kind].name} is left "
                                 "(the Plot deck has 9 Plains, 9 Valley, 3 Forest, 3 Desert, "
                                 "3 Ridge)")
            deck.remove(pid)
            w.update(p.name, plots=w.player(p.name).plots + (Plot(pid, kind),))


def _plot_type(tables: Tables, text: str) -> str:
    t = text.strip().lower()
    for key, pt in tables.plots.items():
        if t in (key, pt.name.lower()):
            return key
    raise InputError(f"--plots: {text!r} is not a plot type ("
                     + ", ".join(pt.name for pt in tables.plots.values()) + ")")
