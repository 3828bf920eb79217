"""The net-worth chart on the board, drawn by the forecast room (issue "standings").

Until ``rigs_helper.forecast`` is there, or when it cannot draw this game, the board says
"no chart yet" instead of failing."""

from __future__ import annotations

import inspect
from pathlib import Path

NO_CHART = '<p class="muted">No chart yet.</p>'


def networth_chart(path: Path, loaded, tables) -> str:
    """SVG markup of each player's net worth so far, or a short note."""
    try:
        from rigs_helper.forecast.chart import networth_svg
        from rigs_helper.forecast.history import networth_series
    except ImportError:
        return NO_CHART
    offer = {"path": path, "game_path": path, "file": path, "loaded": loaded,
             "log_text": loaded.log_text, "game": loaded.game, "tables": tables}
    try:
        params = inspect.signature(networth_series).parameters
        args = [offer[n] for n, p in params.items()
                if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                                       p.POSITIONAL_OR_KEYWORD)]
        kwargs = {n: offer[n] for n, p in params.items()
                  if p.default is not p.empty and n in offer}
        svg = networth_svg(networth_series(*args, **kwargs))
    except Exception:  # the chart is a nicety: never let it take the board down
        return NO_CHART
    return svg if isinstance(svg, str) and svg.lstrip().startswith("<svg") else NO_CHART
