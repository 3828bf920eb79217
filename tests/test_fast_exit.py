"""`rigs` ends a command with ``os._exit`` once its output is flushed, the cycle collector
off while it ran (rigs_helper/cli/__init__.py): nothing written is lost, and exit codes
are those of the command."""

from __future__ import annotations

import os
import subprocess
import sys

RUN = "import sys; from rigs_helper.cli import main; sys.argv = ['rigs', *sys.argv[1:]]; main()"


def rigs_process(*args, cwd, stdin=None):
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}  # a pipe: lines whole
    return subprocess.run([sys.executable, "-c", RUN, *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, input=stdin)


def test_a_long_output_is_written_whole_and_the_exit_code_kept(rigs, tmp_path):
    game = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "4", "-g", game).exit_code == 0
    for _ in range(12):
        assert rigs("next", "--auto", "-g", game).exit_code == 0
    expected = rigs("log", "-g", game).stdout
    r = rigs_process("log", "-g", game, cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == ""
    assert r.stdout == expected and len(expected) > 4000


def test_errors_keep_their_exit_codes_and_one_line(tmp_path):
    r = rigs_process("status", "-g", tmp_path / "none.toml", cwd=tmp_path)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "no such game file" in r.stderr
    r = rigs_process("status", "--no-such-option", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.startswith("rigs: No such option")
    r = rigs_process("--version", cwd=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("rigs-helper ")


def test_a_reader_that_leaves_the_pipe_is_not_an_error(rigs, tmp_path):
    game = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "4", "-g", game).exit_code == 0
    for _ in range(12):
        assert rigs("next", "--auto", "-g", game).exit_code == 0
    p = subprocess.Popen([sys.executable, "-c", RUN, "log", "-g", str(game)], cwd=tmp_path,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.readline()
    p.stdout.close()  # `rigs log | head -1`
    err = p.stderr.read().decode()
    p.wait(timeout=120)
    assert "Traceback" not in err and "Exception ignored" not in err, err


def _ended(monkeypatch, code) -> int:
    """The exit code ``cli._exit(code)`` ends the process with (os._exit intercepted)."""
    from rigs_helper import cli

    class Ended(Exception):
        pass

    def fake_exit(n):
        raise Ended(n)

    monkeypatch.setattr(cli.os, "_exit", fake_exit)
    try:
        cli._exit(code)
    except Ended as e:
        return e.args[0]
    raise AssertionError("cli._exit returned")


def test_a_command_started_with_stdout_or_stderr_closed_keeps_its_exit_code(monkeypatch):
    # `rigs adjust ... 2>&-`: Python starts with sys.stderr None; the action was recorded,
    # so the exit code must stay the command's own (no traceback, no exit 1)
    monkeypatch.setattr(sys, "stderr", None)
    assert _ended(monkeypatch, 0) == 0
    assert _ended(monkeypatch, 3) == 3
    assert _ended(monkeypatch, "a message") == 1
    monkeypatch.undo()
    monkeypatch.setattr(sys, "stdout", None)  # `rigs status >&-`
    assert _ended(monkeypatch, 0) == 0
    assert _ended(monkeypatch, None) == 0


def test_output_lost_at_the_last_flush_is_an_error_not_a_silent_success(monkeypatch, capsys):
    # `rigs status --json > out.json` on a full disk: what is still buffered at the end
    # cannot be written; exit 0 would tell a script out.json is complete
    import errno
    import io

    class Full(io.StringIO):
        def flush(self):
            raise OSError(errno.ENOSPC, "No space left on device")

    class LeftPipe(io.StringIO):
        def flush(self):
            raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Full())
    assert _ended(monkeypatch, 0) == 1
    assert _ended(monkeypatch, 3) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 2 and "rigs: cannot write the output: No space left" in err
    monkeypatch.setattr(sys, "stdout", LeftPipe())  # `rigs log | head`: not an error
    assert _ended(monkeypatch, 0) == 0
    assert capsys.readouterr().err == ""


def test_output_that_cannot_be_written_while_parsing_is_one_line(tmp_path):
    """`rigs --version > /dev/full` (written at once, unbuffered): one line, exit 1."""
    import os

    if not os.path.exists("/dev/full"):  # Linux; elsewhere a stand-in that fails writes
        return
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-c", RUN, "--version"], cwd=tmp_path, env=env,
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert r.returncode == 1
    assert r.stderr == "rigs: cannot write the output: No space left on device\n"
