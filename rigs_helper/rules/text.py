"""How a suggested command is written so that it can be copied and run.  No I/O.

Every command the tool suggests (terminal, errors, board, report) writes each value the
table typed (a player's name, a card's title) through :func:`shell_word`: a name with a space
or a quote is quoted the way a POSIX shell reads it back (``shlex.quote``); a plain name,
accents included ("Zoë"), stays as it is.
"""

from __future__ import annotations

import re
import shlex

# what a shell never treats specially: letters and digits of any script, and these marks
_PLAIN = re.compile(r"[\w@%+=:,./-]+")


def shell_word(text: object) -> str:
    """``text`` as one shell word: ``"Ana"`` -> ``Ana``; ``"Maximiliano de la Cruz"`` ->
    ``'Maximiliano de la Cruz'``; ``"Ain't Working for You"`` in double quotes."""
    s = str(text)
    if _PLAIN.fullmatch(s):
        return s
    if "'" in s and not any(c in s for c in '"$`\\!'):
        return f'"{s}"'  # "Ain't Working for You" reads better than '\''-splicing
    return shlex.quote(s)


def command(*words: object) -> str:
    """``command("hand", "Zoë")`` -> ``"rigs hand Zoë"``; every word through shell_word."""
    return " ".join(["rigs", *(shell_word(w) for w in words)])


__all__ = ["command", "shell_word"]
