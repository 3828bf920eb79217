"""The shared commands (`status`, `log`, `undo`, `doctor`) for a game on the protocol
(RIG today, any game `rigs_helper/games` registers): written against the game object
alone (``rigs_helper/game/protocol.py``), which the game file's ``game =`` key names
(``store/gamestore.py`` asks the registration for it).  Nothing here imports a game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rigs_helper.cli.base import game_path, print_json
from rigs_helper.cli.render import say


def where_option(game: Path | None) -> str:
    """The game file's option for a command to copy: `` -g FILE`` when one was given."""
    from rigs_helper.rules.text import shell_word

    return f" -g {shell_word(game_path(game))}" if game is not None else ""


def load(game: Path | None) -> Any:
    """The game file (``store/gamestore.Loaded``: its game object, state and log)."""
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import gamestore

    path = game_path(game)
    if not path.exists():
        raise InputError(f"{path}: no such file (start a game: `rigs new`)")
    return gamestore.load(path)


def status(game: Path | None, json: bool) -> None:
    loaded = load(game)
    g, st = loaded.game, loaded.state
    if json:
        print_json(g.status(st))
        return
    say("\n".join([*g.status_lines(st), *g.next_words(st, where_option(game))]))


def log(game: Path | None, json: bool) -> None:
    loaded = load(game)
    g = loaded.game
    rows = [{"n": e.get("n"), "at": e.get("at"), "action": g.action_words(e),
             "said": list(e.get("said", []))} for e in loaded.log]
    if json:
        print_json({"game": g.name, "log": rows})
        return
    lines = []
    for r in rows:
        lines.append(f"{r['n'] or '':>4}  {r['action']}")
        lines += [f"{'':>8}{x}" for x in r["said"]]
    say("\n".join(lines) if lines else "No action yet.")


def undo(game: Path | None, n: int, json: bool) -> None:
    from rigs_helper.store import gamestore

    g = load(game).game
    gone, st = gamestore.undo(game_path(game), n)
    if json:
        print_json({"game": g.name, "undone": [g.action_words(e) for e in gone],
                    "where": g.where(st)})
        return
    say("\n".join([*(f"undone: {g.action_words(e)}" for e in reversed(gone)),
                   f"Now {g.where(st)}.", *g.next_words(st, where_option(game))]))


def score(path: Path, json: bool, keep_it: bool) -> None:
    """`rigs score` of a finished game: who won, each player's score in the game's words;
    kept in the group's history (apart from the other games') unless ``keep_it`` is
    False."""
    from rigs_helper.store.historyplay import play_of_protocol

    loaded = load(path)
    play = play_of_protocol(path, loaded)  # (refuses a game not over)
    result = loaded.game.score(loaded.state)
    if json:
        print_json({"game": loaded.game.name,
                    "winners": [p["name"] for p in result.players if p["winner"]],
                    "players": list(result.players)})
    else:
        say("\n".join(result.said))
    if keep_it:
        from rigs_helper.cli.keep import keep

        keep(play, quiet=json)


def new_game(rules: str, players: list[str], seed: int | None, options: dict[str, Any],
             force: bool, game: Path | None, json: bool, rigs_only: bool,
             group: str | None = None) -> None:
    """`rigs new --rules NAME ...` of a game on the protocol: its settings (the players,
    the seed, ``options`` given: ``dice``, ``tokens``, ...) checked by the game's ``new``;
    the options of R.I.G.S. alone are refused; ``group``: the group whose history keeps the
    game, as for R.I.G.S."""
    from rigs_helper.games import NAMES, get
    from rigs_helper.rules.checker import printable
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import gamestore
    from rigs_helper.store.files import fresh_seed

    rules = rules.strip().lower()
    if rules not in NAMES:
        raise InputError(f"--rules {rules!r}: give one of {', '.join(NAMES)}")
    g = get(rules)
    if rigs_only:
        raise InputError(f"--rules {rules}: --word, --ask-words, --plots, --have and --roll "
                         f"are R.I.G.S.'s; {g.title} takes --seed, --dice and its own "
                         "options")
    settings: dict[str, Any] = {"players": [p.strip() for p in players],
                                "seed": fresh_seed() if seed is None else seed,
                                **{k: v for k, v in options.items() if v is not None}}
    if group is not None:
        if not group.strip() or not printable(group.strip()):
            raise InputError(f"--group {group!r}: a group's name is printable text on one "
                             "line")
        settings["group"] = group.strip()
    path = game_path(game)
    state = gamestore.create(path, rules, settings, force)
    if json:
        print_json({"game": str(path), "status": g.status(state)})
        return
    where = where_option(game)
    say("\n".join([f"{g.title}: {' and '.join(g.players(state))}; saved to {path}.",
                   f"`rigs status{where}` shows the game; `rigs serve --host 0.0.0.0"
                   f"{where}` the board and a page per phone.",
                   *g.next_words(state, where)]))
