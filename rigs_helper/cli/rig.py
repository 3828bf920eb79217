"""`rigs rig ...`: RIG's actions (docs/rig.md).  Its `new`, `status`, `log`, `undo`,
`doctor` and `score` are any protocol game's (cli/protocolgame.py, through RIG's game
object)."""


from pathlib import Path
from typing import Annotated, Any

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, game_path, print_json
from rigs_helper.cli.protocolgame import where_option as _where
from rigs_helper.cli.render import say

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)
rig_app = typer.Typer(no_args_is_help=True, help="RIG, the second game: roll, cancel, "
                      "pop, take and each action's choices (a game made by `rigs new "
                      "--rules rig`).")
app.add_typer(rig_app, name="rig")

PlayerArg = Annotated[str, typer.Argument(help="The player (a unique prefix will do).")]


def _name(state: Any, word: str) -> str:
    """A player of the game by name, any case, or a unique prefix."""
    from rigs_helper.rules.errors import InputError

    names = [s.name for s in state.seats]
    w = word.strip().casefold()
    exact = [n for n in names if n.casefold() == w]
    found = exact or [n for n in names if n.casefold().startswith(w)] if w else []
    if len(found) != 1:
        raise InputError(f"player {word!r}: give {' or '.join(repr(n) for n in names)}")
    return found[0]


def load_rig(game: Path | None) -> Any:
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import gamestore

    path = game_path(game)
    if not path.exists():
        raise InputError(f"{path}: no such file (start a game: `rigs new --rules rig -p A "
                         "-p B`)")
    loaded = gamestore.load(path)
    if loaded.game.name != "rig":
        raise InputError(f"{path}: not a RIG game (`rigs rig ...` plays RIG)")
    return loaded


def _run(game: Path | None, make: Any, json: bool) -> None:
    """Build the action from the state (names resolved), run it, say what happened."""
    from rigs_helper.store import gamestore

    action = make(load_rig(game).state)
    _, outcome = gamestore.run(game_path(game), action)
    _report(outcome.state, list(outcome.said), json, game)


def _report(state: Any, said: list[str], json: bool, game: Path | None) -> None:
    from rigs_helper.games.rig.views import status_dict

    if json:
        print_json({"said": said, "status": status_dict(state)})
        return
    say("\n".join([*said, *hints(state, game)]))


def hints(state: Any, game: Path | None) -> list[str]:
    """What the table does next, as commands to copy (RIG's words: games/rig/views.py)."""
    from rigs_helper.games.rig.views import hints as next_words

    return next_words(state, _where(game))


@rig_app.command()
def roll(
    player: Annotated[str | None, typer.Argument(
        help="Whose dice (without it: rigs rolls for each player who has not rolled).",
        show_default=False)] = None,
    faces: Annotated[list[str] | None, typer.Argument(
        help="The four faces the table rolled: red-, red+, black-, green+, ..., blue, gold "
        "(without them: rigs rolls RIG's dice and says so).", show_default=False)] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Roll the dice for the round: the table's faces, or RIG's dice rolled by rigs."""
    from rigs_helper.games.rig.actions import Roll
    from rigs_helper.games.rig.pieces import read_face
    from rigs_helper.store import gamestore

    st = load_rig(game).state
    if player is None:
        names = [s.name for s in st.seats if not s.dice] or [st.seats[0].name]
    else:
        names = [_name(st, player)]
    read = tuple(read_face(f) for f in faces or ())
    said: list[str] = []
    for name in names:
        _, outcome = gamestore.run(game_path(game), Roll(name, read))
        said += outcome.said
        st = outcome.state
    _report(st, said, json, game)


@rig_app.command()
def cancel(
    player: PlayerArg,
    dice: Annotated[list[int], typer.Argument(help="The dice (1 to 4) set aside.")],
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Set aside the matching dice a player with more of a colour chooses."""
    from rigs_helper.games.rig.actions import Cancel

    _run(game, lambda st: Cancel(_name(st, player), tuple(dice)), json)


@rig_app.command()
def pop(player: PlayerArg, json: JsonOpt = False, game: GameOpt = None) -> None:
    """Pop the top two tokens of the queue: components go into the Rig, actions act."""
    from rigs_helper.games.rig.actions import Pop

    _run(game, lambda st: Pop(_name(st, player)), json)


@rig_app.command()
def take(
    player: PlayerArg,
    tokens: Annotated[list[str] | None, typer.Argument(
        help="The tokens, by the side put up, in queue order: one per die in play of its "
        "colour (rotor, steal, boost, ...).", show_default=False)] = None,
    none: Annotated[bool, typer.Option("--none", help="Take no token.")] = False,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Take tokens from the Salvage Pile into the queue, each with the side chosen."""
    from rigs_helper.games.rig.actions import Take
    from rigs_helper.games.rig.pieces import read_token
    from rigs_helper.rules.errors import InputError

    if not tokens and not none:
        raise InputError("take: name the tokens (e.g. rotor steal), or --none for none")
    if tokens and none:
        raise InputError("take: tokens or --none, not both")
    read = tuple(read_token(t) for t in tokens or ())
    _run(game, lambda st: Take(_name(st, player), read), json)


def _target(st: Any, word: str, what: str) -> tuple[str, int]:
    from rigs_helper.rules.errors import InputError

    who, sep, n = word.rpartition(":")
    if not sep or not n.strip().isdigit():
        raise InputError(f"--{what} {word!r}: write WHOSE:N, e.g. Bo:2")
    return _name(st, who), int(n)


@rig_app.command()
def flip(
    player: PlayerArg,
    die: Annotated[str | None, typer.Option(
        "--die", help="WHOSE:N, a die in play (1 to 4).", show_default=False)] = None,
    token: Annotated[str | None, typer.Option(
        "--token", help="WHOSE:N, a token of a queue (1 = the top).", show_default=False)]
    = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """A popped Flip: turn over a die or a queue token, yours or your opponent's."""
    from rigs_helper.games.rig.actions import Flip
    from rigs_helper.rules.errors import InputError

    if (die is None) == (token is None):
        raise InputError("flip: give --die WHOSE:N or --token WHOSE:N (one of them)")

    def make(st: Any) -> Flip:
        whose, n = _target(st, die or token or "", "die" if die else "token")
        return Flip(_name(st, player), whose, die=n if die else 0, token=0 if die else n)

    _run(game, make, json)


@rig_app.command()
def extra(
    player: PlayerArg,
    token: Annotated[str, typer.Argument(
        help="The token taken, by the side put up: rotor, sabotage, gears, flip, ...")],
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """A popped Extra: one more token of any colour from the Salvage Pile."""
    from rigs_helper.games.rig.actions import Extra
    from rigs_helper.games.rig.pieces import read_token

    t = read_token(token)
    _run(game, lambda st: Extra(_name(st, player), t.colour, t.side), json)


@rig_app.command()
def steal(
    player: PlayerArg,
    die: Annotated[int, typer.Argument(help="Your die in play (1 to 4) it costs.")],
    token: Annotated[str, typer.Argument(
        help="The component taken from the opponent's Rig, by the side put up in your "
        "queue (pipes: the component side; steal: the action side).")],
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """A popped Steal: remove one of your dice, take a token of the opponent's Rig."""
    from rigs_helper.games.rig.actions import Steal
    from rigs_helper.games.rig.pieces import read_token

    t = read_token(token)
    _run(game, lambda st: Steal(_name(st, player), die, t.colour, t.side), json)
