"""The history checked, not trusted (`rigs doctor`; a save or a read whose seal does not
match, store/gamelog.py ``sealed``): every entry replayed from the creation, each action's
state compared with the fingerprint it recorded (``after``), each checkpoint a save wrote
(phase, round) with the state the replay gives there, and the end with the state
at the top.  The first entry that differs is named (file, line, entry, key).

A hand edit of the history stands only as an explicit checkpoint: store/checkup.py
``accept`` (`rigs doctor --accept --reason TEXT`) writes the history as it stands, each
place where the replay and the file disagree marked as a hand edit with its reason."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rigs_helper.rules.errors import InputError, RigsError
from rigs_helper.games.rigs.oplog import CHECKPOINT, NEW, from_action
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.store import gamelog
from rigs_helper.games.rigs.hidden import show_text

if TYPE_CHECKING:
    from rigs_helper.games.rigs.engine import Outcome
    from rigs_helper.games.rigs.state import Game
    from rigs_helper.store.gamefile import Loaded

#: the checkpoints a save writes from the state it replays: they must agree with the replay
#: (the creation's is where every replay starts: a file from an older rigs, or a migrated
#: version-1 one, may hold a set-up today's `new` would make otherwise)
SAVED = ("phase", "round")
#: the checkpoints that stand for themselves (a state set outside the rules)
ACCEPTED = ("hand edit", "migrated")
_ACCEPT = "`rigs doctor --accept --reason TEXT` keeps a hand edit"


def first_diff(a: Any, b: Any, path: str = "") -> str:
    """The first key path where two state documents differ (``players[0].credits``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(a.keys() | b.keys(), key=str):
            if a.get(k, ...) != b.get(k, ...):
                return first_diff(a.get(k), b.get(k), f"{path}.{k}" if path else str(k))
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_diff(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}[{min(len(a), len(b))}]"
    return path or "the state"


def lines(loaded: Loaded) -> list[int]:
    """The file's line of each entry's ``[[log]]`` header."""
    text, out, line, at = loaded.log_text, [], loaded.log_line, 0
    for m in re.finditer(r"(?m)^\[\[log\]\]$", text):
        line += text.count("\n", at, m.start())
        at = m.start()
        out.append(line)
    return out


def where(es: list[dict[str, Any]], i: int, lines: list[int], file: str) -> str:
    e = es[i]
    at = f"line {lines[i]}: " if i < len(lines) else ""
    if e["action"] == CHECKPOINT:
        n = next((x.get("n") for x in reversed(es[:i]) if "n" in x), 0)
        return f"{file}: {at}log checkpoint after entry {n} ({e.get('why')})"
    return f"{file}: {at}log entry {e.get('n')} ({e['action']})"


def creation(fields: dict[str, Any], tables: Tables) -> Outcome:
    """The game's creation from the `new` entry's fields (names, seed, the table's dice and
    plots, the group's inventory)."""
    from rigs_helper.games.rigs.dice import parse_rolls
    from rigs_helper.games.rigs.engine import Outcome, perform
    from rigs_helper.games.rigs.setup import new_game

    out = new_game(list(fields["names"]), fields["seed"], tables,
                   parse_rolls(list(fields.get("rolls") or ()) or None),
                   fields.get("plots") or None, fields.get("dice", "rigs"),
                   cards=fields.get("cards", "table"))
    if fields.get("missing"):
        from rigs_helper.games.rigs.decks import inventory_op

        mixed = perform(out.game, inventory_op(fields["missing"], ""), tables)
        out = Outcome(mixed.game, out.messages + mixed.messages)
    if fields.get("group"):  # the group's history (`rigs new --group`)
        from dataclasses import replace

        out = Outcome(replace(out.game, group=fields["group"]), out.messages)
    return out


def performed(state: Game, op: Any, tables: Tables) -> Outcome:
    """``op`` performed on ``state``; an action the rules allowed then and refuse now (a
    draw or discard at will, before the rulings of 2026-11-25 and 2026-11-27) replays as
    it happened (its ``at_will``)."""
    from dataclasses import fields, replace

    from rigs_helper.games.rigs.engine import perform

    try:
        return perform(state, op, tables)
    except RigsError:
        if "at_will" not in {f.name for f in fields(op)} or op.at_will:
            raise
        return perform(state, replace(op, at_will=True), tables)


def step(es: list[dict[str, Any]], i: int, state: Game | None, tables: Tables) -> Game:
    """Entry ``i`` (an action) performed on ``state``."""
    e = es[i]
    if e["action"] == NEW:
        return creation(e.get("fields", {}), tables).game
    op = from_action(e["action"], e.get("fields", {}), show=show_text)
    if state is None:
        raise RigsError("no state to replay it from")
    return performed(state, op, tables).game


def stands_alone(es: list[dict[str, Any]], i: int) -> bool:
    """Whether entry ``i`` may fail to replay: a checkpoint written for it follows."""
    return i + 1 < len(es) and es[i + 1]["action"] == CHECKPOINT and \
        es[i + 1].get("why") in (*ACCEPTED, "creation")


def first_problem(loaded: Loaded, es: list[dict[str, Any]], file: str, tables: Tables
                  ) -> str | None:
    """The first entry of ``loaded``'s history (read as ``es``) that the replay does not
    bear out, in one line; None when the whole history does."""
    from rigs_helper.games.rigs.codec import from_doc, to_doc

    marks = lines(loaded)
    state: Game | None = None
    for i, e in enumerate(es):
        at = where(es, i, marks, file)
        if e["action"] == CHECKPOINT:
            try:
                g = from_doc(e["state"], f"{file} (the log's checkpoint)", tables)
            except InputError as exc:
                return f"{at} does not load: {str(exc).splitlines()[0]}"
            doc = to_doc(g, tables)
            if state is not None and e.get("why") in SAVED:
                now = to_doc(state, tables)
                if now != doc:
                    return (f"{at}: the history replayed gives another state (at "
                            f"{first_diff(now, doc)}): an entry before it or its state was "
                            f"edited; {_ACCEPT}")
            if "after" in e and not gamelog.agrees(e["after"], doc):
                return (f"{at}: its state is not the one it recorded (key 'after'); "
                        f"{_ACCEPT}")
            state = g
            continue
        try:
            state = step(es, i, state, tables)
        except (RigsError, KeyError, TypeError, ValueError) as exc:
            if stands_alone(es, i):
                continue
            why = str(exc).splitlines()[0] if str(exc) else repr(exc)
            return f"{at} does not replay (key 'fields'): {why}; {_ACCEPT}"
        if "after" in e and not gamelog.agrees(e["after"], to_doc(state, tables)):
            return (f"{at}: replayed, it gives another state than the one it recorded "
                    f"(key 'fields' or 'after', or an entry before it, was edited); {_ACCEPT}")
    if es and state is not None and "after" not in es[-1]:
        top = to_doc(loaded.game, tables)
        end = to_doc(state, tables)
        if end != top:
            return (f"{where(es, len(es) - 1, marks, file)}: the history does not end with "
                    f"the state at the top (at {first_diff(end, top)}) and its last entry "
                    f"has no key 'after'; {_ACCEPT}")
    return None


def check(loaded: Loaded, es: list[dict[str, Any]], file: str, tables: Tables) -> None:
    """Raise the history's first problem (see :func:`first_problem`)."""
    problem = first_problem(loaded, es, file, tables)
    if problem is not None:
        raise InputError(problem)
