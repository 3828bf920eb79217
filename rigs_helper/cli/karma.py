"""`rigs karma ...`: Karma hands."""

from __future__ import annotations

from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, act, app

karma_app = typer.Typer(help="Karma cards: draw, discard, swap, play.", no_args_is_help=True)
app.add_typer(karma_app, name="karma")

Player = Annotated[str, typer.Argument(help="The player.")]
Title = Annotated[str, typer.Argument(help="Card title (any case; a unique prefix is enough).")]
Physical = Annotated[str | None, typer.Option(
    "--card", help="The physical card drawn at the table, to record instead of a virtual "
    "draw.")]


@karma_app.command()
def draw(player: Player,
         n: Annotated[int, typer.Argument(help="How many cards.", min=1)] = 1,
         card: Physical = None, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Draw Karma cards into PLAYER's hand (reshuffling the discards if the deck is out)."""
    from rigs_helper.karma import KarmaDraw

    act(game, KarmaDraw(player, n, card), json)


@karma_app.command()
def discard(player: Player, title: Title, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Discard a card from PLAYER's hand (e.g. down to the hand limit of 5)."""
    from rigs_helper.karma import KarmaDiscard

    act(game, KarmaDiscard(player, title), json)


@karma_app.command()
def swap(player: Player, title: Title, card: Physical = None, json: JsonOpt = False,
         game: GameOpt = None) -> None:
    """Disaster Phase, a player the Disaster did not hurt: discard one card, draw one."""
    from rigs_helper.karma import KarmaSwap

    act(game, KarmaSwap(player, title, card), json)


@karma_app.command()
def retire(player: Player, title: Title, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Take a card PLAYER put into play out of play, to the discards."""
    from rigs_helper.karma import KarmaDiscardInPlay

    act(game, KarmaDiscardInPlay(player, title), json)
