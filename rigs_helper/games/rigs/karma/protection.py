"""Protection: who a Sabotage card ends up hitting, and the Protection cards played alone.
No I/O.

Order (README "Rulings"): each victim's in-play protections roll first (Alarm System, I've
Got a Donk; the victim names which rolls first with --first when both are in play); then the
answers played from a hand, in the order given (--answer PLAYER=CARD).  Wrong Address and
Decoy answer for one victim; Calling in a Favor, Right Back At You, Ain't Working for You
and Double Agent answer for the whole card and may be played by any player but the card's.
A card passed on to a new victim makes that victim's in-play protections roll.
"""

from __future__ import annotations

from collections.abc import Callable

from rigs_helper.games.rigs.actions.common import resource_name
from rigs_helper.games.rigs.engine import title_of
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.karma.args import OnPlot, Plots, VictimsResource
from rigs_helper.games.rigs.karma.context import Ctx, nothing_now
from rigs_helper.games.rigs.karma.hands import discard_from_hand, hand_key, retire
from rigs_helper.games.rigs.piles import find_in
from rigs_helper.games.rigs.state import frozen_map
from rigs_helper.rules.text import shell_word

ALARM, DONK = "r-i-g-s-alarm-system", "i-ve-got-a-donk"
# in-play protection: (unaffected on, discarded on)
IN_PLAY = {ALARM: ((2, 4, 6), (1,)), DONK: ((2, 3, 4, 5), (1, 6))}
PLOT_CARDS = ("idle_plot", "survey_error", "transfer_plot", "scatter_rigs", "redirect_output")
FOR_ONE_VICTIM = ("redirect", "decoy")  # the others answer for the whole card
MANY_VICTIMS = ("i_want_that",)  # cards aimed at several players


def pairs(items: tuple[tuple[str, str], ...], flag: str, default: str | None
          ) -> list[tuple[str, str]]:
    """``(("Bo", "Decoy"), ("", "Calling"))`` -> [("Bo", "Decoy"), (default, "Calling")]."""
    out = []
    for who, what in items:
        if not what:
            raise InputError(f"{flag} {who}=: give PLAYER=VALUE")
        out.append((who or default or "", what))
    return out


def aim(c: Ctx) -> bool:
    """Victims of a plot card are the plot owners.  True when the card aims at anyone."""
    if c.card.action in PLOT_CARDS:
        pid = c.need(c.args(OnPlot).plot, "--plot", "which plot")[0]
        owner = c.plot_owner(pid)
        if c.victims and c.victims != [owner]:  # --target may name the owner, no one else
            raise InputError(f"--target {', '.join(c.victims)}: {c.card.title} hits the "
                             f"owner of {pid.upper()}, {owner}")
        c.victims = [owner]
    elif c.card.action == "survey_swap":
        c.victims = list(dict.fromkeys(c.plot_owner(p) for p in c.args(Plots).plot
                                       if c.plot_owner(p) != c.player))
    return bool(c.victims)


def resolve(c: Ctx) -> None:
    """Apply in-play protections and the answers; sets ``c.victims``, ``c.owner`` and
    ``c.cancelled``."""
    aimed = aim(c)
    answers = read_answers(c)
    saved = set()
    for v in list(c.victims):
        if in_play_saves(c, v):
            c.victims.remove(v)
            saved.add(v)
    targets = pairs(c.op.answers.answer_to, "--answer-to", None)
    for who, key in answers:
        acard = c.tables.karma_card(key)
        if c.cancelled:
            raise InputError(f"--answer {who}={acard.title}: {c.card.title} was already "
                             "stopped")
        if acard.action in FOR_ONE_VICTIM and who not in c.victims:
            if who in saved:
                c.w.say(f"{who} is not affected: {acard.title} stays in {who}'s hand.")
                continue
            raise RulesError(f"{acard.title}: {c.card.title} does not affect {who}",
                             rule=f"{acard.title} answers a card that would affect you")
        to: list[str] = []
        if acard.action in ("redirect", "hijack"):
            to = take_targets(targets, who)
        ANSWERS[acard.action](c, who, key, to)
    if targets:
        raise InputError("--answer-to " + ", ".join(f"{k}={v}" if k else v
                                                    for k, v in targets)
                         + ": no Wrong Address or Double Agent answer passes the card on")
    if aimed and not c.victims and not c.cancelled:
        c.w.say("No victim is affected.")
        c.cancelled = True


def take_targets(targets: list[tuple[str, str]], who: str) -> list[str]:
    """The new victims ``who`` names (--answer-to WHO=X), else the bare ones; removed from
    ``targets`` so that none is left unused silently."""
    mine = [t for w, t in targets if w.lower() == who.lower()]
    if not mine:
        mine = [t for w, t in targets if not w]
        who = ""
    targets[:] = [(w, t) for w, t in targets if w.lower() != who.lower()]
    return mine


