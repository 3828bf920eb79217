"""`rigs verify`: replay a game file's log from its committed seed (an audit).

The seed and the logged actions give every state again.  Where a state written in the file
(a checkpoint: a hand edit, a step of a migrated version-1 file; the state now) differs from
that replay in cards (piles, hands, the Land Grant, the Market decks) or rolls (the
generator, the dice, the leader's roll-off, the End Game values), something was changed
outside rigs.  Other differences (holdings, RIGS) are hand edits of the books, which the
project allows: they are listed, not failed.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from rigs_helper.rules.errors import InputError, RigsError
from rigs_helper.games.rigs.replay import CARDS, PLAYER_CARDS, ROLLS, Finding, commitment, findings
from rigs_helper.games.rigs.tables import Tables


@dataclass
class Verdict:
    seed: int
    commitment: str  # as stored in the file ("" when the game has none)
    expected: str  # the hash of the seed
    actions: int  # actions replayed
    findings: list[Finding] = field(default_factory=list)

    @property
    def tampered(self) -> list[Finding]:
        return [f for f in self.findings if f.kind != "books"]

    @property
    def ok(self) -> bool:
        return self.commitment == self.expected and not self.tampered


def new_op(names: list[str], seed: int, missing: dict | None, rolls: Sequence[str] = (),
           plots: dict | None = None, dice: str = "rigs", cards: str = "table",
           group: str = "") -> str:
    """The set-up as data (the first log entry's ``op``): names, seed, the group's
    inventory, the table's dice (--roll) for a leader roll-off and its own deal of
    starting plots (--plots)."""
    args = {"names": names, "seed": seed, "missing": missing or {}, "rolls": list(rolls)}
    if plots:
        args["plots"] = plots
    if dice != "rigs":
        args["dice"] = dice
    if cards != "table":
        args["cards"] = cards
    if group:
        args["group"] = group
    return json.dumps({"op": "New", "args": args},
                      separators=(",", ":"), ensure_ascii=False)


def set_up(args: dict, tables: Tables):
    """The game the seed gives before round 1 (with the group's inventory)."""
    from rigs_helper.games.rigs.decks import inventory_op
    from rigs_helper.games.rigs.dice import parse_rolls
    from rigs_helper.games.rigs.engine import perform
    from rigs_helper.games.rigs.setup import new_game

    g = new_game(list(args["names"]), args["seed"], tables,
                 parse_rolls(args.get("rolls") or None), args.get("plots") or None,
                 args.get("dice", "rigs"), args.get("missing") or None,
                 args.get("cards", "table")).game
    if args.get("missing"):
        g = perform(g, inventory_op(args["missing"], ""), tables).game
    if args.get("group"):
        from dataclasses import replace

        g = replace(g, group=args["group"])
    return g


def audit(path: Path, tables: Tables) -> Verdict:
    """Replay the history from the seed alone: the creation the seed gives, then each
    action.  A checkpoint (a hand edit, a migrated step) and the state now are compared
    with the replay: their books are taken as written, their cards and rolls must be what
    the seed gives."""
    from rigs_helper.games.rigs.oplog import CHECKPOINT, NEW, from_action, words
    from rigs_helper.store import histcheck, timeline
    from rigs_helper.games.rigs.codec import from_doc, to_doc
    from rigs_helper.games.rigs.hidden import show_text
    from rigs_helper.store.historytext import diff
    from rigs_helper.store.session import load

    loaded = load(path, tables)
    entries = timeline.entries(loaded, str(path), tables, check=False)
    if not entries or entries[0]["action"] != NEW or "seed" not in entries[0].get("fields", {}):
        raise InputError(f"{path}: this game's log does not record its set-up as data "
                         "(games started with an older rigs-helper): it cannot be replayed")
    start = entries[0]["fields"]
    try:
        replayed = to_doc(set_up(start, tables), tables)
    except (KeyError, TypeError, ValueError, RigsError) as exc:
        raise InputError(f"{path}: log entry 1 (the set-up) is damaged: {exc}") from None
    game = loaded.game
    actions = [e for e in entries if e["action"] != CHECKPOINT]
    v = Verdict(game.seed, game.commitment, commitment(start["seed"]), len(actions) - 1)
    seen: set[tuple[str, str]] = set()

    def check(written: dict, step: int, action: str) -> None:
        for f in findings(diff(replayed, written), written, step, action):
            where = tuple(w for w in f.where if (f.kind, w) not in seen)
            seen.update((f.kind, w) for w in where)
            if where:  # each difference once, where it first appears
                v.findings.append(replace(f, where=where))

    step, action = 1, NEW
    for e in entries[1:]:
        if e["action"] == CHECKPOINT:
            check(e["state"], step, action)
            replayed = seeded(e["state"], replayed)
            continue
        step, action = e["n"], e["action"]
        try:
            op = from_action(e["action"], e.get("fields", {}), show_text)
            action = words(op)  # as the public reads it
            before = from_doc(replayed, str(path), tables)
            replayed = to_doc(histcheck.performed(before, op, tables).game, tables)
        except (RigsError, KeyError, TypeError, ValueError) as exc:
            v.findings.append(Finding(step, action, "cards", (f"replay refused: {exc}",)))
    check(to_doc(game, tables), step, action)
    return v


def seeded(logged: dict, replayed: dict) -> dict:
    """``logged`` with its cards and rolls taken from ``replayed``."""
    out = copy.deepcopy(logged)
    for key in CARDS + ROLLS:
        if key in replayed:
            out[key] = copy.deepcopy(replayed[key])
        else:
            out.pop(key, None)
    by_name = {p.get("name"): p for p in replayed.get("players", [])}
    for p in out.get("players", []):
        theirs = by_name.get(p.get("name"), {})
        for key in PLAYER_CARDS:
            if key in theirs:
                p[key] = copy.deepcopy(theirs[key])
            else:
                p.pop(key, None)
    return out
