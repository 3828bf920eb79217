"""A player says they are done deciding in this phase.  No I/O.

When every player is done and no choice is open (``games.rigs.legal.phase_ready``), the phase
may end by itself, as `rigs next` would end it.  Who is done is forgotten when the phase
changes (and when Last Call opens: a new round of decisions).
"""

from __future__ import annotations

from rigs_helper.games.rigs.engine import Op, Outcome, Work
from rigs_helper.rules.errors import RulesError
from dataclasses import dataclass, replace
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables

# what `done` says when the last player is done (a phone's answer drops it when the server
# has ended the phase by itself: `rigs next` would then end the next one)
NEXT_ENDS = " (`rigs next` ends the phase)"


@dataclass(frozen=True, slots=True)
class Done(Op):
    name: str

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        p = game.player(self.name)
        if p.name in game.done:
            raise RulesError(f"{p.name} is already done in this phase",
                             rule="a player says once per phase that they are done")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        name = game.player(self.name).name
        done = tuple(p.name for p in game.players if p.name in game.done or p.name == name)
        w = Work(replace(game, done=done), tables)
        left = [p.name for p in game.players if p.name not in done]
        step = "Last Call" if game.last_call else f"the {game.phase.title()} Phase"
        w.say(f"{name} is done with {step}" + (f"; waiting for {', '.join(left)}."
                                                if left else f"; everyone is done{NEXT_ENDS}."))
        return w.done()


def market_due(game: Game, tables: Tables) -> bool:
    """Everyone is done with Last Call: the phase's end draws the round's Market card,
    which the leader draws at the table and records (or says virtual): the phase waits for
    the leader's "End the phase now" instead of ending by itself with a card rigs drew.
    Not for a virtual card of a mixed Market deck (the group lacks it: rigs names it)."""
    if game.game_over or game.phase != "production" or not game.last_call or \
            not game.market.game or any(p.name not in game.done for p in game.players):
        return False
    if "market" in game.missing:
        from rigs_helper.games.rigs.phases.market_draw import market_card_param

        return market_card_param(game, tables) is not None
    return True


__all__ = ["NEXT_ENDS", "Done", "market_due"]
