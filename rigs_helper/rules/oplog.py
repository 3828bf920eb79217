"""Operations as data: the log's typed actions.  Pure; small on purpose (every saving
command loads it).

An action is a canonical name (the CLI's command path, as in ``actions.json``: ``move``,
``vinnie borrow``, ``karma play``, ``next``, ...) and the operation's resolved fields
(table records such as the dice included).  :data:`ACTIONS` is the one mapping between the
operation classes and these names.  ``to_action`` writes an operation as (name, fields),
``from_action`` builds it again; a field equal to its default is left out.

Privacy is declared once, on the action's definition (``rules/actions/catalog.py``: a
parameter's ``private``); :func:`private_fields` gives it in the operation's field names:
a field -> the fields naming who may see it (``""``: nobody but the table's cardboard;
``"="``: each value is a typed (PLAYER, WHAT) pair, or ``PLAYER=...``, and belongs to that
player).  :func:`for_viewer` gives the operation as a viewer may see it (a hidden value is
:data:`HIDDEN`); every renderer (the log, the board, the pages, the terminal) goes through
it, so no text is scrubbed after it is written.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from rigs_helper.rules.records import fields, is_record

if TYPE_CHECKING:  # (the engine is imported by what performs an operation, not here)
    from rigs_helper.rules.engine import Op

# where the operations live (each is looked up by its class name)
OP_MODULES = ("rigs_helper.rules.phases.nextphase", "rigs_helper.rules.phases.grant",
              "rigs_helper.rules.phases.losses", "rigs_helper.rules.actions.placement",
              "rigs_helper.rules.actions.loans", "rigs_helper.rules.actions.deals",
              "rigs_helper.rules.actions.plans", "rigs_helper.rules.actions.common",
              "rigs_helper.rules.karma.hands", "rigs_helper.rules.karma.play",
              "rigs_helper.rules.endgame", "rigs_helper.rules.decks", "rigs_helper.rules.turns",
              "rigs_helper.rules.waits.deals", "rigs_helper.rules.waits.attacks",
              "rigs_helper.rules.waits.disasters", "rigs_helper.rules.waits.rolloff")

#: operation class -> (canonical action name, fields that tell it apart from another
#: class of the same name)
ACTIONS: dict[str, tuple[str, dict[str, Any]]] = {
    "Adjust": ("adjust", {}), "Answer": ("answer", {}), "Borrow": ("vinnie borrow", {}),
    "Build": ("build", {}), "DealAccept": ("deal accept", {}),
    "DealDecline": ("deal decline", {}), "DealWithdraw": ("deal withdraw", {}),
    "DealPropose": ("deal propose", {}), "DisasterRecord": ("disaster record", {}),
    "Done": ("done", {}), "EndgameDraws": ("score", {}), "Give": ("give", {}),
    "GrantPick": ("grant", {}), "KarmaDiscard": ("karma discard", {}),
    "KarmaDiscardInPlay": ("karma retire", {}), "KarmaDraw": ("karma draw", {}),
    "KarmaPlay": ("karma play", {}), "KarmaPlayWait": ("karma play", {"wait": True}),
    "KarmaSwap": ("karma swap", {}), "KarmaUse": ("karma use", {}),
    "LoseRigs": ("lose", {}), "Move": ("move", {}), "NextPhase": ("next", {}),
    "Repay": ("vinnie repay", {}), "RollOff": ("roll", {}), "Sell": ("sell", {}), "SetInventory": ("inventory", {}),
    "SetPlan": ("produce", {}), "Settle": ("settle", {}), "Survey": ("survey", {}),
}
#: operation class -> the module that defines it (a replay imports only what its actions
#: need; tests/test_oplog_homes.py checks it against :func:`op_classes`)
HOMES: dict[str, str] = {
    name: f"rigs_helper.rules.{module}" for module, names in (
        ("actions.deals", "Adjust Give Sell Settle"), ("actions.loans", "Borrow Repay"),
        ("actions.placement", "Build Move Survey"), ("actions.plans", "SetPlan"),
        ("waits.attacks", "Answer KarmaPlayWait"), ("waits.disasters", "DisasterRecord"),
        ("waits.rolloff", "RollOff"),
        ("waits.deals", "DealAccept DealDecline DealWithdraw DealPropose DealAnswer"),
        ("turns", "Done"), ("endgame", "EndgameDraws"), ("phases.grant", "GrantPick"),
        ("karma.hands", "KarmaDiscard KarmaDiscardInPlay KarmaDraw KarmaSwap"),
        ("karma.play", "KarmaPlay KarmaUse"), ("phases.losses", "LoseRigs"),
        ("phases.nextphase", "NextPhase"), ("decks", "SetInventory"))
    for name in names.split()}
#: the game's creation (not an operation: rules/setup makes the game)
NEW = "new"
#: a full state written into the log (the creation, a hand edit, a migrated step)
CHECKPOINT = "checkpoint"
#: what a viewer sees in place of a private value
HIDDEN = "(hidden)"


def _plain(x: Any) -> Any:
    """A value of an operation's field as JSON data; a record inside (the table's dice)
    becomes {"$": its class name, field: value...}."""
    if is_record(x):
        return {"$": type(x).__name__, **{f: _plain(getattr(x, f)) for f in fields(x)}}
    if isinstance(x, (tuple, list)):
        return [_plain(v) for v in x]
    return x


def _value(x: Any) -> Any:
    """JSON data back into a field's value: lists become tuples, records are rebuilt."""
    if isinstance(x, list):
        return tuple(_value(v) for v in x)
    if isinstance(x, dict) and x.get("$") == "none":
        return None
    if isinstance(x, dict) and "$" in x:
        from rigs_helper.rules.dice import Rolls

        cls = {"Rolls": Rolls}[x["$"]]
        return cls(**{k: _value(v) for k, v in x.items() if k != "$"})
    return x


