"""An action's Typer command made from its definition (``games/rigs/actions/catalog.py``).

:func:`action_command` builds the command function of an action: its arguments and options
(names, types, one or many, required or not, defaults) come from the definition's
parameters, so a parameter added to the catalog appears on the terminal with no shell
written for it.  What only the terminal needs (each parameter's help, completion, short
flags, metavar, the words of a hidden prompt) is a small table beside the command
(:data:`Said`); a parameter it does not mention gets words from its kind.  The function
carries an :class:`inspect.Signature` (``__signature__``), which Typer reads as it reads
a hand-written one; its body hands the words to the definition (``build_action``) and runs
the operation (``cli.rigscli.act``).

A parameter written ``--opt FORM`` (``--from WHERE=K``) is another form of the option
``--opt``: one value without ``=`` is the plain option's, else each value is the form's.
Items (a parameter the definition writes ``KEY=N``, ``PLOT``, or ``--for KEY=N`` for what
comes back in a deal) are read from one argument, ``ITEMS...`` (``credits=10 P7 --for
metal=2``), by the definition's item reader (``item_words``).  A command that shows a view
when it is given no action's words takes a ``view`` (its words in, True when it showed
one), and one that shows what came of the action its own way a ``run``.  An action the
CLI takes several times in one command (its definition's ``several``: ``sell Ana 2 Bo
all``, ``vinnie repay Ana energy=2 metal=all``) reads every word from ``ITEMS...``: each
action's words are read as a page's form (``definition.build_several``), and make one
operation.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Callable, Mapping
from typing import Annotated, Any

import typer

from rigs_helper.cli import base, rigscli
from rigs_helper.games.rigs.actions.catalog import definition
from rigs_helper.games.rigs.actions.definition import ActionDef, ParamDef

#: a parameter's words at the terminal: Typer's ``Option``/``Argument`` keywords (``help``,
#: ``autocompletion``, ``metavar``, ``min``, ``show_default``), and ``flags`` (more names,
#: ``("-t",)``), ``ask`` (a value ``-`` is typed at a hidden prompt that says this;
#: ``{player}`` names the player) and ``name`` (the argument's name in the help: ``giver``).
#: The table's ``player`` is the acting player's; its ``items``, the items' argument's
#: (``empty_for``: the refusal of a ``--for`` that names nothing; without it, a gift; for
#: an action taken several times, ``shape``: the refusal of words that do not make whole
#: actions, ``each``: of an item without ``=``).
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
_COMPLETE = {"player": rigscli.complete_player, "plot": rigscli.complete_plot,
             "place": rigscli.complete_plot, "resource": rigscli.complete_resource,
             "title": rigscli.complete_title}
_INT_KINDS = ("count", "number")


_TABLE_ONLY = ("flags", "ask", "name", "empty_for", "shape", "each")
_FOR = "--for"


def _python_name(p: ParamDef, said: Said | None = None) -> str:
    name = (said or {}).get("name") or p.name.replace("-", "_")
    return name + "_" if keyword.iskeyword(name) else name


def _item(p: ParamDef) -> bool:
    """``p`` is an item (``KEY=N``, ``PLOT``; ``--for KEY=N``: what comes back)."""
    return bool(p.cli) and (not p.cli.startswith("-") or p.cli.startswith(_FOR + " "))


def _forms(params: list[ParamDef]) -> dict[str, ParamDef]:
    """The plain option's name -> its other form (``from`` -> ``places``)."""
    plain = {p.cli: p.name for p in params if p.cli.startswith("-") and " " not in p.cli}
    return {plain[p.cli.split()[0]]: p for p in params
            if " " in p.cli and not _item(p) and p.cli.split()[0] in plain}


def _form_words(plain: ParamDef, form: ParamDef, values: list[str] | None) -> dict[str, Any]:
    """``--from P3`` is the plain option's; ``--from P3=2 --from warehouse=1``, the form's."""
    from rigs_helper.rules.errors import InputError

    values = values or []
    if len(values) == 1 and "=" not in values[0]:
        return {plain.name: values}
    if any("=" not in x for x in values):
        what = form.cli.split()
        raise InputError(f"{what[0]}: with several {form.name}, give {what[1]} for each")
    return {form.name: values}


