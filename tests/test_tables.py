"""The shipped tables against the facts of the rules digest (components, set-up, caps, copied
below), against what their own comments and the README say, and the loader's errors for
broken tables."""

from __future__ import annotations

import re
import shutil
import tomllib
from collections import Counter

import pytest
from conftest import ROOT, TABLES

from rigs_helper.rules.errors import TableError
from rigs_helper.store.tablefiles import load_tables_from

# ---------------------------------------------------------------- facts from RULES.md
# Copied by hand from RULES.md "Components" and "Plots and resource spots".
PLOT_COUNTS = {"plains": 9, "valley": 9, "forest": 3, "desert": 3, "ridge": 3}
SURVEY_COUNTS = {0: 9, 1: 9, 2: 6, 3: 3}
DISASTER_COUNTS = {
    "Safe": 6, "Unexpected Spoilage": 2, "Massive Solar Flare": 4, "Out in the (Acid) Rain": 2,
    "Raid": 4, "Solar Eclipse": 3, "Seasonal Hell": 3, "Theft": 5, "Corrosive Cloud": 1,
    "Infestation": 1, "Battery Failure": 1, "Battery Charger Failure": 2,
    "Energy Junction Failure": 2,
}
KARMA_TITLES = {
    "destruction": ['"Missing" Support', "Bad OS Revision", "Wrong Manual", "Eye for an Eye",
                    "Not THAT one", "I Ain't Going Alone", '"Accidental" Dumping',
                    "Left the Light On", "Da' Roof is on Fire!", "Rough Storm", "Blowout!"],
    "sabotage": ["Give Me That!", "Identity Theft", "I WANT THAT!", "Incorrect Drivers",
                 "You sent it WHERE?!", "Brownout!", "I'll Take THAT!", "Survey Error",
                 "Survey Typo", '"Record Not Found"', "Carrier Lost", "Triangulation Drift"],
    "wealth": ["Recycling", "Ridiculous Efficiency", "Poker Night", "Parts Shop",
               "Below the Surface", "Winning Raffle Ticket", "Swap Meet", "Ruins",
               "R.I.G.S. T.D.M.", "Other Markets", "Naive Profits"],
    "protection": ["Wrong Address", "R.I.G.S. Alarm System", "Push, Pull, or Drag",
                   "I've Got a Donk", "Decoy", "Calling in a Favor", "Right Back At You",
                   "Ain't Working for You", "Warehouse Insurance", "Double Agent",
                   "A Little Information"],
}
MARKET = {"spike": (4, 10), "high": (9, 6), "normal": (14, 4), "low": (9, 2)}  # count, value
# plot -> (energy, supplies, metal spots, End Game Market cards)
SPOTS = {"plains": (1, 1, 1, 1), "valley": (2, 2, 2, 1), "forest": (1, 3, 1, 2),
         "desert": (3, 1, 1, 2), "ridge": (1, 1, 3, 2)}


def test_plot_deck(tables):
    assert len(tables.plot_deck) == 27
    assert Counter(tables.plot_deck) == PLOT_COUNTS
    assert {k: p.count for k, p in tables.plots.items()} == PLOT_COUNTS


def test_plot_spots_and_endgame_cards(tables):
    for key, (e, s, m, cards) in SPOTS.items():
        p = tables.plots[key]
        assert p.spots == {"energy": e, "supplies": s, "metal": m}, key
        assert p.endgame_cards == cards, key
        assert p.name.lower() == key
    # 1+1+2+2+2 = 8 End Game Market cards, as RULES.md says
    assert sum(p.endgame_cards for p in tables.plots.values()) == 8


def test_survey_deck(tables):
    assert len(tables.survey_deck) == 27  # 9 + 9 + 6 + 3
    assert Counter(tables.survey_deck) == SURVEY_COUNTS


def test_disaster_deck(tables):
    assert sum(DISASTER_COUNTS.values()) == 36  # the facts add up
    assert len(tables.disaster_deck) == 36
    assert {c.title: c.count for c in tables.disasters} == DISASTER_COUNTS
    assert [c.title for c in tables.disasters if c.kind == "safe"] == ["Safe"]


def test_karma_deck(tables):
    assert len(tables.karma_deck) == 45
    assert len(set(tables.karma_deck)) == 45  # one copy of each title
    assert all(c.count == 1 for c in tables.karma)
    kinds = Counter(c.kind for c in tables.karma)
    assert kinds == {"destruction": 11, "sabotage": 12, "wealth": 11, "protection": 11}
    for kind, titles in KARMA_TITLES.items():
        assert sorted(c.title for c in tables.karma if c.kind == kind) == sorted(titles), kind


def test_market_deck(tables):
    assert len(tables.market_deck) == 36  # 4 + 9 + 14 + 9
    assert {k: (c.count, c.value) for k, c in tables.market.items()} == MARKET
    # 15 cards form the Game Market Deck (one per round), the other 21 the End Game deck
    assert tables.game_market_cards == 15 == tables.constants.rounds
    assert len(tables.market_deck) - tables.game_market_cards == 21


