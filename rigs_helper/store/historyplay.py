"""A scored game as the history keeps it: plain data (:mod:`rigs_helper.store.historydb`
stores it), for any game: the row (:func:`_play`), a game on the protocol's
(:func:`play_of_protocol`, through its game object), a sheet's fingerprint, the duration
and end read from a log's times.  R.I.G.S.'s games and sheets, and the figures only its
log knows: :mod:`rigs_helper.store.historyrigs`.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from rigs_helper.rules.errors import InputError

# the log's time of an entry, when it keeps one (ISO 8601 text)
_TIME_KEYS = ("at", "time")


def _when(path: Path) -> str:
    """The game's date: when its file was last written (the end of the game, or its
    scoring), local time."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        stamp = time.time()
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(stamp))


def _play(identity: str, kind: str, path: Path, players: list, **more: Any) -> dict:
    """The play; ``source`` is the file's name only (an export never shows a folder);
    ``group`` the one given, else the players' (:func:`historydb.default_group`)."""
    from rigs_helper.rules.groups import default_group

    return {"identity": identity, "kind": kind, "played": more.get("played") or _when(path),
            # the date is the file's time (not the sheet's, --date's or the log's): a game
            # kept already keeps the date it had
            "dated": bool(more.get("played")),
            "source": path.name, "round": more.get("round"),
            "leader": more.get("leader"), "duration_min": more.get("duration_min"),
            "added": time.strftime("%Y-%m-%d %H:%M:%S"),
            "group": more.get("group") or default_group([r["name"] for r in players]),
            "location": more.get("location") or None, "game": more.get("game", "rigs"),
            "players": players}


def content_hash(text: str) -> str:
    """A fingerprint of a sheet's text: two checksums and the length (80 bits; zlib, as
    the state's fingerprint: hashlib's OpenSSL would cost `rigs score` a fifth more)."""
    import zlib

    raw = text.encode("utf-8")
    return f"{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}{len(raw):x}"


def play_of_protocol(path: Path, loaded) -> dict:
    """A finished game of a game on the protocol (RIG: ``loaded`` from
    :func:`rigs_helper.store.gamestore.load`): each player's score (RIG: the different
    components in their Rig), rank and win; identified by a hash of its seed and its
    players; its date and duration from its log's times.  A game not over is refused."""
    import hashlib

    game, state = loaded.game, loaded.state
    score = game.score(state)
    if score is None:
        raise InputError(f"{path}: the {game.title} game is not over yet "
                         f"({' '.join(game.summary(state))}): `rigs score` keeps a "
                         "finished game")
    names = game.players(state)
    seed = hashlib.sha256(f"{game.name}:{loaded.settings.get('seed')}".encode()
                          ).hexdigest()[:32]
    identity = f"{game.name}:{seed}:" + "|".join(names)
    results = [{"seat": seat, "name": p["name"], "net_worth": p["score"], "rank": p["rank"],
                "winner": bool(p["winner"])} for seat, p in enumerate(score.players)]
    return _play(identity, "game", path, results, round=getattr(state, "round", None),
                 duration_min=_minutes(loaded.log), played=_ended(loaded.log),
                 group=str(loaded.settings.get("group") or ""), game=game.name)


def _stamps(entries: list[dict]) -> list:
    """The entries' times, where the log keeps them (``at``: ISO 8601 text or a TOML
    date-time)."""
    from datetime import datetime

    stamps = []
    for e in entries:
        for k in _TIME_KEYS:
            v = e.get(k)
            if not isinstance(v, (str, datetime)):
                continue  # (no time)
            try:
                stamps.append(v if isinstance(v, datetime) else datetime.fromisoformat(v))
            except ValueError:
                continue
            break
    return stamps


def _minutes(entries: list[dict]) -> int | None:
    """Minutes from the first entry's time to the last one's, when the log keeps times."""
    stamps = _stamps(entries)
    if len(stamps) < 2:
        return None
    try:
        seconds = (stamps[-1] - stamps[0]).total_seconds()
    except TypeError:  # a naive time and an aware one
        return None
    return max(0, round(seconds / 60))


def _ended(entries: list[dict]) -> str | None:
    """The last entry's time, local (a UTC one converted), ``YYYY-MM-DD HH:MM:SS``."""
    stamps = _stamps(entries)
    if not stamps:
        return None
    last = stamps[-1]
    if last.tzinfo is not None:
        last = last.astimezone()
    return last.strftime("%Y-%m-%d %H:%M:%S")


def play_date(value: Any, fail) -> str:
    """A day played, ``YYYY-MM-DD`` (TOML's date, or that text): no day after today
    (``fail(key, problem)`` makes the error)."""
    import datetime as dt

    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, str):
        try:
            value = dt.date.fromisoformat(value.strip())
        except ValueError:
            raise fail("date", f"is {value!r}: a day as YYYY-MM-DD, e.g. 2026-11-20"
                       ) from None
    if not isinstance(value, dt.date):
        raise fail("date", f"is {value!r}: a day as YYYY-MM-DD, e.g. 2026-11-20")
    if value > dt.date.today():
        raise fail("date", f"is {value.isoformat()}, a day still to come")
    return value.isoformat()
