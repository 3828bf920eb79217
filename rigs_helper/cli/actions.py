"""Player actions: build, move, survey, sell, give, adjust, settle, produce."""


from typing import TYPE_CHECKING, Annotated

import typer

from rigs_helper.cli.base import (
    GameOpt,
    JsonOpt,
    PlayerArg,
    act,
    complete_player,
    complete_plot,
    complete_resource,
    count_or_all,
    game_path,
    print_json,
    unused,
)

if TYPE_CHECKING:
    from rigs_helper.rules.state import Game

app = typer.Typer()  # this module's commands (rigs_helper/cli/commands.py)

Player = PlayerArg


@app.command()
def build(player: Player,
          n: Annotated[int, typer.Argument(help="How many RIGS.")] = 1,
          to: Annotated[str | None, typer.Option(
              "--to", help="Build straight onto this plot (P7, 7, or its type): also moves "
              "them there, 1 Supply each.", autocompletion=complete_plot)] = None,
          harvest: Annotated[str | None, typer.Option(
              "--harvest", help="With --to: what they harvest there (default: what the "
              "plot's RIGS already harvest).")] = None,
          json: JsonOpt = False, game: GameOpt = None) -> None:
    """Build N RIGS for 2 Metal each (Player Phase; 75 in the colony): into the warehouse,
    or with --to onto a plot (1 Supply each for the move)."""
    from rigs_helper.rules.actions.placement import Build

    unused(("--harvest", harvest if not to else None), why="without --to")
    act(game, Build(player, n, to, harvest), json)


@app.command()
def move(player: Player,
         n: Annotated[int, typer.Argument(help="How many RIGS.")],
         to: Annotated[str, typer.Option("--to", help="A plot (P7, 7, or its type), or "
                                         "'warehouse'.", autocompletion=complete_plot)],
         harvest: Annotated[str | None, typer.Option(
             "--harvest", help="What they harvest there: energy, supplies, metal or luxuries "
             "(default: what the plot's RIGS already harvest).",
             autocompletion=complete_resource)] = None,
         source: Annotated[str | None, typer.Option(
             "--from", help="A plot (default: the warehouse).",
             autocompletion=complete_plot)] = None,
         json: JsonOpt = False, game: GameOpt = None) -> None:
    """Move N RIGS between the warehouse and plot spots, 1 Supply each (Player Phase)."""
    from rigs_helper.rules.actions.common import WAREHOUSE
    from rigs_helper.rules.actions.placement import Move

    if to.strip().lower() in WAREHOUSE:
        unused(("--harvest", harvest), why="with --to warehouse (RIGS there harvest nothing)")
    act(game, Move(player, n, to, harvest, source), json)


@app.command()
def survey(player: Player,
           plot: Annotated[str, typer.Argument(
               help="The plot to survey (an unsurveyed plot the player owns).",
               autocompletion=complete_plot)],
           card: Annotated[int | None, typer.Option(
               "--card", help="The yield of the physical Survey card drawn (0-3).")] = None,
           json: JsonOpt = False, game: GameOpt = None) -> None:
    """Survey a plot for 1 Supply: draws a Survey card; its yield is the plot's Luxury spots."""
    from rigs_helper.rules.actions.placement import Survey

    act(game, Survey(player, plot, card), json)


@app.command()
def sell(items: Annotated[list[str], typer.Argument(
             help="PLAYER N (a number or 'all'), once per player selling: `rigs sell Ana 2 "
             "Bo all`.", show_default=False, autocompletion=complete_player)],
         json: JsonOpt = False, game: GameOpt = None) -> None:
    """Sell Luxuries at this round's Market price (Market Phase): PLAYER N for each player
    selling, in one command."""
    from rigs_helper.rules.actions.deals import Sell
    from rigs_helper.rules.errors import InputError

    if len(items) % 2:
        raise InputError(f"sell {' '.join(items)}: give PLAYER N for each player (N a "
                         "number or 'all')")
    sales = [(items[i], count_or_all(items[i + 1], f"the number of Luxuries {items[i]} "
                                     "sells")) for i in range(0, len(items), 2)]
    act(game, Sell(*sales[0], more=tuple(sales[1:])), json)


