"""Operations as data: the log's typed actions.  Pure; small on purpose (every saving
command loads it).

An action is a canonical name (the CLI's command path, as in ``actions.json``: ``move``,
``vinnie borrow``, ``karma play``, ``next``, ...) and the operation's resolved fields
(table records such as the dice included).  Each operation class is known by its action's
definition (``games/rigs/actions/catalog.py``, whose loaders import it): its name, the fields
that mark it, its privacy (``definition_of``).  ``to_action`` writes an operation as (name, fields),
``from_action`` builds it again; a field equal to its default is left out.

Privacy is declared once, on the action's definition (``games/rigs/actions/catalog.py``: a
parameter's ``private``); :func:`private_fields` gives it in the operation's field names:
a field -> the fields naming who may see it (``""``: nobody but the table's cardboard;
``"="``: each value is a typed (PLAYER, WHAT) pair, or ``PLAYER=...``, and belongs to that
player).  :func:`for_viewer` gives the operation as a viewer may see it (a hidden value is
:data:`HIDDEN`); every renderer (the log, the board, the pages, the terminal) goes through
it, so no text is scrubbed after it is written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from rigs_helper.rules.records import defaults, fields, is_record

if TYPE_CHECKING:  # (the engine is imported by what performs an operation, not here)
    from rigs_helper.games.rigs.actions.definition import ActionDef
    from rigs_helper.games.rigs.engine import Op

#: the game's creation (not an operation: games/rigs/setup makes the game)
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
        from rigs_helper.games.rigs.dice import Rolls

        cls = {"Rolls": Rolls}[x["$"]]
        return cls(**{k: _value(v) for k, v in x.items() if k != "$"})
    return x


_MISSING = object()


def to_action(op: Op, hide: Callable[[str], str] | None = None
              ) -> tuple[str, dict[str, Any]]:
    """(canonical name, fields) of ``op``; fields equal to their default are left out.
    ``hide``: applied to each text of a private field (the file encodes what a player
    holds, so a glance at it spoils nothing)."""
    name, _, marks = _unit(type(op))
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
    default = defaults(type(op))
    return {f: v for f in fields(op) if (v := getattr(op, f)) != default.get(f, _MISSING)}


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

    private = _privacy(cls)
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


def _unit(cls: type) -> tuple[str, ActionDef | None, dict[str, Any]]:
    from rigs_helper.games.rigs.actions.definition import unit_of

    return unit_of(cls)


def definition_of(cls: type) -> ActionDef | None:
    """The definition of the action whose operation is of class ``cls`` (None: no
    person's action, as the End Game draws)."""
    return _unit(cls)[1]


def op_classes() -> dict[str, type[Op]]:
    """Every operation class by its class name (every operation the game's registration
    names loaded; a version-1 file names its operations by class)."""
    from rigs_helper.games.rigs.actions.definition import registry

    return registry().everything()


def op_class(name: str) -> type[Op]:
    """The operation class called ``name`` (KeyError: none is)."""
    return op_classes()[name]


def from_action(name: str, data: dict[str, Any], show: Callable[[str], str] | None = None
                ) -> Op:
    """The operation of a logged action; KeyError/TypeError/ValueError when it is not one.
    ``show``: undoes :func:`to_action`'s ``hide``."""
    from rigs_helper.games.rigs.actions.definition import registry

    named = registry().named(name)
    for cls, marks in named:
        if all(data.get(k) == v for k, v in marks.items()) and (
                marks or not any(k in data for _, m in named for k in m)):
            if show is not None:
                data = _texts(cls, data, show)
            return made(cls, {k: _value(v) for k, v in data.items() if k not in marks})
    raise KeyError(name)


def action_name(op: Op) -> str:
    return _unit(type(op))[0]


# ---------------------------------------------------------------------------- privacy


def private_fields(op: Op) -> dict[str, str]:
    """Field -> the fields naming who may see it (``""``: nobody; ``"="``: per value), as
    ``op``'s action's definition declares it (those ``op`` has: a Karma play's family
    may take no such parameter)."""
    return {f: spec for f, spec in _privacy(type(op)).items() if hasattr(op, f)}


_PRIVACY: dict[type, dict[str, str]] = {}


def _privacy(cls: type) -> dict[str, str]:
    """The private fields of the operations of class ``cls`` (none for an operation that
    is not a person's action: the End Game draws, a count of the piles)."""
    done = _PRIVACY.get(cls)
    if done is None:
        d = definition_of(cls)
        done = _PRIVACY[cls] = d.privacy() if d is not None else {}
        _PUBLIC[cls] = d.public_values() if d is not None else {}
    return done


def public_values(op: Op) -> dict[str, tuple[str, ...]]:
    """Field -> the values of that private field anyone may see (they name no card:
    ``take``, ``virtual``), as ``op``'s action's definition declares them."""
    _privacy(type(op))
    return _PUBLIC[type(op)]


_PUBLIC: dict[type, dict[str, tuple[str, ...]]] = {}


def owners(op: Op, field: str, spec: str) -> list[frozenset[str]]:
    """Who may see each value of ``field`` (one set per value; empty: nobody)."""
    v = getattr(op, field)
    vals = v if isinstance(v, tuple) else (v,)
    if spec == "=":
        return [frozenset({str(x).partition("=")[0]} if isinstance(x, str) and "=" in x else
                          {x[0]} if _pair(x) and x[0] else ()) for x in vals]
    who: set[str] = set()
    for f in spec.split():
        named = getattr(op, f, None)
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
    return cast("Op", replace(cast(Any, op), **changes))  # (fields the operation has)


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
    d = definition_of(type(op))  # named by its action's class (a Karma play's, whatever
    # its family: ``KarmaPlay``, its title picks the family again)
    name = (d.operation_class() if d is not None else type(op)).__name__
    return json.dumps({"op": name, "args": args}, separators=(",", ":"),
                      ensure_ascii=False)


#: the operation classes by name as :func:`op_classes` found them (a waiting card's play
#: is read back at every check of its answers: the legal list checks many)
_KNOWN: dict[str, type] = {}


def op_from_json(text: str, ops: dict[str, type] | None = None) -> Op:
    """An operation from :func:`op_to_json`'s text (a class an older file names that is
    no class now: the one it is now, with the fields it stood for)."""
    import json

    d = json.loads(text)
    args = {k: _value(v) for k, v in d["args"].items()}
    cls = (ops or _KNOWN).get(d["op"])
    if cls is None and not ops:  # (every class loaded once; again for a name not seen)
        _KNOWN.update(op_classes())
        cls = _KNOWN.get(d["op"])
    if cls is None:
        from rigs_helper.games.rigs.actions.definition import registry

        named = registry().named(d["op"])
        if not named:
            raise KeyError(d["op"])
        cls, marks = named[0]
        args = {**args, **marks}
    return made(cls, args)
