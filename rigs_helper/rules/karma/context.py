"""The context a Karma effect runs in: the card, its owner, its victims, protections."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rigs_helper.rules.engine import Work, title_of
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.rules.karma.hands import discard_from_hand, hand_key
from rigs_helper.rules.tables import KarmaCard, Tables

if TYPE_CHECKING:
    from rigs_helper.rules.karma.play import KarmaPlay


class Ctx:
    def __init__(self, op: KarmaPlay, w: Work, card: KarmaCard, owner: str) -> None:
        self.op, self.w, self.card, self.owner = op, w, card, owner
        self.victims = [w.game.player(t).name for t in op.target]
        self.cancelled = False
        self.passed_on = False  # the victim changed (Wrong Address, Right Back, Double Agent)
        self.decoy_from: str | None = None
        self.drew: dict[str, list[str]] = {}  # physical draws recorded, per player
        for item in op.drew:
            who, sep, title = item.partition("=")
            if not sep or not title.strip():
                raise InputError(f"--drew {item!r}: give PLAYER=TITLE")
            self.drew.setdefault(w.game.player(who).name, []).append(title.strip())

    # -- helpers ---------------------------------------------------------------------
    @property
    def tables(self) -> Tables:
        return self.w.tables

    def victim(self) -> str:
        if len(self.victims) != 1:
            raise InputError(f"{self.card.title} needs one victim: --target PLAYER")
        return self.victims[0]

    def need(self, value, flag: str, what: str):
        if not value:
            raise InputError(f"{self.card.title}: {what} ({flag})")
        return value

    def victim_plot(self, what: str) -> str:
        """The plot the card hits: --plot, or --answer-plot once the card was passed on to
        another victim (whose plot the new chooser names)."""
        if self.passed_on:
            return self.need(self.op.answer_plot, "--answer-plot",
                             f"the card went to {self.victims[0]}: name their plot")
        return self.need(self.op.plot, "--plot", what)[0]

    def plot_owner(self, pid: str) -> str:
        return self.w.game.owner_of(pid).name

    def draws(self, name: str, n: int | None = None) -> None:
        n = self.card.victim_draws if n is None else n
        if n:
            physical = self.drew.get(name, [])
            taken, self.drew[name] = physical[:n], physical[n:]
            self.w.draw_karma(name, n, why=self.card.title, physical=tuple(taken))

    # -- protections -----------------------------------------------------------------
    def resolve_protections(self) -> None:
        """In-play protections roll for each victim; then the victim's answer, if any."""
        w, op = self.w, self.op
        if self.card.action in ("idle_plot", "survey_error", "transfer_plot",
                                "scatter_rigs", "redirect_output") and not self.victims:
            pid = self.need(op.plot, "--plot", "which plot")[0]
            self.victims = [self.plot_owner(pid)]
        if op.answer and len(self.victims) != 1:
            raise InputError("--answer goes with a card aimed at one victim")
        kept = []
        for v in self.victims:
            if self._in_play_saves(v):
                continue
            kept.append(v)
        aimed = bool(self.victims)  # named with --target or found from --plot
        self.victims = kept
        if not self.victims and aimed:
            w.say("No victim is affected.")
            self.cancelled = True
            return
        if not op.answer:
            return
        v = self.victims[0]
        vp = w.player(v)
        akey = hand_key(self.tables, vp, op.answer)
        acard = self.tables.karma_card(akey)
        if acard.responds_to not in ("sabotage", "take_card"):
            raise RulesError(f"{acard.title} does not answer a Sabotage card")
        if acard.action == "decoy":
            if self.card.action not in ("steal_hand_random", "steal_hand_choice"):
                raise RulesError("Decoy answers a card that takes a card from your hand")
            self.decoy_from = v
            return
        discard_from_hand(w, v, akey)
        w.say(f"{v} answers with {acard.title}.")
        if acard.action == "cancel":
            w.say(f"{self.card.title} is stopped.")
            self.cancelled = True
        elif acard.action == "redirect":
            if op.answer_to:
                new = w.game.player(op.answer_to).name
                if new == v:
                    raise InputError("Wrong Address sends the card to another player")
                self.victims = [new]
                self.passed_on = True
                w.say(f"The card's effects go to {new} instead.")
            else:
                w.say(f"{v} is simply not affected.")
                self.cancelled = True
        elif acard.action == "reflect":
            self.victims, self.owner = [self.owner], v
            self.passed_on = True
            w.say(f"The card turns on {self.victims[0]}; {v} gets any gain.")
        elif acard.action == "return_to_owner":
            w.undiscard("karma", self.card.key)
            o = w.player(self.owner)
            w.update(o.name, hand=o.hand + (self.card.key,), no_sabotage_round=w.game.round)
            w.say(f"{self.card.title} goes back to {o.name}'s hand; {o.name} plays no more "
                  "Sabotage cards this round.")
            self.cancelled = True
        elif acard.action == "hijack":
            self.owner = v
            if op.answer_to:
                self.victims = [w.game.player(op.answer_to).name]
                self.passed_on = True
                w.say(f"{v} takes the card over and turns it on {self.victims[0]}.")
            else:
                w.say(f"{v} takes the card over and discards it.")
                self.cancelled = True

    def _in_play_saves(self, v: str) -> bool:
        w = self.w
        p = w.player(v)
        for key, safe, breaks in (("r-i-g-s-alarm-system", lambda r: r % 2 == 0,
                                   lambda r: r == 1),
                                  ("i-ve-got-a-donk", lambda r: 2 <= r <= 5,
                                   lambda r: r in (1, 6))):
            if key not in p.in_play:
                continue
            title = title_of(self.tables, "karma", key)
            roll = w.die(v, why=title)
            if safe(roll):
                w.say(f"{v}'s {title} rolls {roll}: {v} is not affected.")
                return True
            w.say(f"{v}'s {title} rolls {roll}.")
            if breaks(roll):
                p = w.player(v)
                w.update(v, in_play=tuple(k for k in p.in_play if k != key))
                w.discard("karma", key)
                w.say(f"{title} is discarded.")
        return False


# ---------------------------------------------------------------------------- effects


def hand_card(c: Ctx, who: str, text: str) -> str:
    return hand_key(c.tables, c.w.player(who), text)


def put_effect(c: Ctx, name: str, effect: str) -> None:
    p = c.w.player(name)
    c.w.update(name, effects=p.effects + (effect,))


