"""One table style everywhere (issue 29): status, score, standings, report, cards, produce
and vinnie draw the same plain grid (a header, a rule of dashes, the rows), with no box
drawing, on a terminal and piped alike."""

from __future__ import annotations

import re

import pytest
from conftest import EXAMPLES

BOX = re.compile("[\u2500-\u257f]")  # box-drawing characters: Rich's boxes


@pytest.mark.parametrize("args", [
    ["status", "-g", EXAMPLES / "midgame-3p.toml"],
    ["score", EXAMPLES / "sheet-3p.toml"],
    ["standings", "-g", EXAMPLES / "midgame-3p.toml"],
    ["report", "-g", EXAMPLES / "midgame-3p.toml"],
    ["report", EXAMPLES / "sheet-3p.toml"],
    ["cards", "--deck", "disaster"],
    ["produce", "-g", EXAMPLES / "midgame-3p.toml"],
])
def test_every_table_is_the_plain_grid(rigs, args):
    r = rigs(*args)
    assert r.exit_code == 0, r.stderr
    assert not BOX.search(r.stdout), r.stdout
    lines = r.stdout.splitlines()
    rules = [i for i, ln in enumerate(lines) if re.fullmatch(r"-+( +-+)+", ln)]
    assert rules, r.stdout
    for i in rules:  # the header above the rule has a word over each run of dashes
        assert all(lines[i - 1][m.start():m.end()].strip()
                   for m in re.finditer(r"-+", lines[i])), (lines[i - 1], lines[i])


def test_final_report_scores_are_the_same_grid_as_score(rigs, named_game):
    from named_game import WIDE

    path = named_game["dir"][WIDE] / "rigs.toml"
    score = rigs("score", "--game", path).stdout
    report = rigs("report", "--game", path).stdout
    table = score.split("Net worth\n", 1)[1].split("Winner")[0].split("Shared win")[0]
    assert table.strip() in report


def test_standings_show_each_win_chance_as_a_bar_of_its_length(rigs):
    import json

    from rigs_helper.cli.bars import BAR_WIDTH, bar

    game = EXAMPLES / "midgame-3p.toml"
    chances = {p["name"]: p["win_probability"] for p in
               json.loads(rigs("standings", "--json", "-g", game).stdout)["players"]}
    out = rigs("standings", "-g", game).stdout
    lines = out.split("Win chances", 1)[1].splitlines()[1:1 + len(chances)]
    for line in lines:
        name, drawn = line.split()[0], line.split("  ", 1)[1]
        eighths = sum(8 if c == "█" else " ▏▎▍▌▋▊▉".index(c) for c in drawn.strip(" %.0123456789"))
        assert abs(eighths - chances[name] * BAR_WIDTH * 8) <= 0.5, line
        assert f"{chances[name] * 100:.1f}%" in line
    assert bar(0) == " " * BAR_WIDTH and bar(1) == "█" * BAR_WIDTH and bar(0.5).strip() == \
        "█" * (BAR_WIDTH // 2)
