"""The Production Phase: its start, Last Call, and production committed (then the Market
card is drawn)."""

from __future__ import annotations

from dataclasses import replace

from rigs_helper.games.rigs.engine import Work
from rigs_helper.rules.errors import InputError, PendingChoice
from rigs_helper.games.rigs.names import signed
from rigs_helper.games.rigs.phases.common import new_phase
from rigs_helper.games.rigs.phases.disaster_deal import deal_disaster
from rigs_helper.games.rigs.phases.market_draw import draw_market
from rigs_helper.games.rigs.production import plan
from rigs_helper.games.rigs.state import OWED_DRAW, frozen_map
from rigs_helper.rules.text import shell_word


def disaster_to_production(w: Work, auto: bool, cards: list[str], pending: list[str]
                            ) -> None:
    if cards:
        raise InputError("--card: nothing is drawn when the Production Phase starts")
    for name in w.game.waits.disasters:
        if auto:
            w.say(f"(--auto: rigs draws {name}'s Disaster card)")
            deal_disaster(w, name, None)
        else:
            pending.append(f"{name} records the Disaster card dealt: `rigs disaster record "
                           f"{shell_word(name)} CARD` (or virtual)")
    for p in w.game.players:  # a Karma card to draw at the table for a Disaster
        if p.disaster_draw != OWED_DRAW:
            continue
        if auto:
            w.say(f"(--auto: rigs draws {p.name}'s Karma card for their Disaster card)")
            w.draw_karma(p.name, 1, why="hurt by a Disaster")
        else:
            pending.append(f"{p.name} records the Karma card drawn for their Disaster card: "
                           f"`rigs karma draw {shell_word(p.name)} --card TITLE` (or virtual)")
    if pending:
        raise PendingChoice(pending)
    for p in w.game.players:
        if p.may_swap or p.disaster_draw:
            w.update(p.name, may_swap=False, disaster_draw=None)
    new_phase(w, "production")
    w.say(f"Production Phase, round {w.game.round}: `rigs produce` shows every plan; "
          "`rigs next` opens Last Call, then commits production.")


def _last_call(w: Work, auto: bool, cards: list[str]) -> bool:
    """Open Last Call (True: the phase waits for it) unless it is open already or --auto
    passes it.  Ruling (RULES.md "Last Call every round"): it opens in every Production
    Phase, whatever the hands hold, so that it tells the table nothing about them."""
    if w.game.last_call:
        return False
    if auto:
        w.say("Last Call: nobody plays (--auto).")
        return False
    if cards:
        raise InputError("--card: Last Call opens first; give the Market card on the "
                         "`rigs next` that commits production")
    w.game = replace(w.game, last_call=True, done=())  # a new round of decisions
    w.say(f"Last Call, round {w.game.round}: play a production card now, or pass "
          "(`rigs karma play ...`; plans: `rigs produce PLAYER --power/--skip PLOT`); "
          "`rigs next` commits production.")
    return True


def production_to_market(w: Work, auto: bool, cards: list[str], pending: list[str]
                          ) -> None:
    if pending:
        raise PendingChoice(pending)
    if _last_call(w, auto, cards):
        return
    w.game = replace(w.game, last_call=False)
    plans = {p.name: plan(w.game, p.name, w.tables) for p in w.game.players}
    for name, pl in plans.items():
        w.add_each(name, pl.produced, "production")
        got = ", ".join(signed(v, r) for r, v in pl.produced.items() if v)
        w.say(f"{name} commits production: {got or 'nothing'}"
              + (f" ({pl.energy_lost} Energy lost)" if pl.energy_lost else "") + ".")
    for p in w.game.players:
        if p.disaster:
            w.discard("disaster", p.disaster)
        w.update(p.name, disaster=None, plan=frozen_map(),
                 effects=tuple(e for e in p.effects if e.startswith("late:")))
    new_phase(w, "market")
    draw_market(w, cards[0] if cards else None)
    if len(cards) > 1:
        raise InputError("--card: one Market card is drawn per round")
