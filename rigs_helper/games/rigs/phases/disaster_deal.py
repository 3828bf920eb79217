"""The end of the Player Phase: the Land Grant settled, Karma hands cut to the limit, and
the Disaster cards dealt, each applied to its player (who is hurt draws a Karma card, who
is not may swap one)."""

from __future__ import annotations

from rigs_helper.games.rigs.engine import Work, title_of
from rigs_helper.rules.errors import InputError, PendingChoice
from rigs_helper.games.rigs.names import amount, requirement, word
from rigs_helper.games.rigs.phases.common import by_player, new_phase
from dataclasses import replace
from rigs_helper.games.rigs.production import CHARGER, JUNCTION, plot_yield
from rigs_helper.games.rigs.state import OWED_DRAW, Player
from rigs_helper.games.rigs.tables import DisasterCard
from rigs_helper.rules.text import shell_word


def _requires(player: Player, what: str | None) -> bool:
    if what == "desert_plots":
        return any(p.type == "desert" for p in player.plots)
    if what == "valley_plots":
        return any(p.type == "valley" for p in player.plots)
    if what == "supplies_rigs":
        return any(p.rigs and p.harvest == "supplies" for p in player.plots)
    if what == "energy_rigs":
        return any(p.rigs and p.harvest == "energy" for p in player.plots)
    return False


def lowers_production(player: Player, effect: str) -> bool:
    """Ruling (RULES.md "Who a production Disaster hurts"): a production Disaster hurts a
    player only when it lowers what their RIGS, as placed now, produce this round: a RIGS
    yields less under it (Solar Eclipse, Seasonal Hell, Infestation), or a RIGS harvests
    the Energy it keeps from storing or powering (Battery Charger Failure, Energy Junction
    Failure)."""
    if effect in (CHARGER, JUNCTION):
        return any(x.rigs and x.harvest == "energy" for x in player.plots)
    return any(plot_yield(x, (*player.effects, effect)).output
               < plot_yield(x, player.effects).output for x in player.plots)


def hurts(player: Player, card: DisasterCard) -> bool:
    """Whether the Disaster ``card`` hurts ``player`` (who then draws a Karma card), read
    from the cards and the player as they stand: it takes a resource they hold, or a RIGS
    where they hold none of it, or lowers what their RIGS produce this round (ruling of
    2026-11-24).  Pure: nothing is drawn, so a listing may ask it of every card."""
    if card.action == "discard":
        assert card.resource is not None  # (tablebuild checks a discard has one)
        if player.amount(card.resource):
            return True
    elif card.action == "production":
        assert card.production is not None and card.requires is not None
        if _requires(player, card.requires):
            return lowers_production(player, card.production)
    else:
        return False
    return card.when_none == "lose_rigs" and bool(player.rigs)


def player_to_disaster(w: Work, auto: bool, cards: list[str], pending: list[str]) -> None:
    if w.game.grant:
        if auto:
            from rigs_helper.games.rigs.phases.grant import settle_grant

            settle_grant(w, None, None, None)
        else:
            pending.append(f"Land Grant: {w.game.leader} picks a plot: `rigs grant PLOT` "
                           "(`rigs grant` shows the drawn plots)")
    limit = w.tables.constants.hand_limit
    for p in w.game.players:
        over = len(p.hand) - limit
        if over > 0:
            if not auto:
                pending.append(f"{p.name} holds {len(p.hand)} Karma cards, {over} over the "
                               f"limit of {limit}: `rigs karma discard {shell_word(p.name)} TITLE`")
                continue
            keep, drop = p.hand[:limit], p.hand[limit:]
            w.update(p.name, hand=keep)
            for k in drop:
                w.discard("karma", k)
            w.say(f"{p.name} discards {', '.join(title_of(w.tables, 'karma', k) for k in drop)}"
                  f" to the hand limit of {limit} (--auto default: newest cards).")
    if pending:
        raise PendingChoice(pending)
    new_phase(w, "disaster")
    deal = by_player(w.game, tuple(cards), "--card")
    missing = [p.name for p in w.game.players if p.name not in deal]
    if deal and missing and "disaster" not in w.game.missing:  # (a mixed deck decides)
        raise InputError("--card: no Disaster card recorded for " + ", ".join(missing)
                         + f" (give {missing[0]}=TITLE, or {missing[0]}=virtual to let rigs "
                         "draw that one)")
    for p in w.game.players:
        if p.disaster_draw:
            w.update(p.name, disaster_draw=None)
    seats = [p.name for p in w.game.seating_from(w.game.leader)]
    if w.data.get("wait"):  # each player records their own card (games/rigs/waits/disasters)
        if deal or w.data.get("karma"):
            raise InputError("--wait: each player records their own Disaster card; --card "
                             "and --karma record them all now (give one or the other)")
        w.game = replace(w.game, waits=replace(w.game.waits, disasters=tuple(seats)))
        w.say(f"Disaster Phase, round {w.game.round}: {w.game.leader} deals a Disaster card "
              "to every player; each player records theirs: `rigs disaster record PLAYER "
              "CARD` (or virtual to let rigs draw it).")
        return
    w.say(f"Disaster Phase, round {w.game.round}: {w.game.leader} deals a Disaster card "
          "to every player.")
    for name in seats:
        deal_disaster(w, name, deal.get(name))
    unused = w.data.get("karma")
    if unused:
        raise InputError("--karma: " + ", ".join(unused) + " drew no Karma card for a "
                         "Disaster this round")


