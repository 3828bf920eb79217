"""The `rigs` command line: parses arguments, calls one core function, renders.

Command modules register on the Typer app in :mod:`rigs_helper.cli.base`.  Start-up only
imports the module of the command being run (building every command's parameters costs
more than running most commands); help and unknown names load them all.
"""

from __future__ import annotations

import importlib
import os
import sys

# command name -> module under rigs_helper.cli that defines it
COMMANDS = {
    "score": "score", "card": "cards", "cards": "cards",
    "new": "game", "status": "status", "hand": "status", "serve": "serve", "next": "next",
    "grant": "game", "lose": "game", "undo": "game", "log": "game", "doctor": "game",
    "restore": "game",
    "karma": "karma", "vinnie": "vinnie",
    "build": "actions", "move": "actions", "survey": "actions", "sell": "actions",
    "give": "actions", "adjust": "actions", "settle": "actions", "produce": "actions",
    "standings": "forecast", "odds": "forecast", "chart": "forecast", "report": "forecast",
    "check": "books", "verify": "decks", "inventory": "decks", "done": "turns",
    "deal": "waits", "answer": "waits", "disaster": "waits",
}


# the order `rigs --help` lists them in
ORDER = ("game", "status", "next", "turns", "actions", "waits", "vinnie", "karma", "books",
         "decks", "score", "forecast", "cards", "serve")


def load(modules) -> object:
    from rigs_helper.cli.base import app

    wanted = set(modules)
    for m in ORDER:
        if m in wanted:
            importlib.import_module(f"rigs_helper.cli.{m}")
    if "--help" in sys.argv or "-h" in sys.argv or _command(sys.argv[1:]) not in COMMANDS:
        _unwrap_help(app)
    return app


def _unwrap(doc: str) -> str:
    """A docstring's paragraphs each on one line (Rich would otherwise keep the source's
    line breaks and cut sentences in the middle); list items keep their own lines."""
    import inspect

    out = []
    for para in inspect.cleandoc(doc).split("\n\n"):
        lines = [x.strip() for x in para.splitlines()]
        joined = lines[:1]
        for line in lines[1:]:
            if line.startswith(("- ", "* ", "`rigs")):
                joined.append("\n" + line)
            else:
                joined.append(" " + line)
        out.append("".join(joined))
    return "\n\n".join(out)


def _unwrap_help(app) -> None:
    """Every command's help as whole paragraphs (only built when help may be shown)."""
    stack = [app]
    while stack:
        typer_app = stack.pop()
        for info in typer_app.registered_commands:
            doc = info.help or (info.callback.__doc__ if info.callback else None)
            if doc:
                info.help = _unwrap(doc)
                # the list of commands shows the whole first paragraph, wrapped between
                # words (Click would cut it at 45 characters)
                info.short_help = info.short_help or info.help.split("\n\n")[0]
        for group in typer_app.registered_groups:
            if group.typer_instance is not None:
                stack.append(group.typer_instance)


def _only(app, name: str) -> None:
    """Keep only command ``name`` on ``app``: Typer builds every registered command's
    parameters before parsing, and a module registers several (`actions` eight)."""

    from typer.main import get_command_name

    def called(info) -> str | None:
        if info.name:
            return info.name
        callback = getattr(info, "callback", None)
        return get_command_name(callback.__name__) if callback else None

    app.registered_commands = [c for c in app.registered_commands if called(c) == name]
    app.registered_groups = [
        g for g in app.registered_groups
        if (g.name or getattr(g.typer_instance.info, "name", None)) == name]


def get_app():
    """The app with every command registered (for help, tests and docs)."""
    return load(COMMANDS.values())


def _command(argv: list[str]) -> str | None:
    for a in argv:
        if not a.startswith("-"):
            return a
    return None


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
    except BrokenPipeError:  # the reader left while rigs wrote (`rigs --help | head`)
        code = 1
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
        sys.stderr.write(f"rigs: cannot write the output: {why}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        _discard(sys.stderr)
    return code or 1


def _main() -> None:
    bad = _undecodable(sys.argv[1:])
    if bad is not None:
        sys.stderr.write(f"rigs: the argument {bad} is not valid UTF-8 text\n")
        sys.exit(2)
    name = _command(sys.argv[1:])
    app = load([COMMANDS[name]] if name in COMMANDS else COMMANDS.values())
    completing = os.environ.get("_RIGS_COMPLETE")
    if name in COMMANDS and not completing and not {"-h", "--help"} & set(sys.argv[1:]):
        _only(app, name)  # (help may list the other commands: `rigs -h next`)
    if completing == "complete_bash":  # bash asks for candidates
        from rigs_helper.cli.completion import complete_bash

        sys.stdout.write(complete_bash(app) + "\n")
        sys.exit(0)
    if name not in COMMANDS:
        from rigs_helper.cli.completion import install_script

        install_script()
        # `rigs --install-completion`, `rigs --help`, the shell asking for completions:
        # only then the completion options (Typer detects the shell to build them, which
        # would slow every command down).
        app._add_completion = True
        # the list of commands in Click's plain format: Rich's help panels for the whole
        # app cost more than any command (2.5x the import floor, 1.4x plain); a command's
        # own --help keeps Rich
        app.rich_markup_mode = None
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
    if name == "app":
        return get_app()
    raise AttributeError(name)