def read_answers(c: Ctx) -> list[tuple[str, str]]:
    default = c.victims[0] if len(c.victims) == 1 else None
    out: list[tuple[str, str]] = []
    for who, text in pairs(c.op.answers.answer, "--answer", default):
        if not who:  # several victims: the one holding it
            key = hand_key_anyone(c, text)
            who = next(p.name for p in c.w.game.players if key in p.hand)
        who = c.w.game.player(who).name
        key = hand_key(c.tables, c.w.player(who), text)
        acard = c.tables.karma_card(key)
        if acard.in_play:
            raise RulesError(f"{acard.title} works only in play, not from a hand",
                             rule="put it into play first; it rolls by itself")
        if acard.responds_to not in ("sabotage", "take_card"):
            raise RulesError(f"{acard.title} does not answer a Sabotage card")
        turned = any(c.tables.karma_card(k).action in ("reflect", "hijack")
                     for _, k in out)
        if who == c.player and not (acard.action == "decoy" and turned):
            raise RulesError(f"{who} played {c.card.title}; {acard.title} answers another "
                             "player's card")
        if acard.action == "decoy" and c.card.action not in ("steal_hand_random",
                                                             "steal_hand_choice"):
            raise RulesError("Decoy answers a card that takes a card from your hand")
        out.append((who, key))
    return out


def hand_key_anyone(c: Ctx, text: str) -> str:
    for p in c.w.game.players:
        try:
            return hand_key(c.tables, p, text)
        except RulesError:
            continue
    return hand_key(c.tables, c.w.player(c.victims[0] if c.victims else c.player), text)


def affects(c: Ctx, v: str) -> bool:
    """Whether the card would change something of ``v``'s (ruling: Alarm System and Donk
    roll only then): a resource ``v`` has, a card in ``v``'s hand; plot cards always do."""
    p = c.w.player(v)
    if c.card.action == "i_want_that" and c.args(VictimsResource).resource:
        return p.amount(resource_name(c.args(VictimsResource).resource[0])) > 0
    if c.card.action in ("steal_hand_random", "steal_hand_choice"):
        return bool(p.hand)
    return True


def in_play_saves(c: Ctx, v: str) -> bool:
    """Roll each in-play protection of ``v`` (the order the victim names with --first when
    both are in play).  True when ``v`` is not affected.  Nothing rolls when the card would
    change nothing of ``v``'s."""
    have = [k for k in IN_PLAY if k in c.w.player(v).in_play]
    if have and not affects(c, v):
        titles = " and ".join(title_of(c.tables, "karma", k) for k in have)
        c.w.say(f"{c.card.title} changes nothing of {v}'s: {titles} does not roll.")
        return False
    if len(have) > 1:
        firsts = [t for w, t in pairs(c.op.answers.first, "--first", v) if w.lower() == v.lower()]
        if not firsts:
            raise InputError(f"{v} has both {title_of(c.tables, 'karma', ALARM)} and "
                             f"{title_of(c.tables, 'karma', DONK)} in play: {v} names the "
                             f"one that rolls first (--first {v}=CARD)")
        first = find_in(c.tables, "karma", firsts[0])
        if first not in have:
            raise InputError(f"--first {v}={firsts[0]}: not one of {v}'s in-play "
                             "protections")
        have.remove(first)
        have.insert(0, first)
    for key in have:
        safe, breaks = IN_PLAY[key]
        title = title_of(c.tables, "karma", key)
        roll = c.die(v, f"{v}'s {title}")
        if roll in safe:
            c.w.say(f"{v}'s {title} rolls {roll}: {v} is not affected.")
            return True
        c.w.say(f"{v}'s {title} rolls {roll}.")
        if roll in breaks:
            retire(c.w, v, key)
            c.w.say(f"{title} is discarded.")
    return False


def pass_to(c: Ctx, new: str) -> bool:
    """The card now affects ``new`` (unless their in-play protections save them)."""
    c.passed_on = True
    c.passed_to.append(new)
    if in_play_saves(c, new):
        return False
    c.victims.append(new)
    return True


# ---------------------------------------------------------------------------- answers


def wrong_address(c: Ctx, who: str, key: str, to: list[str]) -> None:
    discard_from_hand(c.w, who, key)
    c.victims.remove(who)
    c.w.say(f"{who} answers with Wrong Address: {who} is not affected.")
    if len(to) > 1:
        raise InputError(f"--answer-to {', '.join(to)}: Wrong Address passes {who}'s part "
                         "of the card to one player")
    if to:
        new = c.w.game.player(to[0]).name
        if new == who:
            raise InputError("Wrong Address sends the card to another player")
        if new in c.victims:
            raise RulesError(f"Wrong Address: {c.card.title} already affects {new}",
                             rule="the card is passed to a player it was not affecting")
        c.w.say(f"The card's effects go to {new} instead.")
        pass_to(c, new)


