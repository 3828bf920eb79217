"""`rigs standings`, `rigs odds`, `rigs chart`, `rigs report`: forecasts from public facts.

The figures come from :mod:`rigs_helper.forecast` (pure); this module loads the game file,
calls it and draws the result.  None of these commands writes the game file.
"""


from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rigs_helper.cli.base import GameOpt, JsonOpt, complete_path, game_path, print_json
from rigs_helper.games.rigs.names import plural

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)

_SHORT = {"energy": "E", "supplies": "S", "metal": "M"}


def _load(game: Path | None):
    from rigs_helper.store import session
    from rigs_helper.store.tablefiles import load_tables

    tables = load_tables()
    return session.load(game_path(game), tables), tables


def _record(loaded, path: Path, tables):
    """What each player did so far, from the history (None when it cannot be read: the
    forecast then reads the state alone)."""
    from rigs_helper.forecast.record import from_entries
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import timeline

    try:
        return from_entries(timeline.entries(loaded, str(path), tables))
    except InputError:
        return None


def _past(loaded, path: Path):
    """The group's history for the forecast: per player name, the play style that fitted
    them in each of the group's past games (kept with each game `rigs score` keeps), the
    ensemble's weights before this game's play (`rigs_helper.forecast.tendencies.prior_of`);
    read only when the forecast simulates, in one query."""
    from rigs_helper.store.historypast import PastStyles

    return PastStyles(loaded.game)


def _units(units: dict) -> str:
    return ", ".join(f"{n} {_SHORT.get(r, r)}" for r, n in units.items()) or "-"


def _fmt(x) -> str:
    return f"{x:.1f}" if isinstance(x, float) and x != int(x) else str(int(x))


class _Bar:
    """A Rich progress bar on stderr, shown only once a run passes half a second."""

    def __init__(self, label: str) -> None:
        import time

        self.clock = time.perf_counter
        self.start = self.clock()
        self.label = label
        self.bar: "Progress | None" = None
        self.task: "TaskID | None" = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None and self.clock() - self.start > 0.5:
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


@app.command()
def standings(
    json: JsonOpt = False,
    now: Annotated[bool, typer.Option(
        "--now", help="Only the figures if the game ended now (End Game cards and dice the "
        "only unknowns), not the forecast of the end.")] = False,
    samples: Annotated[int | None, typer.Option(
        "--samples", help="Simulated games for the forecast (default 100 in round 1 to 200 "
        "from round 9: fewer when more rounds are left); with --now, Monte "
        "Carlo samples when the exact sum is too big (default 40000).", min=1)] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed of the forecast's own generator (default: from the public "
        "facts; the game's own generator is never used).", min=0)] = None,
    game: GameOpt = None,
) -> None:
    """Who is going to win: each player's expected net worth at the end of the game, its
    spread and their chance of winning, from public facts and simulated players for the
    rounds left; beside it the same if the game ended now (`--now`: only that)."""
    from rigs_helper.forecast.standings import DEFAULT_SAMPLES, compute, compute_now

    loaded, tables = _load(game)
    bar = _Bar("standings")
    try:
        if now:
            result = compute_now(loaded.game, tables, samples=samples or DEFAULT_SAMPLES,
                                 seed=seed, tick=bar)
        else:
            result = compute(loaded.game, tables, samples=samples, seed=seed, tick=bar,
                             record=_record(loaded, game_path(game), tables),
                             past=_past(loaded, game_path(game)))
    finally:
        bar.close()
    unused = [o for o, v in (("--samples", samples), ("--seed", seed)) if v is not None]
    if unused and result.method != ("monte carlo" if now else "simulation"):
        from rigs_helper.rules.errors import InputError

        why = ("every End Game value is known" if result.method == "known"
               else "no round is left to play" if not now
               else "the win chances are summed exactly")
        raise InputError(f"{' and '.join(unused)}: not used: nothing is sampled here ({why})")
    if json:
        print_json(result.as_dict())
        return
    render_standings(result)


