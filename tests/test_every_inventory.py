"""Every inventory plays (issue 39): a partial set whose decks hold the group's own cards,
Karma and Disaster included, is listed exactly and never raises.

- a listing never plays the future: whether a Disaster card hurts is read from the cards,
  never by drawing (a mixed Karma deck's top card, the group's, would wait for a record);
- a mixed deck is exact at every draw: the list offers the group's titles when the top card
  is theirs, ``virtual`` (and nothing else) when it is rigs';
- a reshuffle of a mixed deck keeps the group's cards and the virtual ones apart.
"""

from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RigsError

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: round 1's Disaster Phase of a 4-player partial set (--dice table) whose Karma deck holds
#: the group's own cards, the mixed deck's top card one of them; nobody recorded their
#: Disaster card yet (the game of ../shared/findings/P1_partial_karma_disaster_500.sh)
P1 = FIXTURES / "partial-karma-disaster.toml"


def _load(path, tables):
    from rigs_helper.store import session

    return session.load(path, tables).game


def listed_only(game, tables, player: str, action: str) -> list[dict]:
    """``actions.json``'s entries of ``action`` alone (each action is listed on its own:
    the same entries as ``actions_json``'s, without checking every other action's
    candidates)."""
    from rigs_helper.games.rigs.legal import TABLE, _records, legal_actions

    others = [spec.action for spec in TABLE.values() if spec.action != action]
    return [_records(a.as_json()) for a in legal_actions(game, tables, player, others)]


def page_perform(game, tables, player: str, action: str, form: dict):
    """The operation a page makes of ``form`` (games/rigs/waits/phone), performed."""
    from rigs_helper.games.rigs.legal import operation
    from rigs_helper.games.rigs.waits.phone import from_a_phone, recorded_later

    op = from_a_phone(operation(game, tables, player, action, form), game)
    return perform(game, recorded_later(op, game, tables) if action == "disaster record"
                   else op, tables)


def recorded_values(game, tables, player: str, action: str) -> list[tuple[dict, str]]:
    """(form, the value tried) for every value of every parameter that records the table's
    card in ``player``'s listed ``action``s, the other parameters at their first value."""
    from rigs_helper.games.rigs.legal import actions_json

    out = []
    for a in actions_json(game, tables, player)["actions"]:
        if a["action"] != action:
            continue
        params = a["params"]
        base = {k: [p["values"][0]] * max(1, p.get("min", 1)) for k, p in params.items()
                if p.get("values") and p.get("required", True)}
        for k, p in params.items():
            if p.get("record") != "card":
                continue
            for v in p.get("values") or ():
                out.append(({**base, k: [v] * max(1, p.get("min", 1))}, v))
    return out


def test_a_disaster_phase_with_the_groups_karma_cards_is_listed_for_every_player(tables):
    """The listing asks "does this Disaster card hurt?" of the cards, never by drawing the
    mixed Karma deck's top card (the group's: it would wait for their record)."""
    from rigs_helper.games.rigs.legal import actions_json

    g = _load(P1, tables)
    assert "karma" in g.missing and not g.karma.virtual[0]  # the group's card on top
    assert len(g.waits.disasters) == 3
    for p in g.players:
        listed = [a["action"] for a in actions_json(g, tables, p.name)["actions"]]
        assert ("disaster record" in listed) == (p.name in g.waits.disasters)


def test_every_disaster_and_karma_card_listed_is_accepted_from_a_page(tables):
    g = _load(P1, tables)
    tried = 0
    for p in g.players:
        for form, value in recorded_values(g, tables, p.name, "disaster record"):
            out = page_perform(g, tables, p.name, "disaster record", form)  # not refused
            tried += 1
            if "karma" in form and value == form["karma"][0] and value != "virtual":
                title = next(c.key for c in tables.karma if c.title == value)
                assert title in out.game.player(p.name).hand
    assert tried > 20


def test_hand_of_a_player_waiting_for_their_disaster_card_says_what_waits(tmp_path, rigs):
    path = tmp_path / "rigs.toml"
    shutil.copy(P1, path)
    before = path.read_bytes()
    r = rigs("hand", "Ana", "--game", path)
    assert r.exit_code == 0, r.output
    assert "disaster record Ana" in r.stdout
    assert path.read_bytes() == before


def test_the_pages_answer_200_in_the_disaster_phase_of_a_partial_karma_deck(tmp_path,
                                                                            tables):
    from servehelp import get, serving

    path = tmp_path / "rigs.toml"
    shutil.copy(P1, path)
    with serving(path, tables) as (server, _, tokens):
        for name, token in tokens.items():
            assert get(server, f"/p/{token}/actions.json")[0] == 200, name
            assert get(server, f"/p/{token}")[0] == 200, name


