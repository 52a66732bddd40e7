"""Every mode reports an input it could not read the same way: exit 2 and one stderr line naming it.

A gate (a pre-commit hook, a CI check) must never pass a deck it did not read: ``--diff`` used to
exit 0 in silence for a missing, empty or binary file. The table is modes × unreadable inputs.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from support import BD4, DECKS, run


def _missing(folder: Path) -> str:
    return str(folder / "missing.txt")


def _write(name: str, data: bytes):
    def make(folder: Path) -> str:
        (folder / name).write_bytes(data)
        return str(folder / name)

    return make


def _no_decklist(folder: Path) -> str:
    (folder / "notes").mkdir()
    (folder / "notes" / "script.py").write_text("print(1)\n")
    return str(folder / "notes")


def _link_out(folder: Path) -> str:
    """A folder whose only decklist is a link leading out of it (the walk skips it, and says so)."""
    (folder / "decks").mkdir()
    (folder / "secret.txt").write_bytes((DECKS / BD4).read_bytes())
    (folder / "decks" / "deck.txt").symlink_to(folder / "secret.txt")
    return str(folder / "decks")


def _sheet(folder: Path) -> str:
    """A sheet of form responses, one deck, a name in it written otherwise than the card list."""
    deck = (DECKS / BD4).read_text(encoding="utf-8").replace("永遠のリュウセイ・カイザー", "永遠のりゅうせい・かいざー")
    rows = ["タイムスタンプ,お名前,デッキリスト", '2026/11/28 10:02:11,たろう,"' + deck + '"']
    (folder / "responses.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return str(folder / "responses.csv")


INPUTS = {
    "missing": _missing,
    "empty": _write("empty.txt", b""),
    "nul": _write("nul.txt", b"1 \x00\x01\n"),
    "utf-16 without BOM": _write("wide.txt", "1 ボルシャック・ドラゴン\n".encode("utf-16-le")),
    "too large": _write("large.txt", b"1 ok\n" * 220_000),
    "folder without decklist": _no_decklist,
    "link out of the folder": _link_out,
    "sheet with names to fix": _sheet,
    "empty stdin": None,
}
MODES = {
    "check": ["check"],
    "fix": ["check", "--fix"],
    "diff": ["check", "--diff"],
    "diff fix": ["check", "--diff", "--fix"],
    "diff unsafe": ["check", "--diff", "--unsafe-fixes"],
    "fix unsafe": ["check", "--fix", "--unsafe-fixes"],
    "stats": ["stats"],
    "partners": ["partners"],
}
ONLY_FIXING = {"sheet with names to fix"}  # checking a sheet reads it; rewriting one is what is refused
ONE_FILE = {"stats", "partners"}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", INPUTS)
def test_an_unread_input_is_exit_2_and_one_line(tmp_path, capsys, monkeypatch, mode, kind):
    if kind in ONLY_FIXING and "fix" not in mode and "diff" not in mode:
        pytest.skip("read and checked, not refused")
    if kind == "link out of the folder" and mode in ONE_FILE:
        pytest.skip("stats and partners take one file, no folder")
    if INPUTS[kind] is None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
        path, shown = "-", "<stdin>"
    else:
        path = shown = INPUTS[kind](tmp_path)
    monkeypatch.chdir(tmp_path)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file() and not p.is_symlink()}
    result = run(capsys, *MODES[mode], path)
    lines = [line for line in result.err.splitlines() if line]
    assert result.code == 2, (result.out, result.err)
    assert "Traceback" not in result.err
    assert len(lines) == 1 and shown.split("/")[-1] in lines[0], lines
    assert lines[0].startswith("duepa-check: ")
    assert {p: p.read_bytes() for p in before} == before  # nothing written


@pytest.mark.parametrize("output_format", ["json", "sarif", "github", "html", "junit"])
def test_diff_with_a_machine_format_is_refused(tmp_path, capsys, output_format):
    from duepa_check.report.renderers import RENDERERS

    if output_format not in RENDERERS:
        pytest.skip(f"no {output_format} format")
    deck = tmp_path / "deck.txt"
    deck.write_bytes((DECKS / BD4).read_bytes())
    result = run(capsys, "--diff", deck, "--format", output_format)
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and f"--format {output_format}" in result.err


def test_diff_says_nothing_of_the_format_it_was_not_given(tmp_path, capsys, monkeypatch):
    """On GitHub Actions the default format is github: --diff still prints its diff there."""
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    deck = tmp_path / "deck.txt"
    deck.write_bytes((DECKS / BD4).read_bytes())
    result = run(capsys, "--diff", deck)
    assert result.code == 1 and result.out.startswith("--- ") and result.err == ""


def test_unsafe_fixes_alone_says_it_does_nothing(tmp_path, capsys):
    deck = tmp_path / "deck.txt"
    deck.write_bytes((DECKS / BD4).read_bytes())
    before = deck.read_bytes()
    result = run(capsys, "--unsafe-fixes", deck, "--as-of", "2026-03-16", "-q")
    assert result.code == 0 and deck.read_bytes() == before
    assert result.err.splitlines() == [
        "duepa-check: warning: --unsafe-fixes does nothing without --fix or --diff; nothing is fixed"
    ]
