"""Random play through typed operations (issue 26, "Done when"; OpenSpiel's random
simulation test): seeded games of random legal actions, saved as the commands save them,
checking after every action that
- the file reloads to the same state,
- replaying the history from its start gives the stored state,
- `undo` restores the state before the action exactly,
- no private field of one player shows in another player's view of the log or in a public
  output (the public log, the board's public status)."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from rigs_helper.rules import legal
from rigs_helper.rules.engine import perform
from rigs_helper.rules.errors import RigsError
from rigs_helper.rules.oplog import owners, private_fields
from rigs_helper.rules.phases import NextPhase
from rigs_helper.rules.setup import new_game
from rigs_helper.rules.views import status_dict
from rigs_helper.store import rewind, session, timeline
from rigs_helper.store.audit import new_op
from rigs_helper.store.codec import to_doc

NAMES = ["Ana", "Bo", "Cy", "Di"]


def form(rnd: random.Random, action: dict) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for key, spec in action["params"].items():
        if spec.get("required", True) is False and rnd.random() < 0.7:
            continue
        if "values" in spec:
            vals = [str(v) for v in spec["values"]]
            k = spec.get("min", 1) if spec.get("multiple") else 1
            out[key] = rnd.sample(vals, min(k, len(vals)))
        elif "min" in spec:
            out[key] = [str(rnd.randint(spec["min"], min(spec.get("max", spec["min"]),
                                                         spec["min"] + 2)))]
    return out


def private_values(step) -> list[tuple[str | None, str]]:
    """(owner, value) of every private value of the step's operation."""
    op = step.op
    if op is None:
        return []
    out = []
    for f, spec in private_fields(op).items():
        v = getattr(op, f)
        vals = v if isinstance(v, tuple) else (v,)
        for x, who in zip(vals, owners(op, f, spec)):
            if isinstance(x, str) and x and x.strip().lower() not in getattr(
                    type(op), "public_values", ()):
                out.append((who, x.partition("=")[2] if spec == "=" else x))
    return out


def check_after(path, tables, before_doc, rows_before: int) -> None:
    loaded = session.load(path, tables)
    doc = to_doc(loaded.game, tables)
    # the file reloads to the same state (a second load from the text)
    assert to_doc(session.load(path, tables).game, tables) == doc
    # replay from the start equals the stored state
    steps = timeline.whole(loaded, str(path), tables)
    assert to_doc(steps[-1].after, tables) == doc
    # nothing private of one player in another's view or the public log
    last = [s for s in steps if s.is_action][-1]
    for owner, value in private_values(last):
        for viewer in [None, *NAMES]:
            if viewer is not None and viewer == owner:
                continue
            assert value not in timeline.action_words(last, viewer), (viewer, value)
    hands = {p.name: [tables.karma_card(k).title for k in p.hand] for p in loaded.game.players}
    public = json.dumps(status_dict(loaded.game, tables))
    for titles in hands.values():
        for t in titles:
            assert t not in public
    # undo restores the state before the action exactly
    copy = path.with_name("undo-" + path.name)
    shutil.copy(path, copy)
    rewind.undo(copy, 1, tables=tables)
    assert to_doc(session.load(copy, tables).game, tables) == before_doc
    assert len(session.history(copy, tables)) == rows_before


@pytest.mark.parametrize("seed", [3, 8])
def test_random_play_keeps_replay_undo_and_privacy_after_every_action(seed, tmp_path,
                                                                        tables):
    rnd = random.Random(seed)
    path = tmp_path / "rigs.toml"
    out = new_game(NAMES, seed, tables)
    session.create(path, out, "new", False, tables, op=new_op(NAMES, seed, None))
    acted = 0
    for _ in range(120):
        g = session.load(path, tables).game
        if g.game_over or g.round > 3:
            break
        name = rnd.choice(NAMES)
        acts = [a for a in legal.actions_json(g, tables, name)["actions"]]
        op = None
        if acts and rnd.random() < 0.85:
            a = rnd.choice(acts)
            try:
                op = legal.operation(g, tables, name, a["action"], form(rnd, a))
                perform(g, op, tables)
            except RigsError:
                op = None
        if op is None:
            op = NextPhase(auto=True)
        before_doc = to_doc(g, tables)
        rows = len(session.history(path, tables))
        try:
            session.run(path, op, tables, source=f"{name}'s phone" if acted % 2 else None,
                        request_id=f"r{acted}")
        except RigsError:
            continue
        acted += 1
        check_after(path, tables, before_doc, rows)
    assert acted >= 40
