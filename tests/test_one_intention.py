"""One command per intention (issue 10; CONTRACT.md "Second wave"): `lose PLAYER N`,
`sell PLAYER all`, `vinnie repay PLAYER RESOURCE all`, `give FROM TO ITEM... --for ITEM...`;
the round summary when a phase ends; `rigs log` with outcomes, `--round`, `--ledger`.
Through the CLI on real game files."""

from __future__ import annotations

import json

from gameplay import play_to, set_player
from clihelp import base, load, refused, save
from clihelp import stdout_of as ok

from rigs_helper.games.rigs.state import frozen_map


def test_lose_settles_n_losses_at_once_and_says_what_is_still_owed(rigs, tmp_path, tables):
    g = set_player(base(tables), "Ana", must_lose_rigs=3, warehouse_rigs=5)
    path = save(tmp_path, g, tables)
    refused(rigs, path, "lose", "Ana", "4", has=("Ana owes 3 RIGS, not 4",))
    out = ok(rigs, path, "lose", "Ana", "2")
    assert "Ana loses 1 RIGS from the warehouse." in out
    assert "Ana still owes 1 RIGS (`rigs lose Ana 1`)." in out
    p = load(path, tables).player("Ana")
    assert (p.warehouse_rigs, p.must_lose_rigs) == (3, 1)
    out = ok(rigs, path, "lose", "Ana")
    assert "still owes" not in out
    assert load(path, tables).player("Ana").must_lose_rigs == 0


def test_lose_n_from_one_plot(rigs, tmp_path, tables):
    g = base(tables)
    ana = g.player("Ana")
    plots = tuple(p if p.id != "P25" else p.__class__("P25", "ridge", None, 3, "metal")
                  for p in ana.plots)
    g = set_player(g, "Ana", plots=plots, must_lose_rigs=2)
    path = save(tmp_path, g, tables)
    refused(rigs, path, "lose", "Ana", "2", "--from", "desert", has=("P22 has 0 RIGS",))
    assert "Ana loses 2 RIGS from P25." in ok(rigs, path, "lose", "Ana", "2", "--from",
                                               "ridge")
    assert load(path, tables).player("Ana").plot("P25").rigs == 1


def test_sell_all(rigs, tmp_path, tables):
    g = set_player(play_to(base(tables), tables, 1, "market"), "Ana", luxuries=3)
    path = save(tmp_path, g, tables)
    price = load(path, tables).market.price
    out = ok(rigs, path, "sell", "Ana", "all")
    assert f"Ana sells 3 Luxuries at {price}: +{3 * price} credits." in out
    assert load(path, tables).player("Ana").luxuries == 0
    refused(rigs, path, "sell", "Ana", "all", has=("Ana has no Luxuries to sell",))
    refused(rigs, path, "sell", "Ana", "lots", has=("not a whole number or 'all'",))


def test_vinnie_repay_all(rigs, tmp_path, tables):
    g = set_player(base(tables), "Ana", vinnie=frozen_map({"metal": 3}), metal=7)
    path = save(tmp_path, g, tables)
    out = ok(rigs, path, "vinnie", "repay", "Ana", "metal", "all")
    assert "Ana repays 3 Metal scripts with 6 Metal (no Metal scripts left)." in out
    p = load(path, tables).player("Ana")
    assert (p.metal, p.scripts("metal")) == (1, 0)
    refused(rigs, path, "vinnie", "repay", "Ana", "metal", "all",
            has=("Ana holds no Metal scripts",))
    g = set_player(base(tables), "Ana", vinnie=frozen_map({"energy": 3}), energy=5)
    path = save(tmp_path, g, tables, "b.toml")
    refused(rigs, path, "vinnie", "repay", "Ana", "energy", "all",
            has=("repaying 3 scripts costs 6",))


def test_give_both_ways_in_one_deal(rigs, tmp_path, tables):
    path = save(tmp_path, base(tables), tables)
    out = ok(rigs, path, "give", "Ana", "Bo", "P22", "energy=1",
             "--for", "credits=20,supplies=1")
    assert "Ana gives Bo 1 Energy, P22 Desert; Bo gives Ana 20 credits, 1 Supply" in out
    g = load(path, tables)
    ana, bo = g.player("Ana"), g.player("Bo")
    assert "P22" in [x.id for x in bo.plots] and "P22" not in [x.id for x in ana.plots]
    assert (ana.credits, ana.energy, ana.supplies) == (120, 4, 6)
    assert (bo.credits, bo.energy, bo.supplies) == (80, 6, 4)
    # a plot typed by its type or number on the --for side
    ok(rigs, path, "give", "Ana", "Bo", "credits=1", "--for", "23")
    assert "P23" in [x.id for x in load(path, tables).player("Ana").plots]


