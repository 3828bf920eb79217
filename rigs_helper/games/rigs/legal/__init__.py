"""What may a player do now: the one source of truth.  No I/O.

``legal_actions(game, tables, player)`` lists every action the player may take now, each
with its parameters' allowed values (finite lists, or bounds).  Like a chess engine's legal
moves, the list is made by filtering candidates through each operation's real ``check``:
the list and the rules cannot disagree.  The phone forms, the board's "waiting for", the
CLI's hints and shell completion all read it.

Every action is an entry of ``TABLE``, made from its definition (``games/rigs/actions/
catalog.py``): its name (the CLI command path without the player), its page parameters,
its legal-actions function (``definition.Legal``, imported only when needed), and a label
for a button: ``candidates(game, tables, player)`` (yields :class:`Cand`), or
``actions(game, tables, player, spec)`` when it lists its actions itself (independent
bounds, checked on witnesses).  A candidate's operation is
built from its values as a page's form is (``games/rigs/actions/definition.build``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rigs_helper.games.rigs.actions.catalog import DEFS
from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.legal.base import Action, Cand, Param, Spec

if TYPE_CHECKING:
    from rigs_helper.games.rigs.engine import Op
    from rigs_helper.games.rigs.state import Game
    from rigs_helper.games.rigs.tables import Tables


#: every action a player decides, in the order a page shows them (more are added by
#: other modules with :func:`register`)
TABLE: dict[str, Spec] = {}


def register(spec: Spec) -> None:
    TABLE[spec.action] = spec


def spec_of(d) -> Spec:
    """The legal-actions entry of an action's definition (``games/rigs/actions/catalog.py``):
    its page parameters in the order its candidates fix them."""
    params = d.page_params()
    return Spec(d.path, d.legal, d.label, tuple(p.name for p in params),
                tuple(p.name for p in params if p.many and p.name not in d.page_one_of
                      and p.record != "die"),  # a page records one die at a time
                next((p.name for p in params if p.counted), None),
                tuple(p.name for p in params if p.number and not p.counted), d.full,
                tuple((p.name, p.record) for p in params if p.record))


for _d in DEFS.values():
    if _d.legal is not None:
        register(spec_of(_d))


# ---------------------------------------------------------------------------- the list


def legal_actions(game: Game, tables: Tables, player: str,
                  leave_out: Sequence[str] = ()) -> tuple[Action, ...]:
    """Every action ``player`` may take now, with each parameter's allowed values;
    ``leave_out``: actions not asked for (a list that will not show them need not check
    their candidates)."""
    from rigs_helper.games.rigs.legal.grouping import listed

    name = game.player(player).name
    out: list[Action] = []
    for spec in TABLE.values():
        if spec.action not in leave_out:
            out += listed(spec, game, tables, name)
    return tuple(out)


def actions_json(game: Game, tables: Tables, player: str) -> dict:
    """CONTRACT's ``actions.json``: ``{"player", "actions": [...]}``."""
    name = game.player(player).name
    return {"player": name,
            "actions": [_records(a.as_json()) for a in legal_actions(game, tables, name)]}


def _records(entry: dict) -> dict:
    """An actions.json entry with ``"record": "card"|"die"`` on each parameter that its
    definition says records the table's own card or die."""
    d = DEFS.get(entry["action"])
    for name, param in entry["params"].items():
        p = d.param(name) if d else None
        if p is not None and p.record:
            param.setdefault("record", p.record)
    return entry


def operation(game: Game, tables: Tables, player: str, action: str,
              params: Mapping[str, Sequence[str]]) -> Op:
    """The operation the CLI builds for ``action`` with these form values, acting as
    ``player`` (one reader of words: ``games/rigs/actions/definition.build``); InputError (one
    line) for an unknown action or a bad, missing or extra parameter.  The rules are not
    checked here (``check`` does that)."""
    from rigs_helper.games.rigs.actions.catalog import definition
    from rigs_helper.games.rigs.actions.definition import build

    d = definition(action)
    if d.legal is None or d.path not in TABLE:
        raise InputError(f"unknown action {action!r} (one of {', '.join(TABLE)})")
    return build(d, game.player(player).name, params, page=True, game=game)


def waiting_for(game: Game, tables: Tables) -> list[dict]:
    """Whose decision the table waits for, in public words: ``[{"player", "what"}]``."""
    from rigs_helper.games.rigs.legal.game import waits

    return waits(game, tables)


def phase_ready(game: Game, tables: Tables) -> bool:
    """Every player is done and no choice is open: the phase may end by itself."""
    from rigs_helper.games.rigs.legal.game import ready

    return ready(game, tables)


__all__ = [
    "TABLE",
    "Action",
    "Cand",
    "Param",
    "Spec",
    "actions_json",
    "legal_actions",
    "operation",
    "phase_ready",
    "register",
    "waiting_for",
]
