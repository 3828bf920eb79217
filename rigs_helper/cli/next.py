"""`rigs next`: end the phase and start the next."""


from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, RollOpt, act

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)


@app.command("next")
def next_cmd(
    auto: Annotated[bool, typer.Option(
        "--auto", help="Settle every open choice with its documented default and list "
        "each one.")] = False,
    card: Annotated[list[str] | None, typer.Option(
        "--card", help="Record a physical card instead of a virtual draw: Market: a value, "
        "category or id (--card 6); Disaster: PLAYER=TITLE for every player (PLAYER=virtual "
        "lets rigs draw that one). Land Grant plots are recorded with `rigs grant --card`.")]
    = None,
    karma: Annotated[list[str] | None, typer.Option(
        "--karma", help="Record the physical Karma card a player hurt by a Disaster drew: "
        "PLAYER=TITLE (when the Player Phase ends); PLAYER=- asks for the title at a hidden "
        "prompt.")] = None,
    roll: RollOpt = None,
    wait: Annotated[bool, typer.Option(
        "--wait", help="When the Player Phase ends: deal no Disaster card yet; each player "
        "records the one they were dealt (`rigs disaster record PLAYER CARD|virtual`).")]
    = False,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """End the current phase and start the next, doing its bookkeeping.

    Player -> Disaster (deal Disasters) -> Production -> Last Call (every round) -> Market
    (commit production, draw the Market card) -> next round (Land Grant, leader).  Exits 3
    without changing the file when a choice is still open; the message names the command
    that settles it.
    """
    from rigs_helper.cli.hidden import named
    from rigs_helper.rules.actions.catalog import build_action

    act(game, build_action("next", None, {
        "auto": auto, "card": card, "karma": named(karma, "the Karma card drawn"),
        "roll": roll, "wait": wait}), json, summary=True)
