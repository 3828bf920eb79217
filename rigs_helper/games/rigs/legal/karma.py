"""Legal Karma actions: record a card drawn, discard, swap, play (with the choices each
card needs), use a card in play.  No I/O.

Only the player's own hand is read: no value offered names a card in another player's
hand (a card that takes a chosen card from a victim's hand is answered from the victim's
side, or typed at the CLI).
"""

from __future__ import annotations

from itertools import combinations

from rigs_helper.games.rigs.legal.base import Action, Cand, Param
from rigs_helper.games.rigs.state import OWED_DRAW
from rigs_helper.games.rigs.tables import RESOURCES

VIRTUAL = "virtual"  # a draw the table lets rigs make

# cards aimed at one plot of another player (its owner is the victim)
ON_A_PLOT = ("idle_plot", "redirect_output", "transfer_plot", "survey_error")


def _titles(tables, keys) -> list[str]:
    return [tables.karma_card(k).title for k in dict.fromkeys(keys)]


# ---------------------------------------------------------------------------- hands


def drawable(game, tables, player: str) -> list[str]:
    """The titles a card drawn at the table may have: every card but those the table can
    see elsewhere (in play, in the discards, taken for next round) and the player's own
    hand.  A card in another player's hand stays among them: the list never says where a
    hidden card is (the table drew it: the books were wrong about that hand, and
    ``Work.draw`` swaps it with the deck's card).  Once the deck has run out, the table
    draws from its discards, shuffled at the table: those (face up, seen by everyone) and
    nothing else are listed then (no hand's card can be drawn, and the discards, public,
    already say which cards are elsewhere)."""
    if not game.karma.draw:
        return _titles(tables, (k for k in tables.karma_deck if k in game.karma.discard))
    return unseen(game, tables, player)


def recordable(game, tables, player: str, n: int = 1, at: tuple[int, ...] = ()
               ) -> tuple[str, ...]:
    """What a page may record for the next ``n`` Karma cards ``player`` draws at the table:
    every card they cannot see elsewhere, or ``virtual`` (rigs draws it).  A mixed deck
    (a partial set) decides at every draw: its top card is the group's (their titles they
    cannot see elsewhere; past the draw pile's end, the group's cards of the discards the
    deck is shuffled from) or rigs' (``virtual``, and nothing else).  ``at``: the places
    of their cards among the deck's next draws, where another player draws first in the
    same resolution (Rough Storm's card player rolling before its victim); else the top
    ``n``."""
    from rigs_helper.games.rigs.decks import all_virtual

    if all_virtual(game, "karma"):  # the group holds no Karma card: rigs draws it
        return (VIRTUAL,)
    if "karma" not in game.missing:
        return (*drawable(game, tables, player), VIRTUAL)
    every = [t for slot in _slots(game, tables, player, n, at) for t in slot]
    return tuple(sorted(dict.fromkeys(every), key=lambda t: t == VIRTUAL))


def recordable_each(game, tables, player: str, n: int, at: tuple[int, ...] = ()
                    ) -> tuple[tuple[str, ...], ...] | None:
    """:func:`recordable` card by card, where the cards of a mixed deck differ (the i-th
    card recorded: the group's titles, or ``virtual``; the group's titles of the draw pile,
    or past its end those of the discards it is shuffled from); None where every card is
    alike."""
    if "karma" not in game.missing or n < 2:
        return None
    slots = _slots(game, tables, player, n, at)
    if len(slots) != n or len(set(slots)) < 2:
        return None
    return slots


