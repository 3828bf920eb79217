"""An action's command is made from its definition (``cli/shell.py``): a parameter added to
the catalog appears on the terminal with its kind's words, and the words given there reach
the definition's reader as a page's would."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from rigs_helper.cli.shell import KIND_HELP, action_command
from rigs_helper.rules.actions import catalog
from rigs_helper.rules.actions.catalog import DEFS
from rigs_helper.rules.actions.definition import ParamDef
from rigs_helper.rules.errors import InputError


def _app(fn) -> typer.Typer:
    app = typer.Typer(add_completion=False)
    app.command()(fn)
    app.command("other")(lambda: None)  # a group, so the command is reached by its name
    return app


def _click(fn):
    return typer.main.get_command(_app(fn))


def test_a_parameter_added_to_a_definition_appears_on_its_command(monkeypatch):
    d = DEFS["karma retire"]
    extra = (ParamDef("plot", "plot", optional=True, cli="--plot"),
             ParamDef("why", "text", many=True, optional=True, cli="--why"),
             ParamDef("loud", "flag", optional=True, default=False, cli="--loud"))
    monkeypatch.setitem(DEFS, "karma retire", d._replace(params=(*d.params, *extra)))
    cmd = _click(action_command("karma retire", "Take a card out of play.")).commands[
        "retire"]
    by_name = {p.name: p for p in cmd.params}
    assert [p.name for p in cmd.params] == ["player", "title", "plot", "why", "loud", "json",
                                            "game"]
    assert by_name["plot"].opts == ["--plot"] and by_name["plot"].help == KIND_HELP["plot"]
    assert by_name["why"].multiple and not by_name["why"].required
    assert by_name["loud"].is_flag and by_name["title"].required
    assert by_name["title"].param_type_name == "argument"


def test_the_command_hands_its_words_to_the_definition(monkeypatch):
    seen = []
    monkeypatch.setattr("rigs_helper.cli.base.act", lambda game, op, json, summary: seen.append(op))
    app = _app(action_command("karma play", "Play."))
    r = CliRunner().invoke(app, ["play", "Ana", "Decoy", "--target", "Bo", "--drew",
                                 "Bo=Ruins", "--roll", "3"])
    assert r.exit_code == 0, r.output
    assert seen == [catalog.build_action("karma play", "Ana", {
        "title": "Decoy", "target": ["Bo"], "drew": ["Bo=Ruins"], "roll": ["3"]})]


def test_a_word_the_reader_refuses_is_refused_on_the_command(monkeypatch):
    monkeypatch.setattr("rigs_helper.cli.base.act", lambda game, op, json, summary: None)
    app = _app(action_command("karma play", "Play."))
    r = CliRunner().invoke(app, ["play", "Ana", "Decoy", "--plot", "P６"])
    assert isinstance(r.exception, InputError) and "P６" in str(r.exception)
