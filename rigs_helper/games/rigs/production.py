"""The Production Phase: which plots are powered and what every RIGS yields.  No I/O.

Rules (RULES.md "Production Phase" and the modifiers list):
- Powering a plot costs 1 Energy (2 under Brownout!), from the warehouse or from Energy
  produced this phase.  A plot whose RIGS harvest Energy needs no power.
- Every working RIGS on a powered plot yields 1 of its resource (x2 Ridiculous Efficiency,
  x3 R.I.G.S. T.D.M. on its plot; both multiply).
- Disasters: Solar Eclipse (Desert plots yield no Energy), Seasonal Hell (at most one
  working RIGS per Valley), Infestation (no Supplies), Battery Charger Failure (produced
  Energy cannot be stored: what power does not use is lost), Energy Junction Failure
  (produced Energy cannot power plots; it all goes to the warehouse).
- Karma: Carrier Lost (every RIGS idle), Incorrect Drivers (one plot idle), You sent it
  WHERE?! (one plot's output goes to the card's owner).

Default plan: power the plots that yield the most units first (ties: Luxuries, then Metal,
then Supplies, then the lower plot number) while Energy lasts.  ``plan`` overrides say
"power" (must be powered: refused if the Energy is not there) or "skip".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any
from dataclasses import dataclass, field

from rigs_helper.rules.errors import RulesError
from rigs_helper.games.rigs.state import Game, Player, Plot
from rigs_helper.games.rigs.tables import RESOURCES, Tables

# effect strings kept on a player for this round's production
DOUBLE = "double"  # Ridiculous Efficiency
IDLE_ALL = "idle_all"  # Carrier Lost
BROWNOUT = "brownout"
ECLIPSE, SEASONAL, INFESTATION = "eclipse", "seasonal_hell", "infestation"
CHARGER, JUNCTION = "charger_failure", "junction_failure"
# with a plot: "idle:P3" (Incorrect Drivers), "triple:P3" (T.D.M.), "sent:P3>Ana" (You sent
# it WHERE?!: P3's output goes to Ana)

_PRIORITY: dict[str | None, int] = {"luxuries": 0, "metal": 1, "supplies": 2, "energy": 3}


@dataclass(frozen=True, slots=True)
class PlotLine:
    id: str
    type: str
    harvest: str | None
    rigs: int
    working: int
    multiplier: int
    powered: bool
    power: str  # "self" (Energy plot), "produced", "warehouse", "produced+warehouse", ""
    cost: int  # Energy paid to power it
    output: int  # units it yields this phase
    to: str  # who receives the output
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "harvest": self.harvest, "rigs": self.rigs,
                "working": self.working, "multiplier": self.multiplier,
                "powered": self.powered, "power": self.power or None, "cost": self.cost,
                "output": self.output, "to": self.to, "note": self.note}


@dataclass(frozen=True, slots=True)
class Plan:
    player: str
    lines: tuple[PlotLine, ...]
    energy_produced: int  # by this player's own Energy plots (kept by the player)
    energy_from_production: int  # of that, spent on power
    energy_from_warehouse: int  # warehouse Energy spent on power
    energy_lost: int  # produced Energy that could not be stored (Battery Charger Failure)
    effects: tuple[str, ...]
    received: Mapping[str, int] = field(default_factory=dict)  # sent here by other players

    @property
    def produced(self) -> dict[str, int]:
        """Net change of each warehouse resource once production is committed."""
        out = {r: 0 for r in RESOURCES}
        for line in self.lines:
            if line.to == self.player and line.harvest and line.harvest != "energy":
                out[line.harvest] += line.output
        out["energy"] = (self.energy_produced - self.energy_from_production - self.energy_lost
                         - self.energy_from_warehouse)
        for r, n in self.received.items():
            out[r] += n
        return out

    @property
    def sent(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for line in self.lines:
            if line.to != self.player and line.output:
                out.setdefault(line.to, {}).setdefault(line.harvest or "", 0)
                out[line.to][line.harvest or ""] += line.output
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "produced": self.produced,
                "plots": [x.as_dict() for x in self.lines],
                "energy": {"produced": self.energy_produced,
                           "spent_from_production": self.energy_from_production,
                           "spent_from_warehouse": self.energy_from_warehouse,
                           "lost": self.energy_lost},
                "sent": self.sent, "received": dict(self.received),
                "effects": list(self.effects)}


def plot_effects(game: Game) -> set[str]:
    """The effects on plots ("idle:P3", "triple:P3", "sent:P3>Ana"), whoever holds them."""
    return {e for q in game.players for e in q.effects
            if e.startswith(("idle:", "triple:", "sent:"))}


def set_by_card(game: Game, player: Player, pid: str, tables: Tables) -> str | None:
    """What a Karma card decided for plot ``pid`` this round, in words (None: nothing):
    its RIGS idled (Incorrect Drivers, Carrier Lost) or its output redirected (You sent it
    WHERE?!)."""
    from rigs_helper.games.rigs.tables import title_of

    fx = (*player.effects, *sorted(plot_effects(game)))  # a plot's effects follow the plot
    if IDLE_ALL in player.effects:
        return f"its RIGS are idle ({title_of(tables, 'karma', 'carrier-lost')})"
    if f"idle:{pid}" in fx:
        return f"its RIGS are idle ({title_of(tables, 'karma', 'incorrect-drivers')})"
    for e in fx:
        if e.startswith(f"sent:{pid}>"):
            return (f"its output goes to {e.partition('>')[2]} "
                    f"({title_of(tables, 'karma', 'you-sent-it-where')})")
    return None


# ---------------------------------------------------------------------------- modifiers
# Each modifier is one card's effect on one plot's yield, applied in this order: what
# idles RIGS, what limits them, what multiplies them, then what cancels the output.


class _Yield:
    """One plot's yield as the modifiers work it out (a scratch-pad, changed in place)."""

    __slots__ = ("working", "mult", "output", "idle", "notes")

    def __init__(self, working: int, mult: int) -> None:
        self.working = working  # RIGS that work
        self.mult = mult  # the product of the multipliers
        self.output = 0
        self.idle = False
        self.notes: list[str] = []


