"""Random play through typed operations (issue 26, "Done when"; OpenSpiel's random
simulation test): seeded games of random legal actions, saved as the commands save them,
checking after every action that
- the file reloads to the same state,
- replaying the history from its start gives the stored state (every tenth action),
- `undo` restores the state before the action exactly (each action with a private value,
  each tenth, and a seeded quarter of the others),
- no private field of one player shows in another player's view or in a public one: the
  words the action said, `log` and `log --json`, the log as each player reads it, the
  board's HTML and state.json, each other player's page and actions.json."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from rigs_helper.games.rigs import legal
from rigs_helper.games.rigs.actions.catalog import DEFS
from rigs_helper.games.rigs.canonical import canonical
from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.oplog import owners, private_fields, public_values
from rigs_helper.games.rigs.phases import NextPhase
from rigs_helper.games.rigs.setup import new_game
from rigs_helper.games.rigs.views import status_dict
from rigs_helper.store import rewind, session, timeline
from rigs_helper.store.audit import new_op
from rigs_helper.games.rigs.codec import to_doc
from rigs_helper.games.rigs.waits.phone import from_a_phone

NAMES = ["Ana", "Bo", "Cy", "Di"]


def form(rnd: random.Random, action: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key, spec in action["params"].items():
        # the table's own cards are mostly given (what a private field holds)
        if spec.get("required", True) is False and rnd.random() < (
                0.2 if spec.get("record") else 0.7):
            continue
        if "values" in spec:
            vals = [str(v) for v in spec["values"]]
            if spec.get("record") and len(vals) > 1 and rnd.random() < 0.8:
                vals = [v for v in vals if v != "virtual"]
            k = spec.get("min", 1) if spec.get("multiple") else 1
            out[key] = rnd.sample(vals, min(k, len(vals)))
        elif "min" in spec:
            out[key] = [str(rnd.randint(spec["min"], min(spec.get("max", spec["min"]),
                                                         spec["min"] + 2)))]
    return out


def private_values(op) -> list[tuple[frozenset[str], str]]:
    """(who may see it, value) of every private value of the operation."""
    if op is None:
        return []
    out = []
    for f, spec in private_fields(op).items():
        v = getattr(op, f)
        vals = v if isinstance(v, tuple) else (v,)
        for x, who in zip(vals, owners(op, f, spec)):
            x = x[1] if isinstance(x, tuple) else x  # a (PLAYER, TITLE) pair: the title
            if isinstance(x, str) and spec == "=":
                x = x.partition("=")[2] or x
            if isinstance(x, str) and x.strip() and x.strip().lower() not in \
                    public_values(op).get(f, ()):
                out.append((who, x.strip()))
    return out


class Views:
    """Every view of the game, for the public (None) and for each player: the terminal's
    `log` and `log --json` (the shared screen), the log as each player may read it, the
    board's HTML and state.json, each player's page and actions.json."""

    def __init__(self, path, tables, rigs) -> None:
        from rigs_helper.web.snapshot import Source

        self.path, self.tables, self.rigs = path, tables, rigs
        self.source = Source(path, tables)
        self._last: tuple[bytes, dict] | None = None

    def now(self, viewers=(None, *NAMES)) -> dict[str | None, list[tuple[str, str]]]:
        """The views of the file as it is, of each of ``viewers`` (None: the public): made
        again only when its bytes changed (the views after one action are those before the
        next when nothing was saved between), and a viewer's only when asked for (a private
        value's owners' views are not compared, so not made)."""
        text = self.path.read_bytes()
        if self._last is None or self._last[0] != text:
            self._last = (text, {})
        made = self._last[1]
        for viewer in viewers:
            if viewer not in made:
                made[viewer] = self._made(viewer)
        return made

    def _made(self, viewer: str | None) -> list[tuple[str, str]]:
        from rigs_helper.web import pages, player

        snap = self.source.snapshot()
        if viewer is None:
            board = pages.board_data(snap, self.path, self.tables)
            public = [(" ".join(a), self.rigs(*a, "--game", self.path).stdout)
                      for a in (["log"], ["log", "--json"])]
            return public + [
                ("board", pages.board_page(snap, board, None, self.path, self.tables)),
                ("state.json", json.dumps(board, default=str))]
        d = player.player_data(snap, self.path, self.tables, viewer)
        acts = player.actions_data(snap, self.tables, viewer, self.path)
        return [
            ("its log", json.dumps(session.history(self.path, self.tables, viewer))),
            ("its page", outside_forms(player.player_page(
                snap, d, "t", self.tables, None, self.path))),
            ("its actions.json", json.dumps(unlisted(acts), default=str))]


def outside_forms(html: str) -> str:
    """A page without its forms: a record field lists every card its player cannot see
    (the deck and the others' hands alike), which tells nothing of anybody's hand."""
    import re

    return re.sub(r"(?s)<form\b.*?</form>", " ", html)


def unlisted(acts: dict) -> dict:
    """actions.json without the values of its record fields (see outside_forms)."""
    return {**acts, "actions": [
        {**a, "params": {k: {x: y for x, y in p.items() if x != "values" or not p.get("record")}
                         for k, p in a.get("params", {}).items()}}
        for a in acts.get("actions", [])]}


def count(value: str, text: str) -> int:
    from html import escape

    return text.count(value) + (text.count(escape(value)) if escape(value) != value else 0)


def shown(game, tables) -> set[str]:
    """The Karma titles face up after an action: the discard pile and the cards in play (a
    hand card a play discards is named aloud as it lands there)."""
    keys = [*game.karma.discard, *(k for p in game.players for k in p.in_play)]
    return {tables.karma_card(k).title for k in keys}


def answered_face_up(op, outcome) -> set[str]:
    """The card an answer plays, once the attack it answers resolves: played face up (the
    Karma play's ``answer``), it may be named aloud as it acts ("Cy hands over Decoy
    instead": the Decoy goes to the thief's hand, not to a face-up pile)."""
    if type(op).__name__ == "Answer" and outcome.game.waits.attack is None:
        return {op.card.strip()}
    return set()


def check_private(op, outcome, before: dict, after: dict, tables,
                  attacker: str | None = None) -> None:
    """No private value of the operation reaches a viewer it is not for: not in the words the
    action said aloud (or to another player), and no new mention in any of that viewer's
    views (a title may have been said in the open earlier, when it was played).  An answer's
    values may also reach the player of the card it answers (``attacker``): I'll Take
    THAT!'s player takes the card the victim hands over (``gave``)."""
    face_up = shown(outcome.game, tables) | answered_face_up(op, outcome)
    for who, value in private_values(op):
        if attacker is not None:
            who = who | {attacker}
        if value in face_up:  # public now: only a new mention of a hidden card counts
            continue
        for line in outcome.messages:
            assert value not in line, ("said aloud", value, line)
        for eyes, line in outcome.private:
            assert eyes in who or value not in line, (eyes, value, line)
        for viewer in (None, *NAMES):
            if viewer in who:
                continue
            views = [*after[None], *(after[viewer] if viewer else ())]
            was = dict([*before[None], *(before[viewer] if viewer else ())])
            for what, text in views:
                assert count(value, text) <= count(value, was[what]), (viewer, what, value)


def watchers(op, attacker: str | None) -> tuple[str | None, ...]:
    """The viewers whose views check_private compares: the public, and each player who may
    not see one of the operation's private values (its owners see them all)."""
    extra = {attacker} if attacker is not None else set()
    return (None, *(name for name in NAMES
                    if any(name not in who | extra for who, _ in private_values(op))))


def check_after(path, tables, before_doc, rows_before: int | None, undo: bool = True) -> None:
    """After an action: the file reloads to its state, no hand card is public, (with
    ``undo``) undo gives the state before it; with ``rows_before`` (every few actions:
    each replays the whole history), the replay from the start gives the state and the log
    one row less after the undo."""
    loaded = session.load(path, tables)
    doc = to_doc(loaded.game, tables)
    # the file reloads to the same state (a second load from the text)
    assert to_doc(session.load(path, tables).game, tables) == doc
    if rows_before is not None:  # replay from the start equals the stored state
        steps = timeline.whole(loaded, str(path), tables)
        assert to_doc(steps[-1].after, tables) == doc
    hands = {p.name: [tables.karma_card(k).title for k in p.hand] for p in loaded.game.players}
    public = json.dumps(status_dict(loaded.game, tables))
    for titles in hands.values():
        for t in titles:
            assert t not in public
    if not undo:
        return
    # undo restores the state before the action exactly
    copy = path.with_name("undo-" + path.name)
    shutil.copy(path, copy)
    rewind.undo(copy, 1, tables=tables)
    assert to_doc(session.load(copy, tables).game, tables) == before_doc
    if rows_before is not None:
        assert len(session.history(copy, tables)) == rows_before


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 5])
def test_random_play_keeps_replay_undo_and_privacy_after_every_action(seed, tmp_path,
                                                                        tables, rigs):
    rnd = random.Random(seed)
    path = tmp_path / "rigs.toml"
    out = new_game(NAMES, seed, tables)
    session.create(path, out, "new", False, tables, op=new_op(NAMES, seed, None))
    views = Views(path, tables, rigs)
    sample = random.Random(seed + 1000)  # which actions' undo is checked (see below)
    acted = secrets = 0
    for _ in range(200):
        g = session.load(path, tables).game
        # four rounds (each seed: over 50 actions, the Karma attacks and answers, three
        # or more with a private value): the fifth added nothing these checks had not met
        if g.game_over or g.round > 4:
            break
        name = rnd.choice(NAMES)
        acts = [a for a in legal.actions_json(g, tables, name)["actions"]]
        op = None
        # half the time an action with a private field when one is listed
        secret = [a for a in acts if a["action"] in DEFS and DEFS[a["action"]].private_fields()]
        if acts and rnd.random() < 0.85:
            a = rnd.choice(secret if secret and rnd.random() < 0.5 else acts)
            try:
                # as a page plays it: a Karma attack waits for each victim's answer
                op = from_a_phone(legal.operation(g, tables, name, a["action"], form(rnd, a)), g)
                perform(g, op, tables)
            except RigsError:
                op = None
        if op is None:
            # the Player Phase ends as the pages end it (each player records their Disaster)
            op = NextPhase(auto=True, wait=g.phase == "player" and rnd.random() < 0.5)
        before_doc = to_doc(g, tables)
        attacker = g.waits.attack.player if g.waits.attack is not None else None
        attacker = attacker if type(op).__name__ == "Answer" else None
        watched = watchers(op, attacker)
        seen = views.now(watched) if private_values(op) else {}
        # the whole history replayed every tenth action (and after the last, below)
        full = acted % 10 == 0
        rows = len(session.history(path, tables)) if full else None
        try:
            outcome = session.run(path, op, tables, request_id=f"r{acted}",
                                  source=f"{name}'s phone" if acted % 2 else None)
        except RigsError:
            continue
        acted += 1
        if private_values(op):  # every view before and after it: nothing new shown
            loaded = session.load(path, tables)
            last = [s for s in timeline.recent(loaded, str(path), tables) if s.is_action][-1]
            assert last.op == canonical(op, g, tables)  # as the game names things
            check_private(op, outcome, seen, views.now(watched), tables, attacker)
            secrets += 1
        # undo after every action with a private value or a full replay, and a seeded
        # quarter of the others
        check_after(path, tables, before_doc, rows,
                    undo=full or bool(private_values(op)) or sample.random() < 0.25)
    loaded = session.load(path, tables)
    steps = timeline.whole(loaded, str(path), tables)
    assert to_doc(steps[-1].after, tables) == to_doc(loaded.game, tables)
    assert len(session.history(path, tables)) == sum(s.is_action for s in steps)
    assert acted >= 40 and secrets >= 3