def test_give_is_all_or_nothing_both_ways(rigs, tmp_path, tables):
    path = save(tmp_path, base(tables), tables)
    refused(rigs, path, "give", "Ana", "Bo", "P22", "--for", "credits=500",
            has=("Bo has 100 credits; cannot give 500",))
    refused(rigs, path, "give", "Ana", "Bo", "P22", "--for", "P1",
            has=("Bo does not own plot P1: it is Ana's",))
    refused(rigs, path, "give", "Ana", "Bo", "P22", "--fro", "credits=5",
            has=("no such option: --fro",))
    refused(rigs, path, "give", "Ana", "Bo", "P22", "P22", has=("P22 is given twice",))


def test_a_round_summary_when_each_phase_ends(rigs, tmp_path, tables):
    path = save(tmp_path, base(tables), tables)
    ok(rigs, path, "give", "Ana", "Bo", "P22", "--for", "credits=20")
    ok(rigs, path, "move", "Bo", "1", "--to", "22", "--harvest", "energy")
    out = ok(rigs, path, "next", "--card", "Ana=Safe", "--card", "Bo=Safe")
    assert "Round 1, Player Phase - what changed:" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines()
            if line.startswith(("Ana ", "Bo "))}
    # Player, Credits, Energy, Supplies, Metal, Lux, RIGS, Karma, Vinnie, Plots
    assert rows["Ana"][1] == "+20" and rows["Ana"][-1] == "-P22"
    assert rows["Bo"][1] == "-20" and rows["Bo"][3] == "-1" and rows["Bo"][-1] == "+P22"
    d = json.loads(ok(rigs, path, "next", "--json"))
    assert d["summary"]["phase"] == "disaster"
    assert [p["name"] for p in d["summary"]["players"]] == ["Ana", "Bo"]


def test_log_shows_outcomes_by_round_with_rigs_and_plots_in_the_ledger(rigs, tmp_path,
                                                                        tables):
    path = save(tmp_path, base(tables), tables)
    ok(rigs, path, "give", "Ana", "Bo", "P22", "--for", "credits=20")
    ok(rigs, path, "survey", "Ana", "ridge", "--card", "2")
    ok(rigs, path, "move", "Ana", "2", "--to", "ridge", "--harvest", "luxuries")
    ok(rigs, path, "next", "--card", "Ana=Battery Failure", "--card", "Bo=Raid")
    for _ in range(4):  # to round 2's Disaster Phase
        ok(rigs, path, "next", "--auto")
    log = ok(rigs, path, "log")
    assert "Ana surveys P25: yield 2" in log
    assert "Ana: Battery Failure (recorded)." in log and "Bo: Raid (recorded)." in log
    assert "Market Phase, round 1: the Market card is" in log
    ledger = ok(rigs, path, "log", "--ledger", "--round", "1")
    assert "= Ana -plot P22" in ledger and "= Bo +plot P22 (from Ana)" in ledger
    assert "= Ana RIGS: warehouse -2, P25 +2 (luxuries)" in ledger
    assert "round  2" not in ledger
    assert "Disaster Phase, round 2" in ok(rigs, path, "log", "--round", "2")
    rows = json.loads(ok(rigs, path, "log", "--json", "--round", "1"))["log"]
    assert all(r["round"] == 1 for r in rows) and any(r["said"] for r in rows)


def test_log_never_names_a_card_in_a_hand(rigs, tmp_path, tables):
    path = save(tmp_path, base(tables), tables)
    ok(rigs, path, "adjust", "Ana", "karma", "1", "--card", "Poker Night", "--why", "dealt")
    assert "Poker Night" in ok(rigs, path, "hand", "Ana")  # for Ana's eyes
    log = ok(rigs, path, "log", "--ledger")
    assert "Poker Night" not in log and "poker" not in log.lower()
    assert "Ana takes 1 Karma card into their hand (by hand: dealt)." in log
    assert "Poker" not in json.dumps(json.loads(ok(rigs, path, "log", "--json")))


def test_readme_names_and_intentions_example_runs(rigs, tmp_path):
    """The docs' example of "Names the table says, one command per intention"
    (docs/playing.md), command by command, on a copy of examples/midgame-3p.toml."""
    import shlex
    import shutil

    from conftest import EXAMPLES, ROOT

    text = (ROOT / "docs" / "playing.md").read_text()
    block = text.split("cp examples/midgame-3p.toml game.toml", 1)[1].split("```", 1)[0]
    path = tmp_path / "game.toml"
    shutil.copyfile(EXAMPLES / "midgame-3p.toml", path)
    lines = [ln.split("#", 1)[0].strip() for ln in block.splitlines()]
    commands = [shlex.split(ln)[1:] for ln in lines if ln.startswith("rigs ")]
    assert len(commands) == 6
    outs = {}
    for args in commands:
        r = rigs(*args, "--game", path)
        refused_here = args[:2] == ["sell", "Ana"]
        assert r.exit_code == (1 if refused_here else 0), (args, r.stdout, r.stderr)
        outs[args[0]] = r.stdout + r.stderr
    assert "Ana has no Luxuries to sell" in outs["sell"]
    assert "Round 5, Production Phase - what changed:" in outs["next"]
    assert "Ana gives Cy 2 Energy; Cy gives Ana 12 credits" in outs["log"]
