"""The Pythons we say we support are the Pythons we test (issue 52): noxfile.py's matrix, the
trove classifiers, requires-python's floor, the versions .ci/run looks for, the Action's default
and every `python-version:` in a recipe name the same set, and README.md and README.ja.md say it
in one place each."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def matrix() -> list[str]:
    """noxfile.py's PYTHONS, read without importing nox."""
    tree = ast.parse((ROOT / "noxfile.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "PYTHONS" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("noxfile.py has no PYTHONS")


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_the_matrix_is_every_python_from_311_to_314():
    assert matrix() == ["3.11", "3.12", "3.13", "3.14"]


def test_the_classifiers_name_exactly_the_matrix():
    named = [c.rsplit(" :: ", 1)[1] for c in project()["classifiers"] if re.fullmatch(r".* :: 3\.\d+", c)]
    assert named == matrix()


def test_requires_python_starts_at_the_oldest_of_the_matrix():
    assert project()["requires-python"] == f">={matrix()[0]}"


def test_ci_looks_for_every_python_of_the_matrix():
    loop = re.search(r"^for version in ([\d. ]+); do$", (ROOT / ".ci/run").read_text(encoding="utf-8"), re.M)
    assert loop and loop.group(1).split() == matrix()


def recipe_versions() -> list[tuple[str, str]]:
    found = []
    for path in [ROOT / "action.yml", *sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md", ROOT / "README.ja.md"]:
        text = path.read_text(encoding="utf-8")
        found += [(path.name, v) for v in re.findall(r"python-version:\s*\"?(\d+\.\d+)\"?", text)]
        found += [(path.name, v) for v in re.findall(r"default: \"(\d+\.\d+)\"", text)]
    return found


def test_every_recipe_and_the_actions_default_use_a_tested_python():
    versions = recipe_versions()
    assert versions and all(version in matrix() for _, version in versions), versions
    assert ("action.yml", matrix()[-2]) in versions  # the Action's default: a current one with wheels everywhere


def test_each_readme_says_the_supported_pythons_once():
    span = f"{matrix()[0]}–{matrix()[-1]}"
    for name in ("README.md", "README.ja.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        assert text.count(f"Python {span}") == 1, name
        assert not re.search(r"Python 3\.\d+ (or later|以上)", text), name