def _slots(game, tables, player: str, n: int, at: tuple[int, ...]
           ) -> tuple[tuple[str, ...], ...]:
    """What each of ``player``'s next ``n`` cards of a mixed Karma deck may be recorded
    as: ``virtual`` where it is rigs'; where it is the group's, the titles of theirs they
    cannot see elsewhere while the draw pile lasts, and past its end the titles of their
    cards in the discards (the deck is shuffled from them: ``games/rigs/piles._reshuffle``).
    One ``virtual`` where no card is left (rigs says so).  For an answer's draws
    (``at``), around the cards the others drew at the table with their answers (set aside
    when the card resolves)."""
    from rigs_helper.games.rigs.mixed import next_tags

    skip: frozenset[str] = frozenset()
    if at and game.waits.attack is not None:  # (set aside when the card resolves)
        from rigs_helper.games.rigs.waits.resolution import drawn_before

        skip = drawn_before(game, tables, player)
    tags = next_tags(game, tables, "karma", max(at) + 1 if at else n, skip)
    if at:
        tags = tuple(tags[i] for i in at if i < len(tags))
    if not tags:
        return ((VIRTUAL,),)
    left = sum(1 for k in game.karma.draw if k not in skip)
    pile = tuple(_own(game, tables, drawable(game, tables, player))) if left else ()
    shuffled = tuple(_own(game, tables, _titles(tables, (
        k for k in tables.karma_deck if k in game.karma.discard))))
    return tuple((VIRTUAL,) if v else pile if i < left else shuffled
                 for i, v in zip(at or range(n), tags))


def _own(game, tables, titles) -> list[str]:
    lacks = game.missing["karma"]
    return [t for t in titles if not lacks.get(_key(tables, t), 0)]


def _key(tables, title: str) -> str:
    return next(c.key for c in tables.karma if c.title == title)


def unseen(game, tables, player: str, discards: bool = False) -> list[str]:
    """Every Karma card ``player`` cannot see (a card picked at random from a hand is one
    of them); with ``discards``, the discards too."""
    p = game.player(player)
    gone = () if discards else game.karma.discard
    seen = set(p.hand) | set(gone) | {k for q in game.players
                                      for k in q.in_play + q.incoming}
    if game.waits.attack is not None:  # played, face up, waiting for its answers
        seen.add(game.waits.attack.card)
    return _titles(tables, (c.key for c in tables.karma if c.key not in seen))


def actions_draw(game, tables, player, spec):
    """Record the Karma card(s) a hurt player drew at the table: they replace those rigs
    drew for them.  Nothing else is listed: a card is drawn only when a rule or a card says
    so, and a record replaces a draw, never adds one (`rigs karma draw` at the terminal
    still corrects the books).  Several owed (a card played made them draw): one record
    of them all, a value per card drawn, in order (``min`` 1: the rest may wait)."""
    from rigs_helper.games.rigs.decks import all_virtual
    from rigs_helper.games.rigs.legal.grouping import passes

    p = game.player(player)
    # nothing drawn yet: the table's card, or virtual (for a Disaster, or a card played)
    owed = p.disaster_draw == OWED_DRAW or p.owed_karma > 0
    if not owed and (p.disaster_draw is None or p.disaster_draw not in p.hand):
        return []
    if not owed and all_virtual(game, "karma"):  # (no card of the table's replaces it)
        return []
    n = p.owed_karma if owed and p.disaster_draw != OWED_DRAW else 1
    values = tuple(t for t in (recordable(game, tables, player, n) if owed else
                               drawable(game, tables, player))
                   if passes(spec, game, tables, player, {"card": [t]}))
    if not values:
        return []
    if n == 1:
        return [Action(spec.action, (Param("card", values, record="card"),), spec.label)]
    return [Action(spec.action, (Param("card", values, 1, n, True, True, record="card",
                                       ordered=recordable_each(game, tables, player, n)),),
                   spec.label)]


def candidates_discard(game, tables, player):
    for t in _titles(tables, game.player(player).hand):
        yield Cand({"title": t})



def candidates_swap(game, tables, player):
    """The card swapped away, and the card drawn for it (a page records it, or
    virtual), read after the discard (:func:`_gone`)."""
    p = game.player(player)
    if not p.may_swap:
        return
    for t in _titles(tables, p.hand):
        every = recordable(_gone(game, tables, player, t), tables, player)
        for c in every:
            yield Cand({"title": t, "card": c})


def _gone(game, tables, player: str, title: str, played: bool = False):
    """The game once ``player``'s card ``title`` has left their hand before they draw:
    swapped away (``KarmaSwap``), or ``played`` (``KarmaPlay``: to the discards, or into
    play).  Where the Karma deck has run out, the card drawn comes from the discards
    shuffled with it (a mixed deck's top card depends on it); else the game itself."""
    if game.karma.draw:
        return game
    from rigs_helper.games.rigs.engine import Work
    from rigs_helper.games.rigs.karma.hands import discard_from_hand, hand_key, move_played_card

    w = Work(game, tables)
    key = hand_key(tables, game.player(player), title)
    (move_played_card if played else discard_from_hand)(w, player, key)
    return w.game