_MISSING = object()


def to_action(op: Op, hide: Callable[[str], str] | None = None
              ) -> tuple[str, dict[str, Any]]:
    """(canonical name, fields) of ``op``; fields equal to their default are left out.
    ``hide``: applied to each text of a private field (the file encodes what a player
    holds, so a glance at it spoils nothing)."""
    name, marks = ACTIONS.get(type(op).__name__, (type(op).__name__, {}))
    out = {f: _typed(v) for f, v in logged_fields(op).items()}
    if hide is not None:
        out = _texts(type(op), out, hide)
    return name, {**out, **marks}


def logged_fields(op: Op) -> dict[str, Any]:
    """The fields of ``op`` the log keeps: those not at their default (a Karma play's by
    their flat names: its card's own parameters and the answers, ``KarmaPlay.logged``)."""
    logged = getattr(op, "logged", None)
    if logged is not None:
        out: dict[str, Any] = logged()
        return out
    return {f: v for f in fields(op)
            if (v := getattr(op, f)) != getattr(type(op), f, _MISSING)}


def made(cls: type, args: dict[str, Any]) -> Op:
    """An operation of class ``cls`` from its logged fields (a Karma play's by their flat
    names: ``KarmaPlay.from_flat``)."""
    make = getattr(cls, "from_flat", cls)
    op: Op = make(**args)
    return op


def _texts(cls: type, data: dict[str, Any], fn: Callable[[str], str]
           ) -> dict[str, Any]:
    """``data`` with ``fn`` applied to every text of ``cls``'s private fields."""
    def each(x: Any) -> Any:
        if isinstance(x, str):
            return fn(x)
        if isinstance(x, list):
            return [each(v) for v in x]
        return x

    def pairs(x: Any) -> Any:  # (PLAYER, WHAT) pairs: only WHAT is private
        if isinstance(x, list) and all(isinstance(v, list) and len(v) == 2 for v in x):
            return [[who, each(what)] for who, what in x]
        return each(x)

    private = _privacy(cls.__name__)
    return {k: (pairs(v) if private[k] == "=" else each(v)) if k in private else v
            for k, v in data.items()}


def _typed(x: Any) -> Any:
    """:func:`_plain`, with None (which TOML cannot write) as ``{"$": "none"}``."""
    if x is None:
        return {"$": "none"}
    if is_record(x):
        return {"$": type(x).__name__, **{f: _typed(getattr(x, f)) for f in fields(x)}}
    if isinstance(x, (tuple, list)):
        return [_typed(v) for v in x]
    return x


def op_classes() -> dict[str, type[Op]]:
    """Every operation class by name (every module of :data:`OP_MODULES` imported)."""
    from rigs_helper.rules.engine import Op

    for m in OP_MODULES:
        importlib.import_module(m)
    out: dict[str, type[Op]] = {}
    todo = [Op]
    while todo:
        c = todo.pop()
        for s in c.__subclasses__():
            out[s.__name__] = s
            todo.append(s)
    return out


def op_class(name: str) -> type[Op]:
    """The operation class called ``name``, its module imported (KeyError: none is)."""
    cls: type[Op] = getattr(importlib.import_module(HOMES[name]), name)
    return cls


def _named(name: str, ops: dict[str, type] | None
           ) -> list[tuple[type, dict[str, Any]]]:
    """The classes logged as the action ``name``, each with the fields that mark it."""
    return [(ops[c] if ops is not None else op_class(c), marks)
            for c, (n, marks) in ACTIONS.items() if n == name]


def from_action(name: str, data: dict[str, Any], ops: dict[str, type] | None = None,
                show: Callable[[str], str] | None = None) -> Op:
    """The operation of a logged action; KeyError/TypeError/ValueError when it is not one.
    ``show``: undoes :func:`to_action`'s ``hide``.  ``ops``: the classes by name (None:
    each imported when needed)."""
    for cls, marks in _named(name, ops):
        if all(data.get(k) == v for k, v in marks.items()) and (
                marks or not any(k in data for m in ACTIONS.values() if m[0] == name
                                 for k in m[1])):
            if show is not None:
                data = _texts(cls, data, show)
            return made(cls, {k: _value(v) for k, v in data.items() if k not in marks})
    raise KeyError(name)


