"""The table's cardboard from the phone (RULES.md 2026-11-25: who holds the cardboard
records it): a record replaces a draw, never adds one, and a card rigs would draw is not
drawn, nor shown, when the table records its own."""

from __future__ import annotations

import json

import pytest

from servehelp import get, post, rigs, serving


def _actions(server, token) -> list[dict]:
    return json.loads(get(server, f"/p/{token}/actions.json")[2])["actions"]


def _disaster_phase(path):
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "--game", path)
    rigs("next", "--wait", "--game", path)


def test_a_hurt_player_records_their_disaster_and_the_karma_card_drawn_for_it(tmp_path,
                                                                              tables):
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    _disaster_phase(game)
    with serving(game, tables) as (server, _, tokens):
        acts = [a for a in _actions(server, tokens["Ana"]) if a["action"] == "disaster record"]
        hurts = next(a for a in acts if "karma" in a["params"])
        karma = hurts["params"]["karma"]
        assert karma["record"] == "card" and "virtual" in karma["values"]
        card = hurts["params"]["card"]["values"][0]
        title = next(v for v in karma["values"] if v != "virtual")
        code, _, body = post(server, tokens["Ana"], {
            "action": "disaster record", "card": card, "karma": title})
        assert code == 200, body
        said = json.loads(body)["said"]
        assert [line for line in said if line.startswith("You drew")] == [f"You drew {title}."]
        g = session.load(game, tables).game
        assert [tables.karma_card(k).title for k in g.player("Ana").hand] == [title]
        assert g.player("Ana").disaster_draw is None  # nothing of rigs' to replace
        assert not [a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma draw"]
        # a card that does not hurt takes no Karma card: refused in one line, not listed
        safe = next(a for a in acts if "karma" not in a["params"])
        code, _, body = post(server, tokens["Bo"], {
            "action": "disaster record", "card": safe["params"]["card"]["values"][0],
            "karma": title})
        assert code == 422 and "draws no Karma card" in body


def test_karma_draw_is_listed_only_to_replace_the_card_rigs_drew(tmp_path, tables):
    from rigs_helper.games.rigs.legal import actions_json
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    _disaster_phase(game)
    g = session.load(game, tables).game
    assert not [a for a in actions_json(g, tables, "Ana")["actions"]
                if a["action"] == "karma draw"]  # no draw at will
    acts = [a for a in actions_json(g, tables, "Ana")["actions"]
            if a["action"] == "disaster record" and "karma" in a["params"]]
    rigs("disaster", "record", "Ana", acts[0]["params"]["card"]["values"][0], "--game", game)
    g = session.load(game, tables).game
    drew = g.player("Ana").disaster_draw
    assert drew is not None  # the terminal's record: rigs drew one
    draw = [a for a in actions_json(g, tables, "Ana")["actions"] if a["action"] == "karma draw"]
    assert draw and draw[0]["params"]["card"]["record"] == "card"
    other = next(v for v in draw[0]["params"]["card"]["values"]
                 if v != tables.karma_card(drew).title)
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], {"action": "karma draw", "card": other})
        assert code == 200, body
    hand = session.load(game, tables).game.player("Ana").hand
    assert [tables.karma_card(k).title for k in hand] == [other]  # replaced, not added


def test_the_victim_of_record_not_found_records_the_karma_card_they_draw(tmp_path, tables):
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "--game", game)
    rigs("adjust", "Ana", "karma", "1", "--card", '"Record Not Found"', "--why", "dealt", "--game", game)
    bos = session.load(game, tables).game.player("Bo").plots[0].id
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], {
            "action": "karma play", "title": '"Record Not Found"', "plot": bos,
            "new_owner": "Ana"})
        assert code == 200, body
        take = next(a for a in _actions(server, tokens["Bo"]) if a["action"] == "answer")
        drew = take["params"]["drew"]
        assert drew["record"] == "card" and "virtual" in drew["values"]
        n = drew["max"]
        titles = [v for v in drew["values"] if v != "virtual"][:n]
        code, _, body = post(server, tokens["Bo"], {"action": "answer", "card": "take",
                                                    "drew": titles})
        assert code == 200, body
    hand = session.load(game, tables).game.player("Bo").hand
    assert sorted(tables.karma_card(k).title for k in hand) == sorted(titles)


