"""What the game's log says: the public lines of recent actions (the board's summary) and
each player's private lines (`rigs hand PLAYER`).  Reads the history text of a loaded game
file; writes nothing."""

from __future__ import annotations

from typing import Any

from rigs_helper.store.gamefile import Loaded
from rigs_helper.store.hidden import show_text
from rigs_helper.store.historytext import log_entries

# how far back the private notes and the board's summary look
RECENT = 60
SINCE = 12  # the lines said since the last phase change that the board shows


def _entries(loaded: Loaded, file: str, last: int) -> list[dict[str, Any]]:
    try:
        return log_entries(loaded.log_text, file, last=last, first_line=loaded.log_line,
                           sealed=True)
    except Exception:  # a damaged history hides its notes; the state still shows
        return []


def private_notes(loaded: Loaded, file: str, name: str, last: int = RECENT) -> list[dict]:
    """The private lines for ``name`` in the last ``last`` actions, oldest first."""
    out = []
    for e in _entries(loaded, file, last):
        for item in e.get("private", ()):
            if isinstance(item, list) and len(item) == 2 and item[0] == name:
                out.append({"round": e.get("round"), "phase": e.get("phase"),
                            "text": show_text(str(item[1]))})
    return out


def last_phase(loaded: Loaded, file: str, last: int = RECENT) -> dict:
    """The last `rigs next` (what the phase change did) and the public lines said since."""
    entries = _entries(loaded, file, last)
    start = max((i for i, e in enumerate(entries)
                 if str(e.get("action", "")).startswith(("next", "new"))), default=0)
    summary: list[str] = []
    since: list[str] = []
    for i, e in enumerate(entries[start:]):
        said = [str(x) for x in e.get("said", ()) if isinstance(x, str)]
        (summary if i == 0 else since).extend(said)
    if len(since) > SINCE:  # the board keeps the last lines, and says that it does
        since = [f"({len(since) - SINCE + 1} earlier lines: `rigs log`)",
                 *since[-(SINCE - 1):]]
    return {"summary": summary, "since": since}
