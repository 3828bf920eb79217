"""Any record (a standard library dataclass) as plain data and back.  No I/O.

The game state and the operations are ordinary ``dataclasses``: write ``from dataclasses
import dataclass, field, replace`` and ``@dataclass(frozen=True, slots=True)`` (plain
``frozen=True`` for an operation: see :class:`rigs_helper.rules.engine.Op`).  This module
only walks records generically: :func:`is_record`, :func:`fields` (the names) and
:func:`to_data` / :func:`from_data`, built on ``dataclasses.fields``.
"""

from __future__ import annotations

import dataclasses
from importlib import import_module
from types import MappingProxyType
from typing import Any

# Kept importable from here for code written against the records this module once defined;
# they are the standard library's own.
from dataclasses import dataclass, field, replace

FrozenInstanceError = dataclasses.FrozenInstanceError

#: a record class's field names, in order (looked up once per class)
_NAMES: dict[type, tuple[str, ...]] = {}


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


def to_data(x: Any) -> Any:
    """A value made of records, tuples, lists, dicts and read-only mappings as plain data
    (lists, dicts, strings, numbers) that ``marshal`` can keep, each container tagged by
    its kind; :func:`from_data` makes the same value back."""
    t = type(x)
    if t in (str, int, bool, float) or x is None:
        return x
    if hasattr(t, "__dataclass_fields__"):
        return ["R", f"{t.__module__}:{t.__qualname__}",
                [to_data(getattr(x, n)) for n in fields(t)]]
    if t is tuple:
        return ["T", [to_data(v) for v in x]]
    if t is list:
        return ["L", [to_data(v) for v in x]]
    if t is dict:
        return ["D", {k: to_data(v) for k, v in x.items()}]
    if t is MappingProxyType:
        return ["M", {k: to_data(v) for k, v in x.items()}]
    raise TypeError(f"to_data: {t.__name__} is not kept")


def _record_class(name: str) -> type:
    """The record class ``module:qualname`` of rigs_helper (KeyError when there is none:
    data never names a module to import from outside the package)."""
    module, _, qualname = name.partition(":")
    if not module.startswith("rigs_helper."):
        raise KeyError(name)
    try:
        obj: Any = import_module(module)
    except ImportError:
        raise KeyError(name) from None
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            raise KeyError(name)
    if not (isinstance(obj, type) and dataclasses.is_dataclass(obj)):
        raise KeyError(name)
    return obj


def from_data(d: Any) -> Any:
    """The value :func:`to_data` was given.  Records are made without ``__post_init__``
    (their values passed it when first made); data of another shape raises TypeError,
    ValueError or KeyError."""
    if type(d) is not list:
        return d
    tag, body = d[0], d[-1]
    if tag == "R":
        cls = _record_class(d[1])
        names = fields(cls)
        if len(body) != len(names):
            raise ValueError(f"from_data: {cls.__name__} takes {len(names)} fields")
        obj: Any = object.__new__(cls)
        for name, value in zip(names, body):
            object.__setattr__(obj, name, from_data(value))
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
