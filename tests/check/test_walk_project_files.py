"""A repository's own files are not decks in a folder walk (docs/formats.md), wherever their card
table sits: README, CHANGELOG, CONTRIBUTING and LICENSE, in any suffix and language. Named on the
command line, such a file is still checked."""

from __future__ import annotations

import pytest
from support import BD4, DECKS, run

from duepa_check.check.walk import deck_files

TABLE = "# Our decks\n\n| 枚数 | カード名 |\n| --- | --- |\n| 1 | ボルシャック・ドラゴン |\n"
NAMES = [
    "README.md",
    "README.ja.md",
    "readme.txt",
    "CHANGELOG.md",
    "CONTRIBUTING.md",
    "LICENSE.txt",
    "LICENCE.md",
    "Readme.yaml",
]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("content", ["table", "deck"])
def test_a_project_file_is_no_deck_in_a_walk(tmp_path, capsys, name, content):
    (tmp_path / "deck.txt").write_bytes((DECKS / BD4).read_bytes())
    data = TABLE.encode() if content == "table" else (DECKS / BD4).read_bytes()
    (tmp_path / name).write_bytes(data)
    assert [path.name for path in deck_files([tmp_path])] == ["deck.txt"]
    before = (tmp_path / name).read_bytes()
    run(capsys, "--fix", tmp_path, "-q")
    assert (tmp_path / name).read_bytes() == before  # --fix . leaves it too


def test_a_project_file_named_is_checked(tmp_path, capsys):
    (tmp_path / "README.txt").write_bytes((DECKS / BD4).read_bytes())
    result = run(capsys, tmp_path / "README.txt", "--format", "json", "--as-of", "2026-03-16")
    assert result.code == 0 and result.json["decks"][0]["card_count"] == 60


def test_a_deck_named_like_a_project_file_in_part_is_walked(tmp_path):
    for name in ("readme-deck.txt", "my-license.md", "changelog_deck.txt"):
        (tmp_path / name).write_bytes((DECKS / BD4).read_bytes())
    assert sorted(path.name for path in deck_files([tmp_path])) == [
        "changelog_deck.txt",
        "my-license.md",
        "readme-deck.txt",
    ]
