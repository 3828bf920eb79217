"""The board's net-worth chart comes from the forecast room through a small adapter: the
board says "No chart yet" when that room is missing or fails, and never breaks."""

from __future__ import annotations

import sys
import types

from servehelp import secret_game


def _forecast(monkeypatch, series, svg) -> None:
    pkg = types.ModuleType("rigs_helper.forecast")
    history = types.ModuleType("rigs_helper.forecast.history")
    chart = types.ModuleType("rigs_helper.forecast.chart")
    history.series_from_states = series
    history.with_final = lambda s, game, tables: s
    chart.networth_svg = svg
    for name, mod in (("rigs_helper.forecast", pkg), ("rigs_helper.forecast.history", history),
                      ("rigs_helper.forecast.chart", chart)):
        monkeypatch.setitem(sys.modules, name, mod)


def test_the_chart_is_drawn_by_the_forecast_room(monkeypatch, tmp_path, tables):
    from rigs_helper.store import session
    from rigs_helper.web.chart import networth_chart

    game = secret_game(tmp_path / "rigs.toml")
    loaded = session.load(game, tables)
    got = {}

    def series(states, tables):  # the forecast room's signature: the replayed states
        got["actions"] = list(states)
        return {"Ana": [(1, "player", 100.0), (2, "player", 104.0)]}

    _forecast(monkeypatch, series, lambda s: f"<svg><title>{sorted(s)}</title></svg>")
    assert networth_chart(game, loaded, tables) == "<svg><title>['Ana']</title></svg>"
    assert len(got["actions"]) == 10  # the creation, checkpoints, and 7 actions


def test_no_chart_yet_when_the_forecast_room_is_missing_or_fails(monkeypatch, tmp_path,
                                                                 tables):
    from rigs_helper.store import session
    from rigs_helper.web.chart import NO_CHART, networth_chart

    game = secret_game(tmp_path / "rigs.toml")
    loaded = session.load(game, tables)
    monkeypatch.setitem(sys.modules, "rigs_helper.forecast", None)  # import fails
    assert networth_chart(game, loaded, tables) == NO_CHART

    def broken(entries):
        raise ValueError("no history")

    _forecast(monkeypatch, broken, lambda s: "<svg/>")
    assert networth_chart(game, loaded, tables) == NO_CHART
    _forecast(monkeypatch, lambda entries: {}, lambda s: "<svg/>")
    assert networth_chart(game, loaded, tables) == NO_CHART  # nothing to draw yet
    _forecast(monkeypatch, lambda entries: {"Ana": []}, lambda s: "<script>x</script>")
    assert networth_chart(game, loaded, tables) == NO_CHART  # only SVG goes on the board
