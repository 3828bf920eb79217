"""Walking the rules' records generically.  No I/O.

The game state, the operations and the rules' other records are plain standard library
dataclasses: ``@dataclass(frozen=True, slots=True)`` (an operation is ``@dataclass(
frozen=True)`` without slots: see :class:`rigs_helper.rules.engine.Op`).  Equality, hash,
``repr``, copying and pickling are the standard library's.  This module walks any record:
:func:`is_record` and :func:`fields` (the names, in order).
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

_C = TypeVar("_C", bound=type)


class Frozen:
    """(Kept for branches written before the records became plain dataclasses: an empty
    base; new records derive from nothing.)"""

    __slots__ = ()


@overload
def record(cls: _C, /) -> _C: ...
@overload
def record(*, slots: bool = True) -> Callable[[_C], _C]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,
                                                            dataclasses.Field))
def record(cls: Any = None, /, *, slots: bool = True) -> Any:
    """(Kept for branches written before the records became plain dataclasses:
    ``@dataclass(frozen=True, slots=slots)``; new code writes that.)"""

    def wrap(c: Any) -> Any:
        return dataclasses.dataclass(c, frozen=True, slots=slots)

    return wrap if cls is None else wrap(cls)


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


__all__ = ["FrozenInstanceError", "dataclass", "field", "fields", "is_record", "replace"]
