"""Operations and the shared moves they are built from.  No I/O.

An operation is a small frozen object: ``check(game, tables)`` raises a RulesError naming
the rule when the action is not allowed, ``apply(game, tables)`` returns an
:class:`Outcome` with the new state and what happened, in words.  ``perform`` runs both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rigs_helper.games.rigs.dice import DiceCup, DieNeeded, Rolls
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.names import NotOwned, whose
from rigs_helper.games.rigs.piles import Draw, PileMoves
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.state import Game, Player, Plot, frozen_map
from rigs_helper.games.rigs.tables import RESOURCES, Tables
from rigs_helper.games.rigs.tables import title_of as title_of  # (imported from here too)
from rigs_helper.games.rigs.words import is_warehouse


@dataclass(frozen=True, slots=True)
class Outcome:
    game: Game
    messages: tuple[str, ...] = ()  # public: for everyone at the table
    data: dict[str, Any] = field(default_factory=dict)  # extra facts for --json output (public)
    #: (player, line): facts for one player's eyes only (a card drawn or taken, a hand
    #: seen); the shared terminal never prints them, `rigs hand PLAYER` does
    private: tuple[tuple[str, str], ...] = ()
    #: an operation that ends a phase: the state when the next phase began, after the old
    #: phase's last steps and before the new one's first (the phase summaries split there)
    boundary: Game | None = None
    #: how many of ``messages`` were said before that boundary (the old phase's last steps)
    said_at_boundary: int | None = None
    #: every card drawn from the Disaster and Karma decks, in the rules' order, and who
    #: drew it (a listing's trial reads where a player's draws fall: games/rigs/waits/legal.py)
    draws: tuple[Draw, ...] = ()


#: Push, Pull, or Drag was put into play after this round's RIGS loss: that loss does not
#: count (the mark goes with the next loss, or at the end of the round)
LATE_PUSH = "late:push-pull-or-drag"


class Op:
    """Base of every operation.  Subclasses are ``@dataclass(frozen=True, slots=True)``;
    their methods call the base's by name (``Op.check(self, game, tables)``): a slotted
    dataclass is a new class made by the decorator, which ``super()`` without arguments
    does not know before Python 3.14."""

    __slots__ = ()

    #: phases the operation is allowed in (None = any)
    phases: tuple[str, ...] | None = None
    #: the rule quoted when the phase is wrong
    phase_rule = ""
    #: a player action: refused while the Land Grant waits (None: when ``phases`` has
    #: the Player Phase)
    grant_first: bool | None = None

    def describe(self) -> str:
        """The command that did this operation: its action's definition's words
        (``games/rigs/actions/said.py``), unless the operation says them by hand."""
        from rigs_helper.games.rigs.actions.definition import unit_of
        from rigs_helper.games.rigs.actions.said import said

        d = unit_of(type(self))[1]
        if d is None:
            raise NotImplementedError(type(self).__name__)
        return said(d, self)

    def check(self, game: Game, tables: Tables) -> None:
        """The refusals every operation shares (the game over, another phase, the Land
        Grant waiting): every subclass's ``check`` makes them too (its first step, or a
        refusal of its own before), so where :meth:`closed` holds, ``check`` refuses."""
        if game.game_over and not getattr(self, "after_game", False):
            raise RulesError("the game is over", rule="`rigs score` scores it; `rigs undo` "
                             "steps back")
        if self.phases is not None and game.phase not in self.phases:
            allowed = " or ".join(f"{p.title()} Phase" for p in self.phases)
            raise RulesError(f"{self.describe()}: not allowed in the {game.phase.title()} "
                             f"Phase", rule=self.phase_rule or f"only in the {allowed}")
        if game.grant and self._grant_first():
            raise RulesError(f"{self.describe()}: the Land Grant waits for {game.leader}'s "
                             "pick (`rigs grant`)", rule="the Land Grant opens the Player "
                             "Phase; player actions follow it")

    def _grant_first(self) -> bool:
        first = self.grant_first
        if first is None:
            first = self.phases is not None and "player" in self.phases
        return first

    def closed(self, game: Game) -> bool:
        """Whether :meth:`check`'s shared refusals refuse the operation now, whatever its
        values, without the words of the refusal (the legal list asks this first)."""
        return bool((game.game_over and not getattr(self, "after_game", False))
                    or (self.phases is not None and game.phase not in self.phases)
                    or (game.grant and self._grant_first()))

    def apply(self, game: Game, tables: Tables) -> Outcome:
        raise NotImplementedError


def perform(game: Game, op: Op, tables: Tables) -> Outcome:
    try:
        op.check(game, tables)
        return _slot_kept(op.apply(game, tables))
    except NotOwned as err:  # say whose the plot is (the player alone cannot)
        raise whose(game, err) from None
    except DieNeeded as err:  # the table rolls (--dice table): the operation that needs it
        if err.op is not None or err.command is not None:
            raise
        raise DieNeeded(err.player, err.why, op=op) from None


def _slot_kept(out: Outcome) -> Outcome:
    """A waiting attack's card goes back where it was in its player's hand, or at its end
    when that player played or lost cards meanwhile (Ruins while the attack waits)."""
    a = out.game.waits.attack
    if a is None or a.slot <= len(out.game.player(a.player).hand):
        return out
    end = len(out.game.player(a.player).hand)
    waits = replace(out.game.waits, attack=replace(a, slot=end))
    return replace(out, game=replace(out.game, waits=waits))


# ---------------------------------------------------------------------------- helpers


class Work(PileMoves):
    """A mutable scratch pad for one operation: the current state, the generator and the
    messages.  ``done()`` freezes it into an Outcome."""

    def __init__(self, game: Game, tables: Tables, rolls: Rolls | None = None,
                 by_rigs: tuple[str, ...] = (), spare: tuple[str, ...] = ()) -> None:
        self._game = game
        # the players and the piles changed since ``_game`` was made: the Game is made
        # again (one ``replace`` of its ~30 fields) only when ``game`` is read, not at
        # every change of a player or a pile
        self._players: list[Player] | None = None
        self._changes: dict[str, Any] = {}
        self.tables = tables
        self.rng = Rng(game.seed, game.rng)
        self.dice = DiceCup(rolls, self.rng, tables.constants.die_sides,
                            table_only=game.dice == "table", by_rigs=by_rigs,
                            spare=spare)
        self.messages: list[str] = []
        self.private: list[tuple[str, str]] = []
        self.data: dict[str, Any] = {}
        # (player, resource or "credits", change, source): where every unit came from or
        # went to; kept in the log entry
        self.ledger: list[tuple[str, str, int, str]] = []
        self._losses: dict[str, dict[str, int]] = {}
        self.need: list[str] = []  # physical cards the table must draw and record first
        self._guessing: set[str] = set()  # decks where a stand-in card was drawn
        self.drawn: list[Draw] = []  # every card drawn (Outcome.draws)
        self.boundary: Game | None = None  # set when a new phase begins (Outcome.boundary)
        self.said_at_boundary: int | None = None  # len(messages) then
        # a leader roll-off waits for each tied player's die (games/rigs/waits/rolloff.py)
        # instead of rolling now, unless the table gave the dice (a page's action)
        self.rolloff_waits = False

    @property
    def game(self) -> Game:
        """The state as it is now (the changes made since it was last read put in)."""
        if self._players is not None or self._changes:
            changes = self._changes
            if self._players is not None:
                changes["players"] = tuple(self._players)
            self._game = replace(self._game, **changes)
            self._players, self._changes = None, {}
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        self._game, self._players, self._changes = game, None, {}

    def now(self, name: str) -> Any:
        """A field of the state as it is now, other than its players (no Game made)."""
        assert name != "players"
        changes = self._changes
        return changes[name] if name in changes else getattr(self._game, name)

    def change(self, **changes: Any) -> None:
        """Change fields of the state other than its players, round and phase (made when
        read: ``_game.round`` and ``.phase`` are the state's now)."""
        assert not changes.keys() & {"players", "round", "phase"}
        self._changes.update(changes)

    def say(self, text: str, to: str | None = None) -> None:
        """A line of what happened: public, or for the eyes of player ``to`` only."""
        if to is None:
            self.messages.append(text)
        else:
            self.private.append((self.player(to).name, text))

    def die(self, player: str | None = None, why: str = "") -> int:
        """One die: the table's roll when given (``player``'s own first), else the seeded
        generator's, which the outcome then announces."""
        return self.dice.roll(player, why)

    def player(self, name: str) -> Player:
        ps = self._players
        if ps is not None:
            for p in ps:  # the name itself (how the rules ask), before any matching
                if p.name == name:
                    return p
            return self.game.player(name)
        return self._game.player(name)  # (the players unchanged: no Game made to read one)

    def put(self, player: Player) -> None:
        """``player`` in place of the player of that name (the state made when read)."""
        ps = self._players
        if ps is None:
            ps = self._players = list(self._game.players)
        for i, p in enumerate(ps):
            if p.name == player.name:
                ps[i] = player
                return
        self.game = self.game.with_player(player)  # (a name matched loosely)

    def update(self, name: str, **changes: Any) -> Player:
        p = replace(self.player(name), **changes)
        self.put(p)
        return p

    def add(self, name: str, resource: str, n: int, source: str) -> Player:
        """Change a holding (``resource`` or "credits") by ``n``, noting why in the ledger."""
        p = self.player(name)
        have = p.credits if resource == "credits" else p.amount(resource)
        if have + n < 0:
            raise RulesError(f"{p.name} has {have} {resource}; {source} needs {-n}")
        if n:
            self.ledger.append((p.name, resource, n, source))
        return self.update(name, **{resource: have + n})

    def add_each(self, name: str, changes: Mapping[str, int], source: str) -> None:
        """:meth:`add` of each (resource or "credits", change) in order, the player made
        once (the same ledger, the same refusal)."""
        p = self.player(name)
        now: dict[str, Any] = {}
        for resource, n in changes.items():
            have = now[resource] if resource in now else getattr(p, resource)
            if have + n < 0:
                raise RulesError(f"{p.name} has {have} {resource}; {source} needs {-n}")
            if n:
                self.ledger.append((p.name, resource, n, source))
            now[resource] = have + n
        if now:
            self.put(replace(p, **now))

    def lose(self, name: str, resource: str, n: int, source: str) -> int:
        """A loss from a Disaster or a Karma card (what Warehouse Insurance can recover).
        Takes what there is, up to ``n``; returns what was lost."""
        p = self.player(name)
        n = min(n, p.amount(resource))
        if n:
            self.add(name, resource, -n, source)
            loss = self._losses.setdefault(p.name, {})
            loss[resource] = loss.get(resource, 0) + n
        return n

    def lost_cards(self, name: str, n: int = 1) -> None:
        """``name`` lost ``n`` Karma cards to a card (part of their most recent loss, which
        I Ain't Going Alone matches)."""
        loss = self._losses.setdefault(self.player(name).name, {})
        loss["karma"] = loss.get("karma", 0) + n

    def absorb(self, earlier: Outcome) -> None:
        """What an earlier step of this action said and moved (its state is this Work's
        starting state)."""
        self.messages += earlier.messages
        self.private += earlier.private
        self.drawn += earlier.draws
        self.ledger += [(e["player"], e["what"], e["change"], e["source"])
                        for e in earlier.data.get("ledger", ())]

    def done(self) -> Outcome:
        if self.need:
            from rigs_helper.rules.errors import PendingChoice

            raise PendingChoice(self.need)
        left = self.dice.leftover()
        if left:
            raise InputError(f"--roll {left}: not used (this step rolled "
                             f"{len(self.dice.table)} of the table's dice)")
        said = self.dice.announcement()
        if said:
            self.say(said)
        players = self._game.players if self._players is None else tuple(self._players)
        for p in players:  # an owed discard of all a player holds needs no choice
            held = sum(p.amount(r) for r in RESOURCES)
            if p.must_discard and held <= p.must_discard:
                for r in RESOURCES:
                    self.lose(p.name, r, p.amount(r), "card: thrown away")
                self.update(p.name, must_discard=0)
                self.say(f"{p.name} owed a discard of {p.must_discard} and holds {held}: "
                         "everything is thrown away.")
        for name, loss in self._losses.items():
            self.update(name, last_loss=frozen_map(recent_loss(self.player(name).last_loss,
                                                               loss, self._game.round)))
        data = dict(self.data)
        if self.ledger:
            data["ledger"] = [{"player": p, "what": r, "change": n, "source": s}
                              for p, r, n, s in self.ledger]
        self.change(rng=self.rng.pos)
        return Outcome(self.game, tuple(self.messages), data,
                       tuple(self.private), self.boundary, self.said_at_boundary,
                       tuple(self.drawn))

    # -- RIGS ------------------------------------------------------------------------
    def lose_rigs(self, name: str, source: str | None, n: int = 1) -> str:
        """Remove ``n`` RIGS of ``name`` from the warehouse or a plot.  A lost RIGS goes
        onto an in-play Recycling or Parts Shop card when the player has one."""
        p = self.player(name)
        if source is None or is_warehouse(source):
            if p.warehouse_rigs < n:
                raise RulesError(f"{p.name} has {p.warehouse_rigs} RIGS in the warehouse; "
                                 f"cannot lose {n} there", rule="a lost RIGS is one the "
                                 "player has")
            p = replace(p, warehouse_rigs=p.warehouse_rigs - n)
            where = "the warehouse"
        else:
            plot = p.plot(source)
            if plot.rigs < n:
                raise RulesError(f"{plot.id} has {plot.rigs} RIGS; cannot lose {n} there",
                                 rule="a lost RIGS is one the player has")
            p = replace_plot(p, replace(plot, rigs=plot.rigs - n,
                                        harvest=plot.harvest if plot.rigs > n else None))
            where = plot.id
        saved = ""
        # the first of them in play collects (its player named it: `karma play --first`)
        for card in [k for k in p.in_play if k in ("recycling", "parts-shop")][:1]:
            on = dict(p.on_cards)
            on[card] = on.get(card, 0) + n
            p = replace(p, on_cards=frozen_map(on))
            saved = f"; it goes onto {title_of(self.tables, 'karma', card)}"
        self.put(p)
        self.change(rigs_lost_round=self._game.round)
        for q in self.game.players:  # a loss after Push, Pull, or Drag came into play counts
            if LATE_PUSH in q.effects:
                self.update(q.name, effects=tuple(e for e in q.effects if e != LATE_PUSH))
        text = f"{p.name} loses {n} RIGS from {where}{saved}."
        self.say(text)
        return text


def replace_plot(player: Player, plot: Plot) -> Player:
    return replace(player, plots=tuple(plot if x.id == plot.id else x for x in player.plots))


def default_rigs_source(player: Player) -> str | None:
    """Documented default for "lose a RIGS": the warehouse first, then the plot with the
    most RIGS (the lowest plot number on a tie).  None when the player has no RIGS."""
    if player.warehouse_rigs:
        return "warehouse"
    best = max((p for p in player.plots if p.rigs), key=lambda p: (p.rigs, -int(p.id[1:])),
               default=None)
    return best.id if best else None


def default_discard(player: Player, n: int) -> tuple[tuple[str, int], ...]:
    """Documented default for "throw away N resources": from the most plentiful first."""
    have = {r: player.amount(r) for r in RESOURCES}
    out: dict[str, int] = {}
    for _ in range(min(n, sum(have.values()))):
        r = max(RESOURCES, key=lambda x: (have[x], -RESOURCES.index(x)))
        have[r] -= 1
        out[r] = out.get(r, 0) + 1
    return tuple(out.items())


def recent_loss(old: Mapping[str, int], loss: dict[str, int], rnd: int) -> dict[str, int]:
    """A player's most recent loss after ``loss``.  A loss of Karma cards alone keeps the
    last loss of resources beside it (Warehouse Insurance recovers that one), marked
    ``karma_only`` so that I Ain't Going Alone matches the cards alone."""
    if set(loss) == {"karma"}:
        kept = {k: v for k, v in old.items() if k not in ("karma", "karma_only")}
        if set(kept) <= {"round"}:  # no resources to keep: the round is the cards'
            kept = {"round": rnd}
        return {**kept, **loss, "karma_only": 1}
    return {**loss, "round": rnd}


# ---------------------------------------------------------------------------- leader


def leader_rank(player: Player) -> tuple[int, int, int]:
    """Larger is worse land: most barren Plains, then fewest plots, then most Valleys."""
    barren = sum(1 for p in player.plots if p.type == "plains" and not p.survey)
    valleys = sum(1 for p in player.plots if p.type == "valley")
    return (barren, -len(player.plots), valleys)


def determine_leader(w: Work) -> None:
    """The Expedition Leader: the worst plots (RULES.md ruling order), ties by roll-off."""
    ranks = {p.name: leader_rank(p) for p in w.game.players}
    worst = max(ranks.values())
    tied = [n for n, r in ranks.items() if r == worst]
    if len(tied) > 1 and w.rolloff_waits and not w.dice.named_for(tied):
        open_rolloff(w, tied)
        return
    rolls_said = []
    while len(tied) > 1:
        rolls = {n: w.die(n, why="leader tie") for n in tied}
        rolls_said.append(", ".join(f"{n} {r}" for n, r in rolls.items()))
        top = max(rolls.values())
        tied = [n for n in tied if rolls[n] == top]
    leader = tied[0]
    old = w.game.leader
    w.game = replace(w.game, leader=leader, leader_basis=w.game.ownership())
    why = f" (roll-off: {'; then '.join(rolls_said)})" if rolls_said else ""
    if old != leader:
        w.say(f"Expedition Leader: {leader}{why}.")
    else:
        w.say(f"{leader} stays Expedition Leader{why}.")


def open_rolloff(w: Work, tied: list[str]) -> None:
    """The roll-off between ``tied`` waits for each one's die (games/rigs/waits/rolloff.py)."""
    from rigs_helper.rules.text import shell_word

    w.game = replace(w.game, waits=replace(w.game.waits, rolloff=tuple((n, 0) for n in tied)))
    w.say(f"Expedition Leader: a roll-off between {', '.join(tied)}: each rolls a die and "
          "records it (" + ", ".join(f"`rigs roll {shell_word(n)} N`" for n in tied) + ").")
