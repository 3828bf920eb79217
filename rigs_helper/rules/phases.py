"""Rounds and phases: ``rigs next`` and the choices it waits for.  No I/O.

Player -> Disaster -> Production -> Market -> next round's Player Phase.  Each step does the
phase's bookkeeping; where the rules leave a choice to a person and it is not made yet,
``NextPhase`` raises PendingChoice naming the command that settles it (nothing changes),
unless ``auto`` is set: then the documented default is applied and listed.

Documented defaults (``--auto``):
- Land Grant: the leader keeps the plot valued by the most End Game cards (then the most
  resource spots, then the lowest number); the others get the rest at random in seating
  order after the leader.
- "Lose a RIGS": from the warehouse first, else from the plot with the most RIGS.
- Karma hand over the limit at the end of the Player Phase: the newest cards are discarded.
- Resources to throw away (Rough Storm): the most plentiful first.
- Resources to take (Ruins): Luxuries.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.rules.actions.deals import sale_price
from rigs_helper.rules.dice import Rolls
from rigs_helper.rules.engine import (
    Op,
    Outcome,
    Work,
    default_discard,
    default_rigs_source,
    determine_leader,
    title_of,
)
from rigs_helper.rules.errors import InputError, PendingChoice, RulesError
from rigs_helper.rules.market import card_value, category_of
from rigs_helper.rules.names import amount, amounts, requirement, signed, word
from rigs_helper.rules.production import plan
from rigs_helper.rules.state import Game, Player, Plot, frozen_map
from rigs_helper.rules.tables import Tables


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


# ---------------------------------------------------------------------------- next


@dataclass(frozen=True)
class NextPhase(Op):
    auto: bool = False
    cards: tuple[str, ...] = ()  # physical cards drawn for this step's automatic draws
    karma: tuple[str, ...] = ()  # PLAYER=TITLE: physical Karma cards drawn for Disasters
    rolls: Rolls = Rolls()  # the table's dice (the leader roll-off: NAME=N)

    def describe(self) -> str:
        return "next" + (" --auto" if self.auto else "") + "".join(
            f" --card {c!r}" for c in self.cards) + "".join(
            f" --karma {c!r}" for c in self.karma) + roll_args(self.rolls)

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = table_work(game, tables, self.rolls)
        step = {"player": _player_to_disaster, "disaster": _disaster_to_production,
                "production": _production_to_market, "market": _market_to_player}
        pending: list[str] = []
        _settle_common(w, self.auto, pending)
        if self.karma and game.phase != "player":
            raise InputError("--karma records the Karma cards drawn for Disasters: use it "
                             "when the Player Phase ends")
        w.data["karma"] = _by_player(w.game, self.karma, "--karma")
        step[game.phase](w, self.auto, list(self.cards), pending)
        w.data.pop("karma", None)
        return w.done()


def roll_args(rolls: Rolls) -> str:
    """The table's rolls as the options that gave them (for the log)."""
    return "".join(f" --roll {v}" for v in rolls.plain) + "".join(
        f" --roll {n}={v}" for n, v in rolls.named)


def table_work(game: Game, tables: Tables, rolls: Rolls) -> Work:
    """A Work with the table's rolls; a roll named for someone who is not a player is
    refused at once."""
    for name, _ in rolls.named:
        game.player(name)
    return Work(game, tables, rolls=rolls)


def _by_player(game: Game, items: tuple[str, ...], flag: str) -> dict[str, str]:
    """``("Ana=Theft", ...)`` -> {"Ana": "Theft"}: one card per player."""
    out: dict[str, str] = {}
    for c in items:
        name, sep, title = c.partition("=")
        if not sep or not title.strip():
            raise InputError(f"{flag} {c!r}: give PLAYER=TITLE")
        who = game.player(name).name
        if who in out:
            raise InputError(f"{flag} {c!r}: one card per player")
        out[who] = title.strip()
    return out


