"""Output nobody can take is not the command's failure, and lost output is not a success
(rigs_helper/cli/__init__.py, ``main``): a command started with stdout or stderr closed
keeps its exit code and saves once; a reader that leaves the pipe (`rigs log | head`) is
no error; output that cannot be written (a full disk) is one line and exit 1."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

RUN = "import sys; from rigs_helper.cli import main; sys.argv = ['rigs', *sys.argv[1:]]; main()"


def rigs_process(*args, cwd, closed: int | None = None, **kwargs):
    """`rigs ARGS` in a new process, its output buffered as usual; ``closed``: the
    descriptor (1 or 2) it starts without, as `rigs next 2>&-` starts it."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "PYTHONUNBUFFERED")}
    env.update(PYTHONHASHSEED="0", **kwargs.pop("env", {}))
    pre = (lambda: os.close(closed)) if closed is not None else None
    return subprocess.run([sys.executable, "-c", RUN, *map(str, args)], cwd=cwd, env=env,
                          text=True, timeout=120, preexec_fn=pre, **kwargs)


@pytest.fixture
def game(rigs, tmp_path):
    """A 2-player game twelve phases in, played once per run (conftest.scripted_copy)."""
    from conftest import scripted_copy

    def build(path) -> None:
        assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "4", "-g", path).exit_code == 0
        for _ in range(12):
            assert rigs("next", "--auto", "-g", path).exit_code == 0

    return scripted_copy("output-streams", build, tmp_path / "rigs.toml")


@pytest.mark.parametrize("closed", [1, 2])
def test_a_command_started_with_stdout_or_stderr_closed_keeps_its_exit_code_and_saves_once(
        game, tmp_path, closed):
    start = game.read_text()
    mine = tmp_path / "closed.toml"
    mine.write_text(start)
    r = rigs_process("next", "-g", game, cwd=tmp_path, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)
    assert r.returncode == 0
    r = rigs_process("next", "-g", mine, cwd=tmp_path, closed=closed,
                     **{"stdout" if closed == 2 else "stderr": subprocess.DEVNULL})
    assert r.returncode == 0
    assert mine.read_text() == game.read_text() != start  # the one step, saved once
    assert len(os.listdir(tmp_path / ".closed.toml.bak")) == 1  # and backed up once
    r = rigs_process("status", "-g", tmp_path / "none.toml", cwd=tmp_path, closed=closed,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert r.returncode == 1  # an error keeps its code too


#: a Tab after `rigs sta`: a short answer, written to stdout at the very end
TAB = {"_RIGS_COMPLETE": "complete_bash", "COMP_WORDS": "rigs sta", "COMP_CWORD": "1"}


@pytest.mark.parametrize("args", [["log"], ["status"], ["--help"], [], ["tab"]],
                         ids=["log", "status", "--help", "alone", "tab"])
def test_a_reader_that_leaves_the_pipe_is_not_an_error(game, tmp_path, args):
    """`rigs log | head -1` after the reader left: nothing on stderr, no traceback, and
    not the 120 Python gives when it cannot flush at exit."""
    read, write = os.pipe()
    os.close(read)  # every write of rigs meets a reader that has gone
    env = TAB if args == ["tab"] else {}
    if args[:1] in (["log"], ["status"]):
        args = [*args, "-g", game]
    try:
        r = rigs_process(*args if not env else [], cwd=tmp_path, stdout=write,
                         stderr=subprocess.PIPE, env=env)
    finally:
        os.close(write)
    assert r.stderr == ""
    assert r.returncode == 0  # not 1, 120 (no flush at exit) nor 70 (an internal error)


@pytest.mark.parametrize("tab", [False, True], ids=["help", "tab"])
def test_output_lost_at_the_last_flush_is_one_line_and_exit_1(tmp_path, tab):
    """`rigs > /dev/full` (the help), and a Tab's answer, short enough to stay buffered
    until rigs ends, on a full disk: exit 0 would tell a script the output is complete."""
    if not os.path.exists("/dev/full"):  # Linux; elsewhere nothing stands in for it
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        r = rigs_process(cwd=tmp_path, stdout=full, stderr=subprocess.PIPE,
                         env=TAB if tab else {})
    assert r.returncode == 1
    assert r.stderr == "rigs: the standard output cannot be written: No space left on device\n"


def test_output_that_cannot_be_written_while_parsing_is_one_line(tmp_path):
    """`rigs --version > /dev/full` (written at once, unbuffered): one line, exit 1."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        r = rigs_process("--version", cwd=tmp_path, stdout=full, stderr=subprocess.PIPE,
                         env={"PYTHONUNBUFFERED": "1"})
    assert r.returncode == 1
    assert r.stderr == "rigs: the standard output cannot be written: No space left on device\n"


@pytest.mark.parametrize("args", [["status"], ["status", "Ana"], ["log"], ["status", "--help"]],
                         ids=["status", "player", "log", "help"])
def test_output_that_cannot_be_written_while_a_command_runs_is_one_line(game, tmp_path,
                                                                         args):
    """`rigs status > /dev/full` written as it goes (unbuffered): the one line of an
    output that cannot be written and exit 1, not an internal error (exit 70)."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    if args != ["status", "--help"]:
        args = [*args, "-g", game]
    with open("/dev/full", "w") as full:
        r = rigs_process(*args, cwd=tmp_path, stdout=full, stderr=subprocess.PIPE,
                         env={"PYTHONUNBUFFERED": "1"})
    assert r.returncode == 1
    assert r.stderr == "rigs: the standard output cannot be written: No space left on " \
                       "device\n"