def decoy(c: Ctx, who: str, key: str, to: list[str]) -> None:
    c.decoy_from.add(who)


def calling_in_a_favor(c: Ctx, who: str, key: str, to: list[str]) -> None:
    discard_from_hand(c.w, who, key)
    c.w.say(f"{who} answers with Calling in a Favor: {c.card.title} is stopped.")
    c.cancelled = True


def right_back(c: Ctx, who: str, key: str, to: list[str]) -> None:
    discard_from_hand(c.w, who, key)
    first = c.victims[0] if c.victims else who
    c.owner = who if who in c.victims else first
    c.gainers = list(c.victims) or [who]
    c.turned_by = who
    gets = (f"{c.owner} gets any gain" if len(c.gainers) == 1 else
            f"{', '.join(c.gainers)} share any gain as {who} splits it (--split NAME=N)")
    c.w.say(f"{who} answers with Right Back At You: the card turns on {c.player}; "
            f"{gets}.")
    c.victims = []
    pass_to(c, c.player)


def aint_working(c: Ctx, who: str, key: str, to: list[str]) -> None:
    discard_from_hand(c.w, who, key)
    c.w.undiscard("karma", c.card.key)
    o = c.w.player(c.player)
    c.w.update(o.name, hand=o.hand + (c.card.key,), no_sabotage_round=c.w.game.round)
    c.w.say(f"{who} answers with Ain't Working for You: {c.card.title} goes back to "
            f"{o.name}'s hand; {o.name} plays no more Sabotage cards this round.")
    c.cancelled = True


def double_agent(c: Ctx, who: str, key: str, to: list[str]) -> None:
    """The answerer takes the card over; on a card with several victims (I WANT THAT!) they
    name several new victims (one --answer-to each), each affected as the card says."""
    discard_from_hand(c.w, who, key)
    c.owner, c.victims = who, []
    if not to:
        c.w.say(f"{who} answers with Double Agent, takes the card over and discards it.")
        c.cancelled = True
        return
    news = [c.w.game.player(t).name for t in to]
    if len(news) > 1 and c.card.action not in MANY_VICTIMS:
        raise InputError(f"--answer-to {', '.join(to)}: {c.card.title} has one victim; "
                         "Double Agent names one")
    for new in news:
        if new == who:
            raise InputError("Double Agent: name another player as the new victim")
        if news.count(new) > 1:
            raise InputError(f"--answer-to {new}: named twice (each victim once)")
    c.w.say(f"{who} answers with Double Agent and turns the card on {', '.join(news)}.")
    for new in news:
        pass_to(c, new)


ANSWERS = {"redirect": wrong_address, "decoy": decoy, "cancel": calling_in_a_favor,
           "reflect": right_back, "return_to_owner": aint_working, "hijack": double_agent}


# ---------------------------------------------------------------------------- played alone


def insurance(c: Ctx) -> None:
    """Ruling: the loss recovered is the player's most recent one, and only in the round it
    happened (last_loss.round)."""
    p = c.w.player(c.owner)
    lost = {r: n for r, n in p.last_loss.items()
            if r not in ("karma", "round", "karma_only")}
    if not lost:
        raise RulesError(f"{p.name} has no resource loss to recover",
                         rule="Warehouse Insurance recovers the most recent loss")
    if p.last_loss.get("round", c.w.game.round) != c.w.game.round:
        raise RulesError(f"{p.name}'s last loss was in round {p.last_loss['round']}",
                         rule="Warehouse Insurance recovers a loss of the current round")
    for r, n in lost.items():
        c.w.add(p.name, r, n, f"card: {c.card.title}")
    c.w.say(f"{p.name} recovers " + ", ".join(f"{n} {r}" for r, n in lost.items()) + ".")
    c.w.update(p.name, last_loss=frozen_map({k: v for k, v in p.last_loss.items()
                                             if k in ("karma", "karma_only")}))


def information(c: Ctx) -> None:
    """The owner sees the hands of the players chosen (--target; every other player's
    without it): for the owner's eyes only (`rigs hand OWNER`)."""
    names = c.victims or [p.name for p in c.w.game.players if p.name != c.owner]
    c.w.say(f"{c.owner} looks at {', '.join(names)}'s hands "
            f"(`rigs hand {shell_word(c.owner)}` shows them).")
    for name in names:
        p = c.w.player(name)
        hand = [title_of(c.tables, "karma", k) for k in p.hand]
        c.w.say(f"{p.name}: {p.credits} credits; hand: " + (", ".join(hand) or "empty"),
                to=c.owner)


#: a card's action -> its effect (``karma.play.effect``: the card's kind names this module)
EFFECTS: dict[str, Callable[[Ctx], None]] = {
    "insurance": insurance,
    "information": information,
    "alarm": nothing_now,
    "trade_in": nothing_now,
    "donk": nothing_now,
}
