"""Performing and replaying a game's typed actions, the same for every game: ``check``
first (refusing changes nothing), then ``apply``; a replay is the first state and the
actions again (python-chess: a move is a value pushed on a stack)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rigs_helper.game.protocol import Outcome


def perform(state: Any, action: Any) -> Outcome[Any]:
    action.check(state)
    outcome: Outcome[Any] = action.apply(state)
    return outcome


def replay(first: Any, actions: Iterable[Any]) -> Any:
    """The state after ``actions`` from ``first`` (each checked again)."""
    state = first
    for action in actions:
        state = perform(state, action).state
    return state
