"""Small checks for user-written TOML (scoring sheets, game files).

Every failure is an :class:`InputError` whose message starts with the file name and names
the key path, so a user can find the mistake in their file.
"""

from __future__ import annotations

import re
import tomli
from typing import Any

from rigs_helper.rules.errors import InputError

MAX_INT = 2**63 - 1  # TOML's integers are 64-bit
MAX_DEPTH = 100  # arrays and tables nested deeper than this are refused


def parse_toml(text: str, file: str) -> dict[str, Any]:
    deep = _too_deep(text)
    if deep:
        raise InputError(f"{file}: line {deep}: the file is nested too deeply (arrays or "
                         f"tables more than {MAX_DEPTH} levels deep)")
    try:
        doc = tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        raise InputError(f"{file}: invalid TOML: {exc}") from None
    except RecursionError:
        raise InputError(f"{file}: the file is nested too deeply") from None
    except ValueError:  # Python's limit on the digits of an integer
        line, key = _long_number(text)
        raise InputError(f"{file}: line {line}: key '{key}': a number too long to be a "
                         "number of the game") from None
    if _depth(doc) > MAX_DEPTH:  # dotted keys and headers nest without brackets
        raise InputError(f"{file}: line {_most_dotted(text)}: the file is nested too deeply "
                         f"(keys or tables more than {MAX_DEPTH} levels deep)")
    return doc


def _depth(doc: Any) -> int:
    """How deep tables and arrays nest in ``doc`` (counted without recursion)."""
    if not isinstance(doc, (dict, list)):
        return 1
    deepest, stack = 1, [(doc, 1)]  # (a value's own depth counts; only tables and
    while stack:                      # arrays are stacked: their values one deeper)
        value, d = stack.pop()
        if d > deepest:
            deepest = d
        if d > MAX_DEPTH:
            break
        values = value.values() if isinstance(value, dict) else value
        if values and d + 1 > deepest:
            deepest = d + 1
        stack += [(v, d + 1) for v in values if isinstance(v, (dict, list))]
    return deepest


def _most_dotted(text: str) -> int:
    """The line with the most dots outside strings and comments (where a too deep key or
    table header is)."""
    best, where = -1, 1
    for n, line in enumerate(text.splitlines(), 1):
        dots = re.sub(r'''"(?:[^"\\]|\\.)*"|'[^']*'|#.*''', "", line).count(".")
        if dots > best:
            best, where = dots, n
    return where


_BRACKETS = re.compile(r"""[\[\]{}\n]|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|\#[^\n]*""")


def _too_deep(text: str) -> int:
    """The line where brackets nest deeper than MAX_DEPTH (0 when they do not); strings
    and comments are skipped, which is enough to refuse before the parser recurses."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0
    depth, line = 0, 1
    for m in _BRACKETS.finditer(text):
        ch = m.group()
        if ch == "\n":
            line += 1
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return line
        elif ch in "]}":
            depth = max(0, depth - 1)
    return 0


def _long_number(text: str) -> tuple[int, str]:
    m = re.search(r"\d[\d_]{4000,}", text)
    if not m:
        return 1, "?"
    line = text.count("\n", 0, m.start()) + 1
    start = text.rfind("\n", 0, m.start()) + 1
    key = text[start:m.start()].split("=")[0].strip(" \t[{,") or "?"
    return line, key[:60]


def printable(name: str) -> bool:
    """Names are one line of printable text (no control characters)."""
    return name.isprintable()


class Checker:
    """Names ``file`` and the dotted key in every error it raises."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, key: str, problem: str) -> InputError:
        where = f"key '{key}'" if key else "top level"
        err = InputError(f"{self.file}: {where}: {problem}")
        err.key = key  # type: ignore[attr-defined]  # for `rigs doctor`
        return err

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
        if value > MAX_INT:
            raise self.fail(key, "is too large")
        return value

    def string(self, value: Any, key: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be a non-empty string, not {value!r}"[:200])
        return value

    def name(self, value: Any, key: str) -> str:
        """A player's name: one line of printable text."""
        name = self.string(value, key).strip()
        if not printable(name):
            raise self.fail(key, f"a name must be printable text on one line, not {name!r}")
        return name

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
