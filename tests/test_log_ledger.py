"""The log says where every unit came from: each action's ledger lines."""

from __future__ import annotations

import json


def test_log_shows_each_actions_ledger(rigs, tmp_path):
    path = tmp_path / "g.toml"
    assert rigs("new", "--player", "Ana", "--player", "Bo", "--seed", "1", "--game", path
                ).exit_code == 0
    # Ana owns 6 plots (2 players): she may borrow up to 6 units this phase; 2 Metal build
    # 1 RIGS.
    assert rigs("vinnie", "borrow", "Ana", "metal", "2", "--game", path).exit_code == 0
    assert rigs("build", "Ana", "1", "--game", path).exit_code == 0
    rows = json.loads(rigs("log", "--json", "--game", path).stdout)["log"]
    assert [r["action"].split()[0] for r in rows] == ["new", "vinnie", "build"]
    assert rows[1]["ledger"] == ["Ana +2 Metal (Vinnie loan)"]
    assert rows[2]["ledger"] == ["Ana -2 Metal (build RIGS)", "Ana RIGS: warehouse +1"]
    text = rigs("log", "--ledger", "--game", path).stdout
    assert "Ana -2 Metal (build RIGS)" in text
    assert "build RIGS" not in rigs("log", "--game", path).stdout


def test_log_refuses_a_round_not_reached(rigs, tmp_path):
    game = tmp_path / "g.toml"
    assert rigs("new", "--player", "Ana", "--player", "Bo", "--seed", "3", "-g", game)\
        .exit_code == 0
    assert "new --player" in rigs("log", "--round", "1", "-g", game).stdout
    r = rigs("log", "--round", "9", "-g", game)
    assert r.exit_code == 1
    assert r.stderr == "rigs: --round 9: the game has reached round 1 only\n"


def test_log_lists_a_deals_plots_in_the_order_they_are_held(rigs, tmp_path):
    """A deal moving several plots each way: the ledger names them in the order each
    player holds them (the log's text is the same on every run, never a set's order)."""
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "1", "--game", path).exit_code == 0
    g = session.load(path, load_tables()).game
    ana = [x.id for x in g.player("Ana").plots]
    bo = [x.id for x in g.player("Bo").plots]
    r = rigs("give", "Ana", "Bo", *ana[::-1], "--for", *bo[:4], "--game", path)
    assert r.exit_code == 0, r.output
    row = json.loads(rigs("log", "--json", "--game", path).stdout)["log"][-1]
    held = [x.id for x in session.load(path, load_tables()).game.player("Bo").plots]
    gained = [x.split()[2] for x in row["ledger"] if x.startswith("Bo +plot")]
    assert gained == [pid for pid in held if pid in ana] and len(gained) == 6
    assert [x.split()[2] for x in row["ledger"] if x.startswith("Bo -plot")] == bo[:4]
    assert [x.split()[2] for x in row["ledger"] if x.startswith("Ana -plot")] == ana
