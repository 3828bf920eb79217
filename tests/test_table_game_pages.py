"""A `--dice table` game whose table records its own cards, played only from the pages
(issue 27: "a game with `--dice table` played only from the pages reaches the score
without rigs rolling"): every card drawn and every die rolled after `rigs new` is the
table's, recorded from the page of the player who holds the cardboard, and rigs' seeded
generator is never used again (its stored position is the one `rigs new` left).

Karma cards are not played here: their draws, picks and dice are recorded by another part
of the work (tests/test_table_cards.py); and no Karma card is swapped, so that two
players' draws stay within the 45-card Karma deck (a deck that runs out is reshuffled by
rigs' generator)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from randomplayer import DECISIONS, Client, fill, new_game, served, table_deck

from rigs_helper.store import session
from rigs_helper.web.pages import final_scores

#: actions left out: a Karma card's own draws, picks and dice; a swap (see above)
LEFT_OUT = ("karma play", "karma use", "karma swap")


def _table_form(action: dict) -> dict:
    """``action`` with each record of the table's own card or die required: the table
    always says what it drew or rolled (rigs never draws it instead)."""
    params = {k: ({**v, "required": True} if v.get("record") else v)
              for k, v in action["params"].items()}
    return {**action, "params": params}


def _choices(menu: list[tuple[str, dict]], grant_recorded: bool) -> list[tuple[str, dict]]:
    """What the table does: the Land Grant plots are recorded first, then who received
    which (never "keep a plot", which has rigs deal the others at random); the leader ends
    the phase early only to record the Market card."""
    out = []
    for name, a in menu:
        if a["action"] in LEFT_OUT or a["action"] == "undo":
            continue
        if a["action"] == "grant" and (a["params"].get("card") or {}).get("values") == [
                "virtual"]:
            continue  # the table draws its own plots (rigs' draw: "Draw it for us")
        if a["action"] == "grant" and ("plot" in a["params"]
                                       or ("card" in a["params"]) == grant_recorded):
            continue
        if a["action"] == "next" and "card" not in a["params"]:
            continue
        out.append((name, a))
    return out


@pytest.mark.slow
def test_a_dice_table_game_recorded_from_the_pages_never_uses_rigs_generator(tables,
                                                                            tmp_path):
    seed = 29
    path = new_game(Path(tmp_path), ["Ana", "Bo"], seed, "table",  # its roll-off: --roll
                    cards="table")
    start = session.load(path, tables).game
    rng = random.Random(seed)
    counts = {"ok": 0, "refused": [], "grant records": 0, "deals": 0, "market": 0}
    kinds: Counter[str] = Counter()
    with served(path, tables) as (server, tokens):
        client = Client(server.server_address[1])
        game = start
        recorded_round = 0
        for step in range(3000):
            if game.game_over and final_scores(game, tables):
                break
            # one phone at a time, in a random order: the first whose page offers something
            # acts (a page is read only when the one before offered nothing)
            choices = []
            for name in rng.sample(list(tokens), len(tokens)):
                code, d = client.get_json(f"/p/{tokens[name]}/actions.json")
                assert code == 200
                choices = _choices([(name, a) for a in d["actions"]],
                                   recorded_round == game.round)
                if choices:
                    break
            assert choices, f"step {step}: nothing to do, waiting for " \
                f"{client.get_json('/state.json')[1].get('waiting_for')}"
            decide = [c for c in choices if c[1]["action"] in DECISIONS]
            market = [c for c in choices if c[1]["action"] == "next"]
            done = [c for c in choices if c[1]["action"] == "done"]
            if decide:
                name, action = rng.choice(decide)
            elif market and rng.random() < 0.5:
                name, action = market[0]
            elif done and rng.random() < 0.75:  # (fewer steps: each costs a page read)
                name, action = rng.choice(done)
            else:
                name, action = rng.choice(choices)
            form = {"action": action["action"], "request_id": f"r{step}",
                    **fill(_table_form(action), rng, False, table_deck(game, tables))}
            code, answer = client.act(tokens[name], form)
            assert code < 500, answer
            if code != 200:
                counts["refused"].append(f"{name} {form}: {answer.get('error')}")
            else:
                counts["ok"] += 1
                kinds[action["action"]] += 1
                if action["action"] == "grant" and "card" in action["params"]:
                    recorded_round, counts["grant records"] = game.round, \
                        counts["grant records"] + 1
                counts["deals"] += action["action"] == "grant" and "give" in action["params"]
                counts["market"] += action["action"] == "next"
            # the file as the server read it for the menus (one parse per version, shared)
            game = server.source.snapshot().loaded.game
        else:
            raise AssertionError(f"the game did not end: {game.round}, {game.phase}")
        code, board = client.get_json("/state.json")
    # the board shows the final scores
    assert code == 200 and board["game_over"] and board["final"]["winners"], board
    end = session.load(path, tables).game
    # rigs' generator is where `rigs new` left it: nothing was drawn or rolled by rigs
    assert end.rng == start.rng and end.seed == start.seed
    assert end.game_over and set(end.endgame.resource_values) == {"energy", "supplies",
                                                                  "metal"}
    assert len(end.endgame.plot_values) == 5
    assert counts["refused"] == []
    assert counts["grant records"] >= 5 and counts["deals"] == counts["grant records"]
    assert counts["market"] >= 1
    assert kinds["disaster record"] >= 15 and kinds["done"] >= 15 * 4  # each round's
