"""Decklists as tables: CSV/TSV exported from a spreadsheet (``parse_csv``), and whether a .csv or
.md file a folder walk meets is a decklist at all (``looks_like_deck``: ``starts_like_deck`` on its
first bytes). How one row's cells are read is ``reading.rows``'s (a text decklist's table lines are
read the same way).

A row becomes a card by its table's header when it has one (カード名/名前/name, 枚数/count, and
optionally a パートナー column); without a header, by its cells: the one cell that is a count
(``1``, ``x1``, ``1枚``) and the cell that names the card (``NAME,1``, ``1,NAME``, ``"NAME",1``,
``| 1 | NAME |``). Header rows and Markdown ``|---|`` rows are not cards; a row whose count cannot
be told (two number cells and no header) is reported (DP102), never guessed. Every row keeps the
line it starts on (``csv.reader().line_num``), so a problem is reported where it can be fixed.
"""

from __future__ import annotations

from pathlib import Path

from ..messages import Msg
from .decode import decode, split_lines
from .model import DeckInputError, DeckList, ParseProblem
from .partner_line import partner_line
from .rows import Columns, clean_cell, header_columns, read_cells, split_cells
from .text import TextReader, heading_of

DECK_SNIFF_BYTES = 8192  # looks_like_deck reads this much of a .csv/.md file: its header or partner line
DECK_SNIFF_LINES = 50  # and this many of its first lines


# ---------------------------------------------------------------------------- CSV files


def parse_csv(text: str, path: str) -> DeckList:
    """A .csv/.tsv decklist: rows by the header when there is one, else by their cells."""
    import csv

    reader = TextReader(path)
    lines = split_lines(text)
    delimiter = "\t" if path.lower().endswith(".tsv") else _delimiter(lines)
    rows = csv.reader((line + "\n" for line in lines), delimiter=delimiter)
    start = 1
    while True:
        try:
            cells = next(rows)
        except StopIteration:
            break
        except csv.Error as error:  # e.g. a quote never closed, holding the rest of the file
            problem = Msg("parse.csv-error", {"error": str(error)})
            reader.deck.problems.append(ParseProblem(start, lines[start - 1][:60], problem))
        else:
            pasted = [
                cell
                for index, cell in enumerate(cells)
                if "\n" in cell.strip() and _may_be_cards(reader.columns, index)
            ]
            if pasted:  # a decklist pasted into one cell (a sheet's row): never read as its first line alone
                shown = pasted[0].strip().split("\n")[0][:60]
                lines_in = pasted[0].strip().count("\n") + 1
                reader.deck.problems.append(ParseProblem(start, shown, Msg("parse.cell-of-lines", {"lines": lines_in})))
            else:
                row = read_cells(start, [clean_cell(cell) for cell in cells], True, reader.columns)
                if row is not None:  # None: cells that name no card (a count and a partner mark alone)
                    reader.take_row(start, row)
        start = rows.line_num + 1
    return reader.deck


def _may_be_cards(columns: Columns | None, index: int) -> bool:
    """Whether a row's cell at ``index`` is read for cards: any cell without a header; under one,
    the name, count and partner columns and the unheaded ones (a メモ column's lines are notes)."""
    if columns is None:
        return True
    named = {columns.get("name"), columns.get("count"), columns.get("partner")}
    named.update(place for pair in columns.get("pairs", ()) for place in pair)
    return index in named or index in columns.get("free", ()) or index >= columns.get("width", index + 1)


def _delimiter(lines: list[str]) -> str:
    first = next((line for line in lines if line.strip()), "")
    for delimiter in (",", "\t", ";"):
        if delimiter in first:
            return delimiter
    return ","


# ---------------------------------------------------------------------------- folder walks


def looks_like_deck(path: Path) -> bool:
    """Whether a .csv/.md file found in a folder starts like a decklist (``starts_like_deck``, on
    its first DECK_SNIFF_BYTES). A deck repository's README.md and data CSVs do not, so a folder
    walk leaves them alone."""
    try:
        with open(path, "rb") as handle:
            text = decode(handle.read(DECK_SNIFF_BYTES), str(path))
    except (OSError, DeckInputError):
        return False
    return starts_like_deck(text)


def starts_like_deck(text: str) -> bool:
    """Whether a text starts like a decklist: a deck table header (カード名/name, …), a partner
    heading or a partner line (``パートナーカード: NAME``, in any form the text reader takes) within
    its first DECK_SNIFF_LINES lines. A text, not a file: an editor or a web page asks it too."""
    for line in split_lines(text)[:DECK_SNIFF_LINES]:
        line = line.strip()
        if not line:
            continue
        if ("|" in line or "," in line or "\t" in line) and header_columns(split_cells(line)) is not None:
            return True
        text_line = line.lstrip("#").strip()
        heading = heading_of(text_line)
        if heading is not None and heading[0] == "partner" or partner_line(text_line) is not None:
            return True
    return False