def _items_argument(said: Said) -> inspect.Parameter:
    kw = {k: v for k, v in said.items() if k not in _TABLE_ONLY}
    kw.setdefault("show_default", False)
    return inspect.Parameter("items", inspect.Parameter.KEYWORD_ONLY,
                             annotation=Annotated[list[str], typer.Argument(**kw)])


def _item_words(items: list[str], params: list[ParamDef], said: Said) -> dict[str, Any]:
    """The items' words by parameter (``credits=10 P7 --for metal=2``)."""
    from rigs_helper.games.rigs.actions.definition import item_words
    from rigs_helper.rules.errors import InputError

    back: list[str] = []
    if any(p.cli.startswith(_FOR + " ") for p in params) and _FOR in items:
        cut = items.index(_FOR)
        items, back = items[:cut], items[cut + 1:]
        if not back and said.get("empty_for"):
            raise InputError(said["empty_for"])
    plots = any(p.cli.endswith("PLOT") for p in params)
    return {**item_words(items, plots=plots), **item_words(back, "for_")}


def _several_words(d: ActionDef, items: list[str], actor: str | None, said: Said
                   ) -> list[tuple[str | None, Mapping[str, object]]]:
    """Each action's player and words, of an action taken several times in one command
    (``d.several``): ``player n``, the words in turn (``Ana 2 Bo all``); ``resource=n``,
    an item each (``energy=2 metal=all``), or with no ``=`` one action's arguments in order
    (``energy 2``)."""
    from rigs_helper.rules.errors import InputError

    names = d.several_names()
    shape = said.get("shape") or f"give {d.several.upper()} for each"
    line = f"{d.path} {' '.join(items)}"
    if "=" not in d.several:
        k = len(names)
        if len(items) % k:
            raise InputError(f"{line}: {shape}")
        groups = [dict(zip(names, items[i:i + k])) for i in range(0, len(items), k)]
    elif any("=" in x for x in items):
        groups = []
        for x in items:
            key, sep, value = x.partition("=")
            if not sep or not key:
                raise InputError(f"{x!r}: {said.get('each') or 'write ' + d.several.upper()}")
            groups.append(dict(zip(names, (key, value))))
    else:
        plain = [p.name for p in d.params if not p.cli]
        if len(items) > len(plain):
            raise InputError(f"{line}: {shape}")
        groups = [dict(zip(plain, items))]
    return [(g.pop("player", actor), g) for g in groups]


def _several_command(d: ActionDef, said: Mapping[str, Said]
                     ) -> tuple[list[inspect.Parameter], Callable[..., object]]:
    """The parameters of an action's command that takes it several times (the acting
    player, unless each action names its own; ``ITEMS...``), and what makes its operation
    of the command's words."""
    from rigs_helper.games.rigs.actions.definition import build_several

    if any(p.cli for p in d.params):
        raise ValueError(f"{d.path}: an action taken several times takes no options")
    named = "player" in d.several_names()
    sig = [] if named else [_actor(said.get("player", {}))]
    items = said.get("items", {})

    def operation(**kw: Any) -> object:
        actor = None if named else kw[sig[0].name]
        return build_several(d, _several_words(d, kw["items"], actor, items))

    return [*sig, _items_argument(items)], operation


def _actor(said: Said) -> inspect.Parameter:
    """The acting player's argument (its table: ``said["player"]``; ``default: None``, the
    player may be left out: the command's ``view`` shows what it shows then)."""
    if not said:
        return inspect.Parameter("player", inspect.Parameter.KEYWORD_ONLY,
                                 annotation=rigscli.PlayerArg)
    kw = {"help": "The player.", "autocompletion": rigscli.complete_player,
          **{k: v for k, v in said.items() if k not in (*_TABLE_ONLY, "default")}}
    default = said.get("default", inspect.Parameter.empty)
    one: Any = str if default is inspect.Parameter.empty else str | None
    return inspect.Parameter(said.get("name", "player"), inspect.Parameter.KEYWORD_ONLY,
                             default=default, annotation=Annotated[one, typer.Argument(**kw)])


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
        raise ValueError(f"{p.name}: {p.cli!r} is not an option (items are read apart)")
    kw = {k: v for k, v in said.items() if k not in _TABLE_ONLY}
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
    return inspect.Parameter(_python_name(p, said), inspect.Parameter.KEYWORD_ONLY,
                             default=default,
                             annotation=Annotated[_type(p, required), info])


