"""`rigs history ...`: the group's history of finished games (docs/history.md)."""


import sys
from pathlib import Path
from typing import Annotated

import typer
from typer.core import TyperGroup

from rigs_helper.cli.base import JsonOpt, complete_path, print_json

app = typer.Typer(add_completion=False)  # this module's commands (cli/commands.py)


class HistoryGroup(TyperGroup):
    """`rigs history` and `rigs history PLAYER` are the hidden `show` command: a first word
    that is not one of the group's commands is a player's name."""

    def parse_args(self, ctx, args):
        words = [a for a in args if not a.startswith("-")]
        helping = {"-h", "--help"} & set(args)
        if not helping and not (words and words[0] in self.commands):
            args = ["show", *args]
        return super().parse_args(ctx, args)


history_app = typer.Typer(
    cls=HistoryGroup,
    short_help="The group's finished games, and stats.",
    help="The group's history: every finished game kept, and each player's figures.\n\n"
    "`rigs history [PLAYER] [--json] [--all]`: the games (the newest 20; --all: every one) "
    "and each player's games, wins, win rate, average and best net worth and average "
    "rank; with PLAYER, their games, trend, results against each other player and what "
    "their wins had in common; --json for scripts.  `rigs score` keeps each finished "
    "game it scores (--no-history: not this one).\n\n"
    "Example: rigs history Ana")
app.add_typer(history_app, name="history")

Player = Annotated[str | None, typer.Argument(
    metavar="PLAYER", help="A player (case, accents and a unique prefix as elsewhere).",
    show_default=False)]
BARS = "▁▂▃▄▅▆▇█"
SHOWN = 20  # games listed on the terminal without --all


@history_app.command("show", hidden=True)
def show(player: Player = None, json: JsonOpt = False,
         every: Annotated[bool, typer.Option(
             "--all", help=f"List every game (else the newest {SHOWN}).")] = False) -> None:
    """The games and each player's figures; with PLAYER, that player's record."""
    from rigs_helper.forecast import groupstats
    from rigs_helper.store import historydb

    plays = historydb.plays()
    if player is not None:
        if not plays:
            from rigs_helper.rules.errors import InputError

            raise InputError(f"no games kept yet, so no player called {player!r}: "
                             "`rigs score` keeps each finished game it scores")
        record = groupstats.player_record(plays, player)
        if json:
            print_json(record)
        else:
            _record(record, every)
        return
    if json:
        print_json(groupstats.summary(plays))
        return
    _summary(plays, groupstats.player_rows(plays), every)


@history_app.command()
def add(path: Annotated[Path, typer.Argument(
        help="A finished game file or a scoring sheet.", autocompletion=complete_path)],
        json: JsonOpt = False) -> None:
    """Score PATH as `rigs score` does and keep the game (once: a game kept already is
    not added again).

    Example: rigs history add rigs.toml
    """
    from rigs_helper.cli.keep import kept_line
    from rigs_helper.store import historydb
    from rigs_helper.store.scorefile import score_file

    play = score_file(path, with_play=True).play
    assert play is not None  # (asked for: with_play)
    gid, status = historydb.add(play)
    if json:
        print_json({"id": gid, "status": status})
        return
    from rigs_helper.cli.render import say

    say(kept_line(gid, status))


@history_app.command()
def remove(gid: Annotated[int, typer.Argument(
        metavar="ID", help="The game's number (`rigs history` lists them).", min=1)],
        json: JsonOpt = False) -> None:
    """Remove game ID from the history.

    Example: rigs history remove 3
    """
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import historydb

    gone = historydb.remove(gid)
    if gone is None:
        raise InputError(f"no game {gid} in the history (`rigs history` lists the games)")
    if json:
        print_json({"id": gid, "removed": True})
        return
    from rigs_helper.cli.render import say

    say(f"Removed game {gid} ({gone['played']}: "
        + ", ".join(r["name"] for r in gone["players"]) + ").")


