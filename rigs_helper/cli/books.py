"""`rigs check`: the table's count against the books (read-only)."""


from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, game_path, print_json
from rigs_helper.cli.render import say

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)


def _groups(words: list[str], every: bool, names: list[str]) -> list[tuple[str, list[str]]]:
    """``PLAYER KEY=N ...`` (or, with --all, ``PLAYER KEY=N ... PLAYER KEY=N ...``) ->
    [(player, [KEY=N, ...])]."""
    from rigs_helper.rules.errors import InputError

    groups: list[tuple[str, list[str]]] = []
    for w in words:
        if "=" not in w:
            if groups and not every:
                raise InputError(f"{w!r}: give KEY=N (one player per check; --all for "
                                 "everyone)")
            groups.append((w, []))
        elif not groups:
            raise InputError(f"{w!r}: name the player first (`rigs check PLAYER KEY=N`)")
        else:
            groups[-1][1].append(w)
    if not groups:
        raise InputError("name a player and what the table counted, e.g. "
                         "`rigs check Ana credits=120 rigs=7`")
    if every:
        given = {g[0].strip().lower() for g in groups}
        missing = [n for n in names if n.lower() not in given]
        if missing:
            raise InputError("--all: give the table's count for every player (no count for "
                             + ", ".join(missing) + ")")
    return groups


@app.command()
def check(
    words: Annotated[list[str] | None, typer.Argument(
        help="PLAYER then KEY=N for each count: credits, energy, supplies, metal, luxuries, "
        "rigs, karma (cards in hand), plots, vinnie.RESOURCE, or a plot (P7=3 or "
        "desert=3: RIGS on it). With --all: each player's name followed by their counts.",
        show_default=False)] = None,
    every: Annotated[bool, typer.Option(
        "--all", help="Check every player: PLAYER KEY=N ... PLAYER KEY=N ...")] = False,
    pile: Annotated[list[str] | None, typer.Option(
        "--pile", help="A pile of the group's own cards the table counts (a partial set): "
        "plot=N, survey=N, disaster=N, karma=N, market=N (Game Market Deck), "
        "endgame=N (End Game Market deck).", show_default=False)] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Compare what the table counts with the books; prints the `rigs adjust` commands
    that would fix each difference.  Changes nothing.  Exit 0 when all agree, 1 if not."""
    from rigs_helper.games.rigs import books
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    g = session.load(game_path(game), tables).game
    if pile:
        from rigs_helper.cli.pilecheck import check_piles

        check_piles(g, tables, pile, words, json)
        return
    words = words or []
    groups = _groups(words, every, [p.name for p in g.players])
    loanable = tuple(tables.constants.loanable)
    results = []
    seen: set[str] = set()
    for who, items in groups:
        name = g.player(who).name
        if name in seen:
            from rigs_helper.rules.errors import InputError

            raise InputError(f"{name} is named twice")
        seen.add(name)
        counts = books.parse_counts(items, loanable, tuple(tables.plots))
        diffs = books.compare(g, name, counts)
        results.append((name, counts, diffs))
    wrong = [r for r in results if r[2]]
    if json:
        print_json({"agree": not wrong, "players": [
            {"name": n, "agree": not d,
             "differences": [{"key": x.key, "table": x.table, "books": x.books} for x in d],
             "fixes": books.fixes(n, d)} for n, c, d in results]})
        raise typer.Exit(1 if wrong else 0)
    for name, counts, diffs in results:
        say("\n".join(books.report(name, counts, diffs)))
    if wrong:
        say("To bring the books in line (nothing was changed):")
        for name, _, diffs in wrong:
            for line in books.fixes(name, diffs):
                say("  " + line)
        raise typer.Exit(1)
