"""`rigs score`: end-game net worth from a scoring sheet or a finished game file."""


from pathlib import Path
from typing import Annotated

import typer

from rigs_helper.cli.base import (
    GameOpt,
    JsonOpt,
    complete_path,
    game_path,
    print_json,
    unused,
)

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)


@app.command()
def score(
    path: Annotated[Path | None, typer.Argument(
        help="A scoring sheet or game file (default: the game file).", show_default=False,
        autocompletion=complete_path)] = None,
    json: JsonOpt = False,
    explain: Annotated[str | None, typer.Option(
        "--explain", help="Show how each of PLAYER's figures was made.", metavar="PLAYER")] = None,
    draw: Annotated[bool, typer.Option(
        "--draw", help="Draw the End Game values the sheet lacks (8 Market cards from a "
        "virtual End Game deck, one die per resource).")] = False,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed for --draw (same seed, same draws).", min=0)] = None,
    card: Annotated[list[str] | None, typer.Option(
        "--card", metavar="TYPE=V[,V]", help="An End Game Market card the table drew for a "
        "plot type: plains=4, valley=6 (one card), forest=3,5 (two cards for forest, desert, "
        "ridge).")] = None,
    roll: Annotated[list[str] | None, typer.Option(
        "--roll", metavar="RESOURCE=N", help="The table's End Game die for a resource: "
        "energy=3, supplies=5, metal=1.")] = None,
    no_history: Annotated[bool, typer.Option(
        "--no-history", help="Do not keep this game in the group's history (`rigs "
        "history`).")] = False,
    game: GameOpt = None,
) -> None:
    """Score the end game: each player's net worth, broken down, and the winner(s).

    Reads the quick scoring sheet of the README, or a finished game file (then the End Game
    draws come from the game's own seeded decks unless the file or --card/--roll give them),
    or a finished RIG game (who won, each Rig's components).
    The game is kept once in the group's history (`rigs history`) unless --no-history.
    """
    from rigs_helper.store import scorefile as endgame

    if path is not None:
        unused(("--game", game), why="when a PATH to score is given")
    unused(("--seed", seed if not draw else None), why="without --draw")
    target = path if path is not None else game_path(game)
    from rigs_helper.store.gamekind import kind

    if kind(target) != "rigs":  # a game on the protocol (RIG): its game object
        from rigs_helper.cli import protocolgame

        given = [o for o, v in (("--explain", explain), ("--draw", draw), ("--seed", seed),
                                ("--card", card), ("--roll", roll)) if v]
        if given:
            from rigs_helper.rules.errors import InputError

            title = protocolgame.load(target).game.title
            raise InputError(f"{target}: a {title} game: {', '.join(given)} "
                             f"{'is' if len(given) == 1 else 'are'} R.I.G.S.'s ({title} has "
                             "no End Game draws)")
        protocolgame.score(target, json, keep_it=not no_history)
        return
    result = endgame.score_file(target, draw=draw, seed=seed, cards=card, rolls=roll,
                                explain=explain, with_play=not no_history)
    if explain is not None:
        player = endgame.find_player(result.score, explain)
    if json:
        obj = result.score.as_dict()
        if result.drawn:
            obj["drawn"] = result.drawn
            if result.seed is not None:  # a sheet's draws; a game's seed stays private
                obj["seed"] = result.seed
        if explain is not None:
            obj["explain"] = {"name": player.name, "lines": list(player.explain)}
        print_json(obj)
    else:
        from rigs_helper.cli import rigsrender

        rigsrender.score(result, explain=player if explain is not None else None)
    if result.play is not None:  # after the score: the score stands whatever happens there
        from rigs_helper.cli.keep import keep, styled

        keep(styled(result, target) or result.play, quiet=json)
