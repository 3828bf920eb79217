"""Reading the shipped tables (``tables/*.toml``) from disk, with a cache of the tables
as validated."""

from __future__ import annotations

import tomli
from functools import cache
from pathlib import Path

from rigs_helper.rules.errors import TableError
from rigs_helper.games.rigs.tablebuild import build_tables, tables_data, tables_from_data
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.store import cachefiles
from rigs_helper.store.cachefiles import cache_dir

TABLE_FILES = ("constants.toml", "plots.toml", "survey.toml", "market.toml",
               "disaster.toml", "karma.toml")


def _parse(path: Path) -> dict:
    file = f"tables/{path.name}"
    try:
        return tomli.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TableError(f"{file}: file is missing from the installed tables") from None
    except tomli.TOMLDecodeError as exc:
        raise TableError(f"{file}: invalid TOML: {exc}") from None


def tables_key(directory: Path) -> str:
    """A checksum of the version and of each table file's path, size and time: it changes
    when a table is edited (the caches built from the tables carry it)."""
    import zlib

    from rigs_helper import __version__

    stats = []
    for name in TABLE_FILES:
        try:
            st = (directory / name).stat()
            stats.append((name, st.st_size, st.st_mtime_ns))
        except OSError:
            stats.append((name, -1, -1))
    return f"{zlib.crc32(repr((__version__, str(directory), stats)).encode()):08x}"


def _cache_file(directory: Path) -> Path | None:
    """The cache file for the tables in ``directory`` (named by :func:`tables_key`, so an
    edited table is read afresh)."""
    folder = cache_dir()
    if folder is None:
        return None
    return folder / f"tables-{tables_key(directory)}.v2.marshal"


def read_tables(directory: Path) -> dict[str, dict]:
    """Every table file parsed (no cache)."""
    return {name: _parse(directory / name) for name in TABLE_FILES}


def _cached(cache: Path) -> Tables | None:
    """The validated tables kept in ``cache``, or None (missing, damaged, another shape)."""
    import marshal

    body = cachefiles.read(cache)
    if body is None:
        return None
    try:
        return tables_from_data(marshal.loads(body))
    except (ValueError, EOFError, TypeError, AttributeError):
        return None


def _keep(cache: Path, tables: Tables) -> None:
    import marshal

    cachefiles.write(cache, marshal.dumps(tables_data(tables)))


@cache
def tables_dir() -> Path:
    """Where the shipped tables live: ``rigs_helper/tables`` in an installed wheel, the
    project's ``tables/`` in a source checkout or an editable install."""
    here = Path(__file__).resolve().parents[1]  # the rigs_helper package
    inside = here / "tables"
    return inside if (inside / "constants.toml").is_file() else here.parent / "tables"


def load_tables_from(directory: Path) -> Tables:
    """Read and validate every table in ``directory``.  Parsing and validating cost more
    than most commands, so the validated tables are kept in a cache file (only ever written
    after they passed validation) named after the files' paths, sizes and times; a cache
    that cannot be read or written is simply not used."""
    cache = _cache_file(directory)
    if cache is not None:
        tables = _cached(cache)
        if tables is not None:
            return tables
    tables = build_tables(read_tables(directory))
    if cache is not None:
        _keep(cache, tables)
    return tables


@cache
def shipped_tables_key() -> str:
    """:func:`tables_key` of the shipped tables, read once per process as they are."""
    return tables_key(tables_dir())


@cache
def load_tables() -> Tables:
    """The shipped tables, read and validated once per process."""
    return load_tables_from(tables_dir())
