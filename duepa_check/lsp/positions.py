"""Lines and columns as the protocol counts them, and edits applied by them.

A line ends at CRLF, CR or LF, as the decklist reader splits (``reading.decklist.split_lines``)
and as the protocol says; a form feed, NEL or U+2028 inside a line stays inside it (Python's
``splitlines`` would split there, and every later line would be off by one). A column is counted in
the negotiated encoding: UTF-8 bytes (Neovim), UTF-16 code units (VS Code, and any client that
names none), or code points (Emacs). Columns from the client are clamped to the line, and one
inside a character (half of a surrogate pair, a byte inside a UTF-8 sequence) goes to its start.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"
ENCODINGS = (UTF8, UTF16, UTF32)
_BREAK = re.compile(r"\r\n|\r|\n")


class Span(NamedTuple):
    """A range in code points: 0-based line and column of its start and end."""

    line: int
    start: int
    end_line: int
    end: int


def choose_encoding(offered: Sequence[str] | None) -> str:
    """The client's first offered encoding we speak; UTF-16 when it offers none (the protocol's default)."""
    for name in offered or ():
        if name in ENCODINGS:
            return name
    return UTF16


def line_starts(text: str) -> list[int]:
    """The offset of every line's first character (a text ending in a break has an empty last line)."""
    return [0, *(match.end() for match in _BREAK.finditer(text))]


def lines_of(text: str) -> list[str]:
    """The lines without their breaks."""
    return _BREAK.split(text)


def units(text: str, encoding: str) -> int:
    """How many code units of ``encoding`` ``text`` takes."""
    if encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def to_client(line: str, column: int, encoding: str) -> int:
    """A code-point column of ``line`` in the client's units."""
    return units(line[: max(0, column)], encoding)


def from_client(line: str, column: int, encoding: str) -> int:
    """The code-point column of a client column: clamped to the line; inside a character, its start."""
    if column <= 0:
        return 0
    if encoding == UTF32:
        return min(column, len(line))
    counted = 0
    for index, char in enumerate(line):
        width = units(char, encoding)
        if counted + width > column:
            return index
        counted += width
    return len(line)


def offset_at(text: str, starts: list[int], line: int, column: int, encoding: str) -> int:
    """The offset in ``text`` of a client position (line past the end: the end of the text)."""
    if line < 0:
        return 0
    if line >= len(starts):
        return len(text)
    begin = starts[line]
    end = starts[line + 1] if line + 1 < len(starts) else len(text)
    body = text[begin:end].rstrip("\r\n") if line + 1 < len(starts) else text[begin:end]
    return begin + from_client(body, column, encoding)


def apply_change(text: str, change: tuple[int, int, int, int] | None, new: str, encoding: str) -> str:
    """``text`` with one didChange edit made: ``change`` is (start line, start column, end line, end
    column) in client units, or None for the whole text."""
    if change is None:
        return new
    starts = line_starts(text)
    first = offset_at(text, starts, change[0], change[1], encoding)
    last = offset_at(text, starts, change[2], change[3], encoding)
    if last < first:
        first, last = last, first
    return text[:first] + new + text[last:]


def client_range(lines: list[str], span: Span, encoding: str) -> tuple[int, int, int, int]:
    """A code-point span as the client counts it: (start line, start column, end line, end column)."""

    def column(line: int, at: int) -> int:
        return to_client(lines[line], at, encoding) if 0 <= line < len(lines) else 0

    return span.line, column(span.line, span.start), span.end_line, column(span.end_line, span.end)


def position_at(text: str, starts: list[int], offset: int, encoding: str) -> tuple[int, int]:
    """The client position (line, column in its units) of an offset in ``text``."""
    from bisect import bisect_right

    line = max(0, bisect_right(starts, offset) - 1)
    return line, units(text[starts[line] : offset], encoding)
