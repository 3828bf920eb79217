"""Write docs/commands.md, the command reference, from the commands' own help.

    python docs/make_reference.py           # rewrite docs/commands.md
    python docs/make_reference.py --check   # exit 1 when docs/commands.md is stale

Each command's `--help` as Click prints it in plain text, 80 columns, grouped as `rigs
--help` groups them (rigs_helper/cli/helptext.py).  tests/test_docs.py fails when the
committed file differs from what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent / "commands.md"
WIDTH = 80


def _plain(command) -> None:
    """Help in Click's plain format (no Rich boxes), for ``command`` and its sub-commands."""
    command.rich_markup_mode = None
    if command.epilog and not command.epilog.startswith("\b"):
        command.epilog = "\b\n" + command.epilog  # Click keeps a "\b" paragraph's lines
    for sub in getattr(command, "commands", {}).values():
        _plain(sub)


def _help(command, path: str, parent=None) -> str:
    ctx = command.make_context(path, [], parent=parent, resilient_parsing=True,
                               max_content_width=WIDTH, terminal_width=WIDTH)
    return ctx.get_help().rstrip(), ctx


def _anchor(path: str) -> str:
    return "rigs-" + path.replace(" ", "-")


def reference() -> str:
    """The whole of docs/commands.md."""
    import typer

    from rigs_helper.cli import app
    from rigs_helper.cli.commands import COMMANDS, build
    from rigs_helper.cli.helptext import GROUPS, group_of, rank

    root = typer.main.get_command(app)  # (a lazy group: its commands loaded by name)
    modules = {m: build(m) for m in dict.fromkeys(COMMANDS.values())}  # copies to change
    commands = {n: modules[m][n] for n, m in COMMANDS.items()}
    for command in commands.values():
        _plain(command)
    _plain(root)
    top, root_ctx = _help(root, "rigs")
    names = sorted(commands, key=rank)
    lines = ["# Every command", "",
             "[Back to the README](../README.md) · [All the docs](README.md)", "",
             "Each command's own `--help`, grouped as `rigs --help` groups them. Written by",
             "`python docs/make_reference.py` (do not edit by hand: a test compares).", ""]
    for title in GROUPS:
        here = [n for n in names if group_of(n) == title]
        if here:
            lines.append(f"- **{title}**: " + ", ".join(
                f"[{n}](#{_anchor(n)})" for n in here))
    lines += ["", "## rigs", "", "```text", top, "```", ""]
    for title in GROUPS:
        here = [n for n in names if group_of(n) == title]
        if not here:
            continue
        lines += [f"## {title}", ""]
        stack = [(n, commands[n], root_ctx) for n in reversed(here)]
        while stack:
            path, command, parent = stack.pop()
            text, ctx = _help(command, path.split()[-1], parent)
            lines += [f"### rigs {path}", "", "```text", text, "```", ""]
            subs = getattr(command, "commands", {})
            stack += [(f"{path} {n}", subs[n], ctx) for n in reversed(list(subs))]
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str]) -> int:
    text = reference()
    if "--check" in argv:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is stale: run `python docs/make_reference.py`", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
