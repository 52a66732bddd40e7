"""Draw a table in box characters without rich: for check output that is not going to a terminal.

Off a terminal there is no width to fit and nobody to see colour, so rich would only cost its
import, which takes longer than checking a deck. This draws the same heavy-headed box rich
draws, but never wraps a cell: each row stays on one line, which `grep` and CI logs prefer.
Widths count East Asian wide characters as two columns, as terminals and rich do.
"""

from __future__ import annotations

from collections.abc import Sequence
from unicodedata import combining, east_asian_width


def cell_width(text: str) -> int:
    """Columns ``text`` takes in a monospaced terminal font."""
    if text.isascii():
        return len(text)
    return sum(0 if combining(ch) else 2 if east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - cell_width(text))


def box_table(headers: Sequence[str], rows: Sequence[Sequence[str]], title: str | None = None) -> str:
    """The table as text lines (no trailing newline); cells keep their text whole."""
    widths = [cell_width(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], cell_width(cell))

    def rule(left: str, fill: str, join: str, right: str) -> str:
        return left + join.join(fill * (w + 2) for w in widths) + right

    def line(cells: Sequence[str], bar: str) -> str:
        return bar + bar.join(f" {_pad(c, w)} " for c, w in zip(cells, widths, strict=True)) + bar

    lines = []
    if title and title.strip():
        total = sum(widths) + 3 * len(widths) + 1
        lines.append(title.center(total).rstrip())
    lines.append(rule("┏", "━", "┳", "┓"))
    lines.append(line(headers, "┃"))
    lines.append(rule("┡", "━", "╇", "┩"))
    lines.extend(line(row, "│") for row in rows)
    lines.append(rule("└", "─", "┴", "┘"))
    return "\n".join(lines)
