"""`rigs check --pile`: the group's own cards the table counts in each pile of a partial
set, against the books (read-only)."""

import typer

from rigs_helper.cli.base import print_json
from rigs_helper.cli.render import say

_NAMES = {"plot": "Plot pile", "survey": "Survey pile", "disaster": "Disaster pile",
          "karma": "Karma pile", "market": "Game Market Deck",
          "endgame": "End Game Market deck"}


def check_piles(g, tables, items: list[str], words, json: bool) -> None:
    """Compare each DECK=N with the books; exit 1 when one differs."""
    from rigs_helper.rules.errors import InputError
    from rigs_helper.games.rigs.mixed import own_left
    from rigs_helper.rules.numbers import is_whole

    if words:
        raise InputError(f"{words[0]!r}: check the piles or the players, one at a time "
                         "(`rigs check --pile DECK=N ...`)")
    books = own_left(g, tables)
    counts: dict[str, int] = {}
    for item in items:
        deck, sep, text = item.partition("=")
        deck = deck.strip().lower()
        if not sep or deck not in _NAMES or not is_whole(text.strip(), 0):
            raise InputError(f"--pile {item!r}: give DECK=N, DECK one of "
                             + ", ".join(_NAMES))
        if deck not in books:
            what = "market" if deck == "endgame" else deck
            raise InputError(f"--pile {item!r}: the {what.title()} deck is all virtual "
                             "(no pile of yours: see `rigs inventory`)")
        counts[deck] = int(text.strip())
    diffs = {d: (n, books[d]) for d, n in counts.items() if n != books[d]}
    if json:
        print_json({"agree": not diffs, "piles": [
            {"pile": d, "table": n, "books": books[d]} for d, n in counts.items()]})
        raise typer.Exit(1 if diffs else 0)
    for d, n in counts.items():
        mark = "agrees" if d not in diffs else f"the books say {books[d]}"
        say(f"{_NAMES[d]}: {n} of your cards ({mark}).")
    if diffs:
        say("A card was drawn and not recorded, or recorded and not drawn: `rigs log` "
            "lists the draws; `rigs undo` steps back to put one right (nothing was "
            "changed).")
        raise typer.Exit(1)
