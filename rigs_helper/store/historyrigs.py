"""R.I.G.S.'s scored games as the history keeps them (the rows: :mod:`historyplay
<rigs_helper.store.historyplay>`): a finished game file, identified by its commitment (the
hash of its seed, the same from the first round to the last) and its players, or a scoring
sheet, by its content.  What only the log knows (Luxury sales, Karma cards played, RIGS
built, the duration) is read from the log in one place, :func:`game_facts`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rigs_helper.games.rigs.names import fold
from rigs_helper.games.rigs.scoring import GameScore
from rigs_helper.store.historyplay import _ended, _minutes, _play, content_hash

FACTS = ("luxury_sales", "karma_played", "rigs_built")
# a version-1 log's ledger line of a Luxury sold ("Ana -3 Luxuries (Luxury sale)": that
# log kept only these words): the sales of the Market Phase and the last round's forced one
_SALE = re.compile(r"^(?P<name>.+) -(?P<n>\d+) Luxur(?:y|ies) \((?:Luxury|last-round) sale\)$")


def ranks(score: GameScore) -> list[int]:
    """Each player's rank, seating order: 1 + how many have a higher net worth (a tie
    shares the rank, as it shares the win)."""
    worths = [p.net_worth for p in score.players]
    return [1 + sum(w > mine for w in worths) for mine in worths]


def _results(score: GameScore, holdings, facts: dict[str, dict[str, int]] | None) -> list:
    winners = set(score.winners)
    out = []
    for seat, (p, h, rank) in enumerate(zip(score.players, holdings, ranks(score))):
        row = {"seat": seat, **p.as_dict(), "rank": rank, "winner": p.name in winners,
               "vinnie_scripts": sum(h.vinnie.values())}
        for k in FACTS:
            row[k] = None if facts is None else facts.get(p.name, {}).get(k, 0)
        out.append(row)
    return out


def play_of_sheet(path: Path, text: str, sheet, score: GameScore) -> dict:
    """A scoring sheet's game: identified by the sheet's content (:func:`content_hash`)."""
    identity = "sheet:" + content_hash(text)
    return _play(identity, "sheet", path, _results(score, sheet.players, None),
                 played=sheet.date and sheet.date + " 00:00:00", group=sheet.group,
                 location=sheet.location)


def play_of_game(path: Path, game, loaded, score: GameScore, tables) -> dict:
    """A finished game file's game (``game``, as scored; ``loaded``: the file as read, for
    its log; ``tables``: to replay it): identified by its commitment and its players."""
    from rigs_helper.games.rigs.endgame import holdings

    commitment = game.commitment
    if not commitment:  # files from before commitments: the same hash of the seed
        from rigs_helper.games.rigs.replay import commitment as commit

        commitment = commit(game.seed)
    names = [p.name for p in game.players]
    identity = "game:" + commitment + ":" + "|".join(names)
    facts, minutes, ended = game_facts(loaded, path, names, tables)
    return _play(identity, "game", path, _results(score, holdings(game), facts),
                 round=game.round, leader=game.leader or None, duration_min=minutes,
                 group=game.group, played=ended)


# ---------------------------------------------------------------------------- the log
# The only reading of the game's log for the history: adapt these functions when the
# log's format changes.


def game_facts(loaded, path: Path, names: list[str], tables
               ) -> tuple[dict[str, dict[str, int]] | None, int | None, str | None]:
    """:func:`log_facts` of a version-1 history (its entries keep the action as ``op`` and
    the ledger); :func:`step_facts` of a version-2 one (typed actions, replayed); with the
    duration and the time of the last action (local, ``YYYY-MM-DD HH:MM:SS``) when its
    actions keep their time (``at``), else None.  (None, None, None) when there is no
    history or it cannot be read."""
    if not loaded.log_text:
        return None, None, None
    from rigs_helper.rules.errors import InputError

    try:
        if loaded.version == 1:
            from rigs_helper.store.historytext import log_entries

            entries = log_entries(loaded.log_text, str(path), first_line=loaded.log_line)
            return (*log_facts(entries, names), _ended(entries))
        from rigs_helper.store import timeline

        steps = timeline.whole(loaded, str(path), tables)
        actions = [s.entry for s in steps if s.is_action]
        return step_facts(steps, names), _minutes(actions), _ended(actions)
    except InputError:
        return None, None, None


def _counter(names: list[str]):
    """(the facts, all 0; a function counting ``n`` of a fact for a player named any way)"""
    by_fold = {fold(n): n for n in names}
    facts = {n: dict.fromkeys(FACTS, 0) for n in names}

    def count(who: Any, key: str, n: Any) -> None:
        name = by_fold.get(fold(who)) if isinstance(who, str) else None
        if name is not None and isinstance(n, int) and not isinstance(n, bool) and n > 0:
            facts[name][key] += n

    return facts, count


def _sales(lines, count) -> None:
    for line in lines:
        m = _SALE.match(line)
        if m:
            count(m.group("name"), "luxury_sales", int(m.group("n")))


def step_facts(steps: list, names: list[str]) -> dict[str, dict[str, int]]:
    """{player: {luxury_sales, karma_played, rigs_built}} from the replayed history
    (:mod:`rigs_helper.store.timeline` steps): the RIGS built and the Karma cards played
    from the typed actions, the Luxuries sold from what each action moved, as data (the
    Market Phase's sales and the last round's forced one: ``market.SALES``)."""
    from rigs_helper.games.rigs.market import SALES
    from rigs_helper.games.rigs.actions.placement import Build
    from rigs_helper.games.rigs.karma.play import KarmaPlay

    facts, count = _counter(names)
    for step in steps:
        if not step.is_action:
            continue
        if isinstance(step.op, Build):
            count(step.op.name, "rigs_built", step.op.n)
        elif isinstance(step.op, KarmaPlay):  # --wait too: the card leaves the hand
            count(step.op.name, "karma_played", 1)
        moved = step.outcome.data.get("ledger", ()) if step.outcome is not None else ()
        for x in moved:
            if x["what"] == "luxuries" and x["source"] in SALES:
                count(x["player"], "luxury_sales", -x["change"])
    return facts


def log_facts(entries: list[dict] | None,
              names: list[str]) -> tuple[dict[str, dict[str, int]] | None, int | None]:
    """({player: {luxury_sales, karma_played, rigs_built}}, the duration in minutes) from
    a version-1 log (each entry's ``op`` as JSON and its ``ledger`` lines); (None, None)
    for no log, the duration None unless the entries keep times."""
    if entries is None:
        return None, None
    import json

    facts, count = _counter(names)
    for e in entries:
        if "op" in e:
            op = json.loads(e["op"])
            kind, args = op.get("op"), op.get("args", {})
            if kind == "Build":
                count(args.get("name"), "rigs_built", args.get("n", 1))
            elif kind == "KarmaPlay":
                count(args.get("name"), "karma_played", 1)
        _sales(e.get("ledger", ()), count)
    return facts, _minutes(entries)


def final_view(path: Path, loaded, score: GameScore, tables) -> tuple[dict, list[dict]]:
    """For the report and the board's final screen: the scored game as the history keeps
    it (its row when it is kept, else built now), with its group's BG Stats settings
    (``bgg_id``, ``group_location``: :func:`historydb.with_settings`), and every game kept,
    this one included (only this one when the history cannot be read: the result shows
    all the same).  The figures then count this game's group only
    (:func:`rigs_helper.forecast.bgstats.final_extras`)."""
    from rigs_helper.rules.errors import InputError
    from rigs_helper.store import historydb

    play = play_of_game(path, loaded.game, loaded, score, tables)
    try:
        plays = historydb.plays()
        settings = historydb.settings()
    except InputError:
        plays, settings = [], {}
    kept = next((p for p in plays if p["identity"] == play["identity"]), None)
    if kept:
        return historydb.with_settings(kept, settings), plays
    return historydb.with_settings(play, settings), [play, *plays]
