"""`rigs rig ...`: RIG's actions (docs/rig.md), and RIG's `new`, `status`, `log` and `undo`
(the shared commands dispatch here when the game file says ``game = "rig"``)."""


from pathlib import Path
from typing import Annotated, Any

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, game_path, print_json
from rigs_helper.cli.render import say

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)
rig_app = typer.Typer(no_args_is_help=True, help="RIG, the second game: roll, cancel, "
                      "pop, take and each action's choices (a game made by `rigs new "
                      "--rules rig`).")
app.add_typer(rig_app, name="rig")

PlayerArg = Annotated[str, typer.Argument(help="The player (a unique prefix will do).")]


def _where(game: Path | None) -> str:
    from rigs_helper.rules.text import shell_word

    return f" -g {shell_word(game_path(game))}" if game is not None else ""


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


#: a decision's words after `rigs rig ACTION PLAYER`, and what they are
HINTS = {"pop": ("", ""), "cancel": (" DIE...", "which of {player}'s matching dice go"),
         "flip": (" --die WHOSE:N", "or --token WHOSE:N for a queue token"),
         "extra": (" TOKEN", "any colour, by the side up (rotor, sabotage, ...)"),
         "steal": (" DIE TOKEN", "your die it costs, their component")}


def hints(state: Any, game: Path | None) -> list[str]:
    """What the table does next, as commands to copy."""
    from rigs_helper.games.rig.legal import waiting_for
    from rigs_helper.games.rig.views import takeable
    from rigs_helper.rules.text import shell_word

    if state.step == "over":
        return ["The game is over: `rigs status" + _where(game) + "` shows the Rigs."]
    g = _where(game)
    out = []
    rolls = [p for p, a in waiting_for(state) if a == "roll"]
    if len(rolls) == 2 and state.dice_by == "rigs":
        return [f"Next: `rigs rig roll{g}` (rigs rolls both players' dice), or the table's "
                f"roll: `rigs rig roll NAME FACE FACE FACE FACE{g}`"]
    for player, action in waiting_for(state):
        p = shell_word(player)
        if action == "roll":
            out.append(f"Next: {player}'s roll: `rigs rig roll {p} FACE FACE FACE FACE{g}`"
                       + (f" (or `rigs rig roll {p}{g}`: rigs rolls)"
                          if state.dice_by == "rigs" else ""))
        elif action == "take":
            out.append(f"Next: `rigs rig take {p} TOKEN...{g}`, one per die in play: "
                       f"{', '.join(takeable(state, player)) or 'none'} "
                       f"(`--none` for none)")
        else:
            args, note = HINTS[action]
            out.append(f"Next: `rigs rig {action} {p}{args}{g}`"
                       + (f": {note.format(player=player)}" if note else ""))
    return out


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


# ------------------------------------------------------- the shared commands, for RIG


def new_game(rules: str, players: list[str], seed: int | None, tokens: int | None, dice: str,
             force: bool, game: Path | None, json: bool, rigs_only: bool,
             group: str | None = None) -> None:
    """`rigs new --rules rig ...` (the options of R.I.G.S. alone are refused; --group:
    the group whose history keeps the game, as for R.I.G.S.)."""
    from rigs_helper.games import NAMES
    from rigs_helper.games.rig.game import DEFAULT_TOKENS
    from rigs_helper.rules.errors import InputError

    rules = rules.strip().lower()
    if rules not in NAMES:
        raise InputError(f"--rules {rules!r}: give one of {', '.join(NAMES)}")
    if rules != "rig":
        raise InputError("--tokens is RIG's: `rigs new --rules rig -p A -p B --tokens N`")
    if rigs_only:
        raise InputError("--rules rig: --word, --ask-words, --plots, --have and --roll are "
                         "R.I.G.S.'s; RIG takes --seed, --tokens and --dice")
    from rigs_helper.store import gamestore
    from rigs_helper.store.files import fresh_seed

    settings: dict[str, Any] = {"players": [p.strip() for p in players],
                "seed": fresh_seed() if seed is None else seed,
                "tokens": DEFAULT_TOKENS if tokens is None else tokens,
                "dice": dice.strip().lower()}
    if group is not None:
        from rigs_helper.rules.checker import printable

        if not group.strip() or not printable(group.strip()):
            raise InputError(f"--group {group!r}: a group's name is printable text on one "
                             "line")
        settings["group"] = group.strip()
    path = game_path(game)
    state = gamestore.create(path, "rig", settings, force)
    if json:
        from rigs_helper.games.rig.views import status_dict

        print_json({"game": str(path), "status": status_dict(state)})
        return
    say("\n".join([f"RIG: {' and '.join(settings['players'])}, {settings['tokens']} tokens "
                   f"of each colour in the Salvage Pile; saved to {path}.",
                   f"`rigs status{_where(game)}` shows the game; `rigs serve --host 0.0.0.0"
                   f"{_where(game)}` the board and a page per phone.",
                   *hints(state, game)]))


