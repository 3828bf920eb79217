"""R.I.G.S.'s registration: the operation class and the legal-actions function of each
action of the catalog (``games/rigs/actions/catalog.py``), each imported only when its loader is
called (an action built, replayed or listed), so that reading the catalog (every acting
command's start) imports no operation.  A type checker follows every one.  No I/O.

An operation that is no person's action (the End Game draws, a count of the piles) is
logged by its name too: :data:`OTHERS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rigs_helper.games.rigs.actions.definition import Legal

if TYPE_CHECKING:
    from collections.abc import Callable

    from rigs_helper.games.rigs.engine import Op


def op_grant() -> type[Op]:
    from rigs_helper.games.rigs.phases.grant import GrantPick
    return GrantPick


def legal_grant() -> Legal:
    from rigs_helper.games.rigs.legal.game import actions_grant
    return Legal(actions=actions_grant)


def op_build() -> type[Op]:
    from rigs_helper.games.rigs.actions.placement import Build
    return Build


def legal_build() -> Legal:
    from rigs_helper.games.rigs.legal.player import candidates_build
    return Legal(candidates=candidates_build)


def op_move() -> type[Op]:
    from rigs_helper.games.rigs.actions.placement import Move
    return Move


def legal_move() -> Legal:
    from rigs_helper.games.rigs.legal.player import candidates_move
    return Legal(candidates=candidates_move)


def op_survey() -> type[Op]:
    from rigs_helper.games.rigs.actions.placement import Survey
    return Survey


def legal_survey() -> Legal:
    from rigs_helper.games.rigs.legal.player import candidates_survey
    return Legal(candidates=candidates_survey)


def op_vinnie_borrow() -> type[Op]:
    from rigs_helper.games.rigs.actions.loans import Borrow
    return Borrow


def legal_vinnie_borrow() -> Legal:
    from rigs_helper.games.rigs.legal.player import candidates_borrow
    return Legal(candidates=candidates_borrow)


def op_vinnie_repay() -> type[Op]:
    from rigs_helper.games.rigs.actions.loans import Repay
    return Repay


def legal_vinnie_repay() -> Legal:
    from rigs_helper.games.rigs.legal.player import candidates_repay
    return Legal(candidates=candidates_repay)


def op_give() -> type[Op]:
    from rigs_helper.games.rigs.actions.deals import Give
    return Give


def legal_give() -> Legal:
    from rigs_helper.games.rigs.legal.player import actions_give
    return Legal(actions=actions_give)


def op_sell() -> type[Op]:
    from rigs_helper.games.rigs.actions.deals import Sell
    return Sell


def legal_sell() -> Legal:
    from rigs_helper.games.rigs.legal.player import candidates_sell
    return Legal(candidates=candidates_sell)


def op_produce() -> type[Op]:
    from rigs_helper.games.rigs.actions.plans import SetPlan
    return SetPlan


def legal_produce() -> Legal:
    from rigs_helper.games.rigs.legal.player import candidates_produce
    return Legal(candidates=candidates_produce)


def op_lose() -> type[Op]:
    from rigs_helper.games.rigs.phases.losses import LoseRigs
    return LoseRigs


def legal_lose() -> Legal:
    from rigs_helper.games.rigs.legal.game import candidates_lose
    return Legal(candidates=candidates_lose)


def op_settle() -> type[Op]:
    from rigs_helper.games.rigs.actions.deals import Settle
    return Settle


def legal_settle() -> Legal:
    from rigs_helper.games.rigs.legal.player import actions_settle
    return Legal(actions=actions_settle)


def op_karma_draw() -> type[Op]:
    from rigs_helper.games.rigs.karma.hands import KarmaDraw
    return KarmaDraw


def legal_karma_draw() -> Legal:
    from rigs_helper.games.rigs.legal.karma import actions_draw
    return Legal(actions=actions_draw)


def op_karma_discard() -> type[Op]:
    from rigs_helper.games.rigs.karma.hands import KarmaDiscard
    return KarmaDiscard


def legal_karma_discard() -> Legal:
    from rigs_helper.games.rigs.legal.karma import candidates_discard
    return Legal(candidates=candidates_discard)


def op_karma_swap() -> type[Op]:
    from rigs_helper.games.rigs.karma.hands import KarmaSwap
    return KarmaSwap


def legal_karma_swap() -> Legal:
    from rigs_helper.games.rigs.legal.karma import candidates_swap
    return Legal(candidates=candidates_swap)


def op_karma_play() -> type[Op]:
    from rigs_helper.games.rigs.karma.play import KarmaPlay
    return KarmaPlay


def legal_karma_play() -> Legal:
    from rigs_helper.games.rigs.legal.karma import candidates_play
    return Legal(candidates=candidates_play)


def op_karma_use() -> type[Op]:
    from rigs_helper.games.rigs.karma.play import KarmaUse
    return KarmaUse


def legal_karma_use() -> Legal:
    from rigs_helper.games.rigs.legal.karma import candidates_use
    return Legal(candidates=candidates_use)


def op_karma_retire() -> type[Op]:
    from rigs_helper.games.rigs.karma.hands import KarmaDiscardInPlay
    return KarmaDiscardInPlay


def legal_karma_retire() -> Legal:
    from rigs_helper.games.rigs.legal.karma import candidates_retire
    return Legal(candidates=candidates_retire)


def op_deal_propose() -> type[Op]:
    from rigs_helper.games.rigs.waits.deals import DealPropose
    return DealPropose


def legal_deal_propose() -> Legal:
    from rigs_helper.games.rigs.waits.legal import actions_propose
    return Legal(actions=actions_propose)


def op_deal_accept() -> type[Op]:
    from rigs_helper.games.rigs.waits.deals import DealAccept
    return DealAccept


def legal_deal_accept() -> Legal:
    from rigs_helper.games.rigs.waits.legal import actions_accept
    return Legal(actions=actions_accept)


def op_deal_decline() -> type[Op]:
    from rigs_helper.games.rigs.waits.deals import DealDecline
    return DealDecline


def legal_deal_decline() -> Legal:
    from rigs_helper.games.rigs.waits.legal import actions_decline
    return Legal(actions=actions_decline)


def op_deal_withdraw() -> type[Op]:
    from rigs_helper.games.rigs.waits.deals import DealWithdraw
    return DealWithdraw


def legal_deal_withdraw() -> Legal:
    from rigs_helper.games.rigs.waits.legal import actions_withdraw
    return Legal(actions=actions_withdraw)


def op_answer() -> type[Op]:
    from rigs_helper.games.rigs.waits.attacks import Answer
    return Answer


def legal_answer() -> Legal:
    from rigs_helper.games.rigs.waits.legal import actions_answer
    return Legal(actions=actions_answer)


def op_disaster_record() -> type[Op]:
    from rigs_helper.games.rigs.waits.disasters import DisasterRecord
    return DisasterRecord


def legal_disaster_record() -> Legal:
    from rigs_helper.games.rigs.waits.legal import actions_record
    return Legal(actions=actions_record)


def op_roll() -> type[Op]:
    from rigs_helper.games.rigs.waits.rolloff import RollOff
    return RollOff


def legal_roll() -> Legal:
    from rigs_helper.games.rigs.waits.legal import actions_roll
    return Legal(actions=actions_roll)


def op_done() -> type[Op]:
    from rigs_helper.games.rigs.turns import Done
    return Done


def legal_done() -> Legal:
    from rigs_helper.games.rigs.legal.game import candidates_done
    return Legal(candidates=candidates_done)


def op_next() -> type[Op]:
    from rigs_helper.games.rigs.phases.nextphase import NextPhase
    return NextPhase


def op_adjust() -> type[Op]:
    from rigs_helper.games.rigs.actions.deals import Adjust
    return Adjust


def op_score() -> type[Op]:
    from rigs_helper.games.rigs.endgame import EndgameDraws
    return EndgameDraws


def op_inventory() -> type[Op]:
    from rigs_helper.games.rigs.decks import SetInventory
    return SetInventory


#: the operations the log names that are no person's action: name -> the class
OTHERS: dict[str, Callable[[], type[Op]]] = {"score": op_score, "inventory": op_inventory}
