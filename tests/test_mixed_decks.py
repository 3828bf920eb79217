"""Mixed decks (a partial set): the group's own cards plus virtual ones for those it
lacks.  Frequency tests compute Pearson's chi-square statistic over many seeded draws and
compare it with the critical value at p = 0.001 for its degrees of freedom (from a
chi-square table; no scipy): a correct generator fails such a test once in a thousand
seeds, and the seeds are fixed, so the tests are repeatable."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from dataclasses import replace

import pytest
from conftest import EXAMPLES
from gameplay import check_invariants, start
from oddshelp import chi_square
from gameplay import next_recorded as _next

from rigs_helper.games.rigs.decks import inventory_op
from rigs_helper.games.rigs.engine import Work, perform
from rigs_helper.rules.errors import RulesError
from rigs_helper.games.rigs.state import Pile
from rigs_helper.games.rigs.codec import from_doc, to_doc

INVENTORY = EXAMPLES / "inventory-partial.toml"
LACKS = {"safe": 2, "theft": 2, "solar-eclipse": 1, "corrosive-cloud": 1}
# critical values of the chi-square distribution at p = 0.001
CHI2_001 = {3: 16.266, 4: 18.467, 12: 32.909, 44: 78.750}
#: the new games dealt for the three first-card tests (seeds 0 to 1199): each card expects
#: 26 or more (a Karma card, 1 in 45), so the p = 0.001 critical values hold, and a wrong
#: weight shows far above them (the lacked Disasters drawn by kind, not by copies: about
#: 25 against 18.5; a lacked card never drawn: 33 or more; 1800 games, half as much
#: again of CPU, gave 37 and 50)
DEALT = 1200


def mixed_start(seed: int, tables, missing=None):
    g = start(3, seed, tables)
    return perform(g, inventory_op({"disaster": dict(missing or LACKS)}, "test"), tables).game


def _outcome(w: Work, deck: str) -> str:
    card = w.draw(deck, who="Ana")
    if w.need:
        w.need.clear()
        return "physical"
    return card


# ---------------------------------------------------------------------------- odds


@pytest.mark.slow
def test_mixed_deck_first_draw_has_the_right_odds_chi_square(tables):
    """36 Disasters, 6 lacking: the first card is virtual with chance 6/36, each lacking
    card in proportion to its copies, the group's own pile 30/36."""
    trials = DEALT
    seen = Counter(first for _, _, first in _top_cards(tables, trials))
    expected = {k: trials * n / 36 for k, n in LACKS.items()}
    expected["physical"] = trials * 30 / 36
    assert set(seen) == set(expected)
    assert chi_square(seen, expected) < CHI2_001[4]


def test_mixed_deck_after_reshuffle_virtual_with_chance_m_over_n_plus_m(tables):
    """A reshuffled pile of 12 discards, 4 of them virtual (Theft x2, Raid, Safe): the
    next card is virtual with chance 4/12, uniform among the four."""
    g = mixed_start(0, tables, {"theft": 2, "raid": 1, "safe": 1})
    discard = ("theft",) * 3 + ("raid",) * 2 + ("safe",) * 3 + ("seasonal-hell",) * 4
    rest = Counter(tables.disaster_deck) - Counter(discard)
    # the other cards are out of play for this test (in front of nobody: not validated)
    g = replace(g, disaster=Pile((), discard, (), ("theft", "theft", "raid", "safe")))
    trials = 3000
    seen = Counter()
    for seed in range(trials):
        seen[_outcome(Work(replace(g, seed=seed, rng=0), tables), "disaster")] += 1
    expected = {"theft": trials * 2 / 12, "raid": trials / 12, "safe": trials / 12,
                "physical": trials * 8 / 12}
    assert set(seen) == set(expected) and rest  # noqa: the rest stays out of the pile
    assert chi_square(seen, expected) < CHI2_001[3]


