"""Fuzzing real game files and scoring sheets (issues 9 and 19): mutants of numbers (huge,
non-finite, inside the history's JSON records too), keys, encoded decks, truncation, raw
bytes, dotted table headers and keys, in the state and in the history, run through the
readers (`log`, `chart`, `report`, `standings`, `doctor`) and the writers (`next`, `undo`)
in process, each under a time limit.  Never a traceback or an internal error; never exit 0
on a file that does not load (except `undo`, which may bring it back to a state that
loads); `doctor` never passes a damaged file; never a changed file after a refusal; never a
written file that does not load; no run over 5 s.

CI runs a few dozen mutants (~6 s of CPU); a bigger run: ``RIGS_FUZZ_EXAMPLES=2000 pytest
tests/test_fuzz_files.py``."""

from __future__ import annotations

import os
import re
import signal
import tempfile
import time
import tomllib
from pathlib import Path

import pytest
from conftest import EXAMPLES, make_game
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

WRITERS = (["next", "--auto"], ["undo"])
READERS = (["status", "--json"], ["log"], ["chart"], ["report", "--json"],
           ["standings", "--json", "--samples", "30", "--seed", "1"], ["doctor"])
LIMIT = 5.0  # seconds per run
# (`standings` simulates 30 games, not 300: every number of the mutant is read and used by
# the first simulated game as by the 300th, a loop a number bounds runs in each of them,
# and the 300 were 60 % of this file's CPU)
MARKER = b"# ---- history (newest last)"


@pytest.fixture(scope="module")
def game_text():
    with tempfile.TemporaryDirectory() as d:
        return make_game(Path(d) / "g.toml", 21, ["adjust", "Ana", "karma", "1", "--why", "dealt"], ["next", "--auto"],
                         ["next", "--auto"], ["next", "--auto"],
                         ["adjust", "Bo", "metal", "3", "--why", "fuzz"]).encode()


def _replace_at(text: bytes, matches: list, i: int, new: bytes) -> bytes:
    if not matches:
        return text
    m = matches[i % len(matches)]
    return text[:m.start()] + new + text[m.end():]


HUGE = [b"10000000", b"9223372036854775807", b"9223372036854775808", b"9" * 25, b"-99999",
        b"1e308", b"1e999"]
NUMBERS = st.sampled_from([b"-1", b"0", b"1", b"7", b"99", b"1.5", b"true", b'"3"', b"[]",
                           b"{}", b"inf", b"-inf", b"nan", *HUGE])
JSON_NUMBERS = st.sampled_from([b"-1", b"0", b"16", b"Infinity", b"NaN", b"-Infinity",
                                b"true", b'\\"x\\"', b"[]", *HUGE])
KEYS = st.sampled_from([b"credits", b"round", b"phase", b"name", b"hand", b"plots", b"type",
                        b"survey", b"rigs", b"n", b"after", b"undo", b"said", b"ledger",
                        b"networth", b"op", b"private", b"zz", b"log", b""])
KINDS = ["number", "key", "truncate", "deck", "byte", "line", "dotted", "json", "history"]


def _part(base: bytes, history: bool) -> tuple[int, int]:
    """The byte range of the state (``history`` False) or of the history."""
    i = base.find(MARKER)
    i = len(base) if i < 0 else i
    return (i, len(base)) if history else (0, i)


@st.composite
def mutants(draw, base: bytes) -> bytes:
    kind = draw(st.sampled_from(KINDS))
    i = draw(st.integers(0, 10_000))
    lo, hi = _part(base, draw(st.booleans()) or kind == "history")
    if kind in ("number", "history"):  # a number of the state or of a history record
        found = [m for m in re.finditer(rb"(?<![\w.\"\\])-?\d+(?:\.\d+)?(?![\w.\\])", base)
                 if lo <= m.start() < hi]
        if kind == "history" and draw(st.booleans()):  # a record's value of the wrong type
            found = [m for m in re.finditer(rb"(?m)(?<=^said = )\[|(?<=^ledger = )\[|"
                                            rb"(?<=^undo = )\"", base)]
            return _replace_at(base, found, i, draw(st.sampled_from([b"5\nzz = [", b"[[["])))
        return _replace_at(base, found, i, draw(NUMBERS))
    if kind == "json":  # a number inside a record's JSON (net worth, undo, op)
        found = list(re.finditer(rb'(?<=\\":)-?\d+(?:\.\d+)?', base))
        return _replace_at(base, found, i, draw(JSON_NUMBERS))
    if kind == "key":
        found = [m for m in re.finditer(rb"(?m)^[ \t]*([\w]+)(?= =)", base)
                 if lo <= m.start() < hi]
        return _replace_at(base, found, i, draw(KEYS))
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
    lines = base.split(b"\n")
    j = i % len(lines)
    if kind == "dotted":  # a deeply dotted table header or key, above or below the marker
        parts = b".".join([b"a"] * draw(st.sampled_from([3, 99, 101, 500])))
        lines.insert(j, draw(st.sampled_from([b"[" + parts + b"]", parts + b" = 1",
                                              b"[[" + parts + b"]]"])))
    elif draw(st.booleans()):  # a line dropped or doubled
        del lines[j]
    else:
        lines.insert(j, lines[j])
    return b"\n".join(lines)


