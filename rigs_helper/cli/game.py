"""Game commands: new, grant, lose, undo, log."""

from __future__ import annotations

from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, act, app, game_path, print_json


def _deal(items: list[str]) -> dict[str, list[str]]:
    from rigs_helper.rules.errors import InputError

    out: dict[str, list[str]] = {}
    for item in items:
        name, sep, types = item.partition("=")
        if not sep or not name.strip() or not types.strip():
            raise InputError(f"--plots {item!r}: write PLAYER=TYPE,TYPE,...")
        if name.strip().lower() in (n.lower() for n in out):
            raise InputError(f"--plots {name.strip()}: named twice")
        out[name.strip()] = [t for t in types.split(",") if t.strip()]
    return out


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
    plots: Annotated[list[str] | None, typer.Option(
        "--plots", help="The table's own deal of starting plots: PLAYER=TYPE,TYPE,... "
        "(once per player), e.g. Ana=forest,plains,valley,ridge.")] = None,
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
    deal = _deal(plots or [])
    outcome = new_game(player, seed, tables, deal)
    path = game_path(game)
    session.create(path, outcome, "new " + " ".join(f"--player {n!r}" for n in player)
                   + f" --seed {seed}" + "".join(f" --plots {x!r}" for x in plots or []),
                   force, tables)
    if json:
        from rigs_helper.rules.views import status_dict

        print_json({"game": str(path), "seed": seed, "messages": list(outcome.messages),
                    "status": status_dict(outcome.game, tables)})
        return
    for line in outcome.messages:
        print(line)
    print(f"Saved to {path}. Next: `rigs status`, then `rigs next` to end each phase.")


@app.command()
def grant(
    plot: Annotated[str | None, typer.Argument(
        help="The plot the leader keeps (without it: show the drawn plots).",
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
    player: Annotated[str, typer.Argument(help="The player who must lose a RIGS.")],
    source: Annotated[str | None, typer.Option(
        "--from", help="Where the RIGS is lost from: a plot id or 'warehouse' (default: the "
        "warehouse, else the plot with the most RIGS).")] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """Settle a pending "lose a RIGS": the player chooses which RIGS goes."""
    from rigs_helper.rules.phases import LoseRigs

    act(game, LoseRigs(player, source), json)


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
        "to.")] = False,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """List every action of the game with its round and phase."""
    from rigs_helper.store import session

    rows = session.history(game_path(game))
    if json:
        print_json({"log": rows})
        return
    lines = []
    for r in rows:
        lines.append(f"{r['n']:>4}  round {r['round']:>2} {str(r['phase']):<10} {r['action']}")
        if ledger:
            lines += [f"{'':>8}{x}" for x in r["ledger"]]
    print("\n".join(lines))
