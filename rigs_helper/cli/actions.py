"""Player actions: build, move, survey, sell, give, adjust, settle, produce."""


from pathlib import Path
from typing import TYPE_CHECKING

import typer

from rigs_helper.cli.base import game_path, print_json
from rigs_helper.cli.rigscli import complete_player
from rigs_helper.cli.shell import action_command

if TYPE_CHECKING:
    from rigs_helper.games.rigs.engine import Op

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

app.command("build")(action_command("build", """Build N RIGS for 2 Metal each (Player Phase; 75
    in the colony): into the warehouse, or with --to onto a plot (1 Supply each for the
    move).""", {
    "n": {"help": "How many RIGS."},
    "to": {"help": "Build straight onto this plot (P7, 7, or its type): also moves them "
           "there, 1 Supply each."},
    "harvest": {"help": "With --to: what they harvest there (default: what the plot's RIGS "
                "already harvest).", "autocompletion": None},
}, order=("n",)))

app.command("move")(action_command("move", """Move N RIGS between the warehouse and plot
    spots, 1 Supply each (Player Phase).""", {
    "n": {"help": "How many RIGS."},
    "to": {"help": "A plot (P7, 7, or its type), or 'warehouse'."},
    "harvest": {"help": "What they harvest there: energy, supplies, metal or luxuries "
                "(default: what the plot's RIGS already harvest)."},
    "from": {"help": "A plot (default: the warehouse)."},
}, order=("n", "to", "harvest", "from")))

app.command("survey")(action_command("survey", """Survey a plot for 1 Supply: draws a Survey
    card; its yield is the plot's Luxury spots.""", {
    "plot": {"help": "The plot to survey (an unsurveyed plot the player owns)."},
    "card": {"help": "The yield of the physical Survey card drawn (0-3)."},
}))


app.command("sell")(action_command("sell", """Sell Luxuries at this round's Market price
    (Market Phase): PLAYER N for each player selling, in one command.""", {
    "items": {"help": "PLAYER N (a number or 'all'), once per player selling: `rigs sell Ana "
              "2 Bo all`.", "autocompletion": complete_player,
              "shape": "give PLAYER N for each player (N a number or 'all')"},
}))


app.command("give", context_settings={"ignore_unknown_options": True})(action_command(
    "give", """A deal between two players, both ways, all or nothing.

    Example: `rigs give Ana Cy P17 --for credits=200` (Ana gives Cy plot P17, Cy gives Ana
    200 credits).  Player Phase: anything.  Production Phase (Zero Hour): only credits and
    warehouse resources.  A plot goes with its survey and the RIGS on it.
    """, {
        "player": {"name": "giver", "help": "Who gives."},
        "to": {"name": "receiver", "help": "Who receives."},
        "items": {"help": "What moves: credits=N, energy=N, supplies=N, metal=N, luxuries=N, "
                  "rigs=N (warehouse RIGS) and plots (P7, 7, or a plot type); then --for and "
                  "what the receiver gives back in the same deal.",
                  "empty_for": "--for names nothing: give what comes back (e.g. --for "
                  "credits=200), or leave --for out for a gift"},
    }))


app.command("adjust", context_settings={"ignore_unknown_options": True})(action_command(
    "adjust", """Change a holding by hand for what the tool does not model; logged and
    undoable.""", {
        "what": {"help": "credits, energy, supplies, metal, luxuries, rigs (warehouse) "
                 "or karma (Karma cards in the hand)."},
        "delta": {"help": "The change, e.g. 3 or -2."},
        "why": {"help": "What the table decided."},
        "card": {"help": "karma: a Karma card taken from the deck (+N) or given up from "
                 "the hand (-N: name each); `-` asks for it without echoing it.",
                 "ask": "{player}: the Karma card"},
    }))


app.command("settle")(action_command("settle", """Choose the resources a card made PLAYER
    throw away (Rough Storm) or take (Ruins).""", {
    "items": {"help": "RESOURCE=N for each resource thrown away or taken."}}))


def _plan_view(player: str | None, power: list[str] | None, skip: list[str] | None,
               reset: bool, json: bool, game: Path | None) -> bool:
    """Without PLAYER, every player's plan; with PLAYER and no change, theirs (True); a
    change to the plan is the action (False)."""
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    if player is not None and (power or skip or reset):
        return False
    if player is None:
        if power or skip or reset:
            from rigs_helper.rules.errors import InputError

            raise InputError("--power, --skip and --reset change one player's plan: "
                             "`rigs produce PLAYER --power PLOT`")
        from rigs_helper.games.rigs.production import table_plan

        tables = load_tables()
        d = table_plan(session.load(game_path(game), tables).game, tables)
        if json:
            print_json({"players": d["players"]})
            return True
        from rigs_helper.cli import rigsrender

        rigsrender.table_plan(d)
        return True
    from rigs_helper.games.rigs.production import plan

    tables = load_tables()
    g = session.load(game_path(game), tables).game
    _show_plan(plan(g, player, tables).as_dict(), json, preview=g.phase != "production")
    return True


def _show_plan(d: dict, json: bool, preview: bool = False) -> None:
    if json:
        print_json(d)
        return
    from rigs_helper.cli import rigsrender

    rigsrender.plan(d, preview=preview)


def _set_plan(game: Path | None, op: "Op", json: bool, summary: bool) -> None:
    """The plan changed: the plan as it is now."""
    from rigs_helper.store import session

    _show_plan(session.run(game_path(game), op).data["plan"], json)


app.command("produce")(action_command("produce", """The production plan: each plot, its
    power and output, and the net result.

    Without PLAYER: every player's plan, the RIGS left idle, the plots left unpowered and
    the Energy that would power them.  By default the plots that yield the most are powered
    first (ties: Luxuries, Metal, Supplies, then the lower plot number) while Energy lasts.
    --power/--skip change the plan (saved; committed when `rigs next` ends the Production
    Phase, after Last Call).
    """, {
    "player": {"help": "The player (without it: every player's plan).", "default": None,
               "show_default": False},
    "power": {"help": "Power this plot (refused if the Energy is not there)."},
    "skip": {"help": "Leave this plot unpowered."},
    "reset": {"help": "Forget earlier --power/--skip choices."},
}, view=_plan_view, run=_set_plan))