def _sound(path: Path) -> bool:
    """The file loads as the next command would load it, history included, and parses
    as TOML as a whole."""
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.store import timeline
    from rigs_helper.store.gamefile import load_text
    from rigs_helper.store.tablefiles import load_tables

    try:
        text = path.read_bytes().decode("utf-8")
        tables = load_tables()
        loaded = load_text(text, str(path), tables)
        tomllib.loads(text)
    except (RigsError, UnicodeDecodeError, ValueError, RecursionError):
        return False
    try:  # every entry read and checked, as a save reads them (the replay: `rigs doctor`)
        timeline.entries(loaded, str(path), tables)
    except RigsError:
        return False
    return True


def _loads(path: Path) -> bool:
    """The state loads (what every command needs; the history is the readers' concern)."""
    from rigs_helper.rules.errors import RigsError
    from rigs_helper.store.gamefile import load_text
    from rigs_helper.store.tablefiles import load_tables

    try:
        load_text(path.read_bytes().decode("utf-8"), str(path), load_tables())
        return True
    except (RigsError, UnicodeDecodeError):
        return False


class Hang(BaseException):
    """A run past its time (a BaseException: no handler of the app catches it)."""


def _timed(runner, args):
    """Run under a limit of CPU time (what a run costs, whatever else the machine is doing:
    a loop bounded by a number from the file shows there) and a generous wall clock."""
    def stop(signum, frame):
        raise Hang(args)

    old = {sig: signal.signal(sig, stop) for sig in (signal.SIGVTALRM, signal.SIGALRM)}
    signal.setitimer(signal.ITIMER_VIRTUAL, 2 * LIMIT)
    signal.setitimer(signal.ITIMER_REAL, 20 * LIMIT)
    start = time.process_time()
    try:
        r = runner.invoke(args[0], args[1:])
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in old.items():
            signal.signal(sig, handler)
    elapsed = time.process_time() - start
    assert elapsed < LIMIT, (args[1:], f"{elapsed:.1f} s of CPU")
    return r


def _check(result, command) -> None:
    out = result.output
    assert "Traceback" not in out and "internal error" not in out, (command, out)
    assert result.exit_code in (0, 1, 2, 3), (command, result.exit_code, out)
    if result.exit_code:
        assert result.stderr.startswith("rigs: ") or command == ["doctor"], (command,
                                                                               result.stderr)


EXAMPLES_N = int(os.environ.get("RIGS_FUZZ_EXAMPLES", "0") or 0)
FUZZ = settings(max_examples=EXAMPLES_N or 20,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.function_scoped_fixture])


@pytest.mark.slow
@settings(FUZZ, max_examples=EXAMPLES_N or 12)  # (each runs eight commands on its mutant)
@given(data=st.data())
def test_fuzzed_game_files_never_crash_nor_pass_broken(game_text, data):
    from rigs_helper.cli import app

    mutant = data.draw(mutants(game_text))
    runner = CliRunner()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "g.toml"
        path.write_bytes(mutant)
        loads, sound = _loads(path), _sound(path)
        for command in READERS:  # readers: never a change, never a pass on damage
            r = _timed(runner, [app, *command, "--game", str(path)])
            _check(r, command)
            assert path.read_bytes() == mutant, command
            if command == ["doctor"] and not sound:
                assert r.exit_code != 0, ("doctor", r.exit_code, r.output)
            elif r.exit_code == 0:
                assert loads, (command, "exit 0 on a file that does not load")
        for command in WRITERS:
            path.write_bytes(mutant)
            r = _timed(runner, [app, *command, "--game", str(path)])
            _check(r, command)
            if r.exit_code:
                assert path.read_bytes() == mutant, command  # a refusal changes nothing
            else:
                assert _sound(path), (command, "wrote a file that does not load")
                if command != ["undo"]:
                    assert sound, (command, "exit 0 on a damaged file")


@pytest.mark.parametrize("sheet", ["sheet-2p.toml", "sheet-4p.toml", "midgame-3p.toml"])
@settings(FUZZ, max_examples=EXAMPLES_N or 25)
@given(data=st.data())
def test_fuzzed_sheets_never_crash(sheet, data):
    from rigs_helper.cli import app

    base = (EXAMPLES / sheet).read_bytes()
    mutant = data.draw(mutants(base))
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / sheet
        path.write_bytes(mutant)
        r = _timed(CliRunner(), [app, "score", str(path), "--json"])
        _check(r, "score")
        if r.exit_code or "midgame" not in sheet:
            assert path.read_bytes() == mutant
