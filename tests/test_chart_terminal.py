"""`rigs chart` in the terminal tells the players' lines apart (issue 28, point 6): under
the plot, a table of each player's expected net worth round by round, whose last column
is the final score, and every line of it within 80 columns."""

from __future__ import annotations

import re

import pagegames
from pagegames import LONG
from servehelp import rigs


def test_rigs_chart_tells_the_lines_apart_with_a_table_of_figures(tmp_path, tables):
    from rigs_helper.store import session
    from rigs_helper.web.pages import final_scores

    game = pagegames.final_scores(tmp_path / "rigs.toml")
    out = rigs("chart", "--game", game)
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    head = next(i for i, line in enumerate(lines) if line.startswith("after round"))
    assert [int(x) for x in lines[head].split()[2:]] == list(range(1, 16))  # every round
    rows = {}
    for line in lines[head + 1:head + 5]:
        mark, name, *figures = line.split()
        rows[name] = [int(x) for x in figures]
    assert list(rows) == [n.split()[0] for n in LONG] and all(len(v) == 15
                                                               for v in rows.values())
    final = final_scores(session.load(game, tables).game, tables)
    assert {r["name"].split()[0]: r["net_worth"] for r in final["players"]} == \
        {name: v[-1] for name, v in rows.items()}  # the last column: the final scores
    legend = " ".join(lines[head + 5:])
    assert all(re.search(rf"[*o+x] {n}", legend) for n in LONG)  # whole names, not cut
