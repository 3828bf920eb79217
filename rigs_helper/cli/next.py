"""`rigs next`: end the phase and start the next (made from its definition:
``cli/shell.py``)."""


import typer

from rigs_helper.cli.shell import action_command

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

app.command("next")(action_command("next", """End the current phase and start the next, doing
    its bookkeeping.

    Player -> Disaster (deal Disasters) -> Production -> Last Call (every round) -> Market
    (commit production, draw the Market card) -> next round (Land Grant, leader).  Exits 3
    without changing the file when a choice is still open; the message names the command
    that settles it.
    """, {
    "auto": {"help": "Settle every open choice with its documented default and list each "
             "one."},
    "card": {"help": "Record a physical card instead of a virtual draw: Market: a value, "
             "category or id (--card 6); Disaster: PLAYER=TITLE for every player "
             "(PLAYER=virtual lets rigs draw that one). Land Grant plots are recorded with "
             "`rigs grant --card`."},
    "karma": {"help": "Record the physical Karma card a player hurt by a Disaster drew: "
              "PLAYER=TITLE (when the Player Phase ends); PLAYER=- asks for the title at a "
              "hidden prompt.", "ask": "the Karma card drawn"},
    "wait": {"help": "When the Player Phase ends: deal no Disaster card yet; each player "
             "records the one they were dealt (`rigs disaster record PLAYER "
             "CARD|virtual`)."},
}, order=("auto", "card", "karma", "roll", "wait"), summary=True))
