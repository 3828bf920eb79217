"""Drawing, discarding and reshuffling the game's piles: the deck moves of an operation's
:class:`~rigs_helper.games.rigs.engine.Work` (a mixin; it uses Work's state, generator and
messages).  No I/O."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from rigs_helper.rules.errors import InputError, RigsError, RulesError
from rigs_helper.games.rigs.names import sentence
from rigs_helper.rules.rng import Rng
from rigs_helper.games.rigs.state import Game, Pile, Player
from rigs_helper.games.rigs.tables import Tables, squash, title_of
from rigs_helper.rules.text import shell_word

_RECORD = {"disaster": "`rigs next --card {who}`",
           "karma": "--card TITLE on `rigs karma draw/swap`, --karma {who} on `rigs "
           "next`, --drew {who} on `rigs karma play`"}


def _own_copy(pile: Pile, card: str) -> int:
    """Where the group's own copy of ``card`` is in a mixed pile (-1: none left)."""
    i = -1
    try:
        while True:
            i = pile.draw.index(card, i + 1)
            if not pile.virtual[i]:
                return i
    except ValueError:
        return -1


#: each deck's titles squashed, with their keys, for the last tables asked about
_TITLES: dict[str, tuple[Tables, tuple[tuple[str, str], ...]]] = {}


#: the key each (deck, text) named, for the last tables asked about (read once: checks)
_FOUND: list[Any] = [None, {}]


def _squashed(tables: Tables, deck: str) -> tuple[tuple[str, str], ...]:
    """(squashed title, key) of each card of the Disaster or Karma deck, in order."""
    got = _TITLES.get(deck)
    if got is None or got[0] is not tables:
        cards = tables.disasters if deck == "disaster" else tables.karma
        got = _TITLES[deck] = (tables, tuple((squash(c.title), c.key) for c in cards))
    return got[1]


def find_in(tables: Tables, deck: str, text: str) -> str:
    if deck in ("plot", "survey", "market"):
        return find_kind(tables, deck, text)
    if _FOUND[0] is not tables or len(_FOUND[1]) > 4096:
        _FOUND[:] = [tables, {}]
    if (hit := _FOUND[1].get((deck, text))) is not None:  # (one read: threads)
        return hit  # type: ignore[no-any-return]
    titles = _squashed(tables, deck)
    want = squash(text)
    exact = [key for title, key in titles if title == want]
    hits = exact[:1] or [key for title, key in titles if want and title.startswith(want)]
    if len(hits) == 1:
        _FOUND[1][(deck, text)] = hits[0]
        return hits[0]
    if not hits:
        raise InputError(f"no {deck.title()} card called {text!r} (see `rigs cards --deck "
                         f"{deck}`)")
    raise InputError(f"{text!r} matches several {deck.title()} cards: "
                     + ", ".join(title_of(tables, deck, k) for k in hits))


def aside_cards(pile: Pile, tables: Tables, drew: Mapping[str, Iterable[str]]
                ) -> dict[str, list[tuple[str, str | None]]]:
    """The cards of a mixed Karma ``pile`` that the table drew before a waiting card
    resolved (``drew``: per player, in the order given, the titles recorded with their
    answers, or ``virtual``), each record with the card whose place it took: the deck's
    first card of the group's not set aside yet for a title the group still has in it
    (the record trades places with it, as any record does), its first of rigs' for
    ``virtual`` (None: no such card; that draw goes as any other).  Those draws were the
    deck's next ones when the answers were given: they come out of the deck first, and
    the resolution's other draws take the deck's other cards in the rules' order
    (below)."""

    taken: set[str] = set()
    out: dict[str, list[tuple[str, str | None]]] = {}
    own = {k for k, v in zip(pile.draw, pile.virtual) if not v}
    for who, records in drew.items():
        for r in records:
            virtual = r.strip().lower() == "virtual"
            try:
                there = virtual or find_in(tables, "karma", r) in own
            except RigsError:
                there = False  # (said by the draw)
            key = next((k for k, v in zip(pile.draw, pile.virtual)
                        if k not in taken and v == virtual), None) if there else None
            if key is not None:
                taken.add(key)
            out.setdefault(who, []).append((r, key))
    return out


