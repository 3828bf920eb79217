"""`rigs check`: the table's count against the books, on a real game file (a copy of
examples/midgame-3p.toml).  Checking never changes the file."""

from __future__ import annotations

import json
import shlex
import shutil

import pytest
from conftest import EXAMPLES

EXAMPLE = EXAMPLES / "midgame-3p.toml"


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / "midgame.toml"
    shutil.copyfile(EXAMPLE, path)
    return path


def _books(rigs, copy, name):
    d = json.loads(rigs("status", "--json", "--game", copy).stdout)
    return next(p for p in d["players"] if p["name"] == name)


def test_check_agreeing_count_exits_0_with_one_line(copy, rigs):
    ana = _books(rigs, copy, "Ana")
    plot = next(p for p in ana["plots"] if p["rigs"])
    r = rigs("check", "Ana", f"credits={ana['credits']}", f"energy={ana['energy']}",
             f"rigs={ana['rigs']}", f"karma={ana['karma']}", f"plots={len(ana['plots'])}",
             f"{plot['id']}={plot['rigs']}", "vinnie.energy=0", "--game", copy)
    assert r.exit_code == 0, r.output
    assert r.stdout.count("\n") == 1 and "the books agree" in r.stdout
    assert copy.read_bytes() == EXAMPLE.read_bytes()


def test_check_lists_each_difference_and_the_adjust_commands(copy, rigs):
    ana = _books(rigs, copy, "Ana")
    r = rigs("check", "Ana", f"credits={ana['credits'] + 20}", f"energy={ana['energy']}",
             f"metal={ana['metal'] + 1}", "--game", copy)
    assert r.exit_code == 1
    assert "2 differences" in r.stdout
    assert f"credits: table {ana['credits'] + 20}, books {ana['credits']} (table +20)" \
        in r.stdout
    assert "rigs adjust Ana credits 20" in r.stdout
    assert "rigs adjust Ana metal 1" in r.stdout
    assert "energy:" not in r.stdout
    assert copy.read_bytes() == EXAMPLE.read_bytes()


def test_check_printed_adjust_commands_bring_the_books_in_line(copy, rigs):
    ana = _books(rigs, copy, "Ana")
    counts = [f"credits={ana['credits'] - 7}", f"supplies={ana['supplies'] + 2}"]
    r = rigs("check", "Ana", *counts, "--game", copy)
    assert r.exit_code == 1
    for line in r.stdout.splitlines():
        line = line.strip()
        if line.startswith("rigs adjust"):
            args = shlex.split(line.split("#")[0])[1:]
            assert rigs(*args, "--game", copy).exit_code == 0
    again = rigs("check", "Ana", *counts, "--game", copy)
    assert again.exit_code == 0, again.output


def test_check_rigs_on_a_plot_and_hand_size(copy, rigs):
    ana = _books(rigs, copy, "Ana")
    plot = next(p for p in ana["plots"] if p["rigs"])
    r = rigs("check", "Ana", f"{plot['id'].lower()}={plot['rigs'] + 1}",
             f"karma={ana['karma'] + 1}", "--game", copy)
    assert r.exit_code == 1
    assert f"{plot['id']} RIGS: table {plot['rigs'] + 1}, books {plot['rigs']}" in r.stdout
    assert "rigs karma draw Ana" in r.stdout
    assert f"rigs move Ana N --to {plot['id']}" in r.stdout


def test_check_all_one_line_per_player_when_all_agree(copy, rigs):
    d = json.loads(rigs("status", "--json", "--game", copy).stdout)
    words = []
    for p in d["players"]:
        words += [p["name"], f"credits={p['credits']}", f"rigs={p['rigs']}"]
    r = rigs("check", "--all", *words, "--game", copy)
    assert r.exit_code == 0, r.output
    assert r.stdout.count("\n") == len(d["players"])


def test_check_all_reports_only_the_players_who_differ_in_fixes(copy, rigs):
    d = json.loads(rigs("status", "--json", "--game", copy).stdout)
    words = []
    for i, p in enumerate(d["players"]):
        words += [p["name"], f"credits={p['credits'] + (5 if i == 1 else 0)}"]
    r = rigs("check", "--all", *words, "--json", "--game", copy)
    assert r.exit_code == 1
    out = json.loads(r.stdout)
    assert out["agree"] is False
    assert [p["agree"] for p in out["players"]] == [True, False, True]
    assert out["players"][1]["differences"] == [
        {"key": "credits", "table": d["players"][1]["credits"] + 5,
         "books": d["players"][1]["credits"]}]


def test_check_all_needs_every_player(copy, rigs):
    r = rigs("check", "--all", "Ana", "credits=1", "--game", copy)
    assert r.exit_code == 1 and "no count for Bo, Cy" in r.stderr


@pytest.mark.parametrize("words, message", [
    (["Ana", "gold=3"], "unknown key 'gold'"),
    (["Ana", "credits=-3"], "whole number"),
    (["Ana", "credits"], "give KEY=N"),
    (["Ana", "vinnie.luxuries=1"], "Vinnie lends"),
    (["Ana", "credits=1", "credits=2"], "counted twice"),
    (["Zed", "credits=1"], "no player called 'Zed'"),
    (["Ana"], "at least one count"),
    (["credits=1"], "name the player first"),
])
def test_check_refuses_bad_counts_with_one_line(copy, rigs, words, message):
    r = rigs("check", *words, "--game", copy)
    assert r.exit_code != 0
    assert message in r.stderr and r.stderr.count("\n") == 1
    assert copy.read_bytes() == EXAMPLE.read_bytes()


def test_check_a_plot_of_another_player_is_refused(copy, rigs):
    d = json.loads(rigs("status", "--json", "--game", copy).stdout)
    bo_plot = d["players"][1]["plots"][0]["id"]
    r = rigs("check", "Ana", f"{bo_plot}=0", "--game", copy)
    assert r.exit_code == 1 and f"{bo_plot} is Bo's plot" in r.stderr


def test_check_a_plot_by_type_when_the_player_owns_one(copy, rigs):
    ana = _books(rigs, copy, "Ana")
    types = [p["type"] for p in ana["plots"]]
    one = next(p for p in ana["plots"] if types.count(p["type"]) == 1)
    r = rigs("check", "Ana", f"{one['type']}={one['rigs'] + 1}", "--game", copy)
    assert r.exit_code == 1
    assert f"{one['id']} RIGS: table {one['rigs'] + 1}, books {one['rigs']}" in r.stdout
    several = next(t for t in types if types.count(t) > 1)
    r = rigs("check", "Ana", f"{several}=0", "--game", copy)
    assert r.exit_code == 1 and f"owns {types.count(several)} {several} plots" in r.stderr
