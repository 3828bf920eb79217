"""Games for the page tests and the screenshots in docs/ (not a test module): four players
whose names are 24 characters long, at the moments a page must handle (round 1; an attack
and a deal waiting for the first player; the Disaster Phase; the Production Phase; the
final scores).  Each is built once per test process and copied (conftest.scripted_copy)."""

from __future__ import annotations

from pathlib import Path

from conftest import scripted_copy
from servehelp import rigs

LONG = ("Ana Montenegro-Valdivias", "Bo Christensen-Lindqvist", "Cyrus Abernathy-Whitford",
        "Dee Okonkwo-Fairweathers")
ANA, BO, CY, DEE = LONG
HOSTILE = "<img src=x onerror=alert(1)>"


def _new(path: Path, names=LONG, seed: int = 5) -> Path:
    rigs("new", *[x for n in names for x in ("-p", n)], "--seed", seed, "--game", path)
    return path


def round_one(path: Path) -> Path:
    """Round 1, the Player Phase: nobody has acted."""
    return scripted_copy("pages-round-one", _new, path)


def _attack(path: Path) -> Path:
    _new(path)
    rigs("adjust", ANA, "karma", "1", "--card", "Wrong Address", "--why", "dealt", "--game", path)
    rigs("adjust", BO, "karma", "1", "--card", "I WANT THAT", "--why", "dealt", "--game", path)
    rigs("karma", "play", BO, "I WANT THAT", "--target", ANA, "--resource", "energy",
         "--wait", "--game", path)
    rigs("deal", "propose", CY, ANA, "credits=10", "--for", "energy=2", "--game", path)
    return path


def attack_waiting(path: Path) -> Path:
    """Round 1: Bo's I WANT THAT! waits for Ana's answer (she holds Wrong Address) and
    Cyrus offers her a deal."""
    return scripted_copy("pages-attack", _attack, path)


def _disaster(path: Path) -> Path:
    _new(path)
    rigs("move", ANA, "1", "--to", "P1", "--harvest", "energy", "--game", path)
    rigs("next", "--wait", "--game", path)
    return path


def disaster_phase(path: Path) -> Path:
    """Round 1, the Disaster Phase from the phones: each player records their card."""
    return scripted_copy("pages-disaster", _disaster, path)


def _production(path: Path) -> Path:
    _new(path)
    for where, res in (("P1", "energy"), ("P16", "supplies"), ("P16", "supplies"),
                       ("P8", "metal")):
        rigs("move", ANA, "1", "--to", where, "--harvest", res, "--game", path)
    rigs("next", "--auto", "--game", path)
    rigs("next", "--auto", "--game", path)
    return path


def production_phase(path: Path) -> Path:
    """Round 1, the Production Phase: Ana has RIGS on three plots."""
    return scripted_copy("pages-production", _production, path)


def _market(path: Path) -> Path:
    _new(path)
    rigs("survey", ANA, "P16", "--card", "2", "--game", path)
    rigs("move", ANA, "2", "--to", "P16", "--harvest", "luxuries", "--game", path)
    for _ in range(3):
        rigs("next", "--auto", "--game", path)
    return path


def market_phase(path: Path) -> Path:
    """Round 1, the Market Phase: Ana has Luxuries to sell."""
    return scripted_copy("pages-market", _market, path)


def _final(path: Path) -> Path:
    from scripted_game import play
    from typer.testing import CliRunner

    from rigs_helper.cli import app

    def invoke(*args):
        r = CliRunner().invoke(app, [str(a) for a in args])
        return r.exit_code, r.stdout, r.stderr

    from rigs_helper.store.tablefiles import load_tables

    play(invoke, path, load_tables(), names=LONG, seed=5)
    rigs("score", "--game", path)
    return path


def final_scores(path: Path) -> Path:
    """A whole game played to its final scores."""
    return scripted_copy("pages-final", _final, path)


def hostile(path: Path) -> Path:
    """Round 1 with a player named as a script tag, an attack and a deal waiting."""
    def make(p: Path) -> Path:
        names = (HOSTILE, BO, CY, DEE)
        _new(p, names)
        rigs("adjust", HOSTILE, "karma", "1", "--card", "Wrong Address", "--why", "dealt", "--game", p)
        rigs("adjust", BO, "karma", "1", "--card", "I WANT THAT", "--why", "dealt", "--game", p)
        rigs("karma", "play", BO, "I WANT THAT", "--target", HOSTILE, "--resource",
             "energy", "--wait", "--game", p)
        rigs("deal", "propose", HOSTILE, CY, "credits=10", "--for", "energy=1", "--game", p)
        return p
    return scripted_copy("pages-hostile", make, path)
