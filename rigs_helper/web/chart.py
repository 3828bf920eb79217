"""The net-worth chart on the board, drawn by the forecast room (issue "standings"):
``forecast.history.networth_series(entries)`` from the game's log entries (then
``with_final`` when there is one) and ``forecast.chart.networth_svg(series)``.

Until ``rigs_helper.forecast`` is there, or when it cannot draw this game, the board says
"No chart yet" instead of failing (``NO_CHART``: no markup to show)."""

from __future__ import annotations

import inspect
from pathlib import Path

NO_CHART = ""


def networth_chart(path: Path, loaded, tables) -> str:
    """SVG markup of each player's net worth so far, or NO_CHART."""
    try:
        from rigs_helper.forecast import history
        from rigs_helper.forecast.chart import networth_svg
    except ImportError:
        return NO_CHART
    try:
        series = history.networth_series(*_arguments(history.networth_series, path, loaded,
                                                     tables))
        if not series:
            return NO_CHART
        with_final = getattr(history, "with_final", None)
        if with_final is not None:
            series = with_final(series, loaded.game, tables)
        svg = networth_svg(series)
    except Exception:  # the chart is a nicety: never let it take the board down
        return NO_CHART
    return svg if svg.lstrip().startswith("<svg") else NO_CHART


def _arguments(func, path: Path, loaded, tables) -> list:
    """The positional arguments ``func`` asks for, by name."""
    def entries():  # the net worth figures: no undo record is needed
        from rigs_helper.store.logcache import read_entries

        return read_entries(path, loaded.log_text, loaded.log_line, tables)

    offer = {"path": lambda: path, "game_path": lambda: path, "loaded": lambda: loaded,
             "log_text": lambda: loaded.log_text, "game": lambda: loaded.game,
             "tables": lambda: tables, "entries": entries}
    params = inspect.signature(func).parameters.values()
    return [offer[p.name]() for p in params
            if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
