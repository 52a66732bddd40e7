"""``--diff -`` and a submission sheet under ``--fix``: what the user sees and the exit code (issue 49 §3:
mutants of cli/fixing.py that the suite let pass).

``--diff`` from standard input prints the diff and exits 1 when a name would change, and prints
nothing and exits 0 when none would; a sheet with names to fix is never rewritten, and its one
line says how many names, in the singular for one.
"""

from __future__ import annotations

import csv
import io
import sys

import pytest
from support import run

PARTNER = "パートナー: ボルシャック・ドラゴ大王"


@pytest.fixture
def stdin(monkeypatch):
    def feed(text: str) -> None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8"))

    return feed


def test_diff_from_stdin_shows_the_change_and_exits_1(capsys, stdin):
    stdin(f"{PARTNER}\n1 ガルチェンソドラゴン\n")
    result = run(capsys, "--diff", "-")
    assert result.code == 1
    assert result.out.splitlines() == [
        "--- <stdin>",
        "+++ <stdin>",
        "@@ -1,2 +1,2 @@",
        f" {PARTNER}",
        "-1 ガルチェンソドラゴン",
        "+1 ガルチェンソ・ドラゴン",
    ]


def test_diff_from_stdin_with_nothing_to_fix_prints_nothing_and_exits_0(capsys, stdin):
    stdin(f"{PARTNER}\n1 ガルチェンソ・ドラゴン\n")
    result = run(capsys, "--diff", "-")
    assert (result.code, result.out) == (0, "")


def _sheet(tmp_path, names: list[str]):
    path = tmp_path / "responses.csv"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["タイムスタンプ", "お名前", "パートナー", "デッキリスト", "メールアドレス"])
        writer.writerow(
            ["2026/11/28 10:02:11", "たろう", "ボルシャック・ドラゴ大王", "\n".join(names), "a@example.com"]
        )
    return path


@pytest.mark.parametrize(
    ("names", "says"),
    [
        (["1 ガルチェンソドラゴン", "1 龍の呼び声"], "1 name is spelled"),
        (["1 ガルチェンソドラゴン", "1 永遠のりゅうせい・かいざー"], "2 names are spelled"),
    ],
)
def test_a_sheet_with_names_to_fix_is_left_and_says_how_many(capsys, tmp_path, names, says):
    sheet = _sheet(tmp_path, names)
    before = sheet.read_bytes()
    result = run(capsys, "--fix", sheet)
    assert sheet.read_bytes() == before
    assert result.code == 2
    assert f"{sheet}: a submission sheet is not rewritten by --fix; {says} otherwise" in result.err


@pytest.mark.parametrize(
    ("names", "lang", "says"),
    [
        (["1 ガルチェンソドラゴン"], "en", "1 name fixed in {path}"),
        (["1 ガルチェンソドラゴン", "1 永遠のりゅうせい・かいざー"], "en", "2 names fixed in {path}"),
        (["1 ガルチェンソドラゴン"], "ja", "{path} のカード名を 1 件直しました"),
    ],
)
def test_fix_says_how_many_names_it_fixed_in_the_run_s_language(capsys, tmp_path, names, lang, says):
    deck = tmp_path / "deck.txt"
    deck.write_text("\n".join([PARTNER, *names]) + "\n", encoding="utf-8")
    result = run(capsys, "--fix", deck, "--lang", lang)
    assert says.format(path=deck) in result.err.splitlines()


def test_a_file_removed_before_the_write_is_named_and_not_written(capsys, tmp_path, monkeypatch):
    from duepa_check.check import fix

    deck = tmp_path / "deck.txt"
    deck.write_text(f"{PARTNER}\n1 ガルチェンソドラゴン\n", encoding="utf-8")
    made = fix.fixed_bytes

    def fixed_then_removed(data, path, *args, **kwargs):
        result = made(data, path, *args, **kwargs)
        deck.unlink()
        return result

    monkeypatch.setattr(fix, "fixed_bytes", fixed_then_removed)
    result = run(capsys, "--fix", deck)
    assert result.code == 2
    assert f"{deck}: not rewritten by --fix: " in result.err
    assert not deck.exists() and list(tmp_path.iterdir()) == []
