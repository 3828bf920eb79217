"""The leader roll-off that waits for each tied player's own die.  No I/O.

A tie for Expedition Leader after a Land Grant, or when a Player Phase begins, made from a
page (RULES.md 2026-11-25: a die is recorded by the player who rolls it) is not rolled by
rigs at once: each tied player rolls their die and records it (`rigs roll PLAYER N`, the
page's `roll` action; `virtual` lets rigs roll it, unless the game is `--dice table`).
When every tied player has rolled, the highest is the leader; a tie among the highest
rolls again.  The CLI's `grant --roll NAME=N` and `next --roll NAME=N` still give the
dice with the action.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.games.rigs.engine import Op, Outcome, Work, open_rolloff
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.rules.text import shell_word

VIRTUAL = "virtual"
RULE = "a tie for Expedition Leader: each tied player rolls a die, the highest leads"


def waiting_rolls(game: Game) -> tuple[str, ...]:
    """The tied players who have not recorded their die yet."""
    return tuple(n for n, face in game.waits.rolloff if not face)


@dataclass(frozen=True, slots=True)
class RollOff(Op):
    """`rigs roll PLAYER N|virtual`: PLAYER's die in the leader roll-off."""

    name: str
    die: str  # "1".."6", or "virtual": rigs rolls it (not in a `--dice table` game)
    grant_first = False

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        me = game.player(self.name).name
        if me not in waiting_rolls(game):
            raise RulesError(f"no leader roll-off waits for {me}'s die", rule=RULE)
        if self.die == VIRTUAL and game.dice == "table":
            raise InputError("roll: this game's dice are the table's (`--dice table`): "
                             "give the face rolled, 1 to 6")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        me = game.player(self.name).name
        face = w.die(me, why="leader tie") if self.die == VIRTUAL else int(self.die)
        rolled = tuple((n, face if n == me else f) for n, f in game.waits.rolloff)
        w.say(f"{me} rolls {face} for Expedition Leader.")
        if any(not f for _, f in rolled):
            w.game = replace(w.game, waits=replace(w.game.waits, rolloff=rolled))
            return w.done()
        top = max(f for _, f in rolled)
        tied = [n for n, f in rolled if f == top]
        said = ", ".join(f"{n} {f}" for n, f in rolled)
        if len(tied) > 1:
            w.game = replace(w.game, waits=replace(w.game.waits, rolloff=()))
            w.say(f"Roll-off: {said}: a tie again.")
            open_rolloff(w, tied)
            return w.done()
        old = w.game.leader
        w.game = replace(w.game, leader=tied[0], leader_basis=w.game.ownership(),
                         waits=replace(w.game.waits, rolloff=()))
        w.say(f"Expedition Leader: {tied[0]} (roll-off: {said})." if old != tied[0] else
              f"{tied[0]} stays Expedition Leader (roll-off: {said}).")
        return w.done()


def settle_rolloff(w: Work, auto: bool, pending: list[str]) -> None:
    """A phase that ends with a roll-off waiting: named as pending, or (``auto``) each
    missing die rolled (the table's `--roll NAME=N` first) and the tie settled."""
    if not waiting_rolls(w.game):
        return
    if not auto:
        pending += [f"{n} rolls a die for Expedition Leader: `rigs roll {shell_word(n)} N`"
                    for n in waiting_rolls(w.game)]
        return
    rolled = {n: f or w.die(n, why="leader tie") for n, f in w.game.waits.rolloff}
    said = []
    while True:
        said.append(", ".join(f"{n} {f}" for n, f in rolled.items()))
        tied = [n for n, f in rolled.items() if f == max(rolled.values())]
        if len(tied) == 1:
            break
        rolled = {n: w.die(n, why="leader tie") for n in tied}
    w.game = replace(w.game, leader=tied[0], leader_basis=w.game.ownership(),
                     waits=replace(w.game.waits, rolloff=()))
    w.say(f"Expedition Leader: {tied[0]} (roll-off: {'; then '.join(said)}).")


__all__ = ["VIRTUAL", "RollOff", "open_rolloff", "settle_rolloff", "waiting_rolls"]
