"""`rigs status`: the state of the game at a glance."""


from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, game_path, print_json
from rigs_helper.cli.rigscli import complete_player

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)


@app.command()
def status(
    player: Annotated[str | None, typer.Argument(
        help="Show this player in full (public facts; --private adds the Karma hand).",
        show_default=False, autocompletion=complete_player)] = None,
    private: Annotated[bool, typer.Option(
        "--private", help="With PLAYER: also the Karma hand, for that player's eyes only.")]
    = False,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Show the round, phase, leader, Market price, decks and every player's holdings."""
    from rigs_helper.store.gamekind import kind

    if kind(game_path(game)) != "rigs":  # a game on the protocol (RIG): its game object
        from rigs_helper.cli import protocolgame

        return protocolgame.status(game, json)
    from rigs_helper.games.rigs.views import player_dict, status_dict
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    if private and player is None:
        from rigs_helper.rules.errors import InputError

        raise InputError("--private needs a PLAYER: `rigs status PLAYER --private`")
    tables = load_tables()
    g = session.load(game_path(game), tables).game
    if player is not None:
        d = player_dict(g.player(player), tables, hand=private)
        if json:
            print_json({**d, "for_eyes_of": d["name"]} if private else d)
            return
        from rigs_helper.cli import render, rigsrender

        if private:
            render.say(rigsrender.eyes_header(d["name"]))
        rigsrender.player(d, g, tables)
        from rigs_helper.cli.legalhints import print_hints

        print_hints(g, tables, d["name"], private=private)
        return
    d = status_dict(g, tables)
    from rigs_helper.forecast.model import vinnie_warnings

    warnings = vinnie_warnings(g, tables)
    if json:
        print_json({"game": "rigs", **d, "warnings": warnings})
        return
    from rigs_helper.cli import rigsrender

    rigsrender.status(d, tables, warnings)


@app.command()
def hand(
    player: Annotated[str, typer.Argument(help="The player whose private view to show.",
                                          autocompletion=complete_player)],
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """For PLAYER's eyes only: their Karma hand with each card's effect, the Land Grant
    plots when they pick, what they drew or took lately, and the choices waiting for them."""
    from rigs_helper.games.rigs.views import private_view
    from rigs_helper.store import session
    from rigs_helper.store.notes import private_notes
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    path = game_path(game)
    loaded = session.load(path, tables)
    view = private_view(loaded.game, tables, loaded.game.player(player).name)
    view["notes"] = private_notes(loaded, str(path), view["name"])
    if json:
        from rigs_helper.games.rigs.legal import actions_json

        view["actions"] = actions_json(loaded.game, tables, view["name"])["actions"]
        print_json(view)
        return
    from rigs_helper.cli import rigsrender
    from rigs_helper.cli.legalhints import print_hints

    rigsrender.private(view)
    print_hints(loaded.game, tables, view["name"], private=True)
