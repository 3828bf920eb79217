"""`rigs serve`: the game on a screen, and a private page for each player."""

from __future__ import annotations

from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, app, game_path


@app.command()
def serve(
    host: Annotated[str, typer.Option(
        "--host", help="Address to listen on. 0.0.0.0 lets phones on the same network in "
        "(and anyone else on it: see the README).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port (0: any free port).",
                                      min=0, max=65535)] = 8765,
    new_tokens: Annotated[bool, typer.Option(
        "--new-tokens", help="Make new private links (the old ones stop working).")] = False,
    game: GameOpt = None,
) -> None:
    """Serve the table's board at / and each player's private page at the link printed.

    Pages follow the game file within a couple of seconds; the commands stay the way to
    act (the pages never change the file).  Stop with Ctrl+C.
    """
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables
    from rigs_helper.web.server import make_server
    from rigs_helper.web.tokens import load_tokens, token_path

    tables = load_tables()
    path = game_path(game)
    g = session.load(path, tables).game
    tokens = load_tokens(path, [p.name for p in g.players], renew=new_tokens)
    try:
        server = make_server(path, tables, tokens, host, port)
    except OSError as exc:
        raise InputError(f"--host {host} --port {port}: cannot listen: {exc.strerror}"
                         ) from None
    shown = host if host not in ("0.0.0.0", "::", "") else "THIS-MACHINE'S-ADDRESS"
    if ":" in shown:
        shown = f"[{shown}]"
    base = f"http://{shown}:{server.server_address[1]}"
    lines = [f"Serving {path} (read only).", f"Board (for everyone): {base}/"]
    lines += [f"For {name}'s eyes only: {base}/p/{tok}" for name, tok in tokens.items()]
    lines.append(f"Links are kept in {token_path(path)}; `rigs serve --new-tokens` makes "
                 "new ones. Ctrl+C stops.")
    if shown != host:
        lines.append("Listening on every network this machine is on: anyone there can see "
                     "the board; keep the private links private.")
    print("\n".join(lines), flush=True)
    try:
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