def _settle_common(w: Work, auto: bool, pending: list[str]) -> None:
    """RIGS losses still owed (from a Disaster or a Karma card), resources to throw away
    (Rough Storm) or to take (Ruins)."""
    for p in w.game.players:
        if p.must_discard:
            if not auto:
                pending.append(f"{p.name} must throw away {p.must_discard} resources: "
                               f"`rigs settle {p.name} RESOURCE=N ...`")
            else:
                picked = default_discard(p, p.must_discard)
                for r, n in picked:
                    w.lose(p.name, r, n, "card: thrown away")
                w.update(p.name, must_discard=0)
                w.say(f"{p.name} throws away " + (amounts(picked) or "nothing (has none)")
                      + " (--auto default: the most plentiful first).")
        if p.may_take:
            if not auto:
                pending.append(f"{p.name} may take {p.may_take} resources of their choice: "
                               f"`rigs settle {p.name} RESOURCE=N ...`")
            else:
                w.add(p.name, "luxuries", p.may_take, "card: Ruins")
                w.update(p.name, may_take=0)
                w.say(f"{p.name} takes {p.may_take} Luxuries (--auto default).")
    for p in w.game.players:
        for _ in range(p.must_lose_rigs):
            src = default_rigs_source(w.player(p.name))
            if not auto:
                pending.append(f"{p.name} must choose {p.must_lose_rigs} RIGS to lose: "
                               f"`rigs lose {p.name} {p.must_lose_rigs} "
                               "[--from PLOT|warehouse]`")
                break
            if src is None:
                w.update(p.name, must_lose_rigs=0)
                break
            w.lose_rigs(p.name, src)
            w.update(p.name, must_lose_rigs=w.player(p.name).must_lose_rigs - 1)
            w.say(f"(--auto default: a RIGS from {src})")


def _player_to_disaster(w: Work, auto: bool, cards: list[str], pending: list[str]) -> None:
    if w.game.grant:
        if auto:
            _grant(w, None, None, None)
        else:
            pending.append(f"Land Grant: {w.game.leader} picks a plot: `rigs grant PLOT` "
                           "(`rigs grant` shows the drawn plots)")
    limit = w.tables.constants.hand_limit
    for p in w.game.players:
        over = len(p.hand) - limit
        if over > 0:
            if not auto:
                pending.append(f"{p.name} holds {len(p.hand)} Karma cards, {over} over the "
                               f"limit of {limit}: `rigs karma discard {p.name} TITLE`")
                continue
            keep, drop = p.hand[:limit], p.hand[limit:]
            w.update(p.name, hand=keep)
            for k in drop:
                w.discard("karma", k)
            w.say(f"{p.name} discards {', '.join(title_of(w.tables, 'karma', k) for k in drop)}"
                  f" to the hand limit of {limit} (--auto default: newest cards).")
    if pending:
        raise PendingChoice(pending)
    _new_phase(w, "disaster")
    deal = _by_player(w.game, tuple(cards), "--card")
    missing = [p.name for p in w.game.players if p.name not in deal]
    if deal and missing and "disaster" not in w.game.missing:  # (a mixed deck decides)
        raise InputError("--card: no Disaster card recorded for " + ", ".join(missing)
                         + f" (give {missing[0]}=TITLE, or {missing[0]}=virtual to let rigs "
                         "draw that one)")
    w.say(f"Disaster Phase, round {w.game.round}: {w.game.leader} deals a Disaster card "
          "to every player.")
    for p in w.game.players:
        if p.disaster_draw:
            w.update(p.name, disaster_draw=None)
    for p in w.game.seating_from(w.game.leader):
        physical = deal.get(p.name)
        if physical is not None and physical.lower() == "virtual":
            physical = None
        card = w.draw("disaster", physical, p.name)
        if card is None:
            w.say(f"No Disaster card is left for {p.name}.")
            continue
        w.update(p.name, disaster=card)
        apply_disaster(w, p.name, card, "recorded" if physical else "drawn by rigs")
    unused = w.data.get("karma")
    if unused:
        raise InputError("--karma: " + ", ".join(unused) + " drew no Karma card for a "
                         "Disaster this round")


