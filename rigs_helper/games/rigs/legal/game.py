"""Legal actions of the table's steps (the Land Grant, RIGS owed, done), whose decision the
table waits for, and when a phase may end by itself.  No I/O."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from rigs_helper.games.rigs.legal.base import Action, Cand, Param, Spec
from rigs_helper.games.rigs.names import plural
from rigs_helper.games.rigs.state import OWED_DRAW

# ---------------------------------------------------------------------------- grant


def actions_grant(game, tables, player, spec: Spec):
    """The leader keeps one drawn plot (the others go out in an order the leader may
    name), or records the plot cards drawn at the table (a type may repeat, as many as
    the Plot deck still holds)."""
    from rigs_helper.games.rigs.legal.grouping import passes

    if not game.grant or game.player(player).name != game.leader:
        return []
    from rigs_helper.games.rigs.decks import all_virtual

    rigs_only = all_virtual(game, "plot")  # a partial set without plot cards
    if game.grant_record == "due" and not rigs_only:  # the table's plots first: rigs'
        # draw is not used yet (a partial set holding no plot card: nothing to record)
        return [_grant_record(game, tables, len(game.grant)),
                Action(spec.action, (Param("card", ("virtual",), record="card"),),
                       "Land Grant: let rigs draw the plots")]
    plots = tuple(pid for pid in game.grant
                  if passes(spec, game, tables, player, {"plot": [pid]}))
    out = []
    others = [p.name for p in game.seating_from(game.leader)[1:]]
    if plots:
        orders = tuple(",".join(o) for o in permutations(others)
                       if passes(spec, game, tables, player,
                                 {"plot": [plots[0]], "order": [",".join(o)]}))
        params = [Param("plot", plots)]
        if len(orders) > 1:
            params.append(Param("order", orders, required=False))
        out.append(Action(spec.action, tuple(params), "Land Grant: keep a plot"))
    # or as the table dealt them, the leader's too (the plots the table drew: only so)
    deals = _deals(game, game.grant, others)
    if deals and passes(spec, game, tables, player, {"give": [deals[0]]}):
        out.append(Action(spec.action, (Param("give", deals, record="card"),),
                          "Land Grant: who received which plot"))
    from rigs_helper.games.rigs.mixed import game_virtual

    if "plot" in game.missing and not game.grant_owed:
        return out
    if game.grant_record in ("made", "rigs") or rigs_only or (
            game.cards == "rigs" and not game.grant_owed):
        return out  # recorded once (or rigs deals the cards): not asked again
    out.append(_grant_record(game, tables, game.grant_owed or len(game.grant)))
    return out


def _grant_record(game, tables, n: int) -> Action:
    """The leader records the ``n`` plot cards drawn at the table (a type may repeat, as
    many as the Plot deck still holds)."""
    from rigs_helper.games.rigs.mixed import game_virtual

    virtual = game_virtual(game, tables, "plot")  # a mixed deck: the group's own to record
    counts = Counter(tables.plot_deck[int(pid[1:]) - 1] for pid in game.grant + game.plot_deck
                     if pid not in virtual)
    left = [t for t in tables.plots if t in counts]  # table order: the deck's order is hidden
    few = {t: counts[t] for t in left if counts[t] < n}  # a type the pile holds fewer times
    return Action("grant", (Param("card", tuple(left), n, n, True, True, True,
                                  record="card"),),
                  "Land Grant: record the plots drawn",
                  constraints=({"at_most": few, "param": "card"},) if few else ())



def _deals(game, plots: tuple[str, ...], others: list[str]) -> tuple[str, ...]:
    """Every way the drawn plots may have gone out, "Ana=P10,Bo=P11": the leader's kept
    plot, then each other player's (in seating order; too few plots: some get none)."""
    out = []
    for pid in plots:
        rest = [x for x in game.grant if x != pid]
        for who in permutations(others, min(len(rest), len(others))):
            got = dict(zip(who, rest))
            out.append(",".join([f"{game.leader}={pid}"] + [f"{n}={got[n]}" for n in others
                                                             if n in got]))
    return tuple(out)


# ---------------------------------------------------------------------------- lose


def candidates_lose(game, tables, player):
    p = game.player(player)
    if not p.must_lose_rigs:
        return
    if p.warehouse_rigs:
        yield Cand({"from": "warehouse"}, min(p.must_lose_rigs, p.warehouse_rigs))
    for x in p.plots:
        if x.rigs:
            yield Cand({"from": x.id}, min(p.must_lose_rigs, x.rigs))



# ---------------------------------------------------------------------------- done


def done_players(game) -> tuple[str, ...]:
    """The players who said they are done deciding in this phase."""
    return game.done


def candidates_done(game, tables, player):
    yield Cand({})



# ---------------------------------------------------------------------------- waiting


def open_choices(game, tables) -> list[dict]:
    """The choices the rules leave to a person that are not made yet, in public words
    (who, and what kind of choice; never a card in a hand); then what the waits hold (a
    pending deal, an attack waiting for answers: ``games/rigs/waits/board.holding``)."""
    from rigs_helper.games.rigs.turns import market_due
    from rigs_helper.games.rigs.waits.board import holding

    out = []
    if market_due(game, tables):
        out.append({"player": game.leader, "what": "draws the Market card at the table "
                    "and records it (End the phase now)"})
    if game.grant:
        out.append({"player": game.leader, "what": "Land Grant: picks a plot"})
    limit = tables.constants.hand_limit
    for p in game.players:
        if p.owed_rigs:
            out.append({"player": p.name, "what": f"chooses {p.owed_rigs} RIGS to lose"})
        if p.must_discard:
            out.append({"player": p.name,
                        "what": f"throws away {p.must_discard} resources"})
        if p.may_take:
            out.append({"player": p.name, "what": f"takes {p.may_take} resources"})
        if game.phase == "player" and len(p.hand) > limit:
            out.append({"player": p.name, "what": f"discards down to {limit} Karma cards"})
        if p.disaster_draw == OWED_DRAW:
            out.append({"player": p.name, "what": "records the Karma card drawn for their "
                        "Disaster card"})
        if p.owed_karma:
            cards = plural(p.owed_karma, "Karma card")
            out.append({"player": p.name, "what": f"records the {cards} drawn at the table"})
    out += holding(game, tables)
    return out


def waits(game, tables) -> list[dict]:
    """Whose decision the table waits for: open choices, Last Call, who is not done."""
    if game.game_over:
        return []
    from rigs_helper.games.rigs.waits.board import offered

    out = open_choices(game, tables) + offered(game, tables)  # deals do not hold the phase
    if game.last_call:
        out.append({"player": game.leader, "what": "Last Call: production cards may be "
                    "played before production is committed"})
    done = {n.lower() for n in done_players(game)}
    seen = {w["player"] for w in out}
    for p in game.players:
        if p.name.lower() not in done and p.name not in seen:
            out.append({"player": p.name, "what": "not done yet"})
    return out


def ready(game, tables) -> bool:
    """Every player is done and no choice is open."""
    if game.game_over or open_choices(game, tables):
        return False
    done = {n.lower() for n in done_players(game)}
    return all(p.name.lower() in done for p in game.players)
