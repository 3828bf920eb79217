"""Playing a Karma card from a hand, and using a card in play.  No I/O.

Kept as one idea past 450 lines: a Karma play is one operation per family of cards (the
common base, its checks and effects, and each family's class with its own fields), together
so that the families' check and log are read in one place (their words: the
definition's, ``games/rigs/actions/said.py``).  A play that waits for its victims (from a
page, or ``--wait``) is the same operation with ``wait`` set (its check and apply:
``games/rigs/waits/waiting.py``); what waits lives in the game's ``waits``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Self, cast

from rigs_helper.games.rigs.actions.common import WAREHOUSE
from rigs_helper.games.rigs.dice import Rolls
from rigs_helper.games.rigs.engine import LATE_PUSH, Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.karma.args import (
    ARG_NAMES, FAMILY, NO_ARGS, NO_RESPONSES, RESPONSE_NAMES, Amounts, CardArgs, Collector, HandCard,
    MatchLoss, NewOwner, OnPlot, PlotResource, Plots, Resources, Responses, RigsFrom, Said,
    Scatter, Swap, SwapOption, Take, Victims, VictimsResource, said_pairs, split_flat, takes)
from rigs_helper.games.rigs.karma.args import flag as option_flag
from rigs_helper.games.rigs.karma.context import Ctx
from rigs_helper.games.rigs.karma.hands import hand_key, move_played_card, play_allowed, retire
from rigs_helper.games.rigs.karma.protection import PLOT_CARDS, resolve
from rigs_helper.games.rigs.piles import find_in
from rigs_helper.games.rigs.state import Game, Player, frozen_map
from rigs_helper.games.rigs.tables import KarmaCard, Tables
from rigs_helper.games.rigs.waits import waiting
from rigs_helper.games.rigs.waits.records import Resolving
from rigs_helper.rules.text import shell_word


#: a play's fields as the CLI and the log name them, in the order they are written
FLAT = ("name", "title", "target", "plot", "resource", "give", "take", "card", "source",
        "option", "new_owner", "to", "answer", "answer_to", "answer_plot", "drew", "own",
        "first", "rolls", "split", "by_rigs")
#: a flat field's default where it is not ()
_DEFAULTS: dict[str, Any] = {"source": None, "option": None, "new_owner": None,
                             "rolls": Rolls(), "drawers": False, "later": False,
                             "wait": False}


@dataclass(frozen=True, slots=True)
class KarmaPlay(Op):
    """`rigs karma play PLAYER TITLE ...`: the common part of every Karma play (who plays
    which card, the victims' answers, the table's records: the Karma cards drawn because
    of it, the dice, whose dice rigs rolls); as itself, the play of a card that takes no
    parameter of its own (it works by itself, or answers another card).  Each family of
    cards that takes parameters is a subclass with its own fields (:data:`OPS`, by the
    family's record in games/rigs/karma/args.py ``FAMILY``).  Build one from the flat options
    (the CLI's, a page's, a log entry's) with :meth:`from_flat`: the title picks the
    family.  ``wait``: the card waits for its victims' answers and the players' records
    (`--wait`, every play from a page: ``games/rigs/waits/waiting.py``), the card waiting
    in the game's ``waits``; the log marks it ``wait = true``."""

    name: str  # who plays the card
    title: str
    answers: Responses = NO_RESPONSES
    drew: Said = ()  # (PLAYER, TITLE): physical Karma cards drawn because of it
    rolls: Rolls = Rolls()  # the table's dice
    # players whose dice rigs rolls (a waiting card's victims: games/rigs/waits/waiting)
    by_rigs: tuple[str, ...] = ()
    #: with ``wait``: the card waits for the players who draw or roll for it (every play
    #: since the rulings of 2026-11-25; False in an older log, whose plays resolved at once)
    drawers: bool = False
    #: with ``wait``: once the answers are in, the card waits for the players it comes to
    #: who roll or pick at the table (``Attack.later``; every play since issue #27, False
    #: in an older log, whose cards rigs resolved with its own dice and picks)
    later: bool = False
    #: the card waits for its victims' answers (a page's, `--wait`; logged ``wait = true``)
    wait: bool = False
    grant_first = True
    #: the record of the parameters this family's cards take (games/rigs/karma/args.py)
    family: ClassVar[type[CardArgs]] = CardArgs

    def __post_init__(self) -> None:
        object.__setattr__(self, "drew", said_pairs(self.drew))
        if (self.drawers or self.later) and not self.wait:  # (a damaged log entry)
            raise InputError("drawers, later: only for a play that waits (wait = true)")

    @classmethod
    def from_flat(cls, name: str, title: str, **flat: Any) -> Self:
        """The play of the flat options (the CLI's, a page's, a log entry's), as the
        operation of its card's family (``args.split_flat``: an option the card does not
        take keeps the play in the smallest family that holds it, refused when the play is
        checked); the answers go into ``answers``."""
        args, answers, rest = split_flat(title, flat)
        made = OPS[type(args)]
        own = {f.name: getattr(args, f.name) for f in fields(args)}
        return cast(Self, made(name=name, title=title, answers=answers, **own, **rest))

    @property
    def args(self) -> CardArgs:
        """The card's own parameters as its family's record (what the effects read:
        ``Ctx.args``)."""
        fam = self.family
        if fam is CardArgs:
            return NO_ARGS
        return fam(**{n: getattr(self, n) for n in takes(fam)})

    def _flat(self) -> dict[str, Any]:
        """Every field by its flat name (as :meth:`from_flat` takes them)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "answers":
                out.update((g.name, getattr(v, g.name)) for g in fields(v))
            else:
                out[f.name] = v
        order = {k: i for i, k in enumerate(FLAT)}
        return dict(sorted(out.items(), key=lambda kv: order.get(kv[0], len(order))))

    def logged(self) -> dict[str, Any]:
        """:meth:`_flat` without the values left at their default (the log's fields)."""
        return {k: v for k, v in self._flat().items()
                if k in ("name", "title") or v != _DEFAULTS.get(k, ())}

    def replaced(self, **changes: Any) -> Self:
        """The play with some flat fields changed (the family again from its title).
        Where no change can move the play to another family (a card parameter left as it
        is, an answer, the table's records), the same value :meth:`from_flat` would make
        of the whole is made directly (a waiting play's check makes several: the legal
        list checks every candidate; tests/test_legal_cheaper.py compares the two)."""
        own: dict[str, Any] = {}
        answers: dict[str, Any] = {}
        for k, v in changes.items():
            if k in _REST:
                if v != getattr(self, k):
                    own[k] = v
            elif k in RESPONSE_NAMES and v is not None:
                if v != getattr(self.answers, k):
                    answers[k] = v
            elif k not in _ARG_NAMES or v != self.chose(k):
                return self.from_flat(**{**self._flat(), **changes})
        if answers:
            own["answers"] = replace(self.answers, **answers)
        return replace(self, **own) if own else self

    def chose(self, field: str) -> Any:
        """The value of a parameter by its flat name; empty where the play's family does
        not take it (the CLI's words, the checks of options)."""
        return getattr(self, field, _DEFAULTS.get(field, ()))

    # the answers, by their flat names
    @property
    def answer(self) -> Said:
        return self.answers.answer

    @property
    def answer_to(self) -> Said:
        return self.answers.answer_to

    @property
    def answer_plot(self) -> tuple[str, ...]:
        return self.answers.answer_plot

    @property
    def first(self) -> Said:
        return self.answers.first

    @property
    def split(self) -> tuple[tuple[str, int], ...]:
        return self.answers.split

    def check(self, game: Game, tables: Tables) -> None:
        if self.wait:
            return waiting.check(self, game, tables)
        Op.check(self, game, tables)
        self.apply(game, tables)  # pure: raises exactly when the play is not allowed

    def apply(self, game: Game, tables: Tables) -> Outcome:
        if self.wait:
            return waiting.apply(self, game, tables)
        # a page's waiting card as it resolves: how it reads the table's records
        # (games/rigs/waits/resolution.py ``resolving``); the outcome holds none
        res = game.waits.resolving or NOT_WAITING
        if game.waits.resolving is not None:
            game = replace(game, waits=replace(game.waits, resolving=None))
        p = game.player(self.name)
        key = hand_key(tables, p, self.title)
        card = tables.karma_card(key)
        refused = not_now(card, game, p)
        if refused is not None:
            raise refused
        check_options(self, card, game)
        w = Work(game, tables, rolls=self.rolls, by_rigs=self.by_rigs, spare=res.moot)
        move_played_card(w, p.name, key)
        w.say(f"{p.name} plays {card.title}.")
        ctx = Ctx(self, w, card, p.name)
        ctx.owe = res.owe
        if res.answering:  # a page's card resolving: the others drew theirs when they answered
            w.set_aside({n: list(ts) for n, ts in ctx.drew.items()
                         if n != game.player(res.answering).name})
        if card.kind == "sabotage":
            resolve(ctx)
        if not ctx.cancelled:
            effect(card)(ctx)
        if res.owe:  # the cards drawn at the table as recorded before stand
            for n, ts in ctx.drew.items():
                if n == res.answering:
                    continue
                cards = tuple(t for t in ts if t.strip().lower() != "virtual")
                ctx.drew[n] = []  # (a "virtual" one: nothing was drawn for it)
                if cards:
                    w.draw_karma(n, len(cards), why=f"{card.title}, drawn at the table",
                                 physical=cards)
        unused = [f"{n}={t}" for n, ts in ctx.drew.items() for t in ts]
        if unused:
            raise InputError("--drew: " + ", ".join(unused) + f": {card.title} made nobody "
                             "draw that many Karma cards")
        if self.answer_plot and not ctx.passed_on:
            raise InputError(f"--answer-plot {self.answer_plot[0]}: {card.title} was not "
                             "passed on to another victim")
        if self.answer_plot and ctx.cancelled:
            unused_plot(ctx)
        return w.done()


def unused_plot(ctx: Ctx) -> None:
    """A plot card passed on and then stopped (the new victim's Alarm System or Donk
    saving them, Calling in a Favor after Wrong Address): the plot named for the new
    victim when it was passed on stands unused, but it is still one of theirs."""
    if ctx.card.action not in PLOT_CARDS or not ctx.passed_to:
        return
    pid = ctx.op.answers.answer_plot[0]
    if ctx.plot_owner(pid) not in ctx.passed_to:
        raise RulesError(f"--answer-plot {pid}: not a plot of "
                         + " or ".join(ctx.passed_to),
                         rule=f"{ctx.card.title} passed on hits a plot of its new victim")


# ---------------------------------------------------------------------------- families
# one operation per family of cards (games/rigs/karma/args.py ``FAMILY`` says which card takes
# which): its own fields, logged by their flat names


#: the flat fields of every play that are neither its card's parameters nor the answers
#: (``KarmaPlay.replaced`` changes them in place: no family reads them)
_REST = frozenset(f.name for f in fields(KarmaPlay)) - {"name", "title", "answers"}
_ARG_NAMES = frozenset(ARG_NAMES)


@dataclass(frozen=True, slots=True)
class PlayCollector(KarmaPlay):
    """Recycling, Parts Shop: no parameter; ``--first`` names the collector filled first."""

    family: ClassVar[type[CardArgs]] = Collector


@dataclass(frozen=True, slots=True)
class PlayOnVictims(KarmaPlay):
    """A card aimed at players (one, or several: I WANT THAT!, A Little Information)."""

    target: tuple[str, ...] = ()
    family: ClassVar[type[CardArgs]] = Victims


@dataclass(frozen=True, slots=True)
class PlayRigsFrom(PlayOnVictims):
    """"Missing" Support and its kind: where the victim's RIGS is lost from."""

    source: str | None = None
    family: ClassVar[type[CardArgs]] = RigsFrom


@dataclass(frozen=True, slots=True)
class PlayHandCard(PlayOnVictims):
    """A card that takes or discards a card of the victim's hand: the card chosen, or the
    one picked at random at the table."""

    card: tuple[str, ...] = ()
    family: ClassVar[type[CardArgs]] = HandCard


@dataclass(frozen=True, slots=True)
class PlayMatchLoss(PlayHandCard):
    """I Ain't Going Alone: the player's fresh loss (resources handed in, own Karma cards
    discarded) that the victim matches."""

    give: Amounts = ()
    own: tuple[str, ...] = ()
    family: ClassVar[type[CardArgs]] = MatchLoss


@dataclass(frozen=True, slots=True)
class PlaySwapOption(PlayOnVictims):
    """Identity Theft: ``draw`` or ``card``."""

    option: str | None = None
    family: ClassVar[type[CardArgs]] = SwapOption


@dataclass(frozen=True, slots=True)
class PlayVictimsResource(PlayOnVictims):
    """I WANT THAT!: the resource wanted."""

    resource: tuple[str, ...] = ()
    family: ClassVar[type[CardArgs]] = VictimsResource


@dataclass(frozen=True, slots=True)
class PlayOnPlot(PlayOnVictims):
    """A card aimed at one plot (its owner is the victim)."""

    plot: tuple[str, ...] = ()
    family: ClassVar[type[CardArgs]] = OnPlot


@dataclass(frozen=True, slots=True)
class PlayNewOwner(PlayOnPlot):
    """"Record Not Found": the player the plot goes to (the leader's choice)."""

    new_owner: str | None = None
    family: ClassVar[type[CardArgs]] = NewOwner


@dataclass(frozen=True, slots=True)
class PlayScatter(PlayOnPlot):
    """Triangulation Drift: one destination per RIGS of the plot."""

    to: tuple[str, ...] = ()
    family: ClassVar[type[CardArgs]] = Scatter


@dataclass(frozen=True, slots=True)
class PlayPlots(KarmaPlay):
    """A card on plots (Survey Typo: two; R.I.G.S. T.D.M.: one of the player's)."""

    plot: tuple[str, ...] = ()
    family: ClassVar[type[CardArgs]] = Plots


@dataclass(frozen=True, slots=True)
class PlayPlotResource(PlayPlots):
    """Below the Surface: the plot and the kind of spot."""

    resource: tuple[str, ...] = ()
    family: ClassVar[type[CardArgs]] = PlotResource


@dataclass(frozen=True, slots=True)
class PlayResources(KarmaPlay):
    """Poker Night: the resources bet."""

    resource: tuple[str, ...] = ()
    family: ClassVar[type[CardArgs]] = Resources


@dataclass(frozen=True, slots=True)
class PlaySwap(KarmaPlay):
    """Swap Meet: what the player hands in and what they take."""

    give: Amounts = ()
    take: Amounts = ()
    family: ClassVar[type[CardArgs]] = Swap


@dataclass(frozen=True, slots=True)
class PlayTake(KarmaPlay):
    """Ruins: what the player takes."""

    take: Amounts = ()
    family: ClassVar[type[CardArgs]] = Take


#: the operation of each family, by its record (every record of args.FAMILY)
OPS: dict[type[CardArgs], type[KarmaPlay]] = {c.family: c for c in (
    KarmaPlay, PlayCollector, PlayOnVictims, PlayRigsFrom, PlayHandCard, PlayMatchLoss,
    PlaySwapOption, PlayVictimsResource, PlayOnPlot, PlayNewOwner, PlayScatter, PlayPlots,
    PlayPlotResource, PlayResources, PlaySwap, PlayTake)}


NOT_WAITING = Resolving()

#: the CLI's option of each flat field, in the order the play's words write them
FLAGS = {option_flag(k): k for k in FLAT if k not in ("name", "title", "rolls", "by_rigs")}
ANSWER_OPTIONS = set(RESPONSE_NAMES)


def not_now(card: KarmaCard, game: Game, p: Player) -> RulesError | None:
    """Why ``p`` cannot play ``card`` now, whatever its options (None: they may): its
    phase, a card drawn at the table still to record, Ain't Working for You, a card that
    only answers another.  ``KarmaPlay.apply`` refuses with it before reading the options
    (so does every play that waits: its check applies the play on the same phase and
    players); the legal list reads it before checking each play of the card
    (``games/rigs/legal/karma.py``)."""
    why = play_allowed(card, game.phase, game.last_call)
    if why:
        return RulesError(f"{card.title} cannot be played in the {game.phase.title()} "
                          f"Phase", rule=why)
    owing = [q.name for q in game.players if q.owed_karma]
    if owing:  # (only in a game with table_draws: games/rigs/waits/resolution.py)
        return RulesError(f"{owing[0]} records the Karma cards drawn at the table first "
                          f"(`rigs karma draw {shell_word(owing[0])} --card TITLE`)",
                          rule="a card drawn at the table is recorded before the next "
                          "Karma card is played")
    if card.kind == "sabotage" and p.no_sabotage_round == game.round:
        return RulesError(f"{p.name} cannot play Sabotage cards this round",
                          rule="Ain't Working for You")
    if card.timing == "response" and card.action != "insurance":
        return RulesError(f"{card.title} answers another card", rule="play it with "
                          "--answer when a Sabotage card targets you")
    return None


def check_options(op: KarmaPlay, card: KarmaCard, game: Game) -> None:
    """Options the card does not read (its record's parameters: ``args.FAMILY``; the
    answers, for a Sabotage card; the cards drawn, where it makes someone draw), and
    amounts and victims no table could mean, are refused before anything happens (one
    line naming the option and the card)."""
    record = FAMILY.get(card.key, type(op.args))  # (a play built for another card: the
    uses = set(takes(record))  # options its record holds and this card's does not)
    if card.kind == "sabotage":
        uses |= ANSWER_OPTIONS
    elif record.takes_first:
        uses.add("first")
    if card.victim_draws or card.victim_draws_per or card.action in ("rough_storm",
                                                                     "swap_credits"):
        uses.add("drew")
    for flag, field in FLAGS.items():
        if field not in uses and op.chose(field):
            raise InputError(f"{flag}: {card.title} does not use this option")
    for flag, field in (("--give", "give"), ("--take", "take")):
        for r, n in op.chose(field):
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise InputError(f"{flag} {r}={n}: an amount is a whole number of 1 or more")
    me = game.player(op.name)
    held: dict[str, int] = {}
    for r, n in op.chose("give"):
        held[r] = held.get(r, 0) + n
    for r, n in held.items():
        if me.amount(r) < n:
            raise RulesError(f"--give {r}={n}: {me.name} has {me.amount(r)} {r}",
                             rule="a player hands in only what they hold")
    most = {"target": None if card.target == "many" else 1,
            "plot": 2 if card.action == "survey_swap" else 1,
            "resource": None if card.action == "poker_night" else 1}
    for k, n in most.items():  # a value the card would not read is refused, not ignored
        if n is not None and len(op.chose(k)) > n:
            raise InputError(f"--{k}: {card.title} takes {'one' if n == 1 else n} {k}"
                             + ("" if n == 1 else "s"))
    names = [game.player(t).name for t in op.chose("target")]
    for n in set(names):
        if names.count(n) > 1:
            raise InputError(f"--target {n}: named twice (each victim once)")
    if me.name in names:
        raise InputError(f"--target {me.name}: a player is not their own victim")


def _effects(kind: str) -> dict[str, Callable[[Ctx], None]]:
    """The effects of the Karma cards of ``kind`` (their module imported only now)."""
    if kind == "destruction":
        from rigs_helper.games.rigs.karma.destruction import EFFECTS as found
    elif kind == "sabotage":
        from rigs_helper.games.rigs.karma.sabotage import EFFECTS as found
    elif kind == "wealth":
        from rigs_helper.games.rigs.karma.wealth import EFFECTS as found
    else:
        from rigs_helper.games.rigs.karma.protection import EFFECTS as found
    return found


def effect(card: KarmaCard) -> Callable[[Ctx], None]:
    """The function that carries out a card's action (its kind's module imported only
    now)."""
    return _effects(card.kind)[card.action]


# ---------------------------------------------------------------------------- in play


@dataclass(frozen=True, slots=True)
class KarmaUse(Op):
    """Use a card in play: Parts Shop (a die roll once per Player Phase), Push, Pull, or Drag
    (after a RIGS was destroyed this round: discard it for a free RIGS), Recycling (discard it
    in a Player Phase for 1 Metal per RIGS on it)."""

    name: str
    title: str
    rolls: Rolls = Rolls()
    grant_first = True

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        self.apply(game, tables)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        p = game.player(self.name)
        key = find_in(tables, "karma", self.title)
        card = tables.karma_card(key)
        if key not in p.in_play:
            raise RulesError(f"{p.name} has no {card.title} in play")
        w = Work(game, tables, rolls=self.rolls)
        if key == "parts-shop":
            _use_parts_shop(w, p, key)
        elif key == "push-pull-or-drag":
            if game.rigs_lost_round != game.round or LATE_PUSH in p.effects:
                raise RulesError("no RIGS has been destroyed this round",
                                 rule="Push, Pull, or Drag is used when a RIGS is destroyed")
            if game.colony_rigs >= tables.constants.colony_rigs:
                raise RulesError("all 75 RIGS tokens are in use")
            retire(w, p.name, key)
            w.update(p.name, warehouse_rigs=w.player(p.name).warehouse_rigs + 1)
            w.say(f"{p.name} trades in {card.title} for a free RIGS in the warehouse.")
        elif key == "recycling":
            if game.phase != "player":
                raise RulesError("Recycling is cashed in during the Player Phase")
            n = p.on_cards.get(key, 0)
            retire(w, p.name, key)
            w.add(p.name, "metal", n, "card: Recycling")
            w.say(f"{p.name} cashes in Recycling: {n} Metal for the {n} RIGS on it.")
        else:
            raise RulesError(f"{card.title} has nothing to use: it works by itself")
        return w.done()


def _use_parts_shop(w: Work, p: Player, key: str) -> None:
    if w.game.phase != "player":
        raise RulesError("Parts Shop rolls during the Player Phase")
    if "used:parts-shop" in p.effects:
        raise RulesError("Parts Shop rolls once per Player Phase")
    roll = w.die(p.name, "Parts Shop")
    on = p.on_cards.get(key, 0)
    if roll == 1:
        retire(w, p.name, key)
        w.say(f"Parts Shop rolls 1: the card is discarded and its {on} RIGS are lost.")
        return
    w.update(p.name, effects=p.effects + ("used:parts-shop",))
    if on >= roll:
        q = w.player(p.name)
        w.update(p.name, warehouse_rigs=q.warehouse_rigs + 1,
                 on_cards=frozen_map({**q.on_cards, key: on - 1}))
        w.say(f"Parts Shop rolls {roll}: one RIGS comes back to the warehouse.")
    else:
        w.say(f"Parts Shop rolls {roll}: {on} RIGS on the card is not enough.")


__all__ = ["KarmaPlay", "KarmaUse", "WAREHOUSE", "effect"]
