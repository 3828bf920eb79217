"""`rigs standings`, `rigs odds`, `rigs chart`, `rigs report`: forecasts from public facts.

The figures come from :mod:`rigs_helper.forecast` (pure); this module loads the game file,
calls it and draws the result.  None of these commands writes the game file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, app, game_path, print_json

_SHORT = {"energy": "E", "supplies": "S", "metal": "M"}


def _load(game: Path | None):
    from rigs_helper import session
    from rigs_helper.data import load_tables

    tables = load_tables()
    return session.load(game_path(game), tables), tables


def _units(units: dict) -> str:
    return ", ".join(f"{n} {_SHORT.get(r, r)}" for r, n in units.items()) or "-"


def _fmt(x) -> str:
    return f"{x:.1f}" if isinstance(x, float) and x != int(x) else str(int(x))


class _Bar:
    """A Rich progress bar on stderr, shown only once a run passes half a second."""

    def __init__(self, label: str) -> None:
        import time

        self.clock = time.perf_counter
        self.start = self.clock()
        self.label = label
        self.bar = None
        self.task = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None and self.clock() - self.start > 0.5:
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        if self.bar is not None:
            self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


@app.command()
def standings(
    json: JsonOpt = False,
    samples: Annotated[int | None, typer.Option(
        "--samples", help="Monte Carlo samples when the exact sum is too big "
        "(default 40000).", min=1)] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed of the Monte Carlo generator (default: from the game's seed, "
        "round and phase; the game's own generator is never used).", min=0)] = None,
    game: GameOpt = None,
) -> None:
    """Who is winning: each player's net worth if the game ended now, its spread, and the
    chance of winning over the End Game cards and dice still unknown (public facts only)."""
    from rigs_helper.forecast.standings import DEFAULT_SAMPLES, compute

    loaded, tables = _load(game)
    bar = _Bar("standings")
    try:
        result = compute(loaded.game, tables, samples=samples or DEFAULT_SAMPLES, seed=seed,
                         tick=bar)
    finally:
        bar.close()
    if json:
        print_json(result.as_dict())
        return
    from rigs_helper.render import console

    render_standings(result, console())


def render_standings(result, out) -> None:
    from rich.table import Table

    g_over = result.method == "known"
    title = (f"Standings, round {result.round}, {result.phase.title()} Phase"
             + ("" if g_over else " (if the game ended now)"))
    t = Table(title=title, title_justify="left")
    t.add_column("Player")
    for col in ("Net worth", "Low (10%)", "High (90%)", "Win", "Vinnie now",
                "Vinnie at end"):
        t.add_column(col, justify="right")
    best = max(p.win_probability for p in result.players)
    for p in result.players:
        v = p.vinnie
        end = _units(v["end_units"])
        if v["end_units"]:
            end += f" (~{_fmt(v['end_credits'])} cr)"
        t.add_row(p.name, _fmt(p.net_worth), _fmt(p.low), _fmt(p.high),
                  f"{p.win_probability * 100:.1f}%", _units(v["now_units"]), end,
                  style="bold" if p.win_probability == best else None)
    out.print(t)
    out.print(f"Luxuries at {_fmt(result.price)} ({result.price_basis}).")
    if result.unknowns:
        out.print("Unknown: " + ", ".join(result.unknowns) + " (End Game cards drawn from "
                  "the Market cards not yet seen).")
    how = {"known": "every End Game value is known",
           "exact": "win chances summed exactly over every outcome",
           "monte carlo": f"win chances from {result.samples} samples (seed {result.seed}), "
                          "about +-1 point"}[result.method]
    out.print(f"{how.capitalize()}; a tie counts as a win for each tied player.")
    for p in result.players:
        if p.vinnie["end_credits"] and p.vinnie["end_credits"] > abs(p.net_worth) / 4:
            out.print(f"[bold red]Warning:[/bold red] {p.name}'s end-game Vinnie bill "
                      f"(~{_fmt(p.vinnie['end_credits'])} credits) is over a quarter of "
                      f"their expected net worth ({_fmt(p.net_worth)}).")


@app.command()
def odds(json: JsonOpt = False, game: GameOpt = None) -> None:
    """What the rest of each deck holds as the table could know it: the next Market card,
    Disasters next round, Survey yields and Karma cards left (all cards minus those seen)."""
    from rigs_helper.forecast.odds import odds as compute

    loaded, tables = _load(game)
    d = compute(loaded.game, tables)
    if json:
        print_json(d)
        return
    from rigs_helper.render import console, grid

    out = console()
    m = d["market"]
    out.print(f"[bold]Market[/bold]: {m['game_deck']} cards left in the Game Market Deck, "
              f"{m['end_deck']} in the End Game deck; {m['note']}.")
    rows = [[cat, str(m["unseen"][cat]), f"{m['next'].get(cat, 0) * 100:.1f}%"]
            for cat in m["unseen"]]
    out.print(grid(["Category", "Unseen", "Next card"], rows, right={1, 2}))
    if m["expected_price"] is not None:
        out.print(f"Expected price of the next Market card: {m['expected_price']}")
    dis = d["disaster"]
    out.print(f"\n[bold]Disaster[/bold]: {dis['deck']} cards in the deck; chance of each "
              f"title among the next {dis['players']} dealt:")
    rows = [[t, str(dis["left"].get(t, 0)), f"{dis['next_card'].get(t, 0) * 100:.1f}%",
             f"{p * 100:.1f}%"] for t, p in dis["next_round"].items()]
    out.print(grid(["Title", "In deck", "Next card", "Next round"], rows, right={1, 2, 3}))
    s = d["survey"]
    out.print(f"\n[bold]Survey[/bold]: {s['deck']} cards left: "
              + ", ".join(f"yield {y} x{n}" for y, n in s["left"].items())
              + (f"; expected yield {s['expected_yield']}, luxury plot "
                 f"{s['luxury_chance'] * 100:.1f}%" if s["expected_yield"] is not None else ""))
    k = d["karma"]
    out.print(f"\n[bold]Karma[/bold]: {k['deck']} cards in the deck, {k['in_hands']} in hands, "
              "unseen; " + k["note"] + ".")
    out.print(grid(["Kind", "Unseen", "Next card"],
                   [[kind.title(), str(n), f"{k['next'].get(kind, 0) * 100:.1f}%"]
                    for kind, n in k["unseen"].items()], right={1, 2}))
    p = d["plot"]
    out.print(f"\n[bold]Plot[/bold]: {p['deck']} in the deck"
              + (f", {p['in_land_grant']} in the Land Grant" if p["in_land_grant"] else "")
              + ": " + (", ".join(f"{t} x{n}" for t, n in p["left"].items()) or "none"))
