"""Karma hands: draw, discard, the Disaster-Phase swap, and playing a card.  No I/O."""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.games.rigs.engine import LATE_PUSH, Op, Outcome, Work, title_of
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.names import sentence
from rigs_helper.games.rigs.piles import find_in
from rigs_helper.games.rigs.state import OWED_DRAW, Game, Player, frozen_map
from rigs_helper.games.rigs.tables import KarmaCard, Tables
from rigs_helper.rules.text import shell_word

VIRTUAL = "virtual"  # a card recorded as rigs' to draw


def hand_key(tables: Tables, player: Player, text: str) -> str:
    key = find_in(tables, "karma", text)
    if key not in player.hand:
        raise RulesError(f"{player.name} holds no {title_of(tables, 'karma', key)!r}",
                         rule="a Karma card is played or discarded from its owner's hand")
    return key


def empty_hand(w: Work, who: str, chosen: tuple[str, ...] = ()) -> bool:
    """True (said) when ``who`` holds no Karma card.  Ruling: a card that takes or discards a
    card from an empty hand (Eye for an Eye, Not THAT one, Give Me That!, I'll Take THAT!)
    is played with no effect; a card named for that hand (--card) is refused."""
    if w.player(who).hand:
        return False
    if chosen:
        raise InputError(f"--card {chosen[0]}: {who} holds no Karma card")
    w.say(f"{who} holds no Karma card.")
    return True


@dataclass(frozen=True, slots=True)
class KarmaDraw(Op):
    """Draw Karma cards (virtual), or record the physical card a player drew."""

    name: str
    n: int = 1
    card: str | None = None
    why: str = ""
    #: a page's "virtual": rigs draws the Karma card a Disaster or a card made them draw
    #: (only that: ``Player.disaster_draw`` OWED_DRAW or ``owed_karma``)
    owed: bool = False
    #: a draw at will kept from a game file written before the ruling of 2026-11-27 (no
    #: draw at will): replayed as it happened, never offered or typed
    at_will: bool = False
    #: the next cards drawn, recorded in the same action after this one (each a title, or
    #: "virtual": rigs draws that one): several owed cards in one record
    more: tuple[str, ...] = ()

    # (by hand: the first card and ``owed`` are one parameter's words, --card TITLE|virtual)
    def describe(self) -> str:
        return f"karma draw {shell_word(self.name)}" + (
            f" {self.n}" if self.n != 1 else "") + (
            f" --card {self.card!r}" if self.card else "") + (
            " --card virtual" if self.owed else "") + "".join(
            " --card " + (c if c.strip().lower() == VIRTUAL else repr(c)) for c in self.more)

    def steps(self) -> list[KarmaDraw]:
        """One draw per card recorded, in order (the first is this one, without ``more``)."""
        out = [replace(self, more=())]
        for c in self.more:
            rigs = c.strip().lower() == VIRTUAL
            out.append(KarmaDraw(self.name, 1, None if rigs else c, owed=rigs))
        return out

    def _each(self, game: Game, tables: Tables) -> Outcome:
        """Several cards recorded: each card's own check and draw, in turn."""
        p = game.player(self.name)
        owes = 1 if p.disaster_draw == OWED_DRAW else p.owed_karma
        if self.n != 1:
            raise InputError("--card: one --card per card drawn; leave N out")
        if 1 + len(self.more) > owes:
            cards = (self.card or VIRTUAL, *self.more)
            if not owes:
                raise _at_will(p.name, len(cards), cards)
            raise _at_will(p.name, len(cards) - owes, cards[owes:], owes)
        outs = []
        for step in self.steps():
            step.check(game, tables)
            outs.append(step.apply(game, tables))
            game = outs[-1].game
        w = Work(game, tables)
        for o in outs:
            w.absorb(o)
        return w.done()

    def check(self, game: Game, tables: Tables) -> None:
        if self.more:
            self._each(game, tables)
            return
        Op.check(self, game, tables)
        game.player(self.name)
        if self.n < 1:
            raise RulesError("draw at least one card")
        if self.card is not None and self.n != 1:
            raise RulesError("--card records one physical card at a time")
        p = game.player(self.name)
        if self.owed and p.disaster_draw != OWED_DRAW and not p.owed_karma:
            raise RulesError(f"--card virtual: no Karma card waits to be drawn for "
                             f"{p.name}'s Disaster card or a card played",
                             rule="Karma cards are drawn only when a rule or a card says so")
        if self.card is not None:
            find_in(tables, "karma", self.card)  # (a title that names no card: said first)
        owes = 1 if p.disaster_draw == OWED_DRAW else p.owed_karma
        replaces = self.card is not None and p.disaster_draw not in (None, OWED_DRAW) \
            and p.disaster_draw in p.hand  # the table's card for the one rigs drew
        if not self.at_will and not owes and not replaces:
            raise _at_will(p.name, self.n, (self.card,) if self.card else ())
        if not self.at_will and self.n > max(owes, 1):
            raise _at_will(p.name, self.n - max(owes, 1), (), max(owes, 1))
        pile = game.karma
        there = len(pile.draw) + len(pile.discard) + len(pile.vdiscard)
        if self.n > max(there, 1):  # one card from an empty deck: "none is left" (rule)
            raise RulesError(f"cannot draw {self.n} Karma cards: the deck and its discards "
                             f"hold {there}")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        if self.more:
            return self._each(game, tables)
        w = Work(game, tables)
        for_card = False
        owed = game.player(self.name).disaster_draw == OWED_DRAW
        if owed:  # the Karma card a Disaster made them draw, recorded (or virtual)
            w.update(self.name, disaster_draw=None)
        elif for_card := bool((n := game.player(self.name).owed_karma)
                              and (self.owed or self.card or not self.at_will)):
            k = 1 if self.card is not None else min(self.n, n)
            w.update(self.name, owed_karma=n - k)  # drawn for a card played
            if self.card is None:
                w.draw_karma(self.name, k, why="drawn for a card played")
                return w.done()
        if owed and self.card is None:
            hurt = game.player(self.name).disaster
            w.draw_karma(self.name, 1, why="hurt by " + (tables.disaster(hurt).title if hurt
                                                         else "a Disaster"))
        elif self.card is not None:
            p = w.player(self.name)
            replaced = p.disaster_draw if p.disaster_draw in p.hand and not for_card \
                else None
            key = None
            if replaced and not w.game.karma.draw and \
                    find_in(tables, "karma", self.card) != replaced:
                # the deck ran out: the table shuffled its discards and drew from them,
                # and rigs' card goes back on top of that new deck
                key = w.draw("karma", self.card, self.name)
            if replaced:
                _put_back(w, p.name, replaced)
                p = w.player(self.name)
            key = key or w.draw("karma", self.card, self.name)
            assert key is not None  # (check counted the cards left)
            w.update(p.name, hand=p.hand + (key,))
            w.say(f"{p.name} draws a Karma card (recorded)"
                  + (f" for {tables.disaster(p.disaster).title}" if p.disaster and game.player(
                      self.name).disaster_draw else "") + ".")
            w.say(sentence(f"You drew {title_of(tables, 'karma', key)}"), to=p.name)
        else:
            w.draw_karma(self.name, self.n, self.why)
        return w.done()