# ---------------------------------------------------------------------------- exact draws


def _with_top(g, tables, virtual: bool):
    """``g`` with its mixed Karma deck's top card rigs' (``virtual``) or the group's."""
    pile = g.karma
    i = pile.virtual.index(virtual)
    order = [i, *(j for j in range(len(pile.draw)) if j != i)]
    return replace(g, karma=replace(pile, draw=tuple(pile.draw[j] for j in order),
                                    virtual=tuple(pile.virtual[j] for j in order)))


@pytest.mark.parametrize("virtual", [False, True])
def test_a_mixed_karma_deck_lists_the_groups_titles_or_virtual_by_its_top_card(
        tables, virtual):
    """A hurt player's Karma card: the group's titles (none of the cards it lacks) when the
    top card is the group's; only ``virtual`` when it is rigs'.  Each value listed is
    accepted."""
    from rigs_helper.games.rigs.legal import actions_json

    g = _with_top(_load(P1, tables), tables, virtual)
    lacks = {c.title for c in tables.karma if c.key in g.missing["karma"]}
    hurt = [(p.name, a) for p in g.players
            for a in actions_json(g, tables, p.name)["actions"]
            if a["action"] == "disaster record" and "karma" in a["params"]]
    assert hurt
    for name, a in hurt:
        values = a["params"]["karma"]["values"]
        if virtual:
            assert values == ["virtual"]
        else:
            assert "virtual" not in values and values and not set(values) & lacks
        card = a["params"]["card"]["values"][0]
        for v in values:
            page_perform(g, tables, name, "disaster record", {"card": [card], "karma": [v]})


def test_karma_draw_after_a_disaster_recorded_at_the_terminal_lists_nothing_rigs_decided(
        tables):
    """A Disaster recorded at the terminal hurts a player and the mixed Karma deck's top
    card is rigs' (virtual): that card is rigs' for good, so no "record the Karma card I
    drew" is listed (its titles would all be refused)."""
    from rigs_helper.games.rigs.legal import actions_json
    from rigs_helper.games.rigs.waits.disasters import DisasterRecord

    g = _with_top(_load(P1, tables), tables, True)
    for p in g.players:
        hurt = next((a["params"]["card"]["values"][0]
                     for a in actions_json(g, tables, p.name)["actions"]
                     if a["action"] == "disaster record" and "karma" in a["params"]), None)
        if hurt is None:
            continue
        out = perform(g, DisasterRecord(p.name, hurt), tables)  # the terminal's record
        after = out.game.player(p.name)
        assert len(after.hand) == len(p.hand) + 1 and after.disaster_draw is None
        assert not [a for a in actions_json(out.game, tables, p.name)["actions"]
                    if a["action"] == "karma draw"]
        return
    raise AssertionError("nobody is hurt in the fixture")


def test_a_reshuffled_mixed_deck_keeps_the_groups_cards_and_the_virtual_ones_apart(tables):
    """Every card of a mixed Karma deck discarded, then drawn again: the reshuffle tags
    as many of each card virtual as were virtual when discarded, and the group's own cards
    come back as theirs."""
    from rigs_helper.games.rigs.engine import Work

    g = _load(P1, tables)
    pile = g.karma
    g = replace(g, karma=replace(pile, draw=(), virtual=(), discard=pile.draw,
                                 vdiscard=tuple(k for k, v in zip(pile.draw, pile.virtual)
                                                if v)))
    w = Work(g, tables)
    w._reshuffle("karma", g.karma)
    new = w.game.karma
    assert Counter(new.draw) == Counter(pile.draw) and not new.discard
    assert Counter(k for k, v in zip(new.draw, new.virtual) if v) == \
        Counter(k for k, v in zip(pile.draw, pile.virtual) if v)
    lacks = g.missing["karma"]
    assert all(v == bool(lacks.get(k)) for k, v in zip(new.draw, new.virtual))
    assert new.draw != pile.draw  # shuffled by the game's generator


def test_the_next_tags_of_an_empty_mixed_pile_are_those_its_reshuffle_will_give(tables):
    from rigs_helper.games.rigs.engine import Work
    from rigs_helper.games.rigs.mixed import next_tags

    g = _load(P1, tables)
    pile = g.karma
    g = replace(g, karma=replace(pile, draw=(), virtual=(), discard=pile.draw,
                                 vdiscard=tuple(k for k, v in zip(pile.draw, pile.virtual)
                                                if v)))
    assert next_tags(g, tables, "karma", 3) == \
        Work(g, tables)._reshuffle("karma", g.karma).virtual[:3]
    full = _load(P1, tables)
    assert next_tags(full, tables, "karma", 2) == full.karma.virtual[:2]
    assert next_tags(full, tables, "plot", 2) == ()  # (not a tagged pile)


