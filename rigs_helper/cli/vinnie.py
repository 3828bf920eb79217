"""`rigs vinnie ...`: loans and debts."""


from typing import Annotated

import typer

from rigs_helper.cli.base import (
    GameOpt,
    JsonOpt,
    PlayerArg,
    act,
    complete_resource,
    game_path,
    print_json,
)
from rigs_helper.cli.shell import action_command

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

vinnie_app = typer.Typer(help="Vinnie's loans: borrow, repay, and every debt.")
app.add_typer(vinnie_app, name="vinnie")

Player = PlayerArg


@vinnie_app.callback(invoke_without_command=True)
def show(ctx: typer.Context, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Show every debt to Vinnie.

    Scripts held, the cost to repay now (2 each), and what Vinnie takes at the end (4
    each, the shortfall in credits at the resource's die value).
    """
    if ctx.invoked_subcommand is not None:
        return
    from rigs_helper.rules.actions.loans import vinnie_view
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    d = vinnie_view(session.load(game_path(game), tables).game, tables)
    if json:
        print_json(d)
        return
    from rigs_helper.cli import render

    render.vinnie(d)


vinnie_app.command("borrow")(action_command("vinnie borrow", """Borrow N units (Player or
    Production Phase; one per owned plot per phase).""", {
    "resource": {"help": "energy, supplies or metal.", "autocompletion": complete_resource},
    "n": {"help": "How many units."}}))


@vinnie_app.command()
def repay(player: Player,
          items: Annotated[list[str], typer.Argument(
              help="RESOURCE=N or RESOURCE=all, once per resource (`energy=2 "
              "supplies=all`); or RESOURCE [N|all] (N defaults to 1).",
              show_default=False, autocompletion=complete_resource)],
          json: JsonOpt = False, game: GameOpt = None) -> None:
    """Repay scripts at 2 units of the same resource each (Player Phase), several resources
    in one command."""
    from rigs_helper.rules.actions.catalog import build_action
    from rigs_helper.rules.actions.loans import Repay
    from rigs_helper.rules.errors import InputError

    pairs: list[tuple[str, str | None]]
    if any("=" in x for x in items):
        pairs = []
        for x in items:
            r, sep, n = x.partition("=")
            if not sep or not r:
                raise InputError(f"{x!r}: write RESOURCE=N or RESOURCE=all, e.g. energy=2")
            pairs.append((r, n))
    elif len(items) <= 2:
        pairs = [(items[0], items[1] if len(items) > 1 else None)]
    else:
        raise InputError(f"vinnie repay {' '.join(items)}: write RESOURCE=N for each "
                         "resource, e.g. energy=2 supplies=all")
    ops = [build_action("vinnie repay", player, {"resource": r, "n": n}) for r, n in pairs]
    act(game, Repay(player, ops[0].resource, ops[0].n,
                    more=tuple((o.resource, o.n) for o in ops[1:])), json)
