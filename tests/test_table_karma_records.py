"""The Karma cards' draws, picks and dice recorded from the page of whoever holds the
cardboard (RULES.md 2026-11-25; CONTRACT "Fourth wave": ``"record": "card"|"die"``).

Each test plays a game started with ``--dice table`` through the pages' endpoint (POST
/p/TOKEN/act), checks that the books' hands equal the cards the table recorded, and that
rigs' generator was not used (its position in the game file did not move)."""

from __future__ import annotations

import json

import pytest

from servehelp import act_ok as _act
from servehelp import get, post, rigs, serving
from servehelp import hand_titles as _hand
from servehelp import page_actions as _actions
from servehelp import saved_game as _load

from rigs_helper.games.rigs.piles import find_in


def _game(path, dice: str = "table", **hands):
    """Ana and Bo in round 1's Player Phase; each holding the titles given."""
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "--dice", dice, "--game", path)
    for name, titles in hands.items():
        for t in titles:
            rigs("adjust", name, "karma", "1", "--card", t, "--why", "dealt", "--game", path)
    return path


def _takes(server, token) -> list[dict]:
    """The victim's "take" answers as their page lists them (one per number of cards the
    die makes them draw)."""
    return [a for a in _actions(server, token) if a["action"] == "answer"
            and a["params"]["card"]["values"] == ["take"]]


def _take(server, token) -> dict:
    (take,) = _takes(server, token)
    return take


def _recorded(take: dict, held: list[str], n: int | None = None) -> list[str]:
    """Titles to record as drawn: listed, not "virtual", in no hand of the books."""
    drew = take["params"]["drew"]
    assert drew["record"] == "card" and "virtual" in drew["values"]
    titles = [v for v in drew["values"] if v != "virtual" and v not in held]
    return titles[:drew["max"] if n is None else n]


def test_da_roof_is_on_fire_draws_recorded_from_the_victims_page(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", Ana=["Da' Roof is on Fire!", "Decoy"])
    rigs("adjust", "Bo", "energy", "1", "--why", "eleven in all", "--game", game)
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Da' Roof is on Fire!",
             target="Bo")
        # nothing drawn yet: the card waits for Bo's own cards
        assert _hand(game, tables, "Bo") == []
        assert _load(game, tables).player("Bo").energy == 6
        take = _take(server, tokens["Bo"])
        assert take["params"]["drew"]["max"] == 2  # 11 resources lost: 2 cards
        titles = _recorded(take, ["Decoy"])
        said = _act(server, tokens["Bo"], action="answer", card="take", drew=titles)["said"]
        assert [line for line in said if line.startswith("You drew")] == [
            f"You drew {titles[0]}, {titles[1]}."]
    after = _load(game, tables)
    assert _hand(game, tables, "Bo") == titles
    assert after.player("Bo").energy == 0 and after.waits.attack is None
    assert after.rng == before.rng  # rigs drew and rolled nothing


def test_blowout_draw_recorded_from_the_victims_page(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", Ana=["Blowout!"])
    before = _load(game, tables)
    plot = before.player("Bo").plots[0].id
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Blowout!", target="Bo",
             plot=plot)
        titles = _recorded(_take(server, tokens["Bo"]), [])
        assert len(titles) == 1
        _act(server, tokens["Bo"], action="answer", card="take", drew=titles)
    assert _hand(game, tables, "Bo") == titles
    assert _load(game, tables).rng == before.rng


def test_bad_os_revision_draws_recorded_from_the_victims_page(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", Ana=["Bad OS Revision"])
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        play = next(a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma play"
                    and a["params"]["title"]["values"] == ["Bad OS Revision"])
        form = {k: p["values"][0] for k, p in play["params"].items() if p.get("values")}
        _act(server, tokens["Ana"], action="karma play", **form)
        titles = _recorded(_take(server, tokens["Bo"]), [])
        assert len(titles) == 2
        _act(server, tokens["Bo"], action="answer", card="take", drew=titles)
    assert _hand(game, tables, "Bo") == titles
    assert _load(game, tables).rng == before.rng


def test_identity_theft_draws_recorded_from_the_victims_page(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", Ana=["Identity Theft"])
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Identity Theft",
             target="Bo", option="draw")
        titles = _recorded(_take(server, tokens["Bo"]), [])
        assert len(titles) == 3
        _act(server, tokens["Bo"], action="answer", card="take", drew=titles)
    assert sorted(_hand(game, tables, "Bo")) == sorted(titles)
    assert _hand(game, tables, "Ana") == []  # nothing meant for Bo reaches Ana
    assert _load(game, tables).rng == before.rng


def test_record_not_found_draw_recorded_from_the_victims_page_with_table_dice(tmp_path,
                                                                              tables):
    game = _game(tmp_path / "rigs.toml", Ana=['"Record Not Found"'])
    before = _load(game, tables)
    plot = before.player("Bo").plots[0].id
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title='"Record Not Found"',
             plot=plot, new_owner="Ana")
        titles = _recorded(_take(server, tokens["Bo"]), [])
        _act(server, tokens["Bo"], action="answer", card="take", drew=titles)
    assert _hand(game, tables, "Bo") == titles
    assert _load(game, tables).rng == before.rng


