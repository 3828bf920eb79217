"""Public and private facts: no shared output shows a card of a Karma hand or the Land
Grant plots the leader alone sees; `rigs hand PLAYER` and `status PLAYER --private` do, headed
"for PLAYER's eyes"."""

from __future__ import annotations

import json

import pytest

from rigs_helper.store import session


def secrets_of(path, tables) -> set[str]:
    """Every private fact now: the title of each card in a hand, each Land Grant plot id."""
    state = (str(path), path.read_bytes())  # loaded once per state of the file
    if state not in _SECRETS:
        g = session.load(path, tables).game
        titles = {tables.karma_card(k).title for p in g.players for k in p.hand}
        _SECRETS.clear()
        _SECRETS[state] = titles | set(g.grant)
    return set(_SECRETS[state])


_SECRETS: dict[tuple[str, bytes], set[str]] = {}


def leaks(text: str, secrets: set[str]) -> set[str]:
    out = set()
    for s in secrets:
        if s.startswith("P") and s[1:].isdigit():  # a plot id: as a word only
            import re

            if re.search(rf"\b{s}\b", text):
                out.add(s)
        elif s in text:
            out.add(s)
    return out


class Table:
    """Runs commands of a scripted game and checks every shared output."""

    def __init__(self, rigs, path, tables) -> None:
        self.rigs, self.path, self.tables = rigs, path, tables
        self.checked = 0
        self._looked: bytes | None = None

    def run(self, *args: str, ok: bool = True):
        r = self.rigs(*args, "--game", self.path)
        if ok:
            assert r.exit_code == 0, (args, r.output)
        private = args[0] == "hand" or "--private" in args
        if not private:
            typed = " ".join(args)  # a title the typist named is no secret of the screen
            secret = {s for s in secrets_of(self.path, self.tables) if s not in typed}
            assert not leaks(r.output, secret), (args, leaks(r.output, secret), r.output)
            self.checked += 1
        return r

    def look(self) -> None:
        """Every shared view of the game, each checked (once per state of the file: a
        refused command leaves it, and every view, as it was)."""
        state = self.path.read_bytes()
        if state == self._looked:
            return
        self._looked = state
        for args in (["status"], ["status", "--json"], ["grant"], ["grant", "--json"],
                     ["log"], ["log", "--json"], ["log", "--ledger"], ["vinnie"],
                     ["produce"], ["restore", "--list"], ["standings", "--samples", "20"], ["odds"],
                     ["chart"]):
            self.run(*args, ok=False)
        for name in ("Ana", "Bo", "Cy"):
            self.run("status", name)
            self.run("status", name, "--json")

    def hand(self, name: str) -> list[str]:
        r = self.run("hand", name, "--json")
        return [c["title"] for c in json.loads(r.stdout)["hand"]]


