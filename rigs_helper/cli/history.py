"""`rigs history ...`: the group's history of finished games (docs/history.md).

Past 450 lines it stays one idea: the history's commands and how they draw each game's
games, figures and records on the terminal (the figures themselves:
:mod:`rigs_helper.forecast.groupstats`)."""


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
    short_help="The group's finished games, stats and ratings.",
    help="The group's history: every finished game kept, and each player's figures.\n\n"
    "`rigs history [PLAYER] [--group NAME | --all] [--json]`: one group's games (the "
    "newest 20) and each player's games, wins, win rate, average and best net worth, "
    "average rank and rating; with PLAYER, their games, trend, results against each other "
    "player and what their wins had in common.  The group is the newest game's unless "
    "--group names one; --all shows every group, every game.  `rigs score` keeps each "
    "finished game it scores (--no-history: not this one).\n\n"
    "Example: rigs history Ana")
app.add_typer(history_app, name="history")

Player = Annotated[str | None, typer.Argument(
    metavar="PLAYER", help="A player (case, accents and a unique prefix as elsewhere).",
    show_default=False)]
GroupOpt = Annotated[str | None, typer.Option(
    "--group", metavar="NAME", help="The group (`rigs new --group`, a sheet's `group =`; "
    "else its players, e.g. 'Ana, Bo, Cy').", show_default=False)]
RulesOpt = Annotated[str | None, typer.Option(
    "--rules", metavar="rigs|rig", help="Which game's history: rigs (R.I.G.S., the "
    "default) or rig (RIG); each game's figures are counted apart.", show_default=False)]
GameId = Annotated[int, typer.Argument(
    metavar="ID", help="The game's number (`rigs history` lists them).", min=1)]
BARS = "▁▂▃▄▅▆▇█"
SHOWN = 20  # games listed on the terminal without --all


TITLES = {"rigs": "R.I.G.S.", "rig": "RIG"}
SCORE_WORDS = {"rigs": "net worth", "rig": "components"}  # what a game's score is


def _of_rules(plays: list[dict], rules: str | None) -> tuple[str, list[dict], list[dict]]:
    """(the game named by --rules, default R.I.G.S.; its games among ``plays``; the
    other game's): the history counts each game apart."""
    from rigs_helper.rules.groups import of_game

    game = "rigs" if rules is None else rules.strip().lower()
    if game not in TITLES:
        from rigs_helper.rules.errors import InputError

        raise InputError(f"--rules {rules!r}: give rigs (R.I.G.S.) or rig (RIG)")
    other = next(g for g in TITLES if g != game)
    return game, of_game(plays, game), of_game(plays, other)


def _others(game: str, others: list[dict], rules: str | None) -> None:
    """Under the default game's figures: the other game's games kept, and the command
    that shows them (said only when --rules was not given)."""
    if rules is not None or not others:
        return
    from rigs_helper.cli.render import say

    other = next(g for g in TITLES if g != game)
    n = len(others)
    say(f"Also kept: {n} {TITLES[other]} game{'' if n == 1 else 's'}, counted apart "
        f"(`rigs history --rules {other}`).")


def _group_of(plays: list[dict], group: str) -> list[dict]:
    """``group``'s games among ``plays``; a group that has none is refused in one line."""
    from rigs_helper.rules.errors import InputError
    from rigs_helper.rules.text import shell_word
    from rigs_helper.store.historydb import of_group

    mine = of_group(plays, group)
    if not mine:
        from rigs_helper.forecast.groupstats import by_group

        known = ", ".join(shell_word(g) for g in by_group(plays)) or "none yet"
        raise InputError(f"--group {shell_word(group)}: no game of that group is kept "
                         f"(groups: {known})")
    return mine


