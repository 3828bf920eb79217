"""An action's Typer command made from its definition (``rules/actions/catalog.py``).

:func:`action_command` builds the command function of an action: its arguments and options
(names, types, one or many, required or not, defaults) come from the definition's
parameters, so a parameter added to the catalog appears on the terminal with no shell
written for it.  What only the terminal needs (each parameter's help, completion, short
flags, metavar, the words of a hidden prompt) is a small table beside the command
(:data:`Said`); a parameter it does not mention gets words from its kind.  The function
carries an :class:`inspect.Signature` (``__signature__``), which Typer reads as it reads
a hand-written one; its body hands the words to the definition (``build_action``) and runs
the operation (``cli.base.act``).

Commands that read their words another way (items such as ``credits=10``, several players
in one command, a view as well as an action) keep a hand-written shell; a test checks that
every action's options equal its definition's either way.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Callable, Mapping
from typing import Annotated, Any

import typer

from rigs_helper.cli import base
from rigs_helper.rules.actions.catalog import definition
from rigs_helper.rules.actions.definition import ParamDef

#: a parameter's words at the terminal: Typer's ``Option``/``Argument`` keywords (``help``,
#: ``autocompletion``, ``metavar``, ``min``, ``show_default``), and ``flags`` (more names,
#: ``("-t",)``) and ``ask`` (a value ``-`` is typed at a hidden prompt that says this;
#: ``{player}`` names the player)
Said = Mapping[str, Any]

#: a parameter's help when its table does not give one, by its kind
KIND_HELP = {
    "player": "A player.", "plot": "A plot (P7, 7, or its type).",
    "place": "A plot (P7, 7, or its type), or 'warehouse'.",
    "resource": "energy, supplies, metal or luxuries.", "title": "A Karma card's title.",
    "count": "How many.", "number": "A number.", "flag": "", "die": "A die (1-6).",
}
#: a parameter's words by its kind, where its table gives none
KIND_SAID: dict[str, Said] = {"roll": base.ROLL_SAID, "table_roll": base.ROLL_SAID}
#: completion by kind
_COMPLETE = {"player": base.complete_player, "plot": base.complete_plot,
             "place": base.complete_plot, "resource": base.complete_resource,
             "title": base.complete_title}
_INT_KINDS = ("count", "number")


def _python_name(p: ParamDef) -> str:
    name = p.name.replace("-", "_")
    return name + "_" if keyword.iskeyword(name) else name


def _type(p: ParamDef, required: bool) -> Any:
    if p.kind == "flag":
        return bool
    one: Any = int if p.kind in _INT_KINDS else str
    if p.many:
        return list[one] | None
    return one if required or p.default is not None else one | None


def _parameter(p: ParamDef, said: Said) -> inspect.Parameter:
    """The Typer parameter of ``p``: an argument (``cli`` empty) or an option."""
    if p.cli and (not p.cli.startswith("-") or "=" in p.cli or " " in p.cli):
        raise ValueError(f"{p.name}: {p.cli!r} is read by a hand-written shell")
    kw = {k: v for k, v in said.items() if k not in ("flags", "ask")}
    kw.setdefault("help", KIND_HELP.get(p.kind, f"{p.name.replace('_', ' ')} ({p.kind})."))
    if p.kind in _COMPLETE and "autocompletion" not in kw:
        kw["autocompletion"] = _COMPLETE[p.kind]
    required = not p.optional
    if p.cli:
        info: Any = typer.Option(p.cli, *said.get("flags", ()), **kw)
    else:
        info = typer.Argument(**kw)
    default: Any = inspect.Parameter.empty
    if not required:
        default = False if p.kind == "flag" else None if p.many else p.default
    return inspect.Parameter(_python_name(p), inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=Annotated[_type(p, required), info])


def _asked(p: ParamDef, value: Any, what: str, player: str | None) -> Any:
    """``value`` with each ``-`` asked for at a hidden prompt (``cli/hidden.py``)."""
    from rigs_helper.cli import hidden

    what = what.format(player=player)
    if p.kind == "name_title" or p.private == "each":  # PLAYER=TITLE
        return hidden.named(value, what)
    return hidden.titles(value, what) if p.many else hidden.title(value, what)


def action_command(path: str, doc: str, said: Mapping[str, Said] | None = None,
                   order: tuple[str, ...] = (), summary: bool = False
                   ) -> Callable[..., None]:
    """The command function of the action ``path``: the acting player first (an action of
    the leader names none), then the definition's parameters (``order``: these first, in
    this order, as the help lists them), then ``--json`` and ``--game``.  ``summary``: the
    action ends a phase (``cli.base.act`` shows what changed in it)."""
    d = definition(path)
    said = said or {}
    names = [*order, *(p.name for p in d.params if p.name not in order)]
    params = [d.param(n) for n in names]
    shown = [p for p in params if p is not None and p.cli is not None]
    sig = ([inspect.Parameter("player", inspect.Parameter.KEYWORD_ONLY,
                              annotation=base.PlayerArg)] if d.actor == "player" else [])
    sig += [_parameter(p, said.get(p.name) or KIND_SAID.get(p.kind, {})) for p in shown]
    sig += [inspect.Parameter("json", inspect.Parameter.KEYWORD_ONLY, default=False,
                              annotation=base.JsonOpt),
            inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, default=None,
                              annotation=base.GameOpt)]

    def command(**kw: Any) -> None:
        from rigs_helper.rules.actions.catalog import build_action

        player = kw.get("player")
        words = {}
        for p in shown:
            value = kw[_python_name(p)]
            ask = said.get(p.name, {}).get("ask")
            words[p.name] = _asked(p, value, ask, player) if ask and value else value
        base.act(kw["game"], build_action(path, player, words), kw["json"], summary)

    command.__name__ = path.split()[-1]
    command.__doc__ = doc
    command.__signature__ = inspect.Signature(sig)  # type: ignore[attr-defined]
    command.__annotations__ = {}
    return command


__all__ = ["KIND_HELP", "Said", "action_command"]
