"""Readable at any table (issue 18): output that fits 80 columns without a word cut, names
with spaces and accents everywhere (quoted commands, matching, completion), and the words.

The scripted game (tests/named_game.py, players Ana, Zoë, "Maximiliano de la Cruz" and Bo)
is played once per session by the ``named_game`` fixture at 80 and 120 columns and very
wide; these tests only read it.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from contextlib import chdir as _cwd

import pytest
from clihelp import complete
from named_game import NAMES, WIDE, WIDTHS
from rich.cells import cell_len

from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.names import match_player
from rigs_helper.rules.text import shell_word

MAXI = "Maximiliano de la Cruz"
_SPLIT = re.compile(r"[\s\u2500-\u257f|]+")
_CHART = set("*o+x#%·-")  # the chart's marks and rules: a picture, not words


def _tokens(text: str) -> set[str]:
    return {t for t in _SPLIT.split(text) if t and not set(t) <= _CHART}


# ---------------------------------------------------------------------------- width


@pytest.mark.parametrize("width", WIDTHS)
def test_every_command_fits_the_terminal_without_a_word_cut(named_game, width):
    """Each line fits the width; every word printed is a word the same command prints
    whole on a very wide terminal (a cut word leaves fragments the wide output lacks)."""
    narrow, wide = named_game[width], named_game[WIDE]
    assert len(narrow) == len(wide) > 150
    problems = []
    for (args, code, out, err), (wargs, wcode, wout, werr) in zip(narrow, wide):
        assert (args, code) == (wargs, wcode)
        for line in (out + err).splitlines():
            if cell_len(line) > width:
                problems.append((args, "too long", line))
        cut = _tokens(out + err) - _tokens(wout + werr)
        if cut:
            problems.append((args, "words cut", sorted(cut)))
    assert not problems, problems[:5]
    commands = {args[0] for args, *_ in narrow}
    assert commands >= {"new", "status", "hand", "next", "produce", "log", "standings",
                        "odds", "vinnie", "score", "report", "chart", "build", "move",
                        "grant", "lose"}


@pytest.mark.parametrize("width", WIDTHS)
def test_status_ends_with_the_round_phase_and_what_the_table_waits_for(named_game, width):
    shown = [out for args, code, out, _ in named_game[width] if args == ("status",)]
    assert len(shown) >= 5
    for out in shown:
        lines = out.rstrip("\n").splitlines()
        last = max(i for i, line in enumerate(lines) if not line.startswith(" "))
        tail = " ".join(x.strip() for x in lines[last:])
        assert re.match(r"(Round \d+/15, \w+ Phase|Game over)", tail), tail
        assert "Expedition Leader" in tail
        assert ("waiting for" in tail or "`rigs next` ends the phase" in tail
                or tail.startswith("Game over")), tail
        waiting = [x for x in lines if x.startswith("waiting: ")]
        assert ("waiting for" in tail) == bool(waiting)


# ---------------------------------------------------------------------------- quoting

# command words -> the positions (after "rigs") that hold a player's name
_PLAYER_AT = {"hand": (1,), "lose": (1,), "settle": (1,), "adjust": (1,), "status": (1,),
              "produce": (1,), "build": (1,), "move": (1,), "survey": (1,), "sell": (1,),
              "check": (1,), "give": (1, 2), "karma": (2,), "vinnie": (2,)}


def _placeholder(word: str) -> bool:
    """PLAYER, NAME, TITLE, ...: a word the reader fills in."""
    return word == "..." or word.replace("|", "").replace("=", "").isupper()


def _suggested(text: str) -> list[str]:
    """The commands in backticks, a command wrapped over lines joined again."""
    return [re.sub(r"\s*\n\s*", " ", m) for m in re.findall(r"`(rigs [^`]*)`", text)]


def test_every_suggested_command_parses_to_the_intended_player(named_game):
    found = []
    for args, _, out, err in named_game[80]:
        for cmd in _suggested(out + err):
            words = shlex.split(cmd)[1:]
            found.append(words)
            for i in _PLAYER_AT.get(words[0], ()):
                if i < len(words) and not words[i].startswith("-"):
                    assert words[i] in NAMES or _placeholder(words[i]), (args, cmd)
            for w in words:  # NAME=VALUE options name the player whole
                who = w.partition("=")[0]
                if "=" in w and who[:1].isupper():
                    assert who in NAMES or _placeholder(who), (args, cmd)
            assert not {"Maximiliano", "Cruz"} & set(words), (args, cmd)
    assert any(MAXI in w for w in found)  # the long name was suggested, and quoted
    assert any("Zoë" in w for w in found)


def test_shell_word_quotes_only_what_a_shell_would_split():
    for name in ("Ana", "Zoë", MAXI, "Ain't Working for You", '"Accidental" Dumping',
                 "Blowout!", "it's $5", "a\\b", ""):
        assert shlex.split(f"rigs hand {shell_word(name)}") == ["rigs", "hand", name]
    assert shell_word("Zoë") == "Zoë" and shell_word("P7") == "P7"
    assert shell_word(MAXI) == f"'{MAXI}'"
    assert shell_word("Ain't Working for You") == '"Ain\'t Working for You"'


def test_the_status_table_with_dealt_disasters_keeps_each_row_on_its_lines_at_80():
    """Ten columns whose narrowest form with two spaces between them is wider than 80: one
    space between them keeps the header on one line (else the terminal wraps it)."""
    from rigs_helper.cli.render import grid

    headers = ["Player", "Credits", "Energy", "Supplies", "Metal", "Lux", "RIGS", "Karma",
               "Vinnie", "Disaster"]
    rows = [[MAXI + "*", "105", "2", "1", "2", "0", "4/2", "2", "1S 2M", "Infestation"],
            ["Zoë", "110", "1", "0", "3", "0", "5/2", "1", "-", "Energy Junction Failure"]]
    lines = grid(headers, rows, right=set(range(1, 8)), cols=80).splitlines()
    assert all(cell_len(line) <= 80 for line in lines), lines
    assert lines[0].split() == headers and set(lines[1]) == {"-", " "}
    assert lines[0].index("Disaster") == lines[1].rindex(" ") + 1


def test_the_log_writes_each_action_with_names_quoted_as_a_command_to_copy():
    """`rigs log` shows the action as typed: a name with spaces is one shell word."""
    from rigs_helper.games.rigs.actions.deals import Give, Sell
    from rigs_helper.games.rigs.actions.placement import Move
    from rigs_helper.games.rigs.phases.grant import GrantPick
    from rigs_helper.games.rigs.turns import Done
    from rigs_helper.games.rigs.waits.disasters import DisasterRecord

    assert shlex.split(Move(MAXI, 3, "P25", "metal").describe())[:3] == ["move", MAXI, "3"]
    assert shlex.split(Done(MAXI).describe()) == ["done", MAXI]
    assert shlex.split(Give("Zoë", MAXI, (("credits", 5),)).describe()) == [
        "give", "Zoë", MAXI, "credits=5"]
    assert shlex.split(Sell(MAXI, None, (("Bo", 2),)).describe()) == [
        "sell", MAXI, "all", "Bo", "2"]
    assert shlex.split(GrantPick("P17", ("Bo", MAXI)).describe()) == [
        "grant", "P17", "--order", f"Bo,{MAXI}"]
    assert shlex.split(DisasterRecord(MAXI, "Out in the (Acid) Rain").describe()) == [
        "disaster", "record", MAXI, "Out in the (Acid) Rain"]


# ---------------------------------------------------------------------------- names


def test_player_names_match_without_case_or_accents_and_by_a_unique_prefix():
    assert match_player("zoe", NAMES) == "Zoë"
    assert match_player("ZOË", NAMES) == "Zoë"
    assert match_player("Maxi", NAMES) == MAXI
    assert match_player("maximiliano  DE la cruz", NAMES) == MAXI
    assert match_player("Ana", ("Ana", "Anabel")) == "Ana"  # the whole name wins
    with pytest.raises(InputError, match="'An' could be Ana or Anabel"):
        match_player("An", ("Ana", "Anabel", "Bo"))
    with pytest.raises(InputError, match="no player called 'Zed'; did you mean Zoë"):
        match_player("Zed", NAMES)


def test_names_match_on_the_command_line(named_game):
    by_args = {args: (code, out) for args, code, out, _ in named_game[WIDE]}
    code, out = by_args[("hand", "zoe")]
    assert code == 0 and "for Zoë's eyes only" in out
    code, out = by_args[("status", "Maxi")]
    assert code == 0 and out.startswith(MAXI)


def test_names_equal_without_case_or_accents_are_one_name(rigs, tmp_path):
    r = rigs("new", "-p", "Zoe", "-p", "Zoë", "--game", tmp_path / "g.toml")
    assert r.exit_code == 1 and "duplicate player name 'Zoë'" in r.stderr
    assert not (tmp_path / "g.toml").exists()


def test_a_deal_an_attack_and_a_roll_name_a_long_name_quoted_in_the_command_they_ask_for(
        rigs, tmp_path):
    from rigs_helper.games.rigs.dice import DieNeeded
    from rigs_helper.games.rigs.waits.attacks import ask

    game = tmp_path / "g.toml"
    assert rigs("new", *[x for n in NAMES for x in ("-p", n)], "--seed", 3,
                "--game", game).exit_code == 0
    r = rigs("deal", "propose", "Zoë", "maxi", "credits=5", "--for", "energy=1", "--game",
             game)
    assert r.exit_code == 0, r.output
    said = [shlex.split(c) for c in _suggested(r.stdout)]
    assert said == [["rigs", "deal", "accept", MAXI, "1"],
                    ["rigs", "deal", "decline", MAXI, "1"]]
    assert [shlex.split(c) for c in _suggested(ask(["Bo", MAXI]))] == [
        ["rigs", "answer", "Bo", "CARD|take"], ["rigs", "answer", MAXI, "CARD|take"]]
    roll = _suggested(str(DieNeeded(MAXI, "Alarm System", "karma use Bo Decoy")))
    assert [shlex.split(c) for c in roll] == [["rigs", "karma", "use", "Bo", "Decoy", "--roll",
                                               f"{MAXI}=N"]]


# ---------------------------------------------------------------------------- completion


def _complete(cwd, line: str) -> list[str]:
    """Candidates through the bash completion protocol (one per line, as inserted)."""
    words = shlex.split(line) + ([""] if line.endswith(" ") else [])
    with _cwd(cwd):  # (a PATH argument lists the files of the folder it is typed in)
        return complete(line, len(words) - 1, cwd / "rigs.toml")


def test_completion_quotes_names_and_titles_and_offers_no_files(rigs, tmp_path, tables):
    r = rigs("new", *[x for n in NAMES for x in ("-p", n)], "--game", tmp_path / "rigs.toml")
    assert r.exit_code == 0, r.stderr
    (tmp_path / "xfile").write_text("")
    (tmp_path / ".rigs.tokens").write_text("")
    offered = _complete(tmp_path, "rigs hand ")
    assert offered == ["Ana", "Zoë", f"'{MAXI}'", "Bo"]
    assert [shlex.split(x)[0] for x in offered] == list(NAMES)
    assert _complete(tmp_path, "rigs status maxi") == [f"'{MAXI}'"]
    assert _complete(tmp_path, "rigs lose zo") == ["Zoë"]
    assert _complete(tmp_path, "rigs karma play Ana Poker --target M") == [f"'{MAXI}'"]
    for line in ("rigs hand x", "rigs hand .r", "rigs status x"):  # a name, never a file
        assert _complete(tmp_path, line) == [], line
    assert _complete(tmp_path, "rigs score x") == ["xfile"]  # a PATH takes files
    assert _complete(tmp_path, "rigs karma play Ana ain") == ['"Ain\'t Working for You"']
    karma = {c.title for c in tables.karma}
    titles = {shlex.split(x)[0] for x in _complete(tmp_path, "rigs karma discard Ana ")}
    assert titles == karma  # the deck the command takes: no Disaster title
    shown = subprocess.run(
        [sys.executable, "-c", "import sys; sys.argv = ['rigs', '--show-completion', "
         "'bash']; from rigs_helper.cli import main; main()"],
        capture_output=True, text=True, timeout=60,
        # the shell named, not detected: typer otherwise asks shellingham, which walks the
        # process tree (not $SHELL) and finds no shell under some runners ("Shell  not
        # supported."); with detection off, --show-completion takes the shell's name
        env={**os.environ, "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"})
    script = shown.stdout
    assert "complete -F _rigs_completion rigs" in script, (shown.returncode, shown.stderr)
    assert "-o default" not in script


# ---------------------------------------------------------------------------- words

# what the game prints most, one and many
_COUNTED = {"Luxury": "Luxuries", "Supply": "Supplies", "credit": "credits", "plot": "plots",
            "card": "cards", "resource": "resources", "script": "scripts", "round": "rounds",
            "choice": "choices", "action": "actions", "copy": "copies", "spot": "spots"}


def test_words_agree_with_their_numbers(named_game):
    text = "\n".join(out + err for _, _, out, err in named_game[WIDE])
    ones = "|".join(_COUNTED.values())
    many = "|".join(_COUNTED)
    assert not re.findall(rf"(?<![\d.+-])[+-]?1 (?:{ones})\b", text)
    # (a noun used as an adjective stays singular: "4 plot cards", "3 Luxury spots")
    assert not re.findall(rf"(?<![\d.])(?:[02-9]|\d\d+) (?:{many})\b(?! (?:cards?|spots?)\b)",
                          text)
    assert not re.findall(r"[!?]\.(?:\s|$)", text)  # "Blowout!."
    assert not re.findall(r"(?<!\.)\.\.(?!\.)", text)
    seen = {w for w in (*_COUNTED, *_COUNTED.values()) if re.search(rf"\d {w}\b", text)}
    assert len(seen) >= 6, seen  # the scan read real sentences
