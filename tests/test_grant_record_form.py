"""The Land Grant's record form says what the Plot deck still holds (issue #38, found by
the tapping player: a 3-player `--cards table` game recorded two Valleys when one was
left, and the page posted it to a 422): a type the pile holds fewer times than the plots
drawn gets a rule the page's script checks (its button waits), counting that type only."""

from __future__ import annotations

import re
from pathlib import Path

from randomplayer import new_game


def test_the_land_grant_record_counts_each_plot_type_the_deck_holds_few_of(tmp_path, tables):
    from dataclasses import replace

    from rigs_helper.games.rigs.legal.game import _grant_record
    from rigs_helper.store import session
    from rigs_helper.web.forms import form
    from rigs_helper.web.templating import environment

    game = session.load(new_game(tmp_path, ["Ana", "Bo", "Cy"], 21, "rigs", None, "table"),
                        tables).game
    valleys = [p for p in game.plot_deck if tables.plot_deck[int(p[1:]) - 1] == "valley"]
    game = replace(game, plot_deck=tuple(p for p in game.plot_deck if p not in valleys[1:]))
    action = _grant_record(game, tables, 3).as_json()
    made = form(tables, action)
    rule = [r for r in made["rules"] if r.get("value") == "valley"]
    assert rule and rule[0]["max"] == 1 and "Valley" in rule[0]["text"]
    html = environment().get_template("forms.html").module.act("T", made)
    tag = re.search(r'<p class="rule"[^>]*data-value="valley"[^>]*>', str(html)).group(0)
    assert 'data-max="1"' in tag and '"card"' in tag
    script = (Path(__file__).parent.parent / "rigs_helper" / "web" / "templates" /
              "live.js").read_text(encoding="utf-8")
    assert "data-value" in script  # the page's script counts that type only
