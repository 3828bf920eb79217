"""Decks a group can trust: `rigs inventory` (a partial set) and `rigs verify`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, act, app, game_path, print_json


def read_inventory(path: Path, tables):
    """The inventory file -> the SetInventory operation."""
    from rigs_helper.engine import find_in
    from rigs_helper.files import read_text
    from rigs_helper.rules.decks import inventory_op, parse_inventory
    from rigs_helper.validate import parse_toml

    if not path.is_file():
        from rigs_helper.errors import InputError

        raise InputError(f"{path}: no such inventory file")
    doc = parse_toml(read_text(path), str(path))
    missing = parse_inventory(doc, str(path), tables,
                              lambda deck, text: find_in(tables, deck, text))
    return inventory_op(missing, f"--have {path.name}")


def deck_mix(g) -> dict:
    """Per deck, physical and virtual cards left (mixed decks) or "virtual"."""
    from rigs_helper.rules.decks import MIXABLE, deck_counts

    return {d: deck_counts(getattr(g, d).draw, getattr(g, d).virtual) if d in g.missing
            else "virtual" for d in MIXABLE}


@app.command()
def inventory(
    have: Annotated[Path | None, typer.Argument(
        help="A TOML file listing, per deck, the cards the group owns or lacks (set it "
        "before round 1's Disaster Phase). Without it: show the game's inventory.",
        show_default=False)] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Show or set which Disaster and Karma cards the group owns (a partial set)."""
    from rigs_helper.data import load_tables

    tables = load_tables()
    if have is not None:
        act(game, read_inventory(have, tables), json)
        return
    from rigs_helper import session
    from rigs_helper.rules.decks import inventory_doc

    g = session.load(game_path(game), tables).game
    missing = inventory_doc(g.missing, tables)
    left = deck_mix(g)
    if json:
        print_json({"missing": missing, "left": left})
        return
    for deck, mix in left.items():
        if mix == "virtual":
            print(f"{deck.title()}: all virtual (drawn by rigs).")
            continue
        lacks = ", ".join(f"{t} x{n}" for t, n in missing[deck].items()) or "nothing"
        print(f"{deck.title()}: the group lacks {lacks}; left in the pile: "
              f"{mix['physical']} of yours, {mix['virtual']} virtual.")
