"""Helpers for the tests that run `rigs` on a game file (not a test module): a 2-player
game set up in process and saved (``base``, ``save``, ``load``), a command run on it
(``ok``, ``stdout_of``, ``refused``: exit 1, one line, the file unchanged), the commands of
the app (``subcommands``) and docs/playing.md's round at the table (``readme_round``).

Ana: P1 Plains, P10 Valley, P22 Desert, P25 Ridge, P19 Forest, P2 Plains (6 plots).
Bo:  P3 Plains, P11 Valley, P23 Desert, P26 Ridge, P20 Forest, P4 Plains."""

from __future__ import annotations

import shlex

from conftest import ROOT
from gameplay import own_plots

from rigs_helper.games.rigs.engine import Outcome
from rigs_helper.games.rigs.setup import new_game
from rigs_helper.store import session

ANA = ["P1", "P10", "P22", "P25", "P19", "P2"]


BO = ["P3", "P11", "P23", "P26", "P20", "P4"]


def base(tables, seed=5):
    g = new_game(["Ana", "Bo"], seed, tables).game
    return own_plots(g, tables, {"Ana": ANA, "Bo": BO})


def save(tmp_path, g, tables, name="rigs.toml"):
    path = tmp_path / name
    session.create(path, Outcome(g), "test set-up", False, tables)
    return path


def load(path, tables):
    return session.load(path, tables).game


def with_game(args, path):
    """``args`` with ``-g PATH`` (before a ``--`` that ends the options)."""
    args = list(args)
    at = args.index("--") if "--" in args else len(args)
    return args[:at] + ["-g", str(path)] + args[at:]


def refused(rigs, path, *args, has=()):
    """The command is refused: exit 1, one line on stderr, the file unchanged."""
    before = path.read_bytes()
    r = rigs(*with_game(args, path))
    assert r.exit_code == 1, (r.exit_code, r.stdout, r.stderr)
    assert path.read_bytes() == before
    err = r.stderr.strip()
    assert err.startswith("rigs: ") and "\n" not in err, err
    for h in has:
        assert h in err, (h, err)
    return err


def ok(rigs, path, *args):
    r = rigs(*with_game(args, path))
    assert r.exit_code == 0, (r.stdout, r.stderr)
    return r


def stdout_of(rigs, path, *args):
    r = rigs(*with_game(args, path))
    assert r.exit_code == 0, (args, r.stdout, r.stderr)
    return r.stdout


def subcommands(cmd) -> dict:
    """A group's commands by name, as Click finds them (a lazy group loads them)."""
    import typer

    if not hasattr(cmd, "list_commands"):
        return {}
    ctx = typer.Context(cmd)
    return {name: cmd.get_command(ctx, name) for name in cmd.list_commands(ctx)}


def readme_round() -> list[list[str]]:
    text = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    section = text.split("## A round at the table", 1)[1]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return [shlex.split(line)[1:] for line in block.splitlines()
            if line.startswith("rigs ")]


def complete(line: str, cword: int, game) -> list[str]:
    """The candidates `rigs` answers bash's completion protocol with (``_RIGS_COMPLETE=
    complete_bash``, the words ``line``, the word ``cword`` being completed, RIGS_GAME
    ``game``), one per line as bash inserts them: in this process, the function
    rigs_helper.cli.main hands that protocol to (tests/test_output_streams.py runs it in a
    process of its own); nothing may be said on stderr."""
    import contextlib
    import io
    import os
    from unittest import mock

    from rigs_helper.cli.base import app
    from rigs_helper.cli.completion import complete_bash

    env = {"_RIGS_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(cword),
           "RIGS_GAME": str(game)}
    err = io.StringIO()
    with mock.patch.dict(os.environ, env), contextlib.redirect_stderr(err):
        out = complete_bash(app)
    assert err.getvalue() == "", err.getvalue()
    return [x for x in out.splitlines() if x]
