"""Bash completion that can be used as typed: a name or title with a space or a quote is
inserted quoted ('Maximiliano de la Cruz', "Ain't Working for You"), and a word that names
no file is never completed with file names (only PATH arguments and options list files).

Typer's bash script reads one candidate per line and inserts it as it is, and falls back to
the shell's file names when there is none (``-o default``): rigs answers the bash protocol
itself (``_RIGS_COMPLETE=complete_bash``) and installs its script without that fallback;
PATH arguments and --game list files themselves (``base.complete_path``).
zsh and fish quote what they insert themselves.
"""

from __future__ import annotations

from typer._completion_classes import BashComplete

from rigs_helper.rules.text import shell_word


class RigsBash(BashComplete):
    def format_completion(self, item) -> str:
        return shell_word(item.value)

    def get_completions(self, args: list[str], incomplete: str) -> list:
        """Typer keeps the candidates that start with the typed word exactly; without
        one, those it starts without case or accents ("zo" -> Zoë, "maxi")."""
        found = super().get_completions(args, incomplete)
        if found or not incomplete or incomplete.startswith("-"):
            return found
        from rigs_helper.rules.players import fold

        want = fold(incomplete)
        return [c for c in super().get_completions(list(args), "")
                if fold(c.value).startswith(want)]


def bash_script() -> str:
    """Typer's bash completion script without the fallback to file names."""
    from typer._completion_shared import COMPLETION_SCRIPT_BASH

    return COMPLETION_SCRIPT_BASH.replace("complete -o default -F", "complete -F")


def install_script() -> None:
    """`rigs --install-completion` / `--show-completion` for bash write rigs' script."""
    from typer import _completion_shared

    _completion_shared._completion_scripts["bash"] = bash_script()


def complete_bash(app) -> str:
    """The candidates for the bash line in $COMP_WORDS / $COMP_CWORD, one per line."""
    import typer

    return RigsBash(typer.main.get_command(app), {}, "rigs", "_RIGS_COMPLETE").complete()
