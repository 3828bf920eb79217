"""`rigs ARGS` in a process of its own, forked from a server that imported the CLI once
(not a test module): for tests about several processes at once (the lock), without each
process paying Python's and the CLI's start-up (tests/test_nothing_lost.py)."""

from __future__ import annotations

import multiprocessing
import os
import sys

_CONTEXT = None


def _run(args: list[str], env: dict[str, str], err: str) -> None:
    """In the forked process: its stderr to the file ``err``, stdout to nothing, the
    environment ``env``, then the `rigs` command as from a terminal (its exit code is the
    process's)."""
    fd = os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(fd, 2)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.environ.clear()
    os.environ.update(env)
    sys.argv = ["rigs", *args]
    from rigs_helper.cli import main

    main()


def start(args: list[str], err: str, env: dict[str, str] | None = None):
    """A started process running `rigs ARGS` (``multiprocessing.Process``: ``join()``,
    then ``exitcode``), its stderr written to the file ``err``."""
    return call(_run, [str(a) for a in args], {**os.environ, **(env or {})}, str(err))


def call(target, *args):
    """A started process running ``target(*args)`` (a function of a module it can import),
    forked from the same server: its exit code 0 when it returns, 1 when it raises."""
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = multiprocessing.get_context("forkserver")
        _CONTEXT.set_forkserver_preload(["rigs_helper.cli", "clichild"])
    proc = _CONTEXT.Process(target=target, args=args)
    proc.start()
    return proc
