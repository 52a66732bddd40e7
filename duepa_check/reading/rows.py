"""A table row's cells read as a card: by the table's header when it has one (カード名/名前/name,
枚数/count, and optionally a パートナー column); without a header, by its cells: the one cell that
is a count (``1``, ``x1``, ``1枚``) and the cell that names the card (``NAME,1``, ``1,NAME``,
``"NAME",1``, ``| 1 | NAME |``). Header rows and Markdown ``|---|`` rows are not cards; a row whose
count cannot be told (two number cells and no header) is reported (DP102), never guessed.

A row read is a ``Row``: what the row says, which the reader (``reading.text.TextReader``) takes
in, whether it comes from a CSV file (``reading.tables``) or is a table line of a text decklist.
This module only reads; it never touches the reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TypedDict

from ..messages import Msg
from .card_line import LONGEST_NAME, MAX_COUNT, more_readings, name_problem, read_card_line
from .model import Entry, ParseProblem
from .words import (
    TABLE_COUNT_COLUMNS,
    TABLE_NAME_COLUMNS,
    TABLE_NO_CELLS,
    TABLE_OTHER_COLUMNS,
    TABLE_PARTNER_COLUMNS,
    cell_word,
    is_partner_word,
)

_COUNT_CELL = r"^(?:[xX×ｘＸ]\s*)?(\d{1,3})\s*(?:枚|[xX×ｘＸ])?$"
_RULE_CELL = r"^:?-{1,}:?$"  # a Markdown table's |---|:--:| row
_LINK = r"\[([^\]]*)\]\([^)]*\)"


def clean_cell(cell: str) -> str:
    """A cell's text without Markdown emphasis, code marks and link targets."""
    cell = cell.strip()
    if "*" in cell or "`" in cell:
        cell = cell.replace("**", "").replace("`", "").strip()
    if "](" in cell:
        cell = re.sub(_LINK, r"\1", cell)
    return cell


# A Markdown cell bar: not escaped (\|), and not inside 《》 (《神聖十二神騎:||》 is one card's name).
_CELL_BAR = re.compile(r"(?<!\\)\|(?![^《》]*》)")


def split_cells(line: str, delimiter: str | None = None) -> list[str]:
    """A Markdown row's or a CSV/TSV line's cells (``delimiter``: by the line's commas, else tabs)."""
    if line.lstrip().startswith("|"):
        body = line.strip().strip("|")
        return [clean_cell(cell) for cell in re.split(_CELL_BAR, body)]
    import csv

    delimiter = delimiter or ("," if "," in line else "\t")
    try:
        return [clean_cell(cell) for cell in next(csv.reader([line], delimiter=delimiter), [])]
    except csv.Error:
        return [clean_cell(cell) for cell in line.split(delimiter)]


class Columns(TypedDict, total=False):
    """A deck table's header read: where its name, count and partner columns are (header_columns)."""

    name: int
    count: int
    partner: int
    pairs: tuple[tuple[int, int | None, int | None], ...]  # a further card's (name, count, partner)
    free: tuple[int, ...]  # the columns with no header word
    width: int  # the header's width: a cell beyond it has no header word either


def header_columns(cells: list[str]) -> Columns | None:
    """{'name': i, 'count': j, 'partner': k, ...} when the row is a deck table's header row.

    A recipe printed in two columns (``| 枚数 | カード名 | 枚数 | カード名 |``) has a name column
    per card: ``'pairs'`` holds each further (name, count, partner) column, read as cards of their
    own. ``'free'`` holds the columns with no header word (and ``'width'`` the header's width: a
    cell beyond it has none either): a card name there is never dropped unread (reading.resolve).
    """
    words = [cell_word(cell) for cell in cells]
    if not any(w in TABLE_NAME_COLUMNS for w in words):
        return None
    known = TABLE_NAME_COLUMNS | TABLE_COUNT_COLUMNS | TABLE_PARTNER_COLUMNS | TABLE_OTHER_COLUMNS
    words = [w if w in known or not is_partner_word(cell) else "partner" for w, cell in zip(words, cells)]
    if not all(w in known for w in words if w):  # 'Partner card', 'パ－トナ－': the partner word's forms
        return None
    places: dict[str, list[int]] = {"name": [], "count": [], "partner": []}
    for index, word in enumerate(words):
        for kind, header_words in (
            ("name", TABLE_NAME_COLUMNS),
            ("count", TABLE_COUNT_COLUMNS),
            ("partner", TABLE_PARTNER_COLUMNS),
        ):
            if word in header_words:
                places[kind].append(index)
    columns = Columns()
    names, counts, partners = places["name"], places["count"], places["partner"]
    if names:
        columns["name"] = names[0]
    if counts:
        columns["count"] = counts[0]
    if partners:
        columns["partner"] = partners[0]
    if len(names) > 1:  # one card per name column; its count and partner columns, when each has its own

        def own(kind: str, number: int) -> int | None:
            found = places[kind]
            return found[number] if len(found) == len(names) else None

        columns["pairs"] = tuple((names[n], own("count", n), own("partner", n)) for n in range(1, len(names)))
    columns["free"] = tuple(index for index, word in enumerate(words) if not word)
    columns["width"] = len(words)
    return columns


@dataclass(slots=True)
class Row:
    """What one table row says: a header (``columns``, the table's from now on), or one cell to be
    read as a line of its own (``line``; ``as_text``: as a line that is no table row), or the
    cards (``entries``) and ``problems`` its cells make, with the names of its other name cells
    (``cells``, for reading.resolve). A ``Row()`` is a row that says nothing (a ``|---|`` row)."""

    columns: Columns | None = None
    line: str | None = None
    as_text: bool = False
    entries: list[Entry] = field(default_factory=list)
    problems: list[ParseProblem] = field(default_factory=list)
    cells: tuple[str, ...] | None = None


