"""`rigs done PLAYER`: the player has finished deciding in this phase."""


import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, PlayerArg, act

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)


@app.command()
def done(player: PlayerArg, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Say PLAYER is done deciding in this phase (the board shows who is not).

    When every player is done and no choice is open, `rigs next` (or the server, by
    itself) ends the phase.
    """
    from rigs_helper.rules.actions.catalog import build_action

    act(game, build_action("done", player, {}), json)
