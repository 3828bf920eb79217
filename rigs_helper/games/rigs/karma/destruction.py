"""Destruction cards: losses of RIGS, resources and cards."""

from __future__ import annotations

from collections.abc import Callable

from rigs_helper.games.rigs.engine import title_of
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.karma.args import HandCard, MatchLoss, RigsFrom
from rigs_helper.games.rigs.karma.context import Ctx, hand_card, picked_from, random_victim_card
from rigs_helper.games.rigs.karma.hands import discard_from_hand, empty_hand
from rigs_helper.games.rigs.names import plural
from rigs_helper.games.rigs.tables import RESOURCES
from rigs_helper.rules.text import shell_word


def lose_rigs(c: Ctx) -> None:
    v = c.victim()
    p = c.w.player(v)
    if not p.rigs:  # the draw does not depend on the loss (Bad OS Revision)
        c.w.say(f"{v} has no RIGS to lose.")
        c.draws(v)
        return
    if c.card.amount == "half":
        n = (p.rigs + 1) // 2
        c.w.update(v, must_lose_rigs=p.must_lose_rigs + n)
        c.w.say(f"{v} loses {n} of {p.rigs} RIGS, chosen by {v}: "
                f"`rigs lose {shell_word(v)} {n} --from WHERE=K ...` (K RIGS from each "
                "plot or the warehouse).")
    elif c.card.key == "missing-support":  # the card's player picks the RIGS
        src = c.need(c.args(RigsFrom).source, "--from PLOT|warehouse", f"which of {v}'s RIGS "
                     f"{c.owner} destroys")
        c.w.lose_rigs(v, src)
    elif c.args(RigsFrom).source:
        c.w.lose_rigs(v, c.args(RigsFrom).source)
    else:
        c.w.update(v, must_lose_rigs=p.must_lose_rigs + 1)
        c.w.say(f"{v} chooses a RIGS to lose: "
                f"`rigs lose {shell_word(v)} --from PLOT|warehouse`.")
    c.draws(v)


def discard_hand_random(c: Ctx) -> None:
    picked = random_victim_card(c)
    if picked is None:
        return
    v, key, how = picked
    discard_from_hand(c.w, v, key)
    c.w.lost_cards(v)
    c.w.say(f"{v} discards {title_of(c.tables, 'karma', key)} ({how}).")


def discard_hand_choice(c: Ctx) -> None:
    v = c.victim()
    if empty_hand(c.w, v, c.args(HandCard).card):
        return
    key = picked_from(c, v, c.need(c.args(HandCard).card, "--card TITLE",
                                   f"which card of {v}'s hand (see `rigs status {v}`)")[0],
                      c.owner)
    discard_from_hand(c.w, v, key)
    c.w.lost_cards(v)
    c.w.say(f"{v} discards {title_of(c.tables, 'karma', key)}.")


def match_loss(c: Ctx) -> None:
    """The victim matches the player's most recent loss (resources and a number of Karma
    cards), as far as they can; or the player first sets a fresh loss by discarding their
    own resources (--give) and Karma cards (--own)."""
    v = c.victim()
    if c.args(MatchLoss).give or c.args(MatchLoss).own:
        loss, cards = fresh_loss(c)
    else:
        last = c.w.player(c.player).last_loss
        loss = {} if last.get("karma_only") else {r: n for r, n in last.items()
                                                  if r in RESOURCES}
        cards = last.get("karma", 0)
        if not loss and not cards:
            raise RulesError(f"{c.player} has no loss to match", rule=f"{c.card.title}: "
                             "set a fresh loss with --give RESOURCE=N and/or --own TITLE")
    for r, n in loss.items():
        lost = c.w.lose(v, r, n, f"card: {c.card.title}")
        c.w.say(f"{v} throws away {lost} of {n} {r}.")
    victim_discards(c, v, cards)


def fresh_loss(c: Ctx) -> tuple[dict[str, int], int]:
    me = c.player
    loss: dict[str, int] = {}
    for r, n in c.args(MatchLoss).give:
        c.w.add(me, r, -n, f"card: {c.card.title} (a fresh loss)")
        loss[r] = loss.get(r, 0) + n
    for t in c.args(MatchLoss).own:
        key = hand_card(c, me, t)
        discard_from_hand(c.w, me, key)
        c.w.say(f"{me} discards {title_of(c.tables, 'karma', key)}.")
    if loss:
        c.w.say(f"{me} throws away " + ", ".join(f"{n} {r}" for r, n in loss.items()) + ".")
    return loss, len(c.args(MatchLoss).own)