def test_a_trial_count_never_waits_for_the_groups_card(tables):
    """The Karma cards an answer makes a player draw are counted on a trial game whose
    Karma deck is rigs' own: a mixed deck's top card of the group's never raises there."""
    from rigs_helper.games.rigs.engine import Work
    from rigs_helper.games.rigs.mixed import trial

    g = _with_top(_load(P1, tables), tables, False)
    w = Work(g, tables)
    w.draw_karma("Ana", 1)
    with pytest.raises(RigsError, match="top card of your Karma pile"):
        w.done()
    w = Work(trial(g), tables)
    assert len(w.draw_karma("Ana", 1)) == 1
    w.done()


# ---------------------------------------------------------------------------- any inventory

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from randomplayer import HOLDS, INVENTORY_DECKS, one_game, random_inventory  # noqa: E402


def test_a_random_inventory_is_read_by_rigs_new(tables, tmp_path, rigs):
    """Each deck full, empty or missing a random part: `rigs new --have` takes it, and the
    status's decks count the group's cards and rigs' apart."""
    import json
    import random

    for seed in range(4):
        inv = tmp_path / f"inv{seed}.toml"
        inv.write_text(random_inventory(tables, random.Random(seed),
                                        {"karma": "part", "disaster": "part"}))
        path = tmp_path / f"g{seed}.toml"
        r = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", seed, "--have", inv,
                 "--game", path)
        assert r.exit_code == 0, r.output
        decks = json.loads(rigs("status", "--json", "--game", path).stdout)["decks"]
        assert decks["karma_physical"] and decks["karma_virtual"]
        assert decks["karma_physical"] + decks["karma_virtual"] == decks["karma"]


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(holds=st.fixed_dictionaries({d: st.sampled_from(HOLDS) for d in INVENTORY_DECKS}),
       seed=st.integers(0, 10 ** 6), virtual=st.booleans())
def test_every_inventory_plays_from_the_pages(tables, holds, seed, virtual):
    """A few rounds' first steps of a game dealt from a drawn inventory, played by the
    random player through the pages: nothing built from the list is refused, nothing
    answers 500, the game never needs the terminal, the books keep the table's cards."""
    import random

    inv = random_inventory(tables, random.Random(seed), holds)
    r = one_game(["Ana", "Bo", "Cy"], seed, ("rigs", "table")[seed % 2], virtual, tables,
                 max_steps=25, have=inv)
    assert r.failures() == [], inv


def test_a_plot_deck_all_the_groups_own_is_dealt_from_their_pile(tmp_path, rigs):
    """`[plot] have = "all"`: every Plot card is the group's; `rigs new --have` deals the
    starting plots from their pile (it was refused: the inventory seemed to change)."""
    inv = tmp_path / "inv.toml"
    inv.write_text('[plot]\nhave = "all"\n')
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 3, "--have", inv, "--game",
             tmp_path / "g.toml")
    assert r.exit_code == 0, r.output
    starts = [line for line in r.stdout.splitlines() if " starts with " in line]
    assert len(starts) == 2 and all("virtual" not in s and "from your pile" in s
                                    for s in starts)


def test_new_have_says_per_deck_what_the_group_holds_and_what_rigs_deals(tmp_path, rigs):
    """One line per deck, its numbers those of `status --json`'s decks
    (``<deck>_physical`` / ``<deck>_virtual``)."""
    import json
    import re

    inv = tmp_path / "inv.toml"
    inv.write_text('[survey]\nhave = "all"\n[karma]\nmissing = { Decoy = 1, Ruins = 1 }\n'
                   '[disaster]\nmissing = "all"\n')
    path = tmp_path / "g.toml"
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 3, "--have", inv, "--game", path)
    assert r.exit_code == 0, r.output
    lines = {m[1]: m[2] for m in re.finditer(r"^(Plot|Survey|Disaster|Karma|Market)\b"
                                             r"[^:]*: (.*)$", r.stdout, re.M)}
    assert lines == {"Plot": "all virtual (rigs deals every card).",
                     "Survey": "27 of yours, none virtual.",
                     "Disaster": "all virtual (rigs deals every card).",
                     "Karma": "43 of yours, 2 virtual.",
                     "Market": "all virtual (rigs deals every card)."}
    decks = json.loads(rigs("status", "--json", "--game", path).stdout)["decks"]
    assert (decks["karma_physical"], decks["karma_virtual"]) == (43, 2)
    assert (decks["survey_physical"], decks["survey_virtual"]) == (27, 0)
    assert "disaster_physical" not in decks and "plot_virtual" not in decks


# ------------------------------------------------------- a draw that another player's precedes


