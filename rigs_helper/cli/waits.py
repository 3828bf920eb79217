"""`rigs deal ...`, `rigs answer`, `rigs disaster record`: what waits for one player."""


from typing import Annotated

import typer

from rigs_helper.cli.base import (
    GameOpt,
    JsonOpt,
    PlayerArg,
    RollOpt,
    act,
    complete_player,
    complete_plot,
    complete_title,
    game_path,
    print_json,
)
from rigs_helper.rules.actions.catalog import build_action

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

deal_app = typer.Typer(help="Deals proposed by one player, answered by the other.",
                       invoke_without_command=True)
app.add_typer(deal_app, name="deal")
disaster_app = typer.Typer(help="The Disaster card each player was dealt.",
                           no_args_is_help=True)
app.add_typer(disaster_app, name="disaster")

DealId = Annotated[str, typer.Argument(help="The deal's number (`rigs deal` lists them).")]


@deal_app.callback()
def deals(ctx: typer.Context, json: JsonOpt = False, game: GameOpt = None) -> None:
    """The open deals (they end with the phase); `rigs deal propose|accept|decline|withdraw`
    make and answer them."""
    if ctx.invoked_subcommand is not None:
        if json or game is not None:
            raise typer.BadParameter("give --json/--game after the sub-command")
        return
    from rigs_helper.rules.waits.deals import deal_text
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


@deal_app.command(context_settings={"ignore_unknown_options": True})
def propose(giver: Annotated[str, typer.Argument(help="Who proposes (and gives).",
                                                 autocompletion=complete_player)],
            receiver: Annotated[str, typer.Argument(help="Who is offered the deal.",
                                                    autocompletion=complete_player)],
            items: Annotated[list[str], typer.Argument(
                help="What moves, as in `rigs give`: credits=N, energy=N, ..., rigs=N and "
                "plots; then --for and what comes back.", show_default=False)],
            json: JsonOpt = False, game: GameOpt = None) -> None:
    """Propose a deal: it waits until the other player accepts or declines it.

    Example: `rigs deal propose Ana Bo energy=2 --for credits=10`.  Accepted, both sides
    move or nothing does (Production Phase, Zero Hour: credits and resources only).
    """
    from rigs_helper.rules.actions.definition import item_words

    back: list[str] = []
    if "--for" in items:
        cut = items.index("--for")
        items, back = items[:cut], items[cut + 1:]
    act(game, build_action("deal propose", giver, {
        "to": receiver, **item_words(items), **item_words(back, "for_")}), json)


def _answer(verb: str, player: str, deal: str, json: bool, game) -> None:
    act(game, build_action(f"deal {verb}", player, {"deal": deal}), json)


@deal_app.command()
def accept(player: PlayerArg, deal: DealId, json: JsonOpt = False,
           game: GameOpt = None) -> None:
    """Accept a deal offered to PLAYER: both sides move now, or nothing does."""
    _answer("accept", player, deal, json, game)


@deal_app.command()
def decline(player: PlayerArg, deal: DealId, json: JsonOpt = False,
            game: GameOpt = None) -> None:
    """Decline a deal offered to PLAYER: nothing moves."""
    _answer("decline", player, deal, json, game)


@deal_app.command()
def withdraw(player: PlayerArg, deal: DealId, json: JsonOpt = False,
             game: GameOpt = None) -> None:
    """Withdraw a deal PLAYER proposed: nothing moves."""
    _answer("withdraw", player, deal, json, game)


@app.command()
def answer(player: PlayerArg,
           card: Annotated[str, typer.Argument(
               help="A Protection card from PLAYER's hand, or 'take' to let the card hit.",
               autocompletion=complete_title)],
           to: Annotated[str | None, typer.Option(
               "--to", help="Wrong Address / Double Agent: the player the card goes to.",
               autocompletion=complete_player)] = None,
           plot: Annotated[str | None, typer.Option(
               "--plot", help="A plot card passed on: the new victim's plot.",
               autocompletion=complete_plot)] = None,
           first: Annotated[str | None, typer.Option(
               "--first", help="With both the Alarm System and I've Got a Donk in play: "
               "the one that rolls first.")] = None,
           drew: Annotated[list[str] | None, typer.Option(
               "--drew", help="With take: a Karma card PLAYER drew at the table because "
               "of it (once per card; rigs draws the rest).")] = None,
           roll: RollOpt = None,
           gave: Annotated[str | None, typer.Option(
               "--gave", help="With take, for I'll Take THAT!: the card of PLAYER's hand "
               "the card's player took.")] = None,
           json: JsonOpt = False, game: GameOpt = None) -> None:
    """Answer the Karma card that waits (`rigs karma play ... --wait`).

    Every victim answers, with a card or 'take'; the card resolves when all have (or at
    once on an answer for the whole card, such as Calling in a Favor), as `--answer`
    would.  A victim's card stays private until then.
    """
    act(game, build_action("answer", player, {"card": card, "to": to, "plot": plot,
                                              "first": first, "drew": drew,
                                              "roll": roll, "gave": gave}), json)


@disaster_app.command()
def record(player: PlayerArg,
           card: Annotated[str, typer.Argument(
               help="The Disaster card PLAYER was dealt, or 'virtual' to let rigs draw it.")],
           karma: Annotated[str | None, typer.Option(
               "--karma", help="The Karma card PLAYER drew at the table because the card "
               "hurts them (rigs then draws none), or 'virtual'.")] = None,
           json: JsonOpt = False, game: GameOpt = None) -> None:
    """Record the Disaster card PLAYER was dealt, after `rigs next --wait`."""
    act(game, build_action("disaster record", player, {"card": card, "karma": karma}), json)
