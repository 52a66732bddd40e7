"""Whether a text held in memory is a decklist (check.walk.text_looks_like_decklist): the answer the
pre-commit hook's --skip-non-decklists gives a file holding it, so a language server (issue 48)
stays quiet on a README open beside the decks and speaks on every deck the hook would check."""

from __future__ import annotations

from pathlib import Path

import pytest

from duepa_check.check.walk import looks_like_decklist, text_looks_like_decklist
from duepa_check.data.pool import CardPool
from duepa_check.reading.decode import decode
from duepa_check.reading.model import DeckInputError

ROOT = Path(__file__).resolve().parents[2]
POOL = CardPool.load(None)
SUFFIXES = (".txt", ".dek", ".deck", ".yaml", ".yml", ".json", ".csv", ".tsv", ".md", ".markdown")
FILES = sorted(
    path
    for path in [*(ROOT / "tests" / "fixtures").rglob("*"), *ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md")]
    if path.is_file() and path.suffix.lower() in SUFFIXES
)


def test_the_files_compared_hold_decks_sheets_and_prose():
    answers = [looks_like_decklist(path, POOL) for path in FILES]
    assert len(FILES) > 40 and answers.count(True) > 15 and answers.count(False) > 15


@pytest.mark.parametrize("path", FILES, ids=[str(path.relative_to(ROOT)) for path in FILES])
def test_a_text_gets_the_answer_its_file_gets(path):
    try:
        text = decode(path.read_bytes(), str(path))
    except DeckInputError:
        pytest.skip("not text")
    assert text_looks_like_decklist(text, path, POOL) == looks_like_decklist(path, POOL)


@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        ("パートナー: ボルシャック・ドラゴ大王\n1 ボルシャック・ドラゴ大王\n", "deck.md", True),
        ("# Notes\n\nWe met on Sunday and played three games.\n", "README.md", False),
        ("1 まったく別の名前\n", "untitled.txt", True),  # a count: a decklist, however misspelt
        ("パートナー: ボルシャック・ドラゴ大王\n", ".hidden.txt", False),
        ("cards: []\n", "mkdocs.yml", True),
        ("site_name: docs\n", "mkdocs.yml", False),
        ("", "empty.txt", True),  # left to the check, which says why
    ],
)
def test_texts_of_each_kind(text, name, expected):
    assert text_looks_like_decklist(text, name, POOL) is expected
