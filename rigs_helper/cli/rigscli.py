"""R.I.G.S.'s shared pieces of its commands: the completion of its values (players, plots,
resources, card titles: from the game file named on the line and its legal list) and
:func:`act` (one operation run on the game file, what it said printed).  The CLI's
generic options, errors and paths: :mod:`rigs_helper.cli.base`."""

from pathlib import Path
from typing import Annotated

import typer

from rigs_helper.cli.base import completion_path, game_path, print_json, typed_words
from rigs_helper.rules.text import shell_word


def _completion_game(ctx: typer.Context):
    """The game file named on the line being completed (else $RIGS_GAME, ./rigs.toml)."""
    from rigs_helper.store import session

    try:
        return session.load(completion_path()).game
    except Exception:  # no game file, or a bad one: nothing to offer
        return None


def _matching(words, incomplete: str) -> list[str]:
    """The words ``incomplete`` starts, without case or accents ("zo" offers Zoë)."""
    from rigs_helper.games.rigs.names import fold

    low = fold(incomplete)
    return [w for w in words if fold(w).startswith(low)]


def _legal(ctx: typer.Context, g, names: tuple[str, ...], incomplete: str) -> list[str] | None:
    """The values the player's legal actions allow here (games/rigs/legal), None when the list
    does not apply."""
    from rigs_helper.cli.legalhints import legal_values, option_being_completed

    return legal_values(ctx, g, names, option_being_completed(typed_words(), incomplete))


def complete_player(ctx: typer.Context, incomplete: str) -> list[str]:
    g = _completion_game(ctx)
    if g is None:
        return []
    legal = _legal(ctx, g, ("to", "target", "new_owner"), incomplete) \
        if ctx.params.get("player") or ctx.params.get("giver") else None
    return _matching(legal if legal is not None else [p.name for p in g.players], incomplete)


def complete_resource(ctx: typer.Context, incomplete: str) -> list[str]:
    """Resources: those the player's legal actions allow here, else all four."""
    from rigs_helper.games.rigs.tables import RESOURCES

    g = _completion_game(ctx)
    legal = _legal(ctx, g, ("resource", "harvest"), incomplete) if g else None
    return _matching(legal if legal is not None else list(RESOURCES), incomplete)


def complete_plot(ctx: typer.Context, incomplete: str) -> list[str]:
    """Plot ids: those the player's legal actions allow here (games/rigs/legal), else the plots
    of the first player named on the line, else every owned plot."""
    g = _completion_game(ctx)
    if g is None:
        return []
    legal = _legal(ctx, g, ("plot", "to", "from", "power", "skip"), incomplete)
    if legal is not None:
        return _matching(legal, incomplete)
    names = {p.name.lower(): p for p in g.players}
    who = next((names[a.lower()] for a in typed_words() if a.lower() in names), None)
    players = [who] if who else list(g.players)
    return _matching([x.id for p in players for x in p.plots], incomplete)


def _titles(incomplete: str, decks: tuple[str, ...]) -> list[str]:
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    return _matching(sorted({c.title for d in decks for c in getattr(tables, d)}),
                     incomplete)


def complete_title(incomplete: str) -> list[str]:
    """Disaster and Karma card titles."""
    return _titles(incomplete, ("karma", "disasters"))


def complete_karma_title(incomplete: str) -> list[str]:
    """Karma card titles (what every `rigs karma ...` command takes)."""
    return _titles(incomplete, ("karma",))


PlayerArg = Annotated[str, typer.Argument(help="The player.", autocompletion=complete_player)]


def act(game: Path | None, op, json: bool = False, summary: bool = False) -> None:
    """Run one operation on the game file and print what happened; ``summary``: the
    operation ends a phase, so also show what changed for each player in that phase."""
    from rigs_helper.games.rigs.dice import DieNeeded
    from rigs_helper.store import session

    rows = None
    try:
        if not summary:
            outcome = session.run(game_path(game), op)
        else:
            from rigs_helper.games.rigs.history import summary as phase_summary

            outcome, start = session.run_phase_end(game_path(game), op)
            # the phase that ended: from its start to where the next one began (what the
            # new phase's first steps did is that phase's, in its own summary); none when
            # no phase ended (Last Call opens inside the Production Phase)
            if outcome.boundary is not None:
                rows = {"round": start["round"], "phase": start["phase"],
                        "players": phase_summary(start, outcome.boundary)}
    except DieNeeded as err:  # the command to run again, as the shared screen may show
        from rigs_helper.cli.hidden import ASK  # it: a private value is asked for again
        from rigs_helper.games.rigs.engine import Op  # at a hidden prompt
        from rigs_helper.games.rigs.oplog import words

        if not isinstance(err.op, Op):
            raise

        raise DieNeeded(err.player, err.why, words(err.op, None, ASK)) from None
    # private lines stay off the shared screen: only who has news is said
    eyes = list(dict.fromkeys(who for who, _ in outcome.private))
    if json:
        from rigs_helper.games.rigs.oplog import words

        print_json({"action": words(op),
                    "messages": list(outcome.messages),
                    **({"summary": rows} if rows else {}), **outcome.data,
                    **({"private_for": eyes} if eyes else {})})
        return
    from rigs_helper.cli import render, rigsrender

    said = list(outcome.messages)
    if rows:  # the ended phase's last steps, its summary, then the new phase's first steps
        cut = len(said) if outcome.said_at_boundary is None else outcome.said_at_boundary
        render.say(*said[:cut])
        rigsrender.phase_summary(rows)
        said = said[cut:]
    render.say(*said, *(f"(news for {who}'s eyes only: `rigs hand {shell_word(who)}`)"
                        for who in eyes))
