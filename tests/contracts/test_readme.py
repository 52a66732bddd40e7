"""The README and docs/ are part of the product: the rules page is the rule modules' own docs, every
page has its Japanese page with the same commands, examples and sections, and the examples read."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
READMES = ("README.md", "README.ja.md")
MAX_README_LINES = 250


def _readme_rules():
    spec = importlib.util.spec_from_file_location("readme_rules", ROOT / "tools" / "readme_rules.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def english_pages() -> list[Path]:
    return sorted(path for path in DOCS.glob("*.md") if not path.name.endswith(".ja.md"))


def japanese(page: Path) -> Path:
    return page.with_name(page.name[: -len(".md")] + ".ja.md")


def page_pairs() -> list[tuple[str, str]]:
    """(English, Japanese) names relative to the repository: the READMEs and every docs/ page."""
    return [READMES] + [(str(p.relative_to(ROOT)), str(japanese(p).relative_to(ROOT))) for p in english_pages()]


# ---------------------------------------------------------------------------- the rules page


def test_rules_page_matches_rule_docstrings():
    assert _readme_rules().rules_section() in _read("docs/rules.md"), "run: python tools/readme_rules.py --write"


def test_japanese_rules_page_matches_doc_ja():
    assert _readme_rules().rules_section("ja") in _read("docs/rules.ja.md"), "run: python tools/readme_rules.py --write"


def test_readme_rules_write_rewrites_a_stale_section_in_both_pages(tmp_path):
    tool = _readme_rules()
    names = [name for name, _ in tool.PAGES]
    assert names == ["docs/rules.md", "docs/rules.ja.md"]
    for name in names:
        text = _read(name)
        start, end = text.index(tool.BEGIN), text.index(tool.END)
        stale = text[:start] + tool.BEGIN + "\n**DP999 gone** (error).\n" + text[end:]
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(stale, encoding="utf-8")
    assert sorted(str(path.relative_to(tmp_path)) for path in tool.write_readmes(tmp_path)) == sorted(names)
    for name in names:
        assert (tmp_path / name).read_text(encoding="utf-8") == _read(name)
    assert tool.write_readmes(tmp_path) == []  # already in step: nothing rewritten


def test_the_readmes_carry_no_rules_section():
    """The rules live in docs/rules.md; a README that grew its copy back would drift from it."""
    tool = _readme_rules()
    for name in READMES:
        assert tool.BEGIN not in _read(name)


# ---------------------------------------------------------------------------- the READMEs


@pytest.mark.parametrize("name", READMES)
def test_readme_opens_with_install_and_test_commands(name):
    readme = _read(name)
    assert len(readme.splitlines()) <= MAX_README_LINES, f"{name}: move reference text to docs/"
    before, rest = readme.split("```sh", 1)
    assert "\n## " not in before  # the two commands come before any section
    first_block = rest.split("```", 1)[0]
    assert "pip install . && duepa-check tests/fixtures/decks/DM23-BD4.txt" in first_block
    assert "python -m pytest -q" in first_block
    assert "python -m pytest -q" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", READMES)
def test_readme_points_at_every_reference_page(name):
    readme = _read(name)
    lang_pages = [p if name == "README.md" else japanese(p) for p in english_pages()]
    for page in lang_pages:
        assert f"]({page.relative_to(ROOT)})" in readme, page.name
    assert "](CHANGELOG.md)" in readme


# ---------------------------------------------------------------------------- pages in pairs


def test_every_page_has_its_japanese_page_and_back():
    english = {p.name for p in english_pages()}
    japanese_names = {p.name for p in DOCS.glob("*.ja.md")}
    assert {japanese(DOCS / name).name for name in english} == japanese_names
    assert len(english) >= 8  # commands, formats, rules, house rules, CI, sheets, data, development
    for page in english_pages():
        assert f"]({japanese(page).name})" in page.read_text(encoding="utf-8").split("\n## ", 1)[0], page.name
        assert f"]({page.name})" in japanese(page).read_text(encoding="utf-8").split("\n## ", 1)[0], page.name
    assert "(README.ja.md)" in _read("README.md").split("\n## ", 1)[0]
    assert "(README.md)" in _read("README.ja.md").split("\n## ", 1)[0]


def _commands(text: str) -> list[str]:
    """The command lines of every ```sh block, comments cut off."""
    commands = []
    for block in text.split("```sh\n")[1:]:
        for line in block.split("```", 1)[0].splitlines():
            command = re.split(r"\s#\s", line, maxsplit=1)[0].strip() if not line.startswith("#") else ""
            if command:
                commands.append(command)
    return commands


COMMENT = re.compile(r"(^|\s+)(#|//)\s.*$")


