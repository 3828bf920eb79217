"""The history of a version-2 game file: ``[[log]]`` entries below the state, each one
typed action, or a checkpoint holding a full state (docs/game-file.md).

An action entry: ``n`` (1 = the game's creation), ``round``, ``phase`` (when it was done;
written only when they differ from the action before's, else read from the entry before),
``by`` (``page:NAME``, ``pages`` for a phase the phones ended together; left out: ``cli``),
``request`` (a page's request id), ``action`` (the canonical name, games/rigs/oplog.py),
``fields`` (the operation's resolved fields), ``at`` (UTC time).  Each entry keeps
``after``, a fingerprint of the state it left (only the last did before issue 43): the next
command notices a hand edit of the state without replaying, `rigs doctor` an edited entry.  A checkpoint entry: ``action = "checkpoint"``, ``why``, ``round``,
``phase`` and the state as ``[log.state]`` (as the top of the file writes it).

Here: writing an entry as text, reading the history (every key checked: a bad one is one
line naming its entry and key), and the cheap reads a save needs (the last entry).
"""

from __future__ import annotations

import re
from typing import Any

from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.oplog import CHECKPOINT, NEW

MARKER = "# ---- history (newest last): used by `rigs undo` and `rigs log`; do not edit ----"
HEAD = "\n[[log]]\n"
#: the phases an entry may name
PHASES = ("player", "disaster", "production", "market")
#: why a checkpoint was written (`round`: kept before rounds 5, 9 and 13 by version 2; read,
#: no longer written)
WHY = ("creation", "hand edit", "phase", "migrated", "round")
MAX_N = 10**7  # more entries than any game has (a number beyond it is damage)


# ---------------------------------------------------------------------------- writing

_BARE = r"^[A-Za-z0-9_-]+$"  # (compiled by the first write: `rigs status` never needs it)


def _key(k: str) -> str:
    return k if re.match(_BARE, k) else _str(k)


def _str(s: str) -> str:
    import json  # (here: a command that only reads the state never loads it)

    return json.dumps(s, ensure_ascii=False).replace("\x7f", "\\u007f")


