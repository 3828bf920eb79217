"""A 4-player round at the table, physical dice and cards recorded at every step, with no
hand edit and no `undo`: the transcript of docs/playing.md "A round at the table", run line by
line on a real game file."""

from __future__ import annotations

import json

from clihelp import readme_round

from rigs_helper.store import session


def test_a_physical_round_needs_no_hand_edit_and_no_undo(rigs, tmp_path, tables):
    path = tmp_path / "rigs.toml"
    commands = readme_round()
    assert len(commands) > 20
    assert not any(c[0] in ("undo", "adjust") for c in commands)
    out = []
    for args in commands:
        r = rigs(*args, "--game", path)
        assert r.exit_code == 0, (args, r.output, r.stderr)
        out.append(r.stdout)
    joined = "\n".join(out)
    # every card and die came from the table: rigs drew or rolled nothing it kept
    assert "rolled by rigs" not in joined
    assert "(recorded)" in joined
    # the virtual Karma draws for the Disasters went back: the recorded cards replaced them
    assert joined.count("goes back on top of the Karma deck") == 2
    g = session.load(path, tables).game
    assert (g.round, g.phase, g.leader) == (2, "player", "Cy")
    assert g.player("Bo").hand == () and g.player("Di").hand == ()  # both cards played
    assert "Expedition Leader: Cy (roll-off: Bo 2, Cy 5, Di 3)." in joined
    assert "Last Call, round 1: play a production card now, or pass" in joined
    # You sent it WHERE?!: Ana's 2 Metal from P15 went to Bo; Ridiculous Efficiency doubled
    # Di's one Metal RIGS
    s = {p["name"]: p for p in json.loads(rigs("status", "--json", "--game", path).stdout)
         ["players"]}
    assert (s["Ana"]["metal"], s["Bo"]["metal"], s["Di"]["metal"]) == (0, 2, 2)
    assert [x["type"] for x in s["Cy"]["plots"]][-1] == "plains"
    # the log has no hand edit: every entry is a command
    log = json.loads(rigs("log", "--json", "--game", path).stdout)["log"]
    assert len(log) == len(commands) - 2  # `produce` and `status` only read
