"""Structured input may nest 32 deep, on every Python (docs/formats.md, docs/house-rules.md): the
readers' own limit, never the interpreter's recursion limit, whose handling changed in 3.12."""

from __future__ import annotations

import pytest

from duepa_check.data import config
from duepa_check.data.nesting import too_deep

NESTING = 32
TABLES = {".duepa-check.yaml": 0, "pyproject.toml": 2}  # [tool.duepa-check] is two tables inside the document


def lists(depth: int) -> list:
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_too_deep_counts_lists_and_mappings_from_one():
    assert not too_deep(lists(NESTING)) and too_deep(lists(NESTING + 1))
    assert not too_deep({"a": {"b": lists(NESTING - 2)}}) and too_deep({"a": {"b": lists(NESTING - 1)}})
    assert not too_deep("text") and not too_deep({})


def test_too_deep_is_not_recursive_and_walks_shared_values_once_per_depth():
    assert too_deep(lists(200_000))
    shared = ["x"] * 9
    for _ in range(9):  # nine levels of nine uses: 387 million items if each use were walked anew
        shared = [shared] * 9
    assert not too_deep(shared)


def house_rules(tmp_path, name: str, depth: int):
    """A house-rules file whose ``banned`` value makes the document ``depth`` deep."""
    inner = "[" * (depth - 1) + "]" * (depth - 1)
    text = f"banned: {inner}\n" if name.endswith(".yaml") else f"[tool.duepa-check]\nbanned = {inner}\n"
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refusal(path) -> str:
    with pytest.raises(config.ConfigError) as caught:
        config.load_config(path, lambda name: (name, []), {})
    return str(caught.value)


@pytest.mark.parametrize("name", [".duepa-check.yaml", "pyproject.toml"])
@pytest.mark.parametrize("extra", [1, 700, 20_000])
def test_house_rules_past_the_limit_say_so_with_the_limit(tmp_path, name, extra):
    depth = NESTING + extra - TABLES[name]
    assert f"nested more than {NESTING} deep" in refusal(house_rules(tmp_path, name, depth))


@pytest.mark.parametrize("name", [".duepa-check.yaml", "pyproject.toml"])
def test_house_rules_at_the_limit_are_read_past_the_depth_check(tmp_path, name):
    depth = NESTING - TABLES[name]
    assert "deep" not in refusal(house_rules(tmp_path, name, depth))  # refused for its shape, not its depth
