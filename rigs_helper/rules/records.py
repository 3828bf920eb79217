"""Walking the rules' records generically.  No I/O.

The game state, the operations and the rules' other records are plain standard library
dataclasses: ``@dataclass(frozen=True, slots=True)`` (but a waiting Karma play: see
:class:`rigs_helper.games.rigs.engine.Op`).  Equality, hash, ``repr``, copying and pickling
are the standard library's.  This module walks any record: :func:`is_record`,
:func:`fields` (the names, in order) and :func:`defaults` (a slotted class holds no
field's default as a class attribute).
"""

from __future__ import annotations

import dataclasses
from typing import Any

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


#: a record class's fields with a default, each with its default
_DEFAULTS: dict[type, dict[str, Any]] = {}


def defaults(cls: type) -> dict[str, Any]:
    """The fields of the record class ``cls`` that have a default value, each with it (not
    those made by a ``default_factory``)."""
    out = _DEFAULTS.get(cls)
    if out is None:
        out = _DEFAULTS[cls] = {f.name: f.default for f in dataclasses.fields(cls)
                                if f.default is not dataclasses.MISSING}
    return out


__all__ = ["defaults", "fields", "is_record"]