def render_standings(result) -> None:
    """The standings as plain text (no Rich: the hot path of `rigs standings --now`)."""
    from rigs_helper.cli.render import alert, grid, say

    g_over = result.method == "known"
    ahead = result.method == "simulation"
    title = (f"Standings, round {result.round}, {result.phase.title()} Phase"
             + ("" if g_over else " (forecast of the end of the game)" if ahead
                else " (at the end: no round left to play)" if result.horizon == "end"
                else " (if the game ended now)"))
    cols = ["Net worth", "Low (10%)", "High (90%)", "Win"]
    cols += ["Now", "Win now", "Vinnie at end"] if ahead else ["Vinnie now", "Vinnie at end"]
    rows = []
    for p in result.players:
        v = p.vinnie
        end = _units(v["end_units"])
        if v["end_units"]:
            end += f" (~{_fmt(v['end_credits'])} cr)"
        cells = [p.name, _fmt(p.net_worth), _fmt(p.low), _fmt(p.high),
                 f"{p.win_probability * 100:.1f}%"]
        if ahead:
            cells += [_fmt(p.now.net_worth), f"{p.now.win_probability * 100:.1f}%", end]
        else:
            cells += [_units(v["now_units"]), end]
        rows.append(cells)
    say(title)
    print(grid(["Player", *cols], rows, right=set(range(1, len(cols) + 1))))
    from rigs_helper.cli.bars import win_bars

    print(win_bars("Win chances" + (" (forecast of the end):" if ahead else ":"),
                   [(p.name, p.win_probability) for p in result.players]))
    if ahead:
        say(result.sureness())
        say("Forecast of the end: the rounds left played from public facts by simulated "
            "players after an ensemble of play styles, each as likely as it explains the "
            "play so far, the chances shrunk toward a fair guess as far as the play says "
            "little (docs/forecast.md; --json: each chance's 90% interval).")
        say(f"Now, Win now: if the game ended now (Luxuries at {_fmt(result.price)}, "
                  f"{result.price_basis}); `rigs standings --now` adds its spread.")
    else:
        say(f"Luxuries at {_fmt(result.price)} ({result.price_basis}).")
        if result.unknowns:
            say("Unknown: " + ", ".join(result.unknowns) + " (End Game cards drawn "
                      "from the Market cards not yet seen).")
    how = {"known": "every End Game value is known",
           "exact": "win chances summed exactly over every outcome",
           "monte carlo": f"win chances from {result.samples} samples, about +-1 point",
           "simulation": ""}[result.method]
    if result.method == "simulation":  # the end's chances are tempered shares of one win
        say("Win: a tie shares the win; Win now: a tie counts as a win for each tied player.")
    else:
        say((f"{how.capitalize()}; a tie" if how else "A tie")
            + " counts as a win for each tied player.")
    for p in result.players:
        bill = p.vinnie["end_credits"]
        if bill and bill > abs(p.net_worth) / 4:
            print(alert("Warning:", f"{p.name}'s end-game Vinnie bill (about {_fmt(bill)} "
                      f"credits) is over a quarter of their expected net worth "
                      f"({_fmt(p.net_worth)})."))


