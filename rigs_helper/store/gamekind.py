"""Which game a file holds: its top-level ``game =`` key (a file without it is R.I.G.S.).
Read on the path of every shared command (status, log, undo, serve), so it imports next
to nothing and reads only the lines before the file's first table."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rigs_helper.rules.errors import InputError


def kind(path: Path) -> str:
    """The game a file holds: its top-level ``game =`` key, else "rigs" (read from the
    lines before the first table; a missing file is R.I.G.S.'s to report)."""
    try:
        with open(path, encoding="utf-8") as fh:
            return kind_of_text(fh)
    except (OSError, UnicodeDecodeError):
        return "rigs"


def kind_of_text(lines: Iterable[str]) -> str:
    for line in lines:
        s = line.strip()
        if s.startswith("["):
            break
        if s.startswith("game") and "=" in s:
            key, _, value = s.partition("=")
            if key.strip() == "game":
                return value.split("#")[0].strip().strip("\"'")
    return "rigs"


def not_this_game(path: Path, text: str) -> InputError | None:
    """When a R.I.G.S. command finds another game's file: the one line that says so."""
    name = kind_of_text(text.splitlines())
    if name == "rigs":
        return None
    from rigs_helper.games import NAMES

    if name not in NAMES:
        return InputError(f"{path}: game = {name!r} is not a game rigs knows "
                          f"({', '.join(NAMES)})")
    return InputError(f"{path}: a game of {name.upper()}, not R.I.G.S.: this command is "
                      f"R.I.G.S.'s (see `rigs {name} --help`)")
