"""Each player records the Disaster card they were dealt.  No I/O.

`rigs next --wait` (and a phone ending the Player Phase) opens the Disaster Phase without
dealing: every player then records their own card (`rigs disaster record PLAYER CARD`, or
`virtual` to let rigs draw theirs, said so), which is applied at once as the deal would
apply it; a hurt player then records the Karma card they drew with `rigs karma draw PLAYER
--card`, privately.  `rigs next --card A=.. --card B=..` still deals every card at once.
"""

from __future__ import annotations


from dataclasses import dataclass

from rigs_helper.games.rigs.engine import Op, Outcome, Work
from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.phases.disaster_deal import deal_disaster
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables

VIRTUAL = "virtual"


@dataclass(frozen=True, slots=True)
class DisasterRecord(Op):
    """`rigs disaster record PLAYER CARD|virtual`: the Disaster card PLAYER was dealt."""

    name: str
    card: str
    # the Karma card a player hurt by it drew at the table (a title, or "virtual": rigs
    # draws it); None: rigs draws it, as `rigs disaster record` always did
    karma: str | None = None
    #: recorded from a page without ``karma``: a Karma card the Disaster makes them draw
    #: waits for the table's record (`karma draw`), so that rigs draws none, shows none
    #: and puts none back (record, never add)
    later: bool = False
    phases = ("disaster",)
    phase_rule = "the Disaster cards are dealt when the Disaster Phase opens"

    def check(self, game: Game, tables: Tables) -> None:
        Op.check(self, game, tables)
        me = game.player(self.name).name
        if me not in game.waits.disasters:
            raise RulesError(f"no Disaster card waits to be recorded for {me}",
                             rule="each player records the card they were dealt once, "
                             "when the phase opened with `rigs next --wait`")
        self.apply(game, tables)  # pure: the card must be one still in the deck

    def apply(self, game: Game, tables: Tables) -> Outcome:
        w = Work(game, tables)
        me = game.player(self.name).name
        table = self.karma is not None and self.karma.strip().lower() != VIRTUAL
        if table:  # the table's card replaces the draw: rigs draws none (record, not add)
            w.data.setdefault("karma", {})[me] = self.karma
        elif self.karma is not None and game.table_draws:  # the table let rigs draw it:
            w.data["virtual"] = {me}  # rigs' card for good, never offered to replace
        elif self.later and self.karma is None:
            w.data["later"] = {me}
        deal_disaster(w, me, self.card)
        if table and me in w.data.get("karma", {}):
            raise InputError(f"karma: {me} is not hurt by this Disaster card and draws no "
                             "Karma card; leave it out")
        return w.done()


__all__ = ["VIRTUAL", "DisasterRecord"]
