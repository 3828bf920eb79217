"""A partial set (`--have`) on the phones (issue #38): a deck the group lacks entirely is
rigs' to deal, and no page asks for it ("Draw it for us" is a tap for a card that may be
the group's only)."""

from __future__ import annotations

import json

from servehelp import get, post, rigs, serving

NAMES = ("Ana", "Bo")


def _new(tmp_path, inventory: str):
    inv, path = tmp_path / "inv.toml", tmp_path / "rigs.toml"
    inv.write_text(inventory)
    rigs("new", *[x for n in NAMES for x in ("-p", n)], "--seed", "5", "--have", inv,
         "--game", path)
    return path


def _decisions(page: str) -> str:
    """What waits for the player: the page's ``#decisions``."""
    return page.split('id="decisions"', 1)[1].split("</section>", 1)[0]


def _everyone_done(server, tokens) -> None:
    for n, name in enumerate(NAMES):
        code, _, body = post(server, tokens[name], {"action": "done",
                                                     "request_id": f"d{n}"})
        assert code == 200, body


def test_a_deck_the_group_lacks_entirely_is_dealt_without_asking(tmp_path, tables):
    """Neither Disaster nor Karma cards held: the end of the Player Phase from the phones
    deals every Disaster card (and the Karma cards they make players draw) at once."""
    from rigs_helper.store import session

    path = _new(tmp_path, '[plot]\nmissing = { Plains = 1 }\n')
    with serving(path, tables) as (server, _, tokens):
        _everyone_done(server, tokens)
        g = session.load(path, tables).game
        assert g.phase == "disaster" and not g.waits.disasters
        assert all(p.disaster for p in g.players)
        assert all(p.disaster_draw is None for p in g.players)  # nothing to record later
        for name in NAMES:
            acts = json.loads(get(server, f"/p/{tokens[name]}/actions.json")[2])["actions"]
            assert not {"disaster record", "karma draw"} & {a["action"] for a in acts}
            assert "Draw it for us" not in _decisions(get(server, f"/p/{tokens[name]}")[2])


def test_the_karma_card_a_disaster_makes_you_draw_from_a_deck_the_group_lacks_is_rigs(
        tmp_path, tables):
    """The group's Disaster cards, no Karma card: the Disaster form has no Karma field
    (nothing of the table's to record), and a card that hurts is recorded in one request,
    rigs drawing its Karma card: no second decision."""
    from rigs_helper.store import session

    path = _new(tmp_path, '[plot]\nmissing = { Plains = 1 }\n[disaster]\nhave = "all"\n')
    with serving(path, tables) as (server, _, tokens):
        _everyone_done(server, tokens)
        assert set(session.load(path, tables).game.waits.disasters) == set(NAMES)
        hurt = 0
        for name in NAMES:
            page = _decisions(get(server, f"/p/{tokens[name]}")[2])
            assert "Your Disaster card" in page
            assert "The Karma card it makes you draw" not in page
            acts = json.loads(get(server, f"/p/{tokens[name]}/actions.json")[2])["actions"]
            rec = [a for a in acts if a["action"] == "disaster record"]
            hurts = [a for a in rec if "karma" in a["params"]]
            held = len(session.load(path, tables).game.player(name).hand)
            card = (hurts or rec)[0]["params"]["card"]["values"][0]
            code, _, body = post(server, tokens[name], {
                "action": "disaster record", "card": card, "request_id": f"r{name}"})
            assert code == 200, body
            me = session.load(path, tables).game.player(name)
            assert me.disaster and me.disaster_draw is None
            acts = json.loads(get(server, f"/p/{tokens[name]}/actions.json")[2])["actions"]
            assert "karma draw" not in {a["action"] for a in acts}
            if hurts:
                hurt += 1
                assert len(me.hand) == held + 1  # rigs drew it
        assert hurt  # (seed 5: a card that hurts is among those the deck may give)