@history_app.command("show", hidden=True)
def show(player: Player = None, json: JsonOpt = False, group: GroupOpt = None,
         every: Annotated[bool, typer.Option(
             "--all", help=f"Every group and every game (with --group: every game of that "
             f"group; else the newest {SHOWN} of one group).")] = False,
         rules: RulesOpt = None) -> None:
    """One group's games and each player's figures; with PLAYER, that player's record."""
    from rigs_helper.forecast import groupstats
    from rigs_helper.store import historydb

    game, plays, others = _of_rules(historydb.plays(), rules)
    word = SCORE_WORDS[game]
    if group is not None:
        plays = _group_of(plays, group)
    if player is not None:
        if not plays:
            from rigs_helper.rules.errors import InputError

            raise InputError(f"no {TITLES[game]} games kept yet, so no player called "
                             f"{player!r}: `rigs score` keeps each finished game it scores"
                             + ("" if rules is not None or not others else
                                f" (RIG's: `rigs history {player} --rules rig`)"))
        name = groupstats.find(plays, player)
        mine = [p for p in plays if any(groupstats.fold(r["name"]) == groupstats.fold(name)
                                         for r in p["players"])]
        groups = groupstats.by_group(mine)
        if group is None and not every:  # the group of their newest game
            groups = dict([next(iter(groups.items()))])
        records = []
        for g in groups:
            rec = groupstats.player_record(groupstats.by_group(plays)[g], name)
            records.append({"group": g, **rec})
        if json:
            print_json({"game": game, **records[0]} if len(records) == 1 and not every else
                       {"game": game, "records": records})
        else:
            for i, rec in enumerate(records):
                _record(rec, every, i == 0 and group is None and not every,
                        len(groupstats.by_group(mine)), word)
        return
    groups = groupstats.by_group(plays)
    if group is None and not every and groups:
        plays = next(iter(groups.values()))
    if json:
        print_json({"game": game, **groupstats.summary(
            plays, None if every and group is None else
            (plays[0]["group"] if plays else None))})
        return
    if not plays:
        _summary([], [], every, "", 0, game if others or rules is not None else "")
    elif every and group is None:
        for name, mine in groups.items():
            _summary(mine, groupstats.rated_rows(mine, groupstats.newest(mine)), True, name,
                     0, game)
    else:
        _summary(plays, groupstats.rated_rows(plays, groupstats.newest(plays)), every,
                 plays[0]["group"],
                 len(groups) if group is None else 0, game)
    _others(game, others, rules)


DateOpt = Annotated[str | None, typer.Option(
    "--date", metavar="YYYY-MM-DD", help="The day the game was played (else a sheet's "
    "`date =`, else when its file was last written).", show_default=False)]


@history_app.command()
def add(path: Annotated[Path, typer.Argument(
        help="A finished game file or a scoring sheet.", autocompletion=complete_path)],
        date: DateOpt = None, json: JsonOpt = False) -> None:
    """Score PATH as `rigs score` does and keep the game (once: a game kept already is
    not added again).

    Example: rigs history add rigs.toml
    """
    from rigs_helper.cli.keep import kept_line
    from rigs_helper.store import historydb

    day = None
    if date is not None:
        from rigs_helper.rules.errors import InputError
        from rigs_helper.store.historyplay import play_date

        day = play_date(date, lambda _key, problem: InputError(f"--date {problem}"))
    from rigs_helper.store.gamekind import kind

    if kind(path) != "rigs":  # a game on the protocol (RIG): kept apart from R.I.G.S.'s
        from rigs_helper.cli.protocolgame import load
        from rigs_helper.store.historyplay import play_of_protocol

        play = play_of_protocol(path, load(path))
    else:
        from rigs_helper.cli.keep import rigs_play

        play = rigs_play(path)
    if day is not None:
        play.update(played=day + " 00:00:00", dated=True)
    gid, status = historydb.add(play)
    if json:
        print_json({"id": gid, "status": status, "group": play["group"]})
        return
    from rigs_helper.cli.render import say

    say(kept_line(gid, status, play["group"]))


def _described(play: dict) -> str:
    return (f"game {play['id']} ({play['played'][:16]}, group {play['group']}: "
            + ", ".join(f"{r['name']} {r['net_worth']}" for r in play["players"]) + ")")


@history_app.command()
def remove(gid: GameId, yes: Annotated[bool, typer.Option(
        "--yes", help="Remove without asking.")] = False, json: JsonOpt = False) -> None:
    """Remove game ID from the history, after showing it and asking (--yes: without
    asking).  `rigs history restore ID` brings it back until the next removal.

    Example: rigs history remove 3
    """
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import historydb

    play = next((p for p in historydb.plays() if p["id"] == gid), None)
    if play is None:
        raise InputError(f"no game {gid} in the history (`rigs history` lists the games)")
    if not yes:
        if not _can_ask():
            raise InputError(f"no terminal to ask before removing game {gid}: "
                             f"`rigs history remove {gid} --yes`")
        from rigs_helper.cli.render import say

        say(f"This removes {_described(play)}.")
        if not typer.confirm("Remove it?", default=False):
            say("Nothing removed.")
            return
    gone = historydb.remove(gid)
    if gone is None:  # (removed by another rigs meanwhile)
        raise InputError(f"no game {gid} in the history (`rigs history` lists the games)")
    if json:
        print_json({"id": gid, "removed": True})
        return
    from rigs_helper.cli.render import say

    say(f"Removed {_described(gone)}.",
        f"`rigs history restore {gid}` brings it back (until the next removal).")


def _can_ask() -> bool:
    """Whether a person at a terminal can answer a question."""
    return sys.stdin is not None and sys.stdin.isatty()


