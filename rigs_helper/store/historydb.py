"""The group's history: every finished game kept in one SQLite file (the standard
library's ``sqlite3``, WAL mode), at ``$RIGS_HISTORY`` or the platform's user data folder.

- One row per game (``games``: its identity, date, source, round reached, who led, the
  duration when the log knows it) and one per player per game (``results``: net worth and
  its breakdown, rank, winner, Vinnie at the end, Luxury sales, Karma cards played, RIGS
  built).  A game is the plain data of :mod:`rigs_helper.store.historyplay`.
- Every game belongs to a group (``grp``: the name given with ``rigs new --group`` or a
  sheet's ``group =``, else one group per set of player names, :func:`default_group`);
  the figures and ratings count one group's games only.  A group may set BG Stats'
  ``bggId`` and a ``location`` (``groups``).
- A removed game is kept aside (``removed``) until the next removal, so that
  ``rigs history restore ID`` can bring it back; every reading leaves it out.
- The schema is versioned (``PRAGMA user_version``) and migrated forwards, one step at a
  time, inside the writer's transaction.  A file of a newer version, or one that is not a
  history (a damaged header, another program's database), is refused in one line and never
  written: it is checked from its raw header before SQLite opens it.
- Writers take the write lock at once (``BEGIN IMMEDIATE``) and wait for each other
  (``busy_timeout``); the game's identity is UNIQUE, so two tables scoring the same game at
  once keep it once, and concurrent writers never lose one.  Readers never create the file.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.groups import default_group, group_key, of_group

__all__ = ["default_group", "group_key", "of_group"]  # (the groups, from the rules core)

ENV = "RIGS_HISTORY"
FILE_NAME = "history.sqlite"
BUSY_MS = 30_000  # how long a writer waits for another (six tables scoring at once)
MAGIC = b"SQLite format 3\x00"

def _groups_of_older_games(conn: sqlite3.Connection) -> None:
    """Version 2's step for the games kept before groups: each in its players' group;
    ``source`` cut to the file's name (the exports never show a folder)."""
    names: dict[int, list[str]] = {}
    for gid, name in conn.execute("SELECT game, name FROM results ORDER BY game, seat"):
        names.setdefault(gid, []).append(name)
    for gid, source in conn.execute("SELECT id, source FROM games").fetchall():
        conn.execute("UPDATE games SET grp = ?, source = ? WHERE id = ?",
                     (default_group(names.get(gid, [])), _file_name(source), gid))


def _file_name(source: str) -> str:
    return source.replace("\\", "/").rsplit("/", 1)[-1]