def find_kind(tables: Tables, deck: str, text: str) -> str:
    """A Plot card's type ("plains"), a Survey card's yield ("2", or "yield 2") or a Market
    card's category ("spike", or its value "10") as the inventory keys them."""
    want = squash(text)
    if deck == "plot":
        kinds = {squash(k): k for k in tables.plots} | {squash(t.name): k
                                                         for k, t in tables.plots.items()}
        what = "a plot type (" + ", ".join(t.name for t in tables.plots.values()) + ")"
    elif deck == "survey":
        kinds = {str(y): str(y) for y in tables.survey_yields}
        kinds |= {f"yield{y}": str(y) for y in tables.survey_yields}
        what = "a Survey yield (" + ", ".join(map(str, tables.survey_yields)) + ")"
    else:
        kinds = {squash(k): k for k in tables.market} | {
            squash(c.name): k for k, c in tables.market.items()} | {
            str(c.value): k for k, c in tables.market.items()}
        what = "a Market category or value (" + ", ".join(
            f"{c.name} {c.value}" for c in tables.market.values()) + ")"
    if want in kinds:
        return kinds[want]
    raise InputError(f"{text!r} is not {what}")


class Draw(NamedTuple):
    """One card drawn from a deck, in the order the rules draw them (``Outcome.draws``):
    its deck ("disaster", "karma") and who drew it ("": nobody named)."""

    deck: str
    player: str
    early: bool = False  # a card the table drew before the operation (set aside)


