"""An operation's words: the command that did it, derived from its action's definition
(``games/rigs/actions/definition.py``).  No I/O.

The words are the path, the acting player, each argument, each item (``credits=3``, a
plot), each option given, then each group's items (a deal's ``--for``); a value is said
by its parameter's kind.  An operation writes ``describe`` by hand only where its words are
not its parameters' (saying why in a comment: ``tests/test_oplog_homes.py``).
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

from rigs_helper.games.rigs.dice import Rolls
from rigs_helper.rules.text import shell_word

if TYPE_CHECKING:
    from rigs_helper.games.rigs.actions.definition import ActionDef, ParamDef


#: a word said once before the items that follow it, each a parameter's (a deal's
#: ``--for``: what comes back)
GROUPS = ("--for",)


def _actor(op: object) -> object:
    """The acting player: the operation's first field (``name``; a deal's ``giver``)."""
    cls = type(op)
    name = _ACTORS.get(cls)
    if name is None:
        name = _ACTORS[cls] = fields(op)[0].name  # type: ignore[arg-type]
    return getattr(op, name)


_ACTORS: dict[type, str] = {}


def _item(p: ParamDef, shape: str, x: object) -> str:
    """An item as the command writes it: ``KEY=N`` (``shape`` ``credits=N``) or the
    value itself (``PLOT``)."""
    key, eq, _ = shape.partition("=")
    return f"{key}={_word(p, x)}" if eq else _word(p, x)


def _items(p: ParamDef, v: object) -> tuple[object, ...]:
    """A parameter's values as said: each of ``many``; the table's dice (a record of
    them) as each roll's word."""
    if isinstance(v, Rolls):
        return v.words()
    return tuple(v) if p.many and isinstance(v, tuple) else (v,)


def _word(p: ParamDef, x: object, quoted: bool = False) -> str:
    """One value as the command writes it: a title or a text quoted (``repr``; a public
    word that is not the table's record unquoted: ``take``), a change signed, a pair
    ``KEY=VALUE``, ``all`` for no count, anything else a shell word."""
    if quoted and p.kind not in ("good_amount", "roll", "table_roll") and x is not None:
        return repr(f"{x[0]}={x[1]}" if x[0] else str(x[1])) if isinstance(x, tuple) \
            else repr(x)
    if isinstance(x, tuple) and len(x) == 2:
        return shell_word(f"{x[0]}={x[1]}" if x[0] else x[1])
    if x is None and p.kind == "count_or_all":
        return "all"
    if p.public and not p.record and isinstance(x, str) and x.strip().lower() in p.public:
        return p.public[0]  # a word that names no card (an answer's "take")
    if p.kind in ("title", "text"):
        return repr(x)
    if p.kind == "number" and isinstance(x, int):
        return f"{x:+d}"
    return shell_word(x)


def said(d: ActionDef, op: object) -> str:
    """The command that did ``op``, in ``d``'s words: the path, the acting player, each
    argument, each item, each option given (in the order of the parameters, or
    ``said_order``), then each group's items (a card's title quoted, any other value as a
    shell word; a pair as ``KEY=VALUE``; the table's dice as ``--roll`` each).  Several
    actions in one (``several``): each one's words in turn."""
    head = [d.path] + ([shell_word(_actor(op))] if d.actor == "player" else [])
    more = getattr(op, "more", ()) if d.several else ()
    if more:
        return " ".join(head + _several_words(d, op, more))
    args: list[str] = []
    items: list[str] = []
    options: list[str] = []
    grouped: dict[str, list[str]] = {}
    pairs: dict[str, dict[str, object]] = {}  # FIELD:KEY's fields, each read once
    for p, slot, flag, shape, base, key in _plan(d):
        if key:
            if base not in pairs:
                pairs[base] = dict(getattr(op, base))
            v = pairs[base].get(key, p.default)
        else:  # (a Karma play of a family that takes no such parameter: not said)
            v = getattr(op, base, None)
        if v is None or v is False or v == () or v == "":
            if slot != "argument":
                continue
        if slot == "argument":
            if p.quiet is None or v != p.quiet:
                args += [_word(p, x, d.quoted) for x in _items(p, v)]
        elif slot == "flag":
            options += [p.cli] if v else []
        elif slot == "item":  # an item (credits=N, a plot), or one of a group's (--for)
            words = [_item(p, shape, x) for x in _items(p, v)
                     if x not in (None, "", p.default)]
            (grouped.setdefault(flag, []) if flag else items).extend(words)
        else:
            options += [f"{flag} {_word(p, x, d.quoted)}" for x in _items(p, v)
                        if x not in (None, "")]
    return " ".join(head + args + items + options
                    + [w for g, ws in grouped.items() if ws for w in (g, *ws)])


def _plan(d: ActionDef) -> tuple[tuple[ParamDef, str, str, str, str, str], ...]:
    """How ``d``'s words are said, worked out once: each parameter said (in its order),
    its slot (an argument, a flag, an item, an option), the option's or group's flag, the
    item's shape, and its field (``FIELD`` or ``FIELD:KEY``)."""
    plan = _PLANS.get(d.path)
    if plan is not None:
        return plan
    order = d.said_order
    params = d.params if not order else sorted(
        d.params, key=lambda p: (p.name in order, order.index(p.name) if p.name in order
                                 else 0))
    out = []
    for p in params:
        if p.field is None or not p.typed:
            continue
        flag, _, shape = p.cli.rpartition(" ")
        slot = ("argument" if not p.cli else "flag" if p.kind == "flag" else
                "item" if not shape.startswith("-") and (not flag or flag in GROUPS)
                else "option")
        base, _, key = (p.field or p.name).partition(":")
        out.append((p, slot, flag or shape if slot == "option" else flag, shape, base, key))
    plan = _PLANS[d.path] = tuple(out)
    return plan


_PLANS: dict[str, tuple[tuple[ParamDef, str, str, str, str, str], ...]] = {}


def _several_words(d: ActionDef, op: object, more: tuple[tuple[object, ...], ...]) -> list[str]:
    """The words of several actions in one (``sell Ana 2 Bo all``, ``vinnie repay Ana
    energy=2 metal=all``): the first's values, then each of ``more``'s."""
    names = d.several_names()
    params = [d.param(w) for w in names]
    first = tuple(getattr(op, "name" if w == "player" else (q.field or q.name) if q
                          else w) for w, q in zip(names, params))
    each = [[shell_word(x) if q is None else _word(q, x) for q, x in zip(params, vals)]
            for vals in (first, *more)]
    if "=" in d.several:  # an item each: RESOURCE=N
        return ["=".join(ws) for ws in each]
    return [w for ws in each[:1] for w in ws[1:]] + [w for ws in each[1:] for w in ws]
