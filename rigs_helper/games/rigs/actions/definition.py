"""The definition of an action, and the one way its words become a typed operation.
No I/O.

An :class:`ActionDef` says once what an action is: its name (the CLI command path without
the player: ``move``, ``vinnie borrow``, ``karma play``), who acts, the operation it
builds, and its parameters (:class:`ParamDef`: a kind of word from ``games.rigs.words``, one or
many, optional, a default, a lower bound, the table's own card or die, private to whom,
given from a page or only at the terminal).  Every definition is in
``games/rigs/actions/catalog.py``.

:func:`build` is the one path from words to an operation: the CLI's commands hand it
their words, the pages hand it a posted form; both end in the same operation (or the
same refusal).  The legal-actions list (``games/rigs/legal``) reads its parameters, and
``actions.json`` its records, from the same definition.
"""

# (No ``from __future__ import annotations``: a NamedTuple's field types given as strings
# are each compiled when the class is made: 1.2 M instructions of `rigs next`.)
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from rigs_helper.rules.errors import InputError
from rigs_helper.games.rigs.words import KINDS

#: kinds of parameter whose values are numbers (a form field takes digits)
NUMBER_KINDS = ("number", "count", "count_or_all", "die")


# Immutable records as NamedTuples: every acting command builds the definitions when it
# starts, and two frozen dataclasses cost 18 M instructions more (6 % of `rigs next`).
class ParamDef(NamedTuple):
    name: str  # the form's field and actions.json's key: the CLI option without dashes
    kind: str  # a kind of ``games.rigs.words.KINDS``
    many: bool = False  # given several times (a tuple of values)
    optional: bool = False
    default: object = None  # the value when not given (None: not given)
    min: int | None = None  # a number's (or each of many numbers') lower bound
    cli: str = ""  # how the CLI writes it: "" an argument, "--to" an option, "KEY=N" an
    # item ("--for KEY=N": an item after --for)
    record: str | None = None  # "card" or "die": the table's own card or die
    private: str | None = None  # who may see its value (every other viewer sees it
    # hidden): "owner" the acting player; "each" each value's own player (PLAYER=WHAT);
    # "nobody" (the table's cardboard alone); or several of "owner" and the names of
    # parameters naming players ("owner target": the one who acts and the targets)
    public: tuple[str, ...] = ()  # values of a private parameter anyone may see (they
    # name no card: an answer's "take", "virtual" where rigs draws)
    page: bool = True  # a page may give it (False: only at the terminal)
    page_required: bool = False  # optional at the terminal, required on a page (as is
    # every counted one: the legal list gives its bounds)
    counted: bool = False  # legal actions check 1, 2, ... up to a bound
    field: str | None = ""  # the operation's field ("": the same name; None: make() reads
    # it; "FIELD:KEY": KEY's value among a field of (KEY, VALUE) pairs, as said)
    keyed: bool = False  # ``many`` KEY=VALUE items (``--split Bo=3``) that a page gives as
    # one field per key, ``NAME:KEY`` (``split:Bo`` = 3): the listed numbers a constraint
    # adds up
    typed: bool = True  # False: never typed nor posted (a field the operation keeps,
    # private as declared: the cards after the first of a Karma record)
    quiet: object = None  # an argument's value its words leave out (the one the
    # action takes when it is not given, when ``default`` cannot say it: ``lose``'s 1)

    @property
    def number(self) -> bool:
        return self.kind in NUMBER_KINDS


class Legal(NamedTuple):
    """An action's legal-actions function (``games/rigs/legal``): ``candidates(game, tables,
    player)`` yields its candidates (``Cand``), each checked by the operation's own
    ``check``; or ``actions(game, tables, player, spec)`` lists its actions itself
    (independent bounds, checked on witnesses)."""

    candidates: Callable[..., Iterable[Any]] | None = None
    actions: Callable[..., Iterable[Any]] | None = None


