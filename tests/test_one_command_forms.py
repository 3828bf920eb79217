"""One command per intention where the table does one thing (issue 17 item 5; CONTRACT.md
"Third wave"): `build N --to PLOT --harvest R`, `sell P1 N1 P2 N2 ...`, `vinnie repay
PLAYER R=N|all ...`.  Through the CLI on real game files; a refusal changes nothing."""

from __future__ import annotations

from gameplay import play_to, set_player
from clihelp import base, load, ok, refused, save

from rigs_helper.games.rigs.state import frozen_map


def test_build_straight_onto_a_plot(rigs, tmp_path, tables):
    g = set_player(base(tables), "Ana", metal=6, supplies=3, warehouse_rigs=0)
    path = save(tmp_path, g, tables)
    refused(rigs, path, "build", "Ana", "2", "--harvest", "metal", has=("--harvest",
                                                                       "without --to"))
    refused(rigs, path, "build", "Ana", "2", "--to", "P1", "--harvest", "metal",
            has=("P1 (Plains) has 1 metal spot",))  # the build is refused with the move
    out = ok(rigs, path, "build", "Ana", "2", "--to", "ridge", "--harvest", "metal").stdout
    assert "builds 2 RIGS" in out and "moves 2 RIGS from the warehouse to P25" in out
    a = load(path, tables).player("Ana")
    assert (a.metal, a.supplies, a.warehouse_rigs) == (2, 1, 0)
    assert (a.plot("P25").rigs, a.plot("P25").harvest) == (2, "metal")
    log = ok(rigs, path, "log").stdout
    assert "build Ana 2 --to P25 --harvest metal" in log  # logged as the game names it


def test_sell_for_several_players_in_one_command(rigs, tmp_path, tables):
    g = play_to(base(tables), tables, 1, "market")
    g = set_player(set_player(g, "Ana", luxuries=3), "Bo", luxuries=2)
    path = save(tmp_path, g, tables)
    price = load(path, tables).market.price
    refused(rigs, path, "sell", "Ana", "2", "Bo", has=("PLAYER N",))
    refused(rigs, path, "sell", "Ana", "2", "Bo", "3", has=("Bo has 2 Luxuries",))
    refused(rigs, path, "sell", "Ana", "1", "Ana", "1", has=("named twice",))
    out = ok(rigs, path, "sell", "Ana", "2", "Bo", "all").stdout
    assert f"Ana sells 2 Luxuries at {price}" in out and "Bo sells 2 Luxuries" in out
    g2 = load(path, tables)
    assert (g2.player("Ana").luxuries, g2.player("Bo").luxuries) == (1, 0)
    assert g2.player("Bo").credits == g.player("Bo").credits + 2 * price


def test_vinnie_repay_several_resources_in_one_command(rigs, tmp_path, tables):
    g = set_player(base(tables), "Ana", vinnie=frozen_map({"energy": 3, "supplies": 2}),
                   energy=6, supplies=4)
    path = save(tmp_path, g, tables)
    refused(rigs, path, "vinnie", "repay", "Ana", "energy=4", has=("cannot repay 4",))
    refused(rigs, path, "vinnie", "repay", "Ana", "energy=1", "energy=2",
            has=("named twice",))
    refused(rigs, path, "vinnie", "repay", "Ana", "energy", "1", "supplies",
            has=("RESOURCE=N",))
    out = ok(rigs, path, "vinnie", "repay", "Ana", "energy=2", "supplies=all").stdout
    assert "repays 2 Energy scripts" in out and "repays 2 Supplies scripts" in out
    a = load(path, tables).player("Ana")
    assert (a.scripts("energy"), a.scripts("supplies"), a.energy, a.supplies) == (1, 0, 2, 0)


def test_lose_from_several_places_in_one_command(rigs, tmp_path, tables):
    g = base(tables)
    ana = g.player("Ana")
    plots = tuple(p if p.id != "P25" else p.__class__("P25", "ridge", None, 3, "metal")
                  for p in ana.plots)
    g = set_player(g, "Ana", plots=plots, must_lose_rigs=5, warehouse_rigs=5)
    path = save(tmp_path, g, tables)
    refused(rigs, path, "lose", "Ana", "4", "--from", "P25=2", "--from", "warehouse=1",
            has=("3 RIGS named, 4 to lose",))
    refused(rigs, path, "lose", "Ana", "--from", "P25=2", "--from", "warehouse",
            has=("WHERE=K for each",))
    out = ok(rigs, path, "lose", "Ana", "--from", "P25=2", "--from", "warehouse=1").stdout
    assert "P25" in out and "warehouse" in out
    a = load(path, tables).player("Ana")
    assert (a.plot("P25").rigs, a.warehouse_rigs, a.must_lose_rigs) == (1, 4, 2)
