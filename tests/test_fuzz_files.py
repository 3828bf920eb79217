"""Fuzzing real game files and scoring sheets (issue 9): mutants of numbers, keys, encoded
decks, truncation and raw bytes, run through `status`, `next`, `undo`, `score` and `log` in
process.  Never a traceback; never exit 0 on a file that does not load (except `undo`,
which may bring it back to a state that loads); never a changed file after a refusal."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from conftest import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

COMMANDS = (["status", "--json"], ["next", "--auto"], ["undo"], ["score"], ["log"])


@pytest.fixture(scope="module")
def game_text():
    from rigs_helper.cli import app

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "g.toml"
        run = CliRunner().invoke
        assert run(app, ["new", "-p", "Ana", "-p", "Bo", "-p", "Cy", "--seed", "21", "-g",
                         str(path)]).exit_code == 0
        for args in (["karma", "draw", "Ana"], ["next", "--auto"], ["next", "--auto"],
                     ["next", "--auto"], ["adjust", "Bo", "metal", "3", "--why", "fuzz"]):
            r = run(app, [*args, "-g", str(path)])
            assert r.exit_code == 0, r.output
        return path.read_bytes()


def _replace_at(text: bytes, matches: list, i: int, new: bytes) -> bytes:
    if not matches:
        return text
    m = matches[i % len(matches)]
    return text[:m.start()] + new + text[m.end():]


NUMBERS = st.sampled_from([b"-1", b"0", b"1", b"7", b"99", b"-99999", b"9" * 25, b"1.5",
                           b"true", b'"3"', b"[]", b"{}"])
KEYS = st.sampled_from([b"credits", b"round", b"phase", b"name", b"hand", b"plots", b"type",
                        b"survey", b"rigs", b"n", b"after", b"undo", b"zz", b"log", b""])


@st.composite
def mutants(draw, base: bytes) -> bytes:
    kind = draw(st.sampled_from(["number", "key", "truncate", "deck", "byte", "line"]))
    i = draw(st.integers(0, 10_000))
    if kind == "number":
        return _replace_at(base, list(re.finditer(rb"(?<![\w.])-?\d+(?![\w.])", base)), i,
                           draw(NUMBERS))
    if kind == "key":
        return _replace_at(base, list(re.finditer(rb"(?m)^[ \t]*([\w]+)(?= =)", base)), i,
                           draw(KEYS))
    if kind == "truncate":
        return base[:i % max(1, len(base))]
    if kind == "deck":  # one hex digit of an encoded pile or hand
        hexes = list(re.finditer(rb'(?<=")[0-9a-f]{2,}(?=")', base))
        if not hexes:
            return base
        m = hexes[i % len(hexes)]
        j = m.start() + draw(st.integers(0, m.end() - m.start() - 1))
        digit = draw(st.sampled_from(b"0123456789abcdefg"))
        return base[:j] + bytes([digit]) + base[j + 1:]
    if kind == "byte":
        j = i % max(1, len(base))
        return base[:j] + bytes([draw(st.integers(0, 255))]) + base[j + 1:]
    lines = base.split(b"\n")  # a line dropped or doubled
    j = i % len(lines)
    if draw(st.booleans()):
        del lines[j]
    else:
        lines.insert(j, lines[j])
    return b"\n".join(lines)


def _loads(path: Path) -> bool:
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.store.gamefile import load_text
    from rigs_helper.store.tablefiles import load_tables

    try:
        load_text(path.read_bytes().decode("utf-8"), str(path), load_tables())
        return True
    except (RigsError, UnicodeDecodeError):
        return False


def _check(result, command) -> None:
    out = result.output
    assert "Traceback" not in out and "internal error" not in out, (command, out)
    assert result.exit_code in (0, 1, 2, 3), (command, result.exit_code, out)
    if result.exit_code:
        assert result.stderr.startswith("rigs: "), (command, result.stderr)


FUZZ = settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow,
                                                        HealthCheck.function_scoped_fixture])


@FUZZ
@given(data=st.data())
def test_fuzzed_game_files_never_crash_nor_pass_broken(game_text, data):
    from rigs_helper.cli import app

    mutant = data.draw(mutants(game_text))
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "g.toml"
        for command in COMMANDS:
            path.write_bytes(mutant)
            broken = not _loads(path)
            r = runner.invoke(app, [*command, "--game", str(path)])
            _check(r, command)
            if r.exit_code:
                assert path.read_bytes() == mutant, command  # a refusal changes nothing
            elif command == ["undo"]:
                assert _loads(path), "undo left a file that does not load"
            else:
                assert not broken, (command, "exit 0 on a file that does not load")


@pytest.mark.parametrize("sheet", ["sheet-2p.toml", "sheet-4p.toml", "midgame-3p.toml"])
@FUZZ
@given(data=st.data())
def test_fuzzed_sheets_never_crash(sheet, data):
    from rigs_helper.cli import app

    base = (EXAMPLES / sheet).read_bytes()
    mutant = data.draw(mutants(base))
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / sheet
        path.write_bytes(mutant)
        r = CliRunner().invoke(app, ["score", str(path), "--json"])
        _check(r, "score")
        if r.exit_code or "midgame" not in sheet:
            assert path.read_bytes() == mutant