def apply_disaster(w: Work, name: str, key: str, how: str = "") -> None:
    d = w.tables.disaster(key)
    p = w.player(name)
    affected = False
    w.say(f"{p.name}: {d.title}" + (f" ({how})" if how else "") + ".")
    if d.action == "discard":
        have = p.amount(d.resource)
        if have:
            n = have if d.amount == "all" else (have + 1) // 2
            w.lose(name, d.resource, n, f"Disaster: {d.title}")
            w.say(f"  {p.name} loses {n} of {amount(have, d.resource)}.")
            affected = True
        elif d.when_none == "lose_rigs":
            affected = _rigs_fallback(w, name, f"no {word(d.resource)}")
    elif d.action == "production":
        if _requires(p, d.requires):
            w.update(name, effects=p.effects + (d.production,))
            w.say(f"  {d.effect.split('.')[0]} (kept until Production ends).")
            affected = True
        elif d.when_none == "lose_rigs":
            affected = _rigs_fallback(w, name, f"no {requirement(d.requires)}")
    if affected:
        recorded = w.data.get("karma", {}).pop(p.name, None)
        got = w.draw_karma(name, 1, why=f"hurt by {d.title}",
                            physical=(recorded,) if recorded else ())
        if got and not recorded:
            w.update(name, disaster_draw=got[0])
            w.say(f"  (a card drawn at the table: `rigs karma draw {p.name} --card TITLE` "
                  "records it instead)")
    else:
        w.update(name, may_swap=True)
        w.say(f"  {p.name} is not hurt and may swap one Karma card: "
              f"`rigs karma swap {p.name} TITLE`.")


def _rigs_fallback(w: Work, name: str, why: str) -> bool:
    p = w.player(name)
    if not p.rigs:
        w.say(f"  {p.name} has {why} and no RIGS to lose.")
        return False
    w.update(name, must_lose_rigs=p.must_lose_rigs + 1)
    w.say(f"  {p.name} has {why}: loses one RIGS of their choice "
          f"(`rigs lose {p.name} --from PLOT|warehouse`).")
    return True


def _disaster_to_production(w: Work, auto: bool, cards: list[str], pending: list[str]
                            ) -> None:
    if cards:
        raise InputError("--card: nothing is drawn when the Production Phase starts")
    if pending:
        raise PendingChoice(pending)
    for p in w.game.players:
        if p.may_swap or p.disaster_draw:
            w.update(p.name, may_swap=False, disaster_draw=None)
    _new_phase(w, "production")
    w.say(f"Production Phase, round {w.game.round}: `rigs produce` shows every plan; "
          "`rigs next` opens Last Call (when a hand holds a production card), then commits "
          "production.")


def production_cards_in_hands(game: Game, tables: Tables) -> dict[str, int]:
    """How many Karma cards that change production each player still holds (a count:
    the hands themselves are private)."""
    out = {}
    for p in game.players:
        n = sum(1 for k in p.hand if tables.karma_card(k).timing in ("production",
                                                                      "last_call"))
        if n:
            out[p.name] = n
    return out


def _last_call(w: Work, auto: bool, cards: list[str]) -> bool:
    """Open Last Call (True: the phase waits for it) unless it is open already, --auto
    passes it, or no hand holds a card for it."""
    if w.game.last_call:
        return False
    held = production_cards_in_hands(w.game, w.tables)
    if not held:
        w.say("Last Call: no production card is left in any hand.")
        return False
    said = ", ".join(f"{n} {c}" for n, c in held.items())
    if auto:
        w.say(f"Last Call: nobody plays (--auto); production cards still in hands: {said}.")
        return False
    if cards:
        raise InputError("--card: Last Call opens first; give the Market card on the "
                         "`rigs next` that commits production")
    w.game = replace(w.game, last_call=True)
    w.say(f"Last Call, round {w.game.round}: production cards still in hands: {said}. "
          "Play them now (`rigs karma play ...`), adjust plans (`rigs produce PLAYER "
          "--power/--skip PLOT`), then `rigs next` commits production.")
    w.data["last_call"] = held
    return True


def _production_to_market(w: Work, auto: bool, cards: list[str], pending: list[str]
                          ) -> None:
    if pending:
        raise PendingChoice(pending)
    if _last_call(w, auto, cards):
        return
    w.game = replace(w.game, last_call=False)
    plans = {p.name: plan(w.game, p.name, w.tables) for p in w.game.players}
    for name, pl in plans.items():
        for r, v in pl.produced.items():
            w.add(name, r, v, "production")
        got = ", ".join(signed(v, r) for r, v in pl.produced.items() if v)
        w.say(f"{name} commits production: {got or 'nothing'}"
              + (f" ({pl.energy_lost} Energy lost)" if pl.energy_lost else "") + ".")
    for p in w.game.players:
        if p.disaster:
            w.discard("disaster", p.disaster)
        w.update(p.name, disaster=None, plan=frozen_map(),
                 effects=tuple(e for e in p.effects if e.startswith("late:")))
    _new_phase(w, "market")
    draw_market(w, cards[0] if cards else None)
    if len(cards) > 1:
        raise InputError("--card: one Market card is drawn per round")


