"""Rich rendering for people.  Only the CLI calls this; the core never imports rich."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

    from rigs_helper.cards import Card
    from rigs_helper.endgame import ScoreResult
    from rigs_helper.scoring import PlayerScore


@cache
def console() -> Console:
    from rich.console import Console

    return Console(highlight=False)


def _table(title: str | None = None, **kw):
    from rich.table import Table

    return Table(title=title, title_justify="left", **kw)


def score(result: ScoreResult, explain: PlayerScore | None = None) -> None:
    out = console()
    if result.drawn:
        out.print(f"[bold]End Game draws[/bold] (seed {result.seed}):")
        for line in result.drawn:
            out.print(f"  {line}")
    t = _table("Net worth")
    t.add_column("Player")
    for col in ("Credits", "Luxuries", "Plots", "Resources", "Vinnie", "Net worth"):
        t.add_column(col, justify="right")
    winners = set(result.score.winners)
    for p in result.score.players:
        style = "bold green" if p.name in winners else None
        t.add_row(p.name, str(p.credits), str(p.luxuries), str(p.plots), str(p.resources),
                  str(p.vinnie), str(p.net_worth), style=style)
    out.print(t)
    names = list(result.score.winners)
    if len(names) == 1:
        out.print(f"Winner: [bold]{names[0]}[/bold]")
    elif names:
        out.print(f"Shared win: [bold]{' and '.join(names)}[/bold] (a tie shares the win)")
    if explain is not None:
        out.print(f"\n[bold]How {explain.name}'s net worth was made[/bold]")
        for line in explain.explain:
            out.print(f"  {line}")


def card(c: Card) -> None:
    out = console()
    kind = c.kind.title()
    out.print(f"[bold]{c.title}[/bold]  ({c.deck.title()} deck, {kind}, "
              f"{c.count} {'copy' if c.count == 1 else 'copies'})")
    timing = getattr(c, "timing", None)
    if timing:
        out.print(f"When: {timing.replace('_', ' ')}   Target: {c.target}"
                  + ("   Stays in play" if c.in_play else ""))
    out.print(c.effect)


def cards(found: list[Card]) -> None:
    t = _table(None, show_lines=False)
    t.add_column("Card")
    t.add_column("Deck")
    t.add_column("Kind")
    t.add_column("#", justify="right")
    t.add_column("Effect", ratio=1)
    for c in found:
        t.add_row(c.title, c.deck, c.kind, str(c.count), c.effect)
    console().print(t)