def action_name(op: Op) -> str:
    return ACTIONS[type(op).__name__][0]


# ---------------------------------------------------------------------------- privacy


def private_fields(op: Op) -> dict[str, str]:
    """Field -> the fields naming who may see it (``""``: nobody; ``"="``: per value), as
    ``op``'s action's definition declares it."""
    return dict(_privacy(type(op).__name__))


_PRIVACY: dict[str, dict[str, str]] = {}


def _privacy(cls_name: str) -> dict[str, str]:
    """The private fields of the operations of class ``cls_name`` (none for an operation
    that is not a person's action: the End Game draws, a count of the piles)."""
    done = _PRIVACY.get(cls_name)
    if done is None:
        from rigs_helper.rules.actions.catalog import DEFS

        d = DEFS.get(ACTIONS.get(cls_name, ("",))[0])
        done = _PRIVACY[cls_name] = d.privacy() if d is not None else {}
        _PUBLIC[cls_name] = d.public_values() if d is not None else {}
    return done


def public_values(op: Op) -> dict[str, tuple[str, ...]]:
    """Field -> the values of that private field anyone may see (they name no card:
    ``take``, ``virtual``), as ``op``'s action's definition declares them."""
    _privacy(type(op).__name__)
    return _PUBLIC[type(op).__name__]


_PUBLIC: dict[str, dict[str, tuple[str, ...]]] = {}


def owners(op: Op, field: str, spec: str) -> list[frozenset[str]]:
    """Who may see each value of ``field`` (one set per value; empty: nobody)."""
    v = getattr(op, field)
    vals = v if isinstance(v, tuple) else (v,)
    if spec == "=":
        return [frozenset({str(x).partition("=")[0]} if isinstance(x, str) and "=" in x else
                          {x[0]} if _pair(x) and x[0] else ()) for x in vals]
    who: set[str] = set()
    for f in spec.split():
        named = getattr(op, f)
        who.update(named if isinstance(named, tuple) else (named,) if named else ())
    return [frozenset(who) for _ in vals]


def _pair(x: object) -> bool:
    """A typed (PLAYER, WHAT) pair (``karma play --drew``)."""
    return isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str)


def _pair_word(x: tuple[str, str]) -> str:
    return f"{x[0]}={x[1]}" if x[0] else str(x[1])


def for_viewer(op: Op, viewer: str | None, hidden: str = HIDDEN) -> Op:
    """``op`` as ``viewer`` (a player's name; None: the public) may see it: every private
    value not theirs is ``hidden`` (a ``PLAYER=`` prefix kept)."""
    from dataclasses import replace

    changes: dict[str, Any] = {}
    for f, spec in private_fields(op).items():
        v = getattr(op, f)
        if v in (None, (), ""):
            continue
        vals = v if isinstance(v, tuple) else (v,)
        shown = []
        public = public_values(op).get(f, ())
        for x, who in zip(vals, owners(op, f, spec)):
            if (viewer is not None and viewer in who) or (
                    isinstance(x, str) and x.strip().lower() in public):
                shown.append(x)
            elif spec == "=" and who:
                (owner,) = who
                shown.append((owner, hidden) if _pair(x) else f"{owner}={hidden}")
            else:
                shown.append(hidden)
        new = tuple(shown) if isinstance(v, tuple) else shown[0]
        if new != v:
            changes[f] = new
    if not changes:
        return op
    replaced = getattr(op, "replaced", None)  # a Karma play: by its flat names
    return cast("Op", replaced(**changes) if replaced is not None
                else replace(cast(Any, op), **changes))


def words(op: Op, viewer: str | None = None, hidden: str = HIDDEN) -> str:
    """The command that did ``op``, as ``viewer`` may read it (a hidden value unquoted;
    ``hidden``: what stands in its place)."""
    shown = for_viewer(op, viewer, hidden)
    text = shown.describe()
    if shown is not op:
        for f in private_fields(op):
            v = getattr(shown, f)
            for x in v if isinstance(v, tuple) else (v,):
                x = _pair_word(x) if _pair(x) else x
                if isinstance(x, str) and x.endswith(hidden):
                    text = text.replace(f"'{x}'", x).replace(f'"{x}"', x)
    return text


# ---------------------------------------------------------------------------- as JSON
# (a Karma play that waits for answers keeps itself so in the state; a version-1 log entry
# kept its action so as ``op``)


def op_to_json(op: Op) -> str:
    import json  # (here: `rigs status`, which imports this module, never loads it)

    args = {k: _plain(v) for k, v in op.logged().items()} if hasattr(op, "logged") \
        else {k: v for k, v in _plain(op).items() if k != "$"}
    return json.dumps({"op": type(op).__name__, "args": args}, separators=(",", ":"),
                      ensure_ascii=False)


def op_from_json(text: str, ops: dict[str, type] | None = None) -> Op:
    """An operation from :func:`op_to_json`'s text."""
    import json

    d = json.loads(text)
    cls = ops[d["op"]] if ops else op_class(d["op"])
    return made(cls, {k: _value(v) for k, v in d["args"].items()})
