"""The reading layer has no hidden loop (issue 50): the parsers import the decklist model
(reading/model.py) and the text helpers (reading/decode.py), never the dispatcher
(reading/decklist.py), which names each parser by an import, not by a string that import_module
loads, so import-linter and the layer contract see every dependency; and one deck's run never
goes back into a reading module it left (benchmarks/trip.py).
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

import duepa_check
from duepa_check.reading import decklist

PACKAGE = Path(duepa_check.__file__).parent
READING = PACKAGE / "reading"
ROOT = PACKAGE.parent
# import_module loads a module named at run time in one place: the language catalogues (only the
# one a run speaks is imported). The rule registry imports each rule by name (test_rule_registry.py).
IMPORT_MODULE_HOMES = {"messages/__init__.py"}


def sibling_imports(path: Path) -> set[str]:
    """The reading modules a reading module imports, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        elif (
            isinstance(node, ast.ImportFrom)
            and node.level == 0
            and (node.module or "").startswith("duepa_check.reading.")
        ):
            found.add(node.module.split(".")[2])
    return found


def reached_from(start: set[str]) -> set[str]:
    graph = {path.stem: sibling_imports(path) for path in READING.glob("*.py")}
    seen, waiting = set(), list(start)
    while waiting:
        module = waiting.pop()
        if module not in seen:
            seen.add(module)
            waiting.extend(graph.get(module, ()))
    return seen


def test_the_parsers_are_named_by_imports():
    parsers = {function.__module__ for function in decklist.PARSERS.values()}
    assert parsers == {"duepa_check.reading.text", "duepa_check.reading.tables", "duepa_check.reading.structured"}


def test_no_parser_reaches_the_dispatcher():
    modules = {function.__module__.rsplit(".", 1)[1] for function in decklist.PARSERS.values()}
    reached = reached_from(modules)
    assert "model" in reached and "decode" in reached
    assert "decklist" not in reached, "a parser imports reading/decklist.py: import reading/model.py instead"


def test_import_module_only_where_a_module_is_named_at_run_time():
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(
            isinstance(node, ast.Name | ast.Attribute | ast.alias) and "import_module" in ast.dump(node)
            for node in ast.walk(tree)
        ):
            found.add(path.relative_to(PACKAGE).as_posix())
    assert found <= IMPORT_MODULE_HOMES, found - IMPORT_MODULE_HOMES


def test_one_decks_trip_never_goes_back_into_a_reading_module():
    spec = importlib.util.spec_from_file_location("bench_trip_model", ROOT / "benchmarks" / "trip.py")
    trip = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = trip  # its dataclasses look their module up
    spec.loader.exec_module(trip)
    found, code = trip.follow(str(ROOT / "tests" / "fixtures" / "decks" / "DM23-BD4.txt"))
    assert code == 0
    reading = "duepa_check.reading."
    back = [(a, b) for a, b in found.hops_back if a.startswith(reading) and b.startswith(reading)]
    assert back == []