def deal_disaster(w: Work, name: str, physical: str | None) -> None:
    """Deal ``name`` a Disaster card (``physical``: the table's; None or "virtual": rigs
    draws it) and apply it; ``name`` no longer waits to record one."""
    if physical is not None and physical.strip().lower() == "virtual":
        physical = None
    waits = w.game.waits
    if name in waits.disasters:
        w.game = replace(w.game, waits=replace(
            waits, disasters=tuple(n for n in waits.disasters if n != name)))
    card = w.draw("disaster", physical, name)
    if card is None:
        w.say(f"No Disaster card is left for {name}.")
        return
    w.update(name, disaster=card)
    apply_disaster(w, name, card, "recorded" if physical else "drawn by rigs")


def apply_disaster(w: Work, name: str, key: str, how: str = "") -> None:
    from rigs_helper.games.rigs.decks import all_virtual

    d = w.tables.disaster(key)
    p = w.player(name)
    affected = hurts(p, d)  # (the one answer a listing reads too: games/rigs/waits/legal.py)
    w.say(f"{p.name}: {d.title}" + (f" ({how})" if how else "") + ".")
    if d.action == "discard":
        assert d.resource is not None  # (tablebuild checks a discard has one)
        have = p.amount(d.resource)
        if have:
            n = have if d.amount == "all" else (have + 1) // 2
            w.lose(name, d.resource, n, f"Disaster: {d.title}")
            w.say(f"  {p.name} loses {n} of {amount(have, d.resource)}.")
        elif d.when_none == "lose_rigs":
            _rigs_fallback(w, name, f"no {word(d.resource)}")
    elif d.action == "production":
        assert d.production is not None and d.requires is not None  # (tablebuild checks both)
        if _requires(p, d.requires):
            w.update(name, effects=p.effects + (d.production,))
            w.say(f"  {d.effect.split('.')[0]} (kept until Production ends).")
            if not affected:
                w.say(f"  It lowers nothing {p.name}'s RIGS, as placed, produce this round.")
        elif d.when_none == "lose_rigs":
            _rigs_fallback(w, name, f"no {requirement(d.requires)}")
    if affected and p.name in w.data.get("later", ()) and not w.top_virtual("karma"):
        # the table draws it, then records it (one of rigs' in a mixed deck: drawn now)
        w.update(name, disaster_draw=OWED_DRAW)
        w.say(f"  {p.name} draws a Karma card at the table (hurt by {d.title}) and records "
              f"it: `rigs karma draw {shell_word(p.name)} --card TITLE` (or virtual).")
    elif affected:
        recorded = w.data.get("karma", {}).pop(p.name, None)
        got = w.draw_karma(name, 1, why=f"hurt by {d.title}",
                            physical=(recorded,) if recorded else ())
        # (a mixed Karma deck decided: its group's card was recorded, or the card is a
        # virtual one, rigs' for good: nothing for the table to record instead)
        if got and not recorded and p.name not in w.data.get("virtual", ()) and \
                "karma" not in w.game.missing and not all_virtual(w.game, "karma"):
            w.update(name, disaster_draw=got[0])
            w.say("  (a card drawn at the table: "
                  f"`rigs karma draw {shell_word(p.name)} --card TITLE` records it instead)")
    else:
        w.update(name, may_swap=True)
        if not w.player(name).hand:  # the count is public: no command that cannot run
            w.say(f"  {p.name} is not hurt (and holds no Karma card to swap).")
            return
        w.say(f"  {p.name} is not hurt and may swap one Karma card: "
              f"`rigs karma swap {shell_word(p.name)} TITLE`.")


def _rigs_fallback(w: Work, name: str, why: str) -> bool:
    p = w.player(name)
    if not p.rigs:
        w.say(f"  {p.name} has {why} and no RIGS to lose.")
        return False
    w.update(name, must_lose_rigs=p.must_lose_rigs + 1)
    w.say(f"  {p.name} has {why}: loses one RIGS of their choice "
          f"(`rigs lose {shell_word(p.name)} --from PLOT|warehouse`).")
    return True
