"""Nothing private said aloud (issue 17 item 4): the seed of a scripted game appears in no
output but `rigs verify --reveal` (the commitment is what `new` shows), and Last Call never
names a player holding a card."""

from __future__ import annotations

import json

import pytest
import scripted_game
from scripted_game import cli_invoke
from typer.testing import CliRunner

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


@pytest.fixture(scope="module")
def played(tmp_path_factory, tables):
    """A scripted 3-round game with the seed SEED: (path, every command typed)."""
    from rigs_helper.cli import app

    runner = CliRunner()

    def rigs(*args):
        return runner.invoke(app, [str(a) for a in args])

    path = tmp_path_factory.mktemp("seed") / "g.toml"
    typed = scripted_game.play(cli_invoke(rigs), path, tables, rounds=3, seed=SEED)
    return path, typed


def test_the_seed_is_said_only_by_verify_reveal(rigs, played, tmp_path, tables):
    path, typed = played
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


def test_last_call_every_round_names_no_holder(played):
    _, typed = played
    lines = [line for _, _, out, _ in typed for line in out.splitlines() if "Last Call" in line]
    assert len([x for x in lines if "play a production card now, or pass" in x]) >= 3
    for line in lines:
        for name in scripted_game.NAMES:
            assert name not in line, line
