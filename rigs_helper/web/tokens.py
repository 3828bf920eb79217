"""The players' private links: one random token per player, kept in a file beside the game
file (never in it: the game file is shared and hand-edited), compared in constant time."""

from __future__ import annotations

import hmac
import os
import secrets
import tomli
from pathlib import Path

from rigs_helper.rules.errors import InputError


def token_path(game: Path) -> Path:
    return game.with_name(f".{game.name}.tokens")


def load_tokens(game: Path, players: list[str], renew: bool = False) -> dict[str, str]:
    """Each player's token: the stored one, else a new one (all new with ``renew``).
    The file is rewritten (mode 600) only when a token was made."""
    path = token_path(game)
    old: dict[str, str] = {}
    if path.exists() and not renew:
        try:
            raw = tomli.loads(path.read_text(encoding="utf-8")).get("tokens", {})
        except (OSError, UnicodeDecodeError, tomli.TOMLDecodeError):
            raw = {}  # a damaged token file: new links for everyone
        old = {k: v for k, v in raw.items() if isinstance(v, str) and len(v) >= 16}
    tokens = {name: old.get(name) or secrets.token_urlsafe(18) for name in players}
    if tokens != {k: v for k, v in old.items() if k in tokens} or renew or \
            set(old) != set(tokens):
        _save(path, tokens)
    return tokens


def _save(path: Path, tokens: dict[str, str]) -> None:
    import tomli_w

    from rigs_helper.store.files import write_atomic

    text = ("# rigs serve: each player's private link token (delete this file or run "
            "`rigs serve --new-tokens` for new links)\n" + tomli_w.dumps({"tokens": tokens}))
    try:
        write_atomic(path, text)
        os.chmod(path, 0o600)
    except OSError as exc:
        raise InputError(f"{path}: cannot write the tokens: {exc.strerror}") from None


def player_for(tokens: dict[str, str], given: str) -> str | None:
    """The player whose token is ``given`` (every token compared, in constant time)."""
    found = None
    g = given.encode("utf-8", "surrogateescape")
    for name, token in tokens.items():
        if hmac.compare_digest(token.encode(), g):
            found = name
    return found
