"""Game commands: new, grant, lose, undo, log."""

from __future__ import annotations

from typing import Annotated

import typer

from rigs_helper.cli.base import (
    GameOpt,
    JsonOpt,
    act,
    app,
    complete_player,
    complete_plot,
    game_path,
    log_fields,
    print_json,
)


@app.command()
def new(
    player: Annotated[list[str], typer.Option(
        "--player", "-p", help="A player's name; give it once per player (2 to 4), in "
        "seating order.")],
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed of the game's generator: same seed and names, same game.",
        min=0)] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace an existing game file.")]
    = False,
    game: GameOpt = None,
    json: JsonOpt = False,
) -> None:
    """Start a game: shuffle the decks, deal the starting kits and plots, pick the leader."""
    from rigs_helper.rules.rng import MAX_SEED
    from rigs_helper.rules.setup import new_game
    from rigs_helper.store import session
    from rigs_helper.store.files import fresh_seed
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    if seed is not None and seed > MAX_SEED:
        from rigs_helper.rules.errors import InputError

        raise InputError(f"--seed must be at most {MAX_SEED}")
    seed = fresh_seed() if seed is None else seed
    outcome = new_game(player, seed, tables)
    path = game_path(game)
    session.create(path, outcome, "new " + " ".join(f"--player {n!r}" for n in player)
                   + f" --seed {seed}", force, tables, annotate=log_fields)
    if json:
        from rigs_helper.rules.views import status_dict

        print_json({"game": str(path), "seed": seed, "messages": list(outcome.messages),
                    "status": status_dict(outcome.game, tables)})
        return
    for line in outcome.messages:
        print(line)
    print("Write these ids on your plot cards: commands name a plot by its id (P7, p7 or 7) "
          "or by its type when the player owns one plot of that type.")
    print(f"Saved to {path}. Next: `rigs status`, then `rigs next` to end each phase.")


@app.command()
def grant(
    plot: Annotated[str | None, typer.Argument(
        help="The plot the leader keeps: its id (P7, 7) or its type when only one drawn "
        "plot has it (without it: show the drawn plots).",
        show_default=False)] = None,
    order: Annotated[str | None, typer.Option(
        "--order", help="The order the other players receive the rest, e.g. Bo,Cy "
        "(default: seating order after the leader).")] = None,
    give: Annotated[list[str] | None, typer.Option(
        "--give", help="Record who drew which plot at the table: NAME=PLOT (instead of a "
        "random deal).")] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """The Land Grant: the Expedition Leader keeps one drawn plot, the rest go out at random."""
    if plot is None:
        from rigs_helper.store import session
        from rigs_helper.store.tablefiles import load_tables

        tables = load_tables()
        g = session.load(game_path(game), tables).game
        plots = [{"id": pid, "type": tables.plot_deck[int(pid[1:]) - 1]} for pid in g.grant]
        if json:
            print_json({"leader": g.leader, "grant": plots})
        elif not plots:
            print("No Land Grant is waiting.")
        else:
            print(f"For {g.leader}'s eyes: " + ", ".join(
                f"{p['id']} {tables.plots[p['type']].name}" for p in plots))
        return
    from rigs_helper.rules.errors import InputError
    from rigs_helper.rules.phases import GrantPick

    given = []
    for g_ in give or ():
        name, sep, pid = g_.partition("=")
        if not sep:
            raise InputError(f"--give {g_!r}: use NAME=PLOT")
        given.append((name.strip(), pid.strip()))
    act(game, GrantPick(plot, tuple(x.strip() for x in order.split(",")) if order else None,
                        tuple(given)), json)


@app.command()
def lose(
    player: Annotated[str, typer.Argument(help="The player who must lose RIGS.",
                                          autocompletion=complete_player)],
    n: Annotated[int, typer.Argument(help="How many of the RIGS owed to lose now.")] = 1,
    source: Annotated[str | None, typer.Option(
        "--from", help="Where the RIGS are lost from: a plot (P7, 7, or its type) or "
        "'warehouse' (default: the warehouse, else the plot with the most RIGS).",
        autocompletion=complete_plot)] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Settle N pending RIGS losses at once: the player chooses which RIGS go."""
    from rigs_helper.rules.phases import LoseRigs

    act(game, LoseRigs(player, source, n), json)


@app.command()
def undo(
    n: Annotated[int, typer.Argument(help="How many actions to undo.", min=1)] = 1,
    force: Annotated[bool, typer.Option(
        "--force", help="Undo even though the file was edited by hand since.")] = False,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Step back N actions, restoring the exact state (decks and generator included)."""
    from rigs_helper.store import session

    done = session.undo(game_path(game), n, force)
    if json:
        print_json({"undone": done.actions, "round": done.game.round,
                    "phase": done.game.phase})
        return
    for a in reversed(done.actions):
        print(f"undone: {a}")
    print(f"Now round {done.game.round}, {done.game.phase.title()} Phase.")


@app.command()
def log(
    ledger: Annotated[bool, typer.Option(
        "--ledger", help="Also show where every unit each action moved came from or went "
        "to, and the RIGS and plots it moved.")] = False,
    round_: Annotated[int | None, typer.Option(
        "--round", help="Only this round.", min=1, show_default=False)] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """List every action of the game and what came of it (Disasters dealt, Market card and
    price, survey yields, dice rolled, plots granted), by round and phase.

    Karma cards in a hand are never named.
    """
    from rigs_helper.store import session

    rows = session.history(game_path(game))
    if round_ is not None:
        rows = [r for r in rows if r["round"] == round_]
    if json:
        print_json({"log": rows})
        return
    lines = []
    for r in rows:
        lines.append(f"{r['n']:>4}  round {r['round']:>2} {str(r['phase']):<10} {r['action']}")
        lines += [f"{'':>8}{x}" for x in r["said"]]
        if ledger:
            lines += [f"{'':>8}= {x}" for x in r["ledger"]]
    print("\n".join(lines))
