"""The HTML report (`rigs report --html FILE`) from its Jinja2 template, autoescape on: a
player's name or a card's title is text on the page whatever it holds.

Jinja2 is the dependency for HTML here (and for `rigs serve`'s pages): templates that
escape by default instead of markup assembled in f-strings, where one missed escape is
script running on another player's screen.
"""

from __future__ import annotations

TITLE = "R.I.G.S. game report"


def _environment():
    from jinja2 import Environment, PackageLoader, StrictUndefined

    return Environment(loader=PackageLoader("rigs_helper.cli", "templates"),
                       autoescape=True, undefined=StrictUndefined,
                       trim_blocks=True, lstrip_blocks=True)


def context(report: dict, series=None, title: str = TITLE) -> dict:
    """What the template shows, from `rigs report --json`'s dict (a game file's or a
    scoring sheet's) and, for a game, the net worth over time."""
    from rigs_helper.forecast.report import (
        BREAKDOWN,
        endgame_lines,
        player_lines,
        standings_title,
        winner_line,
    )
    from rigs_helper.forecast.reportchart import line_chart, score_bars

    out = {"title": title, "final": report["final"], "breakdown": BREAKDOWN,
           "columns": [label for _, label in BREAKDOWN],
           "chart": line_chart(series) if series else None,
           "players": [(row["name"], player_lines(row)) for row in report["players"]],
           "market_prices": report["market_prices"], "bgstats": None}
    if report["final"]:
        score = report["score"]
        out.update(winner=winner_line(report), score_rows=score["players"],
                   bars=score_bars(score["players"]), explain=score.get("explain", {}),
                   endgame=endgame_lines(report))
    else:
        out.update(standings_title=standings_title(report),
                   standings=[{"name": r["name"], "net_worth": r["net_worth"],
                               "win": f"{r['win_probability'] * 100:.1f}%"}
                              for r in report["players"]])
    return out


def render(report: dict, series=None, title: str = TITLE, **extra) -> str:
    """The page; ``extra`` fills the template's optional blocks (``bgstats``)."""
    return _environment().get_template("report.html").render(
        **{**context(report, series, title), **extra})


def refuse_html(html, path, what: str) -> None:
    """InputError (one line) when ``--html`` names the file reported (``what``) or a
    folder: checked before the report is worked out (write_atomic refuses a folder too)."""
    from rigs_helper.rules.errors import InputError

    if html.resolve() == path.resolve():
        raise InputError(f"--html {html}: that is {what}")
    if html.is_dir():
        raise InputError(f"{html}: is a folder, not a file")


def report_sheet(path, html, json: bool) -> bool:
    """`rigs report PATH` when PATH is a scoring sheet: its score (as `rigs score`), the
    HTML page with ``html``; False when PATH is a game file (the caller reports it)."""
    from rigs_helper.cli.base import print_json
    from rigs_helper.forecast.report import sheet_report
    from rigs_helper.store.files import read_text, write_atomic
    from rigs_helper.store.scorefile import is_game_file, score_file

    if is_game_file(read_text(path)):
        return False
    from rigs_helper.rules.errors import InputError
    from rigs_helper.rules.text import shell_word

    try:
        result = score_file(path)
    except InputError as err:  # `report` draws nothing: say where the values come from
        said = str(err).replace(
            "(add them, or use --draw to draw them)",
            f"(add them to the sheet; `rigs score {shell_word(str(path))} --draw` draws "
            "values to copy in)")
        raise InputError(said) from None
    if html is not None:
        refuse_html(html, path, "the scoring sheet")
    rep = sheet_report(result.score)
    if html is not None:
        write_atomic(html, render(rep), shared=True)
    if json:
        print_json(rep)
        return True
    from rigs_helper.cli import rigsrender
    from rigs_helper.cli import render as text

    rigsrender.score(result)
    if html is not None:
        text.say(f"HTML report written to {html}")
    return True
