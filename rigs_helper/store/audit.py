"""`rigs verify`: replay a game file's log from its committed seed (an audit).

The log gives the state after every action (the current state, stepped back with each
entry's undo record); the seed and the logged actions give it again.  Where they differ in
cards (piles, hands, the Land Grant, the Market decks) or rolls (the generator, the dice,
the leader's roll-off, the End Game values), something was changed outside rigs.  Other
differences (holdings, RIGS) are hand edits of the books, which the project allows: they
are listed, not failed.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from rigs_helper.rules.errors import InputError, RigsError
from rigs_helper.rules.oplog import op_classes, op_from_json
from rigs_helper.rules.replay import CARDS, PLAYER_CARDS, ROLLS, Finding, commitment, findings
from rigs_helper.rules.tables import Tables


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
           plots: dict | None = None, dice: str = "rigs") -> str:
    """The set-up as data (the first log entry's ``op``): names, seed, the group's
    inventory, the table's dice (--roll) for a leader roll-off and its own deal of
    starting plots (--plots)."""
    args = {"names": names, "seed": seed, "missing": missing or {}, "rolls": list(rolls)}
    if plots:
        args["plots"] = plots
    if dice != "rigs":
        args["dice"] = dice
    return json.dumps({"op": "New", "args": args},
                      separators=(",", ":"), ensure_ascii=False)


def set_up(args: dict, tables: Tables):
    """The game the seed gives before round 1 (with the group's inventory)."""
    from rigs_helper.rules.decks import inventory_op
    from rigs_helper.rules.dice import parse_rolls
    from rigs_helper.rules.engine import perform
    from rigs_helper.rules.setup import new_game

    g = new_game(list(args["names"]), args["seed"], tables,
                 parse_rolls(args.get("rolls") or None), args.get("plots") or None,
                 args.get("dice", "rigs"), args.get("missing") or None).game
    if args.get("missing"):
        g = perform(g, inventory_op(args["missing"], ""), tables).game
    return g


def audit(path: Path, tables: Tables) -> Verdict:
    from rigs_helper.rules.engine import perform
    from rigs_helper.store.codec import from_doc, to_doc
    from rigs_helper.store.historytext import diff, log_entries, undo_diff
    from rigs_helper.store.session import load

    loaded = load(path, tables)
    entries = log_entries(loaded.log_text, str(path), first_line=loaded.log_line)
    if not entries or "op" not in entries[0] or any("op" not in e for e in entries):
        raise InputError(f"{path}: this game's log does not record its actions as data "
                         "(games started with an older rigs-helper): it cannot be replayed")
    try:
        start = json.loads(entries[0]["op"])["args"]
        first = to_doc(set_up(start, tables), tables)
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{path}: log entry 1 (the set-up) is damaged: {exc}") from None
    game = loaded.game
    v = Verdict(game.seed, game.commitment, commitment(start["seed"]), len(entries) - 1)
    # the documents the log gives, oldest first
    docs = [to_doc(game, tables)]
    for e in reversed(entries[1:]):
        try:
            docs.append(undo_diff(copy.deepcopy(docs[-1]), json.loads(e["undo"])))
        except (TypeError, ValueError, KeyError, IndexError):
            raise InputError(f"{path}: log entry {e.get('n')} is damaged") from None
    docs.reverse()
    ops = op_classes()
    seen: set[tuple[str, str]] = set()

    def check(expected: dict, step: int, action: str) -> None:
        for f in findings(diff(expected, docs[step - 1]), docs[step - 1], step, action):
            where = tuple(w for w in f.where if (f.kind, w) not in seen)
            seen.update((f.kind, w) for w in where)
            if where:  # each difference once, where it first appears
                v.findings.append(replace(f, where=where))

    replayed = first
    check(replayed, 1, str(entries[0].get("action")))
    for k, e in enumerate(entries[1:], start=2):
        action = str(e.get("action"))
        try:  # the books as the log gives them, the cards and rolls as the seed gives them
            before = from_doc(seeded(docs[k - 2], replayed), str(path), tables)
            replayed = to_doc(perform(before, op_from_json(e["op"], ops), tables).game,
                              tables)
        except (RigsError, KeyError, TypeError, ValueError) as exc:
            v.findings.append(Finding(k, action, "cards", (f"replay refused: {exc}",)))
            replayed = docs[k - 1]
            continue
        check(replayed, k, action)
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
