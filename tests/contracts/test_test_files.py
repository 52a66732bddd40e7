"""The tests' own house rules (CONTRIBUTING.md): a test file imports no other test file (shared
helpers live in support modules, fixtures in conftest.py), and no test reaches a private name of
the package (a tested seam is public, or the test goes through a public function or main(argv)).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _imports_of_test_files(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        modules = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module]
        found += [module for module in modules if any(part.startswith("test_") for part in module.split("."))]
    return found


def _private_names_reached(tree: ast.AST) -> list[str]:
    """Private names imported from the package, or read as attributes of a package module or
    object imported by name (``config._find``); NamedTuple's ``_replace`` and ``_fields`` are public."""
    bound: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("duepa_check"):
            bound.update(alias.asname or alias.name for alias in node.names)
            found += [f"{node.module}.{alias.name}" for alias in node.names if _private(alias.name)]
        elif isinstance(node, ast.Import):
            bound.update(
                (alias.asname or alias.name).split(".")[0]
                for alias in node.names
                if alias.name.startswith("duepa_check")
            )
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and node.attr not in ("_replace", "_fields", "_asdict")
        ):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in bound:
                found.append(ast.unparse(node))
        if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("setattr") and node.args:
            target = node.args[0]
            if (
                isinstance(target, ast.Constant)
                and isinstance(target.value, str)
                and target.value.startswith("duepa_check")
            ):
                found += [target.value] if any(_private(part) for part in target.value.split(".")) else []
    return found


def _trees() -> dict[str, ast.AST]:
    return {
        str(path.relative_to(TESTS)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(TESTS.rglob("*.py"))
    }


def test_no_test_file_imports_another():
    found = {path: names for path, tree in _trees().items() if (names := _imports_of_test_files(tree))}
    assert found == {}, "move what they share into a support module (tests/support.py or beside the tests)"


def test_no_test_reaches_a_private_name_of_the_package():
    found = {path: names for path, tree in _trees().items() if (names := _private_names_reached(tree))}
    assert found == {}, "make the seam public (with a docstring saying why), or test through a public function"


def test_the_checks_find_what_they_look_for():
    code = ast.parse(
        "import test_other\nfrom update.test_update import x\nfrom duepa_check.data import config, _hidden\n"
        "from duepa_check.reading import decklist as d\nconfig._find.cache_clear()\nd._suffix('a')\n"
        "d.entry._replace(name='x')\nmonkeypatch.setattr('duepa_check.reading.decklist._STDIN', [])\n"
    )
    assert _imports_of_test_files(code) == ["test_other", "update.test_update"]
    assert sorted(_private_names_reached(code)) == sorted(
        [
            "duepa_check.data._hidden",
            "config._find",
            "d._suffix",
            "duepa_check.reading.decklist._STDIN",
        ]
    )