def _rough_storm_game(tmp_path, rigs, tables, tags: tuple[bool, bool],
                     card: str = "Rough Storm"):
    """Ana (holding Rough Storm, or ``card``) and Bo, ``--dice table``, a Karma deck
    missing two cards: its next two cards rigs' (True) or the group's (False) as ``tags``
    say."""
    inv = tmp_path / "inv.toml"
    inv.write_text('[karma]\nmissing = { Decoy = 1, Ruins = 1 }\n')
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 3, "--dice", "table", "--have",
                inv, "--game", path).exit_code == 0
    assert rigs("adjust", "Ana", "karma", "1", "--card", card, "--why", "dealt",
                "--game", path).exit_code == 0
    g = _load(path, tables)
    pile = g.karma
    first = [pile.virtual.index(t) for t in tags]
    if first[0] == first[1]:
        first[1] = pile.virtual.index(tags[1], first[0] + 1)
    order = [*first, *(j for j in range(len(pile.draw)) if j not in first)]
    return replace(g, karma=replace(pile, draw=tuple(pile.draw[j] for j in order),
                                    virtual=tuple(pile.virtual[j] for j in order)))


@pytest.mark.parametrize("tags", [(False, True), (True, False)])
def test_rough_storm_victims_draw_comes_after_its_players_in_a_mixed_deck(
        tmp_path, rigs, tables, tags):
    """Rough Storm: its player (Ana, rolling 2, her card the group's and recorded) draws
    before its victim (Bo): Bo's card is the deck's second, so Bo's take lists what that card is (``virtual`` for rigs',
    the group's titles for theirs), not what the top card is; every value listed is
    accepted (before, Bo was offered the top card's values and refused "a virtual one this
    time"; and Ana's play, whose top card was rigs', was refused: Bo's card, the group's,
    waited for a record while the play was checked)."""
    from rigs_helper.games.rigs.legal import actions_json
    from rigs_helper.games.rigs.mixed import next_tags

    g = _rough_storm_game(tmp_path, rigs, tables, tags)
    assert next_tags(g, tables, "karma", 2) == tags
    play = next(a for a in actions_json(g, tables, "Ana")["actions"]
                if a["action"] == "karma play"
                and a["params"]["title"]["values"] == ["Rough Storm"])
    # Ana's card is the top one: the group's titles, or virtual (rigs draws it), listed
    drawn = [v for v in play["params"]["drawn"]["values"] if v != "Rough Storm"]
    assert (drawn == ["virtual"]) == tags[0]
    g = page_perform(g, tables, "Ana", "karma play",
                     {"title": ["Rough Storm"], "roll": ["2"], "drawn": drawn[:1]}).game
    assert g.waits.attack is not None and g.karma.virtual[:2] == tags
    # Bo's card: the second when Ana recorded hers; when hers is rigs', it waits for her
    # record after the answers (owed), and Bo's, recorded with his answer, is the top one
    bo_s = tags[1] if not tags[0] else tags[0]
    take = next(a for a in actions_json(g, tables, "Bo")["actions"]
                if a["action"] == "answer" and "drew" in a["params"])
    values = take["params"]["drew"]["values"]
    lacks = {c.title for c in tables.karma if c.key in g.missing["karma"]}
    if bo_s:
        assert values == ["virtual"]
    else:
        assert "virtual" not in values and values and not set(values) & lacks
    for v in values:
        out = page_perform(g, tables, "Bo", "answer",
                           {"card": ["take"], "roll": ["3"], "drew": [v]})
        assert out.game.waits.attack is None
        assert len(out.game.player("Bo").hand) == len(g.player("Bo").hand) + 1


def test_da_roof_is_on_fire_lists_each_card_of_a_mixed_deck_in_its_place(
        tmp_path, rigs, tables):
    """Da' Roof is on Fire! makes Bo draw two cards, the group's then rigs': the take
    lists them card by card (``ordered``: the group's titles, then ``virtual``), and a
    request built that way is accepted."""
    from rigs_helper.games.rigs.legal import actions_json

    g = _rough_storm_game(tmp_path, rigs, tables, (False, True), "Da' Roof is on Fire!")
    bo = g.player("Bo")  # (eleven Energy: two cards to draw)
    g = g.with_player(replace(bo, energy=bo.energy + 1))
    g = page_perform(g, tables, "Ana", "karma play",
                     {"title": ["Da' Roof is on Fire!"], "target": ["Bo"]}).game
    (take,) = [a for a in actions_json(g, tables, "Bo")["actions"]
               if a["action"] == "answer" and "drew" in a["params"]]
    drew = take["params"]["drew"]
    assert (drew["min"], drew["max"]) == (2, 2)
    own, rigs_s = drew["ordered"]
    assert rigs_s == ["virtual"] and own and "virtual" not in own
    out = page_perform(g, tables, "Bo", "answer",
                       {"card": ["take"], "drew": [own[0], "virtual"]})
    assert len(out.game.player("Bo").hand) == len(g.player("Bo").hand) + 2


