"""R.I.G.S.'s renderers on the terminal: the status, a player's and a hand's views, the
production plans, Vinnie's debts, a phase's changes, the cards and the net worth table
(the terminal's generic tables and words: :mod:`rigs_helper.cli.render`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rigs_helper.cli.render import _bold, console, grid, say
from rigs_helper.games.rigs.names import plural
from rigs_helper.rules.text import shell_word

if TYPE_CHECKING:
    from rigs_helper.games.rigs.cards import Card
    from rigs_helper.games.rigs.scoring import PlayerScore
    from rigs_helper.store.scorefile import ScoreResult


def score(result: ScoreResult, explain: PlayerScore | None = None) -> None:
    """The net worth table (plain text: `rigs score` stays at the cost of the import floor,
    Rich's table would cost a third more)."""
    if result.drawn:
        seed = f" (seed {result.seed})" if result.seed is not None else ""
        say(f"End Game draws{seed}:", *(f"  {line}" for line in result.drawn))
    cols = ("Credits", "Luxuries", "Plots", "Resources", "Vinnie", "Net worth")
    rows = [[p.name, str(p.credits), str(p.luxuries), str(p.plots), str(p.resources),
             str(p.vinnie), str(p.net_worth)] for p in result.score.players]
    print("Net worth")
    print(grid(["Player", *cols], rows, right=set(range(1, len(cols) + 1))))
    names = list(result.score.winners)
    if len(names) == 1:
        say(f"Winner: {names[0]}")
    elif names:
        say(f"Shared win: {' and '.join(names)} (a tie shares the win)")
    if explain is not None:
        say(f"\nHow {explain.name}'s net worth was made", *(f"  {x}" for x in explain.explain))


def card(c: Card) -> None:
    out = console()
    kind = c.kind.title()
    out.print(f"[bold]{c.title}[/bold]  ({c.deck.title()} deck, {kind}, "
              f"{c.count} {'copy' if c.count == 1 else 'copies'})")
    from rigs_helper.games.rigs.tables import KarmaCard

    if isinstance(c, KarmaCard) and c.timing:
        out.print(f"When: {c.timing.replace('_', ' ')}   Target: {c.target}"
                  + ("   Stays in play" if c.in_play else ""))
    out.print(c.effect)


def cards(found: list[Card]) -> None:
    """The cards as the one table style of every command (:func:`grid`)."""
    print(grid(["Card", "Deck", "Kind", "#", "Effect"],
               [[c.title, c.deck, c.kind, str(c.count), c.effect] for c in found], right={3}))


def _plots_text(plots: list[dict], tables) -> str:
    out = []
    for p in plots:
        s = f"{p['id']} {tables.plots[p['type']].name}"
        if p["survey"] is not None:
            s += f" s{p['survey']}" + ("+" if p["luxury"] else "")
        if p["rigs"]:
            s += f" {p['rigs']}x{p['harvest']}"
        free = p.get("free", {})
        s += " [free " + (" ".join(f"{n}{r[0].upper()}" for r, n in free.items())
                          or "none") + "]"
        out.append(s)
    return ", ".join(out) or "no plots"


def status(d: dict, tables, warnings: Sequence[str] = ()) -> None:
    """The game at a glance.  Plain print, no Rich: this is the command run most often, and
    Rich's first print costs more than the rest of the command.  The round, the phase and
    what the table waits for come last, so they stay on screen."""
    lines = []
    if d.get("commitment"):
        c = d["commitment"]
        lines.append("Commitment: " + " ".join(c[i:i + 4] for i in range(0, 16, 4))
                     + " (`rigs verify` checks the decks against it)")
    decks = d["decks"]

    def mix(deck: str) -> str:
        if f"{deck}_physical" not in decks:
            return ""
        return f" ({decks[deck + '_physical']} yours + {decks[deck + '_virtual']} virtual)"

    lines.append(f"Decks: Plot {decks['plot']}{mix('plot')}, Survey {decks['survey']}"
                 f"{mix('survey')}, Disaster "
                 f"{decks['disaster']}{mix('disaster')}, Karma {decks['karma']}{mix('karma')}"
                 f", Game Market {decks['market']}"
                 + (f" (Market cards: {mix('market')[2:-1]})" if mix("market") else "")
                 + f"; colony RIGS {d['colony']['rigs']}/{d['colony']['rigs_cap']}")
    rows = []
    for p in d["players"]:
        vin = " ".join(f"{v}{r[0].upper()}" for r, v in p["vinnie"].items() if v) or "-"
        name = p["name"] + ("*" if p["name"] == d["leader"] else "")
        rows.append([name, str(p["credits"]), str(p["energy"]), str(p["supplies"]),
                     str(p["metal"]), str(p["luxuries"]), f"{p['rigs']}/{p['warehouse_rigs']}",
                     str(p["karma"]), vin, p["disaster"] or "-"])
    lines.append(grid(["Player", "Credits", "Energy", "Supplies", "Metal", "Lux", "RIGS",
                       "Karma", "Vinnie", "Disaster"], rows, right=set(range(1, 8))))
    lines.append("(* leader; RIGS = owned/in the warehouse; plots: id, type, s = survey "
                 "yield, + = luxury plot, RIGS x harvest, free spots: E Energy, S Supplies, "
                 "M Metal, L Luxuries)")
    for p in d["players"]:
        lines.append(f"{p['name']}: {_plots_text(p['plots'], tables)}")
    lines += [f"Warning: {line}" for line in warnings]
    lines += [f"waiting: {line}" for line in d["pending"]]
    head = f"Round {d['round']}/{d['rounds']}, {d['phase'].title()} Phase"
    if d.get("last_call"):
        head += ", Last Call"
    if d["game_over"]:
        head = "Game over (`rigs score` scores it)"
    price = f", Luxuries sell at {d['price']}" if d["price"] is not None else ""
    wait = (f"; waiting for {plural(len(d['pending']), 'choice')} (above)" if d["pending"]
            else "" if d["game_over"] else "; `rigs next` ends the phase")
    dice = " - the table rolls every die" if d.get("dice") == "table" else ""
    lines.append(f"{_bold(head)} - Expedition Leader: {_bold(d['leader'])}{price}{dice}"
                 f"{wait}")
    say(*lines)


def player(d: dict, game, tables) -> None:
    lines = [f"{_bold(d['name'])}: {d['credits']} credits; Energy {d['energy']}, "
             f"Supplies {d['supplies']}, Metal {d['metal']}, Luxuries {d['luxuries']}",
             f"RIGS: {d['rigs']} ({d['warehouse_rigs']} in the warehouse)"]
    vin = ", ".join(f"{v} {r}" for r, v in d["vinnie"].items() if v)
    lines.append(f"Vinnie scripts: {vin or 'none'}")
    rows = [[p["id"], tables.plots[p["type"]].name, "-" if p["survey"] is None
             else str(p["survey"]), str(p["rigs"]), p["harvest"] or "-",
             " ".join(f"{n} {r}" for r, n in p["free"].items()) or "none"]
            for p in d["plots"]]
    lines.append(grid(["Plot", "Type", "Survey", "RIGS", "Harvest", "Free spots"], rows,
                      right={2, 3}))
    if "hand" in d:
        lines.append("Karma hand: " + (", ".join(d["hand"]) or "empty"))
    else:
        lines.append(f"Karma hand: {d['karma']} card{'s' if d['karma'] != 1 else ''} "
                     f"(`rigs hand {shell_word(d['name'])}` shows them, for {d['name']}'s eyes)")
    if d["in_play"]:
        lines.append("In play: " + ", ".join(d["in_play"]))
    if d.get("on_cards"):
        lines.append("RIGS on cards: " + ", ".join(f"{k} {v}" for k, v in d["on_cards"].items()))
    if d["disaster"]:
        lines.append(f"Disaster this round: {d['disaster']}")
    if d["effects"]:
        lines.append("Production effects: " + ", ".join(d["effects"]))
    say(*lines)


def eyes_header(name: str) -> str:
    return _bold(f"=== for {name}'s eyes only ===")


def private(v: dict) -> None:
    """`rigs hand PLAYER`: the private view, headed so nobody reads it by accident."""
    lines = [eyes_header(v["name"])]
    hand = v["hand"]
    lines.append(f"Karma hand ({len(hand)} of at most {v['hand_limit']} when the Player "
                 "Phase ends):" if hand else "Karma hand: empty")
    for c in hand:
        lines.append(f"  {c['title']} ({c['kind']}): {c['effect']}")
    if v.get("coming"):
        lines.append("Coming into the hand next round: " + ", ".join(v["coming"]))
    if v.get("grant_owed"):
        lines.append("Land Grant: " + "".join(f"virtual {p['id']} {p['name']}; "
                                              for p in v["grant"])
                     + f"draw {v['grant_owed']} from your Plot pile and record them "
                     "(`rigs grant --card TYPE ...`)")
    elif v["grant"]:
        lines.append("Land Grant, your pick: " + ", ".join(f"{p['id']} {p['name']}"
                                                         for p in v["grant"])
                     + " (`rigs grant PLOT`)")
    for n in v.get("notes", ())[-8:]:
        lines.append(f"Lately (round {n['round']}): {n['text']}")
    for line in v["pending"]:
        lines.append(f"waiting: {line}")
    say(*lines)


def plan(d: dict, preview: bool = False) -> None:
    lines = []
    if preview:
        lines.append("(preview: production happens in the Production Phase)")
    rows = []
    for p in d["plots"]:
        if not p["rigs"]:
            power = "-"
        elif p["power"] == "self":
            power = "self (Energy)"
        elif p["powered"]:
            power = f"{p['power']} ({p['cost']} Energy)"
        else:
            power = "no"
        out = f"+{p['output']} {p['harvest']}" if p["output"] else "0"
        if p["to"] != d["player"] and p["output"]:
            out += f" -> {p['to']}"
        rows.append([p["id"], p["type"], str(p["rigs"]), p["harvest"] or "-",
                     str(p["working"]), power, out, p["note"]])
    lines.append(f"{_bold(d['player'])}'s production plan")
    lines.append(grid(["Plot", "Type", "RIGS", "Harvest", "Working", "Powered", "Output",
                       "Note"], rows, right={2, 4}))
    e = d["energy"]
    lines.append(f"Energy: {e['produced']} produced, {e['spent_from_production']} of it and "
                 f"{e['spent_from_warehouse']} from the warehouse spent on power"
                 + (f", {e['lost']} lost" if e["lost"] else ""))
    if d["received"]:
        lines.append("Received: " + ", ".join(f"+{n} {r}" for r, n in d["received"].items()))
    from rigs_helper.games.rigs.names import signed

    net = ", ".join(signed(n, r) for r, n in d["produced"].items() if n) or "nothing"
    lines.append(f"Net to the warehouse: {net}")
    if d["effects"]:
        from rigs_helper.games.rigs.names import effect_text
        from rigs_helper.store.tablefiles import load_tables

        tables = load_tables()
        lines.append("In force: " + ", ".join(effect_text(tables, e) for e in d["effects"]))
    lines.append("(default: the plots yielding most are powered first; ties: Luxuries, "
                 "Metal, Supplies, then the lower plot number)")
    say(*lines)


def table_plan(d: dict) -> None:
    """Every player's production at a glance, and what lies idle."""
    lines = []
    if d["phase"] != "production":
        lines.append("(preview: production happens in the Production Phase)")
    rows = []
    for p in d["players"]:
        net = ", ".join(f"{n:+d} {r}" for r, n in p["produced"].items() if n) or "nothing"
        powered = [x["id"] for x in p["plots"] if x["powered"] and x["output"]]
        rows.append([p["name"], net, " ".join(powered) or "-"])
    lines.append(grid(["Player", "Net to the warehouse", "Producing"], rows))
    for p in d["players"]:
        idle = []
        if p["idle_rigs"]["warehouse"]:
            n = p["idle_rigs"]["warehouse"]
            idle.append(f"{n} RIGS idle in the warehouse")
        for u in p["unpowered"]:
            idle.append(f"{u['id']} unpowered ({u['rigs']} RIGS, {u['harvest']}): "
                        + ("skipped by plan" if u["skipped"] else
                           f"{u['energy']} Energy would power it for +{u['would_yield']}"))
        if p["energy_on_hand"] and any(u["skipped"] for u in p["unpowered"]):
            idle.append(f"{p['name']} has {p['energy_on_hand']} Energy to power them "
                        f"(`rigs produce {shell_word(p['name'])} --power PLOT`)")
        if p["energy_short"] and p["vinnie_energy"]:
            idle.append(f"Vinnie lends up to {p['vinnie_energy']} Energy "
                        f"(`rigs vinnie borrow {shell_word(p['name'])} energy N`)")
        if idle:
            lines.append(f"{p['name']}: " + "; ".join(idle) + ".")
    say(*lines)


def vinnie(d: dict) -> None:
    rows = []
    for p in d["players"]:
        for x in p["debts"]:
            end = (f"{x['short_credits']} credits" if "short_credits" in x else
                   f"{x['short_credits_range'][0]}-{x['short_credits_range'][1]} credits")
            rows.append([p["name"], x["resource"], str(x["scripts"]), str(x["repay_now"]),
                         str(x["have"]), str(x["owed_at_end"]),
                         f"{x['short_at_end']} short = {end}" if x["short_at_end"] else "-"])
    lines = [grid(["Player", "Resource", "Scripts", "Repay now", "Have", "Owed at end",
                   "End shortfall (at the die value)"], rows, right={2, 3, 4, 5})
             if rows else "Nobody owes Vinnie anything."]
    lines.append("Scripts out: " + ", ".join(f"{r} {n}/{d['scripts_cap']}"
                                             for r, n in d["scripts_out"].items()))
    lines.append("Can still borrow this phase: " + ", ".join(
        f"{p['name']} {p['can_borrow_this_phase']}" for p in d["players"]))
    say(*lines)


def phase_summary(d: dict) -> None:
    """What changed for each player in the phase that just ended, in one short table."""
    cols = [("credits", "Credits"), ("energy", "Energy"), ("supplies", "Supplies"),
            ("metal", "Metal"), ("luxuries", "Lux"), ("rigs", "RIGS"), ("karma", "Karma"),
            ("scripts", "Vinnie")]

    def cell(n: int | None) -> str:
        return f"{n:+d}" if n else "."

    if not any(r["change"].get(k) for r in d["players"] for k, _ in cols) and not any(
            r["plots_gained"] or r["plots_lost"] for r in d["players"]):
        say(f"Round {d['round']}, {d['phase'].title()} Phase: nothing changed.")
        return
    table = []
    for r in d["players"]:
        plots = " ".join([f"+{p}" for p in r["plots_gained"]] + [f"-{p}" for p in
                                                                  r["plots_lost"]])
        table.append([r["name"]] + [cell(r["change"].get(k)) for k, _ in cols]
                     + [plots or "."])
    say(f"Round {d['round']}, {d['phase'].title()} Phase - what changed:")
    say(grid(["Player"] + [h for _, h in cols] + ["Plots"], table,
             right=set(range(1, len(cols) + 1))))