@app.command()
def odds(json: JsonOpt = False, game: GameOpt = None) -> None:
    """What the rest of each deck holds as the table could know it: the next Market card,
    Disasters next round, Survey yields and Karma cards left (all cards minus those seen)."""
    from rigs_helper.forecast.odds import odds as compute

    loaded, tables = _load(game)
    d = compute(loaded.game, tables)
    if json:
        print_json(d)
        return
    from rigs_helper.cli.render import console, grid

    out = console()
    m = d["market"]
    out.print(f"[bold]Market[/bold]: {plural(m['game_deck'], 'card')} left in the Game Market "
              f"Deck, {m['end_deck']} in the End Game deck; {m['note']}.")
    rows = [[cat, str(m["unseen"][cat]), f"{m['next'].get(cat, 0) * 100:.1f}%"]
            for cat in m["unseen"]]
    out.print(grid(["Category", "Unseen", "Next card"], rows, right={1, 2}))
    if m["expected_price"] is not None:
        out.print(f"Expected price of the next Market card: {m['expected_price']}")
    dis = d["disaster"]
    out.print(f"\n[bold]Disaster[/bold]: {dis['deck']} cards in the deck; chance of each "
              f"title among the next {dis['players']} dealt:")
    rows = [[t, str(dis["left"].get(t, 0)), f"{dis['next_card'].get(t, 0) * 100:.1f}%",
             f"{p * 100:.1f}%"] for t, p in dis["next_round"].items()]
    out.print(grid(["Title", "In deck", "Next card", "Next round"], rows, right={1, 2, 3}))
    s = d["survey"]
    out.print(f"\n[bold]Survey[/bold]: {s['deck']} cards left: "
              + ", ".join(f"yield {y} x{n}" for y, n in s["left"].items())
              + (f"; expected yield {s['expected_yield']}, luxury plot "
                 f"{s['luxury_chance'] * 100:.1f}%" if s["expected_yield"] is not None else ""))
    k = d["karma"]
    out.print(f"\n[bold]Karma[/bold]: {k['deck']} cards in the deck, {k['in_hands']} in hands, "
              "unseen; " + k["note"] + ".")
    out.print(grid(["Kind", "Unseen", "Next card"],
                   [[kind.title(), str(n), f"{k['next'].get(kind, 0) * 100:.1f}%"]
                    for kind, n in k["unseen"].items()], right={1, 2}))
    p = d["plot"]
    out.print(f"\n[bold]Plot[/bold]: {p['deck']} in the deck"
              + (f", {p['in_land_grant']} in the Land Grant" if p["in_land_grant"] else "")
              + ": " + (", ".join(f"{t} x{n}" for t, n in p["left"].items()) or "none"))


def cards_left(deck: str | None, json: bool, game: Path | None) -> None:
    """`rigs cards --deck D --left`: each deck's unseen cards by type or title."""
    from rigs_helper.forecast.knowledge import DECKS, deck_knowledge, karma_kinds
    from rigs_helper.rules.errors import InputError

    names = {"plots": "plot", "disasters": "disaster"}
    if deck is None:
        wanted = list(DECKS)
    else:
        d = names.get(deck.lower(), deck.lower())
        if d not in DECKS:
            raise InputError(f"--deck {deck!r} with --left: one of " + ", ".join(DECKS))
        wanted = [d]
    loaded, tables = _load(game)
    found = [deck_knowledge(loaded.game, tables, d) for d in wanted]
    kinds = karma_kinds(loaded.game, tables)
    if json:
        print_json({"decks": [{**k.as_dict(), **({"kinds": kinds} if k.deck == "karma" else {})}
                              for k in found]})
        return
    from rigs_helper.cli.render import console, grid

    out = console()
    for i, k in enumerate(found):
        hidden = f"; {k.where_hidden}" if k.where_hidden else ""
        out.print(("\n" if i else "") + f"[bold]{k.deck.title()}[/bold]: {k.size} cards in "
                  f"the deck{hidden}; unseen by the table: {k.unseen_total}")
        if k.deck == "karma":
            out.print("By kind: " + ", ".join(f"{kind.title()} {n}" for kind, n in kinds.items()))
        chance = dict(k.chance_outcomes())
        out.print(grid(["Card", "Unseen", "Next card"],
                       [[label, str(n), f"{chance.get(label, 0) * 100:.1f}%"]
                        for label, n in k.unseen], right={1, 2}))


# ---------------------------------------------------------------------------- history


def _history(path: Path, loaded, tables, steps_wanted: bool = True):
    """(series, steps): net worth over time and (action, before, after) per logged action,
    oldest first, from the history replayed (a damaged one is named in one line)."""
    from rigs_helper.forecast.history import series_from_states, with_final
    from rigs_helper.store import timeline

    replayed = timeline.whole(loaded, str(path), tables)
    states = [s.after for s in replayed if s.after is not None]
    steps = [(timeline.action_words(s), s.before, s.after) for s in replayed
             if s.is_action and s.before is not None]
    series = series_from_states(states or [loaded.game], tables)
    return with_final(series, loaded.game, tables), steps if steps_wanted else []


@app.command()
def chart(game: GameOpt = None) -> None:
    """Draw each player's expected net worth over the rounds (logged after every phase)."""
    from rigs_helper.cli.chartdraw import draw_chart
    from rigs_helper.cli.render import console

    path = game_path(game)
    loaded, tables = _load(game)
    series, _ = _history(path, loaded, tables, steps_wanted=False)
    out = console()
    out.print("[bold]Expected net worth[/bold] (if the game ended then)")
    draw_chart(series, out)


