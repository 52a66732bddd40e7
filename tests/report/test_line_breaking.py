"""The terminal drawing breaks lines where a reader expects: never inside a command, an option, a
date, a card name in 《》 or a rule id, and no 、。」》） at a line's start (kinsoku); under
pre-commit the report is the plain drawing (issue 36)."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support import AS_OF, BD4, DECKS, make_deck, run

from duepa_check.linebreak import NO_END, NO_START, line_starts, units, wrap

WHOLE = [
    "《ボルシャック・ドラゴ大王》",
    "《龍の呼び声》",
    "'duepa-check update'",
    "--include-unconfirmed",
    "--as-of",
    "2026-03-16",
    "DP202",
    "YYYY/MM/DD",
    "duepa-check partners",
    "'1 フェアリー・シャワー'",  # a decklist entry a hint asks to write (issue 47)
    "「1 フェアリー・シャワー」",
]
PROSE = [
    "は",
    "を",
    "、",
    "。",
    "」",
    "（",
    "）",
    "ください",
    "レギュレーション",
    "のデータ",
    "Japanese",
    "the ",
    " ",
    "パートナー",
    "「",
    "ー",
    "っ",
    "ゃ",
    "文明",
    "run ",
    "or pass ",
    "(",
    ")",
]


def _cells(text: str) -> int:
    from rich.cells import cell_len

    return cell_len(text)


@settings(max_examples=400, deadline=None)
@example(pieces=["Japanese", "Japanese", "run ", "、"], width=20)  # a word folded by character: 、 still not first
@given(
    pieces=st.lists(
        st.sampled_from([f" {w} " if w[0].isascii() else w for w in WHOLE] + PROSE * 2), min_size=1, max_size=30
    ),
    width=st.integers(20, 60),
)
def test_wrapped_lines_keep_the_text_the_units_and_the_kinsoku(pieces, width):
    text = "".join(pieces).strip()  # (a cell never starts with spaces: they would count on its first line)
    lines = wrap(text, width)
    assert "".join(text.split()) == "".join("".join(lines).split())  # nothing lost, nothing added
    assert all(_cells(line) <= width for line in lines)
    for before, line in zip(lines, lines[1:]):
        if line and before:
            assert line[0] not in NO_START, (before, line)
            assert before[-1] not in NO_END, (before, line)
    found = units(text)
    for whole in WHOLE:  # a card name, a command, an option, a date, a rule id: inside one unit
        assert text.count(whole) == sum(unit.count(whole) for unit in found), (whole, found)
    for unit in found:  # and a unit that fits a line is on one line
        if _cells(unit.strip()) <= width:
            assert any(unit.strip() in line for line in lines), (unit, lines)


def test_a_unit_wider_than_the_line_is_folded_at_its_own_breaks():
    # between its words (ドラゴ大王 whole); a word wider than the line (《ボルシャック・, 14 cells) by character
    assert wrap("《ボルシャック・ドラゴ大王》が", 12) == ["《ボルシャッ", "ク・", "ドラゴ大王》", "が"]
    assert wrap("《ボルシャック・ドラゴ大王》が", 20) == ["《ボルシャック・", "ドラゴ大王》が"]
    assert wrap("run --include-unconfirmed now", 12) == ["run", "--include-", "unconfirmed", "now"]
    assert line_starts("", 10) == []


def _table_cells(out: str) -> list[str]:
    """The text of each cell line of the rich problem table."""
    found = []
    for line in out.splitlines():
        if line.startswith("│"):
            found += [part.strip() for part in line.strip("│").split("│")]
    return [cell for cell in found if cell]


@pytest.fixture
def broken(tmp_path):
    return make_deck(tmp_path, BD4, replace={30: "1 フェアリー・シャワー", 31: "1 龍の呼び声", 33: "1 龍の呼び声"})


@pytest.mark.parametrize("columns", [60, 80, 100])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_terminal_report_breaks_nothing_a_reader_copies(capsys, monkeypatch, broken, lang, columns):
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", str(columns))
    out = run(capsys, broken, "--as-of", "2027-01-01", "--lang", lang, "--no-color").out
    assert ("┏" in out) is (columns >= 80)  # rich drew the table; at 60 its words do not fit: a problem a block
    cells = _table_cells(out)
    for cell in cells:
        assert cell[0] not in NO_START, cell
    for whole in ("2026-03-16", "2027-01-01", "DP202", "DP005", "DP002", "--as-of"):
        assert whole in out, whole
    if columns >= 100:
        assert "duepa-check update" in out and "--include-unconfirmed" in out
        assert "《ボルシャック・ドラゴ大王》" in out and "《フェアリー・シャワー》" in out


def _in_a_pty(args: list[str], env: dict[str, str]) -> str:
    """Run duepa-check with stdout on a fresh pseudo-terminal (no size: as pre-commit's is)."""
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "duepa_check", *args],
            stdout=follower,
            stderr=subprocess.PIPE,
            env=env,
            timeout=120,
            check=False,
        )
        os.close(follower)
        follower = -1
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert done.returncode == 1, done.stderr
        return b"".join(chunks).decode("utf-8").replace("\r\n", "\n")
    finally:
        os.close(leader)
        if follower >= 0:
            os.close(follower)


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="no pseudo-terminals here")
def test_under_pre_commit_the_report_is_the_plain_drawing(broken, tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("COLUMNS", "TTY_COMPATIBLE", "FORCE_COLOR", "PRE_COMMIT")
    }
    env["XDG_DATA_HOME"] = str(tmp_path / "no-user-data")
    plain = subprocess.run(
        [sys.executable, "-m", "duepa_check", str(broken), "--as-of", AS_OF],
        capture_output=True,
        env=env,
        check=False,
        text=True,
    ).stdout
    terminal = _in_a_pty([str(broken), "--as-of", AS_OF], env)
    assert "┏" in terminal and "\x1b[" in terminal  # a terminal: rich, colours
    hook = _in_a_pty([str(broken), "--as-of", AS_OF], {**env, "PRE_COMMIT": "1"})
    assert hook == plain  # pre-commit's pty: the plain drawing, each problem on one line
    assert re.search(r"DP002 .*龍の呼び声.*\n", hook)