@pytest.mark.slow
def test_no_shared_output_shows_a_hand_card_or_a_land_grant_pick(rigs, tmp_path, tables):
    t = Table(rigs, tmp_path / "g.toml", tables)
    t.run("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "11")
    t.run("adjust", "Ana", "karma", "3", "--why", "dealt")
    t.run("adjust", "Bo", "karma", "2", "--why", "dealt")
    # the table records physical cards: the log must not repeat them
    t.run("adjust", "Cy", "karma", "1", "--card", "Give Me That!", "--why", "dealt")
    t.run("adjust", "Ana", "karma", "1", "--card", "A Little Information", "--why", "dealt")
    t.look()
    t.run("karma", "play", "Cy", "Give Me That!", "--target", "Bo")  # takes a card
    t.run("karma", "play", "Ana", "A Little Information")  # sees every hand
    t.look()
    for _ in range(3):  # three rounds of Disasters, swaps, Land Grants
        for _ in range(4):  # a plain `next` first: it stops at an open choice
            if t.run("next", ok=False).exit_code != 0:
                t.look()
                t.run("next", "--auto")
            t.look()
        for name in ("Ana", "Bo", "Cy"):
            t.run("adjust", name, "karma", "1", "--why", "dealt")
        for title in t.hand("Ana"):  # try Ana's cards on Bo: played or refused, both shown
            if t.run("karma", "play", "Ana", title, "--target", "Bo", ok=False).exit_code == 0:
                break
        t.look()
    # undo says what it undid (a card played is public: undoing its play may name it)
    t.run("adjust", "Bo", "karma", "2", "--why", "dealt")
    t.run("adjust", "Cy", "karma", "1", "--why", "dealt")
    t.run("undo", "1")
    t.look()
    g = session.load(t.path, tables).game
    assert sum(len(p.hand) for p in g.players) >= 5  # there were secrets to keep
    text = t.path.read_text()  # the file itself: a glance spoils nothing
    assert not [c for c in secrets_of(t.path, tables) if not c.startswith("P") and c in text]
    assert t.checked > 150


def test_hand_shows_the_private_view_for_that_player_only(rigs, tmp_path, tables):
    t = Table(rigs, tmp_path / "g.toml", tables)
    t.run("new", "-p", "Ana", "-p", "Bo", "--seed", "3")
    t.run("adjust", "Bo", "karma", "1", "--card", "Give Me That!", "--why", "dealt")
    t.run("adjust", "Ana", "karma", "1", "--card", "Decoy", "--why", "dealt")
    r = t.run("karma", "play", "Bo", "Give Me That!", "--target", "Ana")
    assert "Bo takes a card from Ana's hand." in r.output
    assert "(news for Bo's eyes only: `rigs hand Bo`)" in r.output
    r = t.run("hand", "Bo")
    assert r.output.startswith("=== for Bo's eyes only ===")
    assert "Decoy (protection):" in r.output  # the card with its effect
    assert "You took Decoy from Ana's hand." in r.output
    assert "Bo took Decoy from your hand." in t.run("hand", "Ana").output
    r = t.run("status", "Bo", "--private")
    assert "for Bo's eyes only" in r.output and "Karma hand: Decoy" in r.output
    d = json.loads(t.run("status", "Bo", "--private", "--json").stdout)
    assert d["hand"] == ["Decoy"] and d["for_eyes_of"] == "Bo"
    assert "hand" not in json.loads(t.run("status", "Bo", "--json").stdout)
    assert "Karma hand: 1 card (`rigs hand Bo`" in t.run("status", "Bo").output
    assert "--card (hidden)" in t.run("log").output


def test_a_card_taken_by_name_is_not_named_in_log_or_undo(rigs, tmp_path, tables):
    t = Table(rigs, tmp_path / "g.toml", tables)
    t.run("new", "-p", "Ana", "-p", "Bo", "--seed", "3")
    t.run("adjust", "Bo", "karma", "1", "--card", "I'll Take THAT!", "--why", "dealt")
    t.run("adjust", "Ana", "karma", "1", "--card", "Decoy", "--why", "dealt")
    t.run("karma", "play", "Bo", "I'll Take THAT!", "--target", "Ana", "--card", "Decoy")
    assert "Decoy" in t.run("hand", "Bo").output
    log = t.run("log").output
    assert "--card (hidden)" in log and "Decoy" not in log
    assert "Decoy" not in t.run("log", "--json").output
    assert "Decoy" not in rigs("undo", "-g", t.path).output  # (it names the card played)


def _land_grant_waiting(rigs, tmp_path, tables):
    """A 2-player game in round 2 with the Land Grant waiting for the leader's pick."""
    t = Table(rigs, tmp_path / "g.toml", tables)
    t.run("new", "-p", "Ana", "-p", "Bo", "--seed", "5")
    for _ in range(3):
        t.run("next", "--auto")
    t.run("next")
    return t, session.load(t.path, tables).game


def test_land_grant_plots_are_for_the_leaders_eyes(rigs, tmp_path, tables):
    t, g = _land_grant_waiting(rigs, tmp_path, tables)
    assert len(g.grant) == 2
    r = t.run("grant")
    assert f"`rigs hand {g.leader}` shows them" in r.output
    assert json.loads(t.run("grant", "--json").stdout) == {"leader": g.leader, "plots": 2}
    view = json.loads(t.run("hand", g.leader, "--json").stdout)
    assert [p["id"] for p in view["grant"]] == list(g.grant)
    other = next(p.name for p in g.players if p.name != g.leader)
    assert json.loads(t.run("hand", other, "--json").stdout)["grant"] == []


@pytest.mark.parametrize("args", [["P99"], ["Zz"], ["{pick}", "--give", "{other}=P99"]])
def test_a_refused_land_grant_pick_does_not_list_the_plots(rigs, tmp_path, tables, args):
    t, g = _land_grant_waiting(rigs, tmp_path, tables)
    other = next(p.name for p in g.players if p.name != g.leader)
    before = t.path.read_bytes()
    r = rigs("grant", *[a.format(pick=g.grant[0], other=other) for a in args], "-g", t.path)
    assert r.exit_code == 1 and r.stderr.count("\n") == 1
    assert f"`rigs hand {g.leader}` lists them" in r.stderr
    assert not [pid for pid in g.grant if f"{pid}," in r.stderr or f"{pid})" in r.stderr]
    assert t.path.read_bytes() == before


@pytest.mark.parametrize("args", [["status", "--private"], ["hand", "Nobody"]])
def test_private_views_refuse_bad_requests(rigs, tmp_path, args):
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--game", path).exit_code == 0
    r = rigs(*args, "--game", path)
    assert r.exit_code != 0 and len(r.stderr.strip().splitlines()) == 1


def test_an_action_s_json_does_not_echo_a_card_recorded_into_a_hand(rigs, tmp_path):
    """`--json` of an action repeats the command; a Karma card recorded into a hand is
    hidden there as in the log."""
    path = tmp_path / "g.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "3", "--game", path).exit_code == 0
    r = rigs("adjust", "Ana", "karma", "1", "--card", "Decoy", "--why", "dealt", "--json", "--game", path)
    assert r.exit_code == 0, r.output
    assert "Decoy" not in r.stdout and "--card (hidden)" in r.stdout
