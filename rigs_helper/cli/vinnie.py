"""`rigs vinnie ...`: loans and debts."""


import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, game_path, print_json
from rigs_helper.cli.rigscli import complete_resource
from rigs_helper.cli.shell import action_command

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

vinnie_app = typer.Typer(help="Vinnie's loans: borrow, repay, and every debt.")
app.add_typer(vinnie_app, name="vinnie")


@vinnie_app.callback(invoke_without_command=True)
def show(ctx: typer.Context, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Show every debt to Vinnie.

    Scripts held, the cost to repay now (2 each), and what Vinnie takes at the end (4
    each, the shortfall in credits at the resource's die value).
    """
    if ctx.invoked_subcommand is not None:
        return
    from rigs_helper.games.rigs.actions.loans import vinnie_view
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    d = vinnie_view(session.load(game_path(game), tables).game, tables)
    if json:
        print_json(d)
        return
    from rigs_helper.cli import rigsrender

    rigsrender.vinnie(d)


vinnie_app.command("borrow")(action_command("vinnie borrow", """Borrow N units (Player or
    Production Phase; one per owned plot per phase).""", {
    "resource": {"help": "energy, supplies or metal.", "autocompletion": complete_resource},
    "n": {"help": "How many units."}}))


vinnie_app.command("repay")(action_command("vinnie repay", """Repay scripts at 2 units of the
    same resource each (Player Phase), several resources in one command.""", {
    "items": {"help": "RESOURCE=N or RESOURCE=all, once per resource (`energy=2 "
              "supplies=all`); or RESOURCE [N|all] (N defaults to 1).",
              "autocompletion": complete_resource,
              "shape": "write RESOURCE=N for each resource, e.g. energy=2 supplies=all",
              "each": "write RESOURCE=N or RESOURCE=all, e.g. energy=2"}}))
