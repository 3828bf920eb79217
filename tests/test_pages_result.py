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


def test_the_leaders_page_shows_any_players_join_code_again(tmp_path, tables):
    from rigs_helper.store import session

    game = pagegames.round_one(tmp_path / "rigs.toml")
    lead = session.load(game, tables).game.leader
    with serving(game, tables) as (server, base, tokens):
        page = get(server, f"/p/{tokens[lead]}")[2]
        other = get(server, f"/p/{tokens[next(n for n in tokens if n != lead)]}")[2]
    for name, token in tokens.items():
        assert f"Show {name}'s join code" in html.unescape(page)
        assert page.count(f"/p/{token}") >= 1 and "<svg" in page
    assert "join code" not in other  # the leader's alone


def test_a_page_says_no_command_fragment():
    from rigs_helper.web.words import words

    said = ("Ana draws 4 plot cards at the table: `rigs grant --card TYPE ...` records them "
            "(else rigs draws them: `rigs hand Ana` shows them, for Ana's eyes), `rigs grant "
            "PLOT [--order NAME,...]` settles it.")
    assert words(said) == "Ana draws 4 plot cards at the table."
