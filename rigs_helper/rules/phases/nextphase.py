"""``rigs next``: the operation that ends the current phase and starts the next.  Each
phase's end lives in its own module, imported only when that phase ends."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from rigs_helper.rules.dice import Rolls
from rigs_helper.rules.engine import Op, Outcome, title_of
from rigs_helper.rules.errors import InputError
from rigs_helper.rules.phases.common import by_player, roll_args, settle_common, table_work
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables

#: the phase that ends -> (module, function) of its end
STEPS = {"player": ("disaster_deal", "player_to_disaster"),
         "disaster": ("production_end", "disaster_to_production"),
         "production": ("production_end", "production_to_market"),
         "market": ("round_end", "market_to_player")}


@dataclass(frozen=True)
class NextPhase(Op):

    auto: bool = False
    cards: tuple[str, ...] = ()  # physical cards drawn for this step's automatic draws
    karma: tuple[str, ...] = ()  # PLAYER=TITLE: physical Karma cards drawn for Disasters
    rolls: Rolls = Rolls()  # the table's dice (the leader roll-off: NAME=N)
    wait: bool = False  # the Disaster Phase waits for each player to record their card
    rolloff: bool = False  # a leader tie waits for each tied player's die (from a page)

    def describe(self) -> str:
        return "next" + (" --auto" if self.auto else "") + (
            " --wait" if self.wait else "") + "".join(
            f" --card {c!r}" for c in self.cards) + "".join(
            f" --karma {c!r}" for c in self.karma) + roll_args(self.rolls)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        pending: list[str] = []
        first = waiting_attack(game, tables, self.auto, pending)
        w = table_work(first.game if first else game, tables, self.rolls)
        w.rolloff_waits = self.rolloff
        if first:
            w.absorb(first)
        settle_common(w, self.auto, pending)
        if self.karma and game.phase != "player":
            raise InputError("--karma records the Karma cards drawn for Disasters: use it "
                             "when the Player Phase ends")
        if self.wait and game.phase != "player":
            raise InputError("--wait: the Disaster cards wait for each player's record when "
                             "the Player Phase ends")
        w.data["karma"] = by_player(w.game, self.karma, "--karma")
        w.data["wait"] = self.wait
        module, func = STEPS[game.phase]
        step = getattr(import_module(f"rigs_helper.rules.phases.{module}"), func)
        step(w, self.auto, list(self.cards), pending)
        w.data.pop("karma", None)
        w.data.pop("wait", None)
        return w.done()


def waiting_attack(game: Game, tables: Tables, auto: bool, pending: list[str]
                   ) -> Outcome | None:
    """A Karma card that waits for answers keeps the phase open; ``auto`` resolves it with
    the answers given (the others take it)."""
    attack = game.waits.attack
    if attack is None:
        return None
    from rigs_helper.rules.waits.attacks import ask, resolve_now

    if auto:
        return resolve_now(game, tables)
    pending.append(f"{attack.player}'s {title_of(tables, 'karma', attack.card)} waits for "
                   "answers: " + ask(attack.waiting(), attack.splitter))
    return None
