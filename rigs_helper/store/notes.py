"""What the game's log says: the public lines of recent actions (the board's summary) and
each player's private lines (`rigs hand PLAYER`), from the history replayed (its last
phases).  Writes nothing."""

from __future__ import annotations

from rigs_helper.store.gamefile import Loaded

# how far back the private notes and the board's summary look
RECENT = 60
SINCE = 12  # the lines said since the last phase change that the board shows


def _steps(loaded: Loaded, file: str, last: int) -> list:
    from rigs_helper.store import timeline
    from rigs_helper.store.tablefiles import load_tables

    try:
        steps = timeline.recent(loaded, file, load_tables(), actions=min(last, 8))
    except Exception:  # a damaged history hides its notes; the state still shows
        return []
    acts = [s for s in steps if s.is_action]
    return acts[-last:]


def private_notes(loaded: Loaded, file: str, name: str, last: int = RECENT) -> list[dict]:
    """The private lines for ``name`` in the last ``last`` actions, oldest first."""
    from rigs_helper.store.timeline import private_lines

    return [{"round": s.entry.get("round"), "phase": s.entry.get("phase"), "text": t}
            for s in _steps(loaded, file, last) for t in private_lines(s, name)]


def last_phase(loaded: Loaded, file: str, last: int = RECENT) -> dict:
    """The last `rigs next` (what the phase change did) and the public lines said since."""
    from rigs_helper.store.timeline import said

    steps = _steps(loaded, file, last)
    start = max((i for i, s in enumerate(steps)
                 if s.entry["action"] in ("next", "new")), default=0)
    summary: list[str] = []
    since: list[str] = []
    for i, s in enumerate(steps[start:]):
        (summary if i == 0 else since).extend(said(s))
    if len(since) > SINCE:  # the board keeps the last lines, and says that it does
        since = [f"({len(since) - SINCE + 1} earlier lines: `rigs log`)",
                 *since[-(SINCE - 1):]]
    return {"summary": summary, "since": since}
