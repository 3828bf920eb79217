"""`rigs card` and `rigs cards`: look up Disaster and Karma cards."""


from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, print_json
from rigs_helper.cli.rigscli import complete_title

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)


@app.command()
def card(
    title: Annotated[str, typer.Argument(help="Card title; any case, a unique prefix is enough.",
                                         autocompletion=complete_title)],
    json: JsonOpt = False,
) -> None:
    """Show one Disaster or Karma card: its kind, effect and copies in the deck."""
    from rigs_helper.games.rigs import cards as core
    from rigs_helper.store.tablefiles import load_tables

    found = core.find_card(load_tables(), title)
    if json:
        print_json(core.card_dict(found))
        return
    from rigs_helper.cli import rigsrender

    rigsrender.card(found)


@app.command("cards")
def cards_cmd(
    deck: Annotated[str | None, typer.Option(
        "--deck", help="Only this deck: disaster, karma, or a Karma kind "
        "(destruction, sabotage, wealth, protection); plot, survey and market show what "
        "is left in the game.")] = None,
    left: Annotated[bool, typer.Option(
        "--left", help="What is left of the deck in the game, as the table could know it "
        "(all cards minus those seen).")] = False,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """List the Disaster and Karma cards with their counts and effects, or (--left) what is
    left of a deck in the game."""
    if left or (deck or "").lower() in ("plot", "plots", "survey", "market"):
        from rigs_helper.cli.forecast import cards_left

        cards_left(deck, json, game)
        return
    if game is not None:
        from rigs_helper.rules.errors import InputError

        raise InputError("--game is used only with --left (or --deck plot|survey|market)")
    from rigs_helper.games.rigs import cards as core
    from rigs_helper.store.tablefiles import load_tables

    found = core.list_cards(load_tables(), deck)
    if json:
        print_json({"cards": [core.card_dict(c) for c in found]})
        return
    from rigs_helper.cli import rigsrender

    rigsrender.cards(found)
