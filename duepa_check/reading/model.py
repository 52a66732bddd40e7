"""The decklist model: what a parser makes of a decklist (``DeckList``: its ``Entry`` lines, its
``Heading`` counts, its ``ParseProblem`` lines) and the one failure of reading it at all
(``DeckInputError``). Every parser (reading.text, reading.tables, reading.structured) imports this
module, never the dispatcher (reading.decklist), so the parsers and the dispatcher form no loop.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import DuepaError
from ..messages import Msg


class DeckInputError(DuepaError):
    """The file cannot be read as a decklist at all (exit code 2). Its message is always a Msg:
    the sheet reader asks which (``input.changed-while-read``)."""

    message: Msg

    def __init__(self, message: Msg) -> None:
        super().__init__(message)


class Reading(NamedTuple):
    """One way to read a card line (reading.card_line): the copies, the name, whether it marks the partner."""

    count: int  # type: ignore[assignment]  # the deck's word; it hides tuple.count, which no one calls
    name: str
    partner: bool = False


class Entry(NamedTuple):
    """One decklist line that names a card: the name as typed, how many, where.

    When ``name`` is no card, other readings of the same line are tried (reading.resolve): those of the
    card-line text ``source`` ('1 NAME （新規）' → NAME; reading.card_line.more_readings), then
    ``others``, (count, name, partner) each. ``mark`` is the bracket of a line such as
    【五輪の求道者 清永】: when none of its readings is a card, the line is a heading.
    """

    line: int
    name: str
    count: int = 1  # type: ignore[assignment]  # the deck's word; it hides tuple.count, which no one calls
    is_partner: bool = False
    others: tuple[Reading, ...] = ()
    mark: str = ""
    source: str = ""


# Entry.mark of a line that begins like metadata (採用カード：NAME, 価格：3,000円 1 NAME, a URL and a
# name): a card when one of its readings is one, else the metadata it looks like (reading.resolve drops it).
LABEL_MARK = "label"
# Entry.mark of a line that looks like a remark (a blog's title, a note, a link, a sentence:
# reading.remark): a card when one of its readings is one, else a line not read (Deck.remarks).
REMARK_MARK = "remark"
# Entry.mark of a line of names separated by ',' or '，' (a card site's import box: 'NAME,NAME'):
# the line as written when it is a card (English names have commas), else its parts, which are in
# ``others`` (reading.resolve: _split_lists).
LIST_MARK = "list"


class Heading(NamedTuple):
    """A heading that states a count (クリーチャー (25), 合計60枚): the cards on lines start < line < end count."""

    line: int
    text: str
    stated: int
    start: int
    end: int | None


class ParseProblem(NamedTuple):
    """A line that names no card, and why (a message key and its arguments)."""

    line: int
    text: str
    message: Msg
    readings: tuple[
        Reading, ...
    ] = ()  # (count, name, partner) each: when one names a card, the line is that card (reading.resolve)


class DeckList:
    """A parsed decklist: its card lines and the lines that could not be read as cards."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: list[Entry] = []
        self.problems: list[ParseProblem] = []
        self.headings: list[Heading] = []
        # line → the names in a table row's other name cells (NAME,1,OTHER): a row naming two
        # cards is reported, never read as one of them (reading.resolve)
        self.cells: dict[int, tuple[str, ...]] = {}

    def __repr__(self) -> str:
        return f"DeckList({self.path!r}, entries={self.entries!r}, problems={self.problems!r})"
