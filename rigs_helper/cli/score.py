"""`rigs score`: end-game net worth from a scoring sheet or a finished game file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, app, game_path, print_json


@app.command()
def score(
    path: Annotated[Path | None, typer.Argument(
        help="A scoring sheet or game file (default: the game file).", show_default=False)] = None,
    json: JsonOpt = False,
    explain: Annotated[str | None, typer.Option(
        "--explain", help="Show how each of PLAYER's figures was made.", metavar="PLAYER")] = None,
    draw: Annotated[bool, typer.Option(
        "--draw", help="Draw the End Game values the sheet lacks (8 Market cards from a "
        "virtual End Game deck, one die per resource).")] = False,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed for --draw (same seed, same draws).", min=0)] = None,
    game: GameOpt = None,
) -> None:
    """Score the end game: each player's net worth, broken down, and the winner(s).

    Reads the quick scoring sheet of the README, or a finished game file (then the End Game
    draws come from the game's own seeded decks unless the file gives them).
    """
    from rigs_helper.store import scorefile as endgame

    target = path if path is not None else game_path(game)
    result = endgame.score_file(target, draw=draw, seed=seed)
    if explain is not None:
        player = endgame.find_player(result.score, explain)
    if json:
        obj = result.score.as_dict()
        if result.drawn:
            obj["drawn"] = result.drawn
            obj["seed"] = result.seed
        if explain is not None:
            obj["explain"] = {"name": player.name, "lines": list(player.explain)}
        print_json(obj)
        return
    from rigs_helper.cli import render

    render.score(result, explain=player if explain is not None else None)