def candidates_use(game, tables, player):
    """Parts Shop takes the table's die (``roll``; ``virtual`` where rigs may roll)."""
    for key in dict.fromkeys(game.player(player).in_play):
        t = tables.karma_card(key).title
        if key == "parts-shop":
            yield from (Cand({"title": t, "roll": f}) for f in _faces(game))
        else:
            yield Cand({"title": t})


def _faces(game) -> list:
    """A die's faces as a page records them; ``virtual`` (or none) where rigs may roll."""
    return [str(n) for n in range(1, 7)] + ([] if game.dice == "table" else [None, VIRTUAL])



def candidates_retire(game, tables, player):
    for t in _titles(tables, game.player(player).in_play):
        yield Cand({"title": t})



# ---------------------------------------------------------------------------- play


def _subsets(items) -> list[tuple]:
    return [c for n in range(1, len(items) + 1) for c in combinations(items, n)]


# cards whose player rolls a die when played (the table's die: ``roll``, record=die; Poker
# Night rolls once per resource: with --dice table one resource at a time is listed)
OWNER_ROLLS = ("poker_night", "gain", "ruins", "rough_storm")


def candidates_play(game, tables, player):
    """Each card's choices; a card its player rolls a die for takes the table's roll (any
    face; ``virtual`` where rigs may roll it).  A card its player cannot play now, whatever
    its options (``karma/play.not_now``: what its check refuses first), is ``refused``."""
    from dataclasses import replace

    from rigs_helper.games.rigs.karma.play import not_now
    from rigs_helper.games.rigs.piles import find_in

    p = game.player(player)
    for cand in _plays(game, tables, player):
        key = next(k for k in p.hand if tables.karma_card(k).title == cand.fixed["title"])
        card = tables.karma_card(key)
        played = find_in(tables, "karma", card.title)  # (the card its check reads)
        if played in p.hand and not_now(tables.karma_card(played), game, p) is not None:
            yield from (replace(c, refused=True) for c in _played(game, tables, player,
                                                                   cand, card))
        else:
            yield from _played(game, tables, player, cand, card)


def _played(game, tables, player, cand, card):
    """A card's candidate with the table's records its play takes (a die, a card
    drawn)."""
    if card.action == "rough_storm":
        yield from _storm(game, tables, player, cand)
    elif card.action in OWNER_ROLLS and card.die:
        for f in _faces(game):
            yield Cand({**cand.fixed, "roll": f})
    elif card.kind == "sabotage" and card.victim_draws and \
            _own_victim(game, player, cand) and not _own_die_by_rigs(game, player):
        # aimed at their own plot: the Karma card its victim draws is theirs to
        # record (nobody else to wait for: ``virtual``, or a card they cannot see)
        first, rest = _drawn(recordable(_gone(game, tables, player, card.title, True),
                                        tables, player))
        yield Cand({**cand.fixed, "drawn": first}, hidden=(("drawn", rest),))
    else:
        yield cand


def _drawn(values: tuple[str, ...]) -> tuple[str, tuple[str | None, ...]]:
    """The Karma card a play makes its own player draw (``drawn``), as a candidate: the
    witness checked (``virtual`` first where rigs' card is one) and the other values.  A
    ``drawn`` left out is ``virtual`` (``actions/catalog._karma_play``: the same
    operation), so where ``virtual`` is one of its values the list offers it left out too
    (None: not required), as it offers a die rigs may roll (``_faces``)."""
    first, *rest = sorted(values, key=lambda t: t != VIRTUAL)
    return first, (*rest, *((None,) if first == VIRTUAL else ()))


def _own_die_by_rigs(game, player) -> bool:
    """Their own in-play protection rolls a die rigs rolls (``--dice rigs``): whether the
    card makes them draw is not known before it is played, so nothing is recorded with
    it; in a game with ``table_draws`` a card it makes them draw waits for their record
    (``owed_karma``), in an older one rigs draws it."""
    from rigs_helper.games.rigs.karma.protection import IN_PLAY

    return game.dice != "table" and any(k in IN_PLAY for k in game.player(player).in_play)