class PileMoves:
    """The deck half of Work: every card drawn, put back or discarded goes through here."""

    game: Game  # (Work's, as the fields below: this mixes into Work)
    tables: Tables
    rng: Rng
    need: list[str]
    _guessing: set[str]
    drawn: list[Draw]  # every card drawn, in order
    # per player, the Karma cards the table drew before this operation, with the cards of
    # a mixed deck they stand for (:meth:`set_aside`): never a draw from the top
    _aside: dict[str, list[tuple[str, str | None]]] = {}

    def set_aside(self, drew: dict[str, list[str]]) -> None:
        """The Karma cards recorded in the answers given before a waiting card resolves
        (``drew``: per player, titles or ``virtual``) were drawn at the table then, in the
        order the answers came, not in the rules' order of the resolution: each is drawn
        as recorded, by name (a mixed deck's card it stands for: games/rigs/mixed.py
        ``set_aside``), and the resolution's other draws take the deck's other cards."""

        if "karma" in self.now("missing"):
            self._aside = aside_cards(self.game.karma, self.tables, drew)
        else:
            self._aside = {who: [(t, None) for t in ts] for who, ts in drew.items()}

    def _reserved(self) -> set[str]:
        return {k for cards in self._aside.values() for _, k in cards if k is not None}

    def _top(self, pile: Pile) -> int:
        """Where a draw from the top of a mixed pile takes its card: the first card not
        set aside."""
        if not self._aside:
            return 0
        gone = self._reserved()
        return next((i for i, k in enumerate(pile.draw) if k not in gone), 0)

    def _set_pile(self, deck: str, pile: Pile) -> None:
        self.change(**{deck: pile})  # "disaster" or "karma"

    if TYPE_CHECKING:
        def now(self, name: str) -> Any: ...  # a field of the state (no Game made)
        def say(self, text: str, to: str | None = None) -> None: ...
        def player(self, name: str) -> Player: ...
        def update(self, name: str, **changes: Any) -> Player: ...
        def change(self, **changes: Any) -> None: ...

    def draw(self, deck: str, physical: str | None = None, who: str = "") -> str | None:
        """Top card of the Disaster or Karma deck (reshuffling its discards when it runs
        out), or the named physical card.  None when no card is left anywhere.  A mixed
        deck (games/rigs/decks.py) decides from its top card whether the table draws from its
        own pile (then ``physical`` must name the card) or the app shows a virtual one."""
        card = self._draw(deck, physical, who)
        if card is not None:
            self.drawn.append(Draw(deck, who))
        return card

    def _draw(self, deck: str, physical: str | None, who: str) -> str | None:
        pile: Pile = self.now(deck)
        if deck in self.now("missing"):
            return self._draw_mixed(deck, pile, physical, who)
        if physical is not None:
            key = find_in(self.tables, deck, physical)
            if key not in pile.draw:
                if key in pile.discard and not pile.draw:
                    pile = self._refill(deck, pile) if self.now("table_shuffles") else \
                        self._reshuffle(deck, pile)
                if key not in pile.draw and self._held_unseen(deck, pile, key, who):
                    pile = self.now(deck)
                if key not in pile.draw:
                    raise RulesError(f"no {title_of(self.tables, deck, key)!r} is left in "
                                     f"the {deck.title()} deck", rule="cards are conserved: "
                                     "every copy is in a hand, in play or in the discards")
            draw = list(pile.draw)
            draw.remove(key)
            self._set_pile(deck, replace(pile, draw=tuple(draw)))
            return key
        if not pile.draw:
            if not pile.discard:
                return None
            pile = self._reshuffle(deck, pile)
        if pile.unshuffled:  # (in no order: a card at random, drawn now)
            i = self.rng.below(len(pile.draw))
            card: str = pile.draw[i]
            self._set_pile(deck, replace(pile, draw=pile.draw[:i] + pile.draw[i + 1:]))
            return card
        top: str = pile.draw[0]
        self._set_pile(deck, replace(pile, draw=pile.draw[1:]))
        return top

    def _held_unseen(self, deck: str, pile: Pile, key: str, who: str) -> bool:
        """No refusal is an oracle (issue 43): the table drew Karma card ``key``, which
        the books put in a hand ``who`` cannot see.  A refusal would tell ``who`` that
        another player holds it; the cardboard says the deck had it, so the books were
        wrong about that hand: its copy changes places with the deck's bottom card (every
        card still counted once), told to that hand's owner alone.  True when swapped."""
        if deck != "karma" or not who or not pile.draw:
            return False
        me = self.game.player(who).name
        holder = next((p for p in self.game.players if key in p.hand and p.name != me),
                      None)
        if holder is None:
            return False
        # (the bottom card: the next cards drawn stay as they were; of a mixed deck, the
        # group's bottom card, the one held being the group's)
        if pile.virtual and all(pile.virtual):
            return False
        b = len(pile.draw) - 1 - (pile.virtual[::-1].index(False) if pile.virtual else 0)
        top = pile.draw[b]
        hand = list(holder.hand)
        hand[hand.index(key)] = top
        self.update(holder.name, hand=tuple(hand), disaster_draw=top
                    if holder.disaster_draw == key else holder.disaster_draw)
        self._set_pile(deck, replace(pile, draw=pile.draw[:b] + (key,) + pile.draw[b + 1:]))
        other = title_of(self.tables, deck, top)
        # (the holder is told their hand changed, not what was drawn: that is the drawer's)
        self.say(f"A card recorded at the table was one the books had in your hand: "
                 f"the books now hold {other} in its place; check your hand with the "
                 "table.", to=holder.name)
        return True

    def _draw_mixed(self, deck: str, pile: Pile, physical: str | None, who: str
                    ) -> str | None:
        if not pile.draw:
            if not pile.discard:
                return None
            pile = self._reshuffle(deck, pile)
        top = self._top(pile) if deck == "karma" else 0
        card: str = pile.draw[top]
        tags = pile.virtual
        title = deck.title()
        if tags[top]:
            if physical is not None:
                whose = f"{who}'s" if who else "this"
                raise RulesError(f"{physical!r}: {whose} {title} card is a virtual one "
                                 "this time (the group lacks it); record no card for it",
                                 rule="a mixed deck: the app decides own pile or virtual "
                                 "card with the right odds")
            if deck == "disaster":
                self.say(f"Virtual card for {who or 'the player'}: "
                         f"{title_of(self.tables, deck, card)} (the group lacks it).")
            rest = pile.draw[:top] + pile.draw[top + 1:]
        elif physical is None:  # the table must draw and say which card it was
            # (the op goes on with the top card as a stand-in, to find every draw the
            # table must make, and is then refused: nothing is saved.  A draw from another
            # deck that follows a stand-in may not happen with the real card: not asked.)
            if not self._guessing - {deck}:
                record = _RECORD[deck].format(who=shell_word(f"{who or 'NAME'}=TITLE"))
                self.need.append(f"{who or 'the player'}: draw the top card of your {title}"
                                 f" pile and record it ({record})")
            self._guessing.add(deck)
            rest = pile.draw[:top] + pile.draw[top + 1:]
        else:
            card = find_in(self.tables, deck, physical)
            i = _own_copy(pile, card)
            if i < 0 and not self.now("missing")[deck].get(card) and \
                    self._held_unseen(deck, pile, card, who):  # (no oracle: issue 43)
                pile = self.now(deck)
                i = _own_copy(pile, card)
            if i < 0:
                raise RulesError(f"no {title_of(self.tables, deck, card)!r} is left in your "
                                 f"{title} pile", rule="a mixed deck: the group's own cards "
                                 "are in a hand, in play or in the discards")
            draw = list(pile.draw)
            draw[i] = draw[top]  # the physical card at the top is the one the table drew
            rest = tuple(draw[:top] + draw[top + 1:])
        self._set_pile(deck, replace(pile, draw=rest, virtual=tags[:top] + tags[top + 1:]))
        return card

    def _draw_early(self, name: str, record: str, key: str | None) -> str | None:
        """The card ``name`` drew at the table before (``record``: its title or
        ``virtual``), in the place set aside for it (``key``'s: a mixed deck's card)."""
        pile: Pile = self.now("karma")
        virtual = record.strip().lower() == "virtual"
        i = pile.draw.index(key) if key is not None and key in pile.draw else -1
        ok, j = False, -1  # (``key`` None: not a mixed deck, as any draw)
        if key is not None and virtual:
            if i < 0:  # (moved: rigs' first card)
                i = next((x for x, v in enumerate(pile.virtual) if v), -1)
            ok, j = i >= 0 and pile.virtual[i], i
        elif key is not None:
            card = find_in(self.tables, "karma", record)
            j = _own_copy(pile, card)
            if i < 0 or pile.virtual[i]:
                i = j
            ok = j >= 0
        if not ok:  # (as any draw: refused there if it must be)
            got = self._draw("karma", None if virtual else record, name)
        else:  # (a title trades places with the card set aside, as any record does)
            draw = list(pile.draw)
            got = draw[i] if virtual else card
            draw[j] = draw[i]
            self._set_pile("karma", replace(pile, draw=tuple(draw[:i] + draw[i + 1:]),
                                            virtual=pile.virtual[:i] + pile.virtual[i + 1:]))
        if got is not None:
            self.drawn.append(Draw("karma", name, early=True))
        return got

    def _refill(self, deck: str, pile: Pile) -> Pile:
        """The deck ran out and the table drew its own card: the table shuffled its own
        discards, and records each card it draws; the books move the discards back in no
        order, without the generator (a virtual draw from them picks one at random)."""
        pile = Pile(pile.discard, (), unshuffled=True)
        self._set_pile(deck, pile)
        self.say(f"The {deck.title()} deck ran out: its {len(pile.draw)} discards were "
                 "shuffled into a new deck at the table.")
        return pile

    def _reshuffle(self, deck: str, pile: Pile) -> Pile:
        if deck in self.now("missing"):
            from collections import Counter

            from rigs_helper.games.rigs.mixed import labeled

            mix = self.rng.shuffled(labeled(pile.discard, Counter(pile.vdiscard)))
            pile = Pile(tuple(k for k, _ in mix), (), tuple(v for _, v in mix), ())
        else:
            pile = Pile(tuple(self.rng.shuffled(pile.discard)), ())
        self._set_pile(deck, pile)
        self.say(f"The {deck.title()} deck ran out: its {len(pile.draw)} discards were "
                 "shuffled into a new deck.")
        return pile

    def discard(self, deck: str, key: str) -> None:
        pile: Pile = self.now(deck)
        vdiscard = pile.vdiscard
        if deck in self.now("missing"):
            from rigs_helper.games.rigs.mixed import out_is_virtual

            if out_is_virtual(self.now("missing")[deck], pile, key):
                vdiscard += (key,)
        self._set_pile(deck, replace(pile, discard=pile.discard + (key,),
                                             vdiscard=vdiscard))

    def put_back(self, deck: str, key: str) -> None:
        """A drawn card goes back on top of ``deck`` (a mixed deck keeps its tag)."""
        pile: Pile = self.now(deck)
        virtual = pile.virtual
        if deck in self.now("missing"):
            from rigs_helper.games.rigs.mixed import out_is_virtual

            virtual = (out_is_virtual(self.now("missing")[deck], pile, key),) + virtual
        self._set_pile(deck, replace(pile, draw=(key,) + pile.draw,
                                             virtual=virtual))

    def undiscard(self, deck: str, key: str) -> None:
        """Take one copy of ``key`` back out of ``deck``'s discards (a card played that
        ends up in a hand after all)."""
        pile: Pile = self.now(deck)
        disc = list(pile.discard)
        disc.remove(key)
        vdiscard = list(pile.vdiscard)
        if key in vdiscard and disc.count(key) < vdiscard.count(key):
            vdiscard.remove(key)  # no physical copy of it was left to take
        self._set_pile(deck, replace(pile, discard=tuple(disc),
                                             vdiscard=tuple(vdiscard)))

    def draw_karma(self, name: str, n: int = 1, why: str = "",
                   physical: tuple[str, ...] = ()) -> list[str]:
        """``name`` draws ``n`` Karma cards: the physical cards given (recorded as drawn at
        the table; a ``virtual`` one stands for a card rigs draws) go to the draws that are
        the table's, in order, and rigs draws the rest.  A mixed deck's draw whose top
        card is rigs' takes no record (the group's cards given go to the group's draws,
        in whatever order the page or the terminal listed them), unless the records left
        could go nowhere else (then the record is refused: a virtual card this time)."""
        got: list[str] = []
        used = 0
        aside = self._aside.get(self.player(name).name) if self._aside else None
        if aside:  # drawn at the table before, in the order recorded
            given = list(physical)
            while aside and given and n > len(got) and given[0] == aside[0][0]:
                record, key = aside.pop(0)
                card = self._draw_early(name, given.pop(0), key)
                if card is None:
                    break
                got.append(card)
                used += record.strip().lower() != "virtual"
            physical = tuple(given)
        recorded = [t for t in physical if t.strip().lower() != "virtual"]
        n -= len(got)
        for i in range(n):
            skip = self._top_virtual("karma") and len(recorded) < n - i
            card = self.draw("karma", None if skip or not recorded else recorded[0], name)
            if not skip and recorded:
                recorded.pop(0)
                used += 1
            if card is None:
                self.say(f"{name} should draw a Karma card but none is left.")
                break
            got.append(card)
        if got:
            p = self.player(name)
            self.update(name, hand=p.hand + tuple(got))
            n_virtual = len(got) - min(used, len(got))
            how = ("drawn by rigs" if n_virtual == len(got) else "recorded" if not n_virtual
                   else f"{n_virtual} drawn by rigs")
            self.say(f"{p.name} draws {len(got)} Karma card{'s' if len(got) > 1 else ''}"
                     + (f" ({why}; {how})" if why else f" ({how})") + ".")
            self.say(sentence("You drew " + ", ".join(title_of(self.tables, "karma", k)
                                                      for k in got)), to=p.name)
        return got

    def top_virtual(self, deck: str) -> bool:
        """The next card of a mixed ``deck`` is rigs' (nothing of the table's to record)."""
        return self._top_virtual(deck)

    def _top_virtual(self, deck: str) -> bool:
        """The next card of a mixed ``deck`` is rigs' (its discards reshuffled first when
        its draw pile is empty, as the draw would)."""
        if deck not in self.now("missing"):
            return False
        pile: Pile = self.now(deck)
        if not pile.draw:
            if not pile.discard:
                return False
            pile = self._reshuffle(deck, pile)
        return bool(pile.virtual[self._top(pile) if deck == "karma" else 0])
