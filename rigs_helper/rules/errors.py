"""The one exception family of rigs-helper.

Every error a user can cause is a :class:`RigsError` (a ``ValueError``).  The CLI turns
it into a one-line message on stderr and the exit code below, in one place.
"""

from __future__ import annotations


class RigsError(ValueError):
    """Base of every error a user can cause; ``str(err)`` is the one-line message."""

    exit_code = 1


class TableError(RigsError):
    """A file in ``tables/`` is malformed (names the file and the key)."""

    exit_code = 4


class InputError(RigsError):
    """A scoring sheet, game file or argument is malformed (names file, line or key)."""


class RulesError(RigsError):
    """An action the rules forbid; names the rule that forbids it."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class PendingChoice(RigsError):
    """The rules leave a choice to a person and it has not been made yet."""

    exit_code = 3

    def __init__(self, choices: list[str]) -> None:
        self.choices = choices
        super().__init__("waiting for a choice: " + "; ".join(choices))


class Stale(RigsError):
    """An action read on an older moment of the game (a page's form read in one phase and
    sent in the next): never applied to the moment it was not meant for."""

    exit_code = 1

    def __init__(self, message: str, changed: dict[str, object] | None = None) -> None:
        self.changed = changed or {}
        super().__init__(message)
