"""Which module defines each `rigs` command, and the group that loads a command only when
it is asked for: Click's documented lazy group ("Lazily Loading Subcommands" in Click's
documentation), through Typer's public API.

Each command module has its own ``app = typer.Typer()`` with its commands on it.  Loading
one command imports its module and builds that module's commands with
``typer.main.get_command``; the help, which lists them all, loads every module.  (Building
every command's parameters costs more than running most commands: `rigs status` with every
module loaded, 1.43x the import floor; loaded lazily, 1.08x.)
"""

from __future__ import annotations

import importlib
import inspect
from typing import TYPE_CHECKING

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:  # the Click that Typer carries (for the type checker only)
    from typer._click import Command, Context

# command name -> module under rigs_helper.cli that defines it (`rigs --help` lists them in
# groups: cli/helptext.py)
COMMANDS = {
    "new": "game", "grant": "game", "lose": "game", "undo": "game", "log": "game",
    "doctor": "game", "restore": "game", "status": "status", "hand": "status",
    "next": "next", "done": "turns",
    "build": "actions", "move": "actions", "survey": "actions", "sell": "actions",
    "give": "actions", "adjust": "actions", "settle": "actions", "produce": "actions",
    "answer": "waits", "roll": "waits", "check": "books", "inventory": "decks", "verify": "decks",
    "score": "score", "history": "history", "standings": "forecast", "odds": "forecast",
    "chart": "forecast", "report": "forecast", "card": "cards", "cards": "cards", "serve": "serve",
    "deal": "waits", "disaster": "waits", "vinnie": "vinnie", "karma": "karma",
    "rig": "rig",
}

#: module -> its commands as Click builds them (built once per process)
_BUILT: dict[str, dict[str, Command]] = {}


def unwrap(doc: str) -> str:
    """A docstring's paragraphs each on one line (Rich would otherwise keep the source's
    line breaks and cut sentences in the middle); list items keep their own lines."""
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


def _whole_paragraphs(command: Command, path: str) -> None:
    """``command``'s help (and its sub-commands') as whole paragraphs, ending with the
    examples of ``path`` (``"karma play"``: cli/helptext.py); the list of commands shows
    the whole first paragraph, wrapped between words (Click would cut it at 45
    characters)."""
    from rigs_helper.cli.helptext import decorate

    if command.help:
        command.help = unwrap(command.help)
        command.short_help = command.short_help or command.help.split("\n\n")[0]
    decorate(command, path)
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            _whole_paragraphs(sub, f"{path} {name}")


def build(module: str) -> dict[str, Command]:
    """The commands of ``rigs_helper.cli.MODULE``, by name, built anew (docs/make_reference.py
    changes its copies)."""
    app = importlib.import_module(f"rigs_helper.cli.{module}").app
    command = typer.main.get_command(app)
    built = (dict(command.commands) if isinstance(command, TyperGroup)
             else {command.name or "": command})
    for name, sub in built.items():
        _whole_paragraphs(sub, name)
    return built


def module_commands(module: str) -> dict[str, Command]:
    """The commands of ``rigs_helper.cli.MODULE``, by name (built once per process)."""
    built = _BUILT.get(module)
    if built is None:
        built = _BUILT[module] = build(module)
    return built


class LazyGroup(TyperGroup):
    """A group whose commands are loaded by name (:data:`COMMANDS`) when asked for."""

    def list_commands(self, ctx: Context) -> list[str]:
        return [*super().list_commands(ctx), *COMMANDS]

    def resolve_command(self, ctx: Context, args: list[str]
                        ) -> tuple[str | None, Command | None, list[str]]:
        """The command ``args`` names; a name that is none: "No such command", with the
        nearest command's name when one is near (`rigs stauts`: did you mean 'status'?)."""
        try:
            return self._click_resolve_command(ctx, args)
        except Exception as exc:
            message = getattr(exc, "message", None)
            if isinstance(message, str) and args and message.startswith("No such command"):
                from difflib import get_close_matches

                near = get_close_matches(args[0].lower(), self.list_commands(ctx), n=1,
                                         cutoff=0.5)
                if near:
                    setattr(exc, "message",  # noqa: B010 (Click's UsageError's text)
                            f"{message.rstrip('.')}. Did you mean {near[0]!r}?")
            raise

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None:
            return super().get_command(ctx, cmd_name)
        return module_commands(module).get(cmd_name)