@pytest.mark.parametrize("dice", ["table", "rigs"])
def test_poker_night_from_the_page_takes_the_table_s_die(tmp_path, tables, dice):
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "--dice", dice, "--game", game)
    rigs("adjust", "Ana", "karma", "1", "--card", "Poker Night", "--why", "dealt", "--game", game)
    with serving(game, tables) as (server, _, tokens):
        play = next(a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma play"
                    and a["params"]["title"]["values"] == ["Poker Night"])
        roll = play["params"]["roll"]
        assert (roll["record"], roll["min"], roll["max"]) == ("die", 1, 6)
        assert ("virtual" in roll.get("values", [])) == (dice == "rigs")
        before = session.load(game, tables).game.rng
        code, _, body = post(server, tokens["Ana"], {
            "action": "karma play", "title": "Poker Night",
            "resource": play["params"]["resource"]["values"][0], "roll": "4"})
        assert code == 200, body
        assert any("4" in line for line in json.loads(body)["said"])
    assert session.load(game, tables).game.rng == before  # rigs rolled nothing


def test_the_leader_is_not_offered_to_end_the_phase_while_a_record_waits(tmp_path, tables):
    game = tmp_path / "rigs.toml"
    _disaster_phase(game)
    with serving(game, tables) as (server, _, tokens):
        leader = json.loads(get(server, "/state.json")[2])["leader"]
        assert not [a for a in _actions(server, tokens[leader]) if a["action"] == "next"]
        for name in ("Ana", "Bo"):
            code, _, body = post(server, tokens[name], {"action": "disaster record",
                                                        "card": "virtual"})
            assert code == 200, body
            # a virtual Disaster that hurts: the Karma card drawn for it waits for its record
            if [a for a in _actions(server, tokens[name]) if a["action"] == "karma draw"]:
                assert not [a for a in _actions(server, tokens[leader])
                            if a["action"] == "next"]
                post(server, tokens[name], {"action": "karma draw", "card": "virtual"})
        ends = [a for a in _actions(server, tokens[leader]) if a["action"] == "next"]
        assert ends or json.loads(get(server, "/state.json")[2])["phase"] != "disaster"


def _top_disaster_hurts(path, tables, name: str) -> bool:
    from rigs_helper.games.rigs.waits.disasters import VIRTUAL, DisasterRecord
    from rigs_helper.store import session

    g = session.load(path, tables).game
    after = DisasterRecord(name, VIRTUAL, VIRTUAL).apply(g, tables).game
    return len(after.player(name).hand) > len(g.player(name).hand)


def _hurting_disaster_phase(game, tables) -> None:
    """Ana and Bo in the Disaster Phase, the top Disaster card one that hurts Ana."""
    for seed in range(7, 60):
        rigs("new", "-p", "Ana", "-p", "Bo", "--seed", seed, "--cards", "table", "--game", game)
        rigs("next", "--wait", "--game", game)
        if _top_disaster_hurts(game, tables, "Ana"):
            break


