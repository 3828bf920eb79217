"""Stale taps (issue #43, point 3): every form on a page names the moment of the game it
was read on (its request id and a hidden ``seen``); sent after the phase moved on, it is
refused with 409 ``stale``, saying what changed, and the game file is left as it was."""

from __future__ import annotations

import json
import re

from servehelp import get, post, rigs, serving


def page_form(page: str, action: str) -> dict:
    """The fields a browser sends for the form of ``action`` on a page (hidden ones)."""
    form = re.search(r'(?s)<form class="act[^"]*"[^>]*>\s*<input type="hidden" name="action"'
                     rf' value="{re.escape(action)}">.*?</form>', page).group(0)
    return {"action": action, **dict(re.findall(
        r'<input type="hidden" name="(request_id|seen)" value="([^"]*)">', form))}


def test_a_form_read_in_one_phase_and_sent_in_the_next_is_stale_and_changes_nothing(
        tmp_path, tables):
    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "--game", game)
    rigs("next", "--game", game)
    rigs("next", "--auto", "--game", game)  # round 1, the Production Phase
    with serving(game, tables) as (server, _, tokens):
        lead = json.loads(rigs("status", "--json", "--game", game))["leader"]
        pages = {n: get(server, f"/p/{tokens[n]}")[2] for n in ("Ana", "Bo")}
        forms = {n: page_form(pages[n], "done") for n in pages}
        end = page_form(pages[lead], "next")
        assert forms["Ana"]["seen"] == "1:production"
        assert forms["Ana"]["request_id"].startswith("1:production/")
        rigs("next", "--auto", "--game", game)  # the phase ends at the terminal
        before = game.read_bytes()
        for fields in (end, forms["Ana"], forms["Bo"]):
            code, _, body = post(server, tokens[lead if fields is end else
                                                 ("Ana" if fields is forms["Ana"] else "Bo")],
                                 fields)
            answer = json.loads(body)
            assert code == 409 and answer["stale"] and answer["said"] == [], body
            assert "Market Phase" in answer["error"] and answer["changed"]["phase"] == \
                "market"
        # the id alone names the moment too (a script that keeps only the request id)
        code, _, body = post(server, tokens["Ana"], {"action": "done", "request_id":
                                                     forms["Ana"]["request_id"]})
        assert code == 409, body
        assert game.read_bytes() == before
        # a form read now acts
        fresh = page_form(get(server, f"/p/{tokens['Ana']}")[2], "done")
        assert post(server, tokens["Ana"], fresh)[0] == 200
