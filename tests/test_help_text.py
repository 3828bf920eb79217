"""Help texts are whole sentences: a docstring's line breaks never cut a summary."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from rigs_helper.cli.commands import unwrap as _unwrap


def test_unwrap_joins_lines_of_a_paragraph_and_keeps_list_items():
    doc = """First line
    goes on here.

    Second paragraph:
    - item one
    - item two
    """
    assert _unwrap(doc) == ("First line goes on here.\n\nSecond paragraph:\n- item one"
                            "\n- item two")


def test_every_command_summary_in_help_is_one_unbroken_sentence():
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    out = subprocess.run([sys.executable, "-m", "rigs_helper", "--help"], env=env,
                         capture_output=True, text=True, timeout=60).stdout
    listing = out.split("Commands:\n", 1)[1].splitlines()
    rows: list[list[str]] = []
    for line in listing:  # "  name  summary", the summary wrapped on indented lines
        if re.match(r"  [a-z]+ {2,}\S", line):
            rows.append(line.split(None, 1))
        elif line.startswith(" " * 6) and rows:
            rows[-1][1] += " " + line.strip()
        assert len(line) <= 80, line
    assert len(rows) >= 25
    for name, summary in rows:
        # a summary cut short, or by a docstring's line break, ends without its full stop
        assert not summary.endswith("..."), (name, summary)
        assert summary.rstrip().endswith((".", ")", ":")), (name, summary)
