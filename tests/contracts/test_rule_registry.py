"""The rule registry is explicit imports (issue 50, as yamllint's rule table): rules/__init__.py
imports every rule module by name and lists it, so import-linter and mypy see each one (mypy
checks every listed module against rules.base.Rule). A rule file left out of the list, or a
registry that goes back to loading its folder by name, fails here."""

from __future__ import annotations

import ast
from pathlib import Path

from duepa_check import rules
from duepa_check.rules import RULES

FOLDER = Path(rules.__file__).parent


def rule_files() -> set[str]:
    return {path.stem for path in FOLDER.glob("*.py") if not path.name.startswith("_") and path.stem != "base"}


def test_every_rule_file_is_in_the_registry():
    listed = {module.__name__.rsplit(".", 1)[1] for module in RULES.values()}
    assert listed == rule_files()
    assert len(RULES) == len(rule_files())  # no two modules share an id


def test_the_registry_imports_each_rule_by_name_and_loads_none_by_a_string():
    tree = ast.parse((FOLDER / "__init__.py").read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None
        for alias in node.names
    }
    assert imported == rule_files()
    assert "import_module" not in ast.dump(tree)
    assert "listdir" not in ast.dump(tree)