def _carrier_lost(p: Plot, y: _Yield, fx: Collection[str]) -> None:
    if p.rigs and IDLE_ALL in fx:
        y.working, y.idle, y.notes = 0, True, ["idle: Carrier Lost"]


def _incorrect_drivers(p: Plot, y: _Yield, fx: Collection[str]) -> None:
    if p.rigs and not y.idle and f"idle:{p.id}" in fx:
        y.working, y.idle, y.notes = 0, True, ["idle: Incorrect Drivers"]


def _seasonal_hell(p: Plot, y: _Yield, fx: Collection[str]) -> None:
    if SEASONAL in fx and p.type == "valley" and y.working > 1:
        y.working = 1
        y.notes.append("Seasonal Hell: 1 RIGS works")


def _ridiculous_efficiency(p: Plot, y: _Yield, fx: Collection[str]) -> None:
    if DOUBLE in fx:
        y.mult *= 2


def _tdm(p: Plot, y: _Yield, fx: Collection[str]) -> None:
    if f"triple:{p.id}" in fx:
        y.mult *= 3


def _output(p: Plot, y: _Yield, fx: Collection[str]) -> None:
    if y.mult > 1 and y.working:
        y.notes.append(f"x{y.mult}")
    y.output = y.working * y.mult


def _solar_eclipse(p: Plot, y: _Yield, fx: Collection[str]) -> None:
    if p.harvest == "energy" and ECLIPSE in fx and p.type == "desert" and y.output:
        y.output = 0
        y.notes.append("Solar Eclipse: no Energy")


def _infestation(p: Plot, y: _Yield, fx: Collection[str]) -> None:
    if p.harvest == "supplies" and INFESTATION in fx and y.output:
        y.output = 0
        y.notes.append("Infestation: no Supplies")


MODIFIERS = (_carrier_lost, _incorrect_drivers, _seasonal_hell, _ridiculous_efficiency, _tdm,
             _output, _solar_eclipse, _infestation)