def test_starting_kit_and_plots(tables):
    c = tables.constants
    assert c.start == {"credits": 100, "rigs": 5, "energy": 5, "supplies": 5, "metal": 0,
                       "luxuries": 0}
    assert c.start_plots == {2: 6, 3: 4, 4: 3}
    assert (c.players_min, c.players_max) == (2, 4)
    assert c.hand_limit == 5
    assert c.die_sides == 6


def test_caps_and_vinnie(tables):
    c = tables.constants
    assert c.colony_rigs == 75
    assert c.scripts_per_resource == 20
    assert c.tokens_per_resource == 50
    assert c.loanable == ("energy", "supplies", "metal")
    assert c.repay_during_game == 2
    assert c.repay_end_game == 4


def test_costs(tables):
    c = tables.constants
    assert (c.build_metal, c.move_supplies, c.survey_supplies, c.power_energy) == (2, 1, 1, 1)


# ---------------------------------------------------------------- against their own words
# The tables' header comments and the README state counts and values a reader relies on;
# each must match the data (nothing here reads outside the repository).

def _headings(text: str) -> list[tuple[str, int, str]]:
    """(kind, count, the TOML under it) for each `# ---- Kind (N)` heading of a table."""
    parts = re.split(r"(?m)^# -+ (\w+) \((\d+)\)$", text)
    return [(parts[i].lower(), int(parts[i + 1]), parts[i + 2]) for i in range(1, len(parts), 3)]


def test_karma_table_header_and_headings_match_its_cards(tables):
    text = (TABLES / "karma.toml").read_text(encoding="utf-8")
    m = re.match(r"# Karma deck \((\d+) cards, one copy of each title\): (.*?)\.", text, re.S)
    assert m, "karma.toml header"
    assert int(m.group(1)) == len(tables.karma_deck) == len(set(tables.karma_deck))
    stated = {k.lower(): int(n) for n, k in re.findall(r"(\d+) (\w+)", m.group(2))}
    assert stated == Counter(c.kind for c in tables.karma)
    sections = _headings(text)
    assert [k for k, _, _ in sections] == list(stated)  # "in that order"
    for kind, n, body in sections:  # every card sits under its kind's heading
        cards = tomllib.loads(body)["card"]
        assert len(cards) == n == stated[kind], kind
        assert {c["kind"] for c in cards} == {kind}
        assert sorted(c["title"] for c in cards) == sorted(KARMA_TITLES[kind])


def test_disaster_table_header_counts_its_cards(tables):
    text = (TABLES / "disaster.toml").read_text(encoding="utf-8")
    m = re.match(r"# Disaster deck \((\d+) cards\)", text)
    assert m and int(m.group(1)) == len(tables.disaster_deck) == sum(DISASTER_COUNTS.values())


def test_readme_states_the_tables_market_values_and_end_game_cards(tables):
    readme = "\n".join(p.read_text(encoding="utf-8")  # docs/rulings.md, docs/scoring.md
                       for p in (ROOT / "docs").glob("*.md"))
    m = re.search(r"\*\*((?:\w+ \d+, )+\w+ \d+)\*\* \(`tables/market.toml`\)", readme)
    assert m, "README: Market values"
    values = {k.lower(): int(v) for k, v in re.findall(r"(\w+) (\d+)", m.group(1))}
    assert values == {k: c.value for k, c in tables.market.items()}
    m = re.search(r"holds (\d+) cards? for ([\w/]+) and (\d+) for ([\w/]+)\.", readme)
    assert m, "README: End Game Market cards per plot type"
    stated = {name.lower(): int(m.group(i)) for i in (1, 3)
              for name in m.group(i + 1).split("/")}
    assert stated == {k: p.endgame_cards for k, p in tables.plots.items()}


def test_readme_states_vinnies_numbers(tables):
    readme = " ".join((ROOT / "docs" / "rulings.md").read_text(encoding="utf-8").split())
    m = re.search(r"(\d+) scripts per resource in the colony\. Repay (\d+) per script in a "
                  r"Player Phase, (\d+) at the end", readme)
    assert m, "README: Vinnie ruling"
    c = tables.constants
    assert tuple(map(int, m.groups())) == (c.scripts_per_resource, c.repay_during_game,
                                           c.repay_end_game)


# ---------------------------------------------------------------- broken tables

