"""One card kind, one typed parameter record (issue 26), one operation per family (issue
40): a Karma play is the operation of its card's family (games/rigs/karma/play.py ``OPS``),
with the parameters its card takes as its own fields (games/rigs/karma/args.py), the victims'
answers in one record, and the log keeps the same flat fields as before."""

from __future__ import annotations

import pytest
from gameplay import set_player
from karmahelp import base, hand

from rigs_helper.games.rigs.actions.catalog import build_action
from rigs_helper.rules.errors import InputError, RigsError
from rigs_helper.games.rigs.karma.args import (
    ARG_NAMES, FAMILY, CardArgs, Responses, Swap, VictimsResource, card_key, flag, takes)
from rigs_helper.games.rigs.karma.play import (
    OPS, KarmaPlay, PlayOnVictims, PlaySwap, PlayVictimsResource, check_options)
from rigs_helper.games.rigs.legal.karma import candidates_play
from rigs_helper.games.rigs.oplog import from_action, op_from_json, op_to_json, to_action
from rigs_helper.games.rigs.piles import find_in


def test_every_card_of_the_deck_takes_one_record_and_cards_of_one_action_the_same(tables):
    assert set(FAMILY) == {c.key for c in tables.karma}
    by_action: dict[str, set[type]] = {}
    for c in tables.karma:
        by_action.setdefault(c.action, set()).add(FAMILY[c.key])
    assert all(len(v) == 1 for v in by_action.values()), by_action


def test_a_title_names_the_card_the_tables_name(tables):
    """The record is chosen from the title as typed, as `piles.find_in` reads it (every
    beginning of every title: the same card, or none where the tables find none or
    several)."""
    for c in tables.karma:
        for n in range(1, len(c.title) + 1):
            typed = c.title[:n]
            try:
                want = find_in(tables, "karma", typed)
            except InputError:
                want = None
            assert card_key(typed) == want, typed


@pytest.mark.parametrize("key", sorted(FAMILY))
def test_each_card_refuses_an_option_its_record_does_not_take(tables, key):
    """Each option of the card's record is kept in it; any other is refused when the play
    is checked, in one line naming the option and the card (its printed title, however
    it was typed)."""
    card = tables.karma_card(key)
    g = set_player(base(tables), "Ana", metal=2)  # (what --give hands in)
    own = takes(FAMILY[key])
    values = {"target": ("Bo",), "plot": ("P1",), "resource": ("metal",),
              "give": (("metal", 1),), "take": (("energy", 1),), "card": ("Decoy",),
              "source": "warehouse", "option": "draw", "new_owner": "Bo", "to": ("P2",),
              "own": ("Decoy",)}
    for name in ARG_NAMES:
        op = KarmaPlay.from_flat("Ana", card.title.lower(), **{name: values[name]})
        assert getattr(op, name) == values[name]
        if name in own:
            assert type(op) is OPS[FAMILY[key]] and type(op.args) is FAMILY[key]
            check_options(op, card, g)
        else:
            with pytest.raises(InputError) as e:
                check_options(op, card, g)
            assert str(e.value) == f"{flag(name)}: {card.title} does not use this option"


def test_a_play_holds_its_cards_record_and_the_log_its_flat_fields():
    op = build_action("karma play", "Ana", {"title": "Swap Meet", "give": ["metal=2"],
                                            "take": ["energy=1", "supply=1"]})
    assert op == PlaySwap("Ana", "Swap Meet", give=(("metal", 2),),
                          take=(("energy", 1), ("supplies", 1)))
    assert op.args == Swap(give=(("metal", 2),), take=(("energy", 1), ("supplies", 1)))
    assert op.answers == Responses() and not hasattr(op, "target") and op.chose("plot") == ()
    name, fields = to_action(op)
    assert name == "karma play" and set(fields) == {"name", "title", "give", "take"}
    assert from_action(name, fields) == op
    assert op_from_json(op_to_json(op)) == op
    assert '"target"' not in op_to_json(op)  # (a waiting attack keeps the same)


def test_an_older_entry_with_every_field_reads_into_the_cards_record():
    """A waiting attack written before kept every field, empty ones included."""
    old = ('{"op":"KarmaPlay","args":{"name":"Ana","title":"I WANT THAT!","target":["Bo"],'
           '"plot":[],"resource":["metal"],"give":[],"take":[],"card":[],"source":null,'
           '"option":null,"new_owner":null,"to":[],"answer":[],"answer_to":[],'
           '"answer_plot":[],"drew":[],"own":[],"first":[],'
           '"rolls":{"$":"Rolls","plain":[],"named":[]},"split":[],"by_rigs":[]}}')
    op = op_from_json(old)
    assert op == PlayVictimsResource("Ana", "I WANT THAT!", target=("Bo",),
                                     resource=("metal",))
    assert op.args == VictimsResource(target=("Bo",), resource=("metal",))
    assert op_to_json(op).startswith('{"op":"KarmaPlay",')  # (what the state keeps)


def test_answers_a_card_does_not_read_are_refused_when_it_is_played(tables):
    from rigs_helper.games.rigs.engine import perform

    g = hand(base(tables), "Ana", "swap-meet")
    op = KarmaPlay.from_flat("Ana", "Swap Meet", give=(("metal", 1),),
                             take=(("energy", 1),), answer=(("Bo", "Decoy"),))
    with pytest.raises(InputError, match="--answer: Swap Meet does not use this option"):
        perform(g, op, tables)


@pytest.mark.parametrize("key", sorted(FAMILY))
def test_every_listed_play_of_a_card_builds_its_cards_record(tables, key):
    """The legal list (games/rigs/legal/karma.py) offers each card only the parameters of its
    record: every candidate, as a page posts it, builds the card's own record."""
    card = tables.karma_card(key)
    if card.timing == "response" and card.action != "insurance":
        return  # (an answer to another card: its play is refused whatever it names)
    g = hand(base(tables), "Ana", key)
    title = card.title
    seen = 0
    for cand in candidates_play(g, tables, "Ana"):
        if cand.fixed["title"] != title:
            continue
        words = {k: list(v) if isinstance(v, tuple) else v for k, v in cand.fixed.items()
                 if v is not None}
        try:
            op = build_action("karma play", "Ana", words, page=True)
        except RigsError as err:  # pragma: no cover (said by the assertion)
            raise AssertionError(f"{title} {words}: {err}") from None
        assert type(op) is OPS[FAMILY[key]] and type(op.args) is FAMILY[key] or (
            FAMILY[key] is CardArgs and type(op.args) is CardArgs), (title, op.args)
        seen += 1
    assert seen or card.action in ("survey_error", "survey_swap")  # (no plot surveyed)


def test_an_older_entry_naming_an_option_its_card_does_not_take_loads_and_is_refused(
        tables):
    """A file written before a card's options were checked may keep one: it still loads
    (the log lists it as it was) and its replay refuses it, as it did."""
    from rigs_helper.games.rigs.engine import perform

    op = from_action("karma play", {"name": "Ana", "title": "Rough Storm",
                                    "target": ["Bo"]})
    assert type(op) is PlayOnVictims and op.target == ("Bo",)
    assert "--target 'Bo'" in op.describe()
    g = hand(base(tables), "Ana", "rough-storm")
    with pytest.raises(InputError, match="--target: Rough Storm does not use this option"):
        perform(g, op, tables)


def test_options_no_record_holds_together_are_refused_when_the_play_is_built():
    with pytest.raises(InputError, match="--plot: Swap Meet does not use this option"):
        KarmaPlay.from_flat("Ana", "Swap Meet", give=(("metal", 1),), plot=("P1",))
