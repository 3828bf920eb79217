"""Net worth over time, from the game's log.  No I/O.

A version-1 log entry that moved the game to a new phase (or ended it, or made the End Game
draws) kept each player's expected net worth at that moment (exact expectation, no
sampling), as ``networth = '{"round": R, "phase": P, "players": {...}}'`` (a JSON string);
:func:`networth_series` reads them.  The version-2 log stores no figures: the series comes
from replaying the states (:func:`series_from_states`).

A point ``(round, phase, value)`` is the expected net worth at the *start* of that phase (so
after everything the previous phase did); ``phase`` is "end" once the game is over.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping

from rigs_helper.games.rigs.state import Game
from rigs_helper.games.rigs.tables import PHASES, Tables

KEY = "networth"
END = "end"
ROUNDS = 15  # the game's length (tables/constants.toml); callers pass their tables' figure
MAX_VALUE = 10**9  # a net worth beyond this is not one of a game (store/records.py)


def slot(game: Game) -> tuple[int, str]:
    return game.round, END if game.game_over else game.phase


def networth_series(entries: Iterable[Mapping], rounds: int = ROUNDS
                    ) -> dict[str, list[tuple[int, str, float]]]:
    """Player -> [(round, phase, expected net worth)], oldest first, from the game's log
    entries (as parsed from the file; entries without the key are skipped).  A later figure
    for the same (round, phase) replaces an earlier one (an undo and redo, the End Game
    draws).  A figure outside the game (a round past ``rounds``, an unknown phase, a value
    that is not a finite amount of the game) is skipped: the work done is bounded by the
    game, never by a number read from the file."""
    points: dict[tuple[int, str], dict[str, float]] = {}
    for e in entries:
        raw = e.get(KEY)
        if not isinstance(raw, str):
            continue
        try:
            d = json.loads(raw)
            key = (int(d["round"]), str(d["phase"]))
            players = {str(k): float(v) for k, v in d["players"].items()}
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError):
            continue
        if (not 1 <= key[0] <= rounds or key[1] not in (*PHASES, END)
                or not all(math.isfinite(v) and abs(v) <= MAX_VALUE for v in players.values())):
            continue
        points.pop(key, None)
        points[key] = players
    out: dict[str, list[tuple[int, str, float]]] = {}
    for (rnd, phase), players in sorted(points.items(), key=lambda kv: position(*kv[0])):
        for name, value in players.items():
            out.setdefault(name, []).append((rnd, phase, value))
    return out


def series_from_states(states: Iterable[Game], tables: Tables
                       ) -> dict[str, list[tuple[int, str, float]]]:
    """The same series computed from the game's states in order (for a file written before
    the log kept the figures): one point at each change of phase."""
    from rigs_helper.forecast.model import expected_networth

    entries = []
    prev = None
    for g in states:
        if prev is None or slot(prev) != slot(g) or prev.endgame != g.endgame:
            rnd, phase = slot(g)
            try:
                players = expected_networth(g, tables)
            except ValueError:
                players = None
            if players is not None:
                entries.append({KEY: json.dumps({"round": rnd, "phase": phase,
                                                 "players": players})})
        prev = g
    return networth_series(entries)


def with_final(series: dict[str, list[tuple[int, str, float]]], game: Game, tables: Tables
               ) -> dict[str, list[tuple[int, str, float]]]:
    """The series with its "end" point set to the actual net worth once the game is over
    and every End Game value is known (the draws of `rigs score` are not a phase change)."""
    from rigs_helper.forecast.model import build_model

    if not game.game_over:
        return series
    model = build_model(game, tables)
    if not model.known:
        return series
    out = {name: [pt for pt in pts if pt[1] != END] for name, pts in series.items()}
    for f in model.forms:
        out.setdefault(f.name, []).append((game.round, END, float(f.const)))
    return out


def position(rnd: int, phase: str) -> float:
    """Where a point sits on the time axis, in rounds: round 1's Player Phase is 0, each
    phase a quarter round, the end of the game right after the last Market Phase."""
    if phase == END:
        return float(rnd)
    return rnd - 1 + (PHASES.index(phase) / len(PHASES) if phase in PHASES else 0.0)


def round_changes(series: Mapping[str, list[tuple[int, str, float]]]
                  ) -> dict[str, list[tuple[int, float]]]:
    """Player -> [(round, change of expected net worth over that round)]: from the first
    point of the round to the first point of the next (or the end)."""
    out: dict[str, list[tuple[int, float]]] = {}
    for name, pts in series.items():
        first: dict[int, float] = {}
        end: float | None = None
        for rnd, phase, value in pts:
            if phase == END:
                end = value
            elif rnd not in first:
                first[rnd] = value
        rounds = sorted(first)
        changes = []
        for i, r in enumerate(rounds):
            nxt = first.get(r + 1, end if i == len(rounds) - 1 else None)
            if nxt is not None:
                changes.append((r, round(nxt - first[r], 2)))
        out[name] = changes
    return out


__all__ = ["KEY", "networth_series", "position", "round_changes", "series_from_states",
           "with_final"]
