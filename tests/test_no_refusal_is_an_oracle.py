"""No refusal is an oracle (issue 43, point 5): a record of a card that left another
player's hand (picked at random, chosen after a look at the hand, discarded by the
victim's choice) gets the same answer whether that hand holds the title or not, and the
books stay exact: every card counted once, the hand one card shorter, the recorded card
where the record put it.  A title the recorder can see elsewhere is refused from what the
recorder sees alone.

Each case probes one title the victim's hand holds and one it lacks (in the Karma deck,
or in a third player's hand) on the same game: the answer (status, public words, the
recorder's own lines) and everything the recorder can see afterwards (the public status,
their own hand and pending choices) are the same once the title is written TITLE."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from gameplay import check_conservation
from karmahelp import base, hand, kp, refused

from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RulesError
from rigs_helper.games.rigs.views import private_view, status_dict

HELD, IN_DECK, IN_BOS_HAND = "ruins", "poker-night", "wrong-manual"

#: (card Ana plays, how the probed title is given, extra arguments)
CASES = {
    "Eye for an Eye": ({}, "discard"),
    "Give Me That!": ({}, "Ana"),
    "Not THAT one": ({}, "discard"),
    "I'll Take THAT!": ({}, "Ana"),
    "I Ain't Going Alone": ({"own": ("Decoy",)}, "discard"),
}
KEYS = {"Eye for an Eye": "eye-for-an-eye", "Give Me That!": "give-me-that",
        "Not THAT one": "not-that-one", "I'll Take THAT!": "i-ll-take-that",
        "I Ain't Going Alone": "i-ain-t-going-alone"}


def _game(tables, card):
    g = hand(base(tables), "Ana", KEYS[card], "decoy")
    g = hand(g, "Cy", "survey-typo", HELD, "carrier-lost")
    return hand(g, "Bo", IN_BOS_HAND)


def _seen_by_ana(out, tables, key):
    """Everything Ana is told or can see after the record, the probed card as TITLE (its
    own printed effect, which her hand shows, left out: it is the card's, not Cy's)."""
    title = tables.karma_card(key).title
    mine = private_view(out.game, tables, "Ana")
    mine["hand"] = [c if c["title"] != title else {"title": title} for c in mine["hand"]]
    seen = {"status": status_dict(out.game, tables), "mine": mine,
            "discards": list(out.game.karma.discard),
            "said": list(out.messages),
            "told": [t for who, t in out.private if who == "Ana"]}
    return json.dumps(seen, sort_keys=True).replace(title, "TITLE").replace(key, "TITLE")


def _record(g, tables, card, key):
    extra, _ = CASES[card]
    return perform(g, kp("Ana", card, target="Cy", card=tables.karma_card(key).title,
                         **extra), tables)


@pytest.mark.parametrize("card", list(CASES))
def test_no_refusal_is_an_oracle(tables, card):
    g = _game(tables, card)
    cy = g.player("Cy").hand
    held = _record(g, tables, card, HELD)
    for lacking in (IN_DECK, IN_BOS_HAND):
        out = _record(g, tables, card, lacking)
        assert _seen_by_ana(out, tables, lacking) == _seen_by_ana(held, tables, HELD)
        # the books exact: every card once; Cy's hand one shorter, the newest of the
        # cards the record did not name now where the books had the recorded one
        check_conservation(out.game, tables)
        after = out.game.player("Cy").hand
        assert len(after) == len(cy) - 1 and set(after) == set(cy) - {"carrier-lost"}
        where = CASES[card][1]
        if where == "Ana":
            assert lacking in out.game.player("Ana").hand
        else:
            assert out.game.karma.discard[-1] == lacking
        if lacking == IN_DECK:
            assert out.game.karma.draw.index("carrier-lost") == g.karma.draw.index(IN_DECK)
        else:
            assert out.game.player("Bo").hand == ("carrier-lost",)
            assert any(who == "Bo" for who, _ in out.private)
        # Cy, whose hand it is, is told alone what the books changed
        told = [t for who, t in out.private if who == "Cy"]
        assert any("Carrier Lost" in t and "left your hand" in t for t in told), told
        assert not any("Carrier Lost" in m for m in out.messages)


@pytest.mark.parametrize("card", ["Eye for an Eye", "I'll Take THAT!"])
def test_no_refusal_is_an_oracle_a_title_in_the_recorders_sight_is_refused(tables, card):
    """Refused from what Ana sees alone: her own hand (Decoy) or the discards."""
    g = _game(tables, card)
    extra, _ = CASES[card]
    said = refused(g, tables, RulesError, "Ana", card, target="Cy", card="Decoy", **extra,
                   has=("in sight of Ana",))
    assert "Cy" not in said.split(":", 1)[1]


def test_no_refusal_is_an_oracle_for_a_card_drawn_at_the_table(tables):
    """Ana records the Karma card she drew at the table for a card played: a title the
    books put in Bo's hand gets the answer a title in the deck gets (a refusal would say
    Bo holds it); the books swap Bo's copy with the deck's bottom card, told to Bo alone."""
    from gameplay import set_player

    from rigs_helper.games.rigs.karma.hands import KarmaDraw

    g = hand(base(tables), "Bo", IN_BOS_HAND)
    g = set_player(g, "Ana", owed_karma=1)
    out = _ana_records_bos_card(g, tables, bottom=g.karma.draw[-1])
    assert out.game.karma.draw == g.karma.draw[:-1]  # the next cards drawn: the same
    assert [who for who, _ in out.private if "books" in _] == ["Bo"]
    # a title in Ana's own sight (the discards) is refused from what she sees
    g = set_player(hand(g, "Cy", "decoy"), "Cy", hand=())
    g = replace(g, karma=replace(g.karma, discard=g.karma.discard + ("decoy",)))
    check_conservation(g, tables)
    with pytest.raises(RulesError):
        perform(g, KarmaDraw("Ana", card="Decoy"), tables)


def test_a_record_from_an_emptied_karma_deck_is_offered_only_what_the_discards_hold(
        tables):
    """No form offers what will be refused: once the Karma deck has run out, the table
    draws from its discards (face up, public), so a page lists those titles and no card
    of a hand (the discards already say it is elsewhere; a record of it was refused, "no
    'Swap Meet' is left in the Karma deck"); each title listed is accepted."""
    from rigs_helper.games.rigs.karma.hands import KarmaDraw
    from rigs_helper.games.rigs.legal.karma import recordable

    g = hand(hand(base(tables), "Bo", "swap-meet"), "Ana", "decoy")
    k = g.karma
    g = replace(g, karma=replace(k, draw=(), discard=k.discard + k.draw),
                players=tuple(replace(p, owed_karma=1) if p.name == "Ana" else p
                              for p in g.players))
    listed = recordable(g, tables, "Ana")
    titles = {tables.karma_card(c).title for c in g.karma.discard}
    assert set(listed) == titles | {"virtual"}
    assert "Swap Meet" not in listed and "Decoy" not in listed
    for title in sorted(titles)[:3]:
        out = perform(g, KarmaDraw("Ana", 1, title), tables)
        assert tables.karma_card(out.game.player("Ana").hand[-1]).title == title


def _mixed(g, lacks=("decoy",)):
    """``g`` with a mixed Karma deck (a partial set): the group lacks ``lacks``, rigs'
    virtual cards, put at the deck's bottom; the group's own cards on top."""
    pile = g.karma
    draw = tuple(k for k in pile.draw if k not in lacks) + tuple(
        k for k in pile.draw if k in lacks)
    return replace(g, missing={**g.missing, "karma": {k: 1 for k in lacks}},
                   karma=replace(pile, draw=draw, virtual=tuple(k in lacks for k in draw)))


def test_no_refusal_is_an_oracle_for_a_card_drawn_at_the_table_from_a_mixed_deck(tables):
    """A partial set (a mixed Karma deck): Ana records the group's card she drew at the
    table; a title the books put in Bo's hand gets the answer a title in the deck gets
    (before: "no ... is left in your Karma pile", which told her Bo held it); the books
    swap Bo's copy with the group's bottom card, told to Bo alone, and every card keeps
    its tag (rigs' cards stay rigs')."""
    from gameplay import set_player

    from rigs_helper.games.rigs.karma.hands import KarmaDraw

    g = _mixed(set_player(hand(base(tables), "Bo", IN_BOS_HAND), "Ana", owed_karma=1))
    assert not g.karma.virtual[0] and g.karma.virtual[-1]
    # the group's bottom card (rigs' Decoy below it)
    out = _ana_records_bos_card(g, tables, bottom=g.karma.draw[-2])
    pile = out.game.karma
    assert [k for k, v in zip(pile.draw, pile.virtual) if v] == ["decoy"]
    assert [who for who, _ in out.private if "books" in _] == ["Bo"]
    # a title the group lacks is refused whoever holds it: nothing said of any hand
    with pytest.raises(RulesError, match="no 'Decoy' is left in your Karma pile"):
        perform(g, KarmaDraw("Ana", card="Decoy"), tables)


def test_no_refusal_is_an_oracle_a_card_picked_from_a_hand_keeps_its_tag(tables):
    """A partial set: Ana's Give Me That! records a title the books put in the mixed
    Karma deck; it changes places with Cy's newest card (rigs' Decoy), which takes its
    own tag in the deck (rigs'), never the group's."""
    g = _mixed(hand(hand(base(tables), "Ana", "give-me-that"), "Cy", "survey-typo", "decoy"))
    assert not any(g.karma.virtual)  # (rigs' Decoy in Cy's hand)
    out = perform(g, kp("Ana", "Give Me That!", target="Cy",
                        card=tables.karma_card(IN_DECK).title), tables)
    check_conservation(out.game, tables)
    assert IN_DECK in out.game.player("Ana").hand
    pile = out.game.karma
    assert dict(zip(pile.draw, pile.virtual))["decoy"] is True
    assert sum(pile.virtual) == 1


def _ana_records_bos_card(g, tables, bottom: str):
    """Ana records a card the books put in Bo's hand: she sees what a card from the deck
    would show her, holds it, and Bo holds ``bottom`` (the books' swap)."""
    from rigs_helper.games.rigs.karma.hands import KarmaDraw

    outs = {key: perform(g, KarmaDraw("Ana", card=tables.karma_card(key).title), tables)
            for key in (IN_DECK, IN_BOS_HAND)}
    assert _seen_by_ana(outs[IN_DECK], tables, IN_DECK) == \
        _seen_by_ana(outs[IN_BOS_HAND], tables, IN_BOS_HAND)
    out = outs[IN_BOS_HAND]
    check_conservation(out.game, tables)
    assert out.game.player("Ana").hand == (IN_BOS_HAND,)
    assert out.game.player("Bo").hand == (bottom,)
    return out
