"""Cards recorded into a hand without showing them: a title given as ``-`` is asked with a
hidden prompt (like a password) at a terminal, or read as one line from standard input when
there is none.  The title is never echoed."""

from __future__ import annotations

import sys

ASK = "-"  # the value that asks instead of taking the title on the command line
HELP = " Give - to type it at a hidden prompt (not shown; one line of stdin without a " \
    "terminal)."


def ask(what: str) -> str:
    """The title typed for ``what``, unseen."""
    import typer

    from rigs_helper.rules.errors import InputError

    if sys.stdin is not None and sys.stdin.isatty():
        text = typer.prompt(f"{what} (not shown)", hide_input=True, err=True,
                            show_default=False)
    else:
        text = typer.get_text_stream("stdin").readline()
    text = text.strip()
    if not text:
        raise InputError(f"{what}: no title given (typed at the hidden prompt, or one line "
                         "on stdin)")
    return text


def title(value: str | None, what: str) -> str | None:
    """``value``, or the title asked for when it is ``-``."""
    return ask(what) if value is not None and value.strip() == ASK else value


def titles(values: list[str] | None, what: str) -> list[str]:
    """Each value, ``-`` asked for in turn."""
    return [title(v, f"{what} {i + 1}" if len(values or ()) > 1 else what) or ""
            for i, v in enumerate(values or ())]


def named(values: list[str] | None, what: str) -> list[str]:
    """``PLAYER=-`` items asked for: ``PLAYER=TITLE``."""
    out = []
    for v in values or ():
        who, sep, t = v.partition("=")
        out.append(f"{who}={ask(f'{who.strip()}: {what}')}" if sep and t.strip() == ASK
                   else v)
    return out
