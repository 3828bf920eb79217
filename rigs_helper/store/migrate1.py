"""A version-1 history as version-2 entries (docs/game-file.md, "Migrating").

A version-1 entry kept the state's undo diff and the action as data (``op``).  Applying the
diffs backwards from the current state gives every earlier state, the creation included;
the creation becomes the first checkpoint, each ``op`` a typed action, and each action is
replayed: where the replay does not give the state the diffs give (a hand edit, a rule
changed since, an entry without ``op``), a checkpoint holding that state follows the
action, with the words the old entry kept.  Nothing is dropped.  Before an action that
opens a phase, the checkpoints a version-2 save keeps (every fourth round's, and the last
phase's), so that `undo` of the migrated file replays its last phase, not the game."""

from __future__ import annotations

from dataclasses import fields, replace

import json
from typing import Any, cast

from rigs_helper.rules.errors import InputError, RigsError
from rigs_helper.games.rigs.oplog import CHECKPOINT, NEW, op_classes, op_from_json, to_action
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.store.gamefile import Loaded
from rigs_helper.store.gamelog import by_of, fingerprint
from rigs_helper.games.rigs.hidden import hide_text


def _head(e: dict[str, Any], n: int) -> dict[str, Any]:
    out = {"n": n, "round": e["round"], "phase": e["phase"],
           "by": by_of(e.get("source"))}
    if e.get("request_id"):
        out["request"] = str(e["request_id"])
    return out


def _checkpoint(e: dict[str, Any], doc: dict[str, Any], why: str) -> dict[str, Any]:
    return {"action": CHECKPOINT, "round": doc.get("round", e["round"]),
            "phase": doc.get("phase", e["phase"]), "why": why, "state": doc}


class _NotAsRead(Exception):
    """A state the undo diffs give that a read would give otherwise (or refuse)."""


def migrate(loaded: Loaded, file: str, tables: Tables) -> list[dict[str, Any]]:
    from rigs_helper.store.historytext import log_entries

    old = log_entries(loaded.log_text, file, first_line=loaded.log_line)
    if not old:
        return []
    try:  # each state read only where no replay gives it (reading it was half the time)
        return _migrated(old, _stepped_back(loaded, old, tables), None, file, tables)
    except _NotAsRead:  # (a state as the diffs give it is not as read: each one read)
        docs, games = _read_back(loaded, old, file, tables)
        return _migrated(old, docs, games, file, tables)


def _stepped_back(loaded: Loaded, old: list[dict[str, Any]], tables: Tables
                  ) -> list[dict[str, Any]]:
    """The state after each entry, oldest first, as the undo diffs give them from the
    current state.  Each is the one :func:`_read_back` gives where every one is as
    ``to_doc`` writes it (a state read and written again); :func:`_migrated` makes sure of
    that as it goes (each is the document of a replayed state, or is read and written
    back the same), else :class:`_NotAsRead`."""
    from rigs_helper.games.rigs.codec import to_doc

    docs = [to_doc(loaded.game, tables)]  # newest first
    for e in reversed(old[1:]):
        try:
            docs.append(_undone(docs[-1], json.loads(e["undo"])))
        except (RigsError, TypeError, ValueError, KeyError, IndexError):
            raise _NotAsRead from None
    docs.reverse()
    return docs


def _read_back(loaded: Loaded, old: list[dict[str, Any]], file: str, tables: Tables
               ) -> tuple[list[dict[str, Any]], list[Any]]:
    """The state after each entry, oldest first, as the undo diffs give them from the
    current state, each read (and written again) before the next is stepped back to."""
    from rigs_helper.games.rigs.codec import from_doc, to_doc

    docs = [to_doc(loaded.game, tables)]  # the state after each entry, newest first
    games = [loaded.game]  # (and as read: each state read once, replayed from below)
    for e in reversed(old[1:]):
        try:
            games.append(from_doc(_undone(docs[-1], json.loads(e["undo"])), file, tables))
            docs.append(to_doc(games[-1], tables))
        except (RigsError, TypeError, ValueError, KeyError, IndexError):
            raise InputError(f"{file}: log entry {e.get('n')} is damaged (key 'undo'): the "
                             "version-1 history cannot be stepped back (`rigs doctor`)"
                             ) from None
    docs.reverse()
    games.reverse()
    return docs, games


