"""What the CLI and the store take from the legal-actions list: `rigs done`, the hints of
`rigs status PLAYER` and `rigs hand PLAYER`, completion values, where an action came from
in the log, and a request sent twice acting once."""

from __future__ import annotations

import json
import shlex
from dataclasses import replace

import pytest
from clihelp import complete
from gameplay import hand_from_deck, take

from rigs_helper.games.rigs.legal import (
    actions_json,
    legal_actions,
    operation,
    phase_ready,
    waiting_for,
)
from rigs_helper.games.rigs.state import frozen_map
from rigs_helper.store import session


@pytest.fixture
def path(tmp_path, rigs):
    p = tmp_path / "rigs.toml"
    r = rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "5", "--game", p)
    assert r.exit_code == 0, r.output
    return p


def put(path, tables, **players):
    """Change players in the saved game (a set-up for one test)."""
    loaded = session.load(path, tables)
    g = loaded.game
    for name, changes in players.items():
        if "hand" in changes:  # from the deck: every card stays somewhere
            g = hand_from_deck(g, name, changes.pop("hand"))
        g = g.with_player(replace(g.player(name), **changes))
    session.commit(path, loaded, g, "set-up", tables)
    return g


def test_done_is_kept_until_the_phase_changes(rigs, path, tables):
    r = rigs("done", "ana", "--game", path)
    assert r.exit_code == 0 and "waiting for Bo" in r.output
    r = rigs("done", "Ana", "--game", path)
    assert r.exit_code == 1 and "already done" in r.output
    g = session.load(path, tables).game
    assert g.done == ("Ana",) and not phase_ready(g, tables)
    assert {"player": "Bo", "what": "not done yet"} in waiting_for(g, tables)
    assert "done" not in [a.action for a in legal_actions(g, tables, "Ana")]
    assert rigs("done", "Bo", "--game", path).exit_code == 0
    assert phase_ready(session.load(path, tables).game, tables)
    assert rigs("next", "--auto", "--game", path).exit_code == 0
    g = session.load(path, tables).game
    assert g.phase == "disaster" and g.done == ()
    assert "done = " not in path.read_text().split("[[log]]")[0]


def test_an_open_choice_holds_the_phase_even_when_everyone_is_done(rigs, path, tables):
    g = put(path, tables, Bo={"must_lose_rigs": 1})
    for who in ("Ana", "Bo"):
        assert rigs("done", who, "--game", path).exit_code == 0
    g = session.load(path, tables).game
    assert not phase_ready(g, tables)
    assert {"player": "Bo", "what": "chooses 1 RIGS to lose"} in waiting_for(g, tables)


def test_a_hand_edited_done_list_names_players_of_the_game(rigs, path, tables):
    text = path.read_text()
    path.write_text(text.replace('game_over = false\n', 'game_over = false\ndone = ["Zed"]\n',
                                 1))
    r = rigs("status", "--game", path)
    assert r.exit_code == 1 and "done[0]" in r.output and "Zed" in r.output


def test_status_shows_public_commands_and_hand_shows_the_cards(rigs, path, tables):
    g = put(path, tables, Ana={"hand": ("decoy", "poker-night"), "metal": 4})
    out = rigs("status", "Ana", "--game", path).output
    assert "rigs build Ana 1   # n: 1-2" in out
    assert "Poker Night" not in out and "Decoy" not in out
    private = rigs("hand", "Ana", "--game", path).output
    assert "rigs karma play Ana 'Poker Night' --resource" in private
    assert "rigs karma discard" not in private  # no discard at will (2 cards of 5)
    # every hinted command runs
    for line in private.splitlines():
        if line.startswith("  rigs "):
            cmd = shlex.split(line.split("   #")[0])[1:]
            r = rigs(*cmd, "--game", path)
            assert r.exit_code == 0, (cmd, r.output)
            assert rigs("undo", "--game", path).exit_code == 0
    assert g.player("Ana").hand == ("decoy", "poker-night")
    view = json.loads(rigs("hand", "Ana", "--json", "--game", path).output)
    assert {"action": "build", "label": "Build RIGS",
            "params": {"n": {"min": 1, "max": 2}}} in view["actions"]