def _top_cards(tables, trials: int) -> list[tuple[str, str, str]]:
    """(Disaster, Karma) top card of the new 3-player game of each seed below ``trials``,
    and the first Disaster drawn once the group lacks LACKS (``mixed_start``: "physical"
    for one of the group's own): dealt once per test run for the three odds tests that
    read them (conftest.built_once), one game of each seed for all three."""
    from conftest import built_once

    def deal(folder):
        tops = []
        for seed in range(DEALT):
            g = start(3, seed, tables)
            mixed = perform(g, inventory_op({"disaster": LACKS}, "test"), tables).game
            tops.append((g.disaster.draw[0], g.karma.draw[0],
                         _outcome(Work(mixed, tables), "disaster")))
        (folder / "tops.json").write_text(json.dumps(tops), encoding="utf-8")

    tops = json.loads((built_once("first-cards-3p", deal) / "tops.json").read_text("utf-8"))
    assert len(tops) >= trials
    return [tuple(x) for x in tops[:trials]]


def test_virtual_disaster_deck_top_card_frequencies_chi_square(tables):
    trials = DEALT
    seen = Counter(disaster for disaster, _, _ in _top_cards(tables, trials))
    full = Counter(tables.disaster_deck)
    expected = {k: trials * n / 36 for k, n in full.items()}
    assert chi_square(seen, expected) < CHI2_001[len(full) - 1]


def test_virtual_karma_deck_top_card_frequencies_chi_square(tables):
    trials = DEALT
    seen = Counter(karma for _, karma, _ in _top_cards(tables, trials))
    expected = {k: trials / 45 for k in tables.karma_deck}
    assert chi_square(seen, expected) < CHI2_001[44]


# ---------------------------------------------------------------------------- tracking


def _check_tags(g, tables, lacks: dict[str, dict[str, int]]) -> None:
    for deck, missing in lacks.items():
        pile = getattr(g, deck)
        assert len(pile.virtual) == len(pile.draw)
        virtual = Counter(k for k, v in zip(pile.draw, pile.virtual) if v)
        virtual += Counter(pile.vdiscard)
        assert not virtual - Counter(missing), "more virtual copies than the group lacks"
        if g.phase in ("market", "player"):  # no Disaster in front of anyone
            if deck == "disaster":
                assert virtual == Counter(missing)
        if deck == "karma":  # unique cards: virtual exactly when the group lacks it
            assert all(v == (k in missing) for k, v in zip(pile.draw, pile.virtual))
            assert set(pile.vdiscard) == {k for k in pile.discard if k in missing}


@pytest.mark.parametrize("seed", [1, 2])
def test_mixed_decks_keep_track_through_a_whole_game_with_reshuffles(tables, seed):
    """Disasters (6 lacking) and Karma (half lacking) through 15 rounds: the Disaster deck
    runs out and is reshuffled; every step keeps the tags right and round-trips."""
    karma_missing = {k: 1 for k in tables.karma_deck[::2]}
    g = start(3, seed, tables)
    g = perform(g, inventory_op({"disaster": LACKS, "karma": karma_missing}, "t"),
                tables).game
    lacks = {"disaster": LACKS, "karma": karma_missing}
    reshuffled = False
    while not g.game_over:
        before = len(g.disaster.draw)
        g = _next(g, tables)
        reshuffled |= len(g.disaster.draw) > before
        check_invariants(g, tables)
        _check_tags(g, tables, lacks)
        assert from_doc(to_doc(g, tables), "t", tables) == g
    assert reshuffled


# ---------------------------------------------------------------------------- the CLI


@pytest.fixture
def mixed_game(tmp_path, rigs):
    path = tmp_path / "g.toml"
    r = rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "7", "--have", INVENTORY,
             "--game", path)
    assert r.exit_code == 0, r.output
    return path


def test_new_have_says_the_mix_and_status_shows_it(mixed_game, rigs):
    d = json.loads(rigs("status", "--json", "--game", mixed_game).stdout)
    assert d["decks"]["disaster"] == 36
    assert (d["decks"]["disaster_physical"], d["decks"]["disaster_virtual"]) == (30, 6)
    assert "karma_virtual" not in d["decks"]  # all virtual: as without an inventory
    text = rigs("status", "--game", mixed_game).stdout
    assert "Disaster 36 (30 yours + 6 virtual)" in text
    inv = rigs("inventory", "--game", mixed_game)
    assert "Solar Eclipse x1" in inv.stdout and "Karma: all virtual" in inv.stdout