# the schema, one list of statements per version: version N is MIGRATIONS[N - 1]
MIGRATIONS: tuple[tuple, ...] = (
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            identity TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK (kind IN ('game', 'sheet')),
            played TEXT NOT NULL,
            source TEXT NOT NULL,
            round INTEGER,
            leader TEXT,
            duration_min INTEGER,
            added TEXT NOT NULL)""",
        """CREATE TABLE results (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            net_worth INTEGER NOT NULL,
            credits INTEGER NOT NULL,
            luxuries INTEGER NOT NULL,
            plots INTEGER NOT NULL,
            resources INTEGER NOT NULL,
            vinnie INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            vinnie_scripts INTEGER,
            luxury_sales INTEGER,
            karma_played INTEGER,
            rigs_built INTEGER,
            PRIMARY KEY (game, seat))""",
    ),
    (  # version 2 (issue #42): groups, the play's location, a removal that can be undone
        "ALTER TABLE games ADD COLUMN grp TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE games ADD COLUMN location TEXT",
        "ALTER TABLE games ADD COLUMN removed TEXT",
        """CREATE TABLE groups (
            name TEXT PRIMARY KEY,
            bgg_id INTEGER,
            location TEXT)""",
        "CREATE INDEX games_grp ON games (grp)",
        _groups_of_older_games,
    ),
    (  # version 3: which game (R.I.G.S. or RIG: each counted apart; the older games are
        # R.I.G.S.'s), and the play style that fitted each player (the forecast's prior)
        "ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'rigs'",
        "ALTER TABLE results ADD COLUMN style TEXT",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)

GAME_KEYS = ("id", "identity", "kind", "played", "source", "round", "leader",
             "duration_min", "added", "group", "location", "game")
_COLUMN = {"group": "grp"}  # a key of the play and its column, where they differ
RESULT_KEYS = ("seat", "name", "net_worth", "credits", "luxuries", "plots", "resources",
               "vinnie", "rank", "winner", "vinnie_scripts", "luxury_sales", "karma_played",
               "rigs_built", "style")
#: a result's R.I.G.S. figures (a RIG game's results have none: read as None)
RIGS_ONLY = ("credits", "luxuries", "plots", "resources", "vinnie", "vinnie_scripts",
             "luxury_sales", "karma_played", "rigs_built", "style")
GAMES = ("rigs", "rig")  # the games the history keeps, each counted apart
_NOT_NULL = ("net_worth", "credits", "luxuries", "plots", "resources", "vinnie")


class HistoryError(InputError):
    """The history cannot be read or written (one line naming the file and what to do)."""


# ---------------------------------------------------------------------------- where


def history_path() -> Path:
    """``$RIGS_HISTORY``, else the platform's user data folder: Linux (and other Unix)
    ``$XDG_DATA_HOME`` or ``~/.local/share``; macOS ``~/Library/Application Support``;
    Windows ``%LOCALAPPDATA%`` (or ``%APPDATA%``); each ``/rigs-helper/history.sqlite``."""
    env = os.environ.get(ENV)
    if env:
        return Path(env).expanduser()
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        root = Path(base) if base else home / "AppData" / "Local"
    elif sys.platform == "darwin":
        root = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        root = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"
    return root / "rigs-helper" / FILE_NAME


# ---------------------------------------------------------------------------- opening


def _refuse(path: Path, why: str) -> HistoryError:
    return HistoryError(f"{path}: {why}; it was left as it is (set ${ENV} to another file "
                        "to keep a new history)")


def header_version(path: Path) -> int | None:
    """The file's schema version read from its raw header (``user_version``, bytes 60-63),
    0 for an empty file, None when there is no file; a file that is not an SQLite database
    is refused.  Nothing is opened for writing."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(100)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise HistoryError(f"{path}: is a folder, not the history file (set ${ENV} to a "
                           "file)") from None
    except OSError as exc:
        raise HistoryError(f"{path}: cannot read the history: {exc.strerror}") from None
    if not head:
        return 0
    if len(head) < 100 or not head.startswith(MAGIC):
        raise _refuse(path, "is damaged or not a rigs history (no SQLite header)")
    version = int.from_bytes(head[60:64], "big")
    if version > SCHEMA_VERSION:
        raise _refuse(path, f"was written by a newer rigs-helper (history version {version}; "
                      f"this one reads up to {SCHEMA_VERSION}): upgrade rigs-helper to read "
                      "it")
    return version


def _connect(path: Path, readonly: bool) -> sqlite3.Connection:
    uri = path.resolve().as_uri() + ("?mode=ro" if readonly else "?mode=rw")
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=BUSY_MS / 1000)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    return conn


def _create(path: Path) -> None:
    """An empty file (an empty database to SQLite), mode 600, in a folder only its owner
    reads when rigs makes it.  Several writers may do this at once: O_CREAT alone never
    truncates."""
    folder = path.parent
    if not folder.exists():
        try:
            folder.mkdir(parents=True, mode=0o700, exist_ok=True)
        except OSError as exc:
            raise HistoryError(f"{folder}: cannot make the history's folder: "
                               f"{exc.strerror}") from None
    try:
        fd = os.open(path, os.O_CREAT | os.O_WRONLY, 0o600)
    except OSError as exc:
        raise HistoryError(f"{path}: cannot create the history: {exc.strerror}") from None
    os.close(fd)


