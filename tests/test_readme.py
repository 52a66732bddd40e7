"""The README is part of the product: its rules section is the rule modules' own docs."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _rules_section() -> str:
    spec = importlib.util.spec_from_file_location("readme_rules", ROOT / "tools" / "readme_rules.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.rules_section()


def test_readme_rules_section_matches_rule_docstrings():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert _rules_section() in readme, "run: python tools/readme_rules.py and paste it into README.md"


def test_readme_opens_with_install_and_test_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```sh", 1)[1].split("```", 1)[0]
    assert "pip install . && duepa-check tests/fixtures/decks/DM23-BD4.txt" in first_block
    assert "python -m pytest -q" in first_block
    assert "python -m pytest -q" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
