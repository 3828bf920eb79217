"""The game file as text: the state first (readable and hand-editable), then a marker
line, then the history (``[[log]]`` entries, newest last: store/gamelog.py).  A command
that does not need the history parses only the state part."""

from __future__ import annotations

import re
import threading
from typing import TYPE_CHECKING

from rigs_helper.rules.checker import Checker, parse_toml
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.games.rigs.codec import from_doc, migrate
from rigs_helper.store.gamelog import MARKER, cut

if TYPE_CHECKING:
    from typing import Any


class Loaded:
    """A game file as read: the state, the history text verbatim ("" when there is none),
    the file's line where it starts (for messages), the kind of history the file holds
    (``version``: 1, or 2 for the typed history of versions 2 and 3), its entries once read (:mod:`rigs_helper.store.timeline`), and the state
    as a document once made (:func:`rigs_helper.store.session.state_doc`)."""

    __slots__ = ("game", "log_text", "log_line", "version", "entries", "text", "doc")

    def __init__(self, game: Game, log_text: str, log_line: int = 1, version: int = 2
                 ) -> None:
        self.game, self.log_text, self.log_line = game, log_text, log_line
        self.version = version
        self.entries: list[dict[str, Any]] | None = None
        self.text = ""  # the whole file as read
        self.doc: dict[str, Any] | None = None  # the state as a document, once made


# a table header other than [[log]] and a checkpoint's [log.state...] (not a line of a
# multi-line array, such as "    [")
_HEADER = re.compile(r"""(?m)^[ \t]*\[(?!\[log\]\]|\[?log\.)\[?[ \t]*[\w."'-][\w."' -]*\]\]?[ \t]*(#.*)?$""")


def split_text(text: str) -> tuple[str, str]:
    """(state part, history part).  The history is everything from the marker on."""
    i = text.find(MARKER)
    if i < 0:
        return text, ""
    head, tail = text[:i], text[i:]
    # A table header other than [[log]] after the marker, or a key between the marker and
    # the first entry, means a hand edit moved state below it: parse the whole file then.
    first = re.search(r"(?m)^\[\[log\]\]$", tail)
    between = tail[len(MARKER):first.start() if first else len(tail)]
    if _foreign_header(tail) or re.search(r"(?m)^[ \t]*[^#\s]", between):
        return text, ""
    return head, tail


# a line that opens with "[" and not as the history's own headers do ("[[log]]", "[log.",
# "[[log.": _HEADER passes over them), each then checked against _HEADER (the search jumps
# from newline to newline, so a long history costs little)
_BRACKET_LINE = re.compile(r"\n[ \t]*\[(?!\[log\]\]|\[?log\.)[^\n]*")


def _foreign_header(tail: str) -> bool:
    """Whether the history holds a table header other than ``[[log]]``."""
    for m in _BRACKET_LINE.finditer(tail):
        line = m.group()[1:]
        if line != "[[log]]" and not line.startswith(("[log.", "[[log.")) and \
                _HEADER.match(line):
            return True
    return False


#: the state part last read of each file in this process: (its text, the tables, the game,
#: the file's version key, whether it holds a commitment).  A memo of reading only, in
#: memory: the same text read again (the server after each save, the save's own check of
#: what it writes, the next command's read under the lock) gives the same frozen game
#: without parsing it again; nothing is kept on disk.
_STATES: dict[str, tuple[str, Tables, Game, object, bool]] = {}
_STATES_KEPT = 8
_STATES_LOCK = threading.Lock()


def load_text(text: str, file: str, tables: Tables, whole: bool = True) -> Loaded:
    """The game in ``text``, parsed and checked (the history is read when asked for; a
    history that ends before where rigs wrote it end is named, unless not ``whole``)."""
    head, tail = split_text(text)
    memo = _STATES.get(file)
    if memo is not None and memo[1] is tables and memo[0] == head:
        game, version, committed = memo[2], memo[3], memo[4]
    else:
        doc = parse_toml(head, file)
        log_in_state = doc.pop("log", None)
        if log_in_state is not None and tail:
            raise Checker(file).fail("log", "the history is kept below the marker line; "
                                     "remove this key from the state")
        version = doc.get("version")
        if log_in_state is not None and not tail:  # a hand edit moved it: write it back
            tail = _below(Checker(file).array(log_in_state, "log"), version)
        doc = migrate(doc, Checker(file))
        committed = "commitment" in doc
        _committed(committed, tail, file)
        game = from_doc(doc, file, tables)
        if log_in_state is None:  # (a history moved into the state is read whole again)
            with _STATES_LOCK:  # (the server's threads read side by side)
                _STATES.pop(file, None)
                while len(_STATES) >= _STATES_KEPT:
                    _STATES.pop(next(iter(_STATES)), None)
                _STATES[file] = (head, tables, game, version, committed)
    _committed(committed, tail, file)
    if tail and whole and cut(tail):
        _cut(tail, file, tables, text.count("\n", 0, len(head)) + 1)
    loaded = Loaded(game, tail, text.count("\n", 0, len(head)) + 1,
                    version if isinstance(version, int) and version < 2 else 2)
    loaded.text = text
    return loaded


def _committed(committed: bool, tail: str, file: str) -> None:
    """A history that kept the seed's commitment needs it in the state."""
    if not committed and (tail.startswith("commitment = ") or "\ncommitment = " in tail):
        raise Checker(file).fail("commitment", "is missing: this game committed its seed "
                                 "when it began (the history keeps it); put the line back, "
                                 "or `rigs undo`")


CUT = ("the history stops short of where rigs wrote its end: the file was cut short or its "
       "end taken out")


def _cut(tail: str, file: str, tables: Tables, line: int) -> None:
    """Name a history shorter than rigs wrote it: its damaged entry when one does not
    read, else the cut itself."""
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store.gamelog import parse

    why = CUT
    try:
        parse(tail, file, tables.constants.rounds, first_line=line)
    except InputError as exc:
        raise InputError(f"{str(exc).split(' (`rigs doctor`')[0]}; {why} (`rigs doctor`; "
                         "`rigs restore --list` shows the backups)") from None
    raise InputError(f"{file}: line {line + tail.count(chr(10))}: {why} (`rigs doctor`; "
                     "`rigs restore --list` shows the backups)")


def _below(entries: list, version: object) -> str:
    if version == 1:
        from rigs_helper.store.historytext import log_entry_text

        return MARKER + "\n" + "".join(log_entry_text(e) for e in entries)
    from rigs_helper.store.gamelog import history_text

    return history_text(entries)
