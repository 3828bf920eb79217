"""The partial set at the terminal (issue 32): `rigs new --have` deals the starting plots
from a mixed Plot deck, `rigs inventory` shows every deck, `rigs check --pile` compares
the table's count of its own cards with the books."""

from __future__ import annotations

import json

import pytest
from conftest import EXAMPLES

EVERY = EXAMPLES / "inventory-every-deck.toml"


@pytest.fixture
def every_deck(tmp_path, rigs):
    path = tmp_path / "g.toml"
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "--have", EVERY, "--game", path)
    assert r.exit_code == 0, r.output
    assert "(virtual)" in r.stdout and "(from your pile)" in r.stdout
    assert "Game Market Deck: deal 14 of your Market cards face down" in r.stdout
    return path


def test_inventory_and_status_show_every_mixed_deck(every_deck, rigs):
    inv = rigs("inventory", "--game", every_deck).stdout
    assert "Plot: the group lacks Desert x1, Plains x1, Ridge x1" in inv
    assert "Survey: the group lacks yield 0 x3, yield 1 x3, yield 2 x3" in inv
    assert "Game Market Deck 14 of yours, 1 virtual; End Game Market deck 20" in inv
    d = json.loads(rigs("status", "--json", "--game", every_deck).stdout)["decks"]
    assert (d["survey_physical"], d["survey_virtual"]) == (18, 9)
    assert d["plot_physical"] + d["plot_virtual"] == d["plot"] == 15
    assert "Survey 27 (18 yours + 9 virtual)" in rigs("status", "--game", every_deck).stdout


def test_the_plot_inventory_comes_with_the_game_and_stays(tmp_path, every_deck, rigs):
    other = tmp_path / "inv.toml"
    other.write_text('[disaster]\nmissing = { "Safe" = 2 }\n')
    before = every_deck.read_bytes()
    r = rigs("inventory", other, "--game", every_deck)
    assert r.exit_code == 1 and "keep the file's [plot] part" in r.stderr
    assert every_deck.read_bytes() == before
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--have", EVERY, "--plots",
             "Ana=plains,plains,plains,valley,valley,valley", "--plots",
             "Bo=plains,plains,plains,valley,valley,valley", "--game", tmp_path / "n.toml")
    assert r.exit_code == 1 and "leave out --plots" in r.stderr
    assert not (tmp_path / "n.toml").exists()


def test_check_pile_compares_the_tables_count_with_the_books(every_deck, rigs):
    left = json.loads(rigs("inventory", "--json", "--game", every_deck).stdout)["yours"]
    assert left == {"plot": 14, "survey": 18, "disaster": 34, "market": 14, "endgame": 20}
    ok = rigs("check", "--pile", "plot=14", "--pile", "survey=18", "--pile", "market=14",
              "--pile", "endgame=20", "--game", every_deck)
    assert ok.exit_code == 0 and "Plot pile: 14 of your cards (agrees)" in ok.stdout
    r = rigs("check", "--pile", f"plot={left['plot'] + 1}", "--game", every_deck)
    assert r.exit_code == 1 and f"the books say {left['plot']}" in r.stdout
    r = rigs("check", "--pile", "karma=3", "--game", every_deck)
    assert r.exit_code == 1 and "the Karma deck is all virtual" in r.stderr
    r = rigs("check", "--pile", "plots=3", "--game", every_deck)
    assert r.exit_code == 1 and "give DECK=N" in r.stderr


def test_the_board_shows_every_mixed_decks_split(every_deck, tables):
    from rigs_helper.games.rigs.views import status_dict
    from rigs_helper.store import session
    from rigs_helper.web.pages import board_html

    g = session.load(every_deck, tables).game
    d = {**status_dict(g, tables), "prices": [], "etag": "x",
         "last_phase": {"summary": [], "since": []}}
    html = board_html(d, tables, "")
    decks = d["decks"]
    assert "Survey 27 (18 yours + 9 virtual)" in html
    assert (f"Plot 15 ({decks['plot_physical']} yours + {decks['plot_virtual']} virtual)"
            in html)
    assert (f"Market {decks['market']} ({decks['market_physical']} yours + "
            f"{decks['market_virtual']} virtual)" in html)


@pytest.mark.parametrize("have,what", [("/dev/null", "is a device"), ("", "is a folder"),
                                       ("nope.toml", "no such inventory file")])
def test_new_have_names_what_a_path_that_is_no_inventory_file_is(tmp_path, rigs, have,
                                                                  what):
    """`rigs new --have PATH`: a path that exists but is no regular file (a device, a
    folder) is named for what it is, in one line; nothing is made."""
    path = tmp_path / "g.toml"
    given = have if have.startswith("/") else tmp_path / have
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "--have", given, "--game", path)
    assert r.exit_code != 0
    assert r.output.strip() == f"rigs: {given}: {what}" + (
        "" if what.startswith("no such") else
        ", not an inventory file (a TOML file: see `rigs inventory --help`)")
    assert not path.exists()


def test_an_inventory_holding_no_card_of_any_deck_leaves_every_card_to_rigs(tmp_path, rigs):
    """`[karma] missing = "all"` and no other deck: the group holds no card, so nothing is
    the table's to record: the game is `--cards rigs`, said by `rigs new`, and no page or
    command asks for a Disaster or Karma title."""
    inv, path = tmp_path / "inv.toml", tmp_path / "g.toml"
    inv.write_text('[karma]\nmissing = "all"\n')
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "--have", inv, "--game", path)
    assert r.exit_code == 0, r.output
    assert "Karma: all virtual" in r.stdout and "(--cards rigs)" in r.stdout
    assert json.loads(rigs("status", "--json", "--game", path).stdout)["cards"] == "rigs"
    assert rigs("next", "--game", path).exit_code == 0  # no Disaster card waits for a record
    assert "disaster record" not in rigs("actions", "Ana", "--game", path).stdout
