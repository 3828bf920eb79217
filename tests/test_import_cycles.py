"""No import cycle anywhere in the package: every module's imports (lazy ones inside
functions included, as ``tests/test_layers.py`` reads them) form a graph with no loop."""

from __future__ import annotations

import ast
from pathlib import Path

from sourcetree import parsed

PKG = Path(__file__).resolve().parents[1] / "rigs_helper"


def module_name(path: Path, root: Path = PKG) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def edges(path: Path, modules: set[str]) -> set[str]:
    """The package's own modules that ``path`` imports, at any depth."""
    tree = parsed(path)  # (parsed once per process: test_layers.py reads the same files)
    out: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # `from pkg import sub` imports the submodule when there is one
            subs = [f"{node.module}.{a.name}" for a in node.names]
            names = [s for s in subs if s in modules] or [node.module]
        out |= {n for n in names if n in modules}
    return out


def graph(root: Path = PKG) -> dict[str, set[str]]:
    files = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    return {m: edges(p, set(files)) - {m} for m, p in files.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_in_the_package():
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_cycle_through_a_lazy_import(tmp_path):
    pkg = tmp_path / "rigs_helper"
    (pkg / "rules").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "rules" / "__init__.py").write_text("")
    (pkg / "rules" / "a.py").write_text("from rigs_helper.rules.b import f\n")
    (pkg / "rules" / "b.py").write_text("def f():\n    from rigs_helper.rules import c\n")
    (pkg / "rules" / "c.py").write_text("import rigs_helper.rules.a\n")
    (pkg / "rules" / "d.py").write_text("from rigs_helper.rules.a import x\n")
    assert cycles(graph(pkg)) == [["rigs_helper.rules.a", "rigs_helper.rules.b",
                                   "rigs_helper.rules.c"]]
