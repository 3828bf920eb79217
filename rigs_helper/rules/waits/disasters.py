"""Each player records the Disaster card they were dealt.  No I/O.

`rigs next --wait` (and a phone ending the Player Phase) opens the Disaster Phase without
dealing: every player then records their own card (`rigs disaster record PLAYER CARD`, or
`virtual` to let rigs draw theirs, said so), which is applied at once as the deal would
apply it; a hurt player then records the Karma card they drew with `rigs karma draw PLAYER
--card`, privately.  `rigs next --card A=.. --card B=..` still deals every card at once.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rigs_helper.rules.engine import Op, Outcome, Work
from rigs_helper.rules.errors import RulesError
from rigs_helper.rules.phases import apply_disaster
from rigs_helper.rules.state import Game
from rigs_helper.rules.tables import Tables

VIRTUAL = "virtual"


def deal_one(w: Work, name: str, card: str | None) -> None:
    """Deal ``name`` their Disaster card (``card``: the table's; None: rigs draws it) and
    apply it; ``name`` no longer waits."""
    physical = None if card is None or card.strip().lower() == VIRTUAL else card
    key = w.draw("disaster", physical, name)
    waits = w.game.waits
    w.game = replace(w.game, waits=replace(
        waits, disasters=tuple(n for n in waits.disasters if n != name)))
    if key is None:
        w.say(f"No Disaster card is left for {name}.")
        return
    w.update(name, disaster=key)
    apply_disaster(w, name, key, "recorded" if physical else "drawn by rigs")


@dataclass(frozen=True)
class DisasterRecord(Op):
    """`rigs disaster record PLAYER CARD|virtual`: the Disaster card PLAYER was dealt."""

    name: str
    card: str
    phases = ("disaster",)
    phase_rule = "the Disaster cards are dealt when the Disaster Phase opens"

    def describe(self) -> str:
        return f"disaster record {self.name} {self.card!r}"

    def check(self, game: Game, tables: Tables) -> None:
        super().check(game, tables)
        me = game.player(self.name).name
        if me not in game.waits.disasters:
            raise RulesError(f"no Disaster card waits to be recorded for {me}",
                             rule="each player records the card they were dealt once, "
                             "when the phase opened with `rigs next --wait`")
        self.apply(game, tables)  # pure: the card must be one still in the deck

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        deal_one(w, game.player(self.name).name, self.card)
        return w.done()


def open_with_records(w: Work) -> None:
    """The Disaster Phase opens without dealing: every player records their card."""
    names = tuple(p.name for p in w.game.seating_from(w.game.leader))
    w.game = replace(w.game, waits=replace(w.game.waits, disasters=names))
    w.say(f"Disaster Phase, round {w.game.round}: {w.game.leader} deals a Disaster card to "
          "every player; each player records theirs: `rigs disaster record PLAYER CARD` "
          f"(or `{VIRTUAL}` to let rigs draw it).")


def deal_the_rest(w: Work) -> None:
    """`rigs next --auto`: rigs draws the cards not recorded yet, in seating order."""
    for name in w.game.waits.disasters:
        w.say(f"(--auto: rigs draws {name}'s Disaster card)")
        deal_one(w, name, None)


__all__ = ["DisasterRecord", "VIRTUAL", "deal_one", "deal_the_rest", "open_with_records"]