def plot_yield(p: Plot, fx: Collection[str]) -> _Yield:
    """What plot ``p`` yields this phase if powered, under the effects ``fx``."""
    y = _Yield(working=p.rigs if p.harvest else 0, mult=1)
    for modifier in MODIFIERS:
        modifier(p, y, fx)
    return y


def redirected(game: Game, pid: str) -> str | None:
    """Who receives plot ``pid``'s output under You sent it WHERE?! (None: its owner)."""
    for e in plot_effects(game):
        if e.startswith(f"sent:{pid}>"):
            return e.partition(">")[2]
    return None


def plan(game: Game, name: str, tables: Tables,
         overrides: Mapping[str, str] | None = None, with_received: bool = True,
         strict: bool = False) -> Plan:
    """The player's production: each plot powered or not, and the net result.  A plot
    the plan powers that the Energy left cannot pay for is refused with ``strict`` (the
    plan being chosen now); otherwise it stays dark (the Energy went elsewhere after the
    plan was chosen: a deal, a Karma card), and the phase still ends."""
    player = game.player(name)
    chosen = dict(player.plan)
    chosen.update({player.plot(k).id: v for k, v in (overrides or {}).items()})
    for pid in chosen:
        player.plot(pid)  # refuses a plot the player does not own
    fx = player.effects
    for pid in [k for k, v in chosen.items() if v == "power"]:
        if IDLE_ALL in fx or f"idle:{pid}" in fx:  # a card idled it: no power to pay
            del chosen[pid]
    cost = tables.constants.power_energy * (2 if BROWNOUT in fx else 1)
    # a plot's own effects are kept by whoever played them but belong to the plot: they
    # follow it when it changes hands (Record Not Found)
    pfx = plot_effects(game)
    plot_fx = (*fx, *sorted(pfx))
    redirect = {}
    for e in pfx:
        if e.startswith("sent:"):
            pid, _, to = e[5:].partition(">")
            redirect[pid] = to
    raw = []
    for p in player.plots:
        y = plot_yield(p, plot_fx)
        if not p.rigs:
            y.notes.append("no RIGS")
        raw.append((p, y.working, y.mult, y.output, "; ".join(y.notes)))

    # Energy plots power themselves.
    own_energy = sum(o for p, _, _, o, _ in raw if p.harvest == "energy"
                     and redirect.get(p.id, player.name) == player.name)
    prod_left = 0 if JUNCTION in fx else own_energy
    wh_left = player.energy
    used_prod = used_wh = 0
    lines: dict[str, PlotLine] = {}
    order = []
    for p, working, mult, output, note in raw:
        to = redirect.get(p.id, player.name)
        if p.harvest == "energy":
            lines[p.id] = PlotLine(p.id, p.type, p.harvest, p.rigs, working, mult, True,
                                   "self", 0, output, to, note)
        elif not p.rigs or not p.harvest:
            lines[p.id] = PlotLine(p.id, p.type, p.harvest, p.rigs, 0, mult, False, "", 0, 0,
                                   to, note)
        else:
            order.append((p, working, mult, output, note, to))
    forced = [x for x in order if chosen.get(x[0].id) == "power"]
    rest = sorted((x for x in order if x[0].id not in chosen),
                  key=lambda x: (-x[3], _PRIORITY[x[0].harvest], int(x[0].id[1:])))
    for p, working, mult, output, note, to in forced + rest:
        is_forced = chosen.get(p.id) == "power"
        if (output == 0 and not is_forced) or prod_left + wh_left < cost:
            if is_forced and strict:
                raise RulesError(
                    f"{player.name} has {prod_left + wh_left} Energy left for power "
                    f"({wh_left} in the warehouse, {prod_left} produced); powering {p.id} "
                    f"costs {cost}", rule="powering a plot costs 1 Energy (2 under Brownout!)")
            why = "no Energy left to power it" if is_forced or output else "nothing to yield"
            lines[p.id] = PlotLine(p.id, p.type, p.harvest, p.rigs, working, mult, False, "",
                                   0, 0, to, "; ".join(filter(None, [note, why])))
            continue
        from_prod = min(cost, prod_left)
        from_wh = cost - from_prod
        prod_left -= from_prod
        wh_left -= from_wh
        used_prod += from_prod
        used_wh += from_wh
        source = "+".join(s for s, n in (("produced", from_prod), ("warehouse", from_wh)) if n)
        lines[p.id] = PlotLine(p.id, p.type, p.harvest, p.rigs, working, mult, True, source,
                               cost, output, to, note)
    for p, *_ in order:
        if chosen.get(p.id) == "skip":
            line = lines.get(p.id)
            if line is None:
                lines[p.id] = PlotLine(p.id, p.type, p.harvest, p.rigs, 0, 1, False, "", 0, 0,
                                       redirect.get(p.id, player.name), "skipped by plan")
    lost = own_energy - used_prod if CHARGER in fx else 0
    if JUNCTION in fx:
        lost = 0
    received: dict[str, int] = {}
    for other in game.players if with_received else ():
        if other.name == player.name:
            continue
        owned = {x.id for x in other.plots}
        for e in sorted(pfx):
            pid = e[5:].partition(">")[0]
            if e.startswith("sent:") and e.endswith(f">{player.name}") and pid in owned:
                oplan = plan(game, other.name, tables, with_received=False)
                for line in oplan.lines:
                    if line.id == pid and line.output and line.harvest:
                        received[line.harvest] = received.get(line.harvest, 0) + line.output
    return Plan(player.name, tuple(lines[p.id] for p in player.plots), own_energy, used_prod,
                used_wh, lost, fx, received)


