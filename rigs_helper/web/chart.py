"""The net-worth chart on the board, drawn by the forecast room (issue "standings"):
``forecast.history.series_from_states`` over the game's states (the history replayed),
then ``with_final`` and ``forecast.chart.networth_svg(series)``.

When it cannot draw this game, the board says "No chart yet" instead of failing
(``NO_CHART``: no markup to show; the template writes the words)."""

from __future__ import annotations

from pathlib import Path

NO_CHART = ""


def networth_chart(path: Path, loaded, tables) -> str:
    """SVG markup of each player's net worth so far, or NO_CHART."""
    try:
        from rigs_helper.forecast import history
        from rigs_helper.forecast.chart import networth_svg
        from rigs_helper.store import timeline

        states = [s.after for s in timeline.whole(loaded, str(path), tables)
                  if s.after is not None]
        series = history.series_from_states(states, tables)
        if not series:
            return NO_CHART
        svg = networth_svg(history.with_final(series, loaded.game, tables))
    except Exception:  # the chart is a nicety: never let it take the board down
        return NO_CHART
    return svg if svg.lstrip().startswith("<svg") else NO_CHART