@pytest.mark.parametrize("seed,tags", [(7, (False, True)), (3, (True, False))])
def test_a_mixed_deck_is_exact_at_every_draw_of_an_answer_posted_from_a_page(
        tmp_path, rigs, tables, seed, tags):
    """Bad OS Revision makes Bo draw two cards from a mixed Karma deck, the group's and
    rigs' in either order (the benchmark's seed 1001, steps 141 and 332): the take lists
    them card by card, and the page's request built that way (``drew`` = the group's
    title and ``virtual``, each in its place) is accepted as posted.  Before, the page's
    acting read a field holding one title and ``virtual`` as a "Draw it for us" button
    pressed beside the form's own choice and kept ``virtual`` alone (the group's card
    then waited for a record); and the rules gave the first card recorded to the first
    draw, rigs' card ("a virtual one this time"): refused, again and again."""
    from rigs_helper.games.rigs.legal import actions_json
    from rigs_helper.games.rigs.mixed import next_tags
    from rigs_helper.web.acting import Acting

    inv = tmp_path / "inv.toml"
    lacks = ("Ruins", "Poker Night", "Recycling", "Parts Shop", "Swap Meet", "Other Markets",
             "Naive Profits", "Below the Surface", "Winning Raffle Ticket", "Decoy",
             "Double Agent", "Warehouse Insurance", "R.I.G.S. T.D.M.")
    inv.write_text("[karma]\nmissing = { " + ", ".join(f'"{t}" = 1' for t in lacks) + " }\n")
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", seed, "--dice", "table", "--have",
                inv, "--game", path).exit_code == 0
    assert rigs("adjust", "Ana", "karma", "1", "--card", "Bad OS Revision", "--why", "dealt",
                "--game", path).exit_code == 0
    acting = Acting(path, tables)
    code, said = acting.act("Ana", {"action": ["karma play"], "request_id": ["a1"],
                                    "title": ["Bad OS Revision"], "target": ["Bo"]})
    assert code == 200, said
    g = _load(path, tables)
    assert g.waits.attack is not None and next_tags(g, tables, "karma", 2) == tags
    (take,) = [a for a in actions_json(g, tables, "Bo")["actions"]
               if a["action"] == "answer" and "drew" in a["params"]]
    slots = take["params"]["drew"]["ordered"]
    own = slots[tags.index(False)]
    assert slots[tags.index(True)] == ["virtual"] and own and not set(own) & set(lacks)
    code, said = acting.act("Bo", {"action": ["answer"], "request_id": ["b1"],
                                   "card": ["take"], "drew": [s[0] for s in slots]})
    assert code == 200, said
    after = _load(path, tables)
    assert after.waits.attack is None
    drawn = Counter(after.player("Bo").hand) - Counter(g.player("Bo").hand)
    assert sum(drawn.values()) == 2
    assert next(c.key for c in tables.karma if c.title == own[0]) in drawn


# ------------------------------------------------------- a deck the group lacks entirely


def _params(game, tables, player: str, action: str) -> list[dict]:
    from rigs_helper.games.rigs.legal import actions_json

    return [a["params"] for a in actions_json(game, tables, player)["actions"]
            if a["action"] == action]


