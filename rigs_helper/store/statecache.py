"""The loaded state of a game file, kept so the next command need not parse and check it
again: like Python's ``.pyc`` files, what can be made again from the file, keyed by a
checksum of the text it was made from.

After a save (the state checked by loading it back) or a full load, the game's records
are kept as plain data (:func:`rigs_helper.rules.records.to_data`), compressed so that a
glance at the file shows no card of a hand or a pile (as the game file encodes them), in
one cache file per game file.  A later load whose state text has the same checksums (CRC-32, Adler-32 and
length), made with the same version and tables, takes the state from there.  Any other
text, a hand edit included, is parsed and checked in full.  A cache that cannot be read or
written, or whose own checksum fails, is simply not used; $RIGS_NO_CACHE turns it off.
"""

from __future__ import annotations

import marshal
import zlib
from pathlib import Path

from rigs_helper.rules.records import from_data, to_data
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables

FORMAT = 1


def _text_key(state_text: str) -> str:
    raw = state_text.encode("utf-8")
    return f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}{len(raw):x}"


class StateCache:
    """The cache of one game file's loaded state (see the module's text)."""

    __slots__ = ("file", "stamp")

    def __init__(self, file: Path, stamp: str) -> None:
        self.file, self.stamp = file, stamp

    @classmethod
    def of(cls, path: Path, tables: Tables) -> StateCache | None:
        """The cache for ``path``; None when caching is off, or for tables other than the
        shipped ones (a test's own tables)."""
        from rigs_helper.store.tablefiles import cache_dir, load_tables, shipped_tables_key

        folder = cache_dir()
        if folder is None or tables is not load_tables():
            return None
        from rigs_helper import __version__

        where = str(path.absolute()).encode("utf-8", "surrogateescape")
        name = f"state-{zlib.crc32(where):08x}{zlib.adler32(where):08x}.marshal"
        return cls(folder / name, f"{FORMAT} {__version__} {shipped_tables_key()}")

    def get(self, state_text: str) -> Game | None:
        """The state kept for exactly this text, or None."""
        try:
            blob = self.file.read_bytes()
        except OSError:
            return None
        if blob[:4] != zlib.crc32(blob[4:]).to_bytes(4, "big"):
            return None
        try:
            stamp, key, data = marshal.loads(zlib.decompress(blob[4:]))
            if stamp != self.stamp or key != _text_key(state_text):
                return None
            game = from_data(data)
        except (ValueError, TypeError, KeyError, EOFError, IndexError, AttributeError,
                zlib.error):
            return None
        return game if type(game) is Game else None

    def put(self, state_text: str, game: Game) -> None:
        """Keep ``game`` as the state of this text (the caller loaded and checked it)."""
        import os

        try:
            # compressed: the hands and draw piles are not readable at a glance (as the
            # game file encodes them)
            body = zlib.compress(marshal.dumps((self.stamp, _text_key(state_text),
                                                to_data(game))), 1)
            self.file.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.file.with_name(f"{self.file.name}.{os.getpid()}.tmp")
            tmp.write_bytes(zlib.crc32(body).to_bytes(4, "big") + body)
            os.replace(tmp, self.file)
        except (OSError, ValueError, TypeError):
            pass