def draw_market(w: Work, physical: str | None) -> None:
    m = w.game.market
    if not m.game:
        raise RulesError("the Game Market Deck is empty", rule="15 rounds, one card each")
    game_deck, end = list(m.game), list(m.end)
    recorded = dict(m.recorded)
    if physical is None:
        card = game_deck.pop(0)
    else:
        card = _physical_market(w, game_deck, end, physical, recorded)
        game_deck.remove(card)
    price = recorded.get(w.game.round, card_value(w.tables, m.values, card))
    cat, _ = category_of(w.tables, card)
    w.game = replace(w.game, market=replace(m, game=tuple(game_deck), drawn=m.drawn + (card,),
                                            end=tuple(end), price=price,
                                            recorded=frozen_map(recorded)))
    if physical is None:
        what = f"the Market card is {w.tables.market[cat].name} (drawn by rigs)"
    elif w.game.round in recorded and physical.strip().isdigit():
        what = f"the Market card drawn at the table is worth {price} (recorded)"
    else:
        what = f"the Market card is {w.tables.market[cat].name} (recorded)"
    w.say(f"Market Phase, round {w.game.round}: {what}; Luxuries sell at {price} "
          "(`rigs sell PLAYER N`).")
    if not game_deck:
        w.say("That was the last Game Market card: this is the final round, and every "
              "Luxury left is sold at this price when the phase ends.")


def _physical_market(w: Work, deck: list[int], end: list[int], text: str,
                     recorded: dict) -> int:
    """The Market card the table drew.  Any card not drawn yet may be it: the virtual
    piles are only the app's guess, so a card found in the virtual End Game deck trades
    places with the virtual top card (the End Game deck is what is left)."""
    from rigs_helper.rules.market import market_index

    t = text.strip().lower()
    if t.isdigit():  # a value: the top card leaves the deck, the price is what was printed
        recorded[w.game.round] = int(t)
        return deck[0]
    for cat in w.tables.market.values():
        if cat.key == t or cat.name.lower() == t:
            for c in deck + end:
                if category_of(w.tables, c)[0] == cat.key:
                    return _into_game_deck(deck, end, c)
            raise RulesError(f"no {cat.name} card is left in the Market decks",
                             rule="every Market card drawn is recorded once")
    try:
        idx = market_index(w.tables, text.strip())
    except KeyError:
        raise InputError(f"--card {text!r}: give a value, a category (low, normal, high, "
                         "spike) or a Market card id such as H3") from None
    if idx not in deck and idx not in end:
        raise RulesError(f"Market card {text} was already drawn")
    return _into_game_deck(deck, end, idx)


def _into_game_deck(deck: list[int], end: list[int], card: int) -> int:
    if card in end:
        end[end.index(card)] = deck[0]
        deck[0] = card
    return card


def _market_to_player(w: Work, auto: bool, cards: list[str], pending: list[str]) -> None:
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
                w.add(p.name, "luxuries", -p.luxuries, "last-round sale")
                w.add(p.name, "credits", p.luxuries * each, "last-round sale")
        w.game = replace(w.game, game_over=True)
        w.say("The game is over: `rigs score` scores it.")
        return
    for p in w.game.players:
        if p.effects:
            w.update(p.name, effects=())
    w.game = replace(w.game, round=w.game.round + 1,
                     market=replace(w.game.market, price=None))
    _new_phase(w, "player")
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
    deck = list(w.game.plot_deck)
    grant, deck = deck[:n], deck[n:]
    w.game = replace(w.game, plot_deck=tuple(deck), grant=tuple(grant))
    w.say(f"Land Grant: {w.game.leader} draws {n} plot{'s' if n > 1 else ''} "
          f"(drawn by rigs unless recorded; {len(deck)} left in the deck).")
    if auto:
        _grant(w, None, None, None)
    else:
        w.say(f"{w.game.leader} draws {n} plot cards at the table: `rigs grant --card TYPE "
              f"...` records them (else rigs draws them: `rigs hand {w.game.leader}` shows "
              f"them, for {w.game.leader}'s eyes), `rigs grant PLOT [--order NAME,...]` "
              "settles it.")