def _migrated(old: list[dict[str, Any]], docs: list[dict[str, Any]], games: list[Any] | None,
              file: str, tables: Tables) -> list[dict[str, Any]]:
    """The version-2 entries of ``old``, whose states are ``docs`` (``games``: each read;
    None: each read here where no replay gives it, :func:`_stepped_back`)."""
    from rigs_helper.games.rigs.codec import from_doc, to_doc

    def read(k: int) -> Any:
        if games is not None:
            return games[k]
        try:
            g = from_doc(docs[k], file, tables)
            if to_doc(g, tables) == docs[k]:
                return g
        except (RigsError, TypeError, ValueError, KeyError, IndexError):
            pass
        raise _NotAsRead

    ops = op_classes()
    first = old[0]
    out: list[dict[str, Any]] = []
    new = {**_head(first, 1), "action": NEW}
    try:
        new["fields"] = json.loads(first["op"])["args"]
    except (KeyError, TypeError, ValueError):
        new["fields"] = {}
    out += [new, _checkpoint(first, docs[0], "creation")]
    state = read(0)
    for k, e in enumerate(old[1:], start=1):
        entry = _head(e, k + 1)
        op = None
        try:
            op = op_from_json(e["op"], ops)
            entry["action"], entry["fields"] = to_action(op, hide_text)
        except (KeyError, TypeError, ValueError):
            entry["action"], entry["fields"] = "recorded", {"words": str(e.get("action"))}
        after = None  # the state replayed, when it is the one the diffs give
        if op is not None:
            after = _replays(state, op, docs[k], tables)
            if after is None and "at_will" in {f.name for f in fields(cast(Any, op))}:
                legacy = replace(cast(Any, op), at_will=True)  # allowed then, not now: kept as it was
                after = _replays(state, legacy, docs[k], tables)
                if after is not None:
                    op = legacy
                    entry["action"], entry["fields"] = to_action(op, hide_text)
        if _opens_phase(docs[k - 1], docs[k]) and out[-1]["action"] != CHECKPOINT:
            out += _phase_checkpoint(out, e, docs[k - 1], docs[k])
        out.append(entry)
        # (a replayed state is the one read: its document is the state's, and a state read
        # and written back gives the same document, as every save makes sure)
        state = after if after is not None and games is None else read(k)
        if after is None:
            cp = _checkpoint(e, docs[k], "migrated")
            cp["said"] = [str(x) for x in e.get("said", [])]
            out.append(cp)
    out[-1]["after"] = fingerprint(docs[-1])
    return out


def _undone(doc: dict[str, Any], changes: list[list]) -> dict[str, Any]:
    """``undo_diff`` of ``doc``, which stays as it is: the tables and lists on the changed
    paths are copied, the rest shared (a whole copy of each state cost a sixth of the
    migration's time)."""
    from rigs_helper.store.historytext import undo_diff

    root = dict(doc)
    fresh = {id(root)}
    for path, _ in changes:
        target: Any = root
        for k in path[:-1]:
            try:
                child = target[k]
            except (KeyError, IndexError, TypeError):
                break  # (made by an earlier change of this diff: a value of its own)
            if id(child) not in fresh and isinstance(child, (dict, list)):
                child = dict(child) if isinstance(child, dict) else list(child)
                fresh.add(id(child))
                target[k] = child
            target = child
    return undo_diff(root, changes)


def _opens_phase(before: dict[str, Any], after: dict[str, Any]) -> bool:
    return (before.get("round"), before.get("phase")) != (after.get("round"),
                                                           after.get("phase"))


def _phase_checkpoint(out: list[dict[str, Any]], e: dict[str, Any], before: dict[str, Any],
                      after: dict[str, Any]) -> list[dict[str, Any]]:
    """The checkpoint a version-2 save keeps before an action that opens a phase (where
    `undo` and the phase summary replay from: ``session.commit``); those kept before only
    for their phase dropped from ``out``, a `migrated` checkpoint after them or not (each
    entry still replays: from an earlier checkpoint, every step up to a `migrated` one
    gives the state its undo record gave)."""
    out[:] = [x for x in out if not (x["action"] == CHECKPOINT and x.get("why") == "phase")]
    return [_checkpoint(e, before, "phase")]


def _replays(state: Any, op: Any, doc: dict[str, Any], tables: Tables) -> Any:
    """The state ``op`` performed on ``state`` gives, if its document is ``doc`` (else
    None)."""
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.codec import to_doc

    try:
        after = perform(state, op, tables).game
    except RigsError:
        return None
    return after if to_doc(after, tables) == doc else None
