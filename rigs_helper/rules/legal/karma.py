"""Legal Karma actions: record a card drawn, discard, swap, play (with the choices each
card needs), use a card in play.  No I/O.

Only the player's own hand is read: no value offered names a card in another player's
hand (a card that takes a chosen card from a victim's hand is answered from the victim's
side, or typed at the CLI).
"""

from __future__ import annotations

from itertools import combinations

from rigs_helper.rules.legal.base import Cand
from rigs_helper.rules.tables import RESOURCES

# cards aimed at one plot of another player (its owner is the victim)
ON_A_PLOT = ("idle_plot", "redirect_output", "transfer_plot", "survey_error")


def _titles(tables, keys) -> list[str]:
    return [tables.karma_card(k).title for k in dict.fromkeys(keys)]


# ---------------------------------------------------------------------------- hands


def drawable(game, tables, player: str) -> list[str]:
    """The titles a card drawn at the table may have: every card but those the table can
    see elsewhere (in play, in the discards, taken for next round) and the player's own
    hand.  A card in another
    player's hand stays among them: the list never says where a hidden card is (recording
    it is refused by the rules, "cards are conserved")."""
    p = game.player(player)
    seen = set(p.hand) | set(game.karma.discard) | {k for q in game.players
                                                    for k in q.in_play + q.incoming}
    return _titles(tables, (c.key for c in tables.karma if c.key not in seen))


def candidates_draw(game, tables, player):
    """Record a Karma card drawn at the table (a hurt player's card replaces the one rigs
    drew for them)."""
    for t in drawable(game, tables, player):
        yield Cand({"card": t})



def candidates_discard(game, tables, player):
    for t in _titles(tables, game.player(player).hand):
        yield Cand({"title": t})



def candidates_swap(game, tables, player):
    p = game.player(player)
    if not p.may_swap:
        return
    every = [None] + drawable(game, tables, player)
    for t in _titles(tables, p.hand):
        for c in every:
            yield Cand({"title": t, "card": c})



def candidates_use(game, tables, player):
    for t in _titles(tables, game.player(player).in_play):
        yield Cand({"title": t})



def candidates_retire(game, tables, player):
    for t in _titles(tables, game.player(player).in_play):
        yield Cand({"title": t})



# ---------------------------------------------------------------------------- play


def _subsets(items) -> list[tuple]:
    return [c for n in range(1, len(items) + 1) for c in combinations(items, n)]


def candidates_play(game, tables, player):
    p = game.player(player)
    others = [q for q in game.players if q.name != p.name]
    for key in dict.fromkeys(p.hand):
        card = tables.karma_card(key)
        a = card.action
        base = {"title": card.title}
        if a == "lose_rigs" and key == "missing-support":
            for q in others:
                if not q.rigs:  # nothing to destroy: the card is played for its draw
                    yield Cand({**base, "target": (q.name,)})
                    continue
                spots = ["warehouse"] + [x.id for x in q.plots]
                for s in spots:
                    yield Cand({**base, "target": (q.name,), "from": s})
        elif a == "lose_plot_rigs":
            for q in others:
                for x in q.plots:
                    yield Cand({**base, "target": (q.name,), "plot": (x.id,)})
        elif a == "swap_credits":
            for q in others:
                for o in ("draw", "card"):
                    yield Cand({**base, "target": (q.name,), "option": o})
        elif a == "i_want_that":
            for group in _subsets([q.name for q in others]):
                for r in RESOURCES:
                    yield Cand({**base, "target": group, "resource": (r,)})
        elif a == "information":
            yield Cand(base)
            for group in _subsets([q.name for q in others]):
                yield Cand({**base, "target": group})
        elif a == "scatter_rigs":  # a destination per RIGS: offered for none (the CLI)
            for q in game.players:
                for x in q.plots:
                    yield Cand({**base, "plot": (x.id,)})
        elif a in ON_A_PLOT:
            plots = [x.id for q in game.players for x in q.plots
                     if a != "survey_error" or x.survey is not None]
            for pid in plots:
                if a == "transfer_plot":
                    for q in game.players:
                        yield Cand({**base, "plot": (pid,), "new_owner": q.name})
                else:
                    yield Cand({**base, "plot": (pid,)})
        elif a == "survey_swap":
            surveyed = [x.id for q in game.players for x in q.plots if x.survey is not None]
            for pair in combinations(surveyed, 2):
                yield Cand({**base, "plot": pair})
        elif a == "poker_night":
            for group in _subsets([r for r in RESOURCES if p.amount(r)]):
                yield Cand({**base, "resource": group})
        elif a == "below_surface":
            for x in p.plots:
                for r in RESOURCES:
                    yield Cand({**base, "plot": (x.id,), "resource": (r,)})
        elif a == "triple_plot":
            for x in p.plots:
                yield Cand({**base, "plot": (x.id,)})
        elif card.target in ("one", "card") or a in ("brownout", "idle_all"):
            for q in others:
                yield Cand({**base, "target": (q.name,)})
        else:
            yield Cand(base)


