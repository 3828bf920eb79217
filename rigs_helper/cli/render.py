"""Rich rendering for people.  Only the CLI calls this; the core never imports rich."""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console


def width() -> int | None:
    """The columns to fill: $COLUMNS, else the terminal's width; None when the output is not
    a terminal and $COLUMNS is unset (a pipe or a file keeps each line whole)."""
    import os
    import shutil
    import sys

    cols = os.environ.get("COLUMNS", "")
    if cols.strip().isdigit() and int(cols) > 0:
        return max(int(cols), 20)
    if sys.stdout.isatty():
        return max(shutil.get_terminal_size().columns, 20)
    return None


def console() -> Console:
    return _console(width())


@cache
def _console(cols: int | None) -> Console:
    from rich.console import Console

    return Console(highlight=False, emoji=False, width=cols)


_CODE = re.compile(r"`[^`\n]*`")


def wrap(text: str, cols: int | None = None) -> str:
    """Each line of ``text`` wrapped at word boundaries to the width (continuation lines
    indented two more spaces); a command in backticks stays on one line when it fits."""
    cols = cols or width()
    if cols is None:
        return text
    import textwrap

    out = []
    for line in text.split("\n"):
        if len(line) <= cols:
            out.append(line)
            continue
        lead = line[:len(line) - len(line.lstrip(" "))]
        room = cols - len(lead) - 2
        # glue a command's words together (NBSP) so it is not cut, when it fits a line
        glued = _CODE.sub(lambda m: m.group(0).replace(" ", "\xa0")
                          if len(m.group(0)) <= room else m.group(0), line.strip(" "))
        parts = textwrap.wrap(glued, cols, initial_indent=lead, subsequent_indent=lead + "  ",
                              break_long_words=False, break_on_hyphens=False)
        out += [x.replace("\xa0", " ") for x in parts] or [""]
    return "\n".join(out)


def say(*lines: str) -> None:
    """Print lines for people, wrapped to the terminal (see :func:`wrap`)."""
    if lines:
        print(wrap("\n".join(lines)), flush=True)


def alert(word: str, rest: str) -> str:
    """``word`` in bold red on a terminal (NO_COLOR: plain), then ``rest``; the line is
    wrapped as plain text first."""
    import os
    import sys

    line = wrap(f"{word} {rest}")
    if sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
        line = f"\033[1;31m{word}\033[0m" + line[len(word):]
    return line


def grid(headers: list[str], rows: list[list[str]], right: AbstractSet[int] = frozenset(),
         cols: int | None = None) -> str:
    """A plain text table (cheaper to import and draw than rich.table, for hot commands).
    Too wide for the terminal, its text columns wrap at word boundaries, widest first;
    numbers (the ``right`` columns) are never split."""
    import textwrap

    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    cols = cols or width()
    gap = 2
    if cols is not None:
        least = [max(len(w) for c in [h, *(r[i] for r in rows)] for w in c.split() or [""])
                 if i not in right else  # a number whole; its header may wrap
                 max([len(w) for w in h.split()] + [len(r[i]) for r in rows])
                 for i, h in enumerate(headers)]
        if sum(least) + gap * (len(widths) - 1) > cols:
            gap = 1  # one space between columns rather than a row wrapped by the terminal
        while sum(widths) + gap * (len(widths) - 1) > cols:
            i = max(range(len(widths)), key=lambda k: widths[k] - least[k])
            if widths[i] <= least[i]:
                break
            widths[i] -= 1

    def wrap(c: str, w: int) -> list[str]:
        if len(c) <= w and c == c.strip() and "\t" not in c and "\n" not in c:
            return [c]  # what textwrap gives a cell that fits, without its work
        return textwrap.wrap(c, w, break_long_words=False, break_on_hyphens=False) or [""]

    def lines(cells: list[str]) -> list[str]:
        split = [wrap(c, w) for c, w in zip(cells, widths)]
        out = []
        for k in range(max(len(x) for x in split)):
            row = [x[k] if k < len(x) else "" for x in split]
            out.append((" " * gap).join(c.rjust(w) if i in right else c.ljust(w)
                                        for i, (c, w) in enumerate(zip(row, widths))).rstrip())
        return out

    rule = (" " * gap).join("-" * w for w in widths)
    return "\n".join(lines(headers) + [rule] + [x for r in rows for x in lines(r)])


def name_column(table, names, header: str = "Player") -> None:
    """A table's column of player names: as wide as the longest word of a name at least,
    so that a narrow terminal wraps "Maximiliano de la Cruz" between words, never inside."""
    table.add_column(header, min_width=max((len(w) for n in names for w in n.split()),
                                           default=len(header)))


def _table(title: str | None = None, **kw):
    from rich.table import Table

    return Table(title=title, title_justify="left", **kw)


def _bold(text: str) -> str:
    import os
    import sys

    if sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
        return f"\033[1m{text}\033[0m"
    return text
