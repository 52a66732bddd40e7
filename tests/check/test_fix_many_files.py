"""``--fix`` over several files: one that is not fixed never stops the others, and a refusal names
the file and why (issue 49 §3: mutants of cli/fixing.py and check/fix.py that the suite let pass).
"""

from __future__ import annotations

import csv

import pytest
from support import run

from duepa_check.check.fix import FixRefused, read_for_fixing
from duepa_check.messages import text

PARTNER = "パートナー: ボルシャック・ドラゴ大王"
WRITTEN, OFFICIAL = "1 ガルチェンソドラゴン", "1 ガルチェンソ・ドラゴン"


def _deck(path):
    path.write_text(f"{PARTNER}\n{WRITTEN}\n", encoding="utf-8")
    return path


def _sheet(path):
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["タイムスタンプ", "お名前", "パートナー", "デッキリスト"])
        writer.writerow(["2026/11/28 10:02:11", "たろう", "ボルシャック・ドラゴ大王", WRITTEN])
    return path


@pytest.mark.parametrize("first", ["missing", "empty", "sheet", "symlink"])
def test_a_file_not_fixed_does_not_stop_the_next(capsys, tmp_path, first):
    before = tmp_path / "before.txt"
    if first == "empty":
        before.write_bytes(b"")
    elif first == "sheet":
        before = _sheet(tmp_path / "responses.csv")
    elif first == "symlink":
        before.symlink_to(_deck(tmp_path / "target.txt"))
    deck = _deck(tmp_path / "deck.txt")
    result = run(capsys, "--fix", before, deck)
    assert deck.read_text(encoding="utf-8").splitlines()[1] == OFFICIAL, result.err
    assert result.code == 2  # the first file is said, on its own line
    assert str(before) in result.err


def test_a_symbolic_link_is_named_in_its_line(capsys, tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(_deck(tmp_path / "target.txt"))
    result = run(capsys, "--fix", link)
    assert f"{link}: a symbolic link, not rewritten by --fix" in result.err


def test_a_file_outside_the_folder_walked_is_named_with_the_folder(tmp_path):
    (tmp_path / "elsewhere").mkdir()
    outside = _deck(tmp_path / "elsewhere" / "deck.txt")
    folder = tmp_path / "decks"
    folder.mkdir()
    path = folder / ".." / "elsewhere" / outside.name
    with pytest.raises(FixRefused) as refused:
        read_for_fixing(path, folder, outside.read_bytes())
    assert text(refused.value.message, "en") == f"{path}: outside the folder checked ({folder}), not rewritten by --fix"


def test_diff_of_a_file_with_cr_line_ends_keeps_them_and_adds_no_marker(capsys, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_bytes(f"{PARTNER}\r{WRITTEN}\r1 龍の呼び声\r".encode())
    out = run(capsys, "--diff", deck).out
    assert "No newline at end of file" not in out
    assert f"-{WRITTEN}\r+{OFFICIAL}\r 1 龍の呼び声\r" in out


def test_a_file_the_folder_walk_skips_does_not_stop_the_next(capsys, tmp_path):
    """A walk meets a link to a file outside the folder first (it is skipped, and said), then a deck."""
    (tmp_path / "elsewhere").mkdir()
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "a.txt").symlink_to(_deck(tmp_path / "elsewhere" / "outside.txt"))
    deck = _deck(folder / "b.txt")
    result = run(capsys, "--fix", folder)
    assert deck.read_text(encoding="utf-8").splitlines()[1] == OFFICIAL, result.err
    assert "a.txt" in result.err
