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
        # as through a pipe: lines whole (pytest-xdist sets COLUMNS=80 in its workers; the
        # terminal-width tests give their own)
        return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": None})

    return invoke


@pytest.fixture(scope="session")
def named_game(tmp_path_factory, tables):
    """The scripted game with Zoë and Maximiliano de la Cruz, played once per session at 80
    and 120 columns and very wide (see tests/named_game.py): width -> commands and outputs,
    and "dir" -> the directories (the game file is rigs.toml in each)."""
    from named_game import WIDE, WIDTHS, record

    root = tmp_path_factory.mktemp("named")
    runs = {w: record(root / f"w{w}", w, tables) for w in (*WIDTHS, WIDE)}
    return {**runs, "dir": {w: root / f"w{w}" for w in (*WIDTHS, WIDE)}}