def test_eye_for_an_eye_pick_recorded_from_the_pickers_page(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", Ana=["Eye for an Eye"], Bo=["Decoy", "Ruins"])
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        play = next(a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma play"
                    and a["params"]["title"]["values"] == ["Eye for an Eye"])
        card = play["params"]["card"]
        assert card["record"] == "card" and "virtual" in card["values"]
        # every card Ana cannot see is listed: the list does not say what Bo holds
        assert {"Decoy", "Ruins", "Blowout!"} <= set(card["values"])
        assert "Eye for an Eye" not in card["values"]
        _act(server, tokens["Ana"], action="karma play", title="Eye for an Eye",
             target="Bo", card="Ruins")
    after = _load(game, tables)
    assert _hand(game, tables, "Bo") == ["Decoy"]
    assert "ruins" in after.karma.discard
    assert after.rng == before.rng  # rigs picked nothing


def test_no_refusal_is_an_oracle_on_the_page(tmp_path, tables):
    """No refusal is an oracle (issue 43): Ana's Eye for an Eye records a title Bo holds on
    one copy of the game and one he lacks (the Karma deck has it) on another: the same
    answer, the same words (the title aside); the books then hold Bo's hand one card
    shorter either way, the card recorded in the discards, and Bo alone is told."""
    said, hands = [], []
    for title in ("Ruins", "Blowout!"):
        game = _game(tmp_path / f"{len(said)}.toml", Ana=["Eye for an Eye"],
                     Bo=["Decoy", "Ruins"])
        with serving(game, tables) as (server, _, tokens):
            code, _, body = post(server, tokens["Ana"], {
                "action": "karma play", "title": "Eye for an Eye", "target": "Bo",
                "card": title})
            assert code == 200, body
            said.append(json.dumps(json.loads(body)["said"]).replace(title, "TITLE"))
            page = get(server, f"/p/{tokens['Bo']}")[2]
        hands.append(_hand(game, tables, "Bo"))
        assert _load(game, tables).karma.discard[-1] == find_in(tables, "karma", title)
    assert said[0] == said[1] and hands == [["Decoy"], ["Decoy"]]
    assert "Ruins" not in said[1] and "Ruins" in page  # (Bo's page says what changed)


def _in_play(game, name: str, title: str) -> None:
    rigs("adjust", name, "karma", "1", "--card", title, "--why", "dealt", "--game", game)
    rigs("karma", "play", name, title, "--game", game)


def _theft_on_protected_bo(tmp_path, *protections: str):
    """Ana holds Identity Theft; Bo (120 credits) has ``protections`` in play."""
    game = _game(tmp_path / "rigs.toml", Ana=["Identity Theft"])
    for title in protections:
        _in_play(game, "Bo", title)
    rigs("adjust", "Bo", "credits", "20", "--why", "richer", "--game", game)
    return game


@pytest.mark.parametrize(("roll", "applies"), [(2, False), (3, True)])
def test_rigs_alarm_system_roll_recorded_from_the_victims_page(tmp_path, tables, roll,
                                                               applies):
    game = _theft_on_protected_bo(tmp_path, "R.I.G.S. Alarm System")
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Identity Theft",
             target="Bo", option="card")
        die = _take(server, tokens["Bo"])["params"]["roll"]
        assert (die["record"], die["min"], die["max"]) == ("die", 1, 6)
        code, _, page = get(server, f"/p/{tokens['Bo']}")
        assert code == 200 and 'name="roll"' in page  # the page's form asks for it
        assert "virtual" not in die.get("values", []) and die.get("required", True)
        said = _act(server, tokens["Bo"], action="answer", card="take",
                    roll=str(roll))["said"]
        assert any(f"Alarm System rolls {roll}" in line for line in said)
    after = _load(game, tables)
    assert after.player("Bo").credits == (100 if applies else 120)
    assert after.rng == before.rng


