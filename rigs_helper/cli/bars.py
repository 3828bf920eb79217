"""Chances drawn as bars of block characters (`rigs standings`' win chances); apart from
render.py so the commands that draw no bar do not load it."""

from __future__ import annotations


BAR_WIDTH = 20  # characters for a chance of 100%
_EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(fraction: float, width: int = BAR_WIDTH) -> str:
    """``fraction`` (0-1) as a bar of block characters, to an eighth of a character."""
    eighths = round(min(max(fraction, 0.0), 1.0) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(width)


def win_bars(title: str, chances: list[tuple[str, float]]) -> str:
    """Each player's chance of winning as a bar (``chances``: name, 0-1)."""
    wide = max((len(n) for n, _ in chances), default=0)
    return "\n".join([title, *(f"{n.ljust(wide)}  {bar(p)}  {p * 100:5.1f}%"
                               for n, p in chances)])
