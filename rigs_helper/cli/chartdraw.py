"""`rigs chart` in the terminal: each player's expected net worth drawn with their marker
letter and colour, then the same lines as a table of figures round by round, so lines that
cross or lie on each other are told apart (and read without colour)."""

from __future__ import annotations


def draw_chart(series, out) -> None:
    from rich.text import Text

    from rigs_helper.forecast.chart import COLOURS, LETTERS, networth_grid
    from rigs_helper.forecast.history import ROUNDS

    if not any(series.values()):
        out.print("No net worth history yet: it is logged when a phase ends (`rigs next`).")
        return
    rows, labels, (x0, x1) = networth_grid(series, width=min(72, out.width - 12))
    digits = 0 if labels[0] - labels[-1] >= 2 * len(labels) else 1
    grid = Text()
    for row, label in zip(rows, labels):
        grid.append(f"{label:8.{digits}f} |")
        run, who_run = "", -2
        for ch, who in (*row, ("", -2)):  # a run of one player's marks takes one style
            if who != who_run and run:
                grid.append(run, style=COLOURS[who_run % len(COLOURS)]
                            if who_run >= 0 else None)
                run = ""
            run, who_run = run + ch, who
        grid.append("\n")
    grid.right_crop(1)  # the last line break
    out.print(grid, soft_wrap=True)
    width = len(rows[0])
    out.print(" " * 9 + "+" + "-" * width)
    axis = [" "] * width
    for r in range(int(x0), min(int(x1), ROUNDS) + 1):  # bounded by the game's rounds
        col = round((r - x0) / (x1 - x0) * (width - 1))
        tick = str(r)
        col = min(col, width - len(tick))
        lo, hi = max(0, col - 1), min(width, col + len(tick) + 1)
        if col + len(tick) <= width and all(c == " " for c in axis[lo:hi]):
            axis[col:col + len(tick)] = tick
    out.print(" " * 10 + "".join(axis))
    out.print(" " * 10 + "rounds completed")
    _value_table(series, out)


def _value_table(series, out) -> None:
    """Each player's line as figures, a column per round (fewer when the terminal is
    narrow): lines that cross are told apart here."""
    from rich.text import Text

    from rigs_helper.forecast.chart import COLOURS, LETTERS, networth_table

    rounds, rows = networth_table(series)
    names = list(series)
    if not rounds:
        _legend(names, out)
        return
    first = [(n.split() or [n])[0] for n in names]
    short = [n if len(n) <= 12 else n[:11] + "…"
             for n in (first if len(set(first)) == len(first) else names)]
    left = max(len(n) for n in short + ["after round"]) + 3
    cell = 1 + max((len(f"{v:.0f}") for row in rows for v in row if v is not None),
                   default=1)
    shown, step = list(range(len(rounds))), 1
    while left + cell * len(shown) > max(out.width, 40):
        step += 1
        shown = sorted({*range(step - 1, len(rounds), step), len(rounds) - 1})
    out.print(f"{'after round':<{left}}" + "".join(f"{rounds[i]:>{cell}}" for i in shown))
    for k, (name, row) in enumerate(zip(short, rows)):
        line = Text(f"{LETTERS[k % len(LETTERS)]} {name:<{left - 2}}",
                    style=COLOURS[k % len(COLOURS)])
        line.append("".join(f"{'-' if row[i] is None else f'{row[i]:.0f}':>{cell}}"
                            for i in shown))
        out.print(line)
    if short != names:
        _legend(names, out)


def _legend(names: list[str], out) -> None:
    """Each player's marker and whole name, none cut across two lines."""
    from rigs_helper.forecast.chart import LETTERS

    line = ""
    for k, n in enumerate(names):
        item = f"{LETTERS[k % len(LETTERS)]} {n}"
        if line and len(line) + 2 + len(item) > out.width:
            out.print(line)
            line = ""
        line = f"{line}  {item}" if line else item
    out.print(line)
