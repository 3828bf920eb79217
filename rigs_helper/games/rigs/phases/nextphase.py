"""``rigs next``: the operation that ends the current phase and starts the next.  Each
phase's end lives in its own module, imported only when that phase ends."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rigs_helper.games.rigs.dice import Rolls
from rigs_helper.games.rigs.engine import Op, Outcome, title_of
from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.phases.common import by_player, settle_common, table_work
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables


def step_of(phase: str) -> Callable[..., None]:
    """The end of ``phase`` (its module imported only when that phase ends)."""
    if phase == "player":
        from rigs_helper.games.rigs.phases.disaster_deal import player_to_disaster as step
    elif phase == "disaster":
        from rigs_helper.games.rigs.phases.production_end import disaster_to_production as step
    elif phase == "production":
        from rigs_helper.games.rigs.phases.production_end import production_to_market as step
    else:
        from rigs_helper.games.rigs.phases.round_end import market_to_player as step
    return step



@dataclass(frozen=True, slots=True)
class NextPhase(Op):

    auto: bool = False
    cards: tuple[str, ...] = ()  # physical cards drawn for this step's automatic draws
    karma: tuple[str, ...] = ()  # PLAYER=TITLE: physical Karma cards drawn for Disasters
    rolls: Rolls = Rolls()  # the table's dice (the leader roll-off: NAME=N)
    wait: bool = False  # the Disaster Phase waits for each player to record their card
    #: the Disaster cards dealt now (rigs deals them: a partial set holding none), the
    #: Karma card one makes a player draw from the group's own cards waits for that
    #: player's record (`karma draw`); one of rigs' is drawn at once
    later: bool = False
    rolloff: bool = False  # a leader tie waits for each tied player's die (from a page)

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
        if self.later:
            if game.phase != "player":
                raise InputError("later: the Karma cards drawn for Disasters wait for their "
                                 "record when the Player Phase ends")
            w.data["later"] = {p.name for p in game.players}
        step_of(game.phase)(w, self.auto, list(self.cards), pending)
        w.data.pop("karma", None)
        w.data.pop("wait", None)
        w.data.pop("later", None)
        return w.done()


def waiting_attack(game: Game, tables: Tables, auto: bool, pending: list[str]
                   ) -> Outcome | None:
    """A Karma card that waits for answers keeps the phase open; ``auto`` resolves it with
    the answers given (the others take it)."""
    attack = game.waits.attack
    if attack is None:
        return None
    from rigs_helper.games.rigs.waits.attacks import ask, resolve_now

    if auto:
        return resolve_now(game, tables)
    pending.append(f"{attack.player}'s {title_of(tables, 'karma', attack.card)} waits for "
                   "answers: " + ask(attack.waiting(), attack.splitter))
    return None