def _at_will(name: str, n: int, cards: tuple[str, ...], owes: int = 0) -> RulesError:
    """Ruling (RULES.md 2026-11-27), no draw at will: ``n`` Karma cards no rule draws for
    ``name`` (``owes``: those a rule draws now) are a correction of the books, `rigs
    adjust` with its reason (``cards``: the titles recorded for them; "virtual" none)."""
    named = "".join(f" --card {shell_word(c)}" for c in cards
                    if c.strip().lower() != VIRTUAL)
    fix = f"`rigs adjust {shell_word(name)} karma {n}{named} --why REASON`"
    if owes:
        return RulesError(f"{name} draws {owes} Karma card{'s' if owes != 1 else ''} now, "
                          f"not {owes + n}; to correct the books for the others: {fix}",
                          rule="no draw at will")
    return RulesError(f"no Karma card waits to be drawn for {name}; to correct the books: "
                      f"{fix}", rule="no draw at will")


def _put_back(w: Work, name: str, key: str) -> None:
    """The card rigs drew for a Disaster goes back on top of the Karma deck: the table's
    card replaces it."""
    take_from_hand(w, name, key)
    w.put_back("karma", key)
    w.say(f"The Karma card rigs drew for {name} goes back on top of the Karma deck.")


@dataclass(frozen=True, slots=True)
class KarmaDiscard(Op):
    name: str
    title: str
    #: a discard at will kept from a game file written before the ruling of 2026-11-25
    #: (no discard at will): replayed as it happened, never offered or typed
    at_will: bool = False

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        p = game.player(self.name)
        hand_key(tables, p, self.title)
        limit = tables.constants.hand_limit
        if not self.at_will and (game.phase != "player" or len(p.hand) <= limit):
            raise RulesError(f"{p.name} holds {len(p.hand)} Karma card"
                             f"{'s' if len(p.hand) != 1 else ''}: nothing to discard now",
                             rule=f"no discard at will: a hand over {limit} cards is "
                             "discarded down to it when the Player Phase ends")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        p = w.player(self.name)
        key = hand_key(tables, p, self.title)
        discard_from_hand(w, p.name, key)
        left = len(p.hand) - 1
        w.say(f"{p.name} discards {title_of(tables, 'karma', key)} "
              f"({left} card{'s' if left != 1 else ''} in hand).")
        return w.done()