@app.command(context_settings={"ignore_unknown_options": True})
def give(giver: Annotated[str, typer.Argument(help="Who gives.",
                                              autocompletion=complete_player)],
         receiver: Annotated[str, typer.Argument(help="Who receives.",
                                                 autocompletion=complete_player)],
         items: Annotated[list[str], typer.Argument(
             help="What moves: credits=N, energy=N, supplies=N, metal=N, luxuries=N, "
             "rigs=N (warehouse RIGS) and plots (P7, 7, or a plot type); then --for and "
             "what the receiver gives back in the same deal.", show_default=False)],
         json: JsonOpt = False, game: GameOpt = None) -> None:
    """A deal between two players, both ways, all or nothing.

    Example: `rigs give Ana Cy P17 --for credits=200` (Ana gives Cy plot P17, Cy gives Ana
    200 credits).  Player Phase: anything.  Production Phase (Zero Hour): only credits and
    warehouse resources.  A plot goes with its survey and the RIGS on it.
    """
    from rigs_helper.rules.actions.common import deal_items
    from rigs_helper.rules.actions.deals import Give

    if "--for" in items:
        cut = items.index("--for")
        items, back = items[:cut], items[cut + 1:]
        if not back:
            from rigs_helper.rules.errors import InputError

            raise InputError("--for names nothing: give what comes back (e.g. --for "
                             "credits=200), or leave --for out for a gift")
    else:
        back = []
    amounts, plots = deal_items(items)
    back_amounts, back_plots = deal_items(back)
    act(game, Give(giver, receiver, amounts, plots, back_amounts, back_plots), json)


@app.command(context_settings={"ignore_unknown_options": True})
def adjust(player: Player,
           what: Annotated[str, typer.Argument(help="credits, energy, supplies, metal, "
                                               "luxuries or rigs (warehouse).")],
           delta: Annotated[int, typer.Argument(help="The change, e.g. 3 or -2.")],
           why: Annotated[str, typer.Option("--why", help="What the table decided.")],
           json: JsonOpt = False, game: GameOpt = None) -> None:
    """Change a holding by hand for what the tool does not model; logged and undoable."""
    from rigs_helper.rules.actions.deals import Adjust

    act(game, Adjust(player, what, delta, why), json)


@app.command()
def settle(player: Player,
           items: Annotated[list[str], typer.Argument(
               help="RESOURCE=N for each resource thrown away or taken.", show_default=False)],
           json: JsonOpt = False, game: GameOpt = None) -> None:
    """Choose the resources a card made PLAYER throw away (Rough Storm) or take (Ruins)."""
    from rigs_helper.rules.actions.common import parse_amounts
    from rigs_helper.rules.actions.deals import Settle

    act(game, Settle(player, parse_amounts(items, ("energy", "supplies", "metal",
                                                    "luxuries"))), json)


@app.command()
def produce(player: Annotated[str | None, typer.Argument(
                help="The player (without it: every player's plan).", show_default=False,
                autocompletion=complete_player)]
            = None,
            power: Annotated[list[str] | None, typer.Option(
                "--power", help="Power this plot (refused if the Energy is not there).",
                autocompletion=complete_plot)]
            = None,
            skip: Annotated[list[str] | None, typer.Option(
                "--skip", help="Leave this plot unpowered.", autocompletion=complete_plot)]
            = None,
            reset: Annotated[bool, typer.Option(
                "--reset", help="Forget earlier --power/--skip choices.")] = False,
            json: JsonOpt = False, game: GameOpt = None) -> None:
    """The production plan: each plot, its power and output, and the net result.

    Without PLAYER: every player's plan, the RIGS left idle, the plots left unpowered and
    the Energy that would power them.  By default the plots that yield the most are powered
    first (ties: Luxuries, Metal, Supplies, then the lower plot number) while Energy lasts.
    --power/--skip change the plan (saved; committed when `rigs next` ends the Production
    Phase, after Last Call).
    """
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    if player is None:
        if power or skip or reset:
            from rigs_helper.rules.errors import InputError

            raise InputError("--power, --skip and --reset change one player's plan: "
                             "`rigs produce PLAYER --power PLOT`")
        from rigs_helper.rules.production import table_plan

        tables = load_tables()
        d = table_plan(session.load(game_path(game), tables).game, tables)
        if json:
            print_json({"players": d["players"]})
            return
        from rigs_helper.cli import render

        render.table_plan(d)
        return
    if power or skip or reset:
        from rigs_helper.rules.actions.plans import SetPlan

        outcome = session.run(game_path(game), SetPlan(player, tuple(power or ()),
                                                        tuple(skip or ()), reset))
        d = outcome.data["plan"]
        g: Game | None = None
    else:
        from rigs_helper.rules.production import plan

        tables = load_tables()
        g = session.load(game_path(game), tables).game
        d = plan(g, player, tables).as_dict()
    if json:
        print_json(d)
        return
    from rigs_helper.cli import render

    render.plan(d, preview=g is not None and g.phase != "production")
