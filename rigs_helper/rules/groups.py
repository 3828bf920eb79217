"""The group a game belongs to (the group's history, docs/history.md): named by the table
(`rigs new --group`, a sheet's ``group =``) or, when none is named, its set of players.
Group names compare as players' names do (no case, no accents).  Pure."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rigs_helper.rules.players import fold


def group_key(name: str) -> str:
    """A group's name as compared: no case, no accents, spaces squeezed."""
    return " ".join(fold(name).split())


def default_group(names: Iterable[str]) -> str:
    """The group of a game that names none: its players, ``Ana, Bo, Cy`` (sorted as names
    compare: the same players in any order or spelling are one group)."""
    return ", ".join(sorted(names, key=lambda n: (fold(n), n)))


def of_group(plays: Sequence[dict[str, Any]], group: str) -> list[dict[str, Any]]:
    """The games of ``group`` among ``plays`` (each a game as the history keeps it)."""
    key = group_key(group)
    return [p for p in plays if group_key(p.get("group") or "") == key]


def of_game(plays: Sequence[dict[str, Any]], game: str) -> list[dict[str, Any]]:
    """The games of ``game`` ("rigs": R.I.G.S., "rig": RIG) among ``plays``: the history
    counts each game apart (a game kept before RIG was known is R.I.G.S.'s)."""
    return [p for p in plays if (p.get("game") or "rigs") == game]
