"""The Typer application, its shared options, and the one place errors become messages."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer
from typer.core import TyperGroup

from rigs_helper.rules.errors import RigsError

INTERNAL_ERROR = 70


class RigsGroup(TyperGroup):
    """Runs a command; a RigsError becomes ``rigs: <message>`` on stderr and its exit code."""

    def invoke(self, ctx):  # type: ignore[override]
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
            ctx.exit(1)
        except Exception as exc:  # a bug: say so in one line, never a traceback
            # Usage errors raised while parsing a sub-command are Click's to report.
            if callable(getattr(exc, "show", None)) or os.environ.get("RIGS_DEBUG"):
                raise
            typer.echo(f"rigs: internal error: {type(exc).__name__}: {exc} "
                       "(set RIGS_DEBUG=1 to see the traceback)", err=True)
            ctx.exit(INTERNAL_ERROR)


app = typer.Typer(
    cls=RigsGroup,
    name="rigs",
    help="Companion and scorer for the board game R.I.G.S.: keeps the books of a game "
    "(rounds, phases, decks, production, Vinnie) and scores the end game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)



RollOpt = Annotated[list[str] | None, typer.Option(
    "--roll", help="A die the table rolled: N, or PLAYER=N (repeatable).")]


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


GameOpt = Annotated[
    Path | None,
    typer.Option("--game", "-g", help="The game file (default: $RIGS_GAME, else ./rigs.toml).",
                 show_default=False),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")]
RollOpt = Annotated[
    list[str] | None,
    typer.Option("--roll", metavar="N", show_default=False,
                 help="The table's die roll (1-6), repeatable, in the order the step rolls; "
                      "NAME=N for one player's roll in a roll-off. Without it rigs rolls "
                      "and says so."),
]


def game_path(game: Path | None) -> Path:
    """--game, else $RIGS_GAME, else ./rigs.toml."""
    if game is not None:
        return game
    env = os.environ.get("RIGS_GAME")
    return Path(env) if env else Path("rigs.toml")


def print_json(obj: object) -> None:
    import json

    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def act(game: Path | None, op, json: bool = False) -> None:
    """Run one operation on the game file and print what happened."""
    from rigs_helper.store import session

    outcome = session.run(game_path(game), op, annotate=log_fields)
    # private lines stay off the shared screen: only who has news is said
    eyes = list(dict.fromkeys(who for who, _ in outcome.private))
    if json:
        print_json({"action": op.describe(), "messages": list(outcome.messages),
                    **outcome.data, **({"private_for": eyes} if eyes else {})})
    else:
        for line in outcome.messages:
            print(line)
        for who in eyes:
            print(f"(news for {who}'s eyes only: `rigs hand {who}`)")


def log_fields(before, after, tables) -> dict:
    """What the CLI adds to each log entry: each player's expected net worth when the phase
    changes (forecast/; the store does not import it)."""
    from rigs_helper.forecast.history import log_fields as fields

    return fields(before, after, tables)


def unused(*options: tuple[str, object], why: str) -> None:
    """Refuse options given where the command does not use them (never ignore input)."""
    for name, value in options:
        if value not in (None, False, [], ()):
            from rigs_helper.rules.errors import InputError

            raise InputError(f"{name} is not used {why}; leave it out")