class ActionDef(NamedTuple):
    path: str  # "move", "karma play": the CLI command path without the player
    op: Callable[[], type]  # the operation class it builds: a loader of the game's
    # registration (``games/rigs/actions/operations.py``), its module imported when called
    params: tuple[ParamDef, ...] = ()
    label: str = ""  # a few words for a page's button
    actor: str = "player"  # who acts: "player" (named first on the CLI; a page's own
    # player), "leader" (the Expedition Leader: not named on the CLI)
    legal: Callable[[], Legal] | None = None  # its legal-actions function (imported when
    # called; None: not offered on a page)
    full: bool = False  # legal actions run apply too (check leaves refusals to apply)
    make: Callable[..., object] | None = None  # (cls, actor, values) -> op; None: fields
    page_one_of: tuple[str, ...] = ()  # a page gives exactly one value of these, in all
    several: str = ""  # the CLI takes several of the action in one command, one operation
    # (the first's, with the others' values in its ``more``): each action's words in turn,
    # "player n" (sell Ana 2 Bo all: a player, then its n), or an item each, "resource=n"
    # (vinnie repay Bo energy=2 metal=all; with no "=", one action's arguments: RESOURCE N)
    said_order: tuple[str, ...] = ()  # the options in the order the words say them,
    # when not the parameters' (``move ... --to P5 --from P3``, as the log has said it)
    quoted: bool = False  # every value said quoted (``repr``) but the amounts (``k=n``),
    # as the log has always said a Karma play

    def param(self, name: str) -> ParamDef | None:
        return next((p for p in self.params if p.name == name), None)

    def several_names(self) -> tuple[str, ...]:
        """The words of each action of a command that takes several (``several``):
        ``("player", "n")``, ``("resource", "n")``."""
        return tuple(self.several.replace("=", " ").split())

    def private_fields(self) -> tuple[str, ...]:
        """The operation's fields only their owners may see (every renderer of the log,
        the board or a page shows them to those viewers alone: ``games/rigs/oplog.for_viewer``)."""
        return tuple(self.privacy())

    def actor_field(self) -> str | None:
        """The operation's field naming the player who acts: its first (``name``; a gift's
        and a deal's ``giver``), as ``build`` fills it; None for the leader's actions."""
        if self.actor != "player":
            return None
        from rigs_helper.rules.records import fields

        return fields(self.operation_class())[0]

    def privacy(self) -> dict[str, str]:
        """The operation's private fields, each with who may see it, in the operation's
        field names: ``""`` nobody, ``"="`` each value's own player, else the fields
        (space-separated) naming the players who may (the acting player's:
        :meth:`actor_field`)."""
        def field(word: str) -> str:
            q = self.param(word)
            return (self.actor_field() or "name") if word == "owner" else \
                (q.field or q.name) if q else word

        return {p.field or p.name: _SPEC[p.private] if p.private in _SPEC
                else " ".join(field(w) for w in p.private.split())
                for p in self.params if p.private and p.field is not None}

    def public_values(self) -> dict[str, tuple[str, ...]]:
        """The values of the operation's private fields that anyone may see, by field
        (any case: the field's value is compared lowered and stripped)."""
        return {p.field or p.name: p.public for p in self.params
                if p.private and p.public and p.field is not None}

    def page_params(self) -> tuple[ParamDef, ...]:
        return tuple(p for p in self.params if p.page)

    def operation_class(self) -> type:
        """The operation class this action builds (its module imported now)."""
        cls: type | None = self._reading["class"]
        if cls is None:
            cls = self._reading["class"] = loaded(self.op(), self.path, self)
        return cls

    @property
    def _reading(self) -> dict:
        """What reading words needs, worked out once: the parameters by name, the names
        each path takes, the required ones, the defaults, how a refusal names each."""
        done = _READING.get(self.path)
        if done is None:
            done = _READING[self.path] = self._worked_out()
        return done

    def _worked_out(self) -> dict:
        def required(p: ParamDef, page: bool) -> bool:
            return not p.optional or (page and (p.page_required or p.counted))

        return {
            "by_name": {p.name: p for p in self.params},
            "keyed": frozenset(p.name for p in self.params if p.keyed),
            "names": (frozenset(p.name for p in self.params),
                      frozenset(p.name for p in self.params if p.page)),
            "required": (tuple(p for p in self.params if required(p, False)),
                         tuple(p for p in self.params if p.page and required(p, True))),
            "defaults": {p.name: () if p.many and p.default is None else p.default
                         for p in self.params},
            # named as the person wrote it: the CLI's option, or the form's field
            "said": ({p.name: f"{self.path}: " + (p.cli.split()[0] if p.cli.startswith("-")
                                                  and "=" not in p.cli else p.name)
                      for p in self.params},
                     {p.name: f"{self.path}: {p.name}" for p in self.params}),
            # each parameter's reader (a count bounded below is read as a number first)
            "readers": {p.name: KINDS["number" if p.kind == "count" and p.min is not None
                                      else p.kind] for p in self.params},
            "class": None,
        }