def test_a_physical_draw_waits_for_the_table_and_changes_nothing(mixed_game, rigs):
    before = mixed_game.read_bytes()
    r = rigs("next", "--game", mixed_game)
    assert r.exit_code == 3
    assert "draw the top card of your Disaster pile" in r.stderr
    assert "`rigs next --card Bo=TITLE`" in r.stderr
    assert mixed_game.read_bytes() == before


def test_recorded_physical_cards_and_the_virtual_one_are_dealt(mixed_game, rigs):
    r = rigs("next", "--card", "Bo=Theft", "--card", "Cy=Raid", "--game", mixed_game)
    assert r.exit_code == 0, r.output
    assert "Virtual card for Ana: Corrosive Cloud (the group lacks it)." in r.stdout
    d = json.loads(rigs("status", "--json", "--game", mixed_game).stdout)
    assert (d["decks"]["disaster_physical"], d["decks"]["disaster_virtual"]) == (28, 5)
    assert [p["disaster"] for p in d["players"]] == ["Corrosive Cloud", "Theft", "Raid"]


def test_a_card_recorded_for_a_virtual_draw_is_refused(mixed_game, rigs):
    before = mixed_game.read_bytes()
    r = rigs("next", "--card", "Ana=Theft", "--card", "Bo=Theft", "--card", "Cy=Raid",
             "--game", mixed_game)
    assert r.exit_code == 1 and "virtual one this time" in r.stderr
    assert mixed_game.read_bytes() == before


def test_a_card_the_group_does_not_have_in_its_pile_is_refused(tmp_path, rigs, tables):
    path = tmp_path / "g.toml"
    inv = tmp_path / "inv.toml"
    inv.write_text('[disaster]\nmissing = { "Corrosive Cloud" = 1, "Infestation" = 1 }\n')
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "--have", inv, "--game",
                path).exit_code == 0
    r = rigs("next", "--card", "Ana=Infestation", "--card", "Bo=Infestation", "--game", path)
    assert r.exit_code == 1
    assert "Infestation" in r.stderr and ("your Disaster pile" in r.stderr
                                          or "virtual one" in r.stderr)


@pytest.mark.parametrize("text, message", [
    ('[disaster]\nmissing = { "Thief" = 1 }\n', "no Disaster card called 'Thief'"),
    ('[disaster]\nmissing = { "Theft" = 9 }\n', "the deck has 5"),
    ('[karma]\nhave = { "Poker Night" = 2 }\n', "the deck has 1 'Poker Night', not 2"),
    ('[survey]\nmissing = [7]\n', "'7' is not a Survey yield"),
    ('[survey]\nmissing = { "3" = 4 }\n', "the deck has 3 '3', not 4"),
    ('[plot]\nhave = ["Swamp"]\n', "'Swamp' is not a plot type"),
    ('[market]\nmissing = [11]\n', "'11' is not a Market category or value"),
    ('[disaster]\nmissing = []\nhave = []\n', "either `missing` or `have`"),
    ('[dragons]\nhave = "all"\n', "unknown key"),
    ('[disaster\n', "invalid TOML"),
])
def test_a_bad_inventory_is_refused_with_one_line(tmp_path, rigs, text, message):
    inv = tmp_path / "inv.toml"
    inv.write_text(text)
    path = tmp_path / "g.toml"
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--have", inv, "--game", path)
    assert r.exit_code == 1 and message in r.stderr and r.stderr.count("\n") == 1
    assert not path.exists()


def test_inventory_is_set_only_before_cards_are_drawn(tmp_path, rigs):
    path = tmp_path / "g.toml"
    shutil.copyfile(EXAMPLES / "midgame-3p.toml", path)
    r = rigs("inventory", INVENTORY, "--game", path)
    assert r.exit_code == 1 and "before round 1" in r.stderr


