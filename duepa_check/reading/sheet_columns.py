"""A submission sheet's columns: which header names the decklist, the player, the partner and the
time (``find_columns``, by the header words of ``reading.words``, or a question that holds one),
the columns options name instead (``SheetColumns``: a header's text or a 1-based number),
and whether a header makes the file a sheet at all (``sheet_columns``).
"""

from __future__ import annotations

from typing import NamedTuple

from ..messages import Msg
from ..printable import printable
from .model import DeckInputError
from .words import (
    SHEET_DECK_COLUMNS,
    SHEET_DECK_PARTS,
    SHEET_NOT_A_LIST_PARTS,
    SHEET_NOT_A_PLAYER_PARTS,
    SHEET_PARTNER_COLUMNS,
    SHEET_PARTNER_PARTS,
    SHEET_PLAYER_COLUMNS,
    SHEET_PLAYER_PARTS,
    SHEET_TIME_COLUMNS,
    SHEET_TIME_PARTS,
    header_word,
)

COLUMN_KINDS = ("deck", "player", "partner", "time")
# Each kind's whole header words, in the order a header cell is tried against them.
_WHOLE_HEADERS_BY_KIND = (
    ("deck", SHEET_DECK_COLUMNS),
    ("player", SHEET_PLAYER_COLUMNS),
    ("partner", SHEET_PARTNER_COLUMNS),
    ("time", SHEET_TIME_COLUMNS),
)


class SheetColumns(NamedTuple):
    """Columns the options name (header text or a 1-based number), for headers that say nothing."""

    deck: str | None = None
    player: str | None = None
    partner: str | None = None
    time: str | None = None


# ---------------------------------------------------------------------------- the header


def _kind(word: str) -> tuple[str, int] | None:
    """(column kind, 0 for a whole header word or 1 for a part of a question) of a header cell."""
    for kind, words in _WHOLE_HEADERS_BY_KIND:
        if word in words:
            return kind, 0
    if not word:
        return None
    if any(part in word for part in SHEET_DECK_PARTS) and not any(other in word for other in SHEET_NOT_A_LIST_PARTS):
        return "deck", 1
    if any(part in word for part in SHEET_PARTNER_PARTS):
        return "partner", 1
    if any(part in word for part in SHEET_TIME_PARTS):
        return "time", 1
    if any(part in word for part in SHEET_PLAYER_PARTS) and not any(
        other in word for other in SHEET_NOT_A_PLAYER_PARTS
    ):
        return "player", 1
    return None


def find_columns(header: list[str], rows: list[list[str]]) -> dict[str, int]:
    """{kind: column index} found by the header's words. Of several deck columns, the one with the
    most multi-line cells (a deck name column holds one line); whole words before parts."""
    found: dict[str, list[tuple[int, int]]] = {}
    for index, cell in enumerate(header):
        kind = _kind(header_word(cell))
        if kind is not None:
            found.setdefault(kind[0], []).append((kind[1], index))
    columns = {kind: min(places)[1] for kind, places in found.items()}
    decks = found.get("deck", [])
    if len(decks) > 1:

        def lines(index: int) -> int:
            return sum(index < len(row) and "\n" in row[index].strip() for row in rows)

        columns["deck"] = min(decks, key=lambda place: (-lines(place[1]), place))[1]
    return columns


def _named_column(named: str, header: list[str], path: str, option: str) -> int:
    """The column an option names: a 1-based number, or a header's text (as written, or its word)."""
    text = named.strip()
    if text.isdigit() and 0 < int(text) <= len(header):
        return int(text) - 1
    for matches in (lambda cell: cell.strip() == text, lambda cell: header_word(cell) == header_word(text)):
        for index, cell in enumerate(header):
            if matches(cell):
                return index
    shown = ", ".join(f"{index}: {printable(cell.strip())[:40]}" for index, cell in enumerate(header, start=1))
    raise DeckInputError(
        Msg("sheet.no-such-column", {"path": path, "option": option, "column": named, "columns": shown})
    )


def sheet_columns(header: list[str], rows: list[list[str]], named: SheetColumns, where: str) -> dict[str, int] | None:
    """The sheet's columns, or None when the file is a decklist, not a sheet."""
    if named.deck is None:
        from .rows import header_columns

        if header_columns([cell.strip() for cell in header]) is not None:
            return None  # a deck table's header (カード名, 枚数): one card per row
    columns = find_columns(header, rows)
    chosen: dict[int, str] = {}
    for kind in COLUMN_KINDS:
        option = getattr(named, kind)
        if option is not None:
            columns[kind] = _named_column(option, header, where, f"--{kind}-column")
            if columns[kind] in chosen:  # one column is one thing: never dropped in silence
                raise DeckInputError(
                    Msg(
                        "sheet.column-twice",
                        {
                            "path": where,
                            "option": f"--{kind}-column",
                            "column": option,
                            "other": f"--{chosen[columns[kind]]}-column",
                        },
                    )
                )
            chosen[columns[kind]] = kind
    if named.deck is None and "deck" in columns and columns["deck"] in chosen:
        kind = chosen[columns["deck"]]
        raise DeckInputError(
            Msg("sheet.column-is-deck", {"path": where, "option": f"--{kind}-column", "column": getattr(named, kind)})
        )
    if "deck" not in columns:
        return None
    if named.deck is None and "time" not in columns:
        deck = columns["deck"]
        if not any(deck < len(row) and len(_filled_lines(row[deck])) > 1 for row in rows):
            return None  # one line per cell: a decklist headed デッキ, not form responses
    taken: dict[int, str] = {}
    for kind in COLUMN_KINDS:  # one column is one thing: the deck column first
        if kind in columns and columns[kind] in taken:
            del columns[kind]
        elif kind in columns:
            taken[columns[kind]] = kind
    return columns


def _filled_lines(cell: str) -> list[str]:
    return [line for line in cell.split("\n") if line.strip()]