@history_app.command()
def restore(gid: GameId, json: JsonOpt = False) -> None:
    """Bring back game ID, the one removed last (a removal drops the one before).

    Example: rigs history restore 3
    """
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import historydb

    back = historydb.restore(gid)
    if back is None:
        aside = historydb.set_aside()
        if any(p["id"] == gid for p in historydb.plays()):
            raise InputError(f"game {gid} is in the history: nothing to restore")
        raise InputError(f"game {gid} cannot be brought back: only the game removed last "
                         "can" + (f" (game {aside}: `rigs history restore {aside}`)"
                                  if aside else " (none is waiting)"))
    if json:
        print_json({"id": gid, "restored": True})
        return
    from rigs_helper.cli.render import say

    say(f"Restored {_described(back)}.")


@history_app.command()
def config(
    group: GroupOpt = None,
    bgg_id: Annotated[int | None, typer.Option(
        "--bgg-id", metavar="N", min=0, help="The game's BoardGameGeek id, sent to BG Stats "
        "as `bggId` (rigs cannot look it up; 0 removes it).", show_default=False)] = None,
    location: Annotated[str | None, typer.Option(
        "--location", help="Where the group plays, sent to BG Stats with each game that "
        "names no place of its own ('' removes it).", show_default=False)] = None,
    json: JsonOpt = False,
) -> None:
    """A group's BG Stats settings (the newest game's group unless --group names one):
    show them, or set --bgg-id and --location.

    Example: rigs history config --bgg-id 123456
    """
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import historydb

    plays = historydb.plays()
    if group is None:
        if not plays:
            raise InputError("no games kept yet: name the group with --group NAME")
        name = plays[0]["group"]
    else:
        mine = historydb.of_group(plays, group)
        name = mine[0]["group"] if mine else group.strip()
        if not name:
            raise InputError("--group: a group's name is not empty")
    values: dict = {}
    if bgg_id is not None:
        values["bgg_id"] = bgg_id or None
    if location is not None:
        values["location"] = location.strip() or None
    if values:
        now = historydb.configure(name, **values)
    else:
        now = historydb.settings().get(historydb.group_key(name),
                                       {"bgg_id": None, "location": None})
    if json:
        print_json({"group": name, **now})
        return
    from rigs_helper.cli.render import say

    say(f"Group {name}: BoardGameGeek id {now['bgg_id'] or 'not set'}, location "
        f"{now['location'] or 'not set'}.")


@history_app.command()
def export(
    csv: Annotated[bool, typer.Option(
        "--csv", help="Every game as CSV, one row per player per game.")] = False,
    json: Annotated[bool, typer.Option(
        "--json", help="Every game as JSON, with every figure kept.")] = False,
    bgstats: Annotated[int | None, typer.Option(
        "--bgstats", metavar="ID", min=1,
        help="BG Stats' \"create play\" link for game ID (open it on the phone that has "
        "BG Stats).")] = None,
    app_form: Annotated[bool, typer.Option(
        "--app", help="With --bgstats: the bgstats:// form, which opens the app "
        "directly.")] = False,
    group: GroupOpt = None,
    rules: RulesOpt = None,
) -> None:
    """Export the history (--csv or --json; --group NAME: one group's games; --rules rig:
    RIG's games, else R.I.G.S.'s) or one game to BG Stats (--bgstats ID, of either game).
    Games are named by their file's name only.

    Example: rigs history export --csv > games.csv
    """
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import historydb

    if (csv, json, bgstats is not None).count(True) != 1:
        raise InputError("give one of --csv, --json or --bgstats ID")
    if app_form and bgstats is None:
        raise InputError("--app goes with --bgstats ID")
    plays = historydb.plays()
    if bgstats is not None:
        from rigs_helper.forecast.bgstats import link

        play = next((p for p in plays if p["id"] == bgstats), None)
        if play is None:
            raise InputError(f"no game {bgstats} in the history (`rigs history` lists "
                             "the games)")
        print(link(historydb.with_settings(play), app_form))
        return
    game, plays, _ = _of_rules(plays, rules)
    if group is not None:
        plays = _group_of(plays, group)
    if json:
        print_json({"game": game, "games": plays})
        return
    import csv as csvlib

    from rigs_helper.forecast.groupstats import csv_rows

    csvlib.writer(sys.stdout, lineterminator="\n").writerows(csv_rows(plays))


# ---------------------------------------------------------------------------- rendering