def test_what_a_player_may_do_does_not_depend_on_another_hand(path, tables):
    """Nothing listed names a card in another player's hand: Ana's list is the same
    whichever cards Bo holds."""
    g = session.load(path, tables).game
    g = g.with_player(replace(g.player("Ana"), hand=("give-me-that", "not-that-one",
                                                      "i-want-that", "eye-for-an-eye")))
    lists = []
    for bo in (("decoy", "i-ll-take-that"), ("recycling", "brownout"), ("ruins", "decoy")):
        g = g.with_player(replace(g.player("Bo"), hand=bo))
        lists.append(actions_json(g, tables, "Ana"))
    assert lists[0] == lists[1] == lists[2]
    plays = [a for a in lists[0]["actions"] if a["action"] == "karma play"]
    assert {t for a in plays for t in a["params"]["title"]["values"]} == {
        "Give Me That!", "I WANT THAT!", "Eye for an Eye"}


def test_the_log_says_where_an_action_came_from_and_a_repeat_acts_once(rigs, path, tables):
    g = session.load(path, tables).game
    op = operation(g, tables, "Ana", "vinnie borrow", {"resource": ["metal"], "n": ["1"]})
    first = session.run(path, op, source="Ana's phone", request_id="tap-1")
    after = path.read_bytes()
    again = session.run(path, op, source="Ana's phone", request_id="tap-1")
    assert path.read_bytes() == after and again.messages == first.messages
    assert again.data == {"repeated": True}
    assert "(from Ana's phone)" in rigs("log", "--game", path).output
    assert session.load(path, tables).game.player("Ana").metal == 1


def test_operation_refuses_what_the_cli_refuses(path, tables):
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.rules.errors import RigsError

    g = session.load(path, tables).game
    for action, form in (("fly", {}), ("build", {"n": ["two"]}), ("build", {}),
                         ("build", {"n": ["1"], "to": ["P1"]}),
                         ("move", {"n": ["1"], "from": ["warehouse"], "to": ["warehouse"],
                                   "harvest": ["metal"]})):
        with pytest.raises(RigsError):  # read from the words, or checked by the rules
            perform(g, operation(g, tables, "Ana", action, form), tables)


def _complete(path, words: str, cword: int) -> list[str]:
    return [w for x in complete(words, cword, path) for w in x.split()]


def test_completion_offers_what_the_player_may_do(path, tables):
    loaded = session.load(path, tables)
    g = loaded.game
    first, *rest = g.player("Ana").plots
    g = replace(g, survey=replace(g.survey, draw=take(g.survey.draw, [1])))
    g = g.with_player(replace(g.player("Ana"), plots=(replace(first, survey=1), *rest),
                              vinnie=frozen_map({"energy": 1}), energy=2))
    session.commit(path, loaded, g, "set-up", tables)
    surveyable = _complete(path, "rigs survey Ana ", 3)
    assert first.id not in surveyable and set(surveyable) == {x.id for x in rest}
    assert _complete(path, "rigs vinnie repay Ana ", 4) == ["energy"]
    assert _complete(path, "rigs vinnie borrow Ana ", 4) == ["energy", "supplies", "metal"]


def test_hinted_choices_are_quoted_as_typed_so_a_grant_order_with_a_long_name_copies():
    from rigs_helper.cli.legalhints import choices
    from rigs_helper.games.rigs.legal.base import Action, Param

    order = Param("order", values=("Maximiliano de la Cruz,Bo", "Bo,Maximiliano de la Cruz"),
                  required=False)
    shown = choices(Action("grant", (order,), "Land Grant"))
    assert shown == ("order: 'Maximiliano de la Cruz,Bo', 'Bo,Maximiliano de la Cruz' "
                     "(optional)")


def test_a_hint_line_writes_each_value_as_the_definition_says():
    """The commands offered are written from each action's definition: an option as its
    option (Rough Storm's card drawn and die: `--drawn`, `--roll`; they were once written
    as bare words the command refused), what comes back in a deal after `--for`."""
    from rigs_helper.cli.legalhints import command_line
    from rigs_helper.games.rigs.legal.base import Action, Param

    storm = Action("karma play", (Param("title", ("Rough Storm",)),
                                  Param("drawn", ("virtual",)), Param("roll", None, 1, 6)),
                   "Play a Karma card")
    assert command_line(storm, "Ana") == \
        "rigs karma play Ana 'Rough Storm' --drawn virtual --roll 1"
    deal = Action("deal propose", (Param("to", ("Bo",)), Param("credits", None, 1, 9, False),
                                   Param("for_plot", ("P7",), 1, 1, False, True)),
                  "Propose a deal", (("credits",), 1, 9), ({"at_least_one": ["for_plot"]},))
    assert command_line(deal, "Ana") == "rigs deal propose Ana Bo credits=1 --for P7"
