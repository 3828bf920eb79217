"""The end of the game on every phone (issue #38): ``#result`` names the winner, the
player's own net worth and where it came from, and BG Stats' "add play" link."""

from __future__ import annotations

import html
import re

import pagegames
from servehelp import get, serving


def test_every_phone_shows_the_winner_its_net_worth_and_the_bg_stats_link(tmp_path,
                                                                         tables):
    from rigs_helper.web.pages import final_scores

    from rigs_helper.store import session

    game = pagegames.final_scores(tmp_path / "rigs.toml")
    fin = final_scores(session.load(game, tables).game, tables)
    with serving(game, tables) as (server, _, tokens):
        for row in fin["players"]:
            page = html.unescape(get(server, f"/p/{tokens[row['name']]}")[2])
            result = page.split('<section id="result">')[1].split("</section>")[0]
            won = row["name"] in fin["winners"]
            assert ("You win" in result) == won
            if not won:
                assert " and ".join(fin["winners"]) in result
            assert f"Your net worth: <b>{row['net_worth']}</b>" in result
            parts = dict(re.findall(r'<td>([^<]+)</td><td class="n">(-?\d+)</td>', result))
            assert int(parts["Credits"]) == row["credits"]
            assert sum(map(int, parts.values())) == row["net_worth"]
            link = re.search(r'id="add-bgstats" href="([^"]+)"', result)[1]
            # (forecast/bgstats.link: its https or bgstats:// form)
            assert "app.bgstatsapp.com/" in link and "?data=" in link
            assert ">Add to BG Stats<" in result