def _summary(plays: list[dict], rows: list[dict], every: bool, group: str,
             groups: int, game: str = "rigs") -> None:
    """One group's games and players of ``game`` (``groups``: how many groups are kept,
    when the group shown is the newest game's: said under its name)."""
    from rigs_helper.cli.render import grid, say
    from rigs_helper.rules.text import shell_word

    if not plays:
        from rigs_helper.store.historydb import history_path

        say(f"No {TITLES[game] + ' ' if game else ''}games kept yet ({history_path()}): "
            "`rigs score` keeps each finished game it scores.")
        return
    rules = "" if game == "rigs" else f" --rules {game}"
    if groups > 1:
        say(f"Group {group}, {TITLES[game]} (the newest game's; {groups} groups kept: "
            f"`rigs history{rules} --all` shows each, `rigs history{rules} --group NAME` "
            "one)")
    else:
        say(f"Group {group}, {TITLES[game]}")
    say(f"Games ({len(plays)}, newest first; * won)")
    print(grid(["#", "Date", f"Players ({SCORE_WORDS[game]})"],
               [[str(p["id"]), p["played"][:16],
                 ", ".join(f"{r['name']} {r['net_worth']}{'*' if r['winner'] else ''}"
                           for r in p["players"])]
                for p in (plays if every else plays[:SHOWN])], right={0}))
    if not every and len(plays) > SHOWN:
        say(f"... and {len(plays) - SHOWN} older games (`rigs history{rules} --group "
            f"{shell_word(group)} --all` lists them all).")
    say("", "Players (rating: skill ± uncertainty, from every game's ranking; in brackets "
        "the newest game's change)")
    print(grid(["Player", "Games", "Wins", "Win rate", "Average", "Best", "Rank", "Rating"],
               [[r["name"], str(r["games"]), str(r["wins"]), f"{r['win_rate']:.0%}",
                 f"{r['avg_net_worth']:g}", str(r["best_net_worth"]), f"{r['avg_rank']:g}",
                 _rating(r)]
                for r in rows], right=set(range(1, 8))))
    say("")


def _rating(r: dict) -> str:
    """A rating as the report and the end screen show it: with the change the newest game
    made to it, in brackets."""
    if not r.get("rating"):
        return "-"
    return r["rating"]["display"] + (f" ({r['change']})" if r.get("change") else "")


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


def _record(rec: dict, every: bool, newest: bool = False, groups: int = 1,
            word: str = "net worth") -> None:
    from rigs_helper.cli.render import grid, say
    from rigs_helper.rules.text import shell_word

    games = rec["games"]
    rules = "" if word == SCORE_WORDS["rigs"] else " --rules rig"  # (RIG's record)
    wins = sum(g["winner"] for g in games)
    rating = rec.get("rating")
    say(f"{rec['name']} in group {rec['group']}: {len(games)} game"
        f"{'' if len(games) == 1 else 's'}, {wins} won"
        + (f", rating {_rating(rec)}" if rating else "")
        + (" (the newest game's change in brackets)" if rating and rec.get("change")
           else ""))
    if newest and groups > 1:
        say(f"(their newest game's group; they play in {groups}: `rigs history "
            f"{shell_word(rec['name'])}{rules} --all` shows each)")
    print(grid(["#", "Date", "Players", word.capitalize(), "Rank", "Won"],
               [[str(g["id"]), g["date"][:16], str(g["players"]), str(g["net_worth"]),
                 str(g["rank"]), "yes" if g["winner"] else ""]
                for g in (games if every else games[:SHOWN])], right={0, 2, 3, 4}))
    if not every and len(games) > SHOWN:
        say(f"... and {len(games) - SHOWN} older games (`rigs history "
            f"{shell_word(rec['name'])}{rules} --group {shell_word(rec['group'])} --all` "
            "lists them all).")
    trend = rec["trend"]
    say("", f"Trend, oldest → newest: {sparkline(trend)}  (first {trend[0]}, last "
        f"{trend[-1]}; lowest {min(trend)}, highest {max(trend)})")
    if rec["head_to_head"]:
        say("", f"Against each other player ({word} in the same game)")
        print(grid(["Against", "Games", "Ahead", "Behind", "Level"],
                   [[h["name"], str(h["games"]), str(h["ahead"]), str(h["behind"]),
                     str(h["level"])] for h in rec["head_to_head"]], right={1, 2, 3, 4}))
    w, a = rec["wins"], rec["all_games"]
    if word != "net worth":  # (RIG: no net worth to break down)
        say("")
        return
    if w["games"]:
        say("", f"In their wins, net worth came from plots {_pct(w['plots_share'])} and "
            f"Luxuries {_pct(w['luxuries_share'])} (in all their games: plots "
            f"{_pct(a['plots_share'])}, Luxuries {_pct(a['luxuries_share'])}).")
    else:
        say("", "No win yet: what wins have in common shows after the first.")
    say("")
