"""The context a Karma effect runs in: the card, its owner, its victims.  No I/O.

Who the victims end up being (in-play protections, answers from a hand) is worked out in
``protection.resolve``; the effects in destruction/sabotage/wealth only read ``victims``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol, TypeVar

from rigs_helper.games.rigs.engine import Work
from rigs_helper.rules.errors import InputError, PendingChoice, RulesError
from rigs_helper.games.rigs.karma.args import CardArgs, HandCard, OnPlot, Responses, Victims
from rigs_helper.games.rigs.karma.hands import empty_hand, hand_key
from rigs_helper.games.rigs.names import plural
from rigs_helper.rules.text import shell_word
from rigs_helper.games.rigs.piles import find_in
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import KarmaCard, Tables


T = TypeVar("T")
A = TypeVar("A", bound=CardArgs)


class Choices(Protocol):
    """What a Karma play chose, as the effects read it: the card's own record (``args``,
    games/rigs/karma/args.py), the victims' answers, the cards drawn at the table.  The play
    operation passes itself in, so this module needs nothing from it."""

    # read-only, as the frozen play has them
    @property
    def args(self) -> CardArgs: ...
    @property
    def answers(self) -> Responses: ...
    @property
    def drew(self) -> tuple[tuple[str, str], ...]: ...  # (WHO, WHAT)


class Ctx:
    def __init__(self, op: Choices, w: Work, card: KarmaCard, owner: str) -> None:
        self.op, self.w, self.card = op, w, card
        self.player = owner  # who played the card
        self.owner = owner  # who gains from it (changes under Right Back At You, Double Agent)
        self.victims = [w.game.player(t).name for t in self.args(Victims).target]
        self.cancelled = False
        self.passed_on = False  # the victim changed (Wrong Address, Right Back, Double Agent)
        self.passed_to: list[str] = []  # the players it was passed on to
        self.decoy_from: set[str] = set()
        self.gainers: list[str] = []  # Right Back At You: the original victims, who gain
        self.turned_by = ""  # Right Back At You: who answered with it (splits the gains)
        self.drew: dict[str, list[str]] = {}  # physical draws recorded, per player
        self.owe = False  # a draw not recorded waits for its record (Resolving.owe)
        for who, title in op.drew:
            if not who or not title:
                raise InputError(f"--drew {who + '=' if who else ''}{title!r}: give "
                                 "PLAYER=TITLE")
            self.drew.setdefault(w.game.player(who).name, []).append(title)

    def args(self, cls: type[A]) -> A:
        """The play's parameters as the record ``cls`` of the card's family (an empty one
        where the play named none)."""
        a = self.op.args
        return a if isinstance(a, cls) else cls()

    @property
    def tables(self) -> Tables:
        return self.w.tables

    def victim(self) -> str:
        if len(self.victims) != 1:
            raise InputError(f"{self.card.title} needs one victim: --target PLAYER")
        return self.victims[0]

    def need(self, value: T | None, flag: str, what: str) -> T:
        if not value:
            raise InputError(f"{self.card.title}: {what} ({flag})")
        return value

    def victim_plot(self, what: str) -> str:
        """The plot the card hits: --plot, or --answer-plot once the card was passed on to
        another victim (whose plot the new chooser names)."""
        if self.passed_on:
            return self.need(self.op.answers.answer_plot, "--answer-plot",
                             f"the card went to {self.victims[0]}: name their plot")[0]
        return self.need(self.args(OnPlot).plot, "--plot", what)[0]

    def plot_owner(self, pid: str) -> str:
        return self.w.game.owner_of(pid).name

    def die(self, player: str | None = None, why: str = "") -> int:
        """A die for the card: the table's roll when given (--roll), else the generator's."""
        return self.w.die(player, why or self.card.title)

    def draws(self, name: str, n: int | None = None) -> None:
        """``name`` draws ``n`` Karma cards for the card: those recorded first (a record
        ``virtual`` is a card rigs draws); in a page's attack (``owe``) the rest wait for
        their record (``Player.owed_karma``), else rigs draws them."""
        n = self.card.victim_draws if n is None else n
        if not n:
            return
        if self.turned_by and name == self.player and self.owner != self.player:
            # Ruling (RULES.md 2026-11-27, Right Back At You and the victim's own draw):
            # the victim's draw is a benefit; turned back, the original victim draws
            # those cards, for every card alike ("Record Not Found" as Identity Theft)
            name = self.owner
        physical = self.drew.get(name, [])
        taken, self.drew[name] = physical[:n], physical[n:]
        owed = n - len(taken) if self.owe else 0
        if n - owed:
            self.w.draw_karma(name, n - owed, why=self.card.title, physical=tuple(taken))
        if owed:
            p = self.w.player(name)
            self.w.update(name, owed_karma=p.owed_karma + owed)
            self.w.say(f"{p.name} draws {plural(owed, 'Karma card')} at the table "
                       f"({self.card.title}) and records {'them' if owed > 1 else 'it'}: "
                       f"`rigs karma draw {shell_word(p.name)} --card TITLE` (or virtual).")


def hand_card(c: Ctx, who: str, text: str) -> str:
    return hand_key(c.tables, c.w.player(who), text)


def picked_from(c: Ctx, who: str, text: str, recorder: str,
                named: tuple[str, ...] = ()) -> str:
    """The card ``text`` that left ``who``'s hand at the table, as ``recorder`` recorded it
    (a card picked at random, chosen after a look at the hand, or discarded by its owner).

    No refusal is an oracle (issue 43): the answer never depends on what ``who`` holds.
    A title ``recorder`` can see elsewhere (their own hand, the discards, a card in play or
    set aside) is refused, from what they see alone.  Any other title is taken, as the
    cardboard tells it: the card came from ``who``'s hand.  Where rigs' books put it
    elsewhere (the Karma deck, another hand), the books were wrong about ``who``'s hand:
    the card swaps places with one of ``who``'s (:func:`swap_into_hand`), told to
    ``who`` alone, who corrects the books if the card they handed over was another."""
    key = find_in(c.tables, "karma", text)
    if key in c.w.player(who).hand:
        return key
    if not unseen_by(c.w.game, recorder, key):
        title = c.tables.karma_card(key).title
        raise RulesError(f"--card {text}: {title} is in sight of {recorder} (their hand, "
                         "the discards or in play), not in a hand they cannot see",
                         rule="a card that left a hand at the table is one its recorder "
                         "cannot see elsewhere")
    swap_into_hand(c, who, key, recorder, named)
    return key


def unseen_by(game: Game, recorder: str, key: str) -> bool:
    """True when ``recorder`` cannot see where ``key`` is (games/rigs/legal/karma.py lists
    the same cards: ``unseen``)."""
    seen = set(game.player(recorder).hand) | set(game.karma.discard) | {
        k for q in game.players for k in q.in_play + q.incoming}
    if game.waits.attack is not None:
        seen.add(game.waits.attack.card)
    return key not in seen


def swap_into_hand(c: Ctx, who: str, key: str, recorder: str,
                   named: tuple[str, ...] = ()) -> None:
    """``key``, which the books put out of ``recorder``'s sight (the Karma deck or a hand
    that is neither ``who``'s nor ``recorder``'s), changes places with the newest card
    of ``who``'s hand (one the same record does not name, ``named``: titles): the books
    then hold what the table's record says, every card still counted once."""
    w = c.w
    p = w.player(who)
    keep = {find_in(c.tables, "karma", t) for t in named}
    mine = [k for k in p.hand if k != p.disaster_draw and k not in keep] or \
        [k for k in p.hand if k not in keep] or list(p.hand)
    given = mine[-1]
    hand = list(p.hand)
    hand[len(hand) - 1 - hand[::-1].index(given)] = key
    pile = w.game.karma
    title, other = c.tables.karma_card(key).title, c.tables.karma_card(given).title
    if key in pile.draw:
        draw = list(pile.draw)
        i = draw.index(key)
        draw[i] = given
        tags = pile.virtual  # (a mixed deck: the card's own tag, rigs' or the group's)
        if tags:
            tags = tags[:i] + (bool(w.game.missing.get("karma", {}).get(given)),) + tags[i + 1:]
        w.game = replace(w.game, karma=replace(pile, draw=tuple(draw), virtual=tags))
    else:
        holder = next((q for q in w.game.players if key in q.hand
                       and q.name not in (who, recorder)), None)
        if holder is None:  # (nowhere: the books lost it; counted again, in the hand)
            raise RulesError(f"--card {title}: the books hold no {title} out of "
                             f"{recorder}'s sight", rule="every card is counted once")
        theirs = list(holder.hand)
        theirs[theirs.index(key)] = given
        w.update(holder.name, hand=tuple(theirs),
                 disaster_draw=given if holder.disaster_draw == key
                 else holder.disaster_draw)
        # (the holder is told their hand changed, not what the record named)
        w.say(f"A card recorded at the table was one the books had in your hand: the "
              f"books now hold {other} in its place; check your hand with the table.",
              to=holder.name)
    w.update(who, hand=tuple(hand))
    w.say(f"{recorder}'s record says {title} left your hand, which the books said held "
          f"{other} instead: the books now say you held {title}, and {other} is where "
          f"they had {title}. If the card you handed over was {other} or another, tell "
          "the table and correct the books.", to=who)


