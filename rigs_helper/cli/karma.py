"""`rigs karma ...`: Karma hands.  Each command is made from its action's definition
(``cli/shell.py``); the tables below are what only the terminal says about a parameter."""


from rigs_helper.cli.rigscli import complete_karma_title, complete_player
from rigs_helper.cli.hidden import HELP
from rigs_helper.cli.shell import action_command

import typer

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

karma_app = typer.Typer(help="Karma cards: draw, discard, swap, play.", no_args_is_help=True)
app.add_typer(karma_app, name="karma")

TITLE = {"help": "Card title (any case; a unique prefix is enough).",
         "autocompletion": complete_karma_title}
PHYSICAL = {"help": "The physical card drawn at the table, to record instead of a virtual "
            "draw." + HELP, "autocompletion": complete_karma_title,
            "ask": "{player}: the card drawn"}


def _command(path: str, doc: str, said=None, order: tuple[str, ...] = ()) -> None:
    karma_app.command(path.split()[-1])(action_command(path, doc, said, order))


_command("karma draw", """Record a Karma card PLAYER draws where the rules draw one (a
Disaster that hurts, a card that says so): only then; a correction is `rigs adjust PLAYER
karma N`.""", {"n": {"help": "How many cards.", "min": 1}, "card": {
    **PHYSICAL, "help": "A physical card drawn at the table, to record instead of a "
    "virtual draw (repeat for each card drawn, in order; virtual: rigs draws that one)."
    + HELP}})
_command("karma discard", """Discard a card from PLAYER's hand (e.g. down to the hand limit of
5).""", {"title": TITLE})
_command("karma swap", """Disaster Phase, a player the Disaster did not hurt: discard one
card, draw one.""", {"title": TITLE, "card": PHYSICAL})
_command("karma retire", """Take a card PLAYER put into play out of play, to the discards.""",
         {"title": TITLE})
_command("karma play", """Play a Karma card from PLAYER's hand and apply its effect.

    See `rigs card TITLE` for what a card does.  Choices come as options; when one is
    missing, the message names the option the card needs.  With --wait a Sabotage card
    waits for every victim to answer (`rigs answer PLAYER CARD|take`).
    """, {
    "title": TITLE,
    "target": {"help": "The victim (repeat for several).", "flags": ("-t",),
               "autocompletion": complete_player},
    "plot": {"help": "A plot id (repeatable)."},
    "resource": {"help": "A resource (repeatable)."},
    "give": {"help": "RESOURCE=N handed in (Swap Meet) or the loss to match (I Ain't Going "
             "Alone)."},
    "take": {"help": "RESOURCE=N taken (Swap Meet; Ruins: up to the roll)."},
    "card": {"help": "A Karma card in a hand, chosen by whoever the card says." + HELP,
             "ask": "the card taken"},
    "from": {"help": "Where a RIGS is lost from: a plot id or 'warehouse'."},
    "option": {"help": "The victim's choice where the card offers one (Identity Theft: "
               "draw or card)."},
    "new_owner": {"help": "\"Record Not Found\": the new owner the leader picks."},
    "to": {"help": "Triangulation Drift: where each RIGS goes (PLAYER or PLOT:RESOURCE)."},
    "answer": {"help": "A Protection card played in response: CARD (the victim's) or "
               "PLAYER=CARD (repeat: each victim answers for themselves)."},
    "answer_to": {"help": "Wrong Address / Double Agent: the player the card goes to "
                  "(ANSWERER=PLAYER when several answer)."},
    "answer_plot": {"help": "A plot card passed on to another victim: that victim's plot."},
    "drew": {"help": "Record a physical Karma card drawn because of this card: "
             "PLAYER=TITLE (repeat per card); PLAYER=- asks for the title at a hidden "
             "prompt.", "ask": "the card drawn"},
    "drawn": {"help": "Rough Storm: the Karma card PLAYER drew at the table for it."},
    "own": {"help": "I Ain't Going Alone: a Karma card of your own discarded to set a "
            "fresh loss (with --give for resources)."},
    "first": {"help": "VICTIM=CARD: which in-play protection rolls first when the victim "
              "has both Alarm System and I've Got a Donk."},
    "split": {"help": "Right Back At You on a card aimed at several players: VICTIM=N, "
              "how the gains are shared among the original victims (repeat per victim)."},
    "wait": {"help": "A Sabotage card waits for every victim's answer (`rigs answer`) "
             "instead of --answer."},
}, order=("title", "target", "plot", "resource", "give", "take", "card", "from", "option",
          "new_owner", "to", "answer", "answer_to", "answer_plot", "drew", "drawn", "own",
          "first",
          "split", "roll", "wait"))
_command("karma use", """Use a card PLAYER has in play.

    Parts Shop (roll), Push, Pull, or Drag (trade it in for a RIGS), Recycling (cash it in
    for Metal).
    """, {"title": TITLE})
