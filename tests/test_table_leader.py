"""The Expedition Leader's records from the pages (RULES.md 2026-11-25: a die is recorded
by the player who rolls it; the Land Grant plots and who receives which by the leader):
the leader roll-off waits for each tied player's die, and the leader's page hands out the
Land Grant plots the table dealt."""

from __future__ import annotations

import json
from dataclasses import replace

from gameplay import own_plots, play_to, start
from servehelp import get, post, serving

from rigs_helper.games.rigs.engine import Outcome
from rigs_helper.store import session


def _actions(server, token) -> list[dict]:
    return json.loads(get(server, f"/p/{token}/actions.json")[2])["actions"]


def _granted(tmp_path, tables, dice: str, recorded: bool = True):
    """Round 2's Land Grant waits for Ana (the leader): Ana and Bo own one barren Plains
    each; the grant draws two Valleys, so they stay tied for Expedition Leader.  With
    ``recorded``, Ana has recorded the two Valleys the table drew (the table's cards: no
    plot is kept or dealt before the record)."""
    g = play_to(start(2, 4, tables), tables, 1, "market")
    g = own_plots(g, tables, {"Ana": ["P1"], "Bo": ["P2"]}, deck=["P10", "P11"]
                  + [f"P{i}" for i in range(3, 28) if i not in (10, 11)])
    path = tmp_path / "g.toml"
    session.create(path, Outcome(replace(g, leader="Ana", dice=dice)), "test set-up", True,
                   tables)
    from rigs_helper.games.rigs.phases import NextPhase

    session.run(path, NextPhase(), tables)
    assert session.load(path, tables).game.grant == ("P10", "P11")
    if recorded:
        from rigs_helper.games.rigs.phases.grant import GrantPick

        session.run(path, GrantPick(cards=("valley", "valley"), record_only=True), tables)
        assert session.load(path, tables).game.grant == ("P10", "P11")
    return path


def test_leader_roll_off_waits_for_each_tied_players_die_from_their_page(tmp_path, tables):
    path = _granted(tmp_path, tables, "table", recorded=False)
    before = session.load(path, tables).game.rng
    with serving(path, tables) as (server, _, tokens):
        # the table's cards: the plots drawn are recorded first (two Valleys)
        (rec,) = [a for a in _actions(server, tokens["Ana"]) if a["action"] == "grant"
                  and "virtual" not in a["params"]["card"]["values"]]
        card = rec["params"]["card"]
        assert (card["min"], card["max"], card["record"]) == (2, 2, "card")
        code, _, body = post(server, tokens["Ana"], {"action": "grant",
                                                     "card": ["valley", "valley"]})
        assert code == 200, body
        # the plots the table drew: no plot kept without saying who received the others
        assert not [a for a in _actions(server, tokens["Ana"]) if a["action"] == "grant"
                    and "plot" in a["params"]]
        # who received which, as the table dealt them (rigs deals nothing)
        (grant,) = [a for a in _actions(server, tokens["Ana"]) if a["action"] == "grant"
                    and "give" in a["params"]]
        give = grant["params"]["give"]
        assert give == {"values": ["Ana=P10,Bo=P11", "Ana=P11,Bo=P10"], "record": "card"}
        code, _, body = post(server, tokens["Ana"], {"action": "grant", "give": "Ana=P10,Bo=P11"})
        assert code == 200, body
        assert "a roll-off between Ana, Bo" in body
        g = session.load(path, tables).game
        assert g.waits.rolloff == (("Ana", 0), ("Bo", 0))
        board = json.loads(get(server, "/state.json")[2])
        assert {"player": "Bo", "what": "roll a die for Expedition Leader"} in \
            board["waiting_for"]
        from rigs_helper.games.rigs.views import pending, pending_entries

        assert "Bo rolls a die for Expedition Leader (`rigs roll Bo N`)" in pending(g, tables)
        (bo,) = [p for p in pending_entries(g, tables) if p.player == "Bo"]
        assert (bo.action, bo.words()) == ("roll", "Bo rolls a die for Expedition Leader")
        page = get(server, f"/p/{tokens['Bo']}")[2]
        decisions = page.split('id="decisions"')[1].split('id="done"')[0]
        assert "Expedition Leader" in decisions and "What did you roll?" in decisions
        assert "rigs roll" not in page  # (the terminal's line names `rigs roll Bo N`)
        for who in ("Ana", "Bo"):
            (roll,) = [a for a in _actions(server, tokens[who]) if a["action"] == "roll"]
            # --dice table: the face rolled, rigs may not roll it
            assert roll["params"]["die"] == {"min": 1, "max": 6, "record": "die"}
        code, _, body = post(server, tokens["Bo"], {"action": "roll", "die": "virtual"})
        assert code == 422 and "--dice table" in body
        assert post(server, tokens["Ana"], {"action": "roll", "die": "4"})[0] == 200
        code, _, body = post(server, tokens["Ana"], {"action": "roll", "die": "5"})
        assert code == 422 and "no leader roll-off waits for Ana" in body
        # a tie rolls again, between the tied players only
        assert post(server, tokens["Bo"], {"action": "roll", "die": "4"})[0] == 200
        assert session.load(path, tables).game.waits.rolloff == (("Ana", 0), ("Bo", 0))
        assert post(server, tokens["Bo"], {"action": "roll", "die": "2"})[0] == 200
        code, _, body = post(server, tokens["Ana"], {"action": "roll", "die": "3"})
        assert code == 200 and "Ana stays Expedition Leader (roll-off: Ana 3, Bo 2)" in body
        g = session.load(path, tables).game
        assert g.leader == "Ana" and g.waits.rolloff == () and g.rng == before
        assert not [a for a in _actions(server, tokens["Bo"]) if a["action"] == "roll"]


