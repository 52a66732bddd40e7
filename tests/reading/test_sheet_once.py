""" "Is it a submission sheet?" has one answer (issue 50): reading.decklist.may_be_sheet by the name,
then reading.sheet's header rule, with the columns the options name; the checker, --fix and a
folder walk all ask it. Before, each asked in its own words: the checker by TABLE_SUFFIXES, --fix
by its own reading, and the walk without the options, so a sheet whose deck column only
--deck-column names was checked when named and skipped without a word below a folder.
"""

from __future__ import annotations

import ast
import csv
from pathlib import Path

from support import AS_OF, DECKS, run

import duepa_check

PACKAGE = Path(duepa_check.__file__).parent
BD4_CARDS = [line for line in (DECKS / "DM23-BD4.txt").read_text(encoding="utf-8").splitlines()[3:] if line]
COLUMN = "My list of cards"


def sheet(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / "entries.csv"
    rows = [
        ["Timestamp", "Handle", COLUMN],
        ["2026/01/01 10:00", "taro", "\n".join(["パートナー: ボルシャック・ドラゴ大王", *BD4_CARDS])],
        ["2026/01/01 11:00", "jiro", "パートナー: ボルシャック・ドラゴ大王\n1 ボルシャック・ドラゴソ"],
    ]
    with open(path, "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return path


def rows_checked(capsys, *args) -> list[str]:
    result = run(capsys, "check", *args, "--deck-column", COLUMN, "--format", "json", "--as-of", AS_OF)
    return [(deck["submission"] or {}).get("player") for deck in result.json["decks"]]


def test_a_sheet_named_by_its_deck_column_is_checked_named_or_below_a_folder(capsys, tmp_path):
    path = sheet(tmp_path / "entries")
    assert rows_checked(capsys, path) == ["taro", "jiro"]
    assert rows_checked(capsys, path.parent) == ["taro", "jiro"]


def test_fix_refuses_the_sheet_below_a_folder_as_it_does_when_named(capsys, tmp_path):
    path = sheet(tmp_path / "entries")
    before = path.read_bytes()
    named = run(capsys, "check", path, "--deck-column", COLUMN, "--diff", "--as-of", AS_OF)
    walked = run(capsys, "check", path.parent, "--deck-column", COLUMN, "--diff", "--as-of", AS_OF)
    assert named.code == walked.code == 2
    assert "entries.csv" in named.err and named.err == walked.err
    assert path.read_bytes() == before


def test_a_data_csv_without_the_named_column_is_left_alone_by_a_walk(capsys, tmp_path):
    path = sheet(tmp_path / "entries")
    (path.parent / "visits.csv").write_text("Timestamp,Handle,visits\n2026/01/01,taro,3\n", encoding="utf-8")
    assert rows_checked(capsys, path.parent) == ["taro", "jiro"]


def calls_outside(names: set[str], home: set[str]) -> list[str]:
    """module: name of each use of ``names`` in a package module other than ``home``."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        if module in home:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
            if name in names:
                found.append(f"{module}: {name}")
    return found


def test_only_the_sheet_reader_decides_by_suffix_or_header():
    """Outside reading/decklist.py (the name rule) and reading/sheet.py (the header rule) a module
    asks ``may_be_sheet``, ``sheet_rows`` or ``looks_like_sheet``: never the suffixes or the reader."""
    home = {"reading/decklist.py", "reading/sheet.py"}
    assert calls_outside({"SHEET_SUFFIXES", "read_sheet", "is_sheet_path", "stdin_is_sheet"}, home) == []
    assert {use.partition(":")[0] for use in calls_outside({"TABLE_SUFFIXES"}, home)} == {"check/walk.py"}