def test_i_ve_got_a_donk_roll_recorded_from_the_victims_page(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", Ana=["Identity Theft"])
    _in_play(game, "Bo", "I've Got a Donk")
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Identity Theft",
             target="Bo", option="card")
        assert _take(server, tokens["Bo"])["params"]["roll"]["record"] == "die"
        said = _act(server, tokens["Bo"], action="answer", card="take", roll="6")["said"]
        assert any("Donk rolls 6" in line for line in said)
    after = _load(game, tables)
    assert "i-ve-got-a-donk" not in after.player("Bo").in_play  # 6: discarded
    assert after.rng == before.rng


def test_the_victims_die_offers_virtual_only_where_rigs_rolls(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", dice="rigs", Ana=["Identity Theft"])
    _in_play(game, "Bo", "R.I.G.S. Alarm System")
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Identity Theft",
             target="Bo", option="card")
        dice = [a["params"]["roll"] for a in _takes(server, tokens["Bo"])]
        assert {"values": ["virtual"], "min": 1, "max": 6, "required": False,
                "record": "die"} in dice
        said = _act(server, tokens["Bo"], action="answer", card="take",
                    roll="virtual")["said"]
    assert any("rolled by rigs" in line for line in said)


def test_rough_storm_dice_recorded_from_each_players_page(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", Ana=["Rough Storm"])
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        play = next(a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma play"
                    and a["params"]["title"]["values"] == ["Rough Storm"])
        assert play["params"]["roll"]["record"] == "die"
        assert play["params"]["roll"]["values"] == ["1", "2", "3", "4", "5"]
        drawn = play["params"]["drawn"]
        assert drawn["record"] == "card" and "virtual" in drawn["values"]
        mine = next(v for v in drawn["values"] if v not in ("virtual", "Rough Storm"))
        _act(server, tokens["Ana"], action="karma play", title="Rough Storm", roll="2",
             drawn=mine)
        assert _hand(game, tables, "Ana") == []  # the card waits for Bo: nothing yet
        # one answer per number of cards drawn: 1 to 5 draw one, a 6 draws none
        takes = {tuple(a["params"]["roll"].get("values", [])): a
                 for a in _takes(server, tokens["Bo"])}
        assert set(takes) == {("1", "2", "3", "4", "5"), ("6",)}
        assert "drew" not in takes[("6",)]["params"]
        take = takes[("1", "2", "3", "4", "5")]
        assert take["params"]["roll"]["record"] == "die"
        titles = _recorded(take, [mine], 1)
        _act(server, tokens["Bo"], action="answer", card="take", roll="3", drew=titles)
    after = _load(game, tables)
    assert _hand(game, tables, "Bo") == titles and _hand(game, tables, "Ana") == [mine]
    assert after.player("Bo").must_discard == 3  # Bo chooses what goes
    assert after.rng == before.rng


def test_rough_storm_played_from_a_later_seat_keeps_its_players_die(tmp_path, tables):
    """Bo sits after Ana: Bo's own die, given with the play, is Bo's, and Ana (the first
    seat) still records hers from her page (before, Ana's roll took Bo's die and the card
    waited for a die nobody was offered)."""
    game = _game(tmp_path / "rigs.toml", Bo=["Rough Storm"])
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        play = next(a for a in _actions(server, tokens["Bo"]) if a["action"] == "karma play"
                    and a["params"]["title"]["values"] == ["Rough Storm"])
        mine = next(v for v in play["params"]["drawn"]["values"]
                    if v not in ("virtual", "Rough Storm"))
        _act(server, tokens["Bo"], action="karma play", title="Rough Storm", roll="6")
        takes = {tuple(a["params"]["roll"].get("values", [])): a
                 for a in _takes(server, tokens["Ana"])}
        assert set(takes) == {("1", "2", "3", "4", "5"), ("6",)}
        said = _act(server, tokens["Ana"], action="answer", card="take", roll="2",
                    drew=[mine])["said"]
    assert any("Bo rolls 6: safe." in line for line in said), said
    assert any("Ana rolls 2" in line for line in said), said
    assert _hand(game, tables, "Ana") == [mine] and _hand(game, tables, "Bo") == []
    assert _load(game, tables).rng == before.rng


def test_parts_shop_roll_recorded_from_the_page(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml")
    _in_play(game, "Ana", "Parts Shop")
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        use = next(a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma use")
        die = use["params"]["roll"]
        assert (die["record"], die["min"], die["max"]) == ("die", 1, 6)
        assert "virtual" not in die.get("values", [])
        said = _act(server, tokens["Ana"], action="karma use", title="Parts Shop",
                    roll="4")["said"]
        assert any("Parts Shop rolls 4" in line for line in said)
    assert _load(game, tables).rng == before.rng


def test_i_ll_take_that_is_listed_and_the_victim_records_the_card_taken(tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", Ana=["I'll Take THAT!"], Bo=["Decoy", "Ruins"])
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        assert any(a["action"] == "karma play"
                   and a["params"]["title"]["values"] == ["I'll Take THAT!"]
                   for a in _actions(server, tokens["Ana"]))
        _act(server, tokens["Ana"], action="karma play", title="I'll Take THAT!",
             target="Bo")
        take = _take(server, tokens["Bo"])
        assert take["params"]["gave"]["values"] == ["Decoy", "Ruins"]
        _act(server, tokens["Bo"], action="answer", card="take", gave="Ruins")
    assert _hand(game, tables, "Bo") == ["Decoy"]
    assert _hand(game, tables, "Ana") == ["Ruins"]
    assert _load(game, tables).rng == before.rng


def _both_dice(takes: list[dict]) -> list[dict]:
    return [a["params"]["roll"] for a in takes if a["params"]["roll"].get("min") == 2]


def test_rigs_alarm_system_and_i_ve_got_a_donk_both_dice_recorded_from_the_victims_page(
        tmp_path, tables):
    game = _theft_on_protected_bo(tmp_path, "R.I.G.S. Alarm System", "I've Got a Donk")
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Identity Theft",
             target="Bo", option="card")
        takes = [a for a in _takes(server, tokens["Bo"])
                 if a["params"]["first"]["values"] == ["R.I.G.S. Alarm System"]]
        one = [a["params"]["roll"] for a in takes if a["params"]["roll"].get("max") == 6]
        # the Alarm System rolls first: 2, 4, 6 save Bo (one die); 1, 3, 5 roll the Donk
        assert [d.get("values") for d in one] == [["2", "4", "6"]]
        (two,) = _both_dice(takes)
        assert (two["min"], two["max"], two["multiple"], two["record"]) == (2, 2, True, "die")
        assert two["ordered"] == [["1", "3", "5"], ["1", "2", "3", "4", "5", "6"]]
        code, _, page = get(server, f"/p/{tokens['Bo']}")  # the two dice, in order
        assert code == 200 and 'aria-label="What did you roll? 2"' in page
        said = _act(server, tokens["Bo"], action="answer", card="take",
                    first="R.I.G.S. Alarm System", roll=["3", "6"])["said"]
        assert any("Alarm System rolls 3" in line for line in said)
        assert any("Donk rolls 6" in line for line in said)
    after = _load(game, tables)
    assert after.player("Bo").credits == 100  # neither saved Bo
    assert "i-ve-got-a-donk" not in after.player("Bo").in_play  # 6: discarded
    assert after.rng == before.rng  # rigs rolled nothing


def test_i_want_that_with_i_ve_got_a_donk_both_dice_recorded_from_the_victims_page(
        tmp_path, tables):
    game = _game(tmp_path / "rigs.toml", Ana=["I WANT THAT"])
    _in_play(game, "Bo", "I've Got a Donk")
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="I WANT THAT!", target="Bo",
             resource="energy")
        (two,) = _both_dice(_takes(server, tokens["Bo"]))
        # the Donk's die first (1 or 6: it does not save Bo), then the card's own die
        assert two["ordered"] == [["1", "6"], ["1", "2", "3", "4", "5", "6"]]
        said = _act(server, tokens["Bo"], action="answer", card="take",
                    roll=["1", "4"])["said"]
        assert "Bo rolls 4: gives 4 energy to Ana." in said
    after = _load(game, tables)
    assert (after.player("Bo").energy, after.player("Ana").energy) == (
        before.player("Bo").energy - 4, before.player("Ana").energy + 4)
    assert after.rng == before.rng


def test_rough_storm_draw_recorded_in_an_answer_stands(tmp_path, tables):
    """Record, never add (issue #27): Bo answers Rough Storm with a 3 and the card drawn at
    the table; Bo's page then offers no second answer, and a second answer (a 6: nothing to
    lose) is refused, so the card Bo holds is never dropped from the books."""
    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 7, "--dice", "table",
         "--game", game)
    rigs("adjust", "Ana", "karma", "1", "--card", "Rough Storm", "--why", "dealt", "--game", game)
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Rough Storm", roll="6")
        take = next(a for a in _takes(server, tokens["Bo"]) if "drew" in a["params"])
        titles = _recorded(take, [], 1)
        _act(server, tokens["Bo"], action="answer", card="take", roll="3", drew=titles)
        assert _takes(server, tokens["Bo"]) == []  # Bo has answered: nothing more to give
        code, _, body = post(server, tokens["Bo"], {"action": "answer", "card": "take",
                                                    "roll": "6"})
        assert code != 200 and "answered Rough Storm already" in json.loads(body)["error"]
        _act(server, tokens["Cy"], action="answer", card="take", roll="6")
    assert _hand(game, tables, "Bo") == titles
    assert _load(game, tables).rng == before.rng


def test_da_roof_is_on_fire_lists_every_card_drawn_as_a_record(tmp_path, tables):
    """Rigs draws only when the table says virtual: the victim's take lists exactly as many
    records as cards drawn (each a title, or virtual), never fewer left to rigs."""
    game = _game(tmp_path / "rigs.toml", Ana=["Da' Roof is on Fire!"])
    rigs("adjust", "Bo", "energy", "1", "--why", "eleven in all", "--game", game)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Da' Roof is on Fire!",
             target="Bo")
        drew = _take(server, tokens["Bo"])["params"]["drew"]
        assert (drew["min"], drew["max"]) == (2, 2) and drew.get("required", True)