def _asked(p: ParamDef, value: Any, what: str, player: str | None) -> Any:
    """``value`` with each ``-`` asked for at a hidden prompt (``cli/hidden.py``)."""
    from rigs_helper.cli import hidden

    what = what.format(player=player)
    if p.kind == "name_title" or p.private == "each":  # PLAYER=TITLE
        return hidden.named(value, what)
    return hidden.titles(value, what) if p.many else hidden.title(value, what)


def action_command(path: str, doc: str, said: Mapping[str, Said] | None = None,
                   order: tuple[str, ...] = (), summary: bool = False,
                   view: Callable[..., bool] | None = None,
                   run: Callable[..., None] | None = None) -> Callable[..., None]:
    """The command function of the action ``path``: the acting player first (an action of
    the leader names none), then the definition's parameters (``order``: these first, in
    this order, as the help lists them; the items, where the first of them is), then
    ``--json`` and ``--game``.  ``summary``: the action ends a phase (``cli.rigscli.act``
    shows what changed in it).  ``view``: called first with the command's words; True when
    it showed a view instead of taking the action.  ``run(game, op, json, summary)``: runs
    the operation and shows what came of it (default: ``cli.rigscli.act``)."""
    d = definition(path)
    said = said or {}
    if d.several:
        return _command(path, doc, *_several_command(d, said), view, run, summary)
    names = [*order, *(p.name for p in d.params if p.name not in order)]
    params = [q for q in (d.param(n) for n in names) if q is not None and q.typed]
    items = [p for p in params if _item(p)]
    forms = _forms(params)
    shown = [p for p in params if not _item(p) and p not in forms.values()]
    words_of = {p.name: said.get(p.name) or KIND_SAID.get(p.kind, {}) for p in shown}
    sig = [_actor(said.get("player", {}))] if d.actor == "player" else []
    for p in params:  # the items' one argument where the first item is
        if p.name in forms:  # one option for both forms: many values
            sig.append(_parameter(p._replace(many=True), words_of[p.name]))
        elif p in shown:
            sig.append(_parameter(p, words_of[p.name]))
        elif items and p is items[0]:
            sig.append(_items_argument(said.get("items", {})))
    actor = sig[0].name if d.actor == "player" else None

    def operation(**kw: Any) -> object:
        from rigs_helper.games.rigs.actions.catalog import build_action

        player = kw[actor] if actor else None
        words = {}
        for p in shown:
            value = kw[_python_name(p, words_of[p.name])]
            if p.name in forms:
                words.update(_form_words(p, forms[p.name], value))
                continue
            ask = said.get(p.name, {}).get("ask")
            words[p.name] = _asked(p, value, ask, player) if ask and value else value
        if items:
            words.update(_item_words(kw["items"], items, said.get("items", {})))
        return build_action(path, player, words)

    return _command(path, doc, sig, operation, view, run, summary)


def _command(path: str, doc: str, sig: list[inspect.Parameter],
             operation: Callable[..., object], view: Callable[..., bool] | None,
             run: Callable[..., None] | None, summary: bool) -> Callable[..., None]:
    """The command function: the parameters ``sig``, then ``--json`` and ``--game``; its
    body makes the operation of its words (``operation``) and runs it."""
    sig = [*sig, inspect.Parameter("json", inspect.Parameter.KEYWORD_ONLY, default=False,
                                   annotation=base.JsonOpt),
           inspect.Parameter("game", inspect.Parameter.KEYWORD_ONLY, default=None,
                             annotation=base.GameOpt)]

    def command(**kw: Any) -> None:
        if view is not None and view(**kw):
            return
        (run or rigscli.act)(kw["game"], operation(**kw), kw["json"], summary)

    command.__name__ = path.split()[-1]
    command.__doc__ = doc
    command.__signature__ = inspect.Signature(sig)  # type: ignore[attr-defined]
    command.__annotations__ = {}
    return command


__all__ = ["KIND_HELP", "Said", "action_command"]
