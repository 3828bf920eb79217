"""The log says exactly what happened, once: an action is logged as the game names things
(a player as named in the game, a plot by its id, a card by its key), with the time it
was written (``at``, UTC); a file written before is resolved as it is read."""

from __future__ import annotations

import re

from clihelp import ok

from rigs_helper.store import gamelog, session
from rigs_helper.games.rigs.hidden import hide_text

PLOTS = ["--plots", "Ana=plains,valley,forest,ridge", "--plots", "Bo=plains,valley,desert,ridge",
         "--plots", "Cy=plains,valley,desert,ridge"]


def _game(rigs, path, *commands):
    r = rigs("new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "7", *PLOTS, "-g", path)
    assert r.exit_code == 0, r.output
    for c in commands:
        ok(rigs, path, *c)
    return path.read_text(encoding="utf-8")


def _without_times(text: str) -> str:
    return re.sub(r'(?m)^at = "[^"]*"\n', "", text)


def _entries(text: str) -> list[dict]:
    """The history's entries as read (a round, phase or day left out as the entry
    before's is read from it)."""
    from rigs_helper.store.gamefile import split_text

    return gamelog.parse(split_text(text)[1], "rigs.toml", 15)


def test_an_action_typed_any_way_is_logged_as_the_game_names_it(rigs, tmp_path):
    """`build an 1 --to plains` logs what `build Ana 1 --to P6` logs (Ana's one Plains
    plot is P6); `adjust an` names Ana; a move to `desert` names Bo's one Desert plot."""
    typed = [("adjust", "an", "metal", "2", "--why", "test"),
             ("build", "an", "1", "--to", "plains", "--harvest", "energy"),
             ("move", "BO", "1", "--to", "desert", "--harvest", "energy")]
    exact = [("adjust", "Ana", "metal", "2", "--why", "test"),
             ("build", "Ana", "1", "--to", "P6", "--harvest", "energy"),
             ("move", "Bo", "1", "--to", "P23", "--harvest", "energy")]
    a = _game(rigs, tmp_path / "a.toml", *typed)
    b = _game(rigs, tmp_path / "b.toml", *exact)
    assert _without_times(a) == _without_times(b)
    build = next(e for e in _entries(a) if e.get("action") == "build")
    assert build["fields"] == {"name": "Ana", "to": "P6", "harvest": "energy"}


def test_a_card_is_logged_by_its_key_and_its_player_sees_it_whatever_case_he_typed(
        rigs, tmp_path, tables):
    path = tmp_path / "rigs.toml"
    text = _game(rigs, path, ("adjust", "bo", "karma", "1", "--card", "rui", "--why", "dealt"))
    dealt = _entries(text)[-1]
    assert dealt["fields"] == {"name": "Bo", "what": "karma", "delta": 1, "why": "dealt",
                               "card": [hide_text("ruins")]}
    assert "ruins" in session.history(path, tables, viewer="Bo")[-1]["action"]
    assert "ruins" not in session.history(path, tables, viewer="Ana")[-1]["action"]
    assert "(hidden)" in session.history(path, tables, viewer="Ana")[-1]["action"]


def test_a_log_written_before_is_resolved_as_it_is_read(rigs, tmp_path, tables):
    """An entry of an older version-2 file keeps the words as typed (``bo``, ``rui``):
    the replay resolves the player, so Bo still sees his card, and the file is not
    rewritten."""
    path = tmp_path / "rigs.toml"
    text = _game(rigs, path, ("adjust", "Bo", "karma", "1", "--card", "Ruins", "--why", "x"))
    old = text.replace(f'fields = {{ name = "Bo", what = "karma", delta = 1, why = "x", '
                       f'card = ["{hide_text("ruins")}"] }}',
                       f'fields = {{ name = "bo", what = "karma", delta = 1, why = "x", '
                       f'card = ["{hide_text("rui")}"] }}')
    assert old != text
    path.write_text(old, encoding="utf-8")
    row = session.history(path, tables, viewer="Bo")[-1]
    assert row["action"] == "adjust Bo karma +1 --why 'x' --card 'rui'"  # (words as they were)
    assert "(hidden)" in session.history(path, tables, viewer="Ana")[-1]["action"]
    assert path.read_text(encoding="utf-8") == old


def test_every_entry_written_has_its_time(rigs, tmp_path):
    text = _game(rigs, tmp_path / "rigs.toml", ("adjust", "Ana", "metal", "2", "--why", "t"),
                 ("next",), ("undo",), ("next",))
    entries = _entries(text)
    assert len(entries) >= 5
    for e in entries:
        assert gamelog.AT.fullmatch(e["at"]), e


def test_at_is_the_time_now_in_utc(rigs, tmp_path, monkeypatch):
    """The clock (the suite fixes it with SOURCE_DATE_EPOCH, as a reproducible build)."""
    import time
    from datetime import datetime, timezone

    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    start = int(time.time())
    text = _game(rigs, tmp_path / "rigs.toml", ("adjust", "Ana", "metal", "2", "--why", "t"))
    end = int(time.time())
    for e in _entries(text):
        at = datetime.strptime(e["at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        assert start <= at.timestamp() <= end, (e["at"], start, end)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764288000")
    assert gamelog.now() == "2025-11-28T00:00:00Z"


def test_a_time_that_is_not_one_is_named(rigs, tmp_path, tables):
    from clihelp import refused

    path = tmp_path / "rigs.toml"
    text = _game(rigs, path, ("adjust", "Ana", "metal", "2", "--why", "t"))
    at = re.findall(r'(?m)^at = "[^"]*"$', text)[-1]
    path.write_text(text.replace(at, 'at = "yesterday"'), encoding="utf-8")
    refused(rigs, path, "done", "Ana", has=("key 'at'",))


def test_a_gift_and_a_deal_are_logged_with_their_giver_as_named_in_the_game(rigs, tmp_path):
    """The actor of `give` and `deal propose` is their ``giver``: typed `an` or `A`, it is
    logged as `Ana`, as the receiver always was."""
    typed = [("give", "an", "bo", "energy=1"),
             ("deal", "propose", "A", "BO", "credits=1", "--for", "energy=1")]
    exact = [("give", "Ana", "Bo", "energy=1"),
             ("deal", "propose", "Ana", "Bo", "credits=1", "--for", "energy=1")]
    a = _game(rigs, tmp_path / "a.toml", *typed)
    b = _game(rigs, tmp_path / "b.toml", *exact)
    assert _without_times(a) == _without_times(b)
    gift, deal = _entries(a)[-2:]
    assert gift["fields"]["giver"] == deal["fields"]["giver"] == "Ana"


def test_each_seller_of_one_sell_command_is_logged_as_named_in_the_game(rigs, tmp_path):
    """`sell an 1 bo all`: the second seller is kept in the action's ``more``."""
    steps = [("next", "--auto")] * 3 + [("adjust", "Ana", "luxuries", "2", "--why", "t"),
                                        ("adjust", "Bo", "luxuries", "2", "--why", "t")]
    a = _game(rigs, tmp_path / "a.toml", *steps, ("sell", "an", "1", "bo", "all"))
    b = _game(rigs, tmp_path / "b.toml", *steps, ("sell", "Ana", "1", "Bo", "all"))
    assert _without_times(a) == _without_times(b)
    sell = _entries(a)[-1]
    assert sell["action"] == "sell" and sell["fields"]["name"] == "Ana"
    assert [m[0] for m in sell["fields"]["more"]] == ["Bo"]


def test_every_actions_actor_field_names_a_player_to_resolve():
    """Every action a player takes: its operation's actor field (its first, which
    `build` fills: ``name``, a gift's ``giver``; a Karma play's, each family's, waiting
    or not), is resolved as a player; the leader's actions have none; the others of a several-action command
    (``more``) are resolved where they name a player; the owner of a private value is
    the actor field."""
    from rigs_helper.games.rigs.actions.catalog import DEFS
    from rigs_helper.games.rigs.canonical import _kinds
    from rigs_helper.games.rigs.karma.play import OPS
    from rigs_helper.rules.records import fields

    actors = set()
    for path, d in DEFS.items():
        classes = [d.operation_class()] + (list(OPS.values()) if path == "karma play"
                                           else [])
        for cls in classes:
            kinds = _kinds(cls)
            if d.actor != "player":
                assert d.actor_field() is None, path
                continue
            actor = fields(cls)[0]
            assert d.actor_field() == actor and kinds[actor] == "player", (path, kinds)
            assert next(iter(kinds)) == actor, path  # (the first owner of a plot type)
            actors.add(actor)
        if d.several and "player" in d.several_names():
            assert _kinds(d.operation_class())["more"].split()[1:] == [
                "player" if w == "player" else d.param(w).kind for w in d.several_names()]
        for f, spec in d.privacy().items():
            assert "name" not in spec.split() or d.actor_field() == "name", (path, f)
    assert actors == {"name", "giver"}


STEPS = 60


def test_every_legal_action_typed_with_any_case_or_prefix_is_logged_as_named(tables):
    """A seeded game played through the legal list: each action built with its player
    typed lower-case and as a prefix resolves to the action built with the exact name
    (every kind of action met; the actor's field named exactly)."""
    import random
    from dataclasses import replace

    from rigs_helper.games.rigs import legal
    from rigs_helper.games.rigs.actions.catalog import DEFS
    from rigs_helper.games.rigs.canonical import canonical
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.games.rigs.oplog import action_name, definition_of
    from rigs_helper.games.rigs.phases import NextPhase
    from rigs_helper.games.rigs.setup import new_game
    from randomplayer import fill  # (a page's form filled at random)

    names = ["Ana", "Bob", "Cyd"]
    rnd = random.Random(11)
    g = new_game(names, 11, tables).game
    met = set()
    for _ in range(STEPS):
        if g.game_over:
            break
        name = rnd.choice(names)
        acts = legal.actions_json(g, tables, name)["actions"]
        op = None
        by_kind: dict[str, list[dict]] = {}
        for a in acts:
            by_kind.setdefault(a["action"], []).append(a)
        kinds = rnd.sample(sorted(by_kind), len(by_kind)) if rnd.random() < 0.8 else []
        for a in (rnd.choice(by_kind[k]) for k in kinds):
            try:
                op = legal.operation(g, tables, name, a["action"], fill(a, rnd, True))
                after = perform(g, op, tables).game
            except RigsError:
                op = None
                continue
            break
        if op is None:
            op = NextPhase(auto=True)
            after = perform(g, op, tables).game
        d = definition_of(type(op))
        if d is not None and d.actor_field() is not None:
            actor = d.actor_field()
            exact = canonical(op, g, tables, after)
            assert getattr(exact, actor) == name
            for typed in (name.lower(), name[:2].lower(), name.upper()):
                assert canonical(replace(op, **{actor: typed}), g, tables, after) == exact
            met.add(action_name(op))
        g = after
    assert {"give", "deal propose", "deal decline", "survey", "karma play", "karma draw",
            "lose", "produce", "done"} <= met, met


def test_a_gift_logged_before_with_its_giver_as_typed_is_resolved_as_it_is_read(
        rigs, tmp_path, tables):
    """An older version-2 file's `give` logged `giver = "an"`: read, it names Ana, and the
    file is not rewritten."""
    path = tmp_path / "rigs.toml"
    text = _game(rigs, path, ("give", "Ana", "Bo", "energy=1"))
    old = text.replace('giver = "Ana"', 'giver = "an"')
    assert old != text
    path.write_text(old, encoding="utf-8")
    assert session.history(path, tables)[-1]["action"].startswith("give Ana Bo")
    assert path.read_text(encoding="utf-8") == old
