"""A game file of a game on the protocol (rigs_helper/game/protocol.py; RIG today): the
settings, the state and the log of typed actions in one TOML file, read and written with
the same lock, atomic save and backups as a R.I.G.S. file.

    game = "rig"          # the game (a file without the key is R.I.G.S.)
    version = 1           # the version of the game's state document
    [settings]            # what `rigs new` was given: players, seed, ...
    [state]               # the state now (the game's codec)
    [[log]]               # one entry per action: n, at (UTC), the action's fields, said

Undo replays the log without its last entries from the settings: the state before an
action is exactly the state it was.
"""

from __future__ import annotations

import time
import tomli
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rigs_helper.game.play import perform, replay
from rigs_helper.game.protocol import Outcome
from rigs_helper.rules.errors import InputError
from rigs_helper.store import backups
from rigs_helper.store.files import read_text, write_atomic
from rigs_helper.store.lock import locked


@dataclass(frozen=True)
class Loaded:
    game: Any             # the game object
    settings: dict[str, Any]
    state: Any
    log: list[dict[str, Any]]  # the entries as stored
    actions: list[Any]    # the same, as typed actions


def now() -> str:
    """``at``: UTC, ISO 8601, to the second; ``SOURCE_DATE_EPOCH`` (seconds since 1970),
    when set, stands for the clock, as for a reproducible build (the same commands write
    the same file)."""
    import os

    fixed = os.environ.get("SOURCE_DATE_EPOCH", "")
    return time.strftime("%Y-%m-%dT%H:%M:%SZ",
                         time.gmtime(int(fixed) if fixed.isdigit() else None))


def _game(name: Any, path: Path) -> Any:
    from rigs_helper.games import NAMES, get

    if name not in NAMES:
        raise InputError(f"{path}: game = {name!r} is not a game rigs knows "
                         f"({', '.join(NAMES)})")
    return get(name)


def load(path: Path) -> Loaded:
    text = read_text(path)
    try:
        doc = tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        raise InputError(f"{path}: not valid TOML: {exc}") from None
    game = _game(doc.get("game"), path)
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InputError(f"{path}: version: a whole number from 1 is needed")
    if version > game.version:
        raise InputError(f"{path}: version {version} is newer than this rigs-helper "
                         f"understands ({game.version}): upgrade rigs-helper")
    settings, state = doc.get("settings"), doc.get("state")
    if not isinstance(settings, dict) or not isinstance(state, dict):
        raise InputError(f"{path}: the [settings] and [state] tables are needed")
    log = doc.get("log", [])
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        raise InputError(f"{path}: log: a list of [[log]] tables")
    try:
        st = game.decode(state, "state")
        actions = [game.action_from_doc(e, f"log[{k}]") for k, e in enumerate(log)]
    except InputError as exc:
        raise InputError(f"{path}: {exc}") from None
    return Loaded(game, settings, st, log, actions)


def _text(game: Any, settings: dict[str, Any], state: Any, log: list[dict[str, Any]]) -> str:
    import tomli_w

    doc = {"game": game.name, "version": game.version, "settings": settings,
           "state": game.encode(state), "log": log}
    return tomli_w.dumps(doc)


def _save(path: Path, text: str) -> None:
    write_atomic(path, text)
    backups.keep(path, text)


def create(path: Path, name: str, settings: dict[str, Any], force: bool) -> Any:
    """A new game file; the first state."""
    game = _game(name, path)
    state = game.new(settings)
    with locked(path):
        backups.clean_temps(path)
        if path.exists() and not force:
            raise InputError(f"{path}: a file is already there; use --force to replace it")
        _save(path, _text(game, settings, state, []))
    return state


def run(path: Path, action: Any) -> tuple[Loaded, Outcome[Any]]:
    """Check and apply one action under the lock; the log gets its entry (refused: the
    file as it was)."""
    with locked(path):
        backups.clean_temps(path)
        loaded = load(path)
        outcome = perform(loaded.state, action)
        entry = {"n": len(loaded.log) + 1,
                 "at": now(),
                 **loaded.game.action_doc(action), "said": list(outcome.said)}
        log = [*loaded.log, entry]
        _save(path, _text(loaded.game, loaded.settings, outcome.state, log))
    return loaded, outcome


def undo(path: Path, n: int) -> tuple[list[dict[str, Any]], Any]:
    """Step back ``n`` actions: the log without them, replayed from the settings."""
    with locked(path):
        backups.clean_temps(path)
        loaded = load(path)
        if n > len(loaded.log):
            raise InputError(f"undo {n}: the game has {len(loaded.log)} action"
                             f"{'s' if len(loaded.log) != 1 else ''} to undo")
        keep = len(loaded.log) - n
        state = replay(loaded.game.new(loaded.settings), loaded.actions[:keep])
        _save(path, _text(loaded.game, loaded.settings, state, loaded.log[:keep]))
    return loaded.log[keep:], state
