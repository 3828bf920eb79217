"""The phase summary files an effect under the phase in which it happened (issue 17): the
`next` that ends a phase also begins the next one, and what the new phase's first steps do
(Disasters dealt, the Market card drawn) belongs to the new phase's summary."""

from __future__ import annotations

import json
import re


def _summary(rigs, *args) -> dict:
    r = rigs("next", *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout)["summary"]


def _change(summary: dict, name: str) -> dict:
    return next(p["change"] for p in summary["players"] if p["name"] == name)


def test_the_phase_summary_files_a_disasters_losses_under_the_disaster_phase(rigs, tmp_path):
    game = str(tmp_path / "rigs.toml")
    r = rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "7", "-g", game)
    assert r.exit_code == 0, r.output
    # Bo loses Energy to the Solar Flare and draws a Karma card: both when the Disaster
    # Phase begins, in the same `next` that ends the Player Phase
    player = _summary(rigs, "--card", "Ana=Safe", "--card", "Bo=Massive Solar Flare",
                      "--card", "Cy=Safe", "-g", game)
    assert player["phase"] == "player"
    assert _change(player, "Bo") == {}
    disaster = _summary(rigs, "-g", game)
    assert disaster["phase"] == "disaster"
    bo = _change(disaster, "Bo")
    assert bo["energy"] < 0 and bo["karma"] == 1


def test_the_phase_summary_keeps_production_in_the_production_phase(rigs, tmp_path):
    game = str(tmp_path / "rigs.toml")
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", game).exit_code == 0
    status = json.loads(rigs("status", "--json", "-g", game).stdout)
    ana = status["players"][0]
    plot = ana["plots"][0]["id"]
    r = rigs("move", "Ana", "1", "--to", plot, "--harvest", "energy", "-g", game)
    assert r.exit_code == 0, r.output
    _summary(rigs, "--card", "Ana=Safe", "--card", "Bo=Safe", "-g", game)  # Player ends
    _summary(rigs, "-g", game)  # Disaster ends
    r = rigs("next", "-g", game, "--json")  # Last Call opens: no phase ended, no summary
    assert r.exit_code == 0 and "summary" not in json.loads(r.stdout)
    production = _summary(rigs, "-g", game)  # production committed, Market card drawn
    assert production["phase"] == "production"
    assert _change(production, "Ana").get("energy", 0) > 0


def test_the_phase_summary_reads_its_start_from_the_entry_that_opened_the_phase(
        rigs, tmp_path):
    """The summary replays the phase from the checkpoint kept before the entry that opened
    it (no snapshot of the start is stored)."""
    game = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", game).exit_code == 0
    for _ in range(3):
        assert rigs("adjust", "Ana", "credits", "1", "--why", "t", "-g", game).exit_code == 0
    player = _summary(rigs, "--card", "Ana=Safe", "--card", "Bo=Safe", "-g", game)
    assert player["phase"] == "player" and _change(player, "Ana")["credits"] == 3
    text = game.read_text(encoding="utf-8")
    assert '\nstart = "' not in text
    assert text.count('\nwhy = "phase"') == 1  # before the `next` that opened this phase


def test_a_history_without_start_records_still_gives_a_summary(rigs, tmp_path):
    """An older file (no ``start`` records): the summary steps the phase's actions back by
    their undo records instead."""
    game = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", game).exit_code == 0
    for _ in range(2):
        assert rigs("adjust", "Ana", "credits", "1", "--why", "t", "-g", game).exit_code == 0
    text = game.read_text(encoding="utf-8")
    game.write_text("\n".join(x for x in text.split("\n") if not x.startswith("start = ")),
                    encoding="utf-8")
    player = _summary(rigs, "--card", "Ana=Safe", "--card", "Bo=Safe", "-g", game)
    assert player["round"] == 1 and player["phase"] == "player"
    assert _change(player, "Ana")["credits"] == 2


def test_each_phase_summary_is_printed_once_before_the_next_phases_events(rigs, tmp_path):
    """Round 1 at the terminal: each phase's summary once (Last Call ends no phase), after
    the ended phase's last steps and before the new phase's first line; a phase in which
    nothing changed says so in one line, not a table of dots."""
    game = str(tmp_path / "rigs.toml")
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "-g", game).exit_code == 0
    plot = json.loads(rigs("status", "--json", "-g", game).stdout)["players"][0]["plots"][0]
    assert rigs("move", "Ana", "1", "--to", plot["id"], "--harvest", "energy",
                "-g", game).exit_code == 0
    outs = []
    for args in (["--card", "Ana=Safe", "--card", "Bo=Safe"], [], [], [], ["--auto"]):
        r = rigs("next", *args, "-g", game)
        assert r.exit_code == 0, r.output
        outs.append(r.stdout)
    whole = "\n".join(outs)
    for phase in ("Player", "Disaster", "Production", "Market"):
        assert whole.count(f"Round 1, {phase} Phase") == 1, phase
    player, disaster, last_call, production, market = outs
    assert player.splitlines()[0] == "Round 1, Player Phase - what changed:"
    assert player.index("what changed") < player.index("Disaster Phase, round 1")
    assert disaster.splitlines()[0] == "Round 1, Disaster Phase: nothing changed."
    assert "Production Phase, round 1" in disaster.splitlines()[1]
    assert "Round 1, " not in last_call and "Last Call" in last_call
    assert production.index("commits production") < production.index(
        "Round 1, Production Phase - what changed:") < production.index("Market Phase, round 1")
    table = production.split("what changed:")[1].split("Market Phase")[0]
    assert re.search(r"^Ana +\S+ +\+\d", table, re.M), table  # Ana's Energy produced
    assert market.splitlines()[0] == "Round 1, Market Phase: nothing changed."
