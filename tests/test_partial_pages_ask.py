"""A partial set (`--have`) on the phones (issue #38): a deck the group lacks entirely is
rigs' to deal, and no page asks for it ("Draw it for us" is a tap for a card that may be
the group's only)."""

from __future__ import annotations

import json

import pytest

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


def _half_karma(tables) -> str:
    """An inventory holding half of the Karma titles and no other deck (every Disaster
    card rigs')."""
    titles = sorted({c.title for c in tables.karma})
    return "[karma]\nmissing = [" + ", ".join(json.dumps(t) for t in titles[::2]) + "]\n"


@pytest.mark.parametrize("seed,how", [(7, "rigs drew it"), (14, "the table records it")])
def test_a_disaster_deck_the_group_lacks_is_dealt_and_only_its_own_karma_card_asked(
        seed, how, tmp_path, tables):
    """Karma cards but no Disaster card held: the end of the Player Phase from the phones
    deals every Disaster card at once (no "Draw it for us" for a card the table has not
    got), as `--cards rigs` does; a Karma card a Disaster makes a player draw is asked
    only when it is one of the group's own (seed 14: Bo records it), one of rigs' is
    drawn at once (seed 7: Bo's)."""
    from rigs_helper.games.rigs.state import OWED_DRAW
    from rigs_helper.store import session

    inv, path = tmp_path / "inv.toml", tmp_path / "rigs.toml"
    inv.write_text(_half_karma(tables))
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", str(seed), "--have", inv, "--game", path)
    with serving(path, tables) as (server, _, tokens):
        _everyone_done(server, tokens)
        g = session.load(path, tables).game
        assert g.phase == "disaster" and not g.waits.disasters
        assert all(p.disaster for p in g.players)
        bo = g.player("Bo")
        assert (bo.disaster_draw == OWED_DRAW) == (how == "the table records it")
        assert len(bo.hand) == (how == "rigs drew it")
        for name in NAMES:
            acts = json.loads(get(server, f"/p/{tokens[name]}/actions.json")[2])["actions"]
            assert "disaster record" not in {a["action"] for a in acts}
            draw = [a for a in acts if a["action"] == "karma draw"]
            assert bool(draw) == (g.player(name).disaster_draw == OWED_DRAW)
            for a in draw:  # the group's own titles, never rigs' card alone
                assert "virtual" not in a["params"]["card"]["values"]
        if how == "the table records it":
            title = draw_titles(server, tokens["Bo"])[0]
            code, _, body = post(server, tokens["Bo"], {
                "action": "karma draw", "card": title, "request_id": "k"})
            assert code == 200, body
            bo = session.load(path, tables).game.player("Bo")
            assert bo.disaster_draw is None and len(bo.hand) == 1


def draw_titles(server, token: str) -> list[str]:
    acts = json.loads(get(server, f"/p/{token}/actions.json")[2])["actions"]
    return [v for a in acts if a["action"] == "karma draw"
            for v in a["params"]["card"]["values"]]


def test_a_plot_deck_the_group_lacks_asks_for_no_land_grant_record(tmp_path, tables):
    """Karma cards but no plot card held: the Land Grant's plots are rigs' (as with
    `--cards rigs`): the leader keeps one at once, no record nor "Draw it for us" first."""
    from rigs_helper.games.rigs.legal import legal_actions
    from rigs_helper.store import session

    inv, path = tmp_path / "inv.toml", tmp_path / "rigs.toml"
    inv.write_text(_half_karma(tables))
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "5", "--have", inv, "--game", path)
    for _ in range(3):
        rigs("next", "--auto", "--game", path)
    rigs("next", "--game", path)
    g = session.load(path, tables).game
    assert g.phase == "player" and g.grant and g.grant_record == ""
    acts = [a.as_json() for a in legal_actions(g, tables, g.leader)
            if a.action == "grant"]
    assert acts and all("card" not in a["params"] for a in acts)
    assert any("plot" in a["params"] for a in acts)  # keep a plot: the first form
    kept = next(a for a in acts if "plot" in a["params"])["params"]["plot"]["values"][0]
    rigs("grant", kept, "--game", path)  # (asserts it is accepted)
    assert not session.load(path, tables).game.grant