def random_victim_card(c: Ctx) -> tuple[str, str, str] | None:
    """(victim, card, how) for a card taken at random from the victim's hand; None (said)
    when the hand is empty."""
    v = c.victim()
    if empty_hand(c.w, v, c.args(HandCard).card):
        return None
    return (v, *random_card(c, v))


#: a stand-in for the card picked at random while a waiting card is tried: the pick is
#: its player's to record (games/rigs/waits/resolution.py, ``later_players``)
PICK = "\x00pick"


class PickNeeded(PendingChoice):
    """The card's player picks a card at random from ``victim``'s hand at the table."""

    def __init__(self, player: str, victim: str) -> None:
        self.player, self.victim = player, victim
        super().__init__([f"{player} picks a card at random from {victim}'s hand"])


#: stand-ins for the split of a card turned back on several victims while a page's card
#: waits (games/rigs/waits/resolution.py): not given yet (its answerer splits once the dice
#: are in: :class:`SplitNeeded`), and any split (the card checked before that: the whole
#: to the first original victim)
SPLIT, ANY_SPLIT = "\x00split", "\x00any"


class SplitNeeded(PendingChoice):
    """``player`` (who turned the card back) splits ``total`` ``resource`` among the
    original victims ``gainers`` at the table."""

    def __init__(self, player: str, total: int, gainers: tuple[str, ...], resource: str
                 ) -> None:
        self.player, self.total, self.gainers, self.resource = (player, total, gainers,
                                                                resource)
        super().__init__([f"{player} splits {total} {resource} among {', '.join(gainers)}"])


