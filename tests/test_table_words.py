"""Names and words the table uses (issue 10, "Names the table says"; CONTRACT.md "Second
wave": plot references), through the CLI on real game files."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from gameplay import own_plots, play_to, set_player
from clihelp import base, complete, load, refused, save, subcommands
from clihelp import stdout_of as ok

from rigs_helper.games.rigs.state import frozen_map


# Ana: P1 Plains, P10 Valley, P22 Desert, P25 Ridge, P19 Forest, P2 Plains (6 plots).
# Bo:  P3 Plains, P11 Valley, P23 Desert, P26 Ridge, P20 Forest, P4 Plains.


def test_plot_references_id_lower_number_and_unique_type(rigs, tmp_path, tables):
    path = save(tmp_path, base(tables), tables)
    ok(rigs, path, "move", "Ana", "1", "--to", "P22", "--harvest", "energy")
    ok(rigs, path, "move", "Ana", "1", "--to", "p22")
    ok(rigs, path, "move", "Ana", "1", "--to", "22")
    out = ok(rigs, path, "move", "Ana", "1", "--to", "ridge", "--harvest", "metal")
    assert "P25" in out
    g = load(path, tables)
    assert g.player("Ana").plot("P22").rigs == 3
    assert g.player("Ana").plot("P25").rigs == 1
    # --from takes the same names
    ok(rigs, path, "move", "Ana", "1", "--from", "desert", "--to", "warehouse")
    assert load(path, tables).player("Ana").plot("P22").rigs == 2


def test_plot_type_names_a_plot_only_when_the_player_owns_exactly_one(rigs, tmp_path,
                                                                       tables):
    path = save(tmp_path, base(tables), tables)
    err = refused(rigs, path, "survey", "Ana", "plains")
    assert "2 Plains plots (P1, P2)" in err
    g = own_plots(base(tables), tables, {"Ana": ["P1"]})
    path = save(tmp_path, g, tables, "b.toml")
    refused(rigs, path, "survey", "Ana", "desert", has=("Ana owns no Desert plot",))


def test_a_plot_owned_by_someone_else_says_whose(rigs, tmp_path, tables):
    path = save(tmp_path, base(tables), tables)
    refused(rigs, path, "survey", "Ana", "3", has=("Ana does not own plot P3: it is Bo's",))
    refused(rigs, path, "give", "Ana", "Bo", "p23", has=("it is Bo's",))


def test_unknown_player_suggests_the_close_match(rigs, tmp_path, tables):
    path = save(tmp_path, base(tables), tables)
    refused(rigs, path, "build", "Boo", "1", has=("no player called 'Boo'",
                                                  "did you mean Bo?"))
    err = refused(rigs, path, "build", "Zed", "1")
    assert "did you mean" not in err


def test_new_says_once_to_write_the_ids_on_the_plot_cards(rigs, tmp_path):
    path = tmp_path / "g.toml"
    r = rigs("new", "--player", "Ana", "--player", "Bo", "--seed", "4", "--game", path)
    assert r.exit_code == 0
    assert r.stdout.count("Write these ids on your plot cards") == 1


def test_status_shows_each_plots_free_spots(rigs, tmp_path, tables):
    path = save(tmp_path, base(tables), tables)
    ok(rigs, path, "move", "Ana", "2", "--to", "ridge", "--harvest", "metal")
    d = json.loads(ok(rigs, path, "status", "--json"))
    plots = {p["id"]: p for p in d["players"][0]["plots"]}
    assert plots["P25"]["free"] == {"metal": 1}  # Ridge: 3 Metal spots, 2 used
    assert plots["P22"]["free"] == {"energy": 3, "supplies": 1, "metal": 1}
    text = ok(rigs, path, "status")
    assert "P25 Ridge 2xmetal [free 1M]" in text
    assert "P22 Desert [free 3E 1S 1M]" in text
    assert "1 metal" in ok(rigs, path, "status", "Ana")


def test_grammar_for_one(rigs, tmp_path, tables):
    g = play_to(base(tables), tables, 1, "market")
    g = set_player(g, "Ana", luxuries=1)
    path = save(tmp_path, g, tables)
    assert re.search(r"sells 1 Luxury at \d+", ok(rigs, path, "sell", "Ana", "1"))
    refused(rigs, path, "sell", "Ana", "1", has=("Ana has 0 Luxuries",))


def test_disaster_victim_draws_saying_what_hurt_them(rigs, tmp_path, tables):
    path = save(tmp_path, base(tables), tables)
    out = ok(rigs, path, "next", "--card", "Ana=Battery Failure", "--card", "Bo=Safe")
    assert "Ana draws 1 Karma card (hurt by Battery Failure; drawn by rigs)." in out


def test_production_effects_are_shown_by_card_title(rigs, tmp_path, tables):
    g = play_to(base(tables), tables, 1, "production")
    g = set_player(g, "Ana", effects=("junction_failure", "used:parts-shop", "idle:P22"))
    path = save(tmp_path, g, tables)
    text = ok(rigs, path, "status", "Ana")
    assert "Energy Junction Failure" in text and "Parts Shop (used this round)" in text
    assert "Incorrect Drivers (the RIGS on P22 are idle)" in text
    for internal in ("junction_failure", "used:", "parts-shop", "idle:"):
        assert internal not in text
    assert "Energy Junction Failure" in ok(rigs, path, "produce", "Ana")


# ---------------------------------------------------------------------------- scans

# snake_case words, internal effect codes and card keys (slugs) a user must never see
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(used|naive|idle|triple|sent):|"
                      r"\b[a-z]+-[a-z]+-[a-z-]+\b")
ALLOWED = {"rigs-helper", "print-and-play", "all-or-nothing"}


def internal_words(text: str) -> set[str]:
    text = re.sub(r"\$RIGS_GAME|RIGS_DEBUG|NO_COLOR|[\w./-]+\.toml", "", text)
    return {m.group(0) for m in INTERNAL.finditer(text)} - ALLOWED


def _all_commands(app_cmd, path=()):
    yield path
    for name, sub in subcommands(app_cmd).items():
        yield from _all_commands(sub, path + (name,))


def test_no_help_text_shows_internal_names_or_breaks_mid_sentence(rigs):
    import typer

    from rigs_helper.cli import app

    root = typer.main.get_command(app)
    paths = list(_all_commands(root))
    assert len(paths) > 20
    for p in paths:
        r = rigs(*p, "--help")
        assert r.exit_code == 0, p
        assert not internal_words(r.stdout), (p, internal_words(r.stdout))
    # every command's one-line summary in `rigs --help` is a whole sentence
    for name, cmd in subcommands(root).items():
        short = cmd.get_short_help_str(limit=300)
        assert short.endswith((".", ")")), (name, short)


def test_a_scripted_game_shows_no_internal_names(rigs, tmp_path, tables):
    """Every output of a whole scripted 4-player game, and its log, in the table's words."""
    from scripted_game import cli_invoke, play

    path = tmp_path / "g.toml"
    typed = play(cli_invoke(rigs), path, tables, rounds=6)
    for args, _, out, err in typed:
        assert not internal_words(out + err), (args, internal_words(out + err))
    for extra in (("log", "--ledger"), ("status",), ("vinnie",), ("produce", "Ana")):
        out = ok(rigs, path, *extra)
        assert not internal_words(out), (extra, internal_words(out))


