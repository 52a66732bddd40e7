"""The marks that may not start a Japanese line never start one, at any width (issue 49).

The list is this test's own (JIS X 4051's 行頭禁則 as the report promises it: closing marks, the
small kana and ー), not the code's: removing a mark from the code's list fails here. Each mark is
put where a line is full, so that a break before it is the natural one, and the line is drawn by
rich at several widths, as the terminal report draws its cells and lines.
"""

from __future__ import annotations

import io

import pytest

from duepa_check.linebreak import plain_line, wrap

CLOSING = "、。，．）」』】〉》"
SMALL_KANA = "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ"
LONG_MARK = "ー"
NOT_AT_LINE_START = CLOSING + SMALL_KANA + LONG_MARK
WIDTHS = (10, 13, 20, 31)


def _drawn(text: str, width: int) -> list[str]:
    """``text`` as rich draws it on a terminal ``width`` cells wide, line by line."""
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, width=width, color_system=None, legacy_windows=False).print(plain_line(text))
    return [line.rstrip() for line in out.getvalue().splitlines()]


def _cells(text: str) -> int:
    from rich.cells import cell_len

    return cell_len(text)


def _full_line_then(mark: str, width: int) -> str:
    """Kanji that fill a line of ``width`` cells, then ``mark``, then more: the mark falls at the
    start of the second line unless the break moves."""
    return "漢" * (width // 2) + mark + "字" * width


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("mark", list(NOT_AT_LINE_START))
def test_the_mark_does_not_start_a_drawn_line(mark, width):
    text = _full_line_then(mark, width)
    lines = _drawn(text, width)
    assert "".join(lines) == text  # nothing lost or added
    assert len(lines) > 1 and all(_cells(line) <= width for line in lines)
    assert [line for line in lines if line.startswith(mark)] == [], lines
    assert wrap(text, width) == lines  # the plain drawing breaks where the terminal does


@pytest.mark.parametrize("width", WIDTHS)
def test_a_run_of_marks_stays_off_the_line_start(width):
    """「終わり。」』 and ッー: several marks in a row go with the character before them."""
    for marks in ("。」", "ッー", "ょ。", "）、"):
        text = _full_line_then(marks, width)
        lines = _drawn(text, width)
        assert "".join(lines) == text
        assert all(line[:1] not in NOT_AT_LINE_START for line in lines), lines


def test_an_ordinary_character_may_start_a_line():
    """The other side: without a mark the full line breaks where it is full (the test above is not
    passing because nothing ever breaks there)."""
    width = 10
    assert _drawn(_full_line_then("字", width), width)[1].startswith("字")