def test_karma_swap_card_is_a_record_the_page_gives(tmp_path, tables):
    """A swap's card drawn at the table is required on a page ("virtual" lets rigs draw
    it); the terminal may still leave it out."""
    from rigs_helper.games.rigs.actions.catalog import build_action
    from rigs_helper.rules.errors import InputError

    game = _game(tmp_path / "rigs.toml", Ana=["Decoy"])
    g = _load(game, tables)
    with pytest.raises(InputError, match="card"):
        build_action("karma swap", "Ana", {"title": ["Decoy"]}, page=True, game=g)
    build_action("karma swap", "Ana", {"title": ["Decoy"]}, page=False, game=g)


def _lately(server, token) -> list[str]:
    import html
    import re

    page = get(server, f"/p/{token}")[2]
    notes = re.search(r"(?s)Lately, for you</summary>\s*<ul>(.*?)</ul>", page)
    return [html.unescape(t) for t in re.findall(r"<li>(.*?)</li>", notes.group(1))] \
        if notes else []


def test_lately_after_undo_and_redo_says_a_card_drawn_once(tmp_path, tables):
    """An undone action's lines vanish from the player's "Lately"; done again, they are
    there once (issue #27)."""
    game = _game(tmp_path / "rigs.toml", Ana=["Blowout!"])
    plot = _load(game, tables).player("Bo").plots[0].id
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Blowout!", target="Bo",
             plot=plot)
        titles = _recorded(_take(server, tokens["Bo"]), [])
        _act(server, tokens["Bo"], action="answer", card="take", drew=titles)
        once = _lately(server, tokens["Bo"])
        assert [n for n in once if "You drew" in n] == [f"Round 1: You drew {titles[0]}."]
        leader = _load(game, tables).leader
        undo = next(a for a in _actions(server, tokens[leader]) if a["action"] == "undo")
        _act(server, tokens[leader], action="undo",
             entry=undo["params"]["entry"]["values"][0])
        assert not [n for n in _lately(server, tokens["Bo"]) if "You drew" in n]
        _act(server, tokens["Bo"], action="answer", card="take", drew=titles)
        assert _lately(server, tokens["Bo"]) == once
    assert _hand(game, tables, "Bo") == titles


