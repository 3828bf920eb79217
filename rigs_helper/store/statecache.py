"""The loaded state of a game file, kept so the next command need not parse and check it
again: like Python's ``.pyc`` files, what can be made again from the file, keyed by a
checksum of the text it was made from.

After a save (the state checked by loading it back) or a full load, the game's records
are kept as plain data (:func:`rigs_helper.rules.records.to_data`), compressed so that a
glance at the file shows no card of a hand or a pile (as the game file encodes them), in
one cache file per game file (:mod:`rigs_helper.store.cachefiles`).  A later load whose
state text has the same checksums (CRC-32, Adler-32 and length), made with the same version
and tables, takes the state from there.  Any other text, a hand edit included, is parsed
and checked in full.  A cache that cannot be read or written, or whose own checksum fails,
is simply not used; $RIGS_NO_CACHE turns it off.
"""

from __future__ import annotations

import marshal
import zlib
from pathlib import Path

from rigs_helper.rules.records import from_data, to_data
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables
from rigs_helper.store import cachefiles

FORMAT = 1


class StateCache:
    """The cache of one game file's loaded state (see the module's text)."""

    __slots__ = ("file", "stamp")

    def __init__(self, file: Path, stamp: str) -> None:
        self.file, self.stamp = file, stamp

    @classmethod
    def of(cls, path: Path, tables: Tables) -> StateCache | None:
        """The cache for ``path``; None when caching is off, or for tables other than the
        shipped ones (a test's own tables)."""
        from rigs_helper.store.tablefiles import load_tables, shipped_tables_key

        file = cachefiles.game_cache("state", path)
        if file is None or tables is not load_tables():
            return None
        from rigs_helper import __version__

        return cls(file, f"{FORMAT} {__version__} {shipped_tables_key()}")

    def get(self, state_text: str) -> Game | None:
        """The state kept for exactly this text, or None."""
        body = cachefiles.read(self.file)
        if body is None:
            return None
        try:
            stamp, key, data = marshal.loads(zlib.decompress(body))
            if stamp != self.stamp or key != cachefiles.text_key(state_text):
                return None
            game = from_data(data)
        except (ValueError, TypeError, KeyError, EOFError, IndexError, AttributeError,
                zlib.error):
            return None
        return game if type(game) is Game else None

    def put(self, state_text: str, game: Game) -> None:
        """Keep ``game`` as the state of this text (the caller loaded and checked it)."""
        try:
            # compressed: the hands and draw piles are not readable at a glance (as the
            # game file encodes them)
            body = zlib.compress(marshal.dumps(
                (self.stamp, cachefiles.text_key(state_text), to_data(game))), 1)
        except (ValueError, TypeError):
            return
        cachefiles.write(self.file, body)