def stand_in_split(split: tuple[tuple[str, int], ...]) -> str | None:
    """:data:`SPLIT` or :data:`ANY_SPLIT` when ``split`` is that stand-in, else None."""
    return split[0][0] if len(split) == 1 and split[0][0] in (SPLIT, ANY_SPLIT) else None


def random_card(c: Ctx, who: str) -> tuple[str, str]:
    """A card drawn at random from ``who``'s hand: the one the table drew (--card), else
    drawn by rigs."""
    chosen = c.args(HandCard).card
    if chosen and chosen[0] == PICK:
        if who in c.decoy_from:  # (Decoy is handed over: no pick to record)
            return c.w.player(who).hand[0], "drawn at the table"
        raise PickNeeded(c.owner, who)
    if chosen:
        return picked_from(c, who, chosen[0], c.owner), "drawn at the table"
    hand = c.w.player(who).hand
    return hand[c.w.rng.below(len(hand))], "drawn at random by rigs"


def nothing_now(c: Ctx) -> None:
    """A card that stays in front of its player, with nothing to do now."""
    c.w.say(f"{c.card.title} stays in front of {c.owner}.")


def put_effect(c: Ctx, name: str, effect: str) -> None:
    p = c.w.player(name)
    c.w.update(name, effects=p.effects + (effect,))