@pytest.fixture
def tdir(tmp_path):
    d = tmp_path / "tables"
    shutil.copytree(TABLES, d)
    return d


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test set-up: {old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _fails(d, *fragments):
    with pytest.raises(TableError) as err:
        load_tables_from(d)
    msg = str(err.value)
    for f in fragments:
        assert f in msg, (f, msg)
    assert "\n" not in msg
    return msg


def test_copy_of_tables_loads(tdir, tables):
    # the baseline for the broken-table tests: an untouched copy loads and equals the shipped
    assert load_tables_from(tdir) == tables


def test_broken_unknown_key(tdir):
    _edit(tdir / "plots.toml", 'name = "Forest"', 'name = "Forest"\ncolour = "green"')
    _fails(tdir, "tables/plots.toml", "forest.colour", "unknown key")


def test_broken_unknown_key_top_level(tdir):
    _edit(tdir / "constants.toml", "rounds = 15", "rounds = 15\nround = 15")
    _fails(tdir, "tables/constants.toml", "'round'", "unknown key")


def test_broken_wrong_type(tdir):
    _edit(tdir / "constants.toml", "rounds = 15", 'rounds = "15"')
    _fails(tdir, "tables/constants.toml", "'rounds'")


def test_broken_wrong_type_count(tdir):
    _edit(tdir / "plots.toml", "count = 9", "count = 9.0")
    _fails(tdir, "tables/plots.toml", "plains.count")


def test_broken_negative_count(tdir):
    _edit(tdir / "survey.toml", '"3" = 3', '"3" = -3')
    _fails(tdir, "tables/survey.toml", "yields.3")


def test_broken_unknown_kind(tdir):
    _edit(tdir / "karma.toml", 'kind = "destruction"', 'kind = "chaos"')
    _fails(tdir, "tables/karma.toml", "card[0]", ".kind", "chaos")


def test_broken_unknown_player_count(tdir):
    _edit(tdir / "constants.toml", '"4" = 3', '"4" = 3\n"5" = 2')
    _fails(tdir, "tables/constants.toml", "start_plots.5")


def test_broken_unknown_resource_in_spots(tdir):
    _edit(tdir / "plots.toml", "spots = { energy = 3, supplies = 1, metal = 1 }",
          "spots = { energy = 3, supplies = 1, metal = 1, luxury = 1 }")
    _fails(tdir, "tables/plots.toml", "desert.spots.luxury")


def test_broken_unknown_plot_type(tdir):
    (tdir / "plots.toml").write_text(
        (tdir / "plots.toml").read_text(encoding="utf-8")
        + '\n[swamp]\nname = "Swamp"\ncount = 2\n'
        "spots = { energy = 1, supplies = 1, metal = 1 }\nendgame_cards = 1\n",
        encoding="utf-8")
    _fails(tdir, "tables/plots.toml", "swamp")


def test_broken_duplicate_title(tdir):
    _edit(tdir / "disaster.toml", 'title = "Raid"', 'title = "Theft"')
    _fails(tdir, "tables/disaster.toml", ".title", "duplicate", "Theft")


def test_broken_duplicate_title_differs_in_punctuation(tdir):
    # "Give Me That!" vs "give me that" are the same card to a user typing a title
    _edit(tdir / "karma.toml", 'title = "Identity Theft"', 'title = "give me that"')
    _fails(tdir, "tables/karma.toml", "duplicate")


def test_broken_missing_file(tdir):
    (tdir / "survey.toml").unlink()
    _fails(tdir, "tables/survey.toml", "missing")


def test_broken_toml_syntax(tdir):
    _edit(tdir / "market.toml", "game_deck = 15", "game_deck = = 15")
    _fails(tdir, "tables/market.toml", "line 5")


def test_broken_game_deck_vs_rounds(tdir):
    _edit(tdir / "market.toml", "game_deck = 15", "game_deck = 14")
    _fails(tdir, "tables/market.toml", "game_deck")


# ---------------------------------------------------------------------------- the cache

def test_cached_tables_equal_the_validated_ones(tdir, tables, tmp_path, monkeypatch):
    from rigs_helper.store import tablefiles

    monkeypatch.setenv("RIGS_CACHE_DIR", str(tmp_path / "cache"))
    first = load_tables_from(tdir)  # validated, then kept
    [kept] = (tmp_path / "cache" / "rigs-helper").glob("tables-*.marshal")
    second = load_tables_from(tdir)  # from the cache
    assert first == second == tables
    assert second.karma_deck == tables.karma_deck
    assert tablefiles._cached(kept) == tables


def test_a_damaged_table_cache_is_not_used(tdir, tables, tmp_path, monkeypatch):
    monkeypatch.setenv("RIGS_CACHE_DIR", str(tmp_path / "cache"))
    load_tables_from(tdir)
    [kept] = (tmp_path / "cache" / "rigs-helper").glob("tables-*.marshal")
    blob = bytearray(kept.read_bytes())
    blob[-3] ^= 0x01  # one bit of the kept data
    kept.write_bytes(bytes(blob))
    assert load_tables_from(tdir) == tables
    kept.write_bytes(b"not marshal")
    assert load_tables_from(tdir) == tables


def test_an_edited_table_is_validated_again_not_read_from_the_cache(tdir, tmp_path,
                                                                      monkeypatch):
    monkeypatch.setenv("RIGS_CACHE_DIR", str(tmp_path / "cache"))
    load_tables_from(tdir)
    _edit(tdir / "constants.toml", "rounds = 15", "rounds = 15\nround = 15")
    _fails(tdir, "tables/constants.toml", "'round'", "unknown key")
