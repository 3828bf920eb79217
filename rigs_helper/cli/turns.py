"""`rigs done PLAYER`: the player has finished deciding in this phase (made from its
definition: ``cli/shell.py``)."""


import typer

from rigs_helper.cli.shell import action_command

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

app.command("done")(action_command("done", """Say PLAYER is done deciding in this phase (the
    board shows who is not).

    When every player is done and no choice is open, `rigs next` (or the server, by
    itself) ends the phase.
    """))
