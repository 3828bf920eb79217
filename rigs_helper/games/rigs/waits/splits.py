"""Right Back At You turning I WANT THAT! aimed at several players, from the pages: once
the card's player's dice are in, the card waits for its answerer's split of what was lost
among the original victims (``Attack.splitter``; the split is theirs: rigs never splits
for the table).  What the split waits for, and its legal-actions entry.  No I/O."""

from __future__ import annotations

from rigs_helper.games.rigs.engine import perform
from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.karma.context import SplitNeeded
from rigs_helper.games.rigs.legal.base import Action, Param, Spec
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import Tables
from rigs_helper.games.rigs.waits.records import TAKE, Attack
from rigs_helper.games.rigs.waits.resolution import resolution, resolving


def split_needed(game: Game, tables: Tables, attack: Attack) -> SplitNeeded | None:
    """The split the card waits for (who splits, the total, the original victims, the
    resource), found by resolving it with the dice recorded; None when it waits for
    none."""
    if not attack.splitter:
        return None
    try:
        perform(resolving(game, tables, attack), resolution(attack, game, tables), tables)
    except SplitNeeded as err:
        return err
    except RigsError:
        pass
    return None


def split_answers(spec: Spec, game: Game, tables: Tables, me: str) -> list[Action]:
    """``me``'s answer once the dice are in: one number per original victim
    (``split:VICTIM``, 0 to the total) adding up to what the card's player lost (a listed
    ``{"sum": [...], "equals": TOTAL}``), checked on one such split."""
    from rigs_helper.games.rigs.legal.grouping import passes

    attack = game.waits.attack
    need = split_needed(game, tables, attack) if attack is not None else None
    if need is None:
        return []
    names = tuple(f"split:{g}" for g in need.gainers)
    if not passes(spec, game, tables, me,
                  {"card": TAKE, names[0]: str(need.total)}):
        return []
    return [Action(spec.action, (Param("card", (TAKE,)), *(
        Param(n, min=0, max=need.total, required=False) for n in names)),
        f"Split the {need.total} {need.resource} among {', '.join(need.gainers)}",
        (names, need.total, need.total))]


__all__ = ["split_answers", "split_needed"]
