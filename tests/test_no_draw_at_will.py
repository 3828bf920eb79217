"""No draw at will (RULES.md, ruling of 2026-11-27): a Karma card enters a hand only where
the rules draw one (a Disaster that hurts, the Safe swap, a card that says so, an owed
draw); `rigs karma draw` records such a card and refuses anything else in one line naming
`rigs adjust`, the correction with its reason (`rigs adjust PLAYER karma N --card
TITLE --why ...`).  A game file written before the ruling replays its draws at will."""

from __future__ import annotations

import json

from rigs_helper.store import session


def _hand(path, tables, name):
    return session.load(path, tables).game.player(name).hand


def test_no_draw_at_will_karma_draw_with_nothing_owed_is_refused_naming_adjust(
        tmp_path, rigs, tables):
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "--dice", "table", "--game",
                path).exit_code == 0
    before = path.read_bytes()
    for args, fix in ((["2"], "`rigs adjust Bo karma 2 --why REASON`"),
                      (["--card", "Ruins"], "`rigs adjust Bo karma 1 --card Ruins --why "),
                      ([], "`rigs adjust Bo karma 1 --why REASON`"),
                      (["--card", "Decoy", "--card", "virtual"],
                       "`rigs adjust Bo karma 2 --card Decoy --why REASON`"),
                      (["--card", "Carrier Lost", "--card", "Decoy"],
                       "`rigs adjust Bo karma 2 --card 'Carrier Lost' --card Decoy --why ")):
        r = rigs("karma", "draw", "Bo", *args, "--game", path)
        assert r.exit_code == 1, r.output
        assert len(r.stderr.strip().splitlines()) == 1 and fix in r.stderr and \
            "no draw at will" in r.stderr, r.stderr
        assert path.read_bytes() == before
    # the command named copies and runs: the correction with its reason
    assert rigs("adjust", "Bo", "karma", "2", "--card", "Carrier Lost", "--card", "Decoy",
                "--why", "REASON", "--game", path).exit_code == 0
    assert sorted(_hand(path, tables, "Bo")) == ["carrier-lost", "decoy"]
    assert rigs("undo", "--game", path).exit_code == 0
    before = path.read_bytes()
    # after the Disaster Phase that hurt nobody: still nothing owed
    assert rigs("next", "--card", "Ana=Safe", "--card", "Bo=Safe", "--game", path
                ).exit_code == 0
    assert rigs("next", "--game", path).exit_code == 0
    before = path.read_bytes()
    assert rigs("karma", "draw", "Bo", "--card", "Decoy", "--game", path).exit_code == 1
    assert path.read_bytes() == before and _hand(path, tables, "Bo") == ()


def test_no_draw_at_will_adjust_karma_corrects_the_books(tmp_path, rigs, tables):
    path = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "--game", path)
    r = rigs("adjust", "Ana", "karma", "1", "--card", "Decoy", "--why", "counted",
             "--game", path)
    assert r.exit_code == 0, r.output
    assert "Decoy" not in r.stdout  # the title is Ana's to see
    assert _hand(path, tables, "Ana") == ("decoy",)
    assert rigs("adjust", "Ana", "karma", "2", "--why", "counted", "--game", path
                ).exit_code == 0
    assert len(_hand(path, tables, "Ana")) == 3
    before = path.read_bytes()
    r = rigs("adjust", "Bo", "karma", "1", "--card", "Decoy", "--why", "x", "--game", path)
    assert r.exit_code == 1 and "no 'Decoy' is left in the Karma deck" in r.stderr
    r = rigs("adjust", "Ana", "karma", "-1", "--why", "x", "--game", path)
    assert r.exit_code == 1 and "--card: name each Karma card Ana gives up" in r.stderr
    r = rigs("adjust", "Ana", "energy", "1", "--card", "Decoy", "--why", "x", "--game", path)
    assert r.exit_code == 1 and "only with karma" in r.stderr
    assert path.read_bytes() == before
    assert rigs("adjust", "Ana", "karma", "-1", "--card", "Decoy", "--why", "counted",
                "--game", path).exit_code == 0
    g = session.load(path, tables).game
    assert "decoy" not in g.player("Ana").hand and "decoy" in g.karma.discard


