"""Decks a group can trust: `rigs inventory` (a partial set) and `rigs verify`."""


from pathlib import Path
from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, game_path, print_json
from rigs_helper.cli.rigscli import act

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)


def read_inventory(path: Path, tables):
    """The inventory file -> the SetInventory operation."""
    from rigs_helper.games.rigs.piles import find_in
    from rigs_helper.store.files import read_text
    from rigs_helper.games.rigs.decks import inventory_op, parse_inventory
    from rigs_helper.rules.checker import parse_toml

    if not path.is_file():
        from rigs_helper.rules.errors import InputError

        raise InputError(f"{path}: {not_a_file(path)}")
    doc = parse_toml(read_text(path), str(path))
    missing = parse_inventory(doc, str(path), tables,
                              lambda deck, text: find_in(tables, deck, text))
    return inventory_op(missing, f"--have {path.name}")


def not_a_file(path: Path) -> str:
    """What ``path``, which is no regular file, is (an inventory is a TOML file)."""
    import stat

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "no such inventory file"
    except OSError as exc:
        return f"cannot read it: {exc.strerror}"
    what = ("a folder" if stat.S_ISDIR(mode) else "a device" if stat.S_ISCHR(mode)
            or stat.S_ISBLK(mode) else "a pipe" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
    return f"is {what}, not an inventory file (a TOML file: see `rigs inventory --help`)" \
        if what != "not a regular file" else f"{what}: an inventory is a TOML file"


def deck_mix(g, tables) -> dict:
    """Per deck, the group's cards and virtual ones left (mixed decks) or "virtual"."""
    from rigs_helper.games.rigs.mixed import MIXABLE, cards_left

    return {d: cards_left(g, tables, d) or "virtual" for d in MIXABLE}


@app.command()
def inventory(
    have: Annotated[Path | None, typer.Argument(
        help="A TOML file listing, per deck, the cards the group owns or lacks (set it "
        "before round 1's Disaster Phase; the Plot deck's at `rigs new --have FILE`). "
        "Without it: show the game's inventory.",
        show_default=False)] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Show or set which cards of each deck the group owns (a partial set): Plot cards
    by type, Survey cards by yield, Market cards by category, Disaster and Karma cards by
    title."""
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    if have is not None:
        act(game, read_inventory(have, tables), json)
        return
    from rigs_helper.store import session
    from rigs_helper.games.rigs.decks import inventory_doc
    from rigs_helper.games.rigs.mixed import own_left

    g = session.load(game_path(game), tables).game
    missing = inventory_doc(g.missing, tables)
    left = deck_mix(g, tables)
    if json:
        print_json({"missing": missing, "left": left, "yours": own_left(g, tables)})
        return
    for deck, mix in left.items():
        if mix == "virtual":
            print(f"{deck.title()}: all virtual (drawn by rigs).")
            continue
        lacks = ", ".join(("yield " if deck == "survey" else "") + f"{t} x{n}"
                          for t, n in missing[deck].items()) or "nothing"
        if deck == "market":
            game_deck = len(g.market.game)
            mine = own_left(g, tables)
            print(f"Market: the group lacks {lacks}; left: Game Market Deck "
                  f"{mine['market']} of yours, {game_deck - mine['market']} virtual; End "
                  f"Game Market deck {mine['endgame']} of yours, "
                  f"{mix['physical'] + mix['virtual'] - game_deck - mine['endgame']} "
                  "virtual.")
            continue
        print(f"{deck.title()}: the group lacks {lacks}; left in the pile: "
              f"{mix['physical']} of yours, {mix['virtual']} virtual.")


PROTECTS = (
    "What this protects: the virtual cards and the dice rigs rolled. A pile, a hand or a "
    "roll changed in the game file (or its log) no longer matches the seed behind the "
    "commitment you photographed.",
    "What it does not: anyone with the game file and rigs-helper's code can compute the "
    "decks from the seed and peek at what comes next; and the group's own cards are only "
    "as honest as what the table records with --card.",
)


@app.command()
def verify(
    reveal: Annotated[bool, typer.Option(
        "--reveal", help="Verify before the game is over (the seed is shown: whoever sees "
        "it can work out the decks).")] = False,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Replay every virtual draw and roll in the log from the committed seed; exit 0 when
    every pile, hand and roll agrees, 1 when one was changed outside rigs."""
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables
    from rigs_helper.rules.errors import RulesError
    from rigs_helper.games.rigs.replay import short
    from rigs_helper.store.audit import audit as replay

    tables = load_tables()
    path = game_path(game)
    g = session.load(path, tables).game
    if not g.game_over and not reveal:
        raise RulesError("the game is not over", rule="`rigs verify --reveal` verifies now "
                         "and shows the seed: whoever sees it can work out the decks")
    v = replay(path, tables)
    if json:
        print_json({"ok": v.ok, "seed": v.seed, "commitment": v.commitment,
                    "seed_hash": v.expected, "actions": v.actions,
                    "findings": [{"entry": f.step, "action": f.action, "kind": f.kind,
                                  "where": list(f.where)} for f in v.findings]})
        raise typer.Exit(0 if v.ok else 1)
    print(f"Seed {v.seed}: its hash is {short(v.expected)} (in full: {v.expected}).")
    if not v.commitment:
        print("This game has no commitment on file: compare the hash with your photo.")
    elif v.commitment != v.expected:
        print(f"The game file's commitment ({short(v.commitment)}) is NOT the hash of its "
              "seed: the seed or the commitment was changed.")
    else:
        print("Compare it with the commitment you photographed before round 1.")
    print(f"Replayed {v.actions} action{'s' if v.actions != 1 else ''} from the seed.")
    for f in v.findings:
        what = {"cards": "cards differ", "rolls": "rolls differ",
                "books": "edited by hand (books, not cards)"}[f.kind]
        print(f"  entry {f.step} ({f.action}): {what}: {', '.join(f.where)}")
    if v.ok:
        print("Every pile, hand and roll agrees with the seed.")
    else:
        print("Something differs from what the committed seed gives (see above).")
    for line in PROTECTS:
        print(line)
    raise typer.Exit(0 if v.ok else 1)