@app.command()
def report(
    file: Annotated[Path | None, typer.Argument(
        metavar="PATH", help="A game file or a scoring sheet (default: the game file).",
        show_default=False, autocompletion=complete_path)] = None,
    html: Annotated[Path | None, typer.Option(
        "--html", help="Also write the report as one self-contained HTML file.",
        metavar="FILE")] = None,
    json: JsonOpt = False,
    game: GameOpt = None,
) -> None:
    """The game's report: after `rigs score` the winner and the final scores (as `rigs
    score` gives them) with the End Game values, else the standings; the net worth chart,
    each player's best and worst round, Disasters suffered, Karma cards played, Vinnie
    borrowed, repaid and owed at the end, and the price Luxuries sold at each round. Of a
    scoring sheet: the winner and where each net worth came from."""
    from rigs_helper.forecast.report import build_report, player_lines
    from rigs_helper.forecast.standings import compute

    if file is not None:
        from rigs_helper.cli.base import unused
        from rigs_helper.cli.reporthtml import report_sheet

        unused(("--game", game), why="when a PATH is given")
        if report_sheet(file, html, json):  # a scoring sheet: reported; a game file: below
            return
        game = file
    path = game_path(game)
    loaded, tables = _load(game)
    if html is not None:  # a path refused before the report is worked out
        from rigs_helper.cli.reporthtml import refuse_html

        refuse_html(html, path, "the game file")
    series, steps = _history(path, loaded, tables)
    result = compute(loaded.game, tables, record=_record(loaded, path, tables))
    rep = build_report(loaded.game, tables, result, series, steps)
    if html is not None:
        from rigs_helper.cli.reporthtml import render
        from rigs_helper.store.files import write_atomic

        extras = None
        if rep["final"]:  # the group's history (docs/history.md): BG Stats' link, QR code
            from rigs_helper.forecast.bgstats import report_extras
            from rigs_helper.forecast.report import final_score
            from rigs_helper.store.historyrigs import final_view

            extras = report_extras(*final_view(path, loaded,
                                               final_score(loaded.game, tables), tables))
        write_atomic(html, render(rep, series, bgstats=extras), shared=True)
    if json:
        print_json(rep)
        return
    from rigs_helper.cli.chartdraw import draw_chart
    from rigs_helper.cli.render import console

    out = console()
    if rep["final"]:
        _render_final(rep, out)
    else:
        render_standings(result)
    out.print()
    draw_chart(series, out)
    from rich.padding import Padding
    from rich.table import Table

    for row in rep["players"]:
        out.print(f"\n[bold]{row['name']}[/bold]")
        lines = Table.grid(padding=(0, 1))
        lines.add_column(no_wrap=True)
        lines.add_column(ratio=1)
        for label, text in player_lines(row):
            lines.add_row(f"{label}:", text)
        out.print(Padding(lines, (0, 0, 0, 2)))
    out.print("\nLuxuries sold at (the price in force each round): "
              + (", ".join(f"round {r} {p}" for r, p in rep["market_prices"])
                 or "none drawn yet"))
    if html is not None:
        out.print(f"HTML report written to {html}")


def _render_final(rep: dict, out) -> None:
    """The winner first, then `rigs score`'s table (the one table style, render.grid) and
    the End Game values."""
    from rich.text import Text

    from rigs_helper.cli.render import grid
    from rigs_helper.forecast.report import BREAKDOWN, endgame_lines, winner_line

    out.print(f"[bold]{winner_line(rep)}[/bold]")
    out.print("Final scores (as `rigs score`)")
    out.print(Text(grid(["Player", *(label for _, label in BREAKDOWN)],
                        [[p["name"], *(str(p[k]) for k, _ in BREAKDOWN)]
                         for p in rep["score"]["players"]],
                        right=set(range(1, len(BREAKDOWN) + 1)), cols=out.width)))
    out.print("End Game values: " + "; ".join(endgame_lines(rep)) + ".")
