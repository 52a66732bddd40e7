"""The package's layers hold: import-linter's contracts in pyproject.toml ([tool.importlinter]).

A module may import from its own layer and the layers below it, never above (function-level and
TYPE_CHECKING imports count too), and no two modules import each other, even through others. A
rule that imports the checker, a renderer the CLI, or the checker a renderer fails here. Every
module must be in a layer ("exhaustive"): CONTRIBUTING.md says where a new one goes.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "duepa_check"
LARGE = 500  # lines: a module over this does more than one job (the message catalogues aside)


def test_the_import_contracts_are_kept():
    cli = pytest.importorskip("importlinter.cli")
    said = io.StringIO()
    with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        code = cli.lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    assert code == 0, said.getvalue()


def test_no_module_does_several_jobs():
    """No module of the package over 500 lines, the two message catalogues aside."""
    large = {
        str(path.relative_to(ROOT)): lines
        for path in PACKAGE.rglob("*.py")
        if path.parent.name != "messages" and (lines := len(path.read_text(encoding="utf-8").splitlines())) > LARGE
    }
    assert not large, f"split by concern (see CONTRIBUTING.md): {large}"


def test_no_tool_does_several_jobs():
    """The same cap over tools/ (the card build is a package, one module per source)."""
    large = {
        str(path.relative_to(ROOT)): lines
        for path in (ROOT / "tools").rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LARGE
    }
    assert not large, f"split by concern (see CONTRIBUTING.md): {large}"


def test_no_benchmark_does_several_jobs():
    """No file of benchmarks/ over 500 lines either (issue 35's cap)."""
    large = {
        path.name: lines
        for path in (ROOT / "benchmarks").glob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LARGE
    }
    assert not large, f"split by concern: {large}"