def _new_phase(w: Work, phase: str) -> None:
    w.game = replace(w.game, phase=phase)
    for p in w.game.players:
        if p.borrowed:
            w.update(p.name, borrowed=0)


# ---------------------------------------------------------------------------- grant


def default_pick(tables: Tables, grant: tuple[str, ...]) -> str:
    def worth(pid: str):
        t = tables.plots[tables.plot_deck[int(pid[1:]) - 1]]
        return (t.endgame_cards, sum(t.spots.values()), -int(pid[1:]))
    return max(grant, key=worth)


def record_grant(w: Work, cards: tuple[str, ...]) -> None:
    """The plots the leader drew at the table replace the virtual Land Grant: the virtual
    cards go back on top of the Plot deck, in their order, and a plot card of each type
    recorded comes out of it."""
    n = len(w.game.grant)
    if len(cards) != n:
        raise InputError(f"--card: the Land Grant draws {n} plot{'s' if n != 1 else ''}; "
                         f"give {n} plot type{'s' if n != 1 else ''}")
    deck = list(w.game.grant) + list(w.game.plot_deck)
    grant = []
    for c in cards:
        t = c.strip().lower()
        if t not in w.tables.plots:
            raise InputError(f"--card {c!r}: a plot type (plains, valley, forest, desert, "
                             "ridge)")
        pid = next((x for x in deck if w.tables.plot_deck[int(x[1:]) - 1] == t), None)
        if pid is None:
            raise RulesError(f"no {w.tables.plots[t].name} is left in the Plot deck",
                             rule="27 plot cards: 9 Plains, 9 Valley, 3 Forest, 3 Desert, "
                             "3 Ridge")
        deck.remove(pid)
        grant.append(pid)
    w.game = replace(w.game, plot_deck=tuple(deck), grant=tuple(grant))
    leader = w.game.leader
    w.say(f"Land Grant recorded: {leader} drew {len(grant)} plots (`rigs hand {leader}` "
          f"shows their ids, for {leader}'s eyes).")
    w.say("Land Grant recorded (you drew): " + ", ".join(
        f"{pid} {w.tables.plots[w.tables.plot_deck[int(pid[1:]) - 1]].name}"
        for pid in grant) + ". Write these ids on the plot cards.", to=leader)


def grant_plot(tables: Tables, grant: tuple[str, ...], text: str) -> str:
    """A Land Grant plot named by its id (P7, p7, 7) or by its type (valley)."""
    t = text.strip().lower()
    if t in tables.plots:
        for pid in grant:
            if tables.plot_deck[int(pid[1:]) - 1] == t:
                return pid
        raise RulesError(f"no {tables.plots[t].name} is among the Land Grant plots "
                         "(the leader's `rigs hand` lists them)", rule="the leader keeps one "
                         "of the plots drawn")
    return "P" + t[1:] if t.startswith("p") else "P" + t


def _grant(w: Work, pick: str | None, order: list[str] | None,
           given: dict[str, str] | None) -> None:
    g = w.game
    leader = g.player(g.leader)
    grant = list(g.grant)
    auto_note = ""
    if pick is None:
        pick = default_pick(w.tables, g.grant)
        auto_note = " (--auto default: the most valuable plot)"
    typed, pick = pick, grant_plot(w.tables, g.grant, pick)
    if pick not in grant:
        raise RulesError(f"{typed!r} is not among the Land Grant plots (`rigs hand "
                         f"{leader.name}` lists them)", rule="the leader keeps one of the "
                         "plots drawn")
    grant.remove(pick)
    others = [p.name for p in g.seating_from(leader.name)[1:]]
    if order is None:
        order = others
    else:
        order = [g.player(n).name for n in order]
        if sorted(order) != sorted(others):
            raise InputError("--order must name every other player once: "
                             + ", ".join(others))
    dealt: list[tuple[str, str]] = [(leader.name, pick)]
    if given:
        pool = tuple(grant)  # a type names the first of its kind not handed out yet
        named = {}
        for n, v in given.items():
            named[g.player(n).name] = pid = grant_plot(w.tables, pool, v)
            pool = tuple(x for x in pool if x != pid) if pid in pool else pool
        given = named
        if not set(given) <= set(order):  # the leader's plot is the pick, not a --give
            raise InputError("--give names the other players only: " + ", ".join(order))
        if sorted(given.values()) != sorted(grant[:len(order)]) and \
                sorted(given.values()) != sorted(grant):
            raise InputError("--give must hand out exactly the other drawn plots "
                             f"(`rigs hand {leader.name}` lists them)")
        for name in order:
            if name in given:
                dealt.append((name, given[name]))
    else:
        for name in order:
            if not grant:
                break
            dealt.append((name, grant.pop(w.rng.below(len(grant)))))
        if len(dealt) > 1:
            auto_note += " (the others dealt at random by rigs)"
    for name, pid in dealt:
        p = w.player(name)
        plot = Plot(pid, w.tables.plot_deck[int(pid[1:]) - 1])
        w.put(replace(p, plots=p.plots + (plot,)))
    w.game = replace(w.game, grant=())
    w.say("Land Grant: " + "; ".join(
        f"{n} gets {pid} {w.tables.plots[w.tables.plot_deck[int(pid[1:]) - 1]].name}"
        for n, pid in dealt) + auto_note + ".")
    left_out = [n for n in order if n not in {x for x, _ in dealt}]
    if left_out:
        w.say(f"Too few plots: {', '.join(left_out)} get none this round.")
    determine_leader(w)


