"""The README is part of the product: its rules section is the rule modules' own docs."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _readme_rules():
    spec = importlib.util.spec_from_file_location("readme_rules", ROOT / "tools" / "readme_rules.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _rules_section(lang: str = "en") -> str:
    return _readme_rules().rules_section(lang)


def test_readme_rules_section_matches_rule_docstrings():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert _rules_section() in readme, "run: python tools/readme_rules.py --write"


def test_japanese_readme_rules_section_matches_doc_ja():
    readme = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    assert _rules_section("ja") in readme, "run: python tools/readme_rules.py --write"


def test_readme_rules_write_rewrites_a_stale_section_in_both_readmes(tmp_path):
    tool = _readme_rules()
    for name in ("README.md", "README.ja.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        start, end = text.index(tool.BEGIN), text.index(tool.END)
        stale = text[:start] + tool.BEGIN + "\n**DP999 gone** (error).\n" + text[end:]
        (tmp_path / name).write_text(stale, encoding="utf-8")
    assert sorted(path.name for path in tool.write_readmes(tmp_path)) == ["README.ja.md", "README.md"]
    for name in ("README.md", "README.ja.md"):
        assert (tmp_path / name).read_text(encoding="utf-8") == (ROOT / name).read_text(encoding="utf-8")
    assert tool.write_readmes(tmp_path) == []  # already in step: nothing rewritten


def test_readme_opens_with_install_and_test_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_block = readme.split("```sh", 1)[1].split("```", 1)[0]
    assert "pip install . && duepa-check tests/fixtures/decks/DM23-BD4.txt" in first_block
    assert "python -m pytest -q" in first_block
    assert "python -m pytest -q" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _fenced(readme: str, language: str) -> str:
    return readme.split(f"```{language}\n", 1)[1].split("```", 1)[0]


def test_readme_decklist_examples_read_and_resolve(capsys, tmp_path):
    """Every line of the README's plain-text and YAML examples is a card the checker finds."""
    from conftest import run

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for language, name in (("text", "example.txt"), ("yaml", "example.yaml")):
        path = tmp_path / name
        path.write_text(_fenced(readme, language), encoding="utf-8")
        result = run(capsys, path, "--as-of", "2026-03-16", "--format", "json")
        rules = [v["rule"] for v in result.json["decks"][0]["violations"]]
        assert rules == ["DP001"], (name, result.json["decks"][0]["violations"])  # only too few cards


def test_readme_published_forms_example_reads_every_line(capsys, tmp_path):
    """The second text example (lists as people publish them): every card line is a card, every
    other line a heading, metadata or separator; the stated counts differ (DP204), 60 cards are not there."""
    from conftest import run

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("```text\n", 2)[2].split("```", 1)[0]
    path = tmp_path / "published.txt"
    path.write_text(block, encoding="utf-8")
    result = run(capsys, path, "--as-of", "2026-03-16", "--format", "json")
    deck = result.json["decks"][0]
    assert {v["rule"] for v in deck["violations"]} == {"DP001", "DP204"}, deck["violations"]
    assert deck["partner"]["name"] == "ボルシャック・ドラゴ大王"
    assert deck["card_count"] == 9  # the partner and the 8 card lines under クリーチャー (25)


def _commands(readme: str) -> list[str]:
    """The command lines of every ```sh block, comments cut off."""
    commands = []
    for block in readme.split("```sh\n")[1:]:
        for line in block.split("```", 1)[0].splitlines():
            command = re.split(r"\s#\s", line, maxsplit=1)[0].strip() if not line.startswith("#") else ""
            if command:
                commands.append(command)
    return commands


def test_japanese_readme_has_the_same_commands():
    """README.ja.md (linked from the top of README.md) shows the same set-up and usage commands."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    japanese = (ROOT / "README.ja.md").read_text(encoding="utf-8")
    assert "(README.ja.md)" in readme.split("\n## ", 1)[0]
    assert _commands(japanese) == _commands(readme)
    assert len(_commands(readme)) >= 10
    for line in japanese.splitlines():  # a command in its CI examples is one the tool accepts
        if "run: duepa-check" in line:
            assert "--lang ja" in line or "--as-of" in line