def victim_discards(c: Ctx, v: str, n: int) -> None:
    """``v`` discards ``n`` Karma cards of their choice (--card), all of them when they
    hold no more than that."""
    hand = c.w.player(v).hand
    n = min(n, len(hand))
    named = c.args(HandCard).card
    if n < len(hand) and len(named) != n:
        raise InputError(f"{c.card.title}: {v} discards {n} Karma card(s) of their choice: "
                         f"one --card TITLE each")
    if named and len(named) != n:
        raise InputError(f"--card: {v} discards {n} Karma card(s), not {len(named)}")
    # each named card leaves the hand in turn (one named twice is then in sight: refused)
    keys = named or tuple(title_of(c.tables, "karma", k) for k in hand[:n])
    for t in keys:
        key = picked_from(c, v, t, c.player, named)
        discard_from_hand(c.w, v, key)
        c.w.say(f"{v} discards {title_of(c.tables, 'karma', key)}.")
    if keys:
        c.w.lost_cards(v, len(keys))


def lose_resource(c: Ctx) -> None:
    v = c.victim()
    p = c.w.player(v)
    assert c.card.resource is not None  # (tables/karma.toml names it for this action)
    kinds = RESOURCES if c.card.resource == "every" else (c.card.resource,)
    total = 0
    for r in kinds:
        have = p.amount(r)
        n = have if c.card.amount == "all" else (have + 1) // 2
        total += c.w.lose(v, r, n, f"card: {c.card.title}")
    c.w.say(f"{v} loses {total} resources." if total else f"{v} had nothing to lose.")
    if c.card.victim_draws_per and total:
        c.draws(v, -(-total // c.card.victim_draws_per))
    else:
        c.draws(v)


def rough_storm(c: Ctx) -> None:
    losers = []
    recorded = any(c.drew.values())
    for p in c.w.game.players:
        roll = c.die(p.name)
        held = sum(p.amount(r) for r in RESOURCES)
        if roll == 6:
            c.w.say(f"{p.name} rolls 6: safe.")
            continue
        n = min(roll, held)
        kinds = [r for r in RESOURCES if p.amount(r)]
        if n and (n == held or len(kinds) == 1):  # no choice left: settled at once
            for r in kinds:
                c.w.lose(p.name, r, min(n, p.amount(r)), f"card: {c.card.title}")
            what = kinds[0] if len(kinds) == 1 else "resources"
            c.w.say(f"{p.name} rolls {roll}: throws away {n} {what}"
                    + (" (everything)." if n == held else "."))
        else:
            settle = f" (`rigs settle {shell_word(p.name)} RESOURCE=N ...`)."
            c.w.say(f"{p.name} rolls {roll}: throws away {plural(n, 'resource')} of their "
                    "choice" + (settle if n else " (has none)."))
            c.w.update(p.name, must_discard=c.w.player(p.name).must_discard + n)
        if n and recorded:
            losers.append(p.name)
        elif n:
            c.draws(p.name, 1)
    # the cards drawn at the table first: a card rigs draws is never one a player holds
    for name in sorted(losers, key=lambda n: not c.drew.get(n)):
        c.draws(name, 1)


def lose_plot_rigs(c: Ctx) -> None:
    v = c.victim()
    pid = c.victim_plot(f"which of {v}'s plots")
    plot = c.w.player(v).plot(pid)
    if plot.rigs:
        c.w.lose_rigs(v, plot.id, plot.rigs)
    else:
        c.w.say(f"{plot.id} has no RIGS.")
    c.draws(v)


#: a card's action -> its effect (``karma.play.effect``: the card's kind names this module)
EFFECTS: dict[str, Callable[[Ctx], None]] = {
    "lose_rigs": lose_rigs,
    "discard_hand_random": discard_hand_random,
    "discard_hand_choice": discard_hand_choice,
    "match_loss": match_loss,
    "lose_resource": lose_resource,
    "rough_storm": rough_storm,
    "lose_plot_rigs": lose_plot_rigs,
}