def test_record_not_found_on_ones_own_plot_draw_recorded_with_the_play(tmp_path, tables):
    """A Sabotage card aimed at its player's own plot: nobody is waited for, and the Karma
    card its victim (the player) draws is recorded with the play (rigs drew it)."""
    game = _game(tmp_path / "rigs.toml", Ana=['"Record Not Found"', "Decoy"])
    before = _load(game, tables)
    mine = before.player("Ana").plots[0].id
    with serving(game, tables) as (server, _, tokens):
        plays = [a for a in _actions(server, tokens["Ana"]) if a["action"] == "karma play"
                 and a["params"].get("title", {}).get("values") == ['"Record Not Found"']]
        own = [a for a in plays if mine in a["params"]["plot"]["values"]]
        assert own and all(a["params"]["drawn"]["record"] == "card" for a in own)
        assert all("drawn" not in a["params"] for a in plays if a not in own)  # Bo's plots:
        # the card waits for Bo, who records the card he draws
        drawn = next(v for v in own[0]["params"]["drawn"]["values"]
                     if v not in ("virtual", "Decoy", '"Record Not Found"'))
        _act(server, tokens["Ana"], action="karma play", title='"Record Not Found"',
             plot=mine, new_owner="Bo", drawn=drawn)
    after = _load(game, tables)
    assert _hand(game, tables, "Ana") == ["Decoy", drawn]
    assert mine in {x.id for x in after.player("Bo").plots}
    assert after.rng == before.rng  # rigs drew nothing


