"""From candidates that pass ``check`` to the listed actions.  No I/O.

Each candidate that passes is one exact choice of values.  Choices that differ in one
parameter only are merged (their values are joined), again and again: an action listed
allows exactly the product of its parameters' values, no more (so a form may offer each
parameter's values independently) and no less (nothing that passes is left out).  A
number is checked upwards from 1 to the candidate's bound and stops at the first refusal
(every counted action costs more or fits less as the number grows).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from rigs_helper.rules.errors import RigsError
from rigs_helper.games.rigs.legal.base import (
    Action,
    Param,
    Spec,
    cand_form,
    candidates,
)
from dataclasses import replace

if TYPE_CHECKING:
    from rigs_helper.games.rigs.state import Game
    from rigs_helper.games.rigs.tables import Tables


#: each candidate's operation as a page makes it (``definition.build`` of the form, then
#: ``waits/phone.from_a_phone``, which reads only the game's ``cards``, ``phase`` and the
#: decks its partial set holds), or None where the form does not read: built once, as the
#: same forms come back for every state that offers them (operations are frozen values);
#: by (action, player, cards, phase, decks held), then by the form
_OPS: dict[tuple, dict] = {}
_OPS_KEPT = 20_000  # forms kept in all (a 400-step 4-player game offered some 5400)
_built = [0]  # forms built since _OPS was last emptied here
_UNBUILT = object()
_FIXED = object()  # (the key of an operation kept by a candidate's values)


class _Checks:
    """What every check of one action's forms for one player in one state shares: the
    definition, the operations built for them, each operation class's shared refusals
    (``Op.closed``: refused without building the refusal's words)."""

    __slots__ = ("spec", "game", "tables", "player", "d", "key", "ops", "closed")

    def __init__(self, spec: Spec, game: Game, tables: Tables, player: str) -> None:
        from rigs_helper.games.rigs.actions.definition import registry

        self.spec, self.game, self.tables, self.player = spec, game, tables, player
        self.d = d = registry().definition(spec.action)
        self.key = (d.path, player, game.cards, game.phase, tuple(sorted(game.missing)))
        ops = _OPS.get(self.key)
        if ops is None:
            if _built[0] >= _OPS_KEPT:
                _OPS.clear()
                _built[0] = 0
            ops = _OPS[self.key] = {}
        self.ops: dict = ops
        self.closed: dict[type, bool] = {}

    def current(self, spec: Spec, game: Game, tables: Tables, player: str) -> bool:
        """These checks are the ones of ``spec``'s forms for ``player`` in ``game`` (and
        their operations are still the memo's)."""
        return self.spec is spec and self.game is game and self.tables is tables and \
            self.player == player and _OPS.get(self.key) is self.ops

    def operation(self, form: dict):
        """The operation the form makes (None: the form does not make one)."""
        try:
            key = tuple((k, v.__class__, tuple(v) if isinstance(v, (list, tuple)) else v)
                        for k, v in form.items())
            op = self.ops.get(key, _UNBUILT)
        except TypeError:  # (a value that is no word: built as it is)
            return self._made(form)
        if op is _UNBUILT:
            op = self.ops[key] = self._made(form)
            _built[0] += 1
        return op

    def _made(self, form: dict):
        from rigs_helper.games.rigs.actions.definition import build
        from rigs_helper.games.rigs.waits.phone import from_a_phone, rolloff_waits

        try:  # as a page plays it: a Sabotage card waits for its victims' answers, a tie
            # for leader for the tied players' dice
            return rolloff_waits(from_a_phone(build(self.d, self.player, form, page=True),
                                              self.game))
        except RigsError:
            return None

    def passes(self, form: dict) -> bool:
        """The form's operation, as a page would make it (``games/rigs/waits/phone``),
        passes the rules' own check (and apply, for an operation whose check leaves
        refusals to apply)."""
        if self.d.actor == "leader" and self.player != self.game.leader:  # (as ``build``
            return False  # refuses it)
        return self._passes(self.operation(form))

    def passes_fixed(self, values: tuple, n: object = None) -> bool:
        """:meth:`passes` of a candidate's form (``cand_form``), its operation kept by the
        candidate's values (one per parameter of the spec, in its order: words, tuples of
        words, None, counts; the form is made only for an operation not built yet)."""
        if self.d.actor == "leader" and self.player != self.game.leader:
            return False
        try:
            key = (_FIXED, values, n)
            op = self.ops.get(key, _UNBUILT)
        except TypeError:  # (a value that is no word)
            return self.passes(cand_form(self.spec, dict(zip(self.spec.params, values)), n))
        if op is _UNBUILT:
            op = self.ops[key] = self.operation(
                cand_form(self.spec, dict(zip(self.spec.params, values)), n))
            _built[0] += 1
        return self._passes(op)

    def _passes(self, op) -> bool:
        if op is None:
            return False
        cls = type(op)
        closed = self.closed.get(cls)
        if closed is None:
            closed = self.closed[cls] = _closed(op, self.game)
        if closed:
            return False
        try:
            op.check(self.game, self.tables)
            if self.spec.full:
                op.apply(self.game, self.tables)
        except RigsError:
            return False
        return True


def _closed(op, game: Game) -> bool:
    """``Op.closed``: the operation's own check refuses it whatever its values (so the list
    need not check it: the plain filter of ``tests/test_legal_cheaper.py`` checks it)."""
    return op.closed(game)


_LAST: list[_Checks] = []  # the checks asked for last (a list that asks form by form)


def checks(spec: Spec, game: Game, tables: Tables, player: str) -> _Checks:
    """The checks of ``spec``'s forms for ``player`` in ``game``."""
    if _LAST and _LAST[0].current(spec, game, tables, player):
        return _LAST[0]
    made = _Checks(spec, game, tables, player)
    _LAST[:] = [made]
    return made


def _operation(d, game: Game, player: str, form: dict):
    """The operation a page's form for ``d`` makes (None: the form does not make one)."""
    spec = Spec(d.path, d.legal, d.label, full=d.full)  # (what the checks read of it)
    return _Checks(spec, game, None, player).operation(form)  # type: ignore[arg-type]


def passes(spec: Spec, game: Game, tables: Tables, player: str, form: dict) -> bool:
    """The candidate's operation, as a page would make it (``games/rigs/waits/phone``), passes
    the rules' own check (and apply, for an operation whose check leaves refusals to
    apply)."""
    return checks(spec, game, tables, player).passes(form)


def listed(spec: Spec, game: Game, tables: Tables, player: str) -> list[Action]:
    direct = spec.legal().actions
    if direct is not None:
        return list(direct(game, tables, player, spec))
    params = spec.params
    # a choice found: its values, one per parameter (``None``: left out)
    found: list[tuple] = []
    order: dict = {}
    at = params.index(spec.count) if spec.count in params else None
    check = checks(spec, game, tables, player)
    for cand in candidates(spec, game, tables, player):
        given = cand.fixed
        fixed = tuple([given.get(k) for k in params])
        if at is not None and isinstance(fixed[at], int):
            order.setdefault(fixed[at], len(order))
        for v in fixed:
            order.setdefault(v, len(order))
        if cand.refused:
            continue
        if spec.count and cand.upto:
            for n in range(1, cand.upto + 1):
                if not check.passes_fixed(fixed, n):
                    break
                found.append(fixed if at is None else fixed[:at] + (n,) + fixed[at + 1:])
        elif check.passes_fixed(fixed):
            found.append(fixed)
            for k, values in cand.hidden:
                i = params.index(k) if k in params else None
                for v in values:
                    order.setdefault(v, len(order))
                    found.append(fixed if i is None else fixed[:i] + (v,) + fixed[i + 1:])
    return to_actions(spec, merged(spec, found), order)


def merged(spec: Spec, found: list[tuple]) -> list[dict]:
    """Join the choices (each a value per parameter) that differ in one parameter, until
    nothing joins."""
    params = spec.params
    last = len(params) - 1
    before = len(found)
    if last < 0:
        entries: list[tuple] = [() for _ in found]
        start = -1
    else:  # the first join (by the last parameter) on the values themselves
        first: dict[tuple, set] = {}
        for f in found:
            key = f[:last]
            s = first.get(key)
            if s is None:
                first[key] = {f[last]}
            else:
                s.add(f[last])
        entries = [tuple([frozenset((v,)) for v in key]) + (frozenset(s),)
                   for key, s in first.items()]
        start = last - 1
    while True:
        for i in range(start, -1, -1):
            groups: dict[tuple, list] = {}
            for e in entries:
                key = e[:i] + e[i + 1:]
                g = groups.get(key)
                if g is None:
                    groups[key] = list(e)
                else:
                    g[i] = g[i] | e[i]
            entries = [tuple(g) for g in groups.values()]
        if len(entries) == before:
            return [dict(zip(params, e)) for e in entries]
        before, start = len(entries), last


def to_actions(spec: Spec, entries: list[dict], order: dict) -> list[Action]:
    out: list[Action] = []
    for e in entries:
        rows: list[list[Param]] = [[]]
        for k in spec.params:
            options = _params(spec, k, e[k], order)
            rows = [r + ([p] if p else []) for r in rows for p in options]
        for params in rows:
            out.append(Action(spec.action, tuple(params), _label(spec, params)))
    return out


def _params(spec: Spec, k: str, atoms: frozenset, order: dict) -> list[Param | None]:
    """The parameter for one entry's values; several when the values of a ``multiple``
    parameter are not every combination of them (each combination is then its own)."""
    if atoms == {None}:
        return [None]
    record = dict(spec.record).get(k)
    if record == "die" and {str(n) for n in range(1, 7)} <= set(atoms):
        virtual = ("virtual",) if "virtual" in atoms else None
        return [Param(k, virtual, 1, 6, None not in atoms, record="die")]
    if record:
        return [p if p is None else replace(p, record=record)
                for p in _params(replace(spec, record=()), k, atoms, order)]
    required = None not in atoms
    vals = sorted((a for a in atoms if a is not None), key=lambda a: order.get(a, 1 << 30))
    if k == spec.count:  # numbers in order, then words ("all")
        ints = sorted(v for v in vals if isinstance(v, int))
        if ints and len(ints) == len(vals) and ints == list(range(ints[0], ints[-1] + 1)):
            return [Param(k, min=ints[0], max=ints[-1], required=required)]
        vals = ints + [v for v in vals if not isinstance(v, int)]
    if k in spec.multiple:
        union: list[str] = []
        for t in vals:
            union += [x for x in t if x not in union]
        sizes = [len(t) for t in vals]
        lo, hi = min(sizes), max(sizes)
        every = {frozenset(c) for n in range(lo, hi + 1) for c in combinations(union, n)}
        if {frozenset(t) for t in vals} == every and all(len(set(t)) == len(t) for t in vals):
            return [Param(k, tuple(union), lo, hi, required, True)]
        alone = [Param(k, tuple(t), len(t), len(t), True, True) for t in vals]
        return alone + ([] if required else [None])
    return [Param(k, tuple(str(v) for v in vals), required=required)]


def _label(spec: Spec, params: list[Param]) -> str:
    """The button's words: the spec's label, and the values a form cannot change."""
    fixed = [f"{p.name} {p.values[0]}" for p in params
             if p.values and len(p.values) == 1 and p.required and not p.multiple
             and p.name != spec.count]
    return spec.label + (f" ({', '.join(fixed)})" if fixed else "")