def status(game: Path | None, json: bool) -> None:
    from rigs_helper.games.rig.views import status_dict

    st = load_rig(game).state
    d: dict[str, Any] = status_dict(st)
    if json:
        print_json(d)
        return
    lines = [f"RIG  {d['where']}" + (f": {d['winner']} won" if d["winner"] else
                                      (": a draw" if d["over"] else "")),
             "Salvage Pile: " + ", ".join(f"{c} {n}" for c, n in d["pile"].items())]
    for p in d["players"]:
        dice = "  ".join(f"{x['die']}:{x['face']}{' (aside)' if x['aside'] else ''}"
                         for x in p["dice"]) or "not rolled"
        total = f"  = {p['total']:+d}" if p["total"] is not None else ""
        lines += [f"{p['name']}",
                  f"  dice   {dice}{total}",
                  f"  queue  {', '.join(p['queue']) or 'empty'}  (top first)",
                  f"  Rig    {', '.join(p['rig']) or 'empty'}  ({p['components']} of 6; "
                  f"missing {', '.join(p['missing']) or 'nothing'})"]
        lines += [f"  ready  {w}" for w in p["ready_words"]]
    if d["popped"]:
        lines.append(f"Popped, waiting for a choice: {', '.join(d['popped'])}")
    say("\n".join(lines + hints(st, game)))


def log(game: Path | None, json: bool) -> None:
    loaded = load_rig(game)
    rows = [{"n": e.get("n"), "at": e.get("at"), "action": _words(e),
             "said": list(e.get("said", []))} for e in loaded.log]
    if json:
        print_json({"game": "rig", "log": rows})
        return
    lines = []
    for r in rows:
        lines.append(f"{r['n'] or '':>4}  {r['action']}")
        lines += [f"{'':>8}{x}" for x in r["said"]]
    say("\n".join(lines) if lines else "No action yet.")


def _words(entry: dict[str, Any]) -> str:
    """A log entry as the command that did it (without the game file)."""
    from rigs_helper.rules.text import shell_word

    skip = {"n", "at", "said", "action"}
    words = [f"rig {entry.get('action')}"]
    for k, v in entry.items():
        if k in skip or v in (0, (), [], ""):
            continue
        if k in ("die", "token") and entry.get("action") == "flip":
            words.append(f"--{k} {shell_word(str(entry.get('whose')))}:{v}")
        elif k == "whose" or (k == "side" and entry.get("action") in ("extra", "steal")):
            continue
        elif k == "colour" and entry.get("action") in ("extra", "steal"):
            from rigs_helper.games.rig.pieces import Token

            words.append(Token(str(v), entry.get("side", "component")).name.lower())
        else:
            words += [shell_word(str(x).lower() if k == "tokens" else str(x))
                      for x in (v if isinstance(v, list) else [v])]
    return " ".join(words)


def undo(game: Path | None, n: int, json: bool) -> None:
    from rigs_helper.games.rig.views import where
    from rigs_helper.store import gamestore

    load_rig(game)
    gone, st = gamestore.undo(game_path(game), n)
    if json:
        print_json({"game": "rig", "undone": [_words(e) for e in gone], "where": where(st)})
        return
    say("\n".join([*(f"undone: {_words(e)}" for e in reversed(gone)),
                   f"Now {where(st)}.", *hints(st, game)]))


def score(path: Path, json: bool, keep_it: bool) -> None:
    """`rigs score` of a finished RIG game: who won and each Rig's components; kept in
    the group's history as a RIG game (apart from R.I.G.S.'s) unless ``keep_it`` is
    False."""
    from rigs_helper.games.rig.views import status_dict
    from rigs_helper.store.historyplay import play_of_protocol

    loaded = load_rig(path)
    play = play_of_protocol(path, loaded)  # (refuses a game not over)
    d = status_dict(loaded.state)
    winners = [r["name"] for r in play["players"] if r["winner"]]
    rows = [{"name": p["name"], "components": p["components"], "rig": p["rig"],
             "missing": p["missing"], "rank": r["rank"], "winner": r["winner"]}
            for p, r in zip(d["players"], play["players"])]
    if json:
        print_json({"game": "rig", "winners": winners, "players": rows})
    else:
        head = (f"RIG: {winners[0]} won." if len(winners) == 1 else
                f"RIG: a draw between {' and '.join(winners)} (no token could move "
                "again).")
        say("\n".join([head, *(f"  {r['name']}: {r['components']} of 6 components"
                                  + (f" (missing {', '.join(r['missing'])})"
                                     if r["missing"] else "")
                                  + ("  won" if r["winner"] else "") for r in rows)]))
    if keep_it:
        from rigs_helper.cli.keep import keep

        keep(play, quiet=json)
