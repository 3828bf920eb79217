"""An action's command is made from its definition (``cli/shell.py``): a parameter added to
the catalog appears on the terminal with its kind's words, and the words given there reach
the definition's reader as a page's would."""

from __future__ import annotations

from dataclasses import replace

import typer
from typer.testing import CliRunner

from rigs_helper.cli.shell import KIND_HELP, action_command
from rigs_helper.games.rigs.actions import catalog
from rigs_helper.games.rigs.actions.catalog import DEFS
from rigs_helper.games.rigs.actions.definition import ParamDef
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
    monkeypatch.setattr("rigs_helper.cli.rigscli.act", lambda game, op, json, summary: seen.append(op))
    app = _app(action_command("karma play", "Play."))
    r = CliRunner().invoke(app, ["play", "Ana", "Decoy", "--target", "Bo", "--drew",
                                 "Bo=Ruins", "--roll", "3"])
    assert r.exit_code == 0, r.output
    assert seen == [catalog.build_action("karma play", "Ana", {
        "title": "Decoy", "target": ["Bo"], "drew": ["Bo=Ruins"], "roll": ["3"]})]


def test_a_word_the_reader_refuses_is_refused_on_the_command(monkeypatch):
    monkeypatch.setattr("rigs_helper.cli.rigscli.act", lambda game, op, json, summary: None)
    app = _app(action_command("karma play", "Play."))
    r = CliRunner().invoke(app, ["play", "Ana", "Decoy", "--plot", "P６"])
    assert isinstance(r.exception, InputError) and "P６" in str(r.exception)


def _acted(monkeypatch, path, args, **kw):
    """The operations the command of ``path`` hands to the game, and its result."""
    seen = []
    monkeypatch.setattr("rigs_helper.cli.rigscli.act",
                        lambda game, op, json, summary: seen.append(op))
    app = typer.Typer(add_completion=False)  # `--for` reaches the items, as in cli/actions.py
    app.command(context_settings={"ignore_unknown_options": True})(
        action_command(path, "Doc.", **kw))
    app.command("other")(lambda: None)
    r = CliRunner().invoke(app, [path.split()[-1], *args])
    return seen, r


def test_items_and_what_comes_back_are_read_as_the_definition_reads_them(monkeypatch):
    seen, r = _acted(monkeypatch, "give", ["Ana", "Bo", "energy=2,P7", "--for", "credits=10"])
    assert r.exit_code == 0, r.output
    assert seen == [catalog.build_action("give", "Ana", {
        "to": "Bo", "energy": ["2"], "plot": ["P7"], "for_credits": ["10"]})]
    cmd = _click(action_command("settle", "Doc.")).commands["settle"]
    assert [p.name for p in cmd.params] == ["player", "items", "json", "game"]
    seen, r = _acted(monkeypatch, "settle", ["Ana", "P7"])
    assert not seen and isinstance(r.exception, InputError)  # settle moves no plot


def test_a_refusal_of_an_empty_for_comes_from_the_items_table(monkeypatch):
    said = {"items": {"empty_for": "--for names nothing"}}
    seen, r = _acted(monkeypatch, "give", ["Ana", "Bo", "energy=2", "--for"], said=said)
    assert not seen and str(r.exception) == "--for names nothing"
    seen, r = _acted(monkeypatch, "give", ["Ana", "Bo", "energy=2", "--for"])
    assert seen == [catalog.build_action("give", "Ana", {"to": "Bo", "energy": ["2"]})]  # a gift


def test_an_option_with_another_form_reads_each_form_as_its_own_parameter(monkeypatch):
    seen, r = _acted(monkeypatch, "lose", ["Ana", "--from", "P3"])
    assert seen == [catalog.build_action("lose", "Ana", {"from": ["P3"]})]
    seen, r = _acted(monkeypatch, "lose", ["Ana", "--from", "P3=2", "--from", "wh=1"])
    assert seen == [catalog.build_action("lose", "Ana", {"places": ["P3=2", "wh=1"]})]
    seen, r = _acted(monkeypatch, "lose", ["Ana", "--from", "P3=2", "--from", "wh"])
    assert not seen and str(r.exception) == "--from: with several places, give WHERE=K for each"


def test_a_view_shown_instead_of_the_action_and_the_action_run_its_own_way(monkeypatch):
    ran = []
    said = {"player": {"default": None}}
    kw = {"said": said, "view": lambda **w: w["player"] is None,
          "run": lambda game, op, json, summary: ran.append(op)}
    seen, r = _acted(monkeypatch, "produce", [], **kw)
    assert r.exit_code == 0 and not seen and not ran
    seen, r = _acted(monkeypatch, "produce", ["Ana", "--skip", "P3"], **kw)
    assert not seen and ran == [catalog.build_action("produce", "Ana", {"skip": ["P3"]})]


def test_an_action_taken_several_times_makes_one_operation_of_each_actions_words(monkeypatch):
    """`sell` and `vinnie repay` are made from their definitions too (``several``): each
    action's words are read as a page's form, and the first operation keeps the others."""
    from rigs_helper.games.rigs.actions.deals import Sell
    from rigs_helper.games.rigs.actions.loans import Repay

    assert [p.name for p in _click(action_command("sell", "Doc.")).commands["sell"].params] \
        == ["items", "json", "game"]
    seen, r = _acted(monkeypatch, "sell", ["Ana", "2", "Bo", "all"])
    assert r.exit_code == 0 and seen == [Sell("Ana", 2, more=(("Bo", None),))]
    assert replace(seen[0], more=()) == catalog.build_action("sell", "Ana", {"n": "2"})
    seen, r = _acted(monkeypatch, "sell", ["Ana", "2", "Bo"])
    assert not seen and str(r.exception) == "sell Ana 2 Bo: give PLAYER N for each"
    seen, r = _acted(monkeypatch, "sell", ["Ana", "2", "Bo", "٣"])
    assert not seen and "'٣' is not a whole number" in str(r.exception)
    seen, r = _acted(monkeypatch, "vinnie repay", ["Ana", "energy=2", "metal=all"])
    assert seen == [Repay("Ana", "energy", 2, more=(("metal", None),))]
    seen, r = _acted(monkeypatch, "vinnie repay", ["Ana", "metal"])  # one action's words
    assert seen == [catalog.build_action("vinnie repay", "Ana", {"resource": "metal"})]
    seen, r = _acted(monkeypatch, "vinnie repay", ["Ana", "metal", "2", "energy"],
                     said={"items": {"shape": "one per resource"}})
    assert not seen and str(r.exception) == "vinnie repay metal 2 energy: one per resource"
    seen, r = _acted(monkeypatch, "vinnie repay", ["Ana", "energy=2", "metal"])
    assert not seen and str(r.exception) == "'metal': write RESOURCE=N"
