"""Usage errors through the real entry point: one line on stderr, exit 2, nothing changed.

Each command runs in a process of its own forked from one that imported the CLI
(tests/clichild.py: its exit code and its streams are the process's, as from the `rigs`
script, without a Python start-up each); `python -m rigs_helper` itself is run by
test_help_and_version_exit_zero."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest


def run(*args, cwd):
    """`rigs ARGS` in a process of its own (tests/clichild.py), run in ``cwd``."""
    import clichild

    code, out, err = clichild.run(list(args), cwd)
    return subprocess.CompletedProcess(args, code, out, err)


def python_m(*args, cwd):
    return subprocess.run([sys.executable, "-m", "rigs_helper", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True)


@pytest.fixture
def game(tmp_path, rigs):  # set up in process: the commands under test run for real
    r = rigs("new", "--player", "Ana", "--player", "Bo", "--seed", "3", "--game",
             tmp_path / "g.toml")
    assert r.exit_code == 0, r.output
    return tmp_path / "g.toml"


@pytest.mark.parametrize("args, says", [
    (["build", "Ana", "-2"], "No such option: -2"),
    (["build"], "Missing argument"),
    (["frobnicate"], "No such command"),
    (["stauts"], "No such command 'stauts'. Did you mean 'status'?"),
    (["mvoe"], "No such command 'mvoe'. Did you mean 'move'?"),
    (["karma", "pley"], "Did you mean 'play'?"),
    (["move", "Ana", "1"], "Missing option '--to'"),
    (["build", "Ana", "two"], "two"),
])
def test_usage_error_is_one_line(game, args, says):
    before = game.read_bytes()
    r = run(*args, "--game", game, cwd=game.parent)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rigs: ") and says in lines[0], r.stderr
    assert "Traceback" not in r.stderr
    assert game.read_bytes() == before


def test_the_game_file_is_taken_before_the_command_too(game):
    """`rigs -g FILE status` does what `rigs status -g FILE` does (and `--game=FILE`)."""
    after = run("status", "-g", game, cwd=game.parent)
    assert after.returncode == 0, after.stderr
    for first in (["-g", game], ["--game", game], [f"--game={game}"]):
        r = run(*first, "status", cwd=game.parent)
        assert (r.returncode, r.stdout, r.stderr) == (0, after.stdout, "")
    r = run("-g", game, "build", "Ana", "1", cwd=game.parent)  # the command's own refusal
    assert r.returncode == 1 and r.stderr.startswith("rigs: Ana has 0 Metal")


def test_rules_error_exit_code_and_pending_choice_exit_code(game):
    r = run("build", "Ana", "1", "--game", game, cwd=game.parent)  # no Metal at the start
    assert r.returncode == 1 and r.stderr.startswith("rigs: Ana has 0 Metal")
    r = run("vinnie", "borrow", "Ana", "metal", "2", "--game", game, cwd=game.parent)
    assert r.returncode == 0, r.stderr


def test_help_and_version_exit_zero(tmp_path):
    assert python_m("--help", cwd=tmp_path).returncode == 0
    r = python_m("--version", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("rigs-helper ")


def test_rigs_alone_shows_the_help_on_stdout(tmp_path):
    """A new user's first command: `rigs` (or `rigs karma`) alone prints the help, as
    `--help` does, not an error."""
    for argv in (["rigs"], ["rigs", "karma"]):
        r = run(*argv[1:], cwd=tmp_path)
        assert r.returncode == 0 and r.stderr == "", r.stderr
        assert "Usage: rigs" in r.stdout
        assert ("Each phase:" if argv == ["rigs"] else "Commands") in r.stdout


def test_each_command_is_found_by_name_and_loads_its_module_alone():
    """`rigs NAME` imports only NAME's module (rigs_helper/cli/commands.py: building every
    command costs more than running most); every name finds the command of that name."""
    import typer

    from rigs_helper.cli.base import app
    from rigs_helper.cli.commands import COMMANDS

    group = typer.main.get_command(app)
    ctx = typer.Context(group)
    assert group.list_commands(ctx) == list(COMMANDS)
    for name in COMMANDS:
        assert group.get_command(ctx, name).name == name
    code = ("import sys; sys.argv = ['rigs', 'status', '-g', 'none.toml']\n"
            "from rigs_helper.cli import main\n"
            "try:\n    main()\nfinally:\n"
            "    print(sorted(m for m in sys.modules if m.startswith('rigs_helper.cli.')))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=60)
    loaded = ast.literal_eval(r.stdout)
    assert "rigs_helper.cli.status" in loaded
    assert not {f"rigs_helper.cli.{m}" for m in COMMANDS.values()} - {
        "rigs_helper.cli.status"} & set(loaded)
