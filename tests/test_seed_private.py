"""Nothing private said aloud (issue 17 item 4): the seed of a scripted game appears in no
output but `rigs verify --reveal` (the commitment is what `new` shows), and Last Call never
names a player holding a card."""

from __future__ import annotations

import json

import scripted_game
from scripted_game import cli_invoke

from rigs_helper.store import session

SEED = 8675309123  # digits no other output of a short game spells


def _views(rigs, path, tables):
    """Every shared view of the game now: the terminal ones and the board's data."""
    from rigs_helper.web.pages import board_data
    from rigs_helper.web.snapshot import Source

    out = []
    for args in (["status"], ["status", "--json"], ["log"], ["log", "--json"],
                 ["log", "--ledger"], ["produce"], ["vinnie"], ["standings"],
                 ["standings", "--json"], ["odds"], ["restore", "--list"], ["check"],
                 ["verify"], ["verify", "--json"], ["hand", "Ana"], ["hand", "Ana", "--json"]):
        r = rigs(*args, "--game", path)
        out.append((args, r.stdout + r.stderr))
    board = board_data(Source(path, tables).snapshot(), path, tables)
    out.append((["board"], json.dumps(board, default=str)))
    return out


def test_the_seed_is_said_only_by_verify_reveal(rigs, tmp_path, tables, monkeypatch):
    monkeypatch.setattr(scripted_game, "SEED", SEED)
    path = tmp_path / "g.toml"
    typed = scripted_game.play(cli_invoke(rigs), path, tables, rounds=3)
    g = session.load(path, tables).game
    assert g.seed == SEED  # the game file keeps it
    seen = [(args, out + err) for args, _, out, err in typed] + _views(rigs, path, tables)
    said = [args for args, text in seen if str(SEED) in text]
    assert said == [], said
    assert any("Commitment" in text for args, text in seen if args[0] == "new")
    new_json = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", str(SEED), "--json", "--game",
                    tmp_path / "h.toml")
    assert new_json.exit_code == 0 and str(SEED) not in new_json.stdout
    assert "commitment" in json.loads(new_json.stdout)
    r = rigs("verify", "--reveal", "--game", path)
    assert str(SEED) in r.stdout
