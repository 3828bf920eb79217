"""The history is validated data, the state has no silent defaults, and every problem is
listed at once (issue 19): each `[[log]]` record's keys, types and bounds are checked by
every command that reads it; a command never appends to a damaged history nor writes a
file that does not load; work is bounded by the game, never by a number from the file."""

from __future__ import annotations

import re
import time

import pytest
from conftest import EXAMPLES, make_game

from rigs_helper.store.historytext import MARKER


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A 3-player game a few phases in."""
    return make_game(tmp_path_factory.mktemp("played") / "rigs.toml", 5, ["next", "--auto"],
                     ["next", "--auto"], ["next", "--auto"],
                     ["adjust", "Ana", "credits", "1", "--why", "records"])


@pytest.fixture
def game(tmp_path, played):
    path = tmp_path / "rigs.toml"
    path.write_text(played)
    return path


def damage(path, old, new, count=1):
    text = path.read_text()
    head, tail = text.split(MARKER)
    assert old in tail, old
    path.write_text(head + MARKER + tail.replace(old, new, count))
    return path.read_bytes()


def refused(r, path, before):
    assert r.exit_code == 1, r.output
    assert "internal error" not in r.output and "Traceback" not in r.output
    assert path.read_bytes() == before
    return r.stderr


def test_a_huge_round_in_a_log_entry_is_named_and_the_chart_answers_at_once(game, rigs):
    before = damage(game, 'round = 1\nphase = "disaster"',
                    'round = 1' + "0" * 5000 + '\nphase = "disaster"')
    for command in (["chart"], ["report"], ["report", "--json"], ["log"], ["next"]):
        start = time.process_time()
        err = refused(rigs(*command, "-g", game), game, before)
        assert time.process_time() - start < 2, command
        assert err.count("\n") == 1 and "internal error" not in err, err
    r = rigs("doctor", "-g", game)
    assert r.exit_code == 1 and "internal error" not in r.output


def test_the_chart_is_bounded_by_the_games_rounds_whatever_the_series_says():
    from rigs_helper.forecast.chart import networth_grid, networth_svg
    from rigs_helper.forecast.history import networth_series

    entries = [{"networth": '{"round":10000000,"phase":"player","players":{"A":1}}'},
               {"networth": '{"round":2,"phase":"player","players":{"A":1e308}}'},
               {"networth": '{"round":3,"phase":"player","players":{"A":Infinity}}'},
               {"networth": '{"round":4,"phase":"player","players":{"A":5}}'}]
    assert networth_series(entries) == {"A": [(4, "player", 5.0)]}
    start = time.process_time()
    svg = networth_svg({"A": [(1, "player", 0.0), (10**7, "end", 1e300)]})
    networth_grid({"A": [(1, "player", float("nan")), (10**7, "end", 1.0)]})
    assert time.process_time() - start < 1 and svg.startswith("<svg")


@pytest.mark.parametrize("old, new, key", [
    ("fields = {", "fields = 5\nzz_fields = {", "fields"),
    ("\nn = 2\n", "\nn = 0\n", "n"),
    ('round = 1\nphase = "disaster"', 'round = 99\nphase = "disaster"', "round"),
    ('phase = "disaster"', 'phase = "lunch"', "phase"),
    ('after = "', 'after = 5\nzz = "', "after"),
    ('why = "creation"', 'why = "fun"', "why"),
    ('action = "next"', 'action = 3\nzz = "next"', "action"),
])
def test_log_and_doctor_name_a_damaged_record(game, rigs, old, new, key):
    before = damage(game, old, new)
    err = refused(rigs("log", "-g", game), game, before)
    assert re.search(rf"line \d+: log entry \d+: key '{key}'", err), err
    r = rigs("doctor", "-g", game)
    assert r.exit_code == 1 and f"key '{key}'" in r.output, r.output
    assert "internal error" not in r.output


def test_a_command_never_appends_to_a_damaged_history(game, rigs):
    before = damage(game, 'phase = "disaster"', 'phase = "lunch"')
    for command in (["next", "--auto"], ["adjust", "Bo", "credits", "1", "--why", "x"]):
        err = refused(rigs(*command, "-g", game), game, before)
        assert "log entry" in err and ("rigs undo" in err or "rigs restore" in err), err


def test_a_broken_toml_record_is_never_carried_into_a_new_save(game, rigs):
    """The damage that made `next` write a file that no longer parsed (FINDINGS)."""
    import tomllib

    before = damage(game, "fields = {", "fields = [[[")
    refused(rigs("next", "--auto", "-g", game), game, before)
    r = rigs("undo", "-g", game)  # back to the newest backup with a sound history
    if r.exit_code == 0:
        tomllib.loads(game.read_text())
        assert rigs("doctor", "-g", game).exit_code == 0
    else:
        assert game.read_bytes() == before


def test_undo_of_a_damaged_history_goes_back_to_a_sound_save(tmp_path, rigs):
    path = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "4", "-g", path).exit_code == 0
    assert rigs("adjust", "Ana", "credits", "2", "--why", "one", "-g", path).exit_code == 0
    sound = path.read_bytes()
    assert rigs("adjust", "Ana", "credits", "3", "--why", "two", "-g", path).exit_code == 0
    saved = path.read_bytes()
    text = path.read_text()
    i = text.rindex('action = "adjust"')
    path.write_text(text[:i] + 'action = 5\nzz = "adjust"' + text[i + 17:])
    r = rigs("undo", "-g", path)  # first back to the last save, whose history is sound
    assert r.exit_code == 0, r.output
    assert path.read_bytes() == saved and "log entry 3: key 'action'" in r.output
    assert rigs("doctor", "-g", path).exit_code == 0
    assert rigs("undo", "-g", path).exit_code == 0 and path.read_bytes() == sound


def test_a_dotted_header_of_500_parts_is_one_line(game, rigs):
    text = game.read_text()
    i = text.index(MARKER)
    line = text.count("\n", 0, i) + 1
    game.write_text(text[:i] + "[" + ".".join(["a"] * 500) + "]\nx = 1\n" + text[i:])
    before = game.read_bytes()
    for command in (["status"], ["log"], ["next", "--auto"], ["chart"], ["standings"]):
        err = refused(rigs(*command, "-g", game), game, before)
        assert err == f"rigs: {game}: line {line}: the file is nested too deeply (keys or " \
                      "tables more than 100 levels deep)\n", err
    r = rigs("doctor", "-g", game)
    assert r.exit_code == 1 and "too deeply" in r.output


@pytest.mark.parametrize("key", ["credits", "energy", "metal", "warehouse_rigs", "hand"])
def test_a_deleted_player_key_is_an_error_naming_the_player_and_key(game, rigs, key):
    text = game.read_text()
    head, tail = text.split(MARKER)
    second = [m.start() for m in re.finditer(rf"(?m)^{key} = .*\n", head)][1]
    end = head.index("\n", second) + 1
    game.write_text(head[:second] + head[end:] + MARKER + tail)
    before = game.read_bytes()
    err = refused(rigs("status", "-g", game), game, before)
    assert f"key 'players[1] (\"Bo\").{key}': is missing" in err, err
    r = rigs("doctor", "-g", game)
    assert r.exit_code == 1 and f'("Bo").{key}' in r.output


def test_doctor_reports_the_state_and_the_history_together(game, rigs):
    text = game.read_text().replace("credits = ", "credits = -", 1)
    game.write_text(text)
    damage(game, "fields = {", "fields = 5\nzz_fields = {")
    r = rigs("doctor", "-g", game)
    assert r.exit_code == 1
    assert ".credits'" in r.output and "key 'fields'" in r.output


def test_a_sheet_lists_every_problem_of_every_player_and_of_the_endgame(tmp_path, rigs):
    text = (EXAMPLES / "sheet-3p.toml").read_text()
    text = text.replace("energy = 5, supplies", "energy = 9, supplies", 1)
    text = text.replace('type = "plains"', 'type = "swamp"', 1)
    names = re.findall(r'(?m)^name = "(\w+)"', text)
    text = text.replace(f'name = "{names[1]}"\ncredits = ', f'name = 5\ncredits = "x"\nzz = ', 1)
    text = text.replace(f'name = "{names[2]}"\ncredits = ', f'name = "{names[2]}"\nzcredits = ',
                        1)
    path = tmp_path / "sheet.toml"
    path.write_text(text)
    r = rigs("score", path)
    assert r.exit_code == 1 and "internal error" not in r.output
    for want in ("endgame.resource_values.energy", "plots[0].type", "players[1].name",
                 'players[1] ("player 2").credits', "players[1].zz'",
                 "players[2].zcredits'", f'players[2] ("{names[2]}").credits'):
        assert want in r.stderr, (want, r.stderr)


def test_the_boards_chart_answers_at_once_on_a_huge_round(game, tables):
    """What `rigs serve` draws on the board: "No chart yet", at once (the hang of issue 19
    held every page of the server)."""
    from rigs_helper.store.session import load
    from rigs_helper.web.chart import NO_CHART, networth_chart

    damage(game, 'round = 1\nphase = "disaster"', 'round = 10000000\nphase = "disaster"')
    start = time.process_time()
    assert networth_chart(game, load(game, tables), tables) == NO_CHART
    assert time.process_time() - start < 2


def test_a_holding_is_bounded_so_every_figure_the_history_keeps_is(rigs, tmp_path):
    """Holdings are at most MAX_HOLDING: the most a player may hold still plays on (each
    later entry's net worth and phase start records are in bounds), one more is refused
    where it is typed, and a hand edit beyond it is named."""
    from rigs_helper.games.rigs.state import MAX_HOLDING

    game = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", "5", "-g", game).exit_code == 0
    r = rigs("adjust", "Ana", "credits", str(MAX_HOLDING - 100), "--why", "t", "-g", game)
    assert r.exit_code == 0, r.output
    for _ in range(5):
        r = rigs("next", "--auto", "-g", game)
        assert r.exit_code == 0, r.output
    before = game.read_bytes()
    r = rigs("adjust", "Bo", "energy", str(MAX_HOLDING + 1), "--why", "t", "-g", game)
    assert r.exit_code == 1 and "more than a game holds" in r.stderr
    assert game.read_bytes() == before
    game.write_text(game.read_text().replace("credits = 100\n", "credits = 100001\n", 1))
    r = rigs("status", "-g", game)
    assert r.exit_code != 0 and "credits" in r.stderr and "more than a game holds" in r.stderr


def test_a_huge_round_in_the_last_log_entry_is_named_when_next_saves(tmp_path, rigs):
    """The 5001-digit round in the very last entry (a save reads that entry's own keys
    first): one line naming it, exit 1, the file unchanged (it said "internal error")."""
    game = tmp_path / "rigs.toml"
    assert rigs("new", "-p", "Ana", "-p", "Bo", "--seed", 7, "-g", game).exit_code == 0
    assert rigs("adjust", "Ana", "credits", "1", "--why", "x", "-g", game).exit_code == 0
    text = game.read_text()
    i = text.rindex("[[log]]")  # (its round written, or left out as the entry before's)
    block = re.sub(r"(?m)^(round|phase) = .*\n", "", text[i + len("[[log]]\n"):])
    game.write_text(text[:i] + "[[log]]\nround = 1" + "0" * 5000 + '\nphase = "player"\n'
                    + block)
    before = game.read_bytes()
    err = refused(rigs("next", "-g", game), game, before)
    assert err.count("\n") == 1 and "too long to be a number" in err, err
