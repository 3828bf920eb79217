"""What may a player do now: the one source of truth.  No I/O.

``legal_actions(game, tables, player)`` lists every action the player may take now, each
with its parameters' allowed values (finite lists, or bounds).  Like a chess engine's legal
moves, the list is made by filtering candidates through each operation's real ``check``:
the list and the rules cannot disagree.  The phone forms, the board's "waiting for", the
CLI's hints and shell completion all read it.

Every action is an entry of ``TABLE``: its name (the CLI command path without the player),
the module that holds its candidates and its builder (imported only when needed), and a
label for a button.  A module ``M`` with key ``k`` holds ``candidates_k(game, tables,
player)`` (yields :class:`Cand`) and ``op_k(game, tables, player, form)`` (builds the same
operation the CLI builds from the form's values); or ``actions_k(game, tables, player)``
when it lists its actions itself (independent bounds, checked on witnesses).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rigs_helper.rules.errors import InputError
from rigs_helper.rules.legal.base import (
    WAITERS,
    Action,
    Cand,
    Form,
    Param,
    Spec,
    module_of,
)

if TYPE_CHECKING:
    from rigs_helper.rules.engine import Op
    from rigs_helper.rules.state import Game
    from rigs_helper.rules.tables import Tables


_P = "rigs_helper.rules.legal.player"
_K = "rigs_helper.rules.legal.karma"
_G = "rigs_helper.rules.legal.game"
_W = "rigs_helper.rules.waits.legal"

#: every action a player decides, in the order a page shows them (more are added by
#: other modules with :func:`register`)
TABLE: dict[str, Spec] = {}


def register(spec: Spec) -> None:
    TABLE[spec.action] = spec



for _spec in (
    Spec("grant", _G, "grant", "Land Grant", ("plot", "order"), full=True),
    Spec("build", _P, "build", "Build RIGS", ("to", "harvest", "n"), count="n"),
    Spec("move", _P, "move", "Move RIGS", ("from", "to", "harvest", "n"), count="n"),
    Spec("survey", _P, "survey", "Survey a plot", ("plot", "card"), numbers=("card",)),
    Spec("vinnie borrow", _P, "borrow", "Borrow from Vinnie", ("resource", "n"), count="n"),
    Spec("vinnie repay", _P, "repay", "Repay Vinnie", ("resource", "n"), count="n"),
    Spec("give", _P, "give", "Give", ()),
    Spec("sell", _P, "sell", "Sell Luxuries", ("n",), count="n"),
    Spec("produce", _P, "produce", "Production plan", ("power", "skip")),
    Spec("lose", _G, "lose", "Lose RIGS", ("from", "n"), count="n", full=True),
    Spec("settle", _P, "settle", "Settle resources", (), full=True),
    Spec("karma draw", _K, "draw", "Record a Karma card drawn", ("card",),
         record=(("card", "card"),)),
    Spec("karma discard", _K, "discard", "Discard a Karma card", ("title",)),
    Spec("karma swap", _K, "swap", "Swap a Karma card", ("title", "card"),
         record=(("card", "card"),)),
    Spec("karma play", _K, "play", "Play a Karma card",
         ("title", "target", "plot", "resource", "option", "new_owner", "from", "roll"),
         multiple=("target", "plot", "resource"), record=(("roll", "die"),)),
    Spec("karma use", _K, "use", "Use a card in play", ("title",)),
    Spec("karma retire", _K, "retire", "Take a card out of play", ("title",)),
    # what waits for one player (rules/waits/legal.py)
    Spec("deal propose", _W, "propose", "Propose a deal"),
    Spec("deal accept", _W, "accept", "Accept"),
    Spec("deal decline", _W, "decline", "Decline"),
    Spec("deal withdraw", _W, "withdraw", "Withdraw"),
    Spec("answer", _W, "answer", "Answer"),
    Spec("disaster record", _W, "record", "Record your Disaster card"),
    Spec("done", _G, "done", "I'm done", ()),
):
    register(_spec)



# ---------------------------------------------------------------------------- the list


def legal_actions(game: Game, tables: Tables, player: str,
                  leave_out: Sequence[str] = ()) -> tuple[Action, ...]:
    """Every action ``player`` may take now, with each parameter's allowed values;
    ``leave_out``: actions not asked for (a list that will not show them need not check
    their candidates)."""
    from rigs_helper.rules.legal.grouping import listed

    name = game.player(player).name
    out: list[Action] = []
    for spec in TABLE.values():
        if spec.action not in leave_out:
            out += listed(spec, module_of(spec), game, tables, name)
    return tuple(out)


def actions_json(game: Game, tables: Tables, player: str) -> dict:
    """CONTRACT's ``actions.json``: ``{"player", "actions": [...]}``."""
    name = game.player(player).name
    return {"player": name,
            "actions": [a.as_json() for a in legal_actions(game, tables, name)]}


def operation(game: Game, tables: Tables, player: str, action: str,
              params: Mapping[str, Sequence[str]]) -> Op:
    """The operation the CLI builds for ``action`` with these form values, acting as
    ``player``; InputError (one line) for an unknown action or a bad, missing or extra
    parameter.  The rules are not checked here (``check`` does that)."""
    spec = TABLE.get(action.strip().lower())
    if spec is None:
        raise InputError(f"unknown action {action!r} (one of {', '.join(TABLE)})")
    name = game.player(player).name
    form = Form(spec.action, params)
    op = getattr(module_of(spec), f"op_{spec.key}")(game, tables, name, form)
    form.done()
    return op


def waiting_for(game: Game, tables: Tables) -> list[dict]:
    """Whose decision the table waits for, in public words: ``[{"player", "what"}]``."""
    from rigs_helper.rules.legal.game import waits

    return waits(game, tables)


def phase_ready(game: Game, tables: Tables) -> bool:
    """Every player is done and no choice is open: the phase may end by itself."""
    from rigs_helper.rules.legal.game import ready

    return ready(game, tables)


__all__ = [
    "TABLE",
    "WAITERS",
    "Action",
    "Cand",
    "Form",
    "Param",
    "Spec",
    "actions_json",
    "legal_actions",
    "operation",
    "phase_ready",
    "register",
    "waiting_for",
]