def inline(v: Any) -> str:
    """A value as inline TOML."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(inline(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {inline(x)}" for k, x in v.items()) + " }" \
            if v else "{}"
    raise TypeError(f"cannot write {type(v).__name__} in a log entry")


#: the order of an entry's keys in the file
ORDER = ("n", "action", "round", "phase", "by", "request", "at", "why", "note", "fields",
         "after", "said")


def now() -> str:
    """The time an entry is written: UTC, ISO 8601, to the second (``at``).  The
    reproducible-builds variable ``SOURCE_DATE_EPOCH`` (seconds since 1970), when set,
    stands for the clock: the same commands then write the same file (the tests)."""
    import os
    import time

    fixed = os.environ.get("SOURCE_DATE_EPOCH", "")
    stamp = int(fixed) if fixed.isdigit() else None
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))


#: how ``at`` is written
AT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z")


#: when an action was done, as the next entry may leave it out: (round, phase, the day of
#: its ``at`` or None)
When = tuple[int, str, "str | None"]
#: an ``at`` that leaves out the day of the entry before (``"14:13:20Z"``)
CLOCK = re.compile(r"[0-9]{2}:[0-9]{2}:[0-9]{2}Z")


def entry_text(entry: dict[str, Any], prev: When | None = None) -> str:
    """One ``[[log]]`` table (a checkpoint's state as ``[log.state]`` tables after it).
    ``prev``: when the action before was done (:func:`last_when`): an action done in the
    same round and phase leaves them out, and on the same day writes only the time of day
    in ``at`` (the reader takes them from the entry before; the first action of a phase
    writes them whole); ``by = "cli"`` and empty
    ``fields`` are left out too (their default)."""
    import tomli_w

    skip = {"by"} if entry.get("by") == "cli" else set()
    if entry.get("fields") == {}:
        skip.add("fields")
    values = dict(entry)
    if entry.get("action") != CHECKPOINT and prev is not None:
        at = entry.get("at")
        if (entry.get("round"), entry.get("phase")) == prev[:2]:
            skip |= {"round", "phase"}  # (the first action of a phase writes its whole time)
            if prev[2] is not None and isinstance(at, str) and at.startswith(prev[2] + "T"):
                values["at"] = at[len(prev[2]) + 1:]
    lines = [f"{_key(k)} = {inline(values[k])}" for k in ORDER
             if k in values and values[k] is not None and k not in skip]
    text = HEAD + "\n".join(lines) + "\n"
    if "state" in entry:
        text += "\n" + tomli_w.dumps({"log": {"state": entry["state"]}})
    return text


def when(e: dict[str, Any], before: When | None = None) -> When:
    """When the (read) entry ``e`` was done, as the next entry may leave it out (the day:
    of the nearest entry up to ``e`` that keeps its time)."""
    at = e.get("at")
    day = at[:10] if isinstance(at, str) and AT.fullmatch(at) else \
        before[2] if before is not None else None
    return e["round"], e["phase"], day


def history_text(entries: list[dict[str, Any]]) -> str:
    """A whole history (its marker line first) written from its entries, oldest first."""
    out, prev = [MARKER + "\n"], None
    for e in entries:
        out.append(entry_text(e, prev))
        if e.get("action") != CHECKPOINT:
            prev = when(e, prev)
        elif prev is not None and isinstance(e.get("at"), str) and \
                not e["at"].startswith(f"{prev[2]}T"):
            prev = (*prev[:2], None)  # (a checkpoint of another day between: the day written)
    return "".join(out)


_ROUND = re.compile(r'(?m)^round = (\d+)\nphase = "(\w+)"$')
_DAY = re.compile(r'(?m)^at = "([0-9]{4}-[0-9]{2}-[0-9]{2})T')


def last_when(log_text: str) -> When | None:
    """When the history's last action was done, from its text (written in its entry, or
    in the nearest entry before it that writes it)."""
    end = len(log_text)
    i = log_text.rfind(HEAD, 0, end)
    while i >= 0 and log_text.startswith('action = "checkpoint"\n', i + len(HEAD)):
        end, i = i, log_text.rfind(HEAD, 0, i)  # (the checkpoints after it)
    rp: tuple[int, str] | None = None
    day: str | None = None
    while i >= 0 and rp is None:  # (back to the phase's first action: it writes its day)
        block = log_text[i:end]
        cut = block.find("\n[log.")
        head = block if cut < 0 else block[:cut]
        if (m := _ROUND.search(head)):
            rp = int(m.group(1)), m.group(2)
        if day is None and (d := _DAY.search(head)):
            day = d.group(1)
        end, i = i, log_text.rfind(HEAD, 0, i)
    return None if rp is None else (*rp, day)


def _print(doc: dict[str, Any]) -> tuple[str, str]:
    import json
    import zlib

    blob = json.dumps(doc, sort_keys=True, ensure_ascii=False).encode()
    return f"{zlib.crc32(blob):08x}", f"{zlib.adler32(blob):08x}"


def fingerprint(doc: dict[str, Any]) -> str:
    """A fingerprint of a state document (the order of its keys does not matter): the
    CRC-32 of its sorted JSON (entries written before version 3 add its Adler-32)."""
    return _print(doc)[0]


def agrees(recorded: object, doc: dict[str, Any]) -> bool:
    """Whether ``recorded`` (an entry's ``after``) is the fingerprint of ``doc``, as this
    version writes it or as version 2 did (16 digits, the state's ``version = 2``)."""
    if not isinstance(recorded, str):
        return False
    crc, adler = _print(doc)
    if recorded in (crc, crc + adler):
        return True
    if len(recorded) != 16 or doc.get("version") == 2:
        return False
    crc, adler = _print({**doc, "version": 2})
    return recorded == crc + adler


# ---------------------------------------------------------------------------- reading


def parse(log_text: str, file: str, rounds: int, first: int = 0, first_line: int = 1,
          prev: int | None = None, before: When | None = None
          ) -> list[dict[str, Any]]:
    """The history's entries, oldest first, each checked (``first``: how many entries of
    the file come before ``log_text``; ``first_line``: the file's line where it starts;
    ``prev``: the number of the last action before it; ``before``: when the entry before
    it was done).  An action that leaves out its round and phase, or the day of its
    ``at``, gets the entry before's."""
    from rigs_helper.rules.checker import parse_toml

    doc = parse_toml(log_text, file)
    raw = doc.get("log", [])
    if not isinstance(raw, list) or set(doc) - {"log"}:
        raise InputError(f"{file}: the history holds something other than [[log]] entries "
                         "(`rigs doctor`)")
    starts = [m.start() for m in re.finditer(r"(?m)^\[\[log\]\]", log_text)]
    out: list[dict[str, Any]] = []
    for i, e in enumerate(raw):
        at = starts[i] if i < len(starts) else 0
        end = starts[i + 1] if i + 1 < len(starts) else len(log_text)
        where = (file, first_line + log_text.count("\n", 0, at), log_text[at:end])
        prev = next((x["n"] for x in reversed(out) if "n" in x), prev)
        if before is not None and isinstance(e, dict) and e.get("action") != CHECKPOINT:
            if "round" not in e and "phase" not in e:
                e["round"], e["phase"] = before[:2]
            if before[2] is not None and isinstance(e.get("at"), str) and \
                    CLOCK.fullmatch(e["at"]):
                e["at"] = f"{before[2]}T{e['at']}"
        out.append(check_entry(e, where, rounds, first + i + 1, prev))
        before = when(e, before)
    return out


def last_keys(log_text: str) -> dict[str, Any] | None:
    """The last entry's own keys (a checkpoint's state left out), read but not checked
    (where a phase began: ``session.phase_start``).  Reading a checkpoint's
    state costs as much as reading the state at the top of the file."""
    import tomli

    i = log_text.rfind(HEAD)
    if i < 0:
        return None
    block = log_text[i:]
    j = block.find("\n[log.state")
    try:
        got = tomli.loads(block if j < 0 else block[:j + 1])["log"][0]
    except (ValueError, RecursionError, KeyError, IndexError, TypeError):
        return None  # (a damaged entry, a number too long: the whole read says it)
    return got if isinstance(got, dict) else None


def check_entry(e: Any, where: tuple[str, int, str], rounds: int, k: int,
                prev: int | None = None) -> dict[str, Any]:
    """One entry's keys, types and bounds (``where``: the file, the line of its header and
    its text; ``k``: its place in the history; ``prev``: the number of the action before)."""
    file, line, text = where
    n = e.get("n") if isinstance(e, dict) else None
    label = n if isinstance(n, int) and not isinstance(n, bool) and 0 < n <= MAX_N else (
        prev + 1 if prev is not None and isinstance(e, dict)
        and e.get("action") != CHECKPOINT else k)

    def bad(key: str, why: str) -> InputError:
        m = re.search(rf'(?m)^[ \t]*"?{re.escape(key)}"?[ \t]*=', text)
        at = line + text.count("\n", 0, m.start()) if m else line
        return InputError(f"{file}: line {at}: log entry {label}: key '{key}' {why} "
                          "(`rigs doctor` lists every problem; `rigs restore --list` shows "
                          "the backups)")

    if not isinstance(e, dict):
        raise bad("log", "is not a table")
    action = e.get("action")
    if not isinstance(action, str) or not action:
        raise bad("action", "is missing or not text")

    def whole(key: str, low: int, high: int) -> None:
        v = e.get(key)
        if key not in e:
            raise bad(key, "is missing")
        if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
            raise bad(key, f"must be a whole number from {low} to {high}")

    whole("round", 1, rounds)
    if e.get("phase") not in PHASES:
        raise bad("phase", "must be one of " + ", ".join(PHASES))
    if action == CHECKPOINT:
        if not isinstance(e.get("state"), dict):
            raise bad("state", "must be the state as a table (a checkpoint holds one)")
        if e.get("why") not in WHY:
            raise bad("why", "must be one of " + ", ".join(WHY))
    else:
        whole("n", 1, MAX_N)
        if not isinstance(e.get("fields", {}), dict):
            raise bad("fields", "must be a table")
        if "state" in e:
            raise bad("state", "is only for a checkpoint")
    for key in ("by", "request", "after", "why", "note"):
        if key in e and not isinstance(e[key], str):
            raise bad(key, "must be text")
    if "at" in e and not (isinstance(e["at"], str) and AT.fullmatch(e["at"])):
        raise bad("at", "must be a UTC time such as \"2026-11-25T12:00:00Z\"")
    said = e.get("said", [])
    if not isinstance(said, list) or not all(isinstance(x, str) for x in said):
        raise bad("said", "must be a list of text")
    return e


def count_actions(log_text: str) -> int:
    """How many actions the history holds (checkpoints left out), from its text."""
    return len(re.findall(r"(?m)^n = \d+$", log_text))


def checkpoint_starts(log_text: str) -> list[int]:
    """Where each checkpoint's block starts in ``log_text``."""
    return [m.start() for m in re.finditer(r'\n\[\[log\]\]\naction = "checkpoint"\n',
                                           log_text)]


def label(e: dict[str, Any]) -> str:
    """An entry in words without replaying it (what `undo` of a damaged file drops)."""
    if e["action"] == CHECKPOINT:
        return str(e.get("note") or "a hand edit")
    return str(e["action"])


def source_words(by: str | None) -> str | None:
    """Where an action came from, in words (as version 1 wrote it)."""
    if not by or by == "cli":
        return None
    if by == "pages":
        return "the phones (everyone done)"
    if by.startswith("page:"):
        return f"{by[5:]}'s phone"
    return by


def by_of(source: str | None) -> str:
    """The ``by`` of an action from its source in words (a page's: "Ana's phone")."""
    if not source:
        return "cli"
    if source == "the phones (everyone done)":
        return "pages"
    if source.endswith("'s phone"):
        return "page:" + source[:-len("'s phone")]
    return source


# ---------------------------------------------------------------------------- the seal

#: the history's second line: how long the rest of it is, how many entries it holds and its
#: checksum, so that every command notices a file cut short and a save notices a hand edit
#: without replaying (docs/game-file.md)
SEAL = "# sealed by rigs: "
_SEAL_LINE = re.compile(r"# sealed by rigs: (\d{1,15}) bytes, (\d{1,9}) entries, crc "
                        r"([0-9a-f]{8})(?: \(a hand edit: `rigs doctor`\))?\n")


def _body(log_text: str) -> tuple[str, re.Match | None]:
    """(the history after its marker and seal lines, the seal line's match)."""
    nl = log_text.find("\n")
    if nl < 0:
        return "", None
    m = _SEAL_LINE.match(log_text, nl + 1)
    return (log_text[m.end():] if m else log_text[nl + 1:]), m


def seal(log_text: str) -> str:
    """``log_text`` (starting with the marker line) with a fresh seal line after it."""
    import zlib

    if not log_text.startswith(MARKER):
        return log_text
    body = _body(log_text)[0]
    data = body.encode()
    return (MARKER + "\n" + f"{SEAL}{len(data)} bytes, {body.count(HEAD)} entries, crc "
            f"{zlib.crc32(data):08x} (a hand edit: `rigs doctor`)\n" + body)


def cut(log_text: str) -> bool:
    """Whether the history was cut short after rigs wrote it (cheap: every command asks):
    shorter than its seal says, and ending mid-line, with fewer entries, or with a last
    entry that lacks the fingerprint rigs writes in every entry (``after``).  An entry
    edited in place is left to :func:`sealed` (a save, `rigs doctor`)."""
    body, m = _body(log_text)
    if m is None or len(body.encode()) >= int(m.group(1)):
        return False
    last = body[body.rfind(HEAD):]
    return not body.endswith("\n") or body.count(HEAD) < int(m.group(2)) or \
        not re.search(r'(?m)^after = "', last)


def sealed(log_text: str) -> str:
    """"ok" (the history is as rigs wrote it), "none" (no seal: a file written before
    seals) or "changed" (edited, or cut: :func:`cut`)."""
    import zlib

    body, m = _body(log_text)
    if m is None:
        return "none"
    data = body.encode()
    return "ok" if len(data) == int(m.group(1)) and body.count(HEAD) == int(m.group(2)) \
        and f"{zlib.crc32(data):08x}" == m.group(3) else "changed"