def test_leader_roll_off_virtual_lets_rigs_roll_with_dice_rigs(tmp_path, tables):
    path = _granted(tmp_path, tables, "rigs")
    with serving(path, tables) as (server, _, tokens):
        assert post(server, tokens["Ana"], {"action": "grant", "give": "Ana=P11,Bo=P10"}
                    )[0] == 200
        (roll,) = [a for a in _actions(server, tokens["Bo"]) if a["action"] == "roll"]
        assert roll["params"]["die"]["values"] == ["virtual"]
        code, _, body = post(server, tokens["Bo"], {"action": "roll", "die": "virtual"})
        assert code == 200 and "rolled by rigs" in body
        g = session.load(path, tables).game
        assert dict(g.waits.rolloff)["Bo"] in range(1, 7)


def test_rigs_roll_records_a_tied_players_die_at_the_terminal(tmp_path, tables):
    from typer.testing import CliRunner

    from rigs_helper.cli import app

    path = _granted(tmp_path, tables, "table")
    with serving(path, tables) as (server, _, tokens):
        assert post(server, tokens["Ana"], {"action": "grant", "give": "Ana=P10,Bo=P11"}
                    )[0] == 200
    before = path.read_bytes()
    for bad in (["Ana", "7"], ["Ana", "virtual"], ["Zed", "3"]):
        r = CliRunner().invoke(app, ["roll", *bad, "--game", str(path)])
        assert r.exit_code != 0 and len(r.stderr.strip().splitlines()) == 1, r.output
        assert path.read_bytes() == before
    r = CliRunner().invoke(app, ["roll", "Bo", "6", "--game", str(path)])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, ["roll", "Ana", "2", "--game", str(path)])
    assert "Expedition Leader: Bo (roll-off: Ana 2, Bo 6)." in r.stdout
    assert session.load(path, tables).game.leader == "Bo"


def test_grant_give_at_the_terminal_may_name_the_leaders_plot_kept(tmp_path, tables):
    from typer.testing import CliRunner

    from rigs_helper.cli import app

    path = _granted(tmp_path, tables, "table")
    r = CliRunner().invoke(app, ["grant", "--give", "Bo=P10", "--give", "Ana=P11",
                                 "--roll", "Ana=3", "--roll", "Bo=1", "--game", str(path)])
    assert r.exit_code == 0, r.output
    g = session.load(path, tables).game
    assert [x.id for x in g.player("Ana").plots][-1] == "P11"
    assert [x.id for x in g.player("Bo").plots][-1] == "P10"
    assert g.leader == "Ana" and g.waits.rolloff == ()  # the terminal gave the dice


def test_a_roll_off_in_the_game_file_is_read_key_by_key(tmp_path, tables):
    from typer.testing import CliRunner

    from rigs_helper.cli import app

    path = _granted(tmp_path, tables, "table")
    with serving(path, tables) as (server, _, tokens):
        assert post(server, tokens["Ana"], {"action": "grant", "give": "Ana=P10,Bo=P11"}
                    )[0] == 200
    text = path.read_text(encoding="utf-8")
    assert "rolloff = { Ana = 0, Bo = 0 }" in text or "[waits.rolloff]" in text
    for bad, key in (("Ana = 9", "waits.rolloff.Ana"), ("Zed = 1", "waits.rolloff.Zed")):
        path.write_text(text.replace("Ana = 0", bad), encoding="utf-8")
        r = CliRunner().invoke(app, ["status", "--game", str(path)])
        assert r.exit_code != 0 and key in r.stderr, r.output


def test_the_phase_does_not_end_while_a_roll_off_waits_unless_auto(tmp_path, tables):
    from typer.testing import CliRunner

    from rigs_helper.cli import app

    path = _granted(tmp_path, tables, "table")
    with serving(path, tables) as (server, _, tokens):
        assert post(server, tokens["Ana"], {"action": "grant", "give": "Ana=P10,Bo=P11"}
                    )[0] == 200
        assert post(server, tokens["Bo"], {"action": "roll", "die": "2"})[0] == 200
    before = path.read_bytes()
    r = CliRunner().invoke(app, ["next", "--game", str(path)])
    assert r.exit_code != 0 and "`rigs roll Ana N`" in r.output
    assert path.read_bytes() == before
    r = CliRunner().invoke(app, ["next", "--auto", "--roll", "Ana=5", "--game", str(path)])
    assert r.exit_code == 0, r.output
    assert "Expedition Leader: Ana (roll-off: Ana 5, Bo 2)." in r.stdout
    g = session.load(path, tables).game
    assert g.waits.rolloff == () and g.phase == "disaster"
