"""Net worth over time as a chart: a self-contained inline SVG, and a character grid for the
terminal.  No I/O.

Each player has a colour *and* a dash pattern and a marker shape (SVG) or a marker letter
(terminal), so the chart reads without colour too; under the terminal's plot a table of
each player's figure round by round tells apart the lines that cross.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape

from rigs_helper.forecast.history import ROUNDS, position

Series = Mapping[str, list[tuple[int, str, float]]]

# Okabe-Ito colours (distinguishable with the common colour-vision deficiencies)
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "1 2")
MARKERS = ("circle", "square", "triangle", "diamond", "circle", "square")
LETTERS = ("*", "o", "+", "x", "#", "%")


def _points(pts: list[tuple[int, str, float]]) -> list[tuple[float, str, float]]:
    """(x in rounds, phase, value) of a player's points: the x within the game's rounds,
    a value that is not finite left out (``networth_series`` keeps none of either)."""
    return [(min(max(position(r, p), 0.0), float(ROUNDS)), p, v) for r, p, v in pts
            if math.isfinite(v)]


def _bounds(series: Series) -> tuple[float, float, float, float]:
    """The x range (in rounds, within the game's) and the y range of the points."""
    xs = [x for pts in series.values() for x, _, _ in _points(pts)]
    ys = [v for pts in series.values() for _, _, v in _points(pts)]
    x0, x1 = (min(xs), max(xs)) if xs else (0.0, 1.0)
    y0, y1 = (min(ys), max(ys)) if ys else (0.0, 1.0)
    if x1 == x0:
        x1 = x0 + 1
    if y1 == y0:
        y0, y1 = y0 - 1, y1 + 1
    pad = (y1 - y0) * 0.05  # keep the lines off the frame
    return x0, x1, y0 - pad, y1 + pad


def _ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi <= lo:
        return []
    span = hi - lo
    raw = span / n
    mag = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    step = min((m * mag for m in (1, 2, 5, 10) if m * mag >= raw), default=mag * 10)
    first = int(lo // step + (1 if lo % step else 0)) * step
    out: list[float] = []
    v = first
    while v <= hi + 1e-9 and len(out) <= 2 * n:  # at most a few ticks, whatever the values
        out.append(v)
        v += step
    return out


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "square":
        return f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" fill="{colour}"/>'
    if kind == "triangle":
        return (f'<polygon points="{x:.1f},{y - 4:.1f} {x - 4:.1f},{y + 3:.1f} '
                f'{x + 4:.1f},{y + 3:.1f}" fill="{colour}"/>')
    if kind == "diamond":
        return (f'<polygon points="{x:.1f},{y - 4:.1f} {x + 4:.1f},{y:.1f} {x:.1f},'
                f'{y + 4:.1f} {x - 4:.1f},{y:.1f}" fill="{colour}"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.2" fill="{colour}"/>'


def networth_svg(series: Series, width: int = 640, height: int = 320,
                 title: str = "Expected net worth by round") -> str:
    """An inline ``<svg>`` (no external asset, no script) of each player's expected net
    worth over the rounds."""
    left, right, top, bottom = 56, 120, 28, 36
    pw, ph = width - left - right, height - top - bottom
    x0, x1, y0, y1 = _bounds(series)

    def sx(x: float) -> float:
        return left + (x - x0) / (x1 - x0) * pw

    def sy(y: float) -> float:
        return top + (1 - (y - y0) / (y1 - y0)) * ph

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
             f'width="{width}" height="{height}" role="img" font-family="sans-serif" '
             f'font-size="11">', f"<title>{escape(title)}</title>",
             f'<text x="{left}" y="16" font-size="13" font-weight="bold" '
             f'fill="currentColor">{escape(title)}</text>']
    for v in _ticks(y0, y1):
        y = sy(v)
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + pw}" y2="{y:.1f}" '
                     f'stroke="#888" stroke-opacity="0.3"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" '
                     f'fill="currentColor">{v:g}</text>')
    for r in range(int(x0), min(int(x1), ROUNDS) + 1):  # bounded by the game's rounds
        x = sx(r)
        parts.append(f'<line x1="{x:.1f}" y1="{top + ph}" x2="{x:.1f}" y2="{top + ph + 4}" '
                     f'stroke="currentColor"/>')
        parts.append(f'<text x="{x:.1f}" y="{top + ph + 16}" text-anchor="middle" '
                     f'fill="currentColor">{r}</text>')
    parts.append(f'<text x="{left + pw / 2:.1f}" y="{height - 4}" text-anchor="middle" '
                 f'fill="currentColor">rounds completed</text>')
    parts.append(f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" '
                 f'stroke="currentColor" stroke-opacity="0.5"/>')
    for i, (name, pts) in enumerate(series.items()):
        colour, dash, marker = (COLOURS[i % len(COLOURS)], DASHES[i % len(DASHES)],
                                MARKERS[i % len(MARKERS)])
        points = _points(pts)
        xy = [(sx(x), sy(v)) for x, _, v in points]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(f'<g><title>{escape(name)}</title>'
                     f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dash_attr} '
                     f'points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in xy)}"/>')
        for (_r, p, _v), (x, y) in zip(points, xy):
            if p in ("player", "end"):
                parts.append(_marker(marker, x, y, colour))
        parts.append("</g>")
        ly = top + 10 + i * 18
        lx = left + pw + 12
        parts.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 28}" y2="{ly}" stroke="{colour}" '
                     f'stroke-width="2"{dash_attr}/>' + _marker(marker, lx + 14, ly, colour)
                     + f'<text x="{lx + 34}" y="{ly + 4}" fill="currentColor">'
                     f'{escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def networth_grid(series: Series, width: int = 60, height: int = 14
                  ) -> tuple[list[list[tuple[str, int]]], list[float], tuple[float, float]]:
    """A character plot: rows (top first) of (char, player index or -1), the value at each
    row, and the x range in rounds.  Each player's points are drawn with their letter."""
    x0, x1, y0, y1 = _bounds(series)
    rows = [[(" ", -1) for _ in range(width)] for _ in range(height)]
    for i, pts in enumerate(series.values()):
        letter = LETTERS[i % len(LETTERS)]
        prev = None
        for x, p, v in _points(pts):
            col = round((x - x0) / (x1 - x0) * (width - 1))
            row = round((1 - (v - y0) / (y1 - y0)) * (height - 1))
            if prev is not None:  # join to the previous point with dots
                pc, pr = prev
                steps = max(abs(col - pc), 1)
                for s in range(1, steps):
                    c = pc + (col - pc) * s // steps
                    rr = round(pr + (row - pr) * s / steps)
                    if rows[rr][c][1] == -1:
                        rows[rr][c] = ("·", i)
            rows[row][col] = (letter, i)
            prev = (col, row)
    labels = [y1 - (y1 - y0) * k / (height - 1) for k in range(height)]
    return rows, labels, (x0, x1)


def networth_table(series: Series) -> tuple[list[int], list[list[float | None]]]:
    """The figures under the terminal's plot, where its lines cross: the rounds completed
    (from the first one a point shows) and for each player (in the series' order) the expected net worth once
    that round was over (the last point at or before it; None before the first)."""
    pts = {name: _points(p) for name, p in series.items()}
    xs = [x for p in pts.values() for x, _, _ in p]
    first, last = (min(xs), max(xs)) if xs else (0.0, 0.0)
    rounds = list(range(max(1, math.ceil(first)), min(int(last), ROUNDS) + 1))
    rows = []
    for p in pts.values():
        row: list[float | None] = []
        for r in rounds:
            at = [v for x, _, v in p if x <= r]
            row.append(at[-1] if at else None)
        rows.append(row)
    return rounds, rows


__all__ = ["COLOURS", "LETTERS", "networth_grid", "networth_svg", "networth_table"]
