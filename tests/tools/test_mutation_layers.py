"""tools/mutation_test.py --layer: each layer names modules mutmut mutates and tests mutmut runs (issue 49).

A layer runs its modules' mutants with its tests only (docs/development.md, "Mutation testing"). A
module renamed or a test file moved would otherwise make a layer run nothing, or run tests that no
longer reach its code, and still print counts.
"""

from __future__ import annotations

import fnmatch
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

import mutation_test  # noqa: E402


def _mutated_modules() -> list[str]:
    """The modules [tool.mutmut] mutates, dotted (duepa_check.check.fix_write)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    files = [path.relative_to(ROOT).as_posix() for path in (ROOT / "duepa_check").rglob("*.py")]
    mutated = [name for name in files if any(fnmatch.fnmatch(name, pattern) for pattern in config["only_mutate"])]
    return [name.removesuffix(".py").replace("/", ".") for name in mutated if not name.endswith("__init__.py")]


@pytest.mark.parametrize("layer", sorted(mutation_test.LAYERS))
def test_each_mutant_glob_of_a_layer_names_a_mutated_module(layer):
    modules = _mutated_modules()
    mutant_globs, _ = mutation_test.LAYERS[layer]
    # a mutant is named 'module.x_function__mutmut_N'
    idle = [glob for glob in mutant_globs if not any(fnmatch.fnmatchcase(f"{m}.x_f__mutmut_1", glob) for m in modules)]
    assert idle == []


def test_the_layers_cover_every_mutated_module():
    globs = [glob for mutant_globs, _ in mutation_test.LAYERS.values() for glob in mutant_globs]
    left = [m for m in _mutated_modules() if not any(fnmatch.fnmatchcase(f"{m}.x_f__mutmut_1", g) for g in globs)]
    assert left == [], "a module mutmut mutates that no layer runs"


@pytest.mark.parametrize("layer", sorted(mutation_test.LAYERS))
def test_a_layer_leaves_out_exactly_the_other_test_files(layer):
    _, test_globs = mutation_test.LAYERS[layer]
    ignored = {option.removeprefix("--ignore=") for option in mutation_test.layer_ignores(test_globs)}
    selected = set(mutation_test.selected_test_files())
    kept = selected - ignored
    assert ignored < selected and kept
    assert all(any(fnmatch.fnmatchcase(name, glob) for glob in test_globs) for name in kept)
    assert all((ROOT / name).is_file() for name in selected)


def test_a_test_glob_that_matches_nothing_stops_the_run():
    with pytest.raises(SystemExit, match="tests/nowhere"):
        mutation_test.layer_ignores(("tests/check/test_fix.py", "tests/nowhere/test_*.py"))