def vinnie_energy(game: Game, name: str, tables: Tables) -> int:
    """How much Energy Vinnie would still lend ``name`` in this phase (0 outside the Player
    and Production Phases): the per-phase limit of one unit per plot owned, and the
    colony's scripts left."""
    if game.phase not in ("player", "production") or "energy" not in tables.constants.loanable:
        return 0
    p = game.player(name)
    left = tables.constants.scripts_per_resource - game.scripts_out("energy")
    return max(0, min(len(p.plots) - p.borrowed, left))


def table_plan(game: Game, tables: Tables) -> dict[str, Any]:
    """Every player's plan, with what lies idle: RIGS in the warehouse, plots left
    unpowered that would yield (a plot a Disaster or a card keeps from producing is not
    one), the Energy the player still has to power them (warehouse, or produced this
    phase) and, beyond that, the Energy Vinnie would lend."""
    players = []
    pfx = sorted(plot_effects(game))
    for p in game.players:
        pl = plan(game, p.name, tables)
        cost = tables.constants.power_energy * (2 if BROWNOUT in p.effects else 1)
        unpowered: list[dict[str, Any]] = []
        for line in pl.lines:
            if line.powered or not line.rigs or line.harvest in (None, "energy"):
                continue
            would = plot_yield(p.plot(line.id), (*p.effects, *pfx)).output
            if not would:
                continue
            skipped = p.plan.get(line.id) == "skip"
            unpowered.append({"id": line.id, "harvest": line.harvest, "rigs": line.rigs,
                              "would_yield": would, "energy": cost, "skipped": skipped})
        on_hand = p.energy - pl.energy_from_warehouse
        if JUNCTION not in p.effects:
            on_hand += pl.energy_produced - pl.energy_from_production
        need = sum(u["energy"] for u in unpowered if not u["skipped"])
        players.append({"name": p.name, "produced": pl.produced,
                        "plots": [x.as_dict() for x in pl.lines],
                        "idle_rigs": {"warehouse": p.warehouse_rigs,
                                      "unpowered": sum(u["rigs"] for u in unpowered)},
                        "unpowered": unpowered, "energy_on_hand": on_hand,
                        "energy_short": max(0, need - on_hand),
                        "vinnie_energy": vinnie_energy(game, p.name, tables)})
    return {"round": game.round, "phase": game.phase, "players": players}
