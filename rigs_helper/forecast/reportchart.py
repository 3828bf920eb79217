"""The report's pictures as numbers a template draws: where each player's net worth came
from (a stacked bar per player) and net worth over time (lines with their axis ticks).
No I/O, no markup: the HTML report's template (cli/templates/report.html) draws them, so
every name it shows is escaped there.

Sized to read on a phone: the line chart's coordinates are for a drawing 360 units wide,
shown at most 30rem wide, so its 13-unit labels are 13 px or more at 390 px; the legend is
text above the drawing.
"""

from __future__ import annotations

from rigs_helper.forecast.chart import COLOURS, DASHES, Series, _bounds, _points, _ticks
from rigs_helper.forecast.history import ROUNDS

# the parts of a net worth, in the order the bars stack them (`rigs score`'s columns)
PARTS = (("credits", "Credits", "#0072B2"), ("luxuries", "Luxuries", "#E69F00"),
         ("plots", "Plots", "#009E73"), ("resources", "Resources", "#CC79A7"))
VINNIE = ("vinnie", "Vinnie", "#D55E00")

WIDTH, HEIGHT = 360, 230
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 10, 40


def score_bars(players: list[dict]) -> dict:
    """Each player's net worth as segments of one bar (``players``: `rigs score --json`'s
    rows): ``{"legend": [(label, colour)], "rows": [{"name", "net_worth", "segments":
    [{"key", "label", "value", "colour", "percent"}]}]}``; a bar's length is its positive
    parts against the longest, Vinnie (what he takes) a segment of its own after them."""
    longest = max((sum(max(p[k], 0) for k, _, _ in PARTS) - min(p[VINNIE[0]], 0)
                   for p in players), default=0) or 1
    rows = []
    for p in players:
        segments = [{"key": k, "label": label, "value": p[k], "colour": colour,
                     "percent": round(100 * max(p[k], 0) / longest, 2)}
                    for k, label, colour in PARTS if p[k] > 0]
        if p[VINNIE[0]]:
            k, label, colour = VINNIE
            segments.append({"key": k, "label": label, "value": p[k], "colour": colour,
                             "percent": round(100 * abs(p[k]) / longest, 2)})
        rows.append({"name": p["name"], "net_worth": p["net_worth"], "segments": segments})
    return {"legend": [(label, colour) for _, label, colour in (*PARTS, VINNIE)],
            "rows": rows}


def line_chart(series: Series) -> dict | None:
    """Net worth over time (``series``: name -> (round, phase, value)) as coordinates in a
    WIDTH x HEIGHT drawing: ``{"width", "height", "frame": (x, y, w, h), "lines": [{"name",
    "colour", "dash", "points"}], "x_ticks": [(x, label)], "y_ticks": [(y, label)]}``;
    None when no player has a point."""
    if not any(_points(pts) for pts in series.values()):
        return None
    x0, x1, y0, y1 = _bounds(series)
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def sx(x: float) -> float:
        return round(LEFT + (x - x0) / (x1 - x0) * pw, 1)

    def sy(y: float) -> float:
        return round(TOP + (1 - (y - y0) / (y1 - y0)) * ph, 1)

    lines = []
    for i, (name, pts) in enumerate(series.items()):
        xy = " ".join(f"{sx(x)},{sy(v)}" for x, _, v in _points(pts))
        lines.append({"name": name, "colour": COLOURS[i % len(COLOURS)],
                      "dash": DASHES[i % len(DASHES)], "points": xy})
    rounds = range(int(x0), min(int(x1), ROUNDS) + 1)  # bounded by the game's rounds
    step = max(1, len(rounds) // 6)  # a label every few rounds: at most 7 fit at 360
    return {"width": WIDTH, "height": HEIGHT, "frame": (LEFT, TOP, pw, ph), "lines": lines,
            "x_ticks": [(sx(r), str(r)) for r in rounds[::step]],
            "y_ticks": [(sy(v), f"{v:g}") for v in _ticks(y0, y1, 4)]}


__all__ = ["PARTS", "VINNIE", "line_chart", "score_bars"]