def _check_schema(conn: sqlite3.Connection, path: Path) -> int:
    """The schema version, checked inside the transaction (another writer may have
    migrated in between): a newer one, or a version-0 file holding someone else's tables,
    is refused."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise _refuse(path, f"was written by a newer rigs-helper (history version {version}; "
                      f"this one reads up to {SCHEMA_VERSION}): upgrade rigs-helper to read "
                      "it")
    if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise _refuse(path, "is an SQLite database but not a rigs history")
    return version


def _migrate(conn: sqlite3.Connection, version: int) -> None:
    for statements in MIGRATIONS[version:]:
        for sql in statements:
            if callable(sql):
                sql(conn)
            else:
                conn.execute(sql)
    if version < SCHEMA_VERSION:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _damaged(path: Path, exc: sqlite3.Error) -> HistoryError:
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return HistoryError(f"{path}: the history is busy (another rigs is writing it); "
                            "try again")
    return _refuse(path, f"cannot be used as the history ({exc})")


@contextmanager
def writing(path: Path | None = None) -> Iterator[sqlite3.Connection]:
    """A connection inside a write transaction on the history (made and migrated when
    needed); committed when the block ends, rolled back on any error."""
    path = path or history_path()
    header_version(path)  # refuse a damaged or newer file before SQLite touches it
    _create(path)
    try:
        conn = _connect(path, readonly=False)
    except sqlite3.Error as exc:
        raise _damaged(path, exc) from None
    try:
        try:
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("BEGIN IMMEDIATE")
            _migrate(conn, _check_schema(conn, path))
        except sqlite3.Error as exc:
            raise _damaged(path, exc) from None
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    except sqlite3.Error as exc:
        raise _damaged(path, exc) from None
    finally:
        conn.close()


@contextmanager
def reading(path: Path | None = None) -> Iterator[sqlite3.Connection | None]:
    """A read-only connection (None when there is no history yet: nothing is created)."""
    path = path or history_path()
    version = header_version(path)
    if version is None or path.stat().st_size == 0:
        yield None  # no history yet (or one being made this moment)
        return
    if 0 < version < SCHEMA_VERSION:  # an older history: migrated once, then read
        with writing(path):
            pass
    try:
        conn = _connect(path, readonly=True)
        version = _check_schema(conn, path)
    except sqlite3.Error as exc:
        raise _damaged(path, exc) from None
    try:
        yield conn if version else None
    except sqlite3.Error as exc:
        raise _damaged(path, exc) from None
    finally:
        conn.close()


# ---------------------------------------------------------------------------- games


ADDED, KEPT, UPDATED = "added", "kept", "updated"
LIVE = "g.removed IS NULL"  # the games kept (a removed game waits for `restore`)


def add(play: dict, path: Path | None = None) -> tuple[int, str]:
    """Keep ``play`` (:func:`rigs_helper.store.historyrigs.play_of_game` or ``play_of_sheet``):
    (its id, ADDED) when it is new (or was removed: it is back); (the id it had, KEPT)
    when the same game is kept with the same figures, (the id it had, UPDATED) when its
    figures, date, group or place changed (End Game cards recorded again after an undo, a
    sheet added again with ``--date``): one game, its latest score."""
    rows = [[*(int(r[k]) if k == "winner" else 0 if k in _NOT_NULL and r.get(k) is None
               else r.get(k) for k in RESULT_KEYS)] for r in play["players"]]
    if not play.get("group"):  # (a play made without one: its players' group)
        play = {**play, "group": default_group(r["name"] for r in play["players"])}
    play = {**play, "game": play.get("game") or "rigs"}
    keys = GAME_KEYS[1:]
    with writing(path) as conn:
        cur = conn.execute(
            f"INSERT INTO games ({', '.join(_COLUMN.get(k, k) for k in keys)}) VALUES "
            f"({', '.join('?' * len(keys))}) ON CONFLICT (identity) DO NOTHING",
            [play.get(k) for k in keys])
        if cur.rowcount and cur.lastrowid is not None:  # (set by the row inserted)
            gid, status = cur.lastrowid, ADDED
        else:
            gid, removed, *was = conn.execute(
                "SELECT id, removed, played, source, grp, location FROM games "
                "WHERE identity = ?", (play["identity"],)).fetchone()
            kept = conn.execute(f"SELECT {', '.join(RESULT_KEYS)} FROM results WHERE game = ?"
                                " ORDER BY seat", (gid,)).fetchall()
            now = [play.get(k) for k in ("played", "source", "group", "location")]
            if not play.get("dated", True):  # (only the file's time: the date kept stays)
                now[0] = was[0]
            if [list(r[:-1]) for r in kept] == [r[:-1] for r in rows] and was == now \
                    and removed is None:
                styles = [(r[-1], gid, r[0]) for r, k in zip(rows, kept)
                          if r[-1] is not None and r[-1] != k[-1]]
                if styles:  # (only the play styles are new: the game is the same)
                    conn.executemany("UPDATE results SET style = ? WHERE game = ? AND "
                                     "seat = ?", styles)
                return gid, KEPT
            conn.execute("UPDATE games SET played = ?, source = ?, grp = ?, location = ?, "
                         "round = ?, leader = ?, duration_min = ?, removed = NULL "
                         "WHERE id = ?",
                         [*now, *(play.get(k) for k in ("round", "leader", "duration_min")),
                          gid])
            conn.execute("DELETE FROM results WHERE game = ?", (gid,))
            status = ADDED if removed is not None else UPDATED
        conn.executemany(
            f"INSERT INTO results (game, {', '.join(RESULT_KEYS)}) VALUES "
            f"(?, {', '.join('?' * len(RESULT_KEYS))})", [[gid, *r] for r in rows])
        return gid, status


def remove(gid: int, path: Path | None = None) -> dict | None:
    """Remove game ``gid``: the game as it was, or None when there is no such game.  It
    is set aside until the next removal (:func:`restore` brings it back); a game set
    aside before is dropped for good now."""
    path = path or history_path()
    if header_version(path) is None:
        return None
    with writing(path) as conn:
        found = _plays(conn, f"WHERE g.id = ? AND {LIVE}", (gid,))
        if found:
            for (old,) in conn.execute("SELECT id FROM games WHERE removed IS NOT NULL"
                                       ).fetchall():
                conn.execute("DELETE FROM results WHERE game = ?", (old,))
                conn.execute("DELETE FROM games WHERE id = ?", (old,))
            conn.execute("UPDATE games SET removed = ? WHERE id = ?",
                         (time.strftime("%Y-%m-%d %H:%M:%S"), gid))
        return found[0] if found else None


def restore(gid: int, path: Path | None = None) -> dict | None:
    """Bring back game ``gid``, removed last: the game, or None when it is not the game
    set aside (never removed, or dropped by a later removal)."""
    path = path or history_path()
    if header_version(path) is None:
        return None
    with writing(path) as conn:
        found = _plays(conn, "WHERE g.id = ? AND g.removed IS NOT NULL", (gid,))
        if found:
            conn.execute("UPDATE games SET removed = NULL WHERE id = ?", (gid,))
        return found[0] if found else None


def set_aside(path: Path | None = None) -> int | None:
    """The id of the game set aside by the last removal, if any."""
    with reading(path) as conn:
        if conn is None:
            return None
        row = conn.execute("SELECT id FROM games WHERE removed IS NOT NULL").fetchone()
        return row[0] if row else None


def configure(group: str, path: Path | None = None, **values) -> dict:
    """Set a group's ``bgg_id`` and ``location`` (the keys given; None clears one): the
    group's settings now."""
    key = group_key(group)
    with writing(path) as conn:
        conn.execute("INSERT INTO groups (name) VALUES (?) ON CONFLICT (name) DO NOTHING",
                     (key,))
        for k, v in values.items():
            assert k in ("bgg_id", "location")
            conn.execute(f"UPDATE groups SET {k} = ? WHERE name = ?", (v, key))
        row = conn.execute("SELECT bgg_id, location FROM groups WHERE name = ?",
                           (key,)).fetchone()
    return {"bgg_id": row[0], "location": row[1]}