def test_a_deck_the_group_lacks_entirely_is_rigs_to_draw_and_never_asked_of_the_table(
        tmp_path, rigs, tables):
    """Rule: a partial set records only the group's own cards.  Its inventory leaves the
    Plot, Survey, Market and Karma decks out (all virtual: `rigs new --have` says rigs
    deals every card): no page offers a card of them to record, only "Draw it for us"
    (a Disaster card that hurts offered "Swap Meet" for its Karma card, which the group
    does not have, and the record was refused)."""
    from rigs_helper.games.rigs.decks import all_virtual
    from rigs_helper.games.rigs.phases import NextPhase
    from gameplay import next_recorded
    from rigs_helper.web.leader import end_params, market_param

    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 11, "--have",
                Path(__file__).parent.parent / "examples" / "inventory-partial.toml",
                "--game", path).exit_code == 0
    g = _load(path, tables)
    assert [d for d in ("plot", "survey", "disaster", "karma", "market")
            if all_virtual(g, d)] == ["plot", "survey", "karma", "market"]
    assert {p.get("card", {}).get("values") is None for p in _params(g, tables, "Ana",
                                                                       "survey")} == {True}
    owed = replace(g, players=tuple(replace(p, owed_karma=2) if p.name == "Ana" else p
                                    for p in g.players))
    assert [p["card"]["values"] for p in _params(owed, tables, "Ana", "karma draw")] == [
        ["virtual"]]
    assert market_param(g, tables)["values"] == ["virtual"]
    assert {str(v) for s in end_params(g, tables)["params"].values()
            if s.get("record") == "card" for v in s["values"]} == {"virtual"}
    # the Disaster Phase: the group's own Disaster card, and its Karma card rigs'
    hurt = perform(g, NextPhase(wait=True), tables).game
    karma = [p["karma"]["values"] for name in ("Ana", "Bo", "Cy")
             for p in _params(hurt, tables, name, "disaster record") if "karma" in p]
    assert karma and all(k == ["virtual"] for k in karma)
    # round 2's Land Grant: no plot of the table's to record, rigs draws them (as with
    # `--cards rigs`: no record due, not even "Draw it for us"; the leader keeps one)
    while (g.round, g.phase) != (1, "market"):
        g = next_recorded(g, tables)
    g = perform(g, NextPhase(), tables).game
    assert g.grant and g.grant_record == ""
    grants = _params(g, tables, g.leader, "grant")
    assert grants and all("card" not in p for p in grants)
    assert any("plot" in p for p in grants)


# ------------------------------------------- cards drawn at the table with an earlier answer


def test_rough_storm_cards_drawn_with_an_earlier_answer_are_set_aside_in_a_mixed_deck(
        tmp_path, rigs, tables):
    """Cards drawn at the table with an answer were drawn then (benchmark seed 80014): Cy
    answers Ana's Rough Storm first and records the group's top card; Bo answers last, and
    the rules draw Bo's card before Cy's.  Bo's draw is the deck's next card, rigs' (the
    list offers ``virtual`` alone), and the card resolves with Cy's card as recorded.
    Before, Bo was offered the group's titles (the top card, Cy's), and the resolution
    gave Bo the top card and Cy rigs' card: "Cy's Karma card is a virtual one this time",
    refused whatever Bo recorded."""
    from rigs_helper.games.rigs.legal import actions_json

    inv = tmp_path / "inv.toml"
    inv.write_text('[karma]\nmissing = { Decoy = 1, Ruins = 1 }\n')
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 3, "--dice", "table",
                "--have", inv, "--game", path).exit_code == 0
    assert rigs("adjust", "Ana", "karma", "1", "--card", "Rough Storm", "--why", "dealt",
                "--game", path).exit_code == 0
    g = _load(path, tables)
    pile = g.karma
    first = [pile.virtual.index(False), pile.virtual.index(True)]  # the group's, then rigs'
    order = [*first, *(j for j in range(len(pile.draw)) if j not in first)]
    g = replace(g, karma=replace(pile, draw=tuple(pile.draw[j] for j in order),
                                 virtual=tuple(pile.virtual[j] for j in order)))
    for name in ("Bo", "Cy"):
        g = g.with_player(replace(g.player(name), energy=3))
    g = page_perform(g, tables, "Ana", "karma play",
                     {"title": ["Rough Storm"], "roll": ["6"]}).game
    top = tables.karma_card(g.karma.draw[0]).title  # the group's card, on top

    def take(game, who):
        return next(a for a in actions_json(game, tables, who)["actions"]
                    if a["action"] == "answer" and "drew" in a["params"])

    assert top in take(g, "Cy")["params"]["drew"]["values"]
    g = page_perform(g, tables, "Cy", "answer",
                     {"card": ["take"], "roll": ["3"], "drew": [top]}).game
    assert g.waits.attack is not None  # (Bo has not answered)
    assert take(g, "Bo")["params"]["drew"]["values"] == ["virtual"]
    out = page_perform(g, tables, "Bo", "answer",
                       {"card": ["take"], "roll": ["3"], "drew": ["virtual"]}).game
    assert out.waits.attack is None
    assert g.karma.draw[0] in out.player("Cy").hand
    assert g.karma.draw[1] in out.player("Bo").hand  # rigs' card, the deck's next
    assert len(out.karma.draw) == len(g.karma.draw) - 2