def _own_victim(game, player, cand) -> bool:
    """The play's one victim is its own player (a plot of theirs, or themselves)."""
    plots = cand.fixed.get("plot", ())
    if plots:
        mine = {x.id for x in game.player(player).plots}
        return all(pid in mine for pid in plots)
    return tuple(cand.fixed.get("target", ())) == (player,)


def _storm(game, tables, player, cand):
    """Rough Storm: its player's die, and on a face that makes them lose resources the Karma
    card they draw for it (``drawn``: a card they cannot see elsewhere, or ``virtual``)."""
    holds = any(game.player(player).amount(r) for r in RESOURCES)
    # (``virtual`` first where rigs' card is one: the witness the others are listed by)
    first, rest = _drawn(recordable(_gone(game, tables, player, cand.fixed["title"], True),
                                    tables, player))
    for f in _faces(game):
        if holds and f not in (None, VIRTUAL, "6"):
            yield Cand({**cand.fixed, "roll": f, "drawn": first}, hidden=(("drawn", rest),))
        else:
            yield Cand({**cand.fixed, "roll": f})


def _plays(game, tables, player):
    p = game.player(player)
    others = [q for q in game.players if q.name != p.name]
    for key in dict.fromkeys(p.hand):
        card = tables.karma_card(key)
        a = card.action
        base = {"title": card.title}
        if a == "lose_rigs" and key == "missing-support":
            for q in others:
                if not q.rigs:  # nothing to destroy: the card is played for its draw
                    yield Cand({**base, "target": (q.name,)})
                    continue
                spots = ["warehouse"] + [x.id for x in q.plots]
                for s in spots:
                    yield Cand({**base, "target": (q.name,), "from": s})
        elif a == "discard_hand_random":  # Eye for an Eye: the player picks at random
            for q in others:
                hidden = tuple((t,) for t in unseen(game, tables, player)) if q.hand \
                    else ()
                yield Cand({**base, "target": (q.name,), "card": (VIRTUAL,)},
                           hidden=(("card", hidden),))
        elif a == "lose_plot_rigs":
            for q in others:
                for x in q.plots:
                    yield Cand({**base, "target": (q.name,), "plot": (x.id,)})
        elif a == "swap_credits":
            for q in others:
                for o in ("draw", "card"):
                    yield Cand({**base, "target": (q.name,), "option": o})
        elif a == "i_want_that":
            for group in _subsets([q.name for q in others]):
                for r in RESOURCES:
                    yield Cand({**base, "target": group, "resource": (r,)})
        elif a == "information":
            yield Cand(base)
            for group in _subsets([q.name for q in others]):
                yield Cand({**base, "target": group})
        elif a == "scatter_rigs":  # a destination per RIGS: offered for none (the CLI)
            for q in game.players:
                for x in q.plots:
                    yield Cand({**base, "plot": (x.id,)})
        elif a in ON_A_PLOT:
            plots = [x.id for q in game.players for x in q.plots
                     if a != "survey_error" or x.survey is not None]
            for pid in plots:
                if a == "transfer_plot":
                    for q in game.players:
                        yield Cand({**base, "plot": (pid,), "new_owner": q.name})
                else:
                    yield Cand({**base, "plot": (pid,)})
        elif a == "survey_swap":
            surveyed = [x.id for q in game.players for x in q.plots if x.survey is not None]
            for pair in combinations(surveyed, 2):
                yield Cand({**base, "plot": pair})
        elif a == "poker_night":
            for group in _subsets([r for r in RESOURCES if p.amount(r)]):
                yield Cand({**base, "resource": group})
        elif a == "below_surface":
            for x in p.plots:
                for r in RESOURCES:
                    yield Cand({**base, "plot": (x.id,), "resource": (r,)})
        elif a == "triple_plot":
            for x in p.plots:
                yield Cand({**base, "plot": (x.id,)})
        elif card.target in ("one", "card") or a in ("brownout", "idle_all"):
            for q in others:
                yield Cand({**base, "target": (q.name,)})
        else:
            yield Cand(base)
