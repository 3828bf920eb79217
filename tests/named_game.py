"""The scripted 4-player game with a name with spaces and one with an accent, recorded at
several terminal widths (not a test module; the session fixture ``named_game`` runs it once).

Every command the script types, and at the start of each phase of rounds 1 and 15 and
after the game the commands a table reads (status, hand, produce, standings, log, ...), is
run through the CLI with ``COLUMNS`` set; the same game at a very wide terminal is the
reference the narrow outputs are compared with (a word cut across lines is a word the wide
output never prints).
"""

from __future__ import annotations

from pathlib import Path

from scripted_game import play
from typer.testing import CliRunner

from rigs_helper.store import session

NAMES = ("Ana", "Zoë", "Maximiliano de la Cruz", "Bo")
WIDTHS = (80, 120)
WIDE = 1000
WATCHED_ROUNDS = (1, 15)


def views(round_: int, phase: str) -> list[tuple[str, ...]]:
    """What the table reads at a phase start (names typed as people type them)."""
    out = [("status",), ("hand", "Maximiliano de la Cruz"), ("produce",),
           ("log", "--round", str(round_))]
    if phase == "player":
        out += [("status", "Maxi"), ("hand", "zoe"), ("produce", "maxi"), ("vinnie",),
                ("standings",), ("odds",)]
    return out


END_VIEWS = [("status",), ("score",), ("score", "--explain", "Maxi"), ("report",),
             ("standings",), ("chart",), ("log",), ("log", "--ledger"),
             ("hand", "Maximiliano de la Cruz"), ("vinnie",)]


def record(root: Path, width: int, tables) -> list[tuple[tuple[str, ...], int, str, str]]:
    """(args, exit code, stdout, stderr) of every command, the game directory written as
    DIR so that runs in different directories compare."""
    from rigs_helper.cli import app

    root.mkdir(parents=True, exist_ok=True)
    path = root / "rigs.toml"
    runner = CliRunner()
    typed: list = []
    seen: set = set()

    def run(*args):
        r = runner.invoke(app, [*args, "--game", str(path)],
                          env={"COLUMNS": str(width),  # each run its own group's history
                               "RIGS_HISTORY": str(root / "history.sqlite")})
        out, err = (x.replace(str(root), "DIR") for x in (r.stdout, r.stderr))
        typed.append((args, r.exit_code, out, err))
        return r.exit_code, out, err

    def invoke(*args):
        args = args[:-2]  # play() adds --game PATH
        code, out, err = run(*args)
        if code == 0 and args[0] in ("new", "next"):
            g = session.load(path, tables).game
            slot = (g.round, g.phase)
            if g.round in WATCHED_ROUNDS and slot not in seen and not g.game_over:
                seen.add(slot)
                for v in views(*slot):
                    run(*v)
        return code, out, err

    play(invoke, path, tables, names=NAMES)
    for v in END_VIEWS:
        run(*v)
    return typed