def test_a_swap_from_a_run_out_mixed_deck_lists_the_reshuffle_with_the_card_swapped_away(
        tables):
    """The Safe swap discards first, then draws: where the mixed Karma deck has run out,
    the card drawn comes from the discards shuffled with the one just swapped away, and
    whether it is the group's or rigs' is read after that discard (seed 92002 of the
    random pages games: the group's titles listed, then refused as "a virtual one this
    time").  Every value listed is accepted: at each place of the generator where the
    swapped card changes the top card, and at every eighth other place (the others list
    the same titles and cards as those do and cost 80 performs each)."""
    from rigs_helper.games.rigs.legal import actions_json
    from rigs_helper.games.rigs.mixed import next_tags

    g = _load(P1, tables)
    pile = g.karma
    hand, rest, tags = pile.draw[:2], pile.draw[2:], pile.virtual[2:]
    g = replace(g, karma=replace(pile, draw=(), virtual=(), discard=rest,
                                 vdiscard=tuple(k for k, v in zip(rest, tags) if v)),
                players=tuple(replace(p, hand=hand, may_swap=True) if p.name == "Bo"
                              else p for p in g.players))
    flips = 0
    for rng in range(40):
        gg = replace(g, rng=rng)
        before = next_tags(gg, tables, "karma", 1)
        for swap in listed_only(gg, tables, "Bo", "karma swap"):
            listed = swap["params"]["card"]["values"]
            flipped = before == (True,) and listed != ["virtual"] or \
                before == (False,) and listed == ["virtual"]
            for title in swap["params"]["title"]["values"] if flipped or rng % 8 == 0 \
                    else ():
                for card in listed:
                    page_perform(gg, tables, "Bo", "karma swap",
                                 {"title": [title], "card": [card]})
            flips += flipped
    assert flips  # (some places of the generator: the swapped card changes the top card)


def test_identity_theft_taken_from_a_run_out_mixed_deck_lists_the_reshuffle_with_it(
        tables):
    """A victim who takes Identity Theft (3 Karma cards), or turns it with Right Back At
    You (the original victim draws them: ruling of 2026-11-27), records the cards they
    drew; where the mixed Karma deck has run out, the played card (and Right Back At You)
    go to the discards before they draw and are shuffled with them: the group's titles
    and rigs' places listed for each card are read after that, and every combination
    listed is accepted."""
    from rigs_helper.games.rigs.legal import actions_json

    g = _load(P1, tables)
    pile = g.karma
    out = ("identity-theft", "right-back-at-you")
    rest = [k for k in pile.draw if k not in out]
    tags = [v for k, v in zip(pile.draw, pile.virtual) if k not in out]
    g = replace(g, phase="player", waits=replace(g.waits, disasters=()),
                karma=replace(pile, draw=(), virtual=(), discard=tuple(rest),
                              vdiscard=tuple(k for k, v in zip(rest, tags) if v)),
                players=tuple(replace(p, hand=({"Ana": "identity-theft", "Bo":
                                                "right-back-at-you"}[p.name],))
                              if p.name in ("Ana", "Bo") else p for p in g.players))
    tried = Counter()
    for rng in range(6):
        gg = page_perform(replace(g, rng=rng), tables, "Ana", "karma play",
                          {"title": ["Identity Theft"], "target": ["Bo"],
                           "option": ["draw"]}).game
        for answer in [a for a in listed_only(gg, tables, "Bo", "answer")
                       if "drew" in a["params"]]:
            drew = answer["params"]["drew"]
            (card,) = answer["params"]["card"]["values"]
            for shift in range(2):
                pick: list[str] = []
                for each in drew.get("ordered") or [drew["values"]] * drew["min"]:
                    free = [t for t in each if t == "virtual" or t not in pick]
                    pick.append(free[shift % len(free)])
                page_perform(gg, tables, "Bo", "answer", {"card": [card], "drew": pick})
                tried[card] += 1
    assert set(tried) == {"take", "Right Back At You"}, tried


