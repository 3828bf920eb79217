"""A whole game with a partial set (issue 32), played from the pages: the group lacks 3
Plot cards, 9 Survey cards and 2 Market cards.  The test keeps the table's cardboard (its
own shuffled piles); whenever rigs says a draw is one of the group's cards, the table draws
the top card of its pile and records it through the page; at every step the books count
the same cards of the group's in each pile as the cardboard, and `rigs verify` replays
the game from the committed seed."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from servehelp import get, post, serving

from rigs_helper.games.rigs.mixed import game_virtual, own_left
from rigs_helper.games.rigs.scoring import draw_order
from rigs_helper.web.pages import waiting_for

INVENTORY = """\
[plot]
missing = { Plains = 1, Desert = 1, Ridge = 1 }
[survey]
missing = { "0" = 3, "1" = 3, "2" = 3 }
[market]
missing = ["Spike", "Low"]
"""
PRIORITY = ("lose", "settle", "karma discard", "karma draw", "answer", "disaster record",
            "roll")


class Cardboard:
    """The group's own cards on the table: a Plot pile (types), a Survey pile (yields), a
    Game Market Deck and an End Game Market deck (values), each shuffled by the table."""

    def __init__(self, g, tables, seed: int) -> None:
        rnd = random.Random(seed)
        self.tables = tables
        plots = Counter(tables.plot_deck) - Counter(g.missing["plot"])
        virtual = game_virtual(g, tables, "plot")
        for p in g.players:  # the starting plots handed out from the pile
            for x in p.plots:
                if x.id not in virtual:
                    plots[x.type] -= 1
        self.plot = list(plots.elements())
        self.survey = list((Counter(tables.survey_deck) - Counter(
            {int(k): n for k, n in g.missing["survey"].items()})).elements())
        market = Counter(tables.market_deck) - Counter(dict(g.missing["market"]))
        cards = [tables.market[k].value for k in market.elements()]
        for pile in (self.plot, self.survey, cards):
            rnd.shuffle(pile)
        mine = own_left(g, tables)["market"]  # rigs says how many to deal
        self.market, self.end = cards[:mine], cards[mine:]

    def counts(self) -> dict[str, int]:
        return {"plot": len(self.plot), "survey": len(self.survey),
                "market": len(self.market), "endgame": len(self.end)}


@pytest.mark.slow
def test_a_partial_set_game_played_from_the_pages_keeps_the_books_equal_to_the_cardboard(
        tmp_path, tables, rigs):
    from rigs_helper.store import session

    path, inv = tmp_path / "rigs.toml", tmp_path / "inv.toml"
    inv.write_text(INVENTORY)
    r = rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "32", "--have", inv,
             "--game", path)
    assert r.exit_code == 0, r.output
    assert "Game Market Deck: deal" in r.stdout and "from your pile" in r.stdout

    served = None  # the server while it runs: the file as it read it (one parse a version)

    def game():
        if served is not None:
            return served.source.snapshot().loaded.game
        return session.load(path, tables).game

    table = Cardboard(game(), tables, 32)
    assert own_left(game(), tables) == table.counts()
    recorded = Counter()
    with serving(path, tables) as (server, _, tokens):
        served = server
        n = 0

        def act(name: str, fields: dict) -> tuple[int, dict]:
            nonlocal n
            n += 1
            code, _, body = post(server, tokens[name], {**fields, "request_id": f"r{n}"})
            assert code in (200, 422), body
            assert own_left(game(), tables) == table.counts()  # the books = the cardboard
            return code, json.loads(body)

        def actions(name: str) -> list[dict]:
            return json.loads(get(server, f"/p/{tokens[name]}/actions.json")[2])["actions"]

        surveyed: set[tuple[int, str]] = set()
        for _ in range(400):
            g = game()
            if g.game_over:
                break
            leader = g.leader
            if g.grant_owed:  # the leader records the plots drawn from the group's pile
                if set(g.grant) & game_virtual(g, tables, "plot"):
                    page = get(server, f"/p/{tokens[leader]}")[2]
                    assert "Virtual plot for this grant: P" in page
                    recorded["virtual grant"] += 1
                rec = next(a for a in actions(leader) if a["action"] == "grant")
                assert rec["params"]["card"]["min"] == g.grant_owed
                drawn = [table.plot.pop() for _ in range(g.grant_owed)]
                assert set(drawn) <= set(rec["params"]["card"]["values"])
                assert act(leader, {"action": "grant", "card": drawn})[0] == 200
                recorded["plot"] += len(drawn)
                continue
            if g.grant:
                grants = [a for a in actions(leader) if a["action"] == "grant"]
                keep = next((a for a in grants if "plot" in a["params"]), None)
                if keep is None:  # the group's own plots: the table deals them (rigs never
                    # picks the table's cards): the first way the list gives
                    (deal,) = grants
                    give = deal["params"]["give"]["values"][0]
                    assert act(leader, {"action": "grant", "give": give})[0] == 200
                    continue
                act(leader, {"action": "grant", "plot": keep["params"]["plot"]["values"][0]})
                continue
            held = False
            # the pages read: those of the players whose choice the board says holds the
            # phase (a choice it left out would hold the leader's "next" below: refused)
            waited = {w["player"] for w in waiting_for(g, tables)
                      if w["what"] != "not done yet"}
            for p in g.players:
                for a in actions(p.name) if p.name in waited else ():
                    if a["action"] in PRIORITY:
                        fields = {"action": a["action"]}
                        for k, spec in a["params"].items():
                            if spec.get("record") and "virtual" in spec.get("values", ()):
                                fields[k] = "virtual"  # (the Disaster and Karma decks
                                # are all virtual here: rigs draws)
                            elif spec.get("required", True) and "values" in spec:
                                fields[k] = spec["values"][0]
                            elif spec.get("required", True) and "min" in spec:
                                fields[k] = str(spec["min"])
                        held = act(p.name, fields)[0] == 200 or held
                        break
            if held:
                continue
            if g.phase == "player":
                for p in g.players:
                    if (g.round, p.name) in surveyed or not p.supplies:
                        continue
                    surveyed.add((g.round, p.name))
                    plot = next((x.id for x in p.plots if x.survey is None), None)
                    if plot is None or not g.survey.draw:
                        continue
                    code, body = act(p.name, {"action": "survey", "plot": plot})
                    if code == 422:  # one of the group's own: the table draws it
                        assert "draw the top card of your Survey pile" in body["error"]
                        y = table.survey.pop()
                        code, body = act(p.name, {"action": "survey", "plot": plot,
                                                  "card": str(y)})
                        assert code == 200, body
                        recorded["survey"] += 1
                    else:
                        assert "Virtual Survey card" in json.dumps(body)
            control = next(a for a in actions(leader) if a["action"] == "next")
            fields = {"action": "next"}
            card = control["params"].get("card", {})
            if card.get("required"):  # the Market card is one of the group's own
                v = table.market.pop()
                assert str(v) in card["values"]
                fields["card"] = str(v)
                recorded["market"] += 1
            assert act(leader, fields)[0] == 200
        else:
            raise AssertionError("the game did not end")
        # The End Game draws: rigs names the virtual cards; a type with one of the group's
        # cards is drawn from the table's End Game Market deck and recorded from the
        # leader's typed form: the values of the group's cards only, in order.
        g = game()
        virtual, end, at = game_virtual(g, tables, "market"), list(g.market.end), 0
        (score,) = [a for a in actions(g.leader) if a["action"] == "score"]
        fields: dict = {"action": "score"}
        for ptype, k in draw_order(tables):
            slots, at = end[at:at + k], at + k
            if all(i in virtual for i in slots):
                assert ptype not in score["params"]  # rigs names them
                continue
            mine = [str(table.end.pop()) for i in slots if i not in virtual]
            spec = score["params"][ptype]
            assert set(mine) <= set(spec["values"]) and spec["record"] == "card"
            assert spec.get("max", 1) == len(mine)
            recorded["endgame"] += len(mine)
            fields[ptype] = mine
        code, body = act(g.leader, fields)
        assert code == 200, body
        served = None
    assert game().game_over and len(game().endgame.plot_values) == 5
    assert recorded["virtual grant"] >= 1
    assert recorded["plot"] >= 10 and recorded["survey"] >= 5 and recorded["market"] >= 10
    r = rigs("verify", "--game", path)
    assert r.exit_code == 0, r.output
    assert "Every pile, hand and roll agrees with the seed." in r.stdout
