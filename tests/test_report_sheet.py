"""`rigs report PATH --html FILE` of a game scored on cardboard (a scoring sheet) or of a
game file: the winner, `rigs score`'s breakdown in a table, a stacked bar per player of
where the net worth came from; the page made from a template that escapes every name; the
chart readable on a phone."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from browserhelp import browser  # noqa: F401 (a fixture)
from conftest import EXAMPLES
from reportpage import figures



def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize("sheet", ["sheet-2p.toml", "sheet-3p.toml", "sheet-4p.toml"])
def test_report_of_a_scoring_sheet_shows_what_score_gives(rigs, tmp_path, sheet):
    html = tmp_path / "r.html"
    out = _ok(rigs("report", EXAMPLES / sheet, "--html", html))
    score = json.loads(_ok(rigs("score", EXAMPLES / sheet, "--json")))
    page = figures(html.read_text(encoding="utf-8"))
    assert page.scores == {p["name"]: {k: v for k, v in p.items() if k != "name"}
                           for p in score["players"]}
    for p in score["players"]:  # each bar: the parts that are not 0, Vinnie included
        assert page.bars[p["name"]] == {k: p[k] for k in ("credits", "luxuries", "plots",
                                                          "resources", "vinnie") if p[k]}
    winners = score["winners"]
    assert all(w in page.winner for w in winners)
    assert ("Shared win" in page.winner) == (len(winners) > 1)
    assert f"HTML report written to {html}" in out


def test_report_of_a_sheet_explains_each_figure_and_json_is_scores(rigs):
    sheet = EXAMPLES / "sheet-3p.toml"
    rep = json.loads(_ok(rigs("report", sheet, "--json")))
    score = json.loads(_ok(rigs("score", sheet, "--json")))
    assert rep["score"]["players"] == score["players"]
    assert rep["score"]["winners"] == score["winners"]
    explain = json.loads(_ok(rigs("score", sheet, "--json", "--explain", "Cara")))["explain"]
    assert rep["score"]["explain"]["Cara"] == explain["lines"]


def test_report_html_names_are_text_not_markup(rigs, tmp_path):
    hostile = "<img src=x onerror=alert(1)>"
    text = (EXAMPLES / "sheet-2p.toml").read_text(encoding="utf-8")
    first = json.loads(_ok(rigs("score", EXAMPLES / "sheet-2p.toml", "--json")))
    name = first["players"][0]["name"]
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(text.replace(f'"{name}"', json.dumps(hostile)), encoding="utf-8")
    html = tmp_path / "r.html"
    _ok(rigs("report", sheet, "--html", html))
    page = html.read_text(encoding="utf-8")
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert hostile in figures(page).scores


def test_report_of_a_game_file_as_path_is_its_report(rigs, tmp_path):
    game = EXAMPLES / "midgame-3p.toml"
    assert json.loads(_ok(rigs("report", game, "--json"))) == \
        json.loads(_ok(rigs("report", "--json", "-g", game)))


def test_report_refuses_a_path_and_a_game_and_keeps_the_sheet(rigs, tmp_path):
    sheet = tmp_path / "sheet.toml"
    shutil.copyfile(EXAMPLES / "sheet-3p.toml", sheet)
    before = sheet.read_bytes()
    r = rigs("report", sheet, "-g", EXAMPLES / "midgame-3p.toml")
    assert r.exit_code != 0 and r.stderr.count("\n") == 1 and "--game" in r.stderr
    r = rigs("report", sheet, "--html", sheet)
    assert r.exit_code == 1 and "that is the scoring sheet" in r.stderr
    assert sheet.read_bytes() == before


@pytest.mark.browser
def test_report_chart_reads_at_390_px_legend_above_labels_12px(rigs, tmp_path, browser):
    """Headless Chromium at 390 px: the net worth chart's legend sits above the drawing and
    every label in it is at least 12 px; the stacked bars fit the screen.  (The test
    process's one browser, a window 390 px wide, not a phone's emulation: one browser
    started for this test cost more than the test.)"""
    html = tmp_path / "report.html"
    _ok(rigs("report", "--html", html, "-g", EXAMPLES / "midgame-3p.toml"))
    sheet_html = tmp_path / "sheet.html"
    _ok(rigs("report", EXAMPLES / "sheet-4p.toml", "--html", sheet_html))
    driver = browser
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    driver.get(html.as_uri())
    assert driver.execute_script("return window.innerWidth") == 390
    sizes = driver.execute_script(
        "return Array.from(document.querySelectorAll('#networth svg text')).map("
        "t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)")
    assert len(sizes) >= 5 and min(sizes) >= 12, sizes
    legend_bottom, svg_top = driver.execute_script(
        "const c = document.getElementById('networth');"
        "return [c.querySelector('.legend').getBoundingClientRect().bottom,"
        "        c.querySelector('svg').getBoundingClientRect().top]")
    assert legend_bottom <= svg_top
    legend = driver.find_element("css selector", "#networth .legend").text
    assert all(n in legend for n in ("Ana", "Bo", "Cy"))
    for page in (html, sheet_html):
        driver.get(page.as_uri())
        assert driver.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth")


def test_report_of_a_sheet_without_end_game_values_names_the_command_that_draws(rigs):
    import shlex

    sheet = EXAMPLES / "sheet-nodraws.toml"
    r = rigs("report", sheet)
    assert r.exit_code == 1 and r.stderr.count("\n") == 1 and "--html" not in r.stderr
    command = r.stderr.split("`")[1]
    assert command.startswith("rigs score ") and command.endswith(" --draw")
    again = rigs(*shlex.split(command)[1:])  # the command as printed runs
    assert again.exit_code == 0, again.stderr
    assert "End Game draws" in again.stdout


def test_report_template_shows_the_bg_stats_block_only_when_given():
    from markupsafe import Markup

    from rigs_helper.cli.reporthtml import render
    from rigs_helper.forecast.report import sheet_report
    from rigs_helper.store.scorefile import score_file

    rep = sheet_report(score_file(EXAMPLES / "sheet-2p.toml").score)
    assert 'id="bgstats"' not in render(rep)
    url = 'https://app.bgstatsapp.com/addPlay.html?data=%7B%22a%22%3A1%7D&x="<b>'
    page = render(rep, bgstats={"url": url, "qr_svg": Markup('<svg id="qr"></svg>')})
    block = page.split('id="bgstats"', 1)[1]
    assert "Add this play to BG Stats" in block and '<svg id="qr"></svg>' in block
    assert 'href="https://app.bgstatsapp.com/addPlay.html?data=%7B%22a%22%3A1%7D&amp;x=' \
           '&#34;&lt;b&gt;"' in block