@pytest.mark.parametrize("left", [1, 2])
def test_identity_theft_drawn_past_a_mixed_decks_end_lists_each_card_where_it_comes_from(
        tables, left):
    """Identity Theft makes its victim draw 3 Karma cards (or, turned by Right Back At
    You, the original victim: ruling of 2026-11-27) from a mixed Karma deck holding fewer:
    the first come from the draw pile, the others from its discards shuffled with the
    card played (and Right Back At You), which go there as the card resolves.  Each card
    is listed where it comes from (the group's titles of the draw pile, then those of the
    discards, or ``virtual`` for rigs' as the reshuffle will give it), and every value
    listed for each card is accepted.  Before, the list read the reshuffle without the
    cards played (whether a card was rigs' or the group's was read from another shuffle)
    and offered the draw pile's titles for every card: refused, "no ... is left in your
    Karma pile" or "a virtual one this time"."""
    from rigs_helper.games.rigs.legal import actions_json

    g = _load(P1, tables)
    pile = g.karma
    out = ("identity-theft", "right-back-at-you")
    rest = [k for k in pile.draw if k not in out]
    tags = [v for k, v in zip(pile.draw, pile.virtual) if k not in out]
    own = next(i for i, v in enumerate(tags) if not v)  # (the group's card on top)
    rest.insert(0, rest.pop(own))
    tags.insert(0, tags.pop(own))
    disc = rest[left:]
    g = replace(g, phase="player", waits=replace(g.waits, disasters=()),
                karma=replace(pile, draw=tuple(rest[:left]), virtual=tuple(tags[:left]),
                              discard=tuple(disc),
                              vdiscard=tuple(k for k, v in zip(disc, tags[left:]) if v)),
                players=tuple(replace(p, hand={"Ana": ("identity-theft",), "Bo": (
                    "right-back-at-you",)}.get(p.name, ())) for p in g.players))
    discarded = {tables.karma_card(k).title for k in disc}
    tried = Counter()
    for rng in range(3):
        gg = page_perform(replace(g, rng=rng), tables, "Ana", "karma play",
                          {"title": ["Identity Theft"], "target": ["Bo"],
                           "option": ["draw"]}).game
        for answer in [a for a in listed_only(gg, tables, "Bo", "answer")
                       if "drew" in a["params"]]:
            drew = answer["params"]["drew"]
            (card,) = answer["params"]["card"]["values"]
            slots = drew["ordered"]
            assert len(slots) == 3 and slots[0] != ["virtual"]
            assert not set(slots[0]) & discarded  # (the draw pile's: none discarded)
            shuffled = discarded | {card}  # (with the card answered with)
            for each in slots[left:]:  # past the draw pile's end: the discards' cards
                assert each == ["virtual"] or set(each) <= shuffled
            for i, each in enumerate(slots):
                for title in each[::5]:  # values of each card, the others as listed
                    pick = [title if j == i else "" for j in range(3)]
                    for j, other in enumerate(slots):
                        if j != i:
                            pick[j] = next(t for t in other
                                           if t == "virtual" or t not in pick)
                    page_perform(gg, tables, "Bo", "answer", {"card": [card],
                                                              "drew": pick})
                    tried[card] += 1
    assert set(tried) == {"take", "Right Back At You"}, tried


def test_rough_storm_played_from_a_later_seat_over_a_mixed_deck_waits_for_its_players_card(
        tmp_path, rigs, tables):
    """Rough Storm played from a page by Bo, who sits after Ana (benchmark seed 94076):
    the top card of the mixed Karma deck is rigs', the next the group's.  The list offers
    Bo's die 1 to 5 with ``drawn`` ``virtual``; every such request is accepted.  Ana, who
    loses first in seat order, may draw the top card before Bo does, so which card is
    Bo's waits for Ana's die: it is not asked with the play, and once the card resolves Bo's
    unrecorded card waits for Bo's record.  Before, the play was refused "waiting for a
    choice: ... Bo: draw the top card of your Karma pile and record it" because the
    check drew Ana's card first and then found the group's card on top for Bo."""
    from rigs_helper.games.rigs.legal import actions_json

    g = _rough_storm_game(tmp_path, rigs, tables, (True, False))
    ana, bo = g.player("Ana"), g.player("Bo")
    g = g.with_player(replace(ana, hand=())).with_player(replace(bo, hand=ana.hand))
    assert ana.energy and bo.energy  # (both lose on a 2)
    # the benchmark's request: a die the page may record, ``drawn`` left out (virtual)
    waiting = page_perform(g, tables, "Bo", "karma play",
                           {"title": ["Rough Storm"], "roll": ["2"]}).game
    plays = [a for a in actions_json(g, tables, "Bo")["actions"]
             if a["action"] == "karma play"]
    assert [a["params"]["roll"]["values"] for a in plays if "drawn" in a["params"]] == \
        [["1", "2", "3", "4", "5"]]
    (play,) = [a for a in plays if "drawn" in a["params"]]
    assert play["params"]["drawn"]["values"] == ["virtual"]
    for face in play["params"]["roll"]["values"]:
        out = page_perform(g, tables, "Bo", "karma play",
                           {"title": ["Rough Storm"], "roll": [face], "drawn": ["virtual"]})
        assert out.game.waits.attack is not None and out.game.waits.attack.victims == ("Ana",)
    g = waiting
    take = next(a for a in actions_json(g, tables, "Ana")["actions"]
                if a["action"] == "answer" and "drew" in a["params"])
    assert take["params"]["drew"]["values"] == ["virtual"]  # Ana's: the top card, rigs'
    out = page_perform(g, tables, "Ana", "answer",
                       {"card": ["take"], "roll": ["3"], "drew": ["virtual"]}).game
    assert out.waits.attack is None
    assert len(out.player("Ana").hand) == 1 and out.player("Ana").hand[0] == g.karma.draw[0]
    assert out.player("Bo").owed_karma == 1 and out.player("Bo").hand == ()
    assert out.karma.draw[0] == g.karma.draw[1] and not out.karma.virtual[0]
