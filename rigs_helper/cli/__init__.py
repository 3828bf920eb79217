"""The `rigs` command line: parses arguments, calls one core function, renders.

The Typer app is :data:`rigs_helper.cli.base.app`; each command module has its own, and
the app loads a command's module only when that command is asked for
(:mod:`rigs_helper.cli.commands`).
"""

from __future__ import annotations

import os
import sys


def _undecodable(argv: list[str]) -> str | None:
    """The first argument that is not valid text (bytes the locale cannot decode)."""
    for a in argv:
        try:
            a.encode("utf-8")
        except UnicodeEncodeError:
            return repr(a.encode("utf-8", "surrogateescape"))[1:]
    return None


def main() -> None:
    """The `rigs` command.  Output still buffered when the command ends is written out
    here: a reader that left the pipe (`rigs log | head`) is not an error, output that
    cannot be written otherwise (a full disk) is one line and exit 1."""
    for name in ("stdout", "stderr"):  # started with it closed (`rigs next 2>&-`)
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    code: int | str | None
    try:
        _main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, (int, str)) else None
        if type(sys.stdout).__name__ == "PacifyFlushWrapper":  # Click met a closed pipe
            code = 0  # (the help written to `rigs --help | head -1`): no error either
    except BrokenPipeError:  # the reader left while rigs wrote (`rigs log | head -1`):
        _discard(sys.stdout)  # it read what it wanted; no error
        code = 0
    except OSError as exc:  # output that could not be written (`rigs > /dev/full`)
        if os.environ.get("RIGS_DEBUG"):
            raise
        code = _cannot_write(exc, 1)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _discard(sys.stdout)
    except (OSError, ValueError) as exc:
        code = _cannot_write(exc, code)
    sys.exit(code)


def _discard(stream) -> None:
    """What is left to write to ``stream`` goes nowhere (Python would try again at exit
    and print a traceback that nobody asked for)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError):
        pass


def _cannot_write(exc: BaseException, code: int | str | None) -> int | str:
    """Say that the output was lost (one line on stderr); the exit code: ``code``, or 1
    when it was a success."""
    _discard(sys.stdout)
    why = getattr(exc, "strerror", None) or str(exc)
    try:
        sys.stderr.write(f"rigs: the standard output cannot be written: {why}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        _discard(sys.stderr)
    return code or 1


def game_first(argv: list[str]) -> list[str]:
    """``argv`` with a game file given before the command (`rigs -g FILE status`) moved
    after it, where the command's own ``-g/--game`` reads it (before a ``--`` that ends
    the options)."""
    if not argv:
        return argv
    head = argv[0]
    if head in ("-g", "--game") and len(argv) > 2:
        given, rest = argv[:2], argv[2:]
    elif head.startswith("--game=") or (head.startswith("-g") and len(head) > 2
                                        and not head.startswith("--")):
        given, rest = argv[:1], argv[1:]
    else:
        return argv
    if not rest or rest[0].startswith("-"):
        return argv  # (no command after it: the usage error says what is missing)
    at = rest.index("--") if "--" in rest else len(rest)
    return rest[:at] + given + rest[at:]


def _main() -> None:
    bad = _undecodable(sys.argv[1:])
    if bad is not None:
        sys.stderr.write(f"rigs: the argument {bad} is not valid UTF-8 text\n")
        sys.exit(2)
    sys.argv[1:] = game_first(sys.argv[1:])
    from rigs_helper.cli.base import app

    if os.environ.get("_RIGS_COMPLETE") == "complete_bash":  # bash asks for candidates
        from rigs_helper.cli.completion import complete_bash

        sys.stdout.write(complete_bash(app) + "\n")
        sys.exit(0)
    if {"--install-completion", "--show-completion"} & set(sys.argv[1:]):
        from rigs_helper.cli.completion import install_script

        install_script()
    try:
        rv = app(standalone_mode=False)
    except Exception as exc:
        # A usage error (missing argument, unknown option, a bad number): one line, like
        # every other error, instead of Click's boxed usage text.
        message = getattr(exc, "format_message", None)
        if message is None:
            if type(exc).__name__ == "Abort":
                sys.stderr.write("rigs: aborted\n")
                sys.exit(1)
            raise  # (an OSError: output that could not be written; main says so)
        if type(exc).__name__ == "NoArgsIsHelpError":  # `rigs` (or `rigs karma`) alone
            sys.stdout.write(message().rstrip("\n") + "\n")  # the help, as --help gives it
            sys.exit(0)
        if not message().strip():  # help was shown
            sys.exit(getattr(exc, "exit_code", 2))
        ctx = getattr(exc, "ctx", None)
        hint = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
        sys.stderr.write(f"rigs: {message()}{hint}\n")
        sys.exit(getattr(exc, "exit_code", 2))
    sys.exit(rv if isinstance(rv, int) else 0)


def __getattr__(name: str):
    if name == "app":  # (imported when asked for: `rigs_helper.cli.render` needs no Typer)
        from rigs_helper.cli.base import app

        return app
    raise AttributeError(name)