def test_a_line_printed_on_its_own_breaks_the_same_way(capsys, monkeypatch):
    """console.print joins the Text it is given into a plain Text: a line must keep its own breaks."""
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", "40")
    out = run(capsys, "card", "ボルシャック・ドラゴソ", "--lang", "ja").out
    lines = [line for line in out.splitlines() if line]
    assert all(line[0] not in NO_START for line in lines), lines
    assert any("《ボルシャック・ドラゴン》" in line for line in lines) and "《ボルシャック・ドギラゴン》" in out


@pytest.mark.parametrize("columns", [50, 60, 80])
@pytest.mark.parametrize("command", [["partners", DECKS / BD4], ["card", "爆龍覇", "グレンリベット"]])
def test_every_view_s_cells_keep_the_kinsoku(capsys, monkeypatch, command, columns):
    """The `partners` table (or its stacked lines) and the `card` panel break their cells as the
    report's table does."""
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("NO_COLOR", "1")
    done = run(capsys, *command, "--lang", "ja")
    out = done.out
    assert done.code == 0, done.err
    cells = [
        cell
        for line in out.splitlines()
        if line.startswith("│")
        for cell in (part.strip() for part in line.strip("│").split("│"))
        if cell
    ]
    if not cells:  # a terminal too narrow for the partners table: a candidate a line (issue 47)
        assert command[0] == "partners" and columns < 80, out
        cells = [line.strip() for line in out.splitlines() if line.strip()]
    assert cells and all(cell[0] not in NO_START for cell in cells), [c for c in cells if c[0] in NO_START]
