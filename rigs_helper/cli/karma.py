"""`rigs karma ...`: Karma hands."""


from typing import Annotated

import typer

from rigs_helper.cli.base import (
    GameOpt,
    JsonOpt,
    PlayerArg,
    RollOpt,
    act,
    complete_karma_title,
    complete_player,
)
from rigs_helper.cli.hidden import HELP
from rigs_helper.rules.actions.catalog import build_action

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

karma_app = typer.Typer(help="Karma cards: draw, discard, swap, play.", no_args_is_help=True)
app.add_typer(karma_app, name="karma")

Player = PlayerArg
Title = Annotated[str, typer.Argument(help="Card title (any case; a unique prefix is enough).",
                                     autocompletion=complete_karma_title)]
Physical = Annotated[str | None, typer.Option(
    "--card", help="The physical card drawn at the table, to record instead of a virtual "
    "draw." + HELP, autocompletion=complete_karma_title)]


@karma_app.command()
def draw(player: Player,
         n: Annotated[int, typer.Argument(help="How many cards.", min=1)] = 1,
         card: Physical = None, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Draw Karma cards into PLAYER's hand (reshuffling the discards if the deck is out)."""
    from rigs_helper.cli.hidden import title

    act(game, build_action("karma draw", player, {
        "n": n, "card": title(card, f"{player}: the card drawn")}), json)


@karma_app.command()
def discard(player: Player, title: Title, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Discard a card from PLAYER's hand (e.g. down to the hand limit of 5)."""
    act(game, build_action("karma discard", player, {"title": title}), json)


@karma_app.command()
def swap(player: Player, title: Title, card: Physical = None, json: JsonOpt = False,
         game: GameOpt = None) -> None:
    """Disaster Phase, a player the Disaster did not hurt: discard one card, draw one."""
    from rigs_helper.cli.hidden import title as asked

    act(game, build_action("karma swap", player, {
        "title": title, "card": asked(card, f"{player}: the card drawn")}), json)


@karma_app.command()
def retire(player: Player, title: Title, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Take a card PLAYER put into play out of play, to the discards."""
    act(game, build_action("karma retire", player, {"title": title}), json)


@karma_app.command()
def play(
    player: Player, title: Title,
    target: Annotated[list[str] | None, typer.Option(
        "--target", "-t", help="The victim (repeat for several).",
        autocompletion=complete_player)] = None,
    plot: Annotated[list[str] | None, typer.Option("--plot", help="A plot id (repeatable).")]
    = None,
    resource: Annotated[list[str] | None, typer.Option(
        "--resource", help="A resource (repeatable).")] = None,
    give: Annotated[list[str] | None, typer.Option(
        "--give", help="RESOURCE=N handed in (Swap Meet) or the loss to match (I Ain't Going "
        "Alone).")] = None,
    take: Annotated[list[str] | None, typer.Option(
        "--take", help="RESOURCE=N taken (Swap Meet; Ruins: up to the roll).")] = None,
    card: Annotated[list[str] | None, typer.Option(
        "--card", help="A Karma card in a hand, chosen by whoever the card says." + HELP)]
    = None,
    source: Annotated[str | None, typer.Option(
        "--from", help="Where a RIGS is lost from: a plot id or 'warehouse'.")] = None,
    option: Annotated[str | None, typer.Option(
        "--option", help="The victim's choice where the card offers one (Identity Theft: "
        "draw or card).")] = None,
    new_owner: Annotated[str | None, typer.Option(
        "--new-owner", help="\"Record Not Found\": the new owner the leader picks.")] = None,
    to: Annotated[list[str] | None, typer.Option(
        "--to", help="Triangulation Drift: where each RIGS goes (PLAYER or PLOT:RESOURCE).")]
    = None,
    answer: Annotated[list[str] | None, typer.Option(
        "--answer", help="A Protection card played in response: CARD (the victim's) or "
        "PLAYER=CARD (repeat: each victim answers for themselves).")] = None,
    answer_to: Annotated[list[str] | None, typer.Option(
        "--answer-to", help="Wrong Address / Double Agent: the player the card goes to "
        "(ANSWERER=PLAYER when several answer).")] = None,
    answer_plot: Annotated[list[str] | None, typer.Option(
        "--answer-plot", help="A plot card passed on to another victim: that victim's plot.")]
    = None,
    drew: Annotated[list[str] | None, typer.Option(
        "--drew", help="Record a physical Karma card drawn because of this card: "
        "PLAYER=TITLE (repeat per card); PLAYER=- asks for the title at a hidden prompt.")]
    = None,
    drawn: Annotated[str | None, typer.Option(
        "--drawn", help="Rough Storm: the Karma card PLAYER drew at the table for it.")]
    = None,
    own: Annotated[list[str] | None, typer.Option(
        "--own", help="I Ain't Going Alone: a Karma card of your own discarded to set a "
        "fresh loss (with --give for resources).")] = None,
    first: Annotated[list[str] | None, typer.Option(
        "--first", help="VICTIM=CARD: which in-play protection rolls first when the victim "
        "has both Alarm System and I've Got a Donk.")] = None,
    split: Annotated[list[str] | None, typer.Option(
        "--split", help="Right Back At You on a card aimed at several players: VICTIM=N, "
        "how the gains are shared among the original victims (repeat per victim).")] = None,
    roll: RollOpt = None,
    wait: Annotated[bool, typer.Option(
        "--wait", help="A Sabotage card waits for every victim's answer (`rigs answer`) "
        "instead of --answer.")] = False,
    json: JsonOpt = False, game: GameOpt = None,
) -> None:
    """Play a Karma card from PLAYER's hand and apply its effect.

    See `rigs card TITLE` for what a card does.  Choices come as options; when one is
    missing, the message names the option the card needs.  With --wait a Sabotage card
    waits for every victim to answer (`rigs answer PLAYER CARD|take`).
    """
    from rigs_helper.cli.hidden import named, titles

    act(game, build_action("karma play", player, {
        "title": title, "target": target, "plot": plot, "resource": resource, "give": give,
        "take": take, "card": titles(card, "the card taken"), "from": source,
        "option": option, "new_owner": new_owner, "to": to, "answer": answer,
        "answer_to": answer_to, "answer_plot": answer_plot,
        "drew": named(drew, "the card drawn"), "drawn": drawn, "own": own, "first": first, "split": split,
        "roll": roll, "wait": wait}), json)


@karma_app.command()
def use(player: Player, title: Title, roll: RollOpt = None, json: JsonOpt = False,
        game: GameOpt = None) -> None:
    """Use a card PLAYER has in play.

    Parts Shop (roll), Push, Pull, or Drag (trade it in for a RIGS), Recycling (cash it in
    for Metal).
    """
    act(game, build_action("karma use", player, {"title": title, "roll": roll}), json)
