"""The package's source files parsed once per process (not a test module): the layer, cycle
and record checks (tests/test_layers.py, test_import_cycles.py) read the same files, and a
parse of every module is most of their time."""

from __future__ import annotations

import ast
import functools
from pathlib import Path


@functools.lru_cache(maxsize=None)
def parsed(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once in this process (read only: shared)."""
    return ast.parse(path.read_text(encoding="utf-8"), str(path))
