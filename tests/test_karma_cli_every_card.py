"""Every Karma card played through the CLI (`rigs karma play` / `use`), with and without each
Protection that applies to it (issue 8 "Done when"), and the card options validated at the
door (issue 9 items 2 and 4): amounts, victims, answers, unused options, table dice.

The game: 3 players (the base of test_karma_effects) with 20 of each resource, Bo's P2
and P11 surveyed with RIGS on them, Cy's P12 surveyed; Ana plays, Bo is the victim."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gameplay import play_to, set_player
from clihelp import ok, refused, save
from karmahelp import base, hand, set_plot

from rigs_helper.store import session

# title, phase, arguments after the title (Ana plays; Bo is the victim where there is one)
CARDS = [
    ('"Missing" Support', "player", ["--target", "Bo", "--from", "warehouse"]),
    ("Bad OS Revision", "player", ["--target", "Bo"]),
    ("Wrong Manual", "player", ["--target", "Bo", "--from", "warehouse"]),
    ("Eye for an Eye", "player", ["--target", "Bo"]),
    ("Not THAT one", "player", ["--target", "Bo", "--card", "Ruins"]),
    ("I Ain't Going Alone", "player", ["--target", "Bo", "--give", "energy=2"]),
    ('"Accidental" Dumping', "player", ["--target", "Bo"]),
    ("Left the Light On", "player", ["--target", "Bo"]),
    ("Da' Roof is on Fire!", "player", ["--target", "Bo"]),
    ("Rough Storm", "player", ["--roll", "Ana=6", "--roll", "Bo=6", "--roll", "Cy=6"]),
    ("Blowout!", "player", ["--target", "Bo", "--plot", "P2"]),
    ("Give Me That!", "player", ["--target", "Bo"]),
    ("Identity Theft", "player", ["--target", "Bo", "--option", "draw"]),
    ("I WANT THAT!", "player", ["--target", "Bo", "--resource", "metal", "--roll", "Bo=3"]),
    ("Incorrect Drivers", "production", ["--plot", "P2"]),
    ("You sent it WHERE?!", "last_call", ["--plot", "P2"]),
    ("Brownout!", "production", ["--target", "Bo"]),
    ("I'll Take THAT!", "player", ["--target", "Bo", "--card", "Ruins"]),
    ("Survey Error", "player", ["--plot", "P2"]),
    ("Survey Typo", "player", ["--plot", "P2", "--plot", "P12"]),
    ('"Record Not Found"', "player", ["--plot", "P2", "--new-owner", "Cy"]),
    ("Carrier Lost", "production", ["--target", "Bo"]),
    ("Triangulation Drift", "player", ["--plot", "P2", "--to", "Cy"]),
    ("Recycling", "player", []),
    ("Ridiculous Efficiency", "production", []),
    ("Poker Night", "player", ["--resource", "metal", "--roll", "2"]),
    ("Parts Shop", "player", []),
    ("Below the Surface", "player", ["--plot", "P1", "--resource", "supplies"]),
    ("Winning Raffle Ticket", "player", ["--roll", "4"]),
    ("Swap Meet", "player", ["--give", "energy=3", "--take", "metal=3"]),
    ("Ruins", "player", ["--roll", "5"]),
    ("R.I.G.S. T.D.M.", "production", ["--plot", "P1"]),
    ("Other Markets", "market", []),
    ("Naive Profits", "market", []),
    ("R.I.G.S. Alarm System", "player", []),
    ("Push, Pull, or Drag", "player", []),
    ("I've Got a Donk", "player", []),
    ("A Little Information", "player", ["--target", "Bo"]),
]


def game(tables, phase, extra_hand=()):
    g = base(tables, "production" if phase in ("production", "last_call") else "player")
    if phase == "last_call":
        g = replace(g, last_call=True)
    if phase == "market":
        g = play_to(g, tables, 2, "market")
    for n in ("Ana", "Bo", "Cy"):
        g = set_player(g, n, energy=20, supplies=20, metal=20, luxuries=20)
    g = set_plot(g, tables, "Bo", "P2", 1, "metal", survey=2)
    g = set_plot(g, tables, "Bo", "P11", 2, "supplies", survey=1)
    g = set_plot(g, tables, "Cy", "P12", 1, "metal", survey=3)
    g = set_plot(g, tables, "Ana", "P1", 1, "energy")
    g = set_plot(g, tables, "Ana", "P10", 0, None, survey=0)
    g = hand(g, "Bo", "ruins")
    for who, key in extra_hand:
        g = hand(g, who, key)
    return g


def key_of(tables, title):
    return next(c.key for c in tables.karma if c.title == title)


def test_the_table_covers_every_karma_card(tables):
    assert {t for t, _, _ in CARDS} | {"Wrong Address", "Decoy", "Calling in a Favor",
                                       "Right Back At You", "Ain't Working for You",
                                       "Warehouse Insurance", "Double Agent"} \
        == {c.title for c in tables.karma}


@pytest.mark.parametrize("title,phase,args", CARDS, ids=[c[0] for c in CARDS])
def test_every_card_through_the_cli(tmp_path, rigs, tables, title, phase, args):
    key = key_of(tables, title)
    path = save(tmp_path, game(tables, phase, [("Ana", key)]), tables)
    r = ok(rigs, path, "karma", "play", "Ana", title, *args)
    assert f"Ana plays {title}" in r.stdout
    g = session.load(path, tables).game
    ana = g.player("Ana")
    assert key not in ana.hand
    assert (key in ana.in_play) == tables.karma_card(key).in_play


SABOTAGE = [c for c in CARDS if c[0] in (
    "Give Me That!", "Identity Theft", "I WANT THAT!", "Incorrect Drivers",
    "You sent it WHERE?!", "Brownout!", "I'll Take THAT!", "Survey Error", "Survey Typo",
    '"Record Not Found"', "Carrier Lost", "Triangulation Drift")]
# answer -> extra arguments; {p} is a plot of the player the card is passed on to
ANSWERS = {
    "Wrong Address": ["--answer", "Bo=Wrong Address"],
    "Calling in a Favor": ["--answer", "Bo=Calling in a Favor"],
    "Right Back At You": ["--answer", "Bo=Right Back At You"],
    "Ain't Working for You": ["--answer", "Bo=Ain't Working for You"],
    "Double Agent": ["--answer", "Bo=Double Agent"],
    "Decoy": ["--answer", "Bo=Decoy"],
}
STEALS = ("Give Me That!", "I'll Take THAT!")


def _drop_rolls(args):
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a == "--roll":
            skip = True
            continue
        out.append(a)
    return out


@pytest.mark.parametrize("answer", list(ANSWERS))
@pytest.mark.parametrize("title,phase,args", SABOTAGE, ids=[c[0] for c in SABOTAGE])
def test_every_sabotage_card_with_each_answer(tmp_path, rigs, tables, title, phase, args,
                                              answer):
    key, akey = key_of(tables, title), key_of(tables, answer)
    path = save(tmp_path, game(tables, phase, [("Ana", key), ("Bo", akey),
                                               ("Ana", "swap-meet")]), tables)
    cmd = ["karma", "play", "Ana", title, *_drop_rolls(args), *ANSWERS[answer]]
    if answer == "Right Back At You":  # Bo now chooses among Ana's things
        cmd = [("Swap Meet" if a == "Ruins" else a) for a in cmd]
        if "--plot" in cmd and title != "Survey Typo":
            cmd += ["--answer-plot", "P10" if title == "Survey Error" else "P1"]
    if answer == "Decoy" and title not in STEALS:
        refused(rigs, path, *cmd, has=("Decoy answers a card that takes a card",))
        return
    r = ok(rigs, path, *cmd)
    g = session.load(path, tables).game
    bo = g.player("Bo")
    if answer == "Decoy":
        assert "decoy" in g.player("Ana").hand and "ruins" in bo.hand
        return
    assert akey not in bo.hand and f"answers with {answer}" in r.stdout
    if answer == "Ain't Working for You":
        assert key in g.player("Ana").hand
    else:
        assert key in g.karma.discard or key in bo.incoming or key in g.player("Ana").hand


@pytest.mark.parametrize("prot,roll,safe", [("R.I.G.S. Alarm System", 4, True),
                                            ("R.I.G.S. Alarm System", 3, False),
                                            ("I've Got a Donk", 5, True),
                                            ("I've Got a Donk", 6, False)])
@pytest.mark.parametrize("title,phase,args", SABOTAGE, ids=[c[0] for c in SABOTAGE])
def test_every_sabotage_card_against_in_play_protection(tmp_path, rigs, tables, title,
                                                       phase, args, prot, roll, safe):
    key, pkey = key_of(tables, title), key_of(tables, prot)
    g = game(tables, phase, [("Ana", key)])
    g = _in_play(hand(g, "Bo", pkey), "Bo", pkey)
    path = save(tmp_path, g, tables)
    more = ["--roll", "Bo=2"] if title == "I WANT THAT!" and not safe else []
    r = ok(rigs, path, "karma", "play", "Ana", title, *_drop_rolls(args), "--roll",
           f"Bo={roll}", *more)
    assert f"rolls {roll}" in r.stdout
    assert ("Bo is not affected" in r.stdout) == safe
    assert "rolled by rigs" not in r.stdout


def _in_play(g, name, key):
    p = g.player(name)
    h = list(p.hand)
    h.remove(key)
    return set_player(g, name, hand=tuple(h), in_play=p.in_play + (key,))


def test_warehouse_insurance_and_push_pull_or_drag_after_a_loss(tmp_path, rigs, tables):
    g = game(tables, "player", [("Ana", "left-the-light-on"), ("Ana", "wrong-manual"),
                                ("Bo", "warehouse-insurance")])
    g = _in_play(hand(g, "Bo", "push-pull-or-drag"), "Bo", "push-pull-or-drag")
    path = save(tmp_path, g, tables)
    ok(rigs, path, "karma", "play", "Ana", "Left the Light On", "--target", "Bo")
    ok(rigs, path, "karma", "play", "Bo", "Warehouse Insurance")
    assert session.load(path, tables).game.player("Bo").energy == 20
    ok(rigs, path, "karma", "play", "Ana", "Wrong Manual", "--target", "Bo", "--from",
       "warehouse")
    ok(rigs, path, "karma", "use", "Bo", "Push, Pull, or Drag")
    assert session.load(path, tables).game.player("Bo").warehouse_rigs == 5


def test_parts_shop_and_recycling_through_the_cli(tmp_path, rigs, tables):
    g = game(tables, "player", [("Ana", "wrong-manual")])
    g = _in_play(hand(g, "Bo", "parts-shop"), "Bo", "parts-shop")
    path = save(tmp_path, replace(g), tables)
    ok(rigs, path, "karma", "play", "Ana", "Wrong Manual", "--target", "Bo", "--from",
       "warehouse")
    r = ok(rigs, path, "karma", "use", "Bo", "Parts Shop", "--roll", "1")
    assert "rolls 1" in r.stdout and "rolled by rigs" not in r.stdout
    refused(rigs, path, "karma", "use", "Bo", "Parts Shop", "--roll", "0", has=("--roll",))


# ---------------------------------------------------------------------------- at the door

AMOUNT_OPTIONS = [("Swap Meet", ["--give", "energy={n}", "--take", "metal=1"]),
                  ("Swap Meet", ["--give", "energy=1", "--take", "metal={n}"]),
                  ("I Ain't Going Alone", ["--target", "Bo", "--give", "energy={n}"])]


@pytest.mark.parametrize("n", [-5, 0])
@pytest.mark.parametrize("title,args", AMOUNT_OPTIONS)
def test_negative_amounts_refused_for_every_card_option(tmp_path, rigs, tables, title,
                                                        args, n):
    path = save(tmp_path, game(tables, "player", [("Ana", key_of(tables, title))]), tables)
    refused(rigs, path, "karma", "play", "Ana", title, *[a.format(n=n) for a in args],
            has=(f"={n}", "1 or more"))


def test_amount_the_holder_does_not_have_is_refused(tmp_path, rigs, tables):
    path = save(tmp_path, game(tables, "player", [("Ana", "swap-meet")]), tables)
    refused(rigs, path, "karma", "play", "Ana", "Swap Meet", "--give", "energy=21",
            "--take", "metal=21", has=("--give energy=21", "has 20"))


@pytest.mark.parametrize("title,args,flag", [
    ("Left the Light On", ["--target", "Bo", "--resource", "metal"], "--resource"),
    ("Left the Light On", ["--target", "Bo", "--answer", "Decoy"], "--answer"),
    ("Winning Raffle Ticket", ["--target", "Bo"], "--target"),
    ("Ruins", ["--give", "energy=1"], "--give"),
    ("Brownout!", ["--target", "Bo", "--new-owner", "Cy"], "--new-owner"),
])
def test_option_a_card_does_not_use_is_refused(tmp_path, rigs, tables, title, args, flag):
    phase = "production" if title == "Brownout!" else "player"
    path = save(tmp_path, game(tables, phase, [("Ana", key_of(tables, title))]), tables)
    refused(rigs, path, "karma", "play", "Ana", title, *args, has=(flag, "does not use"))


def test_victims_named_twice_or_self_refused(tmp_path, rigs, tables):
    path = save(tmp_path, game(tables, "player", [("Ana", "i-want-that")]), tables)
    refused(rigs, path, "karma", "play", "Ana", "I WANT THAT!", "--target", "Bo",
            "--target", "Bo", "--resource", "metal", has=("named twice",))
    refused(rigs, path, "karma", "play", "Ana", "I WANT THAT!", "--target", "Ana",
            "--resource", "metal", has=("own victim",))
    refused(rigs, path, "karma", "play", "Ana", "I WANT THAT!", "--target", "Bo",
            "--resource", "metal", "--answer", "Decoy", has=("holds no 'Decoy'",))


def test_table_rolls_on_karma_play(tmp_path, rigs, tables):
    path = save(tmp_path, game(tables, "player", [("Ana", "winning-raffle-ticket")]), tables)
    refused(rigs, path, "karma", "play", "Ana", "Winning Raffle", "--roll", "4", "--roll",
            "2", has=("--roll 2", "not used"))
    r = ok(rigs, path, "karma", "play", "Ana", "Winning Raffle", "--roll", "4")
    assert "rolled by rigs" not in r.stdout
    assert session.load(path, tables).game.player("Ana").luxuries == 24
    path2 = save(tmp_path, game(tables, "player", [("Ana", "winning-raffle-ticket")]),
                 tables, name="b.toml")
    r = ok(rigs, path2, "karma", "play", "Ana", "Winning Raffle")
    assert "rolled by rigs" in r.stdout


# ------------------------------------------------------ issue 17: the answers as printed


def test_decoy_against_a_steal_turned_back_through_the_cli(tmp_path, rigs, tables):
    g = game(tables, "player", [("Ana", "i-ll-take-that"), ("Ana", "decoy"),
                                ("Ana", "swap-meet"), ("Bo", "right-back-at-you")])
    path = save(tmp_path, g, tables)  # turned back: Bo picks from Ana's hand
    ok(rigs, path, "karma", "play", "Ana", "I'll Take THAT!", "--target", "Bo", "--card",
       "Swap Meet", "--answer", "Bo=Right Back At You", "--answer", "Ana=Decoy")
    g = session.load(path, tables).game
    assert set(g.player("Bo").hand) == {"decoy", "ruins"}
    assert g.player("Ana").hand == ("swap-meet",)


def test_right_back_at_you_split_through_the_cli(tmp_path, rigs, tables):
    g = game(tables, "player", [("Ana", "i-want-that"), ("Bo", "right-back-at-you")])
    path = save(tmp_path, g, tables)
    r = ok(rigs, path, "karma", "play", "Ana", "I WANT THAT!", "--target", "Bo", "--target",
           "Cy", "--resource", "metal", "--answer", "Bo=Right Back At You", "--roll", "Ana=2",
           "--roll", "Ana=3", "--split", "Bo=1", "--split", "Cy=4")
    assert "rolled by rigs" not in r.stdout
    g = session.load(path, tables).game
    assert [g.player(n).metal for n in ("Ana", "Bo", "Cy")] == [15, 21, 24]


def test_double_agent_with_several_victims_through_the_cli(tmp_path, rigs, tables):
    g = game(tables, "player", [("Ana", "i-want-that"), ("Bo", "double-agent")])
    path = save(tmp_path, g, tables)
    ok(rigs, path, "karma", "play", "Ana", "I WANT THAT!", "--target", "Bo", "--resource",
       "metal", "--answer", "Double Agent", "--answer-to", "Bo=Ana", "--answer-to", "Bo=Cy",
       "--roll", "Ana=6", "--roll", "Cy=1")
    g = session.load(path, tables).game
    assert [g.player(n).metal for n in ("Ana", "Bo", "Cy")] == [14, 27, 19]
