"""The rules' records, and any record (a standard library dataclass) as plain data and
back.  No I/O.

The game state and the operations are standard library dataclasses made by :func:`record`
(``dataclasses.dataclass`` with ``slots=True``; ``record(slots=False)`` for an operation:
see :class:`rigs_helper.rules.engine.Op`), each deriving from :class:`Frozen`::

    from dataclasses import field, replace
    from rigs_helper.rules.records import Frozen, record

    @record
    class Plot(Frozen):
        id: str
        ...

``dataclasses.fields``, ``dataclasses.replace`` and ``dataclasses.is_dataclass`` work on
them as on any dataclass, and a type checker reads them as frozen dataclasses
(``typing.dataclass_transform``): the constructor's arguments are checked, an assignment
to a field is an error.  This module also walks records generically: :func:`is_record`
and :func:`fields` (the names).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform, overload

# Kept importable from here for code written against the records this module once defined;
# they are the standard library's own.
from dataclasses import dataclass, field, replace

FrozenInstanceError = dataclasses.FrozenInstanceError

#: a record class's field names, in order (looked up once per class)
_NAMES: dict[type, tuple[str, ...]] = {}
#: a record class's constructor: (name, default, default factory) of each field, and
#: whether it has a ``__post_init__`` (looked up once per class)
_INIT: dict[type, tuple[tuple[tuple[str, Any, Any], ...], bool]] = {}
_MISSING = dataclasses.MISSING

_C = TypeVar("_C", bound=type)


@overload
def record(cls: _C, /) -> _C: ...
@overload
def record(*, slots: bool = True) -> Callable[[_C], _C]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,
                                                            dataclasses.Field))
def record(cls: Any = None, /, *, slots: bool = True) -> Any:
    """A frozen record: ``dataclasses.dataclass(cls, slots=slots)`` whose constructor,
    equality, hash, ``repr`` and refusal to change a field are :class:`Frozen`'s, written
    once, instead of methods generated for each class.

    Why: the ``dataclass`` decorator writes each method it makes as Python source and
    compiles it when the module is imported (Python 3.11-3.13): about 3.5 M CPU
    instructions for each frozen class, the 11 records `rigs status` loads 40 M of its
    116 M above Typer's import, and each operation a command or a replay imports as much
    again (callgrind; docs/machinery.md).  A program that runs once per command pays it
    every time, for methods most commands never call."""

    def wrap(c: Any) -> Any:
        if not issubclass(c, Frozen):
            raise TypeError(f"record {c.__name__} must derive from Frozen")
        return dataclasses.dataclass(c, init=False, repr=False, eq=False, slots=slots)

    return wrap if cls is None else wrap(cls)


def _init_of(cls: type) -> tuple[tuple[tuple[str, Any, Any], ...], bool]:
    spec = _INIT[cls] = (tuple((f.name, f.default, f.default_factory)
                               for f in dataclasses.fields(cls) if f.init),
                         hasattr(cls, "__post_init__"))
    return spec


class Frozen:
    """Base of the rules' records (:func:`record`): the constructor (each field
    positional or by name, its default or its default factory, then ``__post_init__``),
    equality and hash over the fields, ``repr``, and ``dataclasses.FrozenInstanceError``
    for an assignment, as ``@dataclass(frozen=True)`` makes them."""

    __slots__ = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        cls = type(self)
        spec, post = _INIT.get(cls) or _init_of(cls)
        if len(args) > len(spec):
            raise TypeError(f"{cls.__name__}() takes {len(spec)} arguments but "
                            f"{len(args)} were given")
        put = object.__setattr__
        for i, (name, default, factory) in enumerate(spec):
            if i < len(args):
                if name in kwargs:
                    raise TypeError(f"{cls.__name__}() got multiple values for {name!r}")
                value = args[i]
            elif name in kwargs:
                value = kwargs.pop(name)
            elif default is not _MISSING:
                value = default
            elif factory is not _MISSING:
                value = factory()
            else:
                raise TypeError(f"{cls.__name__}() missing argument {name!r}")
            put(self, name, value)
        if kwargs:
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument "
                            f"{next(iter(kwargs))!r}")
        if post:
            self.__post_init__()  # type: ignore[attr-defined]

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._values())  # copy and pickle: made again from the fields

    def _values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, n) for n in fields(self)])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in fields(self))
        return f"{type(self).__qualname__}({inner})"


def is_record(obj: Any) -> bool:
    """A record (a dataclass instance, not a dataclass class)."""
    return hasattr(type(obj), "__dataclass_fields__")


def fields(obj: Any) -> tuple[str, ...]:
    """The names of the fields of a record or record class, in order."""
    cls = obj if isinstance(obj, type) else type(obj)
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


__all__ = ["Frozen", "FrozenInstanceError", "dataclass", "field", "fields", "is_record",
           "record", "replace"]
