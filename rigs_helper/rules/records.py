"""Frozen records that cost nothing to define: the ``dataclass(frozen=True)`` the game state
and the operations use, without the standard library's code generation.  No I/O.

Every command defines the state's records and the operations it imports at start-up, and
``dataclasses`` compiles six or so generated functions per class (about a millisecond a
class).  A record here is defined by its annotations alone, as a dataclass is, and behaves
the same way where the project relies on it: keyword or positional construction with
defaults (``field(default_factory=...)`` made anew for each record), ``__post_init__``,
equality and hashing by value, a readable repr, no attribute assignment, and
:func:`replace` / :func:`fields`.  Values live in the instance's ``__dict__``; a default
not given stays on the class until :func:`replace` or a read needs it.

Write ``from rigs_helper.rules.records import dataclass, field, replace`` and keep the
usual ``@dataclass(frozen=True)``.  Only frozen records exist: ``frozen=True`` is required.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable


#: every record class, by module and name (:func:`from_data` finds a class here)
_CLASSES: dict[str, type] = {}


class FrozenInstanceError(AttributeError):
    """A field of a frozen record was assigned."""


class _Factory:
    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default: Any = None, default_factory: Callable[[], Any] | None = None) -> Any:
    """A field's default: ``default_factory`` is called for each new record."""
    return _Factory(default_factory) if default_factory is not None else default


class _DataclassFields:
    """``__dataclass_fields__`` made on first use, so the standard library's ``replace``,
    ``fields`` and ``is_dataclass`` accept a record too (tests and older code use them);
    nothing is built, and ``dataclasses`` is not imported, unless they are called."""

    def __get__(self, obj: Any, cls: type) -> dict:
        import dataclasses

        out = {}
        for name in cls.__record_fields__:
            f = dataclasses.field()
            f.name = name
            f._field_type = dataclasses._FIELD  # a plain field, as dataclasses marks it
            out[name] = f
        return out


def _frozen(self, name: str, value: Any = None) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r} of a frozen "
                              f"{type(self).__name__}")


