"""The end of the Market Phase: the end of the game (the forced sale), or the next round
(its Player Phase and the Land Grant drawn)."""

from __future__ import annotations

from dataclasses import replace

from rigs_helper.games.rigs.engine import Work, determine_leader
from rigs_helper.rules.errors import InputError, PendingChoice
from rigs_helper.games.rigs.market import LAST_ROUND_SALE, sale_price
from rigs_helper.games.rigs.phases.common import new_phase
from rigs_helper.rules.text import shell_word


def market_to_player(w: Work, auto: bool, cards: list[str], pending: list[str]) -> None:
    if pending:
        raise PendingChoice(pending)
    if not w.game.market.game or w.game.round >= w.tables.constants.rounds:
        if cards:
            raise InputError("--card: nothing is drawn at the end of the game")
        for p in w.game.players:
            if p.luxuries:
                each = sale_price(w.game, p)  # Naive Profits counts in the forced sale
                w.say(f"{p.name} sells the last {p.luxuries} Luxuries at {each}: "
                      f"+{p.luxuries * each} credits.")
                w.add(p.name, "luxuries", -p.luxuries, LAST_ROUND_SALE)
                w.add(p.name, "credits", p.luxuries * each, LAST_ROUND_SALE)
        w.game = replace(w.game, game_over=True, done=())
        w.say("The game is over: `rigs score` scores it.")
        return
    for p in w.game.players:
        if p.effects:
            w.update(p.name, effects=())
    w.game = replace(w.game, round=w.game.round + 1,
                     market=replace(w.game.market, price=None))
    new_phase(w, "player")
    w.say(f"Round {w.game.round}, Player Phase.")
    for p in w.game.players:
        if p.incoming:  # Identity Theft taken as a card
            w.update(p.name, hand=p.hand + p.incoming, incoming=())
            w.say(f"{p.name} takes {len(p.incoming)} Karma card(s) into their hand.")
    n = min(len(w.game.players), len(w.game.plot_deck))
    if n == 0:
        if cards:
            raise InputError("--card: the Plot deck is empty, there is no Land Grant")
        w.say("The Plot deck is empty: no Land Grant.")
        if w.game.ownership() != w.game.leader_basis:
            determine_leader(w)
        return
    if cards:
        raise InputError("--card: the Land Grant plots are recorded when the leader has "
                         "drawn them: `rigs grant --card TYPE ...` (one per plot drawn)")
    from rigs_helper.games.rigs.phases.grant import draw_grant, settle_grant  # (a next round's)

    draw_grant(w, n)
    if w.game.grant_owed:
        return  # the leader records the plots drawn from the group's pile first
    if auto:
        settle_grant(w, None, None, None)
    elif w.game.grant_record == "due" and w.game.table_deals:
        w.say(f"{w.game.leader} draws {n} plot cards at the table and records them, or "
              "lets rigs draw them (`rigs grant --card " + " ".join(["TYPE"] * n) + "`, or "
              "`rigs grant --card virtual`); then keeps one (`rigs grant PLOT`).")
    else:
        w.say(f"{w.game.leader} draws {n} plot cards at the table: `rigs grant --card TYPE "
              f"...` records them (else rigs draws them: "
              f"`rigs hand {shell_word(w.game.leader)}` shows "
              f"them, for {w.game.leader}'s eyes), `rigs grant PLOT [--order NAME,...]` "
              "settles it.")
