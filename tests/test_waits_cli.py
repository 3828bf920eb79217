"""What waits for one player, through the CLI and the game file: `rigs deal ...`, `rigs karma
play --wait` and `rigs answer`, `rigs next --wait` and `rigs disaster record`."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from clihelp import readme_round

from rigs_helper.games.rigs.engine import perform
from rigs_helper.games.rigs.oplog import op_from_json, op_to_json
from rigs_helper.games.rigs.karma.play import KarmaPlay
from rigs_helper.games.rigs.waits.attacks import Answer
from rigs_helper.games.rigs.waits.deals import DealPropose
from rigs_helper.store import session
from rigs_helper.games.rigs.codec import from_doc, to_doc


def waiting(name: str, title: str, **flat) -> KarmaPlay:
    """`rigs karma play NAME TITLE ... --wait` as the play's own fields say it."""
    return KarmaPlay.from_flat(name, title, wait=True, **flat)


def run(rigs, path, line: str, code: int = 0):
    r = rigs(*shlex.split(line), "--game", path)
    assert r.exit_code == code, (line, r.stdout, r.stderr)
    return r


def new(rigs, tmp_path, name="rigs.toml", seed=7):
    path = tmp_path / name
    run(rigs, path, f"new --player Ana --player Bo --player Cy --seed {seed}")
    return path


def test_deal_proposed_then_accepted_moves_both_sides(rigs, tmp_path, tables):
    path = new(rigs, tmp_path)
    run(rigs, path, "deal propose Ana Bo energy=2 --for credits=10")
    assert "deal 1: Ana gives Bo 2 Energy for 10 credits (waiting for Bo)" in \
        run(rigs, path, "deal").stdout
    listed = json.loads(run(rigs, path, "deal --json").stdout)["deals"]
    assert [(d["id"], d["from"], d["to"]) for d in listed] == [(1, "Ana", "Bo")]
    run(rigs, path, "deal accept Bo 1")
    g = session.load(path, tables).game
    assert (g.player("Ana").energy, g.player("Ana").credits) == (3, 110)
    assert (g.player("Bo").energy, g.player("Bo").credits) == (7, 90)
    assert "No deal is open." in run(rigs, path, "deal").stdout


def test_deal_declined_moves_nothing_and_a_stale_one_is_refused(rigs, tmp_path, tables):
    path = new(rigs, tmp_path)
    before = session.load(path, tables).game.players
    run(rigs, path, "deal propose Ana Bo energy=2 --for credits=10")
    run(rigs, path, "deal decline Bo 1")
    assert session.load(path, tables).game.players == before
    run(rigs, path, "deal propose Ana Cy energy=5 --for credits=1")
    run(rigs, path, "give Ana Bo energy=1")  # Ana no longer has 5 Energy
    text = path.read_bytes()
    r = run(rigs, path, "deal accept Cy 2", code=1)
    assert r.stderr.strip().splitlines() == [
        "rigs: deal 2 can no longer be made: Ana has 4 Energy; cannot give 5 (a deal moves "
        "only what the giver has)"]
    assert path.read_bytes() == text  # refused: the file is unchanged


def test_open_deals_end_with_the_phase(rigs, tmp_path, tables):
    path = new(rigs, tmp_path)
    run(rigs, path, "deal propose Ana Bo energy=2 --for credits=1")
    assert "Open deal 1 ends with the phase." in run(rigs, path, "next").stdout
    assert session.load(path, tables).game.waits.deals == ()
    run(rigs, path, "deal accept Bo 1", code=1)


def test_zero_hour_deal_refuses_plots(rigs, tmp_path):
    path = new(rigs, tmp_path)
    run(rigs, path, "next --auto")
    run(rigs, path, "next --auto")  # Production Phase: Zero Hour
    r = run(rigs, path, "deal propose Ana Bo P6 --for credits=5", code=1)
    assert "plots cannot change hands in the Production Phase" in r.stderr


def attack_files(rigs, tmp_path, seed):
    """Two copies of one game where Ana holds I WANT THAT! and Bo Wrong Address."""
    paths = []
    for name in ("cli.toml", "wait.toml"):
        path = new(rigs, tmp_path, name, seed)
        run(rigs, path, "adjust Ana karma 1 --card 'I WANT THAT' --why dealt")
        run(rigs, path, "adjust Bo karma 1 --card 'Wrong Address' --why dealt")
        paths.append(path)
    return paths


@pytest.mark.parametrize("seed", [7, 12])
def test_attack_waits_for_both_victims_and_equals_the_cli_answer(rigs, tmp_path, tables,
                                                                   seed):
    cli, wait = attack_files(rigs, tmp_path, seed)
    play = "karma play Ana 'I WANT THAT' --target Bo --target Cy --resource energy"
    run(rigs, cli, play + " --answer 'Bo=Wrong Address'")
    run(rigs, wait, play + " --wait")
    run(rigs, wait, "answer Bo 'Wrong Address'")
    g = session.load(wait, tables).game
    assert g.waits.attack.waiting() == ("Cy",)  # Cy holds no protection card: asked too
    r = run(rigs, wait, "next", code=3)
    assert "rigs answer Cy CARD|take" in r.stderr
    run(rigs, wait, "answer Cy take")
    assert session.load(wait, tables).game == session.load(cli, tables).game