@dataclass(frozen=True, slots=True)
class KarmaSwap(Op):
    """A player the Disaster did not hurt discards one Karma card and draws one."""

    name: str
    title: str
    card: str | None = None  # the physical card drawn in exchange
    phases = ("disaster",)
    phase_rule = "the swap is offered in the Disaster Phase to a player the card did not hurt"

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        p = game.player(self.name)
        if not p.may_swap:
            raise RulesError(f"{p.name} may not swap a Karma card now", rule="only a player "
                             "the Disaster did not hurt may swap one card, once")
        hand_key(tables, p, self.title)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        p = w.player(self.name)
        key = hand_key(tables, p, self.title)
        discard_from_hand(w, p.name, key)
        w.update(p.name, may_swap=False)
        w.say(f"{p.name} swaps away {title_of(tables, 'karma', key)}.")
        new = w.draw("karma", self.card, p.name)
        if new is not None:
            w.update(p.name, hand=w.player(p.name).hand + (new,))
            w.say(f"{p.name} draws a new Karma card ("
                  + ("recorded" if self.card else "drawn by rigs") + ").")
            w.say(sentence(f"You drew {title_of(tables, 'karma', new)}"), to=p.name)
        return w.done()


def play_allowed(card: KarmaCard, phase: str, last_call: bool = False) -> str | None:
    """Why ``card`` cannot be played in ``phase`` (None when it can).  The timings are the
    project's ruling (the printed phase icons are artwork; see tables/karma.toml)."""
    t = card.timing
    if t in ("production", "last_call") and phase != "production":
        return "it changes this round's production: play it in the Production Phase"
    if t == "last_call" and not last_call:
        return "it is played at Last Call: `rigs next` opens Last Call"
    if t == "market" and phase != "market":
        return "it is played in the Market Phase, after the Market card is drawn"
    return None


def take_from_hand(w: Work, name: str, key: str) -> None:
    """One copy of ``key`` leaves ``name``'s hand (the caller says where it goes)."""
    p = w.player(name)
    hand = list(p.hand)
    hand.remove(key)
    # the card rigs drew for a Disaster can no longer be replaced once it left the hand
    w.update(name, hand=tuple(hand),
             disaster_draw=None if p.disaster_draw == key else p.disaster_draw)


def discard_from_hand(w: Work, name: str, key: str) -> None:
    take_from_hand(w, name, key)
    w.discard("karma", key)


def move_played_card(w: Work, name: str, key: str) -> None:
    """The card leaves the hand: into play in front of its owner, or to the discards."""
    card = w.tables.karma_card(key)
    if card.in_play:
        take_from_hand(w, name, key)
        p = w.player(name)
        w.update(p.name, in_play=p.in_play + (key,))
        if key == "push-pull-or-drag" and w.game.rigs_lost_round == w.game.round:
            w.update(p.name, effects=p.effects + (LATE_PUSH,))
        w.say(f"{p.name} puts {card.title} into play.")
    else:
        discard_from_hand(w, name, key)


@dataclass(frozen=True, slots=True)
class KarmaDiscardInPlay(Op):
    """Take a card that was put into play out of play (to the discards)."""

    name: str
    title: str

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        p = game.player(self.name)
        key = find_in(tables, "karma", self.title)
        if key not in p.in_play:
            raise RulesError(f"{p.name} has no {title_of(tables, 'karma', key)!r} in play")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        p = w.player(self.name)
        key = find_in(tables, "karma", self.title)
        n = p.on_cards.get(key, 0)
        retire(w, p.name, key)
        w.say(f"{p.name} discards {title_of(tables, 'karma', key)} from play"
              + (f"; the {n} RIGS on it go back to the bank." if n else "."))
        return w.done()


def retire(w: Work, name: str, key: str) -> None:
    """A card in play goes to the discards, with any RIGS kept on it."""
    p = w.player(name)
    on = dict(p.on_cards)
    on.pop(key, None)
    w.update(name, in_play=tuple(k for k in p.in_play if k != key), on_cards=frozen_map(on))
    w.discard("karma", key)


__all__ = ["KarmaDiscard", "KarmaDiscardInPlay", "KarmaDraw", "KarmaSwap", "hand_key",
           "discard_from_hand", "move_played_card", "play_allowed", "retire",
           "take_from_hand"]
