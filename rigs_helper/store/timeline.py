"""The game's history replayed: every state, outcome and word comes from the log's typed
actions performed again from a checkpoint (the seeded generator in the state makes every
virtual draw and roll come out the same).  `undo`, `log`, the phase summaries, the board's
lines, `rigs hand`'s notes, net worth over time and `verify` read it here.

A version-1 history is migrated first (:mod:`rigs_helper.store.migrate1`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.errors import InputError, RigsError
from rigs_helper.games.rigs.oplog import CHECKPOINT, NEW, from_action
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.store import gamelog
from rigs_helper.games.rigs.hidden import show_text

if TYPE_CHECKING:
    from rigs_helper.games.rigs.engine import Op, Outcome
    from rigs_helper.store.gamefile import Loaded


class Step:
    """One entry replayed: the state before and after it, the operation and what it said
    (``outcome`` None for a checkpoint, or an old entry whose words are kept)."""

    __slots__ = ("entry", "before", "op", "outcome", "after")

    def __init__(self, entry: dict[str, Any], before: Game | None, op: Op | None,
                 outcome: Outcome | None, after: Game | None) -> None:
        self.entry, self.before, self.op, self.outcome, self.after = (
            entry, before, op, outcome, after)

    @property
    def is_action(self) -> bool:
        return self.entry["action"] != CHECKPOINT


#: the latest replays in this process: (file, tables, start, entries, steps).  A memo of
#: replaying only, in memory: the entries of a history read again are the very objects read
#: before while their text is unchanged (:func:`_parsed`), so a replay of the same file
#: starting alike replays only from the first entry that is not the same object (a save
#: appends an entry and rewrites the last); nothing is kept on disk, and a replay is a pure
#: function of its entries and start.
_REPLAYED: list[tuple[str, Tables, Game | None, list[dict[str, Any]], list[Step]]] = []
_REPLAYED_LOCK = threading.Lock()


def replay(entries: list[dict[str, Any]], tables: Tables, file: str,
           start: Game | None = None) -> list[Step]:
    """Each entry replayed, oldest first (``start``: the state before the first, when it is
    not a checkpoint or the creation)."""
    same, known = 0, None
    with _REPLAYED_LOCK:
        memos = list(_REPLAYED)
    for memo in memos:
        m_file, m_tables, m_start, m_entries, m_steps = memo
        if m_file != file or m_tables is not tables or m_start is not start or \
                not entries or not m_entries or m_entries[0] is not entries[0]:
            continue
        k, top = 0, min(len(entries), len(m_entries))
        while k < top and entries[k] is m_entries[k]:
            k += 1
        # an entry's replay looks at the one after it (a checkpoint fixing it): the last of
        # the same entries is replayed again
        k = k if k == len(entries) == len(m_entries) else k - 1
        if k > same:
            same, known = k, memo
    if known is None or same <= 0:
        steps = _replay(entries, tables, file, start)
    else:
        kept = known[4][:same]
        steps = kept + _replay(entries, tables, file, kept[-1].after, same)
    with _REPLAYED_LOCK:  # (the server's threads replay side by side)
        _REPLAYED[:] = [m for m in _REPLAYED if m is not known]
        _REPLAYED.insert(0, (file, tables, start, list(entries), steps))
        del _REPLAYED[4:]
    return list(steps)


def _replay(entries: list[dict[str, Any]], tables: Tables, file: str,
            start: Game | None = None, offset: int = 0) -> list[Step]:
    """:func:`replay` of ``entries`` from the one at ``offset`` (those before it replayed
    already: ``start`` is the state they left)."""
    from rigs_helper.games.rigs.canonical import canonical
    from rigs_helper.games.rigs.codec import from_doc
    from rigs_helper.store.histcheck import creation, performed

    steps: list[Step] = []
    state = start
    for i, e in enumerate(entries):
        if i < offset:
            continue
        action = e["action"]
        # an entry that does not replay stands only when a checkpoint written for it
        # follows (a version-1 entry migrated, a hand edit accepted, an old file's creation):
        # never a phase's
        fixed = i + 1 < len(entries) and entries[i + 1]["action"] == CHECKPOINT and \
            entries[i + 1].get("why") in ("migrated", "hand edit", "creation")
        if action == CHECKPOINT:
            try:
                g = from_doc(e["state"], f"{file} (the log's checkpoint)", tables)
            except InputError as exc:
                raise InputError(f"{file}: log checkpoint after entry {_last_n(entries, i)} "
                                 f"does not load: {exc}") from None
            steps.append(Step(e, state, None, None, g))
            state = g
            continue
        op = None
        try:
            if action == NEW:
                out: Outcome | None = creation(e.get("fields", {}), tables)
            else:
                op = from_action(action, e.get("fields", {}), show=show_text)
                if state is None:
                    raise RigsError("no state to replay it from")
                out = performed(state, op, tables)
                # an entry written before the log was canonical: resolved as it is read
                op = canonical(op, state, tables, out.game, cards=False)
        except (RigsError, KeyError, TypeError, ValueError) as exc:
            if not fixed:  # a checkpoint after it would give its state; none does
                raise InputError(f"{file}: log entry {e.get('n')} ({action}) does not "
                                 f"replay: {str(exc).splitlines()[0] if str(exc) else exc!r}"
                                 " (`rigs doctor`)") from None
            out = None
        after = out.game if out is not None else state
        steps.append(Step(e, state, op, out, after))
        state = after
    return steps


def _last_n(entries: list[dict[str, Any]], i: int) -> object:
    return next((e.get("n") for e in reversed(entries[:i]) if "n" in e), 0)


def entries(loaded: Loaded, file: str, tables: Tables, check: bool = True
            ) -> list[dict[str, Any]]:
    """Every entry of the history (a version-1 history migrated), each checked; a history
    not sealed as rigs wrote it is replayed and checked whole first (unless not ``check``:
    `rigs verify` compares for itself)."""
    cached = loaded.entries
    if cached is not None:
        return cached
    if loaded.version == 1:
        from rigs_helper.store.migrate1 import migrate

        out = migrate(loaded, file, tables)
    else:
        out = _parsed(loaded.log_text, file, tables.constants.rounds, loaded.log_line)
        if check and gamelog.sealed(loaded.log_text) != "ok":  # edited, or written before
            from rigs_helper.store import histcheck

            histcheck.check(loaded, out, file, tables)
    loaded.entries = out
    return out


#: the entries of the history last read of each file, in this process: (its text, where
#: each entry starts, the entries).  A memo of reading only, in memory: a process that
#: reads a game again (`rigs serve` after each phone's action, the tests) parses only the
#: entries whose text changed or is new (a save appends an entry, drops the last
#: entry's ``after`` and perhaps a phase's checkpoint); nothing is kept on disk.
_READ: dict[tuple[str, int, int], tuple[str, list[int], list[dict[str, Any]]]] = {}


def _parsed(log_text: str, file: str, rounds: int, first_line: int, first: int = 0
            ) -> list[dict[str, Any]]:
    """``gamelog.parse`` of the whole history (or of its end from a checkpoint: ``first``
    entries come before ``log_text``), the entries read before with the same text
    (:data:`_READ`) not parsed again."""
    import re

    starts = [m.start() for m in re.finditer(r"(?m)^\[\[log\]\]", log_text)]
    memo = _READ.get((file, rounds, first))
    same = 0  # how many entries from the first have the text they had
    if memo is not None and starts:
        old_text, old_starts, old = memo
        # (from the first entry on: the seal line above it changes with every save)
        s0, o0 = starts[0], old_starts[0] if old_starts else 0
        low, high = 0, min(len(starts), len(old_starts))
        while low < high:  # the entries 0..k-1 unchanged: their text up to entry k's start
            k = (low + high + 1) // 2
            end = starts[k] if k < len(starts) else len(log_text)
            old_end = old_starts[k] if k < len(old_starts) else len(old_text)
            if end - s0 == old_end - o0 and log_text.startswith(old_text[o0:old_end], s0):
                low = k
            else:
                high = k - 1
        same = low
    kept = memo[2][:same] if memo is not None else []
    if same < len(starts):
        at = starts[same] if same else 0
        prev = next((e["n"] for e in reversed(kept) if "n" in e), None)
        before = None
        for e in kept[-64:]:  # (the day: of the nearest entry that keeps its time)
            before = gamelog.when(e, before)
        kept += gamelog.parse(log_text[at:], file, rounds, first=first + same,
                              first_line=first_line + log_text.count("\n", 0, at), prev=prev,
                              before=before)
    with _REPLAYED_LOCK:
        _READ.pop((file, rounds, first), None)
        while len(_READ) >= 8:  # (a few games' at a time: a copy undone beside the game)
            del _READ[next(iter(_READ))]
        _READ[(file, rounds, first)] = (log_text, starts, kept)
    return list(kept)


def whole(loaded: Loaded, file: str, tables: Tables) -> list[Step]:
    """The whole history replayed."""
    return replay(entries(loaded, file, tables), tables, file)


def recent(loaded: Loaded, file: str, tables: Tables, actions: int = 1,
           upto: Callable[[dict[str, Any]], bool] | None = None) -> list[Step]:
    """The history replayed from the latest checkpoint that leaves at least ``actions``
    actions after it (or from the start): a long game costs what its last phase costs.
    ``upto``: the entries at the end it holds true for are left out (not replayed), for a
    caller that passes over them."""
    if loaded.version == 1:
        return whole(loaded, file, tables)
    if loaded.entries is not None:  # read already: replay its end
        es = loaded.entries
        marks = [i for i, e in enumerate(es) if e["action"] == CHECKPOINT][1:]
        for i in reversed(marks):
            if sum(1 for e in es[i:] if e["action"] != CHECKPOINT) >= actions:
                return replay(_upto(es[i:], upto), tables, file)
        return replay(_upto(es, upto), tables, file)
    text = loaded.log_text
    starts = gamelog.checkpoint_starts(text)
    for at in reversed(starts[1:]):  # the first is the creation's: replay it all then
        tail = text[at:]
        if gamelog.count_actions(tail) >= actions:
            # (read as the memo of this process read it before: the same entries, so the
            # replay memo replays only what is new since; a server reads after each save)
            part = _parsed(tail, file, tables.constants.rounds,
                           loaded.log_line + text.count("\n", 0, at),
                           first=text.count(gamelog.HEAD, 0, at))
            return replay(_upto(part, upto), tables, file)
    return replay(_upto(entries(loaded, file, tables), upto), tables, file)


def _upto(es: list[dict[str, Any]], upto: Callable[[dict[str, Any]], bool] | None
          ) -> list[dict[str, Any]]:
    """``es`` without the entries at its end ``upto`` holds true for (one kept at least:
    the replay of a list's start is the start of its replay)."""
    if upto is None:
        return es
    k = len(es)
    while k > 1 and upto(es[k - 1]):
        k -= 1
    return es[:k]


def state_before(steps: list[Step], n: int) -> tuple[Game, int]:
    """(the state just before action ``n``, the index of the first step to drop)."""
    for i, s in enumerate(steps):
        if s.is_action and s.entry.get("n") == n:
            if s.before is None:
                raise InputError("the game's creation cannot be undone")
            return s.before, i
    raise KeyError(n)


def said(step: Step, viewer: str | None = None) -> list[str]:
    """What the step said, as ``viewer`` may read it: the public lines, and the private
    lines for ``viewer`` alone (a player's name; None: the public)."""
    if step.outcome is None:
        return [str(x) for x in step.entry.get("said", [])]
    lines = list(step.outcome.messages)
    if viewer is not None:
        lines += [t for who, t in step.outcome.private if who == viewer]
    return lines


def private_lines(step: Step, viewer: str) -> list[str]:
    if step.outcome is None:
        return []
    return [t for who, t in step.outcome.private if who == viewer]


def action_words(step: Step, viewer: str | None = None) -> str:
    """The command that did the step's action, as ``viewer`` may read it."""
    from rigs_helper.games.rigs.oplog import words

    e = step.entry
    if step.op is not None:
        return words(step.op, viewer)
    if e["action"] == NEW:
        return new_words(e.get("fields", {}))
    return str(e.get("fields", {}).get("words", e["action"]))


def new_words(fields: dict[str, Any]) -> str:
    """`new` as the table typed it (never the seed)."""
    from rigs_helper.rules.text import shell_word  # noqa: F401  (names as typed)

    s = "new " + " ".join(f"--player {n!r}" for n in fields.get("names", ()))
    s += "".join(f" --roll {r}" for r in fields.get("rolls") or ())
    for who, types in (fields.get("plots") or {}).items():
        s += f" --plots {who + '=' + ','.join(types)!r}"
    if fields.get("dice", "rigs") != "rigs":
        s += f" --dice {fields['dice']}"
    if fields.get("have"):
        s += " " + str(fields["have"])
    return s


def ledger(step: Step) -> list[str]:
    """Where every unit the action moved came from or went to, then the RIGS and plots it
    moved."""
    from rigs_helper.games.rigs.history import moves
    from rigs_helper.games.rigs.names import signed

    if step.outcome is None or step.before is None or step.after is None:
        return [str(x) for x in step.entry.get("ledger", [])]
    rows = step.outcome.data.get("ledger") or ()
    return [f"{x['player']} {signed(x['change'], x['what'])} ({x['source']})"
            for x in rows] + moves(step.before, step.after)
