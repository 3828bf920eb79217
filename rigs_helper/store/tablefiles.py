"""Reading the shipped tables (``tables/*.toml``) from disk, with a parse cache."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from rigs_helper.rules.errors import TableError
from rigs_helper.rules.tables import Tables, build_tables

TABLE_FILES = ("constants.toml", "plots.toml", "survey.toml", "market.toml",
               "disaster.toml", "karma.toml")


def _parse(path: Path) -> dict:
    file = f"tables/{path.name}"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TableError(f"{file}: file is missing from the installed tables") from None
    except tomllib.TOMLDecodeError as exc:
        raise TableError(f"{file}: invalid TOML: {exc}") from None


def _cache_dir() -> Path | None:
    import os

    if os.environ.get("RIGS_NO_CACHE"):
        return None
    base = os.environ.get("RIGS_CACHE_DIR") or os.environ.get("XDG_CACHE_HOME")
    return Path(base) / "rigs-helper" if base else Path.home() / ".cache" / "rigs-helper"


def read_tables(directory: Path) -> dict[str, dict]:
    """Every table file parsed.  Parsing TOML dominates start-up, so the parsed documents
    are kept in a cache file keyed by the files' paths, sizes and times (validation still
    runs on every load).  A cache that cannot be read or written is simply not used."""
    import marshal

    stats = []
    for name in TABLE_FILES:
        try:
            st = (directory / name).stat()
            stats.append((name, st.st_size, st.st_mtime_ns))
        except OSError:
            stats.append((name, -1, -1))
    cache_dir = _cache_dir()
    import zlib

    from rigs_helper import __version__

    key = f"{zlib.crc32(repr((__version__, str(directory), stats)).encode()):08x}"
    cache = cache_dir / f"tables-{key}.marshal" if cache_dir else None
    if cache is not None:
        try:
            docs = marshal.loads(cache.read_bytes())
            if isinstance(docs, dict) and set(docs) == set(TABLE_FILES):
                return docs
        except (OSError, ValueError, EOFError, TypeError):
            pass
    docs = {name: _parse(directory / name) for name in TABLE_FILES}
    if cache is not None:
        try:
            import os

            cache_dir.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(marshal.dumps(docs))
            os.replace(tmp, cache)
        except (OSError, ValueError):
            pass
    return docs


def tables_dir() -> Path:
    """Where the shipped tables live: ``rigs_helper/tables`` in an installed wheel, the
    project's ``tables/`` in a source checkout or an editable install."""
    here = Path(__file__).resolve().parents[1]  # the rigs_helper package
    inside = here / "tables"
    return inside if (inside / "constants.toml").is_file() else here.parent / "tables"


def load_tables_from(directory: Path) -> Tables:
    """Read and validate every table in ``directory`` (no caching; used by tests)."""
    docs = read_tables(directory)

    return build_tables(docs)


@cache
def load_tables() -> Tables:
    """The shipped tables, read and validated once per process."""
    return load_tables_from(tables_dir())