def _examples(text: str, japanese_page: bool) -> list[tuple[str, list[str]]]:
    """Every fenced block but sh/console: (its info string, its lines without comments or blanks).
    The Japanese pages translate the comments and may add --lang ja to a command."""
    blocks = []
    for info, body in re.findall(r"^```([^\n`]*)\n(.*?)^```", text, re.M | re.S):
        if info in ("sh", "console"):
            continue
        lines = []
        for line in body.splitlines():
            line = COMMENT.sub("", line).rstrip()
            if japanese_page:
                line = line.replace(" --lang ja", "")
            if line.strip():
                lines.append(line)
        blocks.append((info, lines))
    return blocks


def _sections(text: str) -> list[str]:
    outside = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    return [line.split(" ", 1)[0] for line in outside.splitlines() if re.match(r"#{1,4} ", line)]


@pytest.mark.parametrize(("english", "japanese_name"), page_pairs())
def test_japanese_page_has_the_same_commands_examples_and_sections(english, japanese_name):
    en, ja = _read(english), _read(japanese_name)
    assert _commands(ja) == _commands(en)
    assert _examples(ja, True) == _examples(en, False)
    assert _sections(ja) == _sections(en)
    assert en.count("<!-- not run by tests:") == ja.count("<!-- not run by tests:")


def test_the_docs_show_many_commands():
    assert sum(len(_commands(_read(name))) for pair in page_pairs() for name in pair[:1]) >= 20


# ---------------------------------------------------------------------------- the examples read


def _fenced(text: str, language: str, nth: int = 0) -> str:
    return text.split(f"```{language}\n")[nth + 1].split("```", 1)[0]


@pytest.mark.parametrize("name", ["docs/formats.md", "docs/formats.ja.md", "README.md", "README.ja.md"])
def test_decklist_examples_read_and_resolve(capsys, tmp_path, name):
    """Every line of the plain-text and YAML examples is a card the checker finds (comments in either language)."""
    from support import run

    text = _read(name)
    examples = [("text", "example.txt")] + ([("yaml", "example.yaml")] if name.startswith("docs/") else [])
    for language, file_name in examples:
        path = tmp_path / file_name
        path.write_text(_fenced(text, language), encoding="utf-8")
        result = run(capsys, path, "--as-of", "2026-03-16", "--format", "json")
        deck = result.json["decks"][0]
        assert [v["rule"] for v in deck["violations"]] == ["DP001"], (name, deck["violations"])  # only too few cards
        assert deck["partner"]["name"] == "勝熱英雄 モモキング"


@pytest.mark.parametrize("name", ["docs/formats.md", "docs/formats.ja.md"])
def test_published_forms_example_reads_every_line(capsys, tmp_path, name):
    """The second text example (lists as people publish them): every card line is a card, every
    other line a heading, metadata or separator; the stated counts differ (DP204), 60 cards are not there."""
    from support import run

    path = tmp_path / "published.txt"
    path.write_text(_fenced(_read(name), "text", 1), encoding="utf-8")
    result = run(capsys, path, "--as-of", "2026-03-16", "--format", "json")
    deck = result.json["decks"][0]
    assert {v["rule"] for v in deck["violations"]} == {"DP001", "DP204"}, deck["violations"]
    assert deck["partner"]["name"] == "ボルシャック・ドラゴ大王"
    assert deck["card_count"] == 9  # the partner and the 8 card lines under クリーチャー (25)


def test_japanese_ci_examples_are_commands_the_tool_accepts():
    for line in _read("docs/ci.ja.md").splitlines():
        if "run: duepa-check" in line:
            assert "--lang ja" in line


NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


@pytest.mark.parametrize("page", ["README.md", "README.ja.md"])
def test_a_heading_that_counts_commands_holds_that_many(page):
    """Issue 47: '## Five commands' held six lines. A heading that says N commands lists N commands
    (``duepa-check NAME`` or a check, ``duepa-check DECK``) in its block; an option shown beside them
    (``--diff``) is named in the heading."""
    text = (ROOT / page).read_text(encoding="utf-8")
    found = re.findall(r"^## (?:(\w+) commands|(\d)つのコマンド)(.*)\n+```sh\n(.*?)```", text, re.M | re.S)
    assert found, page
    for word, digit, rest, block in found:
        wanted = NUMBER_WORDS[word.lower()] if word else int(digit)
        runs = [line.split()[1] for line in block.splitlines() if line.startswith("duepa-check ")]
        commands = [run for run in runs if not run.startswith("--")]
        assert len(commands) == wanted, (page, runs)
        assert all(option in rest for option in runs if option.startswith("--")), (page, rest)