def settings(path: Path | None = None) -> dict[str, dict]:
    """Every group's settings: {group_key: {"bgg_id", "location"}}."""
    with reading(path) as conn:
        if conn is None:
            return {}
        return {name: {"bgg_id": b, "location": loc}
                for name, b, loc in conn.execute("SELECT name, bgg_id, location FROM groups")}


def with_settings(play: dict, every: dict[str, dict] | None = None) -> dict:
    """``play`` with its group's BG Stats settings, ``bgg_id`` and ``group_location``
    (``every``: :func:`settings`, read when not given)."""
    found = (settings() if every is None else every).get(group_key(play.get("group") or ""),
                                                         {})
    return {**play, "bgg_id": found.get("bgg_id"), "group_location": found.get("location")}


def plays(path: Path | None = None) -> list[dict]:
    """Every game kept (of every group), newest first, each with its players in seating
    order."""
    with reading(path) as conn:
        return [] if conn is None else _plays(conn, f"WHERE {LIVE}")


def _plays(conn: sqlite3.Connection, where: str = "", args: tuple = ()) -> list[dict]:
    cols = ", ".join([f"g.{_COLUMN.get(k, k)}" for k in GAME_KEYS]
                     + [f"r.{k}" for k in RESULT_KEYS])
    rows = conn.execute(
        f"SELECT {cols} FROM games g JOIN results r ON r.game = g.id {where} "
        "ORDER BY g.played DESC, g.id DESC, r.seat", args).fetchall()
    out: list[dict] = []
    n = len(GAME_KEYS)
    for row in rows:
        if not out or out[-1]["id"] != row[0]:
            out.append({**dict(zip(GAME_KEYS, row[:n])), "players": []})
        result = dict(zip(RESULT_KEYS, row[n:]))
        result["winner"] = bool(result["winner"])
        if out[-1]["game"] != "rigs":  # (RIG: its score alone, no R.I.G.S. figure)
            result.update(dict.fromkeys(RIGS_ONLY))
        out[-1]["players"].append(result)
    return out

