"""Each game's pages on `rigs serve`, by the game file's ``game =`` key: the one place that
names them, as ``games/__init__.py`` names the games (each imported when asked for).  A
game's site says its players (the private links' names) and makes its server."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rigs_helper.web.server import TableServer


class Site(Protocol):
    def players(self) -> list[str]: ...

    def server(self, tokens: dict[str, str], host: str, port: int,
               link: str | None = None) -> TableServer: ...


def site(path: Path) -> Site:
    """The pages of the game in the file at ``path`` (R.I.G.S.'s when the file has no
    ``game =`` key or is missing: its loading says so)."""
    from rigs_helper.store.gamekind import kind

    if kind(path) == "rigs":
        from rigs_helper.web.rigsserver import RigsSite

        return RigsSite(path)
    from rigs_helper.web.rigpages import RigSite  # (a file of any other game: loading it

    return RigSite(path)  # names the game the registration does not know)
