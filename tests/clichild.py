"""`rigs ARGS` in a process of its own, forked from a server that imported the CLI once
(not a test module): for tests about several processes at once (the lock), without each
process paying Python's and the CLI's start-up (tests/test_nothing_lost.py)."""

from __future__ import annotations

import multiprocessing
import os
import sys

_CONTEXT = None


def _run(args: list[str], env: dict[str, str], err: str, out: str | None = None,
         cwd: str | None = None) -> None:
    """In the forked process: its stderr to the file ``err``, stdout to the file ``out``
    (or to nothing), the environment ``env``, the folder ``cwd``, then the `rigs` command
    as from a terminal (its exit code is the process's)."""
    fd = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(fd, 2)
    null = os.open(out or os.devnull, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(null, 1)
    os.environ.clear()
    os.environ.update(env)
    if cwd is not None:
        os.chdir(cwd)
    sys.argv = ["rigs", *args]
    from rigs_helper.cli import main

    main()


def start(args: list[str], err: str, env: dict[str, str] | None = None,
          out: str | None = None, cwd: str | None = None):
    """A started process running `rigs ARGS` (``multiprocessing.Process``: ``join()``,
    then ``exitcode``), its stderr written to the file ``err`` (and its stdout to ``out``,
    in the folder ``cwd``, when given)."""
    return call(_run, [str(a) for a in args], {**os.environ, **(env or {})}, str(err),
                None if out is None else str(out), None if cwd is None else str(cwd))


def run(args: list, cwd=None, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """`rigs ARGS` in a process of its own (``start``, ``env`` added to the environment,
    in the folder ``cwd``) run to its end: (exit code, stdout, stderr), its output kept
    in two files of a folder of its own meanwhile."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory(prefix="rigs-child-") as folder:
        out, err = Path(folder) / "stdout", Path(folder) / "stderr"
        proc = start(args, err, env, out=out, cwd=cwd)
        proc.join(120)
        assert proc.exitcode is not None, ("still running", args)
        return proc.exitcode, out.read_text(encoding="utf-8"), err.read_text(
            encoding="utf-8")


def call(target, *args):
    """A started process running ``target(*args)`` (a function of a module it can import),
    forked from the same server: its exit code 0 when it returns, 1 when it raises."""
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = multiprocessing.get_context("forkserver")
        from rigs_helper.cli.commands import COMMANDS

        # every command's module imported once by the server (what `rigs NAME` imports
        # at its start: a fifth of a second in each process otherwise)
        _CONTEXT.set_forkserver_preload(["nosync", "rigs_helper.cli", "clichild", *sorted(
            {f"rigs_helper.cli.{m}" for m in COMMANDS.values()})])
    proc = _CONTEXT.Process(target=target, args=args)
    # pytest run as a script (`pytest -n 0`): multiprocessing would have each child run
    # that script again (spawn.prepare, importing pytest: 0.2 s of CPU a process); the
    # child needs none of it (its target is a module's function), so it is not told
    main = sys.modules["__main__"]
    script = getattr(main, "__file__", None) if main.__spec__ is None else None
    if script is not None:
        del main.__file__
    try:
        proc.start()
    finally:
        if script is not None:
            main.__file__ = script
    return proc
