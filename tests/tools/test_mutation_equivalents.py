"""tests/mutation-equivalent.txt names only mutants that still exist, each with its reason (issue 49).

The list holds the mutmut survivors that no user can tell from the code (docs/development.md,
"Mutation testing"). A mutant is named by its function and its number in that function, so an edit
of the function can renumber or remove it; the list would then excuse a mutant nobody read. The
mutants are made again here with mutmut's own generator (no test is run), as ``mutmut run`` makes
them from the same source.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIST = ROOT / "tests" / "mutation-equivalent.txt"
ENTRY = re.compile(r"^(?P<name>duepa_check(?:\.\w+)+__mutmut_\d+): (?P<why>\S.{20,})$")


def _entries() -> list[tuple[int, str]]:
    """(line number, text) of every entry: the lines that are neither blank nor comments."""
    lines = LIST.read_text(encoding="utf-8").splitlines()
    return [(number, line) for number, line in enumerate(lines, 1) if line.strip() and not line.startswith("#")]


def test_every_entry_is_a_mutant_name_and_a_reason():
    bad = [(number, line) for number, line in _entries() if not ENTRY.match(line)]
    assert bad == [], "each line: 'duepa_check.module.x_function__mutmut_N: why no user can see it'"
    names = [ENTRY.match(line)["name"] for _, line in _entries()]
    assert len(names) == len(set(names)), "a mutant listed twice"


def _module_file(name: str) -> Path:
    """duepa_check.reading.text.x_parse__mutmut_3 → duepa_check/reading/text.py (or a package's __init__.py)."""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        base = ROOT.joinpath(*parts[:cut])
        if base.with_suffix(".py").is_file():
            return base.with_suffix(".py")
        if (base / "__init__.py").is_file():
            return base / "__init__.py"
    raise AssertionError(f"{name}: no module of the package")


def test_every_listed_mutant_still_exists():
    file_mutation = pytest.importorskip("mutmut.mutation.file_mutation", reason="pip install -e '.[test]'")
    names_by_file: dict[Path, set[str]] = {}
    missing = []
    for _, line in _entries():
        name = ENTRY.match(line)["name"]
        path = _module_file(name)
        if path not in names_by_file:
            relative = path.relative_to(ROOT)
            module = ".".join(relative.with_suffix("").parts).replace(".__init__", "")
            made = file_mutation.mutate_file_contents(str(relative), path.read_text(encoding="utf-8"))
            names_by_file[path] = {f"{module}.{mutant}" for mutant in made.mutant_names}
        if name not in names_by_file[path]:
            missing.append(name)
    assert missing == [], "listed as equivalent but mutmut no longer makes them: read them again"
