"""`rigs deal ...`, `rigs answer`, `rigs disaster record`, `rigs roll`: what waits for one
player."""


import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, game_path, print_json
from rigs_helper.cli.rigscli import complete_player, complete_plot, complete_title
from rigs_helper.cli.shell import action_command

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

deal_app = typer.Typer(help="Deals proposed by one player, answered by the other.",
                       invoke_without_command=True)
app.add_typer(deal_app, name="deal")
disaster_app = typer.Typer(help="The Disaster card each player was dealt.",
                           no_args_is_help=True)
app.add_typer(disaster_app, name="disaster")

@deal_app.callback()
def deals(ctx: typer.Context, json: JsonOpt = False, game: GameOpt = None) -> None:
    """The open deals (they end with the phase); `rigs deal propose|accept|decline|withdraw`
    make and answer them."""
    if ctx.invoked_subcommand is not None:
        if json or game is not None:
            raise typer.BadParameter("give --json/--game after the sub-command")
        return
    from rigs_helper.games.rigs.waits.deals import deal_text
    from rigs_helper.store import session

    waits = session.load(game_path(game)).game.waits
    if json:
        print_json({"deals": [{"id": d.id, "from": d.giver, "to": d.receiver,
                               "text": deal_text(d)} for d in waits.deals]})
        return
    for d in waits.deals:
        print(f"{deal_text(d)} (waiting for {d.receiver})")
    if not waits.deals:
        print("No deal is open.")


deal_app.command("propose", context_settings={"ignore_unknown_options": True})(
    action_command("deal propose", """Propose a deal: it waits until the other player
    accepts or declines it.

    Example: `rigs deal propose Ana Bo energy=2 --for credits=10`.  Accepted, both sides
    move or nothing does (Production Phase, Zero Hour: credits and resources only).
    """, {
        "player": {"name": "giver", "help": "Who proposes (and gives)."},
        "to": {"name": "receiver", "help": "Who is offered the deal."},
        "items": {"help": "What moves, as in `rigs give`: credits=N, energy=N, ..., rigs=N "
                  "and plots; then --for and what comes back."},
    }))


_PLAYER_FIRST = {"deal": {"help": "The deal's number (`rigs deal` lists them)."}}
for _verb, _doc in (
        ("accept", "Accept a deal offered to PLAYER: both sides move now, or nothing does."),
        ("decline", "Decline a deal offered to PLAYER: nothing moves."),
        ("withdraw", "Withdraw a deal PLAYER proposed: nothing moves.")):
    deal_app.command(_verb)(action_command(f"deal {_verb}", _doc, _PLAYER_FIRST))

app.command("answer")(action_command("answer", """Answer the Karma card that waits (`rigs karma
    play ... --wait`).

    Every victim answers, with a card or 'take'; the card resolves when all have (or at
    once on an answer for the whole card, such as Calling in a Favor), as `--answer`
    would.  A victim's card stays private until then.
    """, {
    "card": {"help": "A Protection card from PLAYER's hand, or 'take' to let the card hit.",
             "autocompletion": complete_title},
    "to": {"help": "Wrong Address / Double Agent: the player the card goes to.",
           "autocompletion": complete_player},
    "plot": {"help": "A plot card passed on: the new victim's plot.",
             "autocompletion": complete_plot},
    "first": {"help": "With both the Alarm System and I've Got a Donk in play: the one that "
              "rolls first.", "autocompletion": None},
    "drew": {"help": "With take: a Karma card PLAYER drew at the table because of it (once "
             "per card; rigs draws the rest).", "autocompletion": None},
    "gave": {"help": "With take, for I'll Take THAT!: the card of PLAYER's hand the card's "
             "player took.", "autocompletion": None},
    "split": {"help": "With take, once the dice are in, for Right Back At You turning I WANT "
              "THAT! on several victims: VICTIM=N, how PLAYER shares the gains (once per "
              "victim, the whole sum).", "autocompletion": None},
}))

disaster_app.command("record")(action_command("disaster record", """Record the Disaster card
    PLAYER was dealt, after `rigs next --wait`.""", {
    "card": {"help": "The Disaster card PLAYER was dealt, or 'virtual' to let rigs draw it.",
             "autocompletion": None},
    "karma": {"help": "The Karma card PLAYER drew at the table because the card hurts them "
              "(rigs then draws none), or 'virtual'."},
}))

app.command("roll")(action_command("roll", """Record PLAYER's die in the leader roll-off that
    waits (a tie for Expedition Leader made from the pages); the highest leads, a tie rolls
    again.""", {
    "die": {"help": "The face PLAYER rolled (1 to 6), or 'virtual' to let rigs roll it."},
}))