@dataclass(frozen=True)
class GrantPick(Op):
    """The leader's Land Grant: record the plot cards drawn at the table (``cards``, plot
    types), and/or keep one (``pick``) and hand out the rest."""

    pick: str | None = None
    order: tuple[str, ...] | None = None
    given: tuple[tuple[str, str], ...] = ()
    cards: tuple[str, ...] = ()
    record_only: bool = False
    rolls: Rolls = Rolls()  # the leader roll-off after the grant: NAME=N
    phases = ("player",)
    grant_first = False  # it settles the grant

    def describe(self) -> str:
        s = "grant" + ("" if self.record_only else f" {self.pick or '(default)'}")
        s += "".join(f" --card {c}" for c in self.cards)
        if self.order:
            s += " --order " + ",".join(self.order)
        return s + "".join(f" --give {n}={p}" for n, p in self.given) + roll_args(self.rolls)

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        if not game.grant:
            raise RulesError("no Land Grant is waiting", rule="the Land Grant happens at the "
                             "start of each Player Phase from round 2 while plots last")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = table_work(game, tables, self.rolls)
        if self.cards:
            record_grant(w, self.cards)
        if self.record_only:
            if self.order or self.given:
                raise InputError("--order and --give go with the plot the leader keeps: "
                                 "`rigs grant PLOT ...`")
            return w.done()
        _grant(w, self.pick, list(self.order) if self.order else None,
               dict(self.given) if self.given else None)
        return w.done()


# ---------------------------------------------------------------------------- choices


@dataclass(frozen=True)
class LoseRigs(Op):
    """Settle N pending "lose a RIGS" (the victim chooses where from)."""

    name: str
    source: str | None = None
    n: int = 1

    def describe(self) -> str:
        return f"lose {self.name}" + (f" {self.n}" if self.n != 1 else "") + (
            f" --from {self.source}" if self.source else "")

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        p = game.player(self.name)
        if not p.must_lose_rigs:
            raise RulesError(f"{p.name} has no RIGS loss to settle",
                             rule="a RIGS is lost only when a card says so")
        if self.n < 1:
            raise InputError(f"the number of RIGS must be 1 or more, not {self.n}")
        if self.n > p.must_lose_rigs:
            raise RulesError(f"{p.name} owes {p.must_lose_rigs} RIGS, not {self.n}",
                             rule="a RIGS is lost only when a card says so")

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        name = game.player(self.name).name
        if self.source is not None:
            w.lose_rigs(name, self.source, self.n)
            w.update(name, must_lose_rigs=w.player(name).must_lose_rigs - self.n)
        for _ in range(self.n if self.source is None else 0):
            src = default_rigs_source(w.player(name))
            if src is None:
                w.update(name, must_lose_rigs=0)
                w.say(f"{name} has no RIGS left to lose.")
                break
            w.lose_rigs(name, src)
            w.update(name, must_lose_rigs=w.player(name).must_lose_rigs - 1)
        owed = w.player(name).must_lose_rigs
        if owed:
            w.say(f"{name} still owes {owed} RIGS (`rigs lose {name} {owed}`).")
        return w.done()


__all__ = ["GrantPick", "LoseRigs", "NextPhase", "apply_disaster", "default_pick",
           "draw_market"]
