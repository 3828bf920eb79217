"""The history's records are data read from a file: each ``[[log]]`` entry's keys, types
and bounds are checked before a command uses it, and a bad one is named in one line (its
entry, key and line).  Work done on a record is then bounded by the size of the game (a
round is 1 to 15, an amount fits the game), never by a number read from the file.
"""

from __future__ import annotations

import math
import re
import tomli
from typing import Any

from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.tables import PHASES

# a net worth figure beyond this does not come from a game (holdings are at most
# games.rigs.state.MAX_HOLDING each, and no End Game value is near 1,000)
MAX_AMOUNT = 10**9
END = "end"  # the net worth figure of a finished game (forecast.history.END)
_HASH = re.compile(r"[0-9a-f]{16}")
_SEAL = re.compile(r"[0-9a-f]{9,24}")  # CRC-32 then the length in hex


def _one_line(v: Any) -> bool:
    return isinstance(v, str) and v.isprintable()


def _strings(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _private(v: Any) -> bool:
    return isinstance(v, list) and all(
        isinstance(x, list) and len(x) == 2 and all(isinstance(y, str) for y in x)
        for x in v)


def _json(v: Any) -> Any:
    if not isinstance(v, str):
        raise ValueError
    import json

    try:
        return json.loads(v, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError from None


def _no_constant(name: str):
    raise ValueError(name)  # NaN and Infinity are not numbers of the game


def _undo(v: Any) -> bool:
    changes = _json(v)
    return isinstance(changes, list) and all(
        isinstance(c, list) and len(c) == 2 and isinstance(c[0], list)
        and all(isinstance(k, str) or (isinstance(k, int) and not isinstance(k, bool)
                                       and 0 <= k < 1000) for k in c[0])
        for c in changes)


def _op(v: Any) -> bool:
    op = _json(v)
    return (isinstance(op, dict) and isinstance(op.get("op"), str)
            and isinstance(op.get("args"), dict))


def networth(v: Any, rounds: int) -> tuple[int, str, dict[str, float]]:
    """A net worth record ``{"round": R, "phase": P, "players": {name: value}}`` checked:
    ValueError unless R is a round of the game, P a phase (or "end") and each value a
    finite amount that fits the game."""
    d = _json(v)
    if not isinstance(d, dict) or set(d) != {"round", "phase", "players"}:
        raise ValueError("keys")
    rnd, phase, players = d["round"], d["phase"], d["players"]
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= rounds:
        raise ValueError("round")
    if phase not in (*PHASES, END):
        raise ValueError("phase")
    if not isinstance(players, dict) or len(players) > 64:
        raise ValueError("players")
    out = {}
    for name, value in players.items():
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or not math.isfinite(value) or abs(value) > MAX_AMOUNT):
            raise ValueError("amount")
        out[name] = float(value)
    return rnd, phase, out


def start_record(v: Any, rounds: int) -> dict | None:
    """A ``start`` record (``games.rigs.history.basis`` as JSON: what a phase summary compares
    as the phase began) as data, or None when it is not one.  Bounded: a few players, each
    a few counts and at most the game's plots."""
    from rigs_helper.games.rigs.history import COUNTS
    from rigs_helper.games.rigs.state import MAX_HOLDING

    try:
        d = _json(v)
    except ValueError:
        return None
    if (not isinstance(d, dict) or set(d) != {"round", "phase", "players"}
            or not _whole(d["round"], 1, rounds) or d["phase"] not in PHASES
            or not isinstance(d["players"], dict) or not 1 <= len(d["players"]) <= 8):
        return None
    for name, row in d["players"].items():
        if (not _one_line(name) or not isinstance(row, dict)
                or set(row) != {*COUNTS, "plots"}
                or not all(_whole(row[k], 0, MAX_HOLDING) for k in COUNTS)
                or not isinstance(row["plots"], list) or len(row["plots"]) > 100
                or not all(_one_line(x) and len(x) <= 8 for x in row["plots"])):
            return None
    return d


def _whole(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def entry_problems(e: dict[str, Any], n: int, rounds: int) -> list[tuple[str, str]]:
    """(key, problem) for each bad key of entry number ``n`` (1 = the oldest)."""
    checks = {
        "n": lambda v: v == n,
        "round": lambda v: _whole(v, 1, rounds),
        "phase": lambda v: v in PHASES,
        "action": _one_line,
        "after": lambda v: isinstance(v, str) and _HASH.fullmatch(v) is not None,
        "undo": _undo,
        "begin": _undo,  # older files: where the next phase began inside the entry
        "start": lambda v: start_record(v, rounds) is not None,  # phase summaries
        "op": _op,
        "networth": lambda v: networth(v, rounds) is not None,
        "said": _strings,
        "ledger": _strings,
        "private": _private,
        "seal": lambda v: isinstance(v, str) and _SEAL.fullmatch(v) is not None,
        "source": lambda v: _one_line(v) and len(v) <= 200,
        "request_id": lambda v: _one_line(v) and len(v) <= 200,
    }
    out = []
    for key in ("n", "round", "phase", "action", "after"):
        if key not in e:
            out.append((key, "is missing"))
    if n > 1 and "undo" not in e:
        out.append(("undo", "is missing"))
    for key, value in e.items():
        check = checks.get(key)
        if check is None:
            out.append((key, "is not a key of a log entry"))
            continue
        try:
            ok = check(value)
        except (ValueError, TypeError):
            ok = False
        if not ok:
            out.append((key, "is damaged (a wrong type or a value out of the game's bounds)"))
    return out


HEADER = "[[log]]"


def entry_starts(log_text: str, last: int | None = None) -> list[int]:
    """Where each ``[[log]]`` entry starts (a line that is exactly the header), oldest
    first; ``last``: only the last N, found from the end (a long history costs the
    same).  String searches, not a regular expression: this runs on every command."""
    out: list[int] = []
    if last is not None:
        end = len(log_text)
        while len(out) < last:
            i = log_text.rfind(HEADER, 0, end)
            if i < 0:
                break
            if _own_line(log_text, i):
                out.append(i)
            end = i
        out.reverse()
        return out
    i = log_text.find(HEADER)
    while i >= 0:
        if _own_line(log_text, i):
            out.append(i)
        i = log_text.find(HEADER, i + len(HEADER))
    return out


def _own_line(text: str, i: int) -> bool:
    j = i + len(HEADER)
    return (i == 0 or text[i - 1] == "\n") and (j == len(text) or text[j] == "\n")


def count_entries(log_text: str) -> int:
    return len(entry_starts(log_text))


def _chunks(log_text: str, last: int | None = None) -> tuple[int, list[tuple[int, str]]]:
    """(how many entries there are, [(line within ``log_text``, text) of each entry,
    oldest first]); ``last``: of the last N entries only (found from the end)."""
    starts = entry_starts(log_text, last)
    total = count_entries(log_text) if last is not None else len(starts)
    out, line, pos = [], 1, 0
    for i, start in enumerate(starts):
        line += log_text.count("\n", pos, start)
        pos = start
        end = starts[i + 1] if i + 1 < len(starts) else len(log_text)
        out.append((line, log_text[start:end]))
    return total, out


_LAST_PARSED: list = [None, None]  # (chunk, entry): a command reads its last entry twice


def _parse(chunk: str) -> dict[str, Any] | None:
    if chunk == _LAST_PARSED[0]:
        entry = _LAST_PARSED[1]
        return None if entry is None else dict(entry)
    try:
        entry = tomli.loads(chunk).get("log")
    except (ValueError, RecursionError):
        entry = None
    if not isinstance(entry, list) or len(entry) != 1 or not isinstance(entry[0], dict):
        entry = [None]
    _LAST_PARSED[:] = chunk, entry[0]
    return None if entry[0] is None else dict(entry[0])


def _where(file: str, line: int, n: int) -> str:
    return f"{file}: line {line}: log entry {n}"


def _key_at(file: str, at: int, chunk: str, n: int, key: str, problem: str) -> str:
    """A bad key named at its own line (the entry's header line when it is not found)."""
    m = re.search(rf'(?m)^[ \t]*"?{re.escape(key)}"?[ \t]*=', chunk)
    line = at + chunk.count("\n", 0, m.start()) if m else at
    return f"{_where(file, line, n)}: key '{key}' {problem}"


def problems(log_text: str, file: str, rounds: int, first_line: int = 1,
             only_last: bool = False) -> list[str]:
    """Every problem of the history (``first_line``: the file's line where ``log_text``
    starts), each in one line naming its entry, key and line; ``only_last``: of its last
    entry only (the rest is sealed, see ``historytext.sealed_before_last``)."""
    out: list[str] = []
    if only_last:
        total, chunks = _chunks(log_text, 1)
        for line, chunk in chunks:
            out += _chunk_problems(file, first_line + line - 1, chunk, total, rounds)
        return out
    starts = entry_starts(log_text)
    between = log_text[:starts[0]] if starts else log_text
    if any(x.strip() and not x.lstrip().startswith("#") for x in between.splitlines()[1:]):
        out.append(f"{file}: line {first_line}: text between the history marker and the "
                   "first log entry")
    for n, (line, chunk) in enumerate(_chunks(log_text)[1], 1):
        out += _chunk_problems(file, first_line + line - 1, chunk, n, rounds)
    return out


def _chunk_problems(file: str, at: int, chunk: str, n: int, rounds: int) -> list[str]:
    e = _parse(chunk)
    if e is None:
        return [f"{_where(file, at, n)} is not valid TOML (or holds a second table)"]
    return [_key_at(file, at, chunk, n, k, p) for k, p in entry_problems(e, n, rounds)]


def _without(chunk: str, keys: tuple[str, ...]) -> str:
    """An entry's text without the lines of ``keys``: string keys, which rigs writes on one
    line each (a long array of strings, such as ``said``, takes several lines: never
    one of ``keys``)."""
    starts = tuple(f"{k} = " for k in keys)
    return "\n".join(x for x in chunk.split("\n") if not x.startswith(starts))


def entries(log_text: str, file: str, rounds: int, last: int | None = None,
            first_line: int = 1, first_n: int | None = None, sealed: bool = False,
            without: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The history's entries, oldest first (only the ``last`` N when given), each checked:
    the first bad one is an :class:`InputError` naming it in one line (``first_n``: the
    number of the first entry of ``log_text`` when it is not the whole history).
    ``sealed``: the history before its last entry is as rigs checked and wrote it (its
    seal, ``historytext.sealed_before_last``), so only the last entry's records are
    checked again (each entry is still read); ``without``: keys the caller does not use
    (the undo records, most of a history's text), not even read in those sealed
    entries."""
    if not log_text:
        return []
    if last == 0:
        return []
    total, chunks = _chunks(log_text, last)
    out = []
    for j, (line, chunk) in enumerate(chunks):
        n = (first_n if first_n is not None else total - len(chunks) + 1) + j
        at = first_line + line - 1
        if sealed and n < total and first_n is None:
            e = _parse(_without(chunk, without) if without else chunk)
            if e is None:
                raise _damaged(f"{_where(file, at, n)} is not valid TOML")
            out.append(e)
            continue
        e = _parse(chunk)
        if e is None:
            raise _damaged(f"{_where(file, at, n)} is not valid TOML")
        bad = entry_problems(e, n, rounds)
        if bad:
            key, problem = bad[0]
            raise _damaged(_key_at(file, at, chunk, n, key, problem))
        out.append(e)
    return out


def _damaged(message: str) -> InputError:
    return InputError(message + "; the history is damaged (`rigs doctor` lists every "
                      "problem; `rigs undo` or `rigs restore` goes back to a sound save)")
