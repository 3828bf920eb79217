"""Each player's net worth as a linear form of what is still unknown, its expectation, and
Vinnie's bill.  No I/O.  Cheap on purpose (plain classes, no sampling): `rigs status` and
the log after every phase use it; :mod:`rigs_helper.forecast.standings` builds on it.

    net = credits + luxuries x price + sum_t weight_t x V_t + sum_r (amount_r - 4 x scripts_r) x d_r

``weight_t`` counts the player's plots of type t (a luxury plot twice), ``V_t`` is the
type's End Game value (one or two End Game Market cards, drawn from the Market cards the
table has not seen) and ``d_r`` a die.  Known End Game values are used as they are.
Luxuries count at the current Market price; before the round's card is drawn, at the last
card's price; before any card, at the mean value of the unseen Market cards.
"""

from __future__ import annotations

from collections import Counter

from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.market import card_value
from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import BASIC_RESOURCES, Tables


class Form:
    """One player's net worth as a linear form of the unknowns."""

    __slots__ = ("name", "const", "plots", "dice")

    def __init__(self, name: str, const: float, plots: tuple[int, ...],
                 dice: tuple[int, ...]) -> None:
        self.name = name
        self.const = const  # everything already known
        self.plots = plots  # weight of each unknown plot type (Model.plot_slots order)
        self.dice = dice  # units per pip of each unknown die (Model.dice order)


class Model:
    """The forms of every player and the unknowns they depend on."""

    __slots__ = ("forms", "plot_slots", "values", "dice", "sides", "price", "price_basis",
                 "known_dice")

    def __init__(self, forms, plot_slots, values, dice, sides, price, price_basis,
                 known_dice=()) -> None:
        self.forms: tuple[Form, ...] = forms
        self.plot_slots: tuple[tuple[str, int], ...] = plot_slots  # (type, cards) unknown
        self.values: tuple[int, ...] = values  # values of the unseen Market cards
        self.dice: tuple[str, ...] = dice  # resources whose die is still unknown
        self.sides: int = sides
        self.price: float = price
        self.price_basis: str = price_basis
        self.known_dice: tuple[tuple[str, int], ...] = known_dice  # dice already rolled

    @property
    def known(self) -> bool:
        return not self.plot_slots and not self.dice


def market_unseen(game: Game, tables: Tables) -> list[int]:
    """Market card indexes the table has not seen (the rest of the Game Market Deck and the
    End Game Market Deck together), in table order."""
    drawn = set(game.market.drawn)
    return [i for i in range(len(tables.market_deck)) if i not in drawn]


def market_unseen_values(game: Game, tables: Tables) -> list[int]:
    return [card_value(tables, game.market.values, i) for i in market_unseen(game, tables)]


def _num(x: float) -> float | int:
    r = round(x, 2)
    return int(r) if r == int(r) else r


def luxury_price(game: Game, tables: Tables, unseen: list[int]) -> tuple[float, str]:
    m = game.market
    if m.price is not None:
        return m.price, "this round's Market card"
    if m.drawn:
        rnd = len(m.drawn)
        return (m.recorded.get(rnd, card_value(tables, m.values, m.drawn[-1])),
                f"round {rnd}'s Market card")
    mean = sum(unseen) / len(unseen) if unseen else 0.0
    return mean, "the mean of the unseen Market cards (none drawn yet)"


def build_model(game: Game, tables: Tables) -> Model:
    e = game.endgame
    unseen = market_unseen_values(game, tables)
    for cards in e.plot_cards.values():  # End Game cards the table has seen
        for v in cards:
            if v in unseen:
                unseen.remove(v)
    price, basis = luxury_price(game, tables, unseen)
    per_script = tables.constants.repay_end_game
    weights: list[Counter[str]] = [Counter() for _ in game.players]
    for w, p in zip(weights, game.players):
        for x in p.plots:
            w[x.type] += 2 if x.luxury else 1
    slots = tuple((t.key, t.endgame_cards) for t in tables.plots.values()
                  if t.key not in e.plot_values and any(w[t.key] for w in weights))
    units = [{r: p.amount(r) - per_script * p.scripts(r) for r in BASIC_RESOURCES}
             for p in game.players]
    dice = tuple(r for r in BASIC_RESOURCES
                 if r not in e.resource_values and any(u[r] for u in units))
    need = sum(n for _, n in slots)
    if need > len(unseen):
        raise InputError(f"only {len(unseen)} unseen Market cards for {need} End Game cards")
    forms = []
    for p, w, u in zip(game.players, weights, units):
        const = p.credits + p.luxuries * price
        const += sum(w[t] * v for t, v in e.plot_values.items())
        const += sum(u[r] * v for r, v in e.resource_values.items())
        forms.append(Form(p.name, const, tuple(w[t] for t, _ in slots),
                          tuple(u[r] for r in dice)))
    return Model(tuple(forms), slots, tuple(unseen), dice, tables.constants.die_sides,
                 price, basis, tuple(e.resource_values.items()))


def expected(model: Model) -> list[float]:
    """Each player's expected net worth (exact, no sampling)."""
    mean_card = sum(model.values) / len(model.values) if model.values else 0.0
    slot_mean = [n * mean_card for _, n in model.plot_slots]
    die_mean = (model.sides + 1) / 2
    return [f.const + sum(w * m for w, m in zip(f.plots, slot_mean))
            + sum(k * die_mean for k in f.dice) for f in model.forms]


def expected_networth(game: Game, tables: Tables) -> dict[str, float]:
    """Player -> expected net worth if the game ended now (for the log after each phase)."""
    model = build_model(game, tables)
    return {f.name: round(v, 2) for f, v in zip(model.forms, expected(model))}


def vinnie_due(player, model: Model, tables: Tables) -> dict:
    """What Vinnie would take: now (repaying during a Player Phase) and at the end, in
    units per resource and in credits (units at the die value, expected while unknown)."""
    const = tables.constants
    now: dict[str, int] = {}
    end: dict[str, int] = {}
    end_credits = short_credits = 0.0
    for r in const.loanable:
        s = player.scripts(r)
        if not s:
            continue
        now[r] = const.repay_during_game * s
        end[r] = const.repay_end_game * s
        value = dict(model.known_dice).get(r, (model.sides + 1) / 2)
        end_credits += end[r] * value
        short_credits += max(0, end[r] - player.amount(r)) * value
    return {"scripts": {r: player.scripts(r) for r in const.loanable if player.scripts(r)},
            "now_units": now, "end_units": end, "end_credits": _num(end_credits),
            "short_credits": _num(short_credits)}


def vinnie_warnings(game: Game, tables: Tables) -> list[str]:
    """A line per player whose end-game Vinnie bill is over a quarter of their expected net
    worth (cheap: expectations only)."""
    model = build_model(game, tables)
    out = []
    for p, f, worth in zip(game.players, model.forms, expected(model)):
        bill = vinnie_due(p, model, tables)["end_credits"]
        if bill and bill > abs(worth) / 4:
            out.append(f"{p.name}'s end-game Vinnie bill (about {_num(bill)} credits) is over "
                       f"a quarter of their expected net worth ({_num(round(worth, 1))}).")
    return out


__all__ = ["Form", "Model", "build_model", "expected", "expected_networth",
           "market_unseen", "market_unseen_values", "vinnie_due", "vinnie_warnings"]