def _init(self, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    names = cls.__record_fields__
    if len(args) > len(names):
        raise TypeError(f"{cls.__name__}() takes {len(names)} fields, {len(args)} given")
    d = self.__dict__
    if args:
        d.update(zip(names, args))
    for k, v in kwargs.items():
        if k in d or k not in cls.__record_index__:
            raise TypeError(f"{cls.__name__}() got a bad or repeated field {k!r}")
        d[k] = v
    if len(d) < len(names):
        for name in cls.__record_required__:
            if name not in d:
                raise TypeError(f"{cls.__name__}() is missing the field {name!r}")
        for name, make in cls.__record_factories__:
            if name not in d:
                d[name] = make()
    post = getattr(self, "__post_init__", None)
    if post is not None:
        post()


def _values(self) -> tuple:
    return tuple(getattr(self, name) for name in type(self).__record_fields__)


def _eq(self, other: object) -> bool:
    if type(other) is not type(self):
        return NotImplemented
    return _values(self) == _values(other)


def _hash(self) -> int:
    return hash(_values(self))


def _repr(self) -> str:
    inner = ", ".join(f"{name}={getattr(self, name)!r}"
                      for name in type(self).__record_fields__)
    return f"{type(self).__name__}({inner})"


def _own_fields(cls: type) -> list[str]:
    """The class's own annotated names, in order, but class variables."""
    return [name for name, kind in cls.__dict__.get("__annotations__", {}).items()
            if not str(kind).startswith(("ClassVar", "typing.ClassVar"))]


def _make(cls: type) -> type:
    names: list[str] = []
    for base in reversed(cls.__mro__[1:]):
        for name in base.__dict__.get("__record_fields__", ()):
            if name not in names:
                names.append(name)
    for name in _own_fields(cls):
        if name not in names:
            names.append(name)
    required, factories = [], []
    for name in names:
        if not hasattr(cls, name):
            required.append(name)
            continue
        default = getattr(cls, name)
        if isinstance(default, _Factory):
            factories.append((name, default.make))
            delattr(cls, name)  # made anew for each record
    cls.__record_fields__ = tuple(names)
    cls.__record_index__ = frozenset(names)
    cls.__record_required__ = tuple(required)
    cls.__record_factories__ = tuple(factories)
    cls.__init__ = _init
    cls.__eq__ = _eq
    cls.__hash__ = _hash
    if "__repr__" not in cls.__dict__:
        cls.__repr__ = _repr
    cls.__setattr__ = _frozen
    cls.__delattr__ = _frozen
    cls.__dataclass_fields__ = _DataclassFields()
    _CLASSES[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return cls


def dataclass(cls: type | None = None, *, frozen: bool = False):
    """``@dataclass(frozen=True)``: make ``cls`` a frozen record (see the module's text)."""
    if not frozen:
        raise TypeError("records are frozen: write @dataclass(frozen=True)")
    return _make if cls is None else _make(cls)


def is_record(obj: Any) -> bool:
    """A record, or a standard library dataclass instance."""
    return hasattr(type(obj), "__record_fields__") or hasattr(type(obj), "__dataclass_fields__")


def fields(obj: Any) -> tuple[str, ...]:
    """The names of the fields of a record (or of a standard library dataclass), in order."""
    cls = obj if isinstance(obj, type) else type(obj)
    names = getattr(cls, "__record_fields__", None)
    if names is None:
        import dataclasses

        names = tuple(f.name for f in dataclasses.fields(cls))
    return names


def replace(obj: Any, /, **changes: Any) -> Any:
    """A copy of the record ``obj`` with ``changes``; ``__post_init__`` runs again."""
    cls = type(obj)
    index = getattr(cls, "__record_index__", None)
    if index is None:  # a standard library dataclass
        import dataclasses

        return dataclasses.replace(obj, **changes)
    for k in changes:
        if k not in index:
            raise TypeError(f"{cls.__name__} has no field {k!r}")
    new = object.__new__(cls)
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    post = getattr(new, "__post_init__", None)
    if post is not None:
        post()
    return new


def to_data(x: Any) -> Any:
    """A value made of records, tuples, lists, dicts and read-only mappings as plain data
    (lists, dicts, strings, numbers) that ``marshal`` can keep, each container tagged by
    its kind; :func:`from_data` makes the same value back."""
    t = type(x)
    if t in (str, int, bool, float) or x is None:
        return x
    names = getattr(t, "__record_fields__", None)
    if names is not None:
        return ["R", f"{t.__module__}.{t.__qualname__}",
                [to_data(getattr(x, n)) for n in names]]
    if t is tuple:
        return ["T", [to_data(v) for v in x]]
    if t is list:
        return ["L", [to_data(v) for v in x]]
    if t is dict:
        return ["D", {k: to_data(v) for k, v in x.items()}]
    if t is MappingProxyType:
        return ["M", {k: to_data(v) for k, v in x.items()}]
    raise TypeError(f"to_data: {t.__name__} is not kept")


def from_data(d: Any) -> Any:
    """The value :func:`to_data` was given.  Records are made without ``__post_init__``
    (their values passed it when first made); data of another shape raises TypeError,
    ValueError or KeyError."""
    if type(d) is not list:
        return d
    tag, body = d[0], d[-1]
    if tag == "R":
        cls = _CLASSES[d[1]]
        names = cls.__record_fields__
        if len(body) != len(names):
            raise ValueError(f"from_data: {cls.__name__} takes {len(names)} fields")
        obj = object.__new__(cls)
        obj.__dict__.update(zip(names, [from_data(v) for v in body]))
        return obj
    if tag == "T":
        return tuple([from_data(v) for v in body])
    if tag == "L":
        return [from_data(v) for v in body]
    if tag == "D":
        return {k: from_data(v) for k, v in body.items()}
    if tag == "M":
        return MappingProxyType({k: from_data(v) for k, v in body.items()})
    raise ValueError(f"from_data: unknown tag {tag!r}")


__all__ = ["FrozenInstanceError", "dataclass", "field", "fields", "from_data", "is_record",
           "replace", "to_data"]
