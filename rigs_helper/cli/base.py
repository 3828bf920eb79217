"""The Typer application, its shared options, and the one place errors become messages."""


import errno
import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from rigs_helper.cli.commands import LazyGroup
from rigs_helper.rules.errors import RigsError

INTERNAL_ERROR = 70


class RigsGroup(LazyGroup):
    """Runs a command; a RigsError becomes ``rigs: <message>`` on stderr and its exit code."""

    def get_command(self, ctx, cmd_name):
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _strict(command)
        return command

    def format_commands(self, ctx, formatter) -> None:
        """`rigs --help` in Click's plain format, the commands in their groups (Start, Each
        phase, ...: cli/helptext.py) rather than one list."""
        from rigs_helper.cli.helptext import GROUPS, rank

        longest = max(map(len, self.list_commands(ctx)), default=0)
        width = formatter.width - 6 - longest
        rows: dict[str, list] = {}
        for name in sorted(self.list_commands(ctx), key=rank):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                title = list(GROUPS)[rank(name)[0]]
                rows.setdefault(title, []).append((name.ljust(longest),  # one column for all
                                                   command.get_short_help_str(width)))
        for title in GROUPS:
            if title in rows:
                with formatter.section(title):
                    formatter.write_dl(rows[title])

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except RigsError as exc:
            # one line per problem (a damaged file or sheet lists all of its problems)
            typer.echo("\n".join(f"rigs: {line}" for line in str(exc).splitlines() or [""]),
                       err=True)
            ctx.exit(exc.exit_code)
        except (typer.Exit, typer.Abort, SystemExit, KeyboardInterrupt):
            raise
        except BrokenPipeError:  # e.g. `rigs log | head`: the reader left; say nothing
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            ctx.exit(0)
        except OSError as exc:
            if exc.filename is None and exc.errno in _OUTPUT_LOST:  # `rigs ... > /dev/full`
                raise  # (rigs_helper.cli.main says so in one line)
            _internal_error(ctx, exc)
        except Exception as exc:  # a bug: say so in one line, never a traceback
            # Usage errors raised while parsing a sub-command are Click's to report.
            if callable(getattr(exc, "show", None)):
                raise
            _internal_error(ctx, exc)


#: what a write to a full disk or a broken device fails with (no file named: a stream)
_OUTPUT_LOST = (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT)


def _internal_error(ctx, exc: Exception) -> None:
    """A bug: one line, never a traceback (RIGS_DEBUG=1 shows it)."""
    if os.environ.get("RIGS_DEBUG"):
        raise exc
    typer.echo(f"rigs: internal error: {type(exc).__name__}: {exc} "
               "(set RIGS_DEBUG=1 to see the traceback)", err=True)
    ctx.exit(INTERNAL_ERROR)


def _strict(command) -> None:
    """Make ``command`` (and a group's sub-commands) parse strictly: :func:`_strict_args`."""
    if getattr(command, "_rigs_strict", False):
        return
    command.parse_args = _strict_args(command, command.parse_args)
    command._rigs_strict = True
    for sub in getattr(command, "commands", {}).values():
        _strict(sub)


def _strict_args(command, parse_args):
    """``command.parse_args`` that first refuses what Click would take silently: a
    single-value option given twice (Click keeps the last), an argument that is not one
    line of printable text (a newline in `--why` would forge a line of `rigs log`), and a
    number that is not ASCII digits (every whole number is read by ``rules.numbers``)."""
    names = {}
    for p in command.params:
        if any(k.__name__ == "IntParamType" for k in type(p.type).__mro__):
            _whole_type(p)
        if p.param_type_name == "option" and not p.multiple and not p.is_flag \
                and not p.count:
            for opt in (*p.opts, *p.secondary_opts):
                names[opt] = p

    from rigs_helper.rules.errors import InputError

    def parse(ctx, args):
        seen: dict[str, str] = {}
        takes_value = False
        for a in args:
            if not a.isprintable():
                raise InputError(f"{a!r}: each argument is one line of printable text")
            if takes_value:
                takes_value = False
                continue
            if a == "--":
                break
            opt = a.split("=", 1)[0] if a.startswith("--") else a[:2]
            p = names.get(opt)
            if p is None:
                continue
            takes_value = a == opt
            if p.name in seen:
                raise InputError(f"{opt} is given twice ({seen[p.name]!r} and {a!r}): give "
                                 "it once")
            seen[p.name] = a
        return parse_args(ctx, args)

    return parse