def test_right_back_at_you_against_identity_theft_draws_recorded_with_the_answer(tmp_path,
                                                                                 tables):
    """Right Back At You turning Identity Theft: the victim reaps the three cards; their
    answer lists them as records (rigs drew them before), and nothing else draws."""
    game = _game(tmp_path / "rigs.toml", Ana=["Identity Theft"], Bo=["Right Back At You"])
    rigs("adjust", "Ana", "credits", "-40", "--why", "Ana is the poorer", "--game", game)
    before = _load(game, tables)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Identity Theft",
             target="Bo", option="draw")
        (back,) = [a for a in _actions(server, tokens["Bo"]) if a["action"] == "answer"
                   and a["params"]["card"]["values"] == ["Right Back At You"]]
        titles = _recorded(back, ["Identity Theft", "Right Back At You"])
        assert len(titles) == 3 and back["params"]["drew"]["min"] == 3
        _act(server, tokens["Bo"], action="answer", card="Right Back At You", drew=titles)
    assert sorted(_hand(game, tables, "Bo")) == sorted(titles)
    assert _hand(game, tables, "Ana") == []
    after = _load(game, tables)
    assert after.player("Bo").credits > after.player("Ana").credits  # turned on Ana
    assert after.rng == before.rng  # rigs drew nothing


def test_rough_storm_card_drawn_as_answered_stands_when_the_victim_spent_everything_since(
        tmp_path, tables):
    """Bo answers Rough Storm with a 3 and the card drawn at the table, then spends every
    resource before Cy answers: at the table Bo drew the card when the storm hit, so Cy's
    answer is accepted and the card stays in Bo's hand (it used to refuse Cy: "made nobody
    draw that many")."""
    game = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", 7, "--dice", "table",
         "--cards", "table", "--game", game)
    rigs("adjust", "Ana", "karma", "1", "--card", "Rough Storm", "--why", "dealt", "--game", game)
    with serving(game, tables) as (server, _, tokens):
        _act(server, tokens["Ana"], action="karma play", title="Rough Storm", roll="6")
        take = next(a for a in _takes(server, tokens["Bo"]) if "drew" in a["params"])
        titles = _recorded(take, [], 1)
        _act(server, tokens["Bo"], action="answer", card="take", roll="3", drew=titles)
        for r in ("energy", "supplies"):
            rigs("adjust", "Bo", r, "-5", "--why", "spent", "--game", game)
        assert sum(_load(game, tables).player("Bo").amount(r)
                   for r in ("energy", "supplies", "metal", "luxuries")) == 0
        (cy,) = [a for a in _takes(server, tokens["Cy"])
                 if "6" in a["params"]["roll"].get("values", ["6"])
                 and "drew" not in a["params"]]
        _act(server, tokens["Cy"], action="answer", card="take", roll="6")
    after = _load(game, tables)
    assert after.waits.attack is None and _hand(game, tables, "Bo") == titles
