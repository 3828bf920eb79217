"""The End Game draws from a mixed Market deck (the cards left after the Game Market Deck,
the group's own and virtual ones; see :mod:`mixed`).  No I/O.

The End Game deck is drawn in the rules' order (one card for Plains and Valley, two for the
others), each type taking the next cards of the deck.  A virtual card is named by rigs; a
type whose cards include one of the group's own is drawn at the table and recorded with all
its values (`rigs score --card forest=V,V`, the virtual card's value as rigs named it), each
of the group's cards trading places with the physical card that stood there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rigs_helper.rules.errors import InputError, RulesError
from rigs_helper.games.rigs.market import card_value, category_of
from rigs_helper.games.rigs.mixed import game_virtual, swap_in
from rigs_helper.games.rigs.scoring import draw_order

if TYPE_CHECKING:
    from rigs_helper.games.rigs.engine import Work
    from rigs_helper.games.rigs.tables import Tables


def mixed_end_values(w: Work, given: dict[str, tuple[int, ...]],
                     plot_values: dict[str, int]) -> tuple[tuple[int, ...], list[str]]:
    """Value every plot type ``plot_values`` lacks from the mixed End Game deck (the
    table's ``given`` cards checked and put in place).  Returns the End Game deck after
    the swaps, and a line per virtual draw."""
    g, tables = w.game, w.tables
    virtual = game_virtual(g, tables, "market")
    end = list(g.market.end)
    values = g.market.values

    def value(i: int) -> int:
        return card_value(tables, values, i)

    lines: list[str] = []
    at = 0
    if not given and set(plot_values) >= set(tables.plots):
        return tuple(end), lines  # drawn already
    for ptype, n in draw_order(tables):
        name = tables.plots[ptype].name
        slots = list(range(at, at + n))
        at += n
        if slots[-1] >= len(end):
            raise InputError("the End Game Market deck has too few cards left")
        if ptype in given:
            for i, v in zip(slots, given[ptype]):
                if end[i] in virtual:
                    if v != value(end[i]):
                        raise RulesError(f"--card {ptype}: the card for {name} in that place "
                                         f"is a virtual {value(end[i])}, not {v}",
                                         rule="a mixed deck: rigs names the virtual cards")
                    continue
                want = [k for k, c in tables.market.items() if value(_first(tables, k)) == v]
                if not any(swap_in(end, i, virtual, k, lambda x: category_of(tables, x)[0])
                           for k in want):
                    raise RulesError(f"--card {ptype}: no Market card worth {v} is left "
                                     "among your End Game cards", rule="a mixed deck: "
                                     "every Market card drawn is recorded once")
            continue
        if ptype in plot_values:
            continue
        cards = [end[i] for i in slots]
        mine = [c for c in cards if c not in virtual]
        if not mine:
            plot_values[ptype] = sum(value(c) for c in cards)
            lines.append(f"{name}: virtual End Game Market card{'s' if n > 1 else ''} "
                         f"{' + '.join(str(value(c)) for c in cards)} = "
                         f"{plot_values[ptype]} (the group lacks them)")
            continue
        named = [f"a virtual {value(c)}" if c in virtual else "one of your cards"
                 for c in cards]
        w.need.append(f"{g.leader}: the End Game card{'s' if n > 1 else ''} for {name}: "
                      + ", then ".join(named) + "; draw from your End Game Market deck and "
                      f"record (`rigs score --card {ptype}=" + ",".join(["V"] * n) + "`)")
        plot_values[ptype] = sum(value(c) for c in cards)  # a stand-in: the op is refused
    return tuple(end), lines  # (the cards drawn stay listed: its first ones, in order)


def _first(tables: Tables, category: str) -> int:
    """The index of the first Market card of ``category``."""
    base = 0
    for k, c in tables.market.items():
        if k == category:
            return base
        base += c.count
    raise KeyError(category)
