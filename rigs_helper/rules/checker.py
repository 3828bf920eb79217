"""Small checks for user-written TOML (scoring sheets, game files).

Every failure is an :class:`InputError` whose message starts with the file name and names
the key path, so a user can find the mistake in their file.
"""

from __future__ import annotations

import tomllib
from typing import Any

from rigs_helper.rules.errors import InputError


def parse_toml(text: str, file: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{file}: invalid TOML: {exc}") from None


class Checker:
    """Names ``file`` and the dotted key in every error it raises."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, key: str, problem: str) -> InputError:
        where = f"key '{key}'" if key else "top level"
        return InputError(f"{self.file}: {where}: {problem}")

    def table(self, value: Any, key: str, allowed: set[str] | frozenset[str] | None = None
              ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(key, f"must be a table, not {type(value).__name__}")
        if allowed is not None:
            for k in value:
                if k not in allowed:
                    raise self.fail(_join(key, k), "unknown key (allowed: "
                                    + ", ".join(sorted(allowed)) + ")")
        return value

    def whole(self, value: Any, key: str, minimum: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be a whole number, not {value!r}")
        if value < minimum:
            raise self.fail(key, f"must be {minimum} or more, not {value}")
        return value

    def string(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be a non-empty string, not {value!r}")
        return value

    def array(self, value: Any, key: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, not {type(value).__name__}")
        return value

    def choice(self, value: Any, key: str, options: tuple[str, ...] | list[str]) -> str:
        if not isinstance(value, str) or value.lower() not in options:
            raise self.fail(key, f"must be one of {', '.join(options)}, not {value!r}")
        return value.lower()


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
