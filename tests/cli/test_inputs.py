"""One input is a path or standard input, decided once at the CLI from the argument as typed.

Only a bare ``-`` is standard input: ``./-``, a ``-`` after ``--`` are the file called ``-``;
standard input is read once per run; a sheet piped in reads as the same sheet by path; no file
the tool writes may be one of the files it reads.
"""

from __future__ import annotations

import ast
import io
import os
import sys
from pathlib import Path

import pytest
from support import AS_OF, BD4, DECKS, run

import duepa_check

BD4_BYTES = (DECKS / BD4).read_bytes()
SHEET = Path(__file__).parents[1] / "fixtures" / "sheets" / "responses.csv"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A working folder with a file called ``-`` (a legal deck) and other bytes on standard input."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").write_bytes(BD4_BYTES)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"1 not a card from stdin\n")))
    return tmp_path


@pytest.mark.parametrize("args", [["./-"], ["--", "-"], ["check", "--", "-"]])
def test_a_file_called_dash_is_a_file(folder, capsys, args):
    at = args.index("--") if "--" in args else len(args) - 1
    result = run(capsys, *args[:at], "--as-of", AS_OF, "--format", "json", *args[at:])
    assert result.code == 0, result.err
    assert result.json["decks"][0]["card_count"] == 60  # the file, not the one line on stdin


@pytest.mark.parametrize("command", ["stats", "partners"])
def test_stats_and_partners_read_a_file_called_dash(folder, capsys, command):
    result = run(capsys, command, "./-", "--format", "json")
    assert result.code == 0, result.err
    assert "not a card from stdin" not in result.out + result.err


def test_fix_writes_a_file_called_dash(folder, capsys):
    (folder / "-").write_bytes(
        BD4_BYTES.replace("永遠のリュウセイ・カイザー".encode(), "永遠のりゅうせい・かいざー".encode())
    )
    result = run(capsys, "--fix", "./-", "--as-of", AS_OF)
    written = (folder / "-").read_text(encoding="utf-8")
    assert "1 永遠のリュウセイ・カイザー\n" in written and "りゅうせい" not in written
    assert "names fixed in -\n" in result.err and "not a card from stdin" not in result.out


@pytest.mark.parametrize("args", [["-", "-"], ["check", "-", "deck.txt", "-"], ["--fix", "-", "-"]])
def test_standard_input_twice_is_refused(folder, capsys, args):
    (folder / "deck.txt").write_bytes(BD4_BYTES)
    result = run(capsys, *args)
    assert result.code == 2 and result.out == ""
    assert result.err.splitlines() == [
        "duepa-check: - is named 2 times: standard input can be read once (to check a file called -, write ./-)"
    ]


@pytest.mark.parametrize("mode", [[], ["--fix"], ["--diff"]])
def test_a_sheet_on_standard_input_reads_as_the_sheet_by_path(tmp_path, capsys, monkeypatch, mode):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "responses.csv").write_bytes(SHEET.read_bytes())
    extra = [] if "--diff" in mode else ["--format", "json"]
    by_path = run(capsys, *mode, "responses.csv", "--as-of", AS_OF, *extra)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(SHEET.read_bytes())))
    piped = run(capsys, *mode, "-", "--stdin-filename", "responses.csv", "--as-of", AS_OF, *extra)
    assert piped == by_path
    assert "submission" in by_path.out or "submission sheet" in by_path.err
    assert (tmp_path / "responses.csv").read_bytes() == SHEET.read_bytes()


def _same(folder: Path) -> str:
    return "deck.txt"


def _dotted(folder: Path) -> str:
    return "./sub/../deck.txt"


def _hard(folder: Path) -> str:
    os.link(folder / "deck.txt", folder / "hard.svg")
    return "hard.svg"


def _soft(folder: Path) -> str:
    (folder / "soft.svg").symlink_to(folder / "deck.txt")
    return "soft.svg"


def _absolute(folder: Path) -> str:
    return str(folder / "deck.txt")


@pytest.mark.parametrize("output", [_same, _dotted, _hard, _soft, _absolute])
def test_no_output_file_is_an_input(tmp_path, capsys, monkeypatch, output):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "deck.txt").write_bytes(BD4_BYTES)
    svg = output(tmp_path)
    names = sorted(p.name for p in tmp_path.iterdir())
    result = run(capsys, "stats", "deck.txt", "--svg", svg)
    assert result.code == 2 and result.out == ""
    assert result.err.count("\n") == 1 and "--svg" in result.err and "Traceback" not in result.err
    assert (tmp_path / "deck.txt").read_bytes() == BD4_BYTES
    assert sorted(p.name for p in tmp_path.iterdir()) == names


def test_an_svg_beside_the_deck_is_written(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deck.txt").write_bytes(BD4_BYTES)
    assert run(capsys, "stats", "deck.txt", "--svg", "deck.svg").code == 0
    assert (tmp_path / "deck.svg").read_text(encoding="utf-8").startswith("<svg")


def _compares_with_dash(node: ast.AST) -> bool:
    if not isinstance(node, ast.Compare) or not any(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops):
        return False
    sides = [node.left, *node.comparators]
    return any(isinstance(side, ast.Constant) and side.value == "-" for side in sides) or any(
        isinstance(side, ast.Name) and side.id in ("STDIN", "STDIN_ARGUMENT") for side in sides
    )


def test_standard_input_is_decided_at_the_cli_edge_only():
    """No module compares a path's text with ``-``: ``Path("./-")`` is spelled ``-`` too. Only the
    CLI, which has the argument as typed, looks at the text; everything below asks ``is_stdin``."""
    package = Path(duepa_check.__file__).parent
    edge = {package / "cli" / "app.py", package / "cli" / "arguments.py"}
    found = [
        f"{path.relative_to(package)}:{node.lineno}"
        for path in sorted(package.rglob("*.py"))
        if path not in edge
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if _compares_with_dash(node)
    ]
    assert found == []
