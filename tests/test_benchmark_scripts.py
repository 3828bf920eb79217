"""Each benchmark script is still a program: it parses, and runs something when called
(a script reduced to its docstring by a careless edit printed nothing and exited 0)."""

import ast
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(p.name for p in BENCH.glob("*.py") if p.name not in ("timing.py", "players.py",
                                                                  "outsiders.py"))


def _runs_when_called(tree: ast.Module) -> bool:
    return any(isinstance(n, ast.If) and "__main__" in ast.unparse(n.test) and n.body
               for n in tree.body)


@pytest.mark.parametrize("script", SCRIPTS)
def test_benchmark_script_is_a_program_that_runs_when_called(script):
    tree = ast.parse((BENCH / script).read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"{script}: says what it measures"
    assert _runs_when_called(tree), f"{script}: nothing runs under __main__"
    assert any(isinstance(n, ast.FunctionDef) for n in tree.body), script


def test_a_docstring_alone_is_not_a_program():
    assert not _runs_when_called(ast.parse('"""Measured: 84 games."""\n'))
