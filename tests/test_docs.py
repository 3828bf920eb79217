"""The README a table reads in two minutes, and docs/ for the rest (issue 29): every
relative link resolves (files and #anchors), the README stays short with its quick start
and phase table near the top, its set-up commands are the ones CI runs, its scoring sheet
scores, and docs/commands.md is what the commands' own help says today."""

from __future__ import annotations

import re
import runpy
import shlex

import pytest
from conftest import ROOT

PAGES = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")])
# pages the other branches of this wave add (docs/<topic>.md): checked once they exist
FROM_OTHER_BRANCHES = {"docs/actions.md", "docs/game-file.md", "docs/table-cards.md",
                       "docs/history.md"}
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """``text`` without fenced code blocks and inline code (links there are not links)."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def anchors(text: str) -> set[str]:
    """The #anchors the forge makes of a page's headings (lower case, punctuation
    dropped, spaces as hyphens; a repeated heading gets -1, -2...)."""
    seen: dict[str, int] = {}
    out = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", _prose(text), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(text: str) -> list[str]:
    return re.findall(r"\]\(([^)\s]+)\)", _prose(text))


def test_anchors_follow_the_forges_rule():
    text = "# Reliability: nothing lost, ever\n## Market values (house ruling)\n## A b\n## A b\n"
    assert anchors(text) == {"reliability-nothing-lost-ever", "market-values-house-ruling",
                             "a-b", "a-b-1"}
    assert links("[x](a.md#b) `[y](c.md)`\n```\n[z](d.md)\n```\n") == ["a.md#b"]


def test_every_relative_link_in_the_readme_and_docs_resolves():
    broken = []
    count = 0
    for page in PAGES:
        for link in links(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", link):  # https:, mailto:
                continue
            count += 1
            file, _, anchor = link.partition("#")
            target = (page.parent / file).resolve() if file else page
            where = target.relative_to(ROOT).as_posix() if target.is_relative_to(ROOT) else ""
            if not target.exists():
                if where not in FROM_OTHER_BRANCHES:
                    broken.append(f"{page.name}: {link} (no such file)")
                continue
            if anchor and (target.suffix != ".md" or anchor not in anchors(
                    target.read_text(encoding="utf-8"))):
                broken.append(f"{page.name}: {link} (no such heading)")
    assert count > 40
    assert broken == []


def test_the_link_check_finds_a_broken_file_and_anchor(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("# Here\n[a](p.md#here) [b](p.md#gone) [c](missing.md)\n")
    found = [(f, a) for f, _, a in (link.partition("#") for link in links(page.read_text()))]
    assert found == [("p.md", "here"), ("p.md", "gone"), ("missing.md", "")]
    assert "gone" not in anchors(page.read_text()) and not (tmp_path / "missing.md").exists()


def test_readme_is_short_and_starts_with_install_quick_start_and_phases():
    lines = README.splitlines()
    assert len(lines) <= 200
    first60 = "\n".join(lines[:60])
    assert "pipx install ." in first60 and "python3 -m venv" in first60
    for command in ("rigs new -p ", "rigs serve --host 0.0.0.0", "rigs status"):
        assert command in first60, command
    table = next(i for i, ln in enumerate(lines) if ln.startswith("| Phase |"))
    assert table < 120 and all(f"| {p} |" in "\n".join(lines[table:table + 8])
                               for p in ("Player", "Disaster", "Production", "Market"))
    assert "docs/board.png" in "\n".join(lines[:10])
    assert "docs/phone.png" in "\n".join(lines[:10])


def test_readme_first_install_commands_need_no_venv_and_no_system_pip():
    """Debian 12's own Python refuses `pip install .` (externally managed): the README's
    first install block installs pipx from the system's packages, then the project."""
    block = README.split("## Install", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    commands = [ln.split("#", 1)[0].strip() for ln in block.splitlines()]
    assert commands[:2] == ["sudo apt install pipx", "pipx install ."]
    assert not any(c.startswith(("pip install", "pip3 install")) for c in commands)


def test_readme_holds_the_commands_ci_runs():
    """`.ci/run` runs exactly the README's install and test commands."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    dev = README.split("## Development", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    readme = [ln.strip() for ln in dev.splitlines() if ln.strip()]
    for marker in ("# README: install", "# README: test"):
        after = ci.split(marker, 1)[1].splitlines()[1:]
        command = next(ln.strip() for ln in after
                       if ln.strip() and not ln.startswith(("export", "#")))
        command = command.removeprefix("time ")
        assert command in readme, (marker, command)


def test_readme_scoring_sheet_scores(rigs, tmp_path):
    block = README.split("## Scoring a game played on cardboard", 1)[1]
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(block.split("```toml\n", 1)[1].split("```", 1)[0], encoding="utf-8")
    r = rigs("score", sheet, "--json")
    assert r.exit_code == 0, r.stderr
    commands = [shlex.split(ln.split("#")[0]) for ln in
                block.split("```sh\n", 1)[1].split("```", 1)[0].splitlines()]
    for args in commands:
        r = rigs(*[str(sheet) if a == "sheet.toml" else
                   str(tmp_path / a) if a.endswith(".html") else a for a in args[1:]])
        assert r.exit_code == 0, (args, r.stderr)
    assert (tmp_path / "report.html").exists()


def test_command_reference_is_current():
    """docs/commands.md is what `python docs/make_reference.py` writes today."""
    make = runpy.run_path(str(ROOT / "docs" / "make_reference.py"))
    assert (ROOT / "docs" / "commands.md").read_text(encoding="utf-8") == make["reference"](), \
        "docs/commands.md is stale: run `python docs/make_reference.py`"