#: the definition's words for who may see a private value -> the operation's (``privacy``)
_SPEC = {"each": "=", "nobody": ""}

#: each operation class loaded so far -> (its action's name, its definition (None: not a
#: person's action), the fields that mark it in the log): filled by :func:`loaded`
LOADED: dict[type, tuple[str, ActionDef | None, dict[str, Any]]] = {}


def loaded(cls: type, name: str, d: ActionDef | None, marks: dict[str, Any] | None = None
           ) -> type:
    """``cls``, known from now on as the operation of the action ``name`` (the log's name,
    its definition, and the fields that tell it apart from another class of that name)."""
    LOADED[cls] = (name, d, marks or {})
    return cls


class Registry(NamedTuple):
    """The game's registration (``games/rigs/actions/catalog.py``, which this package imports
    first): the rules reach the operations through it, so that no module they import
    imports the catalog back."""

    definition: Callable[[str], ActionDef]  # the definition of an action (InputError)
    named: Callable[[str], list[tuple[type, dict[str, Any]]]]  # the classes logged as an
    # action's name, each with the fields that mark it (or the class an older file's
    # class name is now, with the fields it stood for)
    everything: Callable[[], dict[str, type]]  # every operation class by class name,
    # each loaded
    find: Callable[[type], None]  # load what makes an operation class known (made
    # directly, not through its definition)


#: the registered game (R.I.G.S.: ``games/rigs/actions/catalog.py``)
REGISTRY: list[Registry] = []


def registry() -> Registry:
    return REGISTRY[0]


def unit_of(cls: type) -> tuple[str, ActionDef | None, dict[str, Any]]:
    """(the action's name, its definition (None: no person's action), the fields that
    mark it in the log) of an operation class."""
    found = LOADED.get(cls) or _SUBCLASSES.get(cls)
    if found is None:
        registry().find(cls)
        # a subclass of an action's operation is logged as that action (a Karma play of
        # one family: its class is the family's, its action "karma play")
        found = next((LOADED[c] for c in cls.__mro__ if c in LOADED),
                     (cls.__name__, None, {}))
        if found[1] is not None:
            _SUBCLASSES[cls] = found
    return found


#: :func:`unit_of` of the subclasses of a loaded operation class, once found
_SUBCLASSES: dict[type, tuple[str, ActionDef | None, dict[str, Any]]] = {}


_READING: dict[str, dict] = {}  # each definition's ``_reading``, by its path


def _given(value: object, page: bool) -> list:
    """A parameter's words as a list; None is not given, nor on a page is an empty or
    blank field (a form sends every field; the CLI's ``--card ''`` is a word, refused)."""
    if value is None or value is False:
        return []
    vals = list(value) if isinstance(value, (list, tuple)) else [value]
    if not page:
        return vals
    return [v for v in vals if not (isinstance(v, str) and (not v or v.isspace()))]


def read_values(d: ActionDef, words: Mapping[str, object], page: bool) -> dict:
    """Each parameter's value read by its kind: a value, a tuple for ``many``, or its
    default when not given (as is every parameter a page may not give, on a page).
    InputError (one line) for a word that is not of its kind, a missing or repeated one,
    or a parameter the action (or a page) does not take."""
    r = d._reading
    allowed, said = r["names"][page], r["said"][page]
    given: dict[str, list] = {}
    for k, v in words.items():
        vals = _given(v, page)
        if vals:
            base, colon, key = k.partition(":")
            if colon and key and base in r["keyed"] and base in allowed:  # NAME:KEY
                vals, k = [f"{key}={x}" for x in vals], base
            elif k not in allowed:
                raise InputError(f"{d.path}: {k} is not used by this action; leave it out")
            given[k] = given.get(k, []) + vals
    for p in r["required"][page]:
        if p.name not in given:
            raise InputError(f"{said[p.name]} is missing")
    out = dict(r["defaults"])
    for k, vals in given.items():
        p, what = r["by_name"][k], said[k]
        if not p.many and len(vals) > 1:
            raise InputError(f"{what} is given {len(vals)} times (once)")
        reader = r["readers"][k]
        typed = [reader(v, what) for v in vals]
        if p.min is not None:
            for v in typed:
                if isinstance(v, int) and v < p.min:
                    raise InputError(f"{what} must be {p.min} or more, not {v}")
        out[k] = tuple(typed) if p.many else typed[0]
    return out


