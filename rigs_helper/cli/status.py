"""`rigs status`: the state of the game at a glance."""

from __future__ import annotations

from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, app, game_path, print_json


@app.command()
def status(
    player: Annotated[str | None, typer.Argument(
        help="Show this player in full, Karma hand included.", show_default=False)] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Show the round, phase, leader, Market price, decks and every player's holdings."""
    from rigs_helper.rules.views import player_dict, status_dict
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    g = session.load(game_path(game), tables).game
    if player is not None:
        d = player_dict(g.player(player), tables, hand=True)
        if json:
            print_json(d)
            return
        from rigs_helper.cli import render

        render.player(d, g, tables)
        return
    d = status_dict(g, tables)
    from rigs_helper.forecast.model import vinnie_warnings

    warnings = vinnie_warnings(g, tables)
    if json:
        print_json({**d, "warnings": warnings})
        return
    from rigs_helper.cli import render

    render.status(d, tables)
    for line in warnings:
        render.console().print(f"[bold red]Warning:[/bold red] {line}")
