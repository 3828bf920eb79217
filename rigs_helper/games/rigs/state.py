"""The state of a game as frozen dataclasses.  No I/O.

Every change goes through an operation (``rigs_helper.ops``) that returns a new state; the
log of applied operations in the game file gives history and undo.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Mapping

from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.names import find_plot, match_player, plot_id
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.games.rigs.waits.records import Waits

#: 3: the history's entries leave out what the entry before says (issue 40); 2: the
#: history of typed actions (store/migrate1.py reads version 1)
SCHEMA_VERSION = 3
#: the most credits or units of one resource a player may hold: no game comes near (everyone
#: starts with 100 credits); a larger number is a typing slip, refused where it is typed
#: (`rigs adjust`) or read (a hand edit), so every figure the history keeps stays bounded
MAX_HOLDING = 100_000


def frozen_map(d: Mapping[Any, Any] | None = None) -> Mapping[Any, Any]:
    return MappingProxyType(dict(d or {}))


#: ``Player.disaster_draw`` of a player whose Karma card for a Disaster is still to be
#: drawn at the table and recorded (nothing drawn by rigs, nothing shown before)
OWED_DRAW = "(owed)"


@dataclass(frozen=True, slots=True)
class Plot:
    id: str  # "P7": the plot card's number in the Plot deck, stable for the game
    type: str
    survey: int | None = None  # yield of its Survey card (Luxury spots); None = unsurveyed
    rigs: int = 0
    harvest: str | None = None  # what its RIGS harvest; None when it has no RIGS

    @property
    def luxury(self) -> bool:
        return bool(self.survey)

    def spots(self, tables: Tables, resource: str) -> int:
        if resource == "luxuries":
            return self.survey or 0
        return tables.plots[self.type].spots[resource]


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    credits: int = 0
    energy: int = 0
    supplies: int = 0
    metal: int = 0
    luxuries: int = 0
    warehouse_rigs: int = 0
    plots: tuple[Plot, ...] = ()
    hand: tuple[str, ...] = ()  # Karma card keys, in the order drawn
    in_play: tuple[str, ...] = ()  # Karma cards put into play in front of the player
    vinnie: Mapping[str, int] = field(default_factory=frozen_map)  # scripts per resource
    disaster: str | None = None  # Disaster card in front of the player this round
    effects: tuple[str, ...] = ()  # production modifiers in force this round
    borrowed: int = 0  # Vinnie units borrowed in the current phase
    may_swap: bool = False  # unaffected by this round's Disaster: may swap a Karma card
    must_lose_rigs: int = 0  # RIGS the player still has to choose to lose
    on_cards: Mapping[str, int] = field(default_factory=frozen_map)  # RIGS on in-play cards
    plan: Mapping[str, str] = field(default_factory=frozen_map)  # plot id -> "power"/"skip"
    must_discard: int = 0  # resources of their choice the player still has to throw away
    may_take: int = 0  # resources of their choice the player may still take (Ruins)
    last_loss: Mapping[str, int] = field(default_factory=frozen_map)  # for Warehouse Insurance
    no_sabotage_round: int = 0  # Ain't Working for You: no Sabotage cards this round
    incoming: tuple[str, ...] = ()  # Karma cards that join the hand next round (Identity Theft)
    # the Karma card rigs drew for this round's Disaster (a recorded card replaces it), or
    # OWED_DRAW: a virtual Disaster recorded from a page hurt them, and the Karma card they
    # draw for it waits for the table's record (`karma draw`: a title, or virtual)
    disaster_draw: str | None = None
    # Karma cards a card made them draw at the table, waiting for their records (`karma
    # draw`: a title, or virtual): a page's attack whose count was not known when they
    # answered (a die rigs rolled, a card passed on to them), in games with table_draws
    owed_karma: int = 0

    def amount(self, resource: str) -> int:
        n: int = getattr(self, resource)
        return n

    @property
    def rigs(self) -> int:
        """Every RIGS the player owns: warehouse and plots."""
        return self.warehouse_rigs + sum(p.rigs for p in self.plots)

    @property
    def owed_rigs(self) -> int:
        """The RIGS the player still chooses to lose, never more than they have left (a
        loss owed by a player whose last RIGS went otherwise is settled)."""
        return min(self.must_lose_rigs, self.rigs)

    def plot(self, ref: str) -> Plot:
        """The plot ``ref`` names: ``P7``, ``p7``, ``7``, or a plot type the player owns
        exactly one of (:func:`rigs_helper.games.rigs.names.find_plot`)."""
        plot: Plot = find_plot(self, ref)
        return plot

    def scripts(self, resource: str) -> int:
        return self.vinnie.get(resource, 0)


@dataclass(frozen=True, slots=True)
class Pile:
    """A deck: ``draw`` (top first, hidden) and ``discard`` (face up, newest last)."""

    # card keys (str), or the Survey deck's card numbers (int)
    draw: tuple[Any, ...] = ()
    discard: tuple[Any, ...] = ()
    # a mixed deck (games/rigs/decks.py): which cards of ``draw`` are virtual (the group lacks
    # them), and the virtual copies among ``discard``; both empty for other decks
    virtual: tuple[bool, ...] = ()
    vdiscard: tuple[str, ...] = ()
    # the discards went back to the deck in no order (the table drew its own card from
    # it and shuffled at the table): a virtual draw from it picks a card at random
    unshuffled: bool = False


@dataclass(frozen=True, slots=True)
class Market:
    game: tuple[int, ...] = ()  # Game Market Deck, top first (card indexes)
    drawn: tuple[int, ...] = ()  # cards drawn so far, in order (the last is this round's)
    end: tuple[int, ...] = ()  # End Game Market Deck, top first
    price: int | None = None  # this round's Luxury price (after the Market card is drawn)
    recorded: Mapping[int, int] = field(default_factory=frozen_map)  # round -> physical value
    values: Mapping[str, int | tuple[int, ...]] = field(default_factory=frozen_map)  # own values


@dataclass(frozen=True, slots=True)
class Endgame:
    """End Game draws once made (recorded so scoring is repeatable)."""

    plot_values: Mapping[str, int] = field(default_factory=frozen_map)
    plot_cards: Mapping[str, tuple[int, ...]] = field(default_factory=frozen_map)
    resource_values: Mapping[str, int] = field(default_factory=frozen_map)


CARD_MODES = ("rigs", "table")  # `rigs new --cards`: who holds the cards (Game.cards)


@dataclass(frozen=True, slots=True)
class Game:
    seed: int
    rng: int  # position of the seeded generator
    players: tuple[Player, ...]
    round: int = 1
    phase: str = "player"
    leader: str = ""
    leader_basis: str = ""  # plot ownership when the leader was last determined
    game_over: bool = False
    plot_deck: tuple[str, ...] = ()  # plot ids, top first
    survey: Pile = Pile()
    disaster: Pile = Pile()
    karma: Pile = Pile()
    market: Market = Market()
    grant: tuple[str, ...] = ()  # Land Grant plots waiting for the leader's pick
    # a mixed Plot deck: the grant's plots of the group's own not recorded yet (they are
    # stand-ins in ``grant`` until `rigs grant --card` names them)
    grant_owed: int = 0
    # the table's record of the Land Grant's plots where the table holds the cards: "due"
    # (the phones ask for it before any plot is kept; rigs' draw is not used until the
    # table lets rigs draw them), "made" (recorded, or left to rigs: not asked again);
    # "" in a game where rigs deals the cards, and in a file made before
    grant_record: str = ""
    rigs_lost_round: int = 0  # last round a RIGS was destroyed (Push, Pull, or Drag)
    last_call: bool = False  # the Production Phase's Last Call is open
    dice: str = "rigs"  # "table": the table rolls every die (rigs never rolls)
    # who holds the cards (`rigs new --cards`): "rigs" deals every card and no page asks
    # for a record; "table" records its own (a partial set, `--have`, records the group's
    # cards and lets rigs deal the rest).  A file made before says nothing: "table", as
    # its pages asked for records
    cards: str = "table"
    # a deck that runs out while the table draws its own card is refilled from its
    # discards without rigs' generator (the table shuffles its own: games/rigs/piles.py); True
    # in every game made since (issue #27), False in an older file, which replays as made
    table_shuffles: bool = False
    # the table draws its own Karma cards from a page's attack: a draw it did not record
    # with its answer waits for the record (``Player.owed_karma``), and a Karma card left
    # to rigs ("virtual") is rigs' for good (never offered to replace); True in every game
    # made since 2026-11-27 (issue #27), False in an older file, which replays as made
    table_draws: bool = False
    # the Land Grant's plots the table drew and recorded are dealt by the table (`give`),
    # never handed out by rigs; "Draw it for us" leaves them to rigs (grant_record
    # "rigs"); True in every game made since 2026-11-28 (issue #38), False in an older
    # file, which replays as made
    table_deals: bool = False
    # players who said they are done deciding in this phase (Last Call opens a new round
    # of decisions); in seating order
    done: tuple[str, ...] = ()
    group: str = ""  # the group whose history keeps the game (`rigs new --group`); "" none
    endgame: Endgame = Endgame()
    # the group's inventory: deck -> {card key: copies missing}, for the mixed decks only
    missing: Mapping[str, Mapping[str, int]] = field(default_factory=frozen_map)
    commitment: str = ""  # SHA-256 of the seed, shown before round 1 (games/rigs/replay.py)
    waits: Waits = Waits()  # deals, an attack's answers, Disaster records (games/rigs/waits/)
    version: int = SCHEMA_VERSION

    # -- look-ups --------------------------------------------------------------------
    def player(self, name: str) -> Player:
        for p in self.players:  # the name itself (how the rules ask), before any matching
            if p.name == name:
                return p
        found = match_player(name, [p.name for p in self.players])
        return next(p for p in self.players if p.name == found)

    def index(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        target = self.player(name).name
        return next(i for i, p in enumerate(self.players) if p.name == target)

    def with_player(self, player: Player) -> Game:
        i = self.index(player.name)
        return replace(self, players=self.players[:i] + (player,) + self.players[i + 1:])

    def owner_of(self, ref: str) -> Player:
        pid = plot_id(ref)
        for p in self.players:
            for plot in p.plots:
                if plot.id == pid:
                    return p
        if pid is None:
            raise InputError(f"{ref!r} is not a plot id (P7, p7 or 7)")
        raise RulesError(f"no player owns plot {pid}", rule="plot ids: see `rigs status`")

    @property
    def colony_rigs(self) -> int:
        return sum(p.rigs + sum(p.on_cards.values()) for p in self.players)

    def scripts_out(self, resource: str) -> int:
        return sum(p.scripts(resource) for p in self.players)

    def ownership(self) -> str:
        """A fingerprint of who owns which plot, for the leader rule ("re-determined only
        when plot ownership changed")."""
        return ";".join(p.name + ":" + ",".join(sorted((x.id for x in p.plots),
                                                       key=lambda i: int(i[1:])))
                        for p in self.players)

    def seating_from(self, name: str) -> list[Player]:
        """Players in seating order starting with ``name``."""
        i = self.index(name)
        return list(self.players[i:] + self.players[:i])


def add_scripts(player: Player, resource: str, n: int) -> Player:
    v = dict(player.vinnie)
    v[resource] = v.get(resource, 0) + n
    if v[resource] == 0:
        del v[resource]
    return replace(player, vinnie=frozen_map(v))


__all__ = ["Endgame", "Game", "Market", "Pile", "Player", "Plot",
           "MAX_HOLDING", "SCHEMA_VERSION", "add_scripts", "frozen_map"]
