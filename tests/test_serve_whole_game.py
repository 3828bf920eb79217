"""A whole 4-player game of 15 rounds played only through the pages' HTTP endpoints (in
process, no browser): after `rigs new` and the server's start the shared terminal is not
used once, and the game reaches its end and is scored."""

from __future__ import annotations

import json

import pytest

from servehelp import get, post, serving, table_game

PRIORITY = ("grant", "lose", "settle", "karma discard", "answer", "disaster record",
            "roll")
# (the choices that hold a phase)


def fields(action: dict, rid: str) -> dict:
    """The form a player would send for ``action``: the first allowed value of each
    required parameter (the least of a number); a card or die of the table's own is left
    to rigs (``virtual``) where it may draw it (a Karma title listed may be in a hand)."""
    out: dict = {"action": action["action"], "request_id": rid}
    for name, spec in action["params"].items():
        if spec.get("required", True) is False:
            continue
        if spec.get("record") and "virtual" in spec.get("values", ()):
            out[name] = "virtual"
            continue
        if "values" in spec:
            k = spec.get("min", 1) if spec.get("multiple") else 1
            out[name] = spec["values"][:k] if spec.get("multiple") else spec["values"][0]
        elif "min" in spec:
            out[name] = str(spec["min"])
    return out


def facts(server, tables) -> dict:
    """The board's facts as `/state.json` gives them (the final one is read from it), made
    from the server's own parse of the file: without the log's lines, which replay the last
    phase at every change."""
    from rigs_helper.games.rigs.views import status_dict
    from rigs_helper.web.pages import final_scores, waiting_for

    g = server.source.snapshot().loaded.game
    return {**status_dict(g, tables), "waiting_for": waiting_for(g, tables),
            "final": final_scores(g, tables)}


@pytest.mark.slow
def test_a_15_round_game_played_only_from_the_phones_reaches_the_end_and_scores(
        tmp_path, tables):
    game = table_game(tmp_path / "rigs.toml")
    posts = {"ok": 0, "refused": 0}
    with serving(game, tables) as (server, _, tokens):
        n = 0

        def act(name: str, action: dict) -> bool:
            nonlocal n
            n += 1
            code, _, body = post(server, tokens[name], fields(action, f"g{n}"))
            posts["ok" if code == 200 else "refused"] += 1
            assert code in (200, 422), body
            return code == 200

        def actions(name: str) -> list[dict]:
            return json.loads(get(server, f"/p/{tokens[name]}/actions.json")[2])["actions"]

        moved: set[tuple[int, str]] = set()
        for _ in range(600):
            board = facts(server, tables)
            if board["game_over"] and board["final"]:
                break
            leader = board["leader"]
            held = False
            for w in board["waiting_for"]:  # a choice that holds the phase: its player's
                if w["what"] == "not done yet":
                    continue
                choice = next((a for a in actions(w["player"]) if a["action"] in PRIORITY
                               and a["label"] != "Land Grant: record the plots drawn"), None)
                if choice:
                    held = act(w["player"], choice) or held
            for p in [] if held else board["players"]:
                name = p["name"]
                if board["phase"] == "player" and p["warehouse_rigs"] and \
                        (board["round"], name) not in moved:
                    moved.add((board["round"], name))
                    move = next((a for a in actions(name) if a["action"] == "move"), None)
                    if move:
                        act(name, move)
                if board["phase"] == "market" and p["luxuries"]:
                    sell = next((a for a in actions(name) if a["action"] == "sell"), None)
                    if sell:
                        act(name, {**sell, "params": {"n": {"values": ["all"]}}})
            if held:
                continue
            control = next(a for a in actions(leader) if a["action"] in ("next", "score"))
            act(leader, control)
        else:
            raise AssertionError("the game did not end")
        final = json.loads(get(server, "/state.json")[2])
        board_page = get(server, "/")[2]
    assert final["game_over"] and final["round"] == 15 and final["final"]["winners"]
    assert 'id="final"' in board_page and "Game over" in board_page
    won = " and ".join(final["final"]["winners"])
    assert f'<h1 class="winner">{won} win' in board_page
    from rigs_helper.store import session

    # The shared terminal was used for nothing after `rigs new`: every logged action is
    # one the pages accepted (a phone's, or a phase the leader's page ended).
    entries = session.history(game, tables)
    assert entries[0]["action"].startswith("new")
    terminal = len(entries) - 1 - posts["ok"]
    assert terminal == 0
    assert all(e.get("source") for e in entries[1:])
    assert len([e for e in entries if e.get("source")]) >= 15 * 4
