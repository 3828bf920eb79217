"""Deals proposed by one player and answered by the other.  No I/O.

A proposal is checked as the deal itself (``Give``) would be, then waits with an id; the
receiver accepts or declines it, the proposer may withdraw it.  Accepting runs ``Give``
on the state of that moment: both sides move or nothing does, and a deal that is no
longer legal is refused in one line.  Open deals end with the phase
(``games.rigs.phases.common.end_deals``).
"""

from __future__ import annotations

from rigs_helper.games.rigs.actions.deals import Give
from rigs_helper.games.rigs.engine import Op, Outcome, Work
from rigs_helper.rules.errors import RulesError
from rigs_helper.games.rigs.names import amount
from dataclasses import dataclass, replace
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.rules.text import shell_word
from rigs_helper.games.rigs.waits.records import Deal, Waits

#: open deals at most (each is a line on the board)
MAX_OPEN = 20


def as_give(deal: Deal) -> Give:
    return Give(deal.giver, deal.receiver, deal.amounts, deal.plots, deal.back_amounts,
                deal.back_plots)


def deal_text(deal: Deal) -> str:
    """``deal 3: Ana gives Bo 2 Energy for 10 credits``: public words for an open deal."""
    def side(amounts: tuple[tuple[str, int], ...], plots: tuple[str, ...]) -> str:
        return ", ".join([amount(n, k) for k, n in amounts] + list(plots)) or "nothing"

    s = f"deal {deal.id}: {deal.giver} gives {deal.receiver} " + side(deal.amounts,
                                                                       deal.plots)
    if deal.back_amounts or deal.back_plots:
        s += " for " + side(deal.back_amounts, deal.back_plots)
    return s


def _without(game: Game, deal: Deal) -> Game:
    w = game.waits
    return replace(game, waits=replace(w, deals=tuple(d for d in w.deals if d.id != deal.id)))


@dataclass(frozen=True, slots=True)
class DealPropose(Op):
    """FROM proposes a deal to TO (the items of `rigs give`); it waits for TO's answer."""

    giver: str
    receiver: str
    amounts: tuple[tuple[str, int], ...] = ()
    plots: tuple[str, ...] = ()
    back_amounts: tuple[tuple[str, int], ...] = ()
    back_plots: tuple[str, ...] = ()
    phases = Give.phases
    phase_rule = Give.phase_rule

    def _give(self) -> Give:
        return Give(self.giver, self.receiver, self.amounts, self.plots, self.back_amounts,
                    self.back_plots)

    def check(self, game: Game, tables: Tables) -> None:
        self.check_open(game, tables)
        self._give().check(game, tables)

    def check_open(self, game: Game, tables: Tables) -> None:
        """Everything but the goods: the phase, the game, the Land Grant, the deals open
        (the legal list asks this first: no deal may be proposed now, whatever moves)."""
        Op.check(self, game, tables)
        if len(game.waits.deals) >= MAX_OPEN:
            raise RulesError(f"{MAX_OPEN} deals are open already", rule="answer or withdraw "
                             "some first (`rigs deal`)")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        a, b = game.player(self.giver), game.player(self.receiver)
        give = self._give()
        deal = Deal(game.waits.last_deal + 1, a.name, b.name,
                    tuple(give.amounts), tuple(a.plot(p).id for p in self.plots),
                    tuple(give.back_amounts), tuple(b.plot(p).id for p in self.back_plots))
        waits = game.waits
        w.game = replace(w.game, waits=replace(waits, deals=waits.deals + (deal,),
                                               last_deal=deal.id))
        w.say(f"{a.name} proposes {deal_text(deal)}. Waiting for {b.name}: "
              f"`rigs deal accept {shell_word(b.name)} {deal.id}` or "
              f"`rigs deal decline {shell_word(b.name)} {deal.id}`.")
        w.data["deal"] = deal.id
        return w.done()


@dataclass(frozen=True, slots=True)
class DealAnswer(Op):
    """Base of the three answers to an open deal: ``name`` acts on deal ``deal``."""

    name: str
    deal: str
    verb = ""
    phases = Give.phases
    phase_rule = Give.phase_rule

    def _deal(self, game: Game) -> Deal:
        deal = game.waits.deal(self.deal)
        me = game.player(self.name).name
        whose = deal.giver if self.verb == "withdraw" else deal.receiver
        if me != whose:
            who = "proposer" if self.verb == "withdraw" else "player it is offered to"
            raise RulesError(f"{me} cannot {self.verb} deal {deal.id}",
                             rule=f"only the {who} ({whose}) may")
        return deal

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        self._deal(game)


@dataclass(frozen=True, slots=True)
class DealAccept(DealAnswer):
    verb = "accept"

    def check(self, game: Game, tables: Tables) -> None:
        DealAnswer.check(self, game, tables)
        deal = self._deal(game)
        try:
            as_give(deal).check(game, tables)
        except RulesError as err:  # stale: something changed since it was proposed
            raise RulesError(f"deal {deal.id} can no longer be made: {err}") from None

    def apply(self, game: Game, tables: Tables) -> Outcome:
        deal = self._deal(game)
        out = as_give(deal).apply(_without(game, deal), tables)
        return replace(out, messages=(f"{deal.receiver} accepts deal {deal.id}.",
                                      *out.messages))


@dataclass(frozen=True, slots=True)
class DealDecline(DealAnswer):
    verb = "decline"

    def apply(self, game: Game, tables: Tables) -> Outcome:
        deal = self._deal(game)
        return Outcome(_without(game, deal),
                       (f"{deal.receiver} declines deal {deal.id}: nothing moves.",))


@dataclass(frozen=True, slots=True)
class DealWithdraw(DealAnswer):
    verb = "withdraw"

    def apply(self, game: Game, tables: Tables) -> Outcome:
        deal = self._deal(game)
        return Outcome(_without(game, deal),
                       (f"{deal.giver} withdraws deal {deal.id}: nothing moves.",))


def open_deals(waits: Waits, player: str | None = None) -> tuple[Deal, ...]:
    """Open deals, or those ``player`` proposed or was offered."""
    return tuple(d for d in waits.deals if player is None or player in (d.giver, d.receiver))


__all__ = ["DealAccept", "DealDecline", "DealPropose", "DealWithdraw", "as_give",
           "deal_text", "open_deals"]
