"""examples/midgame-3p.toml: a real game file in round 5's Production Phase (made with
`rigs new --seed 2024`, `rigs next --auto`, a few `rigs move` and a `rigs survey`).  A user
can run `rigs status` and `rigs next` on it; the tests work on a copy."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import EXAMPLES

EXAMPLE = EXAMPLES / "midgame-3p.toml"
PLAYER_KEYS = {"name", "credits", "energy", "supplies", "metal", "luxuries", "rigs", "plots",
               "karma", "vinnie", "disaster"}
PLOT_KEYS = {"id", "type", "survey", "rigs", "harvest"}


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / "midgame.toml"
    shutil.copyfile(EXAMPLE, path)
    return path


def test_midgame_status_table(copy, rigs):
    r = rigs("status", "--game", copy)
    assert r.exit_code == 0, r.output
    for word in ("Round 5", "Production", "Ana", "Bo", "Cy"):
        assert word in r.stdout
    assert copy.read_bytes() == EXAMPLE.read_bytes()


def test_midgame_status_json_has_the_contract_keys(copy, rigs):
    r = rigs("status", "--json", "--game", copy)
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert {"round", "phase", "leader", "game_over", "decks", "players"} <= set(d)
    assert 4 <= d["round"] <= 6 and d["phase"] in ("player", "production")
    assert (d["round"], d["phase"], d["game_over"]) == (5, "production", False)
    assert {"plot", "survey", "disaster", "karma", "market"} <= set(d["decks"])
    assert d["decks"]["market"] == 15 - 4  # four rounds priced so far
    assert d["leader"] in [p["name"] for p in d["players"]]
    assert [p["name"] for p in d["players"]] == ["Ana", "Bo", "Cy"]
    for p in d["players"]:
        assert PLAYER_KEYS <= set(p)
        assert isinstance(p["karma"], int) and isinstance(p["vinnie"], dict)
        assert p["disaster"] is None or isinstance(p["disaster"], str)
        for x in p["plots"]:
            assert PLOT_KEYS <= set(x)
            assert (x["rigs"] == 0) == (x["harvest"] is None)
        assert p["rigs"] == p.get("warehouse_rigs", 0) + sum(x["rigs"] for x in p["plots"])
    # a mid-game: RIGS are at work on plots, and one plot is surveyed
    assert any(x["rigs"] for p in d["players"] for x in p["plots"])
    assert any(x["survey"] is not None for p in d["players"] for x in p["plots"])


def test_midgame_next_draws_the_market_card(copy, rigs):
    before = json.loads(rigs("status", "--json", "--game", copy).stdout)
    r = rigs("next", "--game", copy)  # Last Call opens every round
    assert r.exit_code == 0 and "Last Call, round 5" in r.stdout, r.output + r.stderr
    r = rigs("next", "--game", copy)
    assert r.exit_code == 0, r.output + r.stderr
    assert "commits production" in r.stdout and "Market Phase, round 5" in r.stdout
    after = json.loads(rigs("status", "--json", "--game", copy).stdout)
    assert (after["round"], after["phase"]) == (5, "market")
    assert after["decks"]["market"] == before["decks"]["market"] - 1
    assert all(p["disaster"] is None for p in after["players"])
    # the example itself is untouched, and the step can be undone on the copy
    assert EXAMPLE.read_bytes() != copy.read_bytes()
    assert rigs("undo", "2", "--game", copy).exit_code == 0
    # (written as the current version: the history as it was, entry for entry)
    assert copy.read_bytes() == EXAMPLE.read_bytes().replace(b"\nversion = 2\n",
                                                             b"\nversion = 3\n", 1)


def test_midgame_log(copy, rigs):
    r = rigs("log", "--json", "--game", copy)
    rows = json.loads(r.stdout)["log"]
    assert rows[0]["action"].startswith("new ")
    assert any(x["action"].startswith("move ") for x in rows)
    assert (rows[-1]["round"], rows[-1]["phase"]) == (5, "disaster")
