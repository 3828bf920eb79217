"""Usage errors through the real entry point: one line on stderr, exit 2, nothing changed."""

from __future__ import annotations

import subprocess
import sys

import pytest


def run(*args, cwd):
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


def test_rules_error_exit_code_and_pending_choice_exit_code(game):
    r = run("build", "Ana", "1", "--game", game, cwd=game.parent)  # no Metal at the start
    assert r.returncode == 1 and r.stderr.startswith("rigs: Ana has 0 Metal")
    r = run("vinnie", "borrow", "Ana", "metal", "2", "--game", game, cwd=game.parent)
    assert r.returncode == 0, r.stderr


def test_help_and_version_exit_zero(tmp_path):
    assert run("--help", cwd=tmp_path).returncode == 0
    r = run("--version", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("rigs-helper ")


def test_rigs_alone_shows_the_help_on_stdout():
    """A new user's first command: `rigs` (or `rigs karma`) alone prints the help, as
    `--help` does, not an error."""
    for argv in (["rigs"], ["rigs", "karma"]):
        code = f"import sys; sys.argv = {argv!r}; from rigs_helper.cli import main; main()"
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0 and r.stderr == "", r.stderr
        assert "Usage: rigs" in r.stdout
        assert ("Each phase:" if argv == ["rigs"] else "Commands") in r.stdout


def test_each_command_is_built_alone_and_found(monkeypatch):
    """`rigs NAME` builds only NAME's command (Typer builds every registered one): for
    every command name exactly one command or group is kept, and it is that one."""
    from typer.main import get_command_name

    import rigs_helper.cli as cli

    app = cli.get_app()
    for name in cli.COMMANDS:
        monkeypatch.setattr(app, "registered_commands", list(app.registered_commands))
        monkeypatch.setattr(app, "registered_groups", list(app.registered_groups))
        cli._only(app, name)
        kept = [c.name or get_command_name(c.callback.__name__)
                for c in app.registered_commands]
        kept += [g.name or g.typer_instance.info.name for g in app.registered_groups]
        assert kept == [name], (name, kept)
        monkeypatch.undo()
