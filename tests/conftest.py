"""Shared fixtures for the rigs-helper test suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

# No per-example deadline (whole games run inside some examples; a slow CI machine must not
# fail them), and on CI a fixed example order so a run is repeatable.
settings.register_profile("rigs", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("rigs")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
TABLES = ROOT / "tables"
RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"


@pytest.fixture(scope="session")
def tables():
    from rigs_helper.store.tablefiles import load_tables

    return load_tables()


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def rigs(runner):
    """Invoke the `rigs` app with a list of arguments; returns the Click result."""
    from rigs_helper.cli import app

    def invoke(*args: str):
        return runner.invoke(app, [str(a) for a in args])

    return invoke


def make_game(path: Path, seed: int, *commands: list[str], players=("Ana", "Bo", "Cy")) -> str:
    """A new game at ``path`` with ``commands`` run on it (each must succeed); its text."""
    from rigs_helper.cli import app

    run = CliRunner().invoke
    names = [x for p in players for x in ("-p", p)]
    for args in (["new", *names, "--seed", str(seed)], *commands):
        r = run(app, [*args, "-g", str(path)])
        assert r.exit_code == 0, (args, r.output)
    return path.read_text()
