"""`rigs serve`: the game on a screen, and each player's controls on their own phone."""


import sys
from typing import Annotated

import typer

from rigs_helper.cli.base import GameOpt, completion_path, game_path

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

CLEAR = "\033[2J\033[H"


def complete_player(incomplete: str) -> list[str]:
    """--link: the players of the game file named on the line (any game)."""
    from rigs_helper.rules.players import fold
    from rigs_helper.web.sites import site

    try:
        names = site(completion_path()).players()
    except Exception:  # no game file, or a bad one: nothing to offer
        return []
    low = fold(incomplete)
    return [n for n in names if fold(n).startswith(low)]


@app.command()
def serve(
    host: Annotated[str, typer.Option(
        "--host", help="Address to listen on. 0.0.0.0 lets the phones on this network in "
        "(and anyone else on it: see the README).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port (0: any free port).",
                                      min=0, max=65535)] = 8765,
    link: Annotated[str | None, typer.Option(
        "--link", help="Show this player's link (and its QR code) and stop; give the "
        "--host and --port the server runs with.", autocompletion=complete_player)] = None,
    new_tokens: Annotated[bool, typer.Option(
        "--new-tokens", help="Make new private links (the old ones stop working).")] = False,
    game: GameOpt = None,
) -> None:
    """Serve the table's board at / and each player's page (their controls) at a private
    link, shown as a QR code one player at a time.

    Players act from their page (the same rules, lock and log as the commands); every open
    page shows a change within a second.  Stop with Ctrl+C.
    """
    from rigs_helper.rules.errors import InputError
    from rigs_helper.web.guard import EVERY, check_host, link_host
    from rigs_helper.web.sites import site as site_of
    from rigs_helper.web.tokens import load_tokens

    check_host(host)
    path = game_path(game)
    site = site_of(path)  # the file's game's pages (web/sites.py)
    names = site.players()
    if link is not None and new_tokens:  # the server running keeps the links it read
        raise InputError("--new-tokens: give it when starting the server (`rigs serve "
                         "--new-tokens`), not with --link: a running server keeps its links")
    if link is not None:  # as every command takes a name: "maxi", "zoe"
        from rigs_helper.rules.players import match_player

        try:
            link = match_player(link, names)
        except InputError:
            raise InputError(f"--link {link}: not a player of this game "
                             f"({', '.join(names)})") from None
    shown = link_host(host)
    tokens = load_tokens(path, names, renew=new_tokens)
    if link is not None:
        if port == 0:
            raise InputError("--link needs the --port the server runs with (not 0)")
        url = f"http://{shown}:{port}/p/{tokens[link]}"
        print(f"{link}'s page (for {link}'s eyes only): {url}")
        if loopback(host):  # no QR code for an address a phone cannot open
            print(unreachable(host, _where(game, path)))
        else:
            print(qr_text(url))
        return
    try:
        server = site.server(tokens, host, port, link=shown)
    except OSError as exc:
        raise InputError(f"--host {host} --port {port}: cannot listen: {exc.strerror}"
                         ) from None
    base = f"http://{shown}:{server.server_address[1]}"
    _serve(server, path, base, tokens, host, every=host in EVERY, where=_where(game, path))


def _where(game, path) -> str:
    """" -g FILE" when the game file was named (the command then runs as printed)."""
    from rigs_helper.rules.text import shell_word

    return f" -g {shell_word(str(path))}" if game is not None else ""


def loopback(host: str) -> bool:
    """An address only this computer can open (127.0.0.1, ::1, localhost)."""
    import ipaddress

    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def unreachable(host: str, where: str = "") -> str:
    """The one line `rigs serve` says on a loopback host (``where``: " -g FILE")."""
    return f"Phones cannot reach {host}; to let them in: `rigs serve --host 0.0.0.0{where}`"


def qr_text(url: str) -> str:
    """The link as a QR code drawn with text (two rows of modules per line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def show_links(head: list[str], base: str, tokens: dict[str, str], ask=input) -> None:
    """Each player's link as a QR code, one player at a time, the screen cleared before
    the next and after the last: a private link never stays on the shared screen."""
    for name, token in tokens.items():
        print(CLEAR + "\n".join(head))
        print(f"\n{name}: scan this with your phone (only {name} looks):")
        print(qr_text(f"{base}/p/{token}"), flush=True)
        ask("Press Enter for the next player. ")
    print(CLEAR, end="", flush=True)


def _serve(server, path, base: str, tokens: dict[str, str], host: str, every: bool,
           where: str = "") -> None:
    import threading

    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.25},
                              daemon=True)
    thread.start()
    head = [f"Serving {path}.", f"Board (for everyone): {base}/"]
    if every:
        head.append("Listening on every network this machine is on: anyone there can see "
                    "the board; keep the private links private.")
    port = server.server_address[1]
    again = (f"A player's link again: `rigs serve --link NAME --port {port}"
             + (f" --host {host}`" if host != "127.0.0.1" else "`") + ". Ctrl+C stops.")
    tail = [unreachable(host, where)] if loopback(host) else []
    try:
        if sys.stdin.isatty() and sys.stdout.isatty() and not tail:
            show_links(head, base, tokens)
        print("\n".join(head + [again] + tail), flush=True)
        threading.Event().wait()
    except (KeyboardInterrupt, EOFError):
        pass
    finally:
        server.shutdown()
        server.server_close()