def build(d: ActionDef, actor: str | None, words: Mapping[str, object], page: bool = False,
          game=None):
    """The operation ``d`` builds from ``words`` (parameter name -> a word, a list of
    words, or None), acting as ``actor``.  ``page``: a page's form (only its parameters;
    with ``game``, the page's player must be the one who acts).  The rules are not checked
    here: the operation's ``check`` does that."""
    if page and game is not None and d.actor == "leader" and actor != game.leader:
        raise InputError(f"{d.path}: that is the leader's ({game.leader}) to do")
    values = read_values(d, words, page)
    if page and d.page_one_of and sum(len(values[k]) for k in d.page_one_of) != 1:
        raise InputError(f"{d.path}: give one of " + " or ".join(d.page_one_of))
    cls: Any = d.operation_class()
    if d.make is not None:
        return d.make(cls, actor, values)
    kwargs = {(p.field or p.name): values[p.name] for p in d.params
              if p.field is not None and p.name in values}
    return cls(actor, **kwargs) if d.actor == "player" else cls(**kwargs)


def build_several(d: ActionDef, actions: list[tuple[str | None, Mapping[str, object]]]):
    """One operation of several of ``d``'s actions given in one command (``d.several``:
    ``sell Ana 2 Bo all``): each (actor, words) is read as a page's form is read
    (:func:`build`), and the first operation keeps the others' values (the fields that
    ``several`` names: the actor's, then each parameter's) in its ``more``."""
    from dataclasses import fields, replace

    ops = [build(d, actor, words) for actor, words in actions]
    if len(ops) == 1:
        return ops[0]
    actor = fields(ops[0])[0].name
    names = [actor if w == "player" else (p.field or p.name) if (p := d.param(w)) else w
             for w in d.several_names()]
    return replace(ops[0], more=tuple(tuple(getattr(o, f) for f in names) for o in ops[1:]))




def item_words(items, prefix: str = "", plots: bool = True) -> dict[str, list[str]]:
    """The CLI's items (``credits=10``, ``supply=2``, ``P7``; several in one word,
    comma-separated) as the words of an action's parameters: ``{"credits": ["10"],
    "supplies": ["2"], "plot": ["P7"]}``, each name with ``prefix`` (``for_``: what comes
    back).  The numbers are read by the action's definition, as a page's fields are."""
    from rigs_helper.games.rigs.words import good, pair

    out: dict[str, list[str]] = {}
    for x in (x for item in items for x in item.split(",")):
        if not x.strip():
            raise InputError(("an empty deal item: each item names something that moves "
                              "(credits=10, metal=2, P7)") if plots else
                             "an empty item: write RESOURCE=N, e.g. energy=2")
        if x.startswith("-"):
            raise InputError(f"no such option: {x}" + (" (a deal takes items, then --for "
                                                        "and what comes back)" if plots else ""))
        shape = "GOOD=N (credits=10) or a plot id" if plots else "RESOURCE=N, e.g. energy=2"
        if ("=" not in x and not plots) or x.startswith("=") or x.endswith("="):
            raise InputError(f"{x!r}: write {shape}")
        if "=" in x:
            key, n = pair(x, "an item")
            out.setdefault(prefix + good(key, repr(x)), []).append(n)
        else:
            out.setdefault(prefix + "plot", []).append(x)
    return out


__all__ = ["LOADED", "NUMBER_KINDS", "REGISTRY", "ActionDef", "Legal", "ParamDef",
           "Registry", "build", "build_several", "item_words", "loaded", "read_values",
           "registry", "unit_of"]
