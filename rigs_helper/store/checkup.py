"""`rigs doctor` on a game file: every problem it has, and notes on a sound one; `rigs
doctor --accept`: a hand edit of the history kept as such."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rigs_helper.games.rigs.tables import Tables
from rigs_helper.store import gamelog
from rigs_helper.games.rigs.codec import to_doc
from rigs_helper.store.files import read_text
from rigs_helper.store.gamefile import load_text
from rigs_helper.store.session import missing_file
from rigs_helper.store.tablefiles import load_tables


def examine(path: Path, tables: Tables | None = None) -> tuple[list[str], list[str]]:
    """Every problem of the game file (each with its line and key), and notes on a sound
    file (a hand edit since the last action)."""
    from rigs_helper.store.fileproblems import game_problems

    tables = tables or load_tables()
    if not path.exists():
        raise missing_file(path)
    text = read_text(path)
    problems = game_problems(text, str(path), tables)
    notes = []
    if not problems:
        loaded = load_text(text, str(path), tables)
        from rigs_helper.store import timeline

        es = timeline.entries(loaded, str(path), tables)
        if es and not gamelog.agrees(es[-1].get("after"), to_doc(loaded.game, tables)):
            notes.append(f"{path}: the state was edited by hand since the last action (the "
                         "next command records the edit in the history)")
    return problems, notes


def accept(path: Path, reason: str, tables: Tables) -> int:
    """Write the history as it stands, each entry the replay does not bear out kept as a
    hand edit with ``reason`` (a checkpoint holding the state the file says); the number of
    places marked.  Refused, nothing written, when an entry does not even read."""
    from rigs_helper.rules.errors import InputError, RigsError
    from rigs_helper.games.rigs.oplog import CHECKPOINT
    from rigs_helper.store import histcheck
    from rigs_helper.games.rigs.codec import from_doc
    from rigs_helper.store.session import write_game, writing

    reason = " ".join(reason.split())
    if not reason:
        raise InputError("--reason: say why the hand edit stands (it is kept in the history)")
    if not path.exists():
        raise missing_file(path)
    with writing(path):
        text = read_text(path)
        loaded = load_text(text, str(path), tables, whole=False)
        if loaded.version != 2 or not loaded.log_text:
            raise InputError(f"{path}: nothing to accept (no version-2 history)")
        try:
            es = gamelog.parse(loaded.log_text, str(path), tables.constants.rounds,
                               first_line=loaded.log_line)
        except InputError as exc:
            raise InputError(f"{str(exc).split(' (`rigs doctor`')[0]}: an entry that does "
                             "not read cannot be accepted; fix it, or `rigs restore "
                             "--list`") from None
        top = to_doc(loaded.game, tables)
        out: list[dict[str, Any]] = []
        marked = refreshed = 0
        state: Any = None

        def mark(doc: dict[str, Any], e: dict[str, Any]) -> dict[str, Any]:
            return {"action": CHECKPOINT, "round": doc.get("round", e["round"]),
                    "phase": doc.get("phase", e["phase"]), "why": "hand edit",
                    "note": reason, "state": doc, "after": gamelog.fingerprint(doc)}

        for i, e in enumerate(es):
            e = dict(e)
            if e["action"] == CHECKPOINT:
                try:
                    g = from_doc(e["state"], str(path), tables)
                except InputError as exc:
                    at = histcheck.where(es, i, histcheck.lines(loaded), str(path))
                    raise InputError(f"{at} does not load ({exc}): it cannot be "
                                     "accepted") from None
                doc = to_doc(g, tables)
                if state is not None and e.get("why") in histcheck.SAVED and \
                        to_doc(state, tables) != doc:
                    e.update(why="hand edit", note=reason)
                    marked += 1
                if "after" in e:
                    e["after"] = gamelog.fingerprint(doc)
                out.append(e)
                state = g
                continue
            try:
                state = histcheck.step(es, i, state, tables)
            except (RigsError, KeyError, TypeError, ValueError):
                if state is None:
                    at = histcheck.where(es, i, histcheck.lines(loaded), str(path))
                    raise InputError(f"{at} does not replay and no state comes before "
                                     "it: it cannot be accepted") from None
                out.append(e)
                if not histcheck.stands_alone(es, i):
                    out.append(mark(to_doc(state, tables), e))
                    marked += 1
                continue
            doc = to_doc(state, tables)
            if "after" in e and not gamelog.agrees(e["after"], doc):
                refreshed += 1  # (its state now as replayed: a checkpoint marks the edit)
            e["after"] = gamelog.fingerprint(doc)
            out.append(e)
        if state is None or to_doc(state, tables) != top:
            out.append(mark(top, {"round": loaded.game.round, "phase": loaded.game.phase}))
            marked += 1
        if not marked and not refreshed and gamelog.sealed(loaded.log_text) == "ok":
            return 0
        log_text = gamelog.history_text(out)
        from rigs_helper.store.gamefile import split_text

        new = load_text(split_text(text)[0] + gamelog.seal(log_text), str(path), tables)
        problem = histcheck.first_problem(new, gamelog.parse(new.log_text, str(path),
                                                   tables.constants.rounds), str(path), tables)
        if problem is not None:
            raise InputError(f"cannot accept: {problem}")
        write_game(path, top, log_text, tables)
    return marked
