"""The `rigs` command line: parses arguments, calls one core function, renders.

Sub-modules register their commands on :data:`app`; errors are turned into a one-line
message and an exit code in one place (:class:`~rigs_helper.cli.app.RigsGroup`).
"""

from rigs_helper.cli.app import app
from rigs_helper.cli import score as _score  # noqa: F401  (registers commands)
from rigs_helper.cli import cards as _cards  # noqa: F401
from rigs_helper.cli import game as _game  # noqa: F401
from rigs_helper.cli import karma as _karma  # noqa: F401


def main() -> None:
    app()


__all__ = ["app", "main"]