def _whole_type(param) -> None:
    """Click's integers read with ``int()``, which takes ``٣``, ``１``, ``1_0`` and ``+3``:
    the parameter's type first checks the text with ``rules.numbers.whole``."""
    kind = type(param.type)
    if getattr(kind, "_rigs_whole", False):
        return

    def convert(self, value, p, ctx):
        from rigs_helper.rules.numbers import whole

        if isinstance(value, str):
            n = whole(value)
            if n is None:
                digits = value[1:] if value.startswith("-") else value
                self.fail(f"{value!r} is too large" if digits.isascii() and digits.isdigit()
                          else f"{value!r} is not a whole number (digits 0-9, an optional "
                          "minus sign)", p, ctx)
            value = n
        return kind.convert(self, value, p, ctx)

    param.type.__class__ = type(f"Whole{kind.__name__}", (kind,),
                                {"convert": convert, "_rigs_whole": True})


app = typer.Typer(
    cls=RigsGroup,
    name="rigs",
    help="Companion and scorer for the board game R.I.G.S.: keeps the books of a game "
    "(rounds, phases, decks, production, Vinnie) and scores the end game.",
    no_args_is_help=True,
    # the list of commands in Click's plain format: Rich's help panels for the whole app
    # cost more than any command (2.5x the import floor, 1.4x plain); a command's own
    # --help keeps Rich
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        from rigs_helper import __version__

        print(f"rigs-helper {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option(
        "--version", help="Show the version and exit.", callback=_version,
        is_eager=True)] = False,
) -> None:
    """Companion and scorer for the board game R.I.G.S.: keeps the books of a game (rounds,
    phases, decks, production, Vinnie) and scores the end game.

    Exit codes: 0 done; 1 bad input or a move the rules forbid (nothing changed); 2 usage;
    3 a choice is still open (the message names the command that settles it); 75 the game
    file is busy (another command is writing it; nothing changed, try again).
    """


def complete_path(incomplete: str) -> list[str]:
    """The files and directories (with a "/") whose path starts with ``incomplete``; hidden
    ones only when ``incomplete`` names a hidden one."""
    head, base = os.path.split(incomplete)
    try:
        names = sorted(os.listdir(head or "."))
    except OSError:
        return []
    out = []
    for name in names:
        if name.startswith(base) and (base.startswith(".") or not name.startswith(".")):
            path = os.path.join(head, name)
            out.append(path + "/" if os.path.isdir(path) else path)
    return out


GameOpt = Annotated[
    Path | None,
    typer.Option("--game", "-g", help="The game file (default: $RIGS_GAME, else ./rigs.toml).",
                 show_default=False, autocompletion=complete_path),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")]
#: the words of `--roll` (a generated command's too: cli/shell.py)
ROLL_SAID = {"metavar": "N", "show_default": False,
             "help": "The table's die roll (1-6), repeatable, in the order the step rolls; "
                     "NAME=N for one player's roll in a roll-off. Without it rigs rolls "
                     "and says so."}
RollOpt = Annotated[list[str] | None, typer.Option("--roll", **ROLL_SAID)]


def game_path(game: Path | None) -> Path:
    """--game, else $RIGS_GAME, else ./rigs.toml."""
    if game is not None:
        return game
    env = os.environ.get("RIGS_GAME")
    return Path(env) if env else Path("rigs.toml")


# ---------------------------------------------------------------------------- completion
# Shell completion (`rigs --install-completion`): these run only when the shell asks for
# candidates, never when a command runs.


def typed_words() -> list[str]:
    """The words on the line being completed (bash: COMP_WORDS; zsh, fish, PowerShell:
    _TYPER_COMPLETE_ARGS)."""
    import shlex

    line = os.environ.get("COMP_WORDS") or os.environ.get("_TYPER_COMPLETE_ARGS") or ""
    try:
        return shlex.split(line)
    except ValueError:
        return line.split()


def completion_path() -> Path:
    """The game file named on the line being completed (else $RIGS_GAME, ./rigs.toml)."""
    words = typed_words()
    named = None
    for i, w in enumerate(words):
        if w in ("--game", "-g") and i + 1 < len(words):
            named = words[i + 1]
        elif w.startswith("--game="):
            named = w.split("=", 1)[1]
    return game_path(Path(named) if named else None)


def print_json(obj: object) -> None:
    import json

    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def unused(*options: tuple[str, object], why: str) -> None:
    """Refuse options given where the command does not use them (never ignore input)."""
    for name, value in options:
        if value not in (None, False, [], ()):
            from rigs_helper.rules.errors import InputError

            raise InputError(f"{name} is not used {why}; leave it out")