def test_no_draw_at_will_an_older_file_with_a_draw_at_will_replays(tmp_path, rigs, tables):
    """A `karma draw` logged before the ruling (no ``at_will`` field) replays as it
    happened: `rigs verify` and `rigs undo` work through it."""
    from rigs_helper.games.rigs.karma.hands import KarmaDraw

    path = tmp_path / "rigs.toml"
    rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "--game", path)
    session.run(path, KarmaDraw("Ana", 2, at_will=True), tables)
    text = path.read_text()
    assert "at_will = true" in text
    path.write_text(text.replace(", at_will = true", "").replace("at_will = true, ", ""))
    assert "at_will" not in path.read_text()
    assert rigs("adjust", "Bo", "energy", "1", "--why", "x", "--game", path).exit_code == 0
    r = rigs("verify", "--reveal", "--game", path)
    assert r.exit_code == 0, r.output
    assert rigs("undo", "--game", path).exit_code == 0
    assert len(_hand(path, tables, "Ana")) == 2
    log = json.loads(rigs("log", "--json", "--game", path).stdout)["log"]
    assert log[1]["action"].startswith("karma draw Ana 2")


def test_no_draw_at_will_owed_cards_are_recorded_in_one_action_and_no_more(tmp_path, rigs,
                                                                          tables):
    """Two cards owed (a card played made Ana draw them): `rigs karma draw Ana --card X
    --card virtual` records the table's card and lets rigs draw the other, in one action
    whose log names no title; a third card is refused in one line, nothing changed."""
    from dataclasses import replace

    from clihelp import base, save

    g = base(tables)
    g = replace(g, cards="table", players=tuple(
        replace(p, owed_karma=2) if p.name == "Ana" else p for p in g.players))
    path = save(tmp_path, g, tables)
    before = path.read_bytes()
    r = rigs("karma", "draw", "Ana", "--card", "Ruins", "--card", "virtual", "--card",
             "Decoy", "--game", path)
    assert r.exit_code == 1 and "draws 2 Karma cards now, not 3" in r.stderr
    assert "`rigs adjust Ana karma 1 --card Decoy --why REASON`" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and path.read_bytes() == before
    r = rigs("karma", "draw", "Ana", "--card", "Ruins", "--card", "virtual", "--game", path)
    assert r.exit_code == 0, r.output
    after = session.load(path, tables).game.player("Ana")
    assert after.owed_karma == 0 and len(after.hand) == len(g.player("Ana").hand) + 2
    assert "ruins" in after.hand
    log = rigs("log", "--game", path).stdout
    assert "karma draw Ana --card (hidden) --card virtual" in log and "Ruins" not in log


def test_no_draw_at_will_an_older_file_recording_a_disasters_card_drawn_by_rigs_replays(
        tmp_path, rigs, tables, monkeypatch):
    """A file written before the Karma card of a Disaster was rigs' for good in a partial
    set without Karma cards (commit 13d7869): rigs drew it and kept ``disaster_draw``, and
    `rigs karma draw PLAYER --card TITLE` recorded the table's card in its place (no draw
    at will: a record of a card the rules drew).  It replays as it happened (the Disaster
    Phase's checkpoint keeps ``disaster_draw``): verify, doctor and undo work through it,
    and the replayed hand is the saved one."""
    import rigs_helper.games.rigs.decks as decks
    from rigs_helper.games.rigs.karma.hands import KarmaDraw
    from rigs_helper.games.rigs.phases import NextPhase
    from rigs_helper.store import timeline

    inv = tmp_path / "inv.toml"
    inv.write_text("".join(f'[{d}]\nmissing = "all"\n'
                           for d in ("plot", "survey", "disaster", "karma", "market")))
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 5, "--have", inv,
                "--game", path).exit_code == 0
    every = decks.all_virtual
    monkeypatch.setattr(decks, "all_virtual",  # (as before 13d7869)
                        lambda g, deck: deck != "karma" and every(g, deck))
    for _ in range(12):
        session.run(path, NextPhase(auto=True), tables)
        hurt = [p for p in session.load(path, tables).game.players if p.disaster_draw]
        if hurt:
            break
    p = hurt[0]
    g = session.load(path, tables).game
    title = next(c.title for c in tables.karma if c.key in g.karma.draw)
    session.run(path, KarmaDraw(p.name, card=title), tables)
    monkeypatch.setattr(decks, "all_virtual", every)
    loaded = session.load(path, tables)
    assert p.disaster_draw not in loaded.game.player(p.name).hand
    assert timeline.whole(loaded, str(path), tables)[-1].after.player(p.name).hand == \
        loaded.game.player(p.name).hand
    assert rigs("verify", "--reveal", "--game", path).exit_code == 0
    r = rigs("doctor", "--game", path)
    assert r.exit_code == 0 and "no problems found" in r.output, r.output
    assert rigs("undo", "--game", path).exit_code == 0
    assert session.load(path, tables).game.player(p.name).hand == p.hand