def test_a_virtual_disaster_that_hurts_waits_for_the_karma_card_drawn_at_the_table(
        tmp_path, tables):
    """Record, never add (issue #27): a Disaster card left to rigs ("virtual") that hurts
    makes rigs draw no Karma card: the hurt player draws theirs at the table and records
    it (`karma draw`, listed with "virtual" too); nothing is shown, then put back, and
    their "Lately" says "You drew" once, for the card recorded."""
    import html
    import re

    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    _hurting_disaster_phase(game, tables)
    before = session.load(game, tables).game
    with serving(game, tables) as (server, _, tokens):
        said = json.loads(post(server, tokens["Ana"], {"action": "disaster record",
                                                       "card": "virtual"})[2])["said"]
        assert not [line for line in said if line.startswith("You drew")]
        g = session.load(game, tables).game
        assert g.player("Ana").hand == () and g.karma == before.karma  # nothing drawn
        draw = next(a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma draw")
        card = draw["params"]["card"]
        assert card["record"] == "card" and "virtual" in card["values"]
        assert json.loads(get(server, "/state.json")[2])["pending"]  # it waits for Ana
        title = next(v for v in card["values"] if v != "virtual")
        code, _, body = post(server, tokens["Ana"], {"action": "karma draw", "card": title})
        assert code == 200, body
        assert not [a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma draw"]
        page = get(server, f"/p/{tokens['Ana']}")[2]
    notes = re.search(r"(?s)Lately, for you</summary>(.*?)</ul>", page).group(1)
    assert notes.count("You drew") == 1 and title in html.unescape(notes)
    g = session.load(game, tables).game
    assert [tables.karma_card(k).title for k in g.player("Ana").hand] == [title]
    assert g.player("Ana").disaster_draw is None


def test_a_karma_card_owed_for_a_disaster_may_be_left_to_rigs(tmp_path, tables):
    from rigs_helper.store import session

    game = tmp_path / "rigs.toml"
    _hurting_disaster_phase(game, tables)
    with serving(game, tables) as (server, _, tokens):
        post(server, tokens["Ana"], {"action": "disaster record", "card": "virtual"})
        code, _, body = post(server, tokens["Ana"], {"action": "karma draw", "card": "virtual"})
        assert code == 200, body
    g = session.load(game, tables).game
    assert len(g.player("Ana").hand) == 1 and g.player("Ana").disaster_draw is None


def test_karma_draw_virtual_is_refused_where_no_disaster_card_waits_for_it(tmp_path, tables):
    """No Karma card drawn at will from a page: "virtual" lets rigs draw only the card a
    Disaster made them draw."""
    game = tmp_path / "rigs.toml"
    _disaster_phase(game)
    with serving(game, tables) as (server, _, tokens):
        code, _, body = post(server, tokens["Ana"], {"action": "karma draw",
                                                     "card": "virtual"})
    assert code == 422 and "no Karma card waits" in body, body


def test_karma_draw_replacing_rigs_card_from_a_deck_that_ran_out_takes_a_discard(tables):
    """Record, never add, when the deck has run out: the table shuffled its discards and
    drew one of them; rigs' card for the Disaster goes back on top of that new deck (it
    was refused: rigs' card put back first made the deck look not empty)."""
    from dataclasses import replace

    from gameplay import start

    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.karma.hands import KarmaDraw
    from rigs_helper.games.rigs.state import Pile

    g = start(3, 11, tables)
    keys = sorted(set(g.karma.draw))  # one of each title of the full deck
    mine, table_card = keys[0], keys[1]
    ana = g.player("Ana")
    g = replace(g.with_player(replace(ana, hand=(mine,), disaster_draw=mine)),
                karma=Pile((), tuple(k for k in keys if k != mine)), table_shuffles=True)
    out = perform(g, KarmaDraw("Ana", card=tables.karma_card(table_card).title), tables)
    after = out.game
    assert after.player("Ana").hand == (table_card,)
    assert after.karma.draw[0] == mine and table_card not in after.karma.draw
    assert not after.karma.discard and after.rng == g.rng  # the generator did not move


def test_the_karma_card_owed_for_a_disaster_is_asked_for_in_a_command_that_runs(tables):
    """A player named with a space: the waiting line's command quotes the name (it said
    `rigs karma draw Mary Jo --card TITLE`, which the shell splits)."""
    from dataclasses import replace

    import pytest

    from rigs_helper.games.rigs.engine import Work
    from rigs_helper.rules.errors import PendingChoice
    from rigs_helper.games.rigs.phases.production_end import disaster_to_production
    from rigs_helper.games.rigs.setup import new_game
    from rigs_helper.games.rigs.state import OWED_DRAW

    g = new_game(["Mary Jo", "Bo"], 5, tables).game
    g = replace(g.with_player(replace(g.player("Mary Jo"), disaster_draw=OWED_DRAW)),
                phase="disaster")
    with pytest.raises(PendingChoice) as err:
        disaster_to_production(Work(g, tables), False, [], [])
    assert "`rigs karma draw 'Mary Jo' --card TITLE`" in str(err.value)