def test_inventory_set_after_new_and_undone(tmp_path, rigs):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "5", "--game", path).exit_code == 0
    plain = path.read_text()
    assert rigs("inventory", INVENTORY, "--game", path).exit_code == 0
    d = json.loads(rigs("status", "--json", "--game", path).stdout)
    assert d["decks"]["disaster_virtual"] == 6
    assert rigs("undo", "--game", path).exit_code == 0
    assert path.read_text().split("# ---- history")[0] == plain.split("# ---- history")[0]


def test_a_hand_edited_mixed_pile_with_too_many_virtual_cards_is_refused(mixed_game, rigs,
                                                                         tables):
    text = mixed_game.read_text()
    edited = text.replace('"Corrosive Cloud" = 1\n', "")
    mixed_game.write_text(edited)
    r = rigs("status", "--game", mixed_game)
    assert r.exit_code == 1 and "more virtual" in r.stderr
    assert "'Corrosive Cloud'" in r.stderr  # the card's title, not its key


def test_karma_draw_from_a_mixed_karma_deck_asks_for_the_groups_card(tmp_path, rigs, tables):
    """Half the Karma cards owned: a Karma card the books add (`rigs adjust PLAYER karma
    1`) is either a virtual card or the table's top card of its pile, which it then
    records."""
    from rigs_helper.store import session

    inv = tmp_path / "inv.toml"
    owned = [c.title for c in tables.karma][::2]
    inv.write_text("[karma]\nhave = [" + ", ".join(json.dumps(t) for t in owned) + "]\n")
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "11", "--have", inv, "--game",
                path).exit_code == 0
    asked = recorded = 0
    for _ in range(8):
        g = session.load(path, tables).game
        own = g.karma.draw[0] if not g.karma.virtual[0] else None
        r = rigs("adjust", "Ana", "karma", "1", "--why", "counted", "--game", path)
        if own is None:
            assert r.exit_code == 0, r.output
            continue
        before = path.read_bytes()
        assert r.exit_code == 3 and "top card of your Karma pile" in r.stderr
        assert path.read_bytes() == before
        asked += 1
        key = next(k for k, v in zip(g.karma.draw, g.karma.virtual) if not v)
        title = next(c.title for c in tables.karma if c.key == key)
        r = rigs("adjust", "Ana", "karma", "1", "--card", title, "--why", "counted",
                 "--game", path)
        assert r.exit_code == 0, r.output
        recorded += 1
        g = session.load(path, tables).game
        assert title in [c.title for c in tables.karma if c.key in g.player("Ana").hand]
    assert asked and recorded
    d = json.loads(rigs("status", "--json", "--game", path).stdout)
    assert d["decks"]["karma_physical"] + d["decks"]["karma_virtual"] == d["decks"]["karma"]


def test_a_virtual_karma_card_drawn_for_a_disaster_is_not_replaced_by_a_recorded_one(tables):
    """Mixed Karma deck: rigs decided the card a hurt player drew was a virtual one; the
    table cannot record one of its own cards in its place (nothing waits to be drawn: the
    card is rigs' for good, and `karma draw` is not listed)."""
    from rigs_helper.games.rigs.karma.hands import KarmaDraw
    from rigs_helper.games.rigs.legal import actions_json

    karma_missing = {k: 1 for k in tables.karma_deck[::2]}
    owned = next(c.title for c in tables.karma if c.key not in karma_missing)
    for seed in range(40):
        g = start(3, seed, tables)
        g = perform(g, inventory_op({"karma": karma_missing}, "t"), tables).game
        g = _next(g, tables)  # the Disaster Phase: Disasters dealt, Karma drawn
        hurt = [p for p in g.players if any(k in karma_missing for k in p.hand)]
        if hurt:
            break
    else:
        raise AssertionError("no seed gave a virtual Karma card for a Disaster")
    p = hurt[0]
    assert p.disaster_draw is None
    assert not [a for a in actions_json(g, tables, p.name)["actions"]
                if a["action"] == "karma draw"]
    with pytest.raises(RulesError):
        perform(g, KarmaDraw(p.name, card=owned), tables)
