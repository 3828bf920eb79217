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

from rigs_helper.games.rigs.phases.nextphase import NextPhase

__all__ = ["NextPhase"]