# ---------------------------------------------------------------------------- completion


def _complete(tmp_path, words: str, cword: int) -> list[str]:
    return complete(words, cword, tmp_path / "rigs.toml")


def test_shell_completion_from_the_game_file(rigs, tmp_path, tables):
    g = base(tables)
    g = replace(g, players=tuple(replace(p, vinnie=frozen_map()) for p in g.players))
    save(tmp_path, g, tables)
    assert _complete(tmp_path, "rigs bu", 1) == ["build"]
    assert "--harvest" in _complete(tmp_path, "rigs move --", 2)
    assert _complete(tmp_path, "rigs lose ", 2) == ["Ana", "Bo"]
    assert _complete(tmp_path, "rigs survey Bo P2", 3) == ["P23", "P26", "P20"]
    assert set(_complete(tmp_path, "rigs move Ana 1 --to ", 5)) == {
        "P1", "P10", "P22", "P25", "P19", "P2"}
    assert _complete(tmp_path, "rigs card Pok", 2) == ["'Poker Night'"]
    # no game file: names are not offered, commands still are
    assert _complete(tmp_path / "none", "rigs lose ", 2) == []


def test_install_completion_is_offered_at_the_top_level_only(rigs):
    r = rigs("--help")
    assert "--install-completion" in r.stdout
    r = rigs("build", "--help")
    assert "--install-completion" not in r.stdout and "Usage" in r.stdout
    # no command of its own module offers them (a module of one command is built alone)
    import typer

    from rigs_helper.cli import app

    for name, command in subcommands(typer.main.get_command(app)).items():
        assert not {"install_completion", "show_completion"} & {
            p.name for p in command.params}, name


def test_karma_options_take_the_same_plot_names(tables):
    """The one resolver serves Karma options too: `--plot 11` (or `p11`) names P11."""
    from karmahelp import base as kbase
    from karmahelp import hand, play, set_plot

    g = set_plot(kbase(tables, "production"), tables, "Bo", "P11", 2, "metal")
    g = set_player(hand(g, "Ana", "incorrect-drivers"), "Bo", energy=1)
    for ref in ("11", "p11"):
        out = play(g, tables, "Ana", "Incorrect Drivers", plot=ref)
        assert "idle:P11" in out.game.player("Bo").effects