def read_row(number: int, line: str, columns: Columns | None) -> Row | None:
    """A table row or CSV-like line of a text decklist, under the table's ``columns`` (None: no
    header read yet); None when the line is no row after all."""
    table = line.lstrip().startswith("|")
    if not table and "\t" in line and "," in line:
        row = read_cells(number, split_cells(line, "\t"), table, columns)
        if row is not None:
            return row  # a tab-separated line whose name has a comma ('*/ Chupacal, Reigen /*<TAB>2')
    return read_cells(number, split_cells(line), table, columns)


def read_cells(number: int, cells: list[str], table: bool, columns: Columns | None) -> Row | None:
    """One row's cells, under the table's ``columns`` (None: no header read yet).

    ``table`` is True for rows that are surely table rows (a CSV file, a Markdown ``|`` row); a
    comma or tab in a text line makes a row only when its cells read as one (a count and a name,
    or under a header), so that '作成日：2024/05/01, 更新' stays the metadata line it is (None).
    """
    filled = [(index, cell) for index, cell in enumerate(cells) if cell]
    if not filled:
        return Row() if table else None
    if table and all(re.match(_RULE_CELL, cell) for _, cell in filled):
        return Row()
    header = header_columns(cells)
    if header is not None:
        return Row(columns=header)
    if len(filled) == 1:
        if not table:
            return None
        cell = filled[0][1]
        return Row(line=cell, as_text="," in cell or "|" in cell)
    if columns is not None:
        return _by_header(number, cells, columns)
    return _by_cells(number, filled, table)


def _by_header(number: int, cells: list[str], columns: Columns) -> Row:
    def at(index: int | None) -> str:
        return cells[index] if index is not None and index < len(cells) else ""

    row = Row()
    free = [cells[index] for index in columns.get("free", ()) if index < len(cells) and cells[index]]
    free += [cell for cell in cells[columns.get("width", len(cells)) :] if cell]
    name, count, partner = at(columns.get("name")), at(columns.get("count")), at(columns.get("partner"))
    _header_card(row, number, cells, name, count, "count" in columns, partner, free)
    for name_at, count_at, partner_at in columns.get("pairs", ()):
        name, count_text = at(name_at), at(count_at)
        if name or count_text:  # the right-hand pair of a two-column recipe: a card of its own
            _header_card(row, number, cells, name, count_text, count_at is not None, at(partner_at), [])
    return row


def _header_card(
    row: Row,
    number: int,
    cells: list[str],
    name: str,
    count_text: str,
    counted: bool,
    partner_text: str,
    free: list[str],
) -> None:
    if not name:
        shown = ", ".join(c for c in cells if c)
        row.problems.append(ParseProblem(number, shown, Msg("parse.table-no-name", {})))
        return
    count = 1
    if counted:
        matched = re.match(_COUNT_CELL, count_text)
        if matched is None:
            row.problems.append(
                ParseProblem(number, f"{name}, {count_text}", Msg("parse.table-bad-count", {"count": count_text}))
            )
            return
        count = int(matched.group(1))
    _add(row, number, name, count, cell_word(partner_text) not in TABLE_NO_CELLS, others=free)


def _by_cells(number: int, filled: list[tuple[int, str]], table: bool) -> Row | None:
    counts = [cell for _, cell in filled if re.match(_COUNT_CELL, cell)]
    partner = any(is_partner_word(cell) for _, cell in filled)
    names = [cell for _, cell in filled if not re.match(_COUNT_CELL, cell) and not is_partner_word(cell)]
    if len(counts) > 1 and table:
        shown = ", ".join(cell for _, cell in filled)
        return Row(problems=[ParseProblem(number, shown, Msg("parse.table-which-count", {}))])
    if len(counts) != 1 and not table or not names:
        return None
    matched = re.match(_COUNT_CELL, counts[0]) if counts else None
    row = Row()
    _add(row, number, names[0], int(matched.group(1)) if matched else None, partner, others=names[1:])
    return row


def _add(row: Row, number: int, text: str, count: int | None, partner: bool, others: list[str] | None = None) -> None:
    """A row's card: its name cell read like a card line (《》, remarks, a partner mark)."""
    read = read_card_line(text)
    main = read.main
    if count is None:
        count = main.count
    problem = read.problem or name_problem(main.name, count)
    if problem:
        # its readings stay: a name that looks like none (《♪2×2-4×5+17=1》) is still that card (reading.resolve)
        readings = (main._replace(count=count), *(r._replace(count=count) for r in more_readings(text) + read.others))
        readings = tuple(r for r in readings if len(r.name) <= LONGEST_NAME) if count <= MAX_COUNT else ()
        row.problems.append(ParseProblem(number, text, problem, readings))
        return
    if count == 0:  # a card listed 0 times is not in the deck, and said so (DP102)
        row.problems.append(ParseProblem(number, text, Msg("parse.count-zero", {})))
        return
    readings = tuple(r._replace(count=count) for r in more_readings(text) + read.others)
    if others:  # the row's other name cells: each may name a card too (reading.resolve reports a row naming two)
        cells = tuple(read_card_line(cell).main._replace(count=count) for cell in others)
        row.cells = tuple(cell.name for cell in cells)
        readings += cells
    row.entries.append(Entry(number, main.name, count, partner or main.partner, readings))