def test_no_shared_output_names_a_card_recorded_into_a_hand(rigs, tmp_path):
    """The answer waiting in Bo's hand, and the Karma card a hurt player records after
    recording their Disaster card, appear only in `rigs hand` of that player."""
    path = new(rigs, tmp_path)
    shared = []
    for line in ("adjust Ana karma 1 --card 'I WANT THAT' --why dealt",
                 "adjust Bo karma 1 --card 'Wrong Address' --why dealt",
                 "karma play Ana 'I WANT THAT' --target Bo --target Cy --resource energy "
                 "--wait", "answer Bo 'Wrong Address'", "status", "status Bo", "deal",
                 "log"):
        shared.append(run(rigs, path, line).stdout)
    assert not any("Wrong Address" in out for out in shared[2:])
    assert "Wrong Address" in run(rigs, path, "hand Bo").stdout
    run(rigs, path, "answer Cy take")
    run(rigs, path, "next --wait")
    for name, card in (("Ana", "Massive Solar Flare"), ("Bo", "Safe"), ("Cy", "Theft")):
        shared.append(run(rigs, path, f"disaster record {name} '{card}'").stdout)
    shared.append(run(rigs, path, "karma draw Ana --card 'Poker Night'").stdout)
    for line in ("status", "status Ana", "log", "log --json"):
        shared.append(run(rigs, path, line).stdout)
    r = rigs("next", "--game", path)  # open choices (Ana's RIGS to lose) are public too
    shared += [r.stdout, r.stderr]
    assert not any("Poker Night" in out for out in shared)
    assert "Poker Night" in run(rigs, path, "hand Ana").stdout


def test_disasters_recorded_by_each_player_equal_the_deal_at_the_terminal(rigs, tmp_path,
                                                                           tables):
    """README "A round at the table" with `next --wait` and one `disaster record` per
    player instead of one `next --card A=.. --card B=..`: the same game."""
    commands = readme_round()
    deal = next(i for i, c in enumerate(commands) if c[0] == "next" and "--card" in c)
    cards = dict(c.split("=", 1) for c in commands[deal][2::2])
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    for args in commands[:deal + 3]:
        assert rigs(*args, "--game", a).exit_code == 0
    for args in commands[:deal]:
        assert rigs(*args, "--game", b).exit_code == 0
    run(rigs, b, "next --wait")
    leader = session.load(b, tables).game.leader
    seats = [p.name for p in session.load(b, tables).game.seating_from(leader)]
    r = run(rigs, b, "next", code=3)
    assert all(f"rigs disaster record {n} CARD" in r.stderr for n in seats)
    for name in seats:
        run(rigs, b, f"disaster record {name} {shlex.quote(cards[name])}")
    for args in commands[deal + 1:deal + 3]:  # the hurt players' Karma cards, recorded
        assert rigs(*args, "--game", b).exit_code == 0
    assert session.load(b, tables).game == session.load(a, tables).game
    run(rigs, b, "disaster record Ana Safe", code=1)  # once each


def test_waits_survive_the_game_file(tables):
    from karmahelp import base, hand

    g = hand(hand(base(tables), "Ana", "i-want-that"), "Bo", "wrong-address")
    g = perform(g, DealPropose("Ana", "Bo", (("energy", 2),), ("P1",), (("credits", 5),),
                               ("P2",)), tables).game
    g = perform(g, waiting("Ana", "I WANT THAT", target=("Bo", "Cy"),
                                 resource=("energy",)), tables).game
    g = perform(g, Answer("Bo", "Wrong Address", to="Ana"), tables).game
    doc = to_doc(g, tables)
    assert "wrong" not in json.dumps(doc["waits"]).lower()  # the answer is encoded
    assert from_doc(doc, "x.toml", tables) == g


@pytest.mark.parametrize("edit, key", [
    (lambda w: w["deals"][0].update(to="Zed"), "waits.deals[0].to"),
    (lambda w: w["deals"][0].update(id=9), "waits.deals[0].id"),
    (lambda w: w["attack"].update(play="{}"), "waits.attack.play"),
    (lambda w: w["attack"].update(slot=7), "waits.attack.slot"),
    (lambda w: w.update(colour=1), "waits.colour"),
])
def test_a_hand_edited_waits_table_is_refused_naming_the_key(tables, edit, key):
    from karmahelp import base, hand

    from rigs_helper.rules.errors import InputError

    g = hand(base(tables), "Ana", "i-want-that")
    g = perform(g, DealPropose("Ana", "Bo", (("energy", 2),)), tables).game
    g = perform(g, waiting("Ana", "I WANT THAT", target=("Bo",),
                                 resource=("energy",)), tables).game
    doc = to_doc(g, tables)
    edit(doc["waits"])
    with pytest.raises(InputError, match=re.escape(f"key '{key}'")):
        from_doc(doc, "x.toml", tables)


def test_a_waiting_play_is_kept_as_data(tables):
    op = waiting("Ana", "I WANT THAT", target=("Bo",), resource=("energy",))
    assert op_from_json(op_to_json(op)) == op
    assert op.describe().endswith(" --wait")


def test_readme_waiting_decisions_run_as_written(rigs, tmp_path, tables):
    from conftest import ROOT

    text = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    block = text.split("## Decisions that wait for one player", 1)[1]
    block = block.split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [ln.split("  #")[0] for ln in block.splitlines() if ln.startswith("rigs ")]
    assert len(lines) == 9
    path = new(rigs, tmp_path)
    run(rigs, path, "adjust Ana karma 1 --card 'I WANT THAT' --why dealt")
    run(rigs, path, "adjust Bo karma 1 --card 'Wrong Address' --why dealt")
    for line in lines:
        run(rigs, path, line.removeprefix("rigs "))
    g = session.load(path, tables).game
    assert g.phase == "disaster" and g.waits.disasters == ("Cy",)
    assert g.player("Ana").disaster == "theft" and g.player("Bo").disaster is not None
