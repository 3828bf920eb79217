"""Stepping back: `rigs undo` (the history replayed to the action before, or a sound
backup when the file is damaged) and `rigs restore` (one of the last saves).  Under the
game file's lock, like every write (:mod:`session`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rigs_helper.rules.errors import InputError, RigsError, RulesError
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.store import backups, gamelog, timeline
from rigs_helper.games.rigs.codec import to_doc
from rigs_helper.store.files import read_text
from rigs_helper.store.gamefile import load_text
from rigs_helper.store.gamelog import MARKER
from rigs_helper.store.session import (
    history_problems,
    missing_file,
    save,
    verify,
    write_game,
    writing,
)
from rigs_helper.store.tablefiles import load_tables


class Undone:
    """What `undo` did: the actions undone (oldest first, as the public reads them), the
    state now, and a note when a damaged file was first brought back to the last state
    rigs saved."""

    def __init__(self, actions: list[str], game: Game, note: str = "") -> None:
        self.actions, self.game, self.note = actions, game, note


def undo(path: Path, n: int = 1, force: bool = False, tables: Tables | None = None) -> Undone:
    """Step back ``n`` actions: the history replayed from its checkpoint to the action
    before them (decks and the generator included: redoing a draw gives the same card).

    A state edited by hand since the last action is dropped only with ``force``.  A damaged
    file first goes back to the last save that loads (its backups), which counts as the
    first step."""
    tables = tables or load_tables()
    if n < 1:
        raise InputError("undo needs a number of actions of 1 or more")
    if not path.exists():
        raise missing_file(path)
    with writing(path):
        text = read_text(path)
        try:
            loaded = load_text(text, str(path), tables)
            have = gamelog.count_actions(loaded.log_text) if loaded.version == 2 else None
            if have is not None and have - 1 < n:
                raise _too_many(have)
            timeline.entries(loaded, str(path), tables)  # all read: a damaged one refuses
            steps = timeline.recent(loaded, str(path), tables, actions=n)
        except InputError as exc:
            return _undo_damaged(path, text, n, force, tables, exc)
        return _step_back(path, loaded, steps, n, force, tables)


def _too_many(have: int) -> RulesError:
    k = max(have - 1, 0)
    return RulesError(f"only {k} action{'s' if k != 1 else ''} can be undone",
                      rule="a game cannot be undone past its creation")


def _step_back(path: Path, loaded, steps: list[timeline.Step], n: int, force: bool,
               tables: Tables, note: str = "") -> Undone:
    actions = [s for s in steps if s.is_action]
    last_n = actions[-1].entry["n"] if actions else 1
    if last_n - 1 < n:
        raise _too_many(last_n)
    now = to_doc(loaded.game, tables)
    if not force and steps and steps[-1].after is not None and \
            to_doc(steps[-1].after, tables) != now:
        raise RulesError("the game file was edited by hand since the last action; undo "
                         "would drop that edit (use --force to undo anyway)")
    target = last_n - n + 1  # the first action undone
    game, cut = timeline.state_before(steps, target)
    undone = [timeline.action_words(s) for s in steps[cut:] if s.is_action]
    # the history up to the action undone: the text before its block (checkpoints kept),
    # with the checkpoint of the phase it goes back to as a save in that phase kept it
    log_text = _history_before(path, loaded, tables, target)
    if loaded.version == 2:
        found = _phase_checkpoint(log_text, steps[:cut], game, tables)
        if found is None and steps and steps[0].entry["action"] != "new":
            steps = timeline.whole(loaded, str(path), tables)  # the opener is further back
            found = _phase_checkpoint(log_text, steps[:timeline.state_before(
                steps, target)[1]], game, tables)
        log_text = found if found is not None else log_text
    doc = to_doc(game, tables)
    write_game(path, doc, _with_after(log_text, doc), tables, game)
    return Undone(undone, game, note)


def _phase_checkpoint(log_text: str, steps: list[timeline.Step], game: Game,
                      tables: Tables) -> str | None:
    """``log_text`` with a `phase` checkpoint before the action that opened ``game``'s
    phase, when none is there (a later phase's took its place); None when that action is
    not among ``steps``."""
    import re

    here = (game.round, game.phase)
    for i in range(len(steps) - 1, -1, -1):
        s = steps[i]
        if s.before is None:
            return log_text if s.entry["action"] == "new" else None
        if (s.before.round, s.before.phase) == here:
            continue
        if not s.is_action or (i and not steps[i - 1].is_action):
            return log_text  # a checkpoint is there (or the replay began there)
        m = re.search(rf"(?m)^n = {s.entry['n']}$", log_text)
        if m is None:
            return log_text
        at = log_text.rfind(gamelog.HEAD, 0, m.start())
        b = s.before
        # (its time: the action's it comes before, whose day the next entries may keep)
        cp = gamelog.entry_text({"action": "checkpoint", "round": b.round, "phase": b.phase,
                                 "at": s.entry.get("at") or gamelog.now(), "why": "phase",
                                 "state": to_doc(b, tables)})
        return log_text[:at] + cp + log_text[at:]
    return None


def _history_before(path: Path, loaded, tables: Tables, target: int) -> str:
    """The history's text without action ``target`` and all after it."""
    if loaded.version == 1:
        es = timeline.entries(loaded, str(path), tables)
        keep = []
        for e in es:
            if e.get("n") == target:
                break
            keep.append(e)
        return gamelog.history_text(keep)
    import re

    m = re.search(rf"(?m)^n = {target}$", loaded.log_text)
    assert m is not None
    at = loaded.log_text.rfind(gamelog.HEAD, 0, m.start())
    text = loaded.log_text[:at]
    last = gamelog.checkpoint_starts(text)
    if last and gamelog.HEAD not in text[last[-1] + 1:] and re.search(
            r'(?m)^why = "(phase|round)"$', text[last[-1]:]):
        text = text[:last[-1]]  # written with the action undone
    return text


def _with_after(log_text: str, doc: dict[str, Any]) -> str:
    """The history with its last entry's fingerprint set to ``doc``'s (kept as written
    when it is ``doc``'s already)."""
    import re

    from rigs_helper.store.session import _without_after

    m = re.search(r'(?m)^after = "([0-9a-f]*)"$', log_text[log_text.rfind(gamelog.HEAD):])
    if m and gamelog.agrees(m.group(1), doc):
        return log_text
    text = _without_after(log_text)
    i = text.rfind(gamelog.HEAD)
    if i < 0:
        return text
    head, sep, rest = text[i + len(gamelog.HEAD):].partition("\n\n")
    line = f'after = "{gamelog.fingerprint(doc)}"'
    if "\nsaid = " in "\n" + head:  # (the order entry_text writes: after, then said)
        k = ("\n" + head).index("\nsaid = ")
        head = head[:k].rstrip("\n") + "\n" + line + "\n" + head[k:]
        return text[:i] + gamelog.HEAD + head + sep + rest
    return text[:i] + gamelog.HEAD + head + "\n" + line + sep + rest if sep else \
        text[:i] + gamelog.HEAD + head.rstrip("\n") + "\n" + line + "\n"


def _undo_damaged(path: Path, text: str, n: int, force: bool, tables: Tables,
                  problem: InputError) -> Undone:
    """Undo when the file does not load (or its history does not replay): back to the
    newest backup that loads (what it drops: the entries logged since, or the hand edit),
    then the rest of the steps from there; without one, the history replayed without its
    last ``n`` entries."""
    from rigs_helper.store.gamefile import split_text

    try:
        damaged = gamelog.parse(split_text(text)[1], str(path), tables.constants.rounds)
    except (RigsError, RecursionError):
        damaged = []
    for i, b in enumerate(backups.entries(path), 1):  # newest first
        try:
            good = read_text(b)
            loaded = load_text(good, str(b), tables)
        except (RigsError, RecursionError):
            continue
        if good == text or history_problems(loaded, b, tables):
            continue
        kept = len(timeline.entries(loaded, str(b), tables))
        dropped = [gamelog.label(e) for e in damaged[kept:]
                   if e["action"] != "checkpoint" or e.get("why") == "hand edit"]
        dropped = dropped or ["a change that broke the game file"]
        backups.keep(path, text)  # the damaged file too: nothing is lost
        save(path, good)
        note = (f"the game file did not load ({problem}); back to the last state that loads "
                f"(backup {i}, {b.name}); the damaged file is kept as a backup")
        if n <= len(dropped):
            return Undone(dropped, loaded.game, note)
        steps = timeline.whole(loaded, str(path), tables)
        done = _step_back(path, loaded, steps, n - len(dropped), force, tables, note)
        return Undone(done.actions + dropped, done.game, note)
    droppable = [k for k, e in enumerate(damaged)
                 if e["action"] not in ("checkpoint", "new") or e.get("why") == "hand edit"]
    if len(droppable) >= n:
        cut = droppable[-n]
        keep = damaged[:cut]
        while keep and keep[-1].get("why") in ("phase", "round"):
            keep.pop()
        try:
            steps = timeline.replay(keep, tables, str(path))
            game = steps[-1].after
            if game is None:
                raise RigsError("no state to step back to")
            doc = to_doc(game, tables)
            log_text = gamelog.history_text(keep)
            write_game(path, doc, _with_after(log_text, doc), tables, game)
            return Undone([gamelog.label(e) for e in damaged[cut:]
                           if e["action"] != "checkpoint" or e.get("why") == "hand edit"],
                          game)
        except (RigsError, IndexError):
            pass
    raise InputError(f"{path}: cannot undo: the file does not load ({problem}) and no "
                     "backup of a state that loads is left; `rigs doctor` lists every "
                     "problem")


def backup_list(path: Path, tables: Tables | None = None) -> list[dict[str, Any]]:
    """The backups of ``path``, newest first: number, file, whether it loads, its round,
    phase and last action, and whether it is the game file as it is now."""
    tables = tables or load_tables()
    current = path.read_text(encoding="utf-8", errors="replace") if path.exists() else None
    out = []
    for i, b in enumerate(backups.entries(path), 1):
        row: dict[str, Any] = {"n": i, "file": b.name, "current": False, "loads": False}
        try:
            text = read_text(b)
            loaded = load_text(text, str(b), tables)
            steps = timeline.recent(loaded, str(b), tables)  # a damaged history refuses
            acts = [s for s in steps if s.is_action]
            row.update(loads=True, current=text == current, round=loaded.game.round,
                       phase=loaded.game.phase,
                       action=timeline.action_words(acts[-1]) if acts else "?")
        except (RigsError, RecursionError) as exc:
            row["problem"] = str(exc).split("\n")[0]
        out.append(row)
    return out


def restore(path: Path, n: int | None = None, tables: Tables | None = None
            ) -> tuple[dict[str, Any], Game]:
    """Put backup ``n`` (1 = newest) back as the game file; without ``n`` the newest
    backup that loads and differs from the file now.  The file it replaces is kept as a
    backup, so a restore can itself be undone by another."""
    tables = tables or load_tables()
    with writing(path):
        rows = backup_list(path, tables)
        if not rows:
            raise InputError(f"{path}: no backups ({backups.folder(path).name} is empty)")
        if n is None:
            pick = next((r for r in rows if r["loads"] and not r["current"]), None)
            if pick is None:
                raise InputError(f"{path}: no backup that loads differs from the file now "
                                 "(`rigs restore --list`)")
        elif n > len(rows):
            raise InputError(f"there {'is' if len(rows) == 1 else 'are'} only {len(rows)} "
                             f"backup{'s' if len(rows) != 1 else ''}; "
                             "`rigs restore --list` lists them")
        else:
            pick = rows[n - 1]
        good = read_text(backups.folder(path) / pick["file"])
        loaded = verify(good, path, tables)
        pick = {**pick, "replaced": path.exists()}
        if path.exists():
            now = path.read_bytes()
            if not any(r["current"] for r in rows):
                backups.keep(path, now.decode("utf-8", errors="surrogateescape"))
        save(path, good)
    return pick, loaded.game
