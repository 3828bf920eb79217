"""The group's past play for the forecast: the play style that fitted each player in each
game the history keeps (``results.style``, kept by `rigs score`), read for a game in
progress in one query, and only when the forecast looks (:class:`PastStyles`: the
``past`` of :func:`rigs_helper.forecast.standings.compute`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.groups import default_group, group_key
from rigs_helper.store.historydb import LIVE, reading


def past_styles(group: str, game: str = "rigs", skip: str | None = None,
                path: Path | None = None) -> dict[str, list[str]]:
    """The play style that fitted each player in each of ``group``'s games of ``game``
    kept (newest first; the game ``skip``, an identity, left out): {fold(name): [style,
    ...]}, in one query; {} when there is no history."""
    from rigs_helper.rules.players import fold

    key = group_key(group)
    out: dict[str, list[str]] = {}
    with reading(path) as conn:
        if conn is None:
            return out
        rows = conn.execute(
            "SELECT g.grp, g.identity, r.name, r.style FROM games g JOIN results r ON "
            f"r.game = g.id WHERE {LIVE} AND g.game = ? AND r.style IS NOT NULL "
            "ORDER BY g.played DESC, g.id DESC", (game,)).fetchall()
    for grp, identity, name, style in rows:
        if identity != skip and group_key(grp) == key:
            out.setdefault(fold(name), []).append(style)
    return out


class PastStyles(Mapping[str, Sequence[str]]):
    """The forecast's ``past`` for a game of R.I.G.S. (``game``, the rules' state): per
    player name, the play styles that fitted them in their group's games kept (the game
    itself left out), read on the first look, in one query (:func:`past_styles`): a
    forecast that simulates nothing never opens the history.  A history that cannot be
    read is an empty past (every style alike)."""

    def __init__(self, game: Any, path: Path | None = None) -> None:
        self.names = [p.name for p in game.players]
        self.group = game.group or default_group(self.names)
        commitment = getattr(game, "commitment", "")
        self.skip = f"game:{commitment}:" + "|".join(self.names) if commitment else None
        self.path = path
        self._found: dict[str, list[str]] | None = None

    def _styles(self) -> dict[str, list[str]]:
        if self._found is None:
            from rigs_helper.rules.players import fold

            try:
                every = past_styles(self.group, "rigs", self.skip, self.path)
            except InputError:
                every = {}
            self._found = {n: every[fold(n)] for n in self.names if fold(n) in every}
        return self._found

    def __getitem__(self, name: str) -> Sequence[str]:
        return self._styles()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._styles())

    def __len__(self) -> int:
        return len(self._styles())
