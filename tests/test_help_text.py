"""Help texts are whole sentences: a docstring's line breaks never cut a summary."""

from __future__ import annotations

import re

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


def test_every_command_summary_in_help_is_one_unbroken_sentence(tmp_path):
    out = _help(folder=tmp_path)
    listing = out.split("Start:\n", 1)[1].splitlines()  # the groups of commands
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


def _help(*args: str, folder) -> str:
    """`rigs ARGS --help` in a terminal 80 columns wide, as a process of its own (forked
    from one that imported the CLI: tests/clichild.py) writes it to a pipe."""
    import clichild

    code, out, err = clichild.run([*args, "--help"], folder,
                                  {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"})
    assert code == 0, err
    return out


def _commands():
    """(path, click command) of every command and group under `rigs`, help decorated."""
    import typer
    from clihelp import subcommands

    from rigs_helper.cli import app

    found = []
    stack = [((), typer.main.get_command(app))]
    while stack:
        path, command = stack.pop()
        for name, sub in subcommands(command).items():
            found.append((" ".join((*path, name)), sub))
            stack.append(((*path, name), sub))
    return sorted(found, key=lambda x: x[0])


def test_rigs_help_lists_the_commands_in_groups_each_listed_once(tmp_path):
    from rigs_helper.cli.commands import COMMANDS
    from rigs_helper.cli.helptext import GROUPS

    out = _help(folder=tmp_path)
    heads = [ln[:-1] for ln in out.splitlines() if ln.endswith(":") and not ln[0].isspace()]
    groups = [h for h in heads if h in GROUPS]
    assert groups == list(GROUPS) and len(groups) >= 4
    assert "Commands:" not in out
    listed = re.findall(r"^  ([a-z]+) {2,}\S", out, re.M)
    assert sorted(listed) == sorted(COMMANDS)
    start, phase = out.index("Start:"), out.index("Each phase:")
    assert start < out.index("  new ") < phase < out.index("  next ") < out.index("Any time:")


def test_every_command_help_ends_with_an_example_that_parses():
    """Each command's (and group's) --help ends with an example, and every example is
    a command line `rigs` accepts: its words name the command, its options exist."""
    import shlex

    from rigs_helper.cli.helptext import EXAMPLES

    commands = _commands()
    assert len(commands) >= 40
    for path, command in commands:
        assert path in EXAMPLES and command.epilog, f"`rigs {path} --help` has no example"
        for example in EXAMPLES[path]:
            words = shlex.split(example)
            assert words[0] == "rigs" and " ".join(words[1:]).startswith(path), example
            target, rest = dict(commands)[path], words[1 + len(path.split()):]
            while rest and rest[0] in getattr(target, "commands", {}):  # a group's example
                target, rest = target.commands[rest[0]], rest[1:]
            target.make_context(example, rest, resilient_parsing=False)


def test_move_help_ends_with_an_example_and_names_its_arguments(tmp_path):
    out = _help("move", folder=tmp_path)
    assert " move [OPTIONS] PLAYER N" in out
    assert "{player}" not in out
    last = [ln.strip() for ln in out.splitlines() if ln.strip()][-1]
    assert last.startswith("rigs move Ana "), last
    assert " give [OPTIONS] GIVER RECEIVER ITEMS..." in _help("give", folder=tmp_path)
    assert " status [OPTIONS] [PLAYER]" in _help("status", folder=tmp_path)