@history_app.command()
def export(
    csv: Annotated[bool, typer.Option(
        "--csv", help="Every game as CSV, one row per player per game.")] = False,
    json: Annotated[bool, typer.Option(
        "--json", help="Every game as JSON, with every figure kept.")] = False,
    bgstats: Annotated[int | None, typer.Option(
        "--bgstats", metavar="ID", min=1,
        help="BG Stats' \"add play\" link for game ID (open it on the phone that has "
        "BG Stats).")] = None,
) -> None:
    """Export the history (--csv or --json) or one game to BG Stats (--bgstats ID).

    Example: rigs history export --csv > games.csv
    """
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import historydb

    if (csv, json, bgstats is not None).count(True) != 1:
        raise InputError("give one of --csv, --json or --bgstats ID")
    plays = historydb.plays()
    if bgstats is not None:
        from rigs_helper.forecast.bgstats import link

        play = next((p for p in plays if p["id"] == bgstats), None)
        if play is None:
            raise InputError(f"no game {bgstats} in the history (`rigs history` lists "
                             "the games)")
        print(link(play))
        return
    if json:
        print_json({"games": plays})
        return
    import csv as csvlib

    from rigs_helper.forecast.groupstats import csv_rows

    csvlib.writer(sys.stdout, lineterminator="\n").writerows(csv_rows(plays))


# ---------------------------------------------------------------------------- rendering


def _more(n: int, every: bool, player: str | None = None) -> str | None:
    """The line under a list cut at :data:`SHOWN` games."""
    if every or n <= SHOWN:
        return None
    from rigs_helper.rules.text import shell_word

    who = f" {shell_word(player)}" if player else ""
    return f"... and {n - SHOWN} older games (`rigs history{who} --all` lists them all)."


def _summary(plays: list[dict], rows: list[dict], every: bool) -> None:
    from rigs_helper.cli.render import grid, say

    if not plays:
        from rigs_helper.store.historydb import history_path

        say(f"No games kept yet ({history_path()}): `rigs score` keeps each finished "
            "game it scores.")
        return
    say(f"Games ({len(plays)}, newest first; * won)")
    print(grid(["#", "Date", "Players (net worth)"],
               [[str(p["id"]), p["played"][:16],
                 ", ".join(f"{r['name']} {r['net_worth']}{'*' if r['winner'] else ''}"
                           for r in p["players"])]
                for p in (plays if every else plays[:SHOWN])], right={0}))
    more = _more(len(plays), every)
    if more:
        say(more)
    say("", "Players")
    print(grid(["Player", "Games", "Wins", "Win rate", "Average", "Best", "Rank"],
               [[r["name"], str(r["games"]), str(r["wins"]), f"{r['win_rate']:.0%}",
                 f"{r['avg_net_worth']:g}", str(r["best_net_worth"]), f"{r['avg_rank']:g}"]
                for r in rows], right=set(range(1, 7))))


def sparkline(values: list[float], width: int = 40) -> str:
    """``values`` as a row of bars, lowest to highest (the trend, oldest first); more than
    ``width`` values are averaged in ``width`` runs of consecutive games."""
    if not values:
        return ""
    if len(values) > width:
        n = len(values)
        values = [sum(values[i * n // width:(i + 1) * n // width])
                  / len(values[i * n // width:(i + 1) * n // width]) for i in range(width)]
    lo, hi = min(values), max(values)
    span = hi - lo or 1
    return "".join(BARS[int((v - lo) * (len(BARS) - 1) // span)] for v in values)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.0%}"


def _record(rec: dict, every: bool) -> None:
    from rigs_helper.cli.render import grid, say

    games = rec["games"]
    wins = sum(g["winner"] for g in games)
    say(f"{rec['name']}: {len(games)} games, {wins} won")
    print(grid(["#", "Date", "Players", "Net worth", "Rank", "Won"],
               [[str(g["id"]), g["date"][:16], str(g["players"]), str(g["net_worth"]),
                 str(g["rank"]), "yes" if g["winner"] else ""]
                for g in (games if every else games[:SHOWN])], right={0, 2, 3, 4}))
    more = _more(len(games), every, rec["name"])
    if more:
        say(more)
    trend = rec["trend"]
    say("", f"Trend (oldest to newest): {sparkline(trend)}  {min(trend)} to {max(trend)}")
    if rec["head_to_head"]:
        say("", "Against each other player (net worth in the same game)")
        print(grid(["Against", "Games", "Ahead", "Behind", "Level"],
                   [[h["name"], str(h["games"]), str(h["ahead"]), str(h["behind"]),
                     str(h["level"])] for h in rec["head_to_head"]], right={1, 2, 3, 4}))
    w, a = rec["wins"], rec["all_games"]
    if w["games"]:
        say("", f"In their wins, net worth came from plots {_pct(w['plots_share'])} and "
            f"Luxuries {_pct(w['luxuries_share'])} (in all their games: plots "
            f"{_pct(a['plots_share'])}, Luxuries {_pct(a['luxuries_share'])}).")
    else:
        say("", "No win yet: what wins have in common shows after the first.")
