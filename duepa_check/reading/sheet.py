"""Submission sheets: a form's responses exported as CSV/TSV, one row per submission.

An organizer's web form (a Google Form, usually) makes one spreadsheet row per submission: a
timestamp, the player's name, often the partner in its own field, and the decklist pasted into
one multi-line cell. ``read_sheet`` turns such a file into ``SheetRow`` items, one deck each;
``row_decklist`` parses a row's deck cell as a plain-text decklist whose lines are the lines
inside the cell (line 1 is the cell's first line).

What makes a file a sheet, not a decklist written as a table (``reading.tables``):

* its first row is a header naming a decklist column (デッキ, デッキリスト, レシピ, deck,
  decklist…; ``words.SHEET_DECK_COLUMNS``), and that row is not a deck table's header (カード名,
  枚数…);
* and the sheet looks like form responses: a deck cell below holds several lines, or the
  header has a time column (タイムスタンプ, Timestamp: every Google Form export has one).

So a CSV decklist headed デッキ with one card per row stays a decklist. Options
(``SheetColumns``) name columns the headers do not: a header's text or a 1-based column number;
with ``--deck-column`` every CSV/TSV named is read as a sheet.

Resubmissions: rows of the same player (the whole cell compared as typed, ignoring case, width
and spaces; never the part a report shows) are one player's; the latest counts, by timestamp
when every one of that player's rows has one that can be read (offsets applied; ``a/b/YYYY`` read
one way for the whole sheet: ``reading.sheet_time``), else by row order. The earlier rows are superseded
by it. A row without a player stands alone.

Bounds: the sheet file may hold up to ``MAX_SHEET_BYTES`` and ``MAX_SHEET_ROWS`` rows (a sheet
of a thousand decklists is larger than one deck file may be); each deck cell is held to the
limits of a deck file (``decklist.MAX_BYTES``, no binary, not empty): a cell that breaks them
is a deck that cannot be checked, never a legal one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from ..data.names import name_key
from ..messages import Msg
from ..printable import printable
from .decklist import Skipped, may_be_sheet, read_deck_bytes, read_stdin_bytes
from .decode import MAX_BYTES, decode, split_lines
from .inputs import STDIN_NAME, HeldText, is_stdin
from .model import DeckInputError, DeckList, Entry
from .sheet_columns import SheetColumns, sheet_columns
from .sheet_time import DAY_FIRST, date_order, is_slash_date, latest, order_note
from .words import spaceless

MAX_SHEET_BYTES = 20_000_000  # about 8,000 decklists of 60 Japanese card lines
MAX_SHEET_ROWS = 10_000
MAX_PLAYER_LENGTH = 80  # a longer player cell is shown cut (it still identifies the player whole)


class Submission(NamedTuple):
    """Where a deck came from in a sheet, and whether it counts.

    ``row`` is the row as a spreadsheet numbers it (the header is row 1 unless a title is above it);
    ``superseded_by`` is the row
    of the same player's later submission, which counts instead. ``cell_line`` is the file line of
    the deck cell's first line and ``row_line`` that of the row: GitHub annotations and SARIF
    point into the file, where a cell's line N is file line ``cell_line + N - 1``.
    """

    row: int
    player: str | None
    submitted_at: str | None
    superseded_by: int | None = None
    row_line: int = 0
    cell_line: int = 0

    @property
    def superseded(self) -> bool:
        return self.superseded_by is not None

    def file_line(self, line: int) -> int:
        """The file line of the deck cell's line ``line`` (0, no line in the cell: the row's)."""
        return self.cell_line + line - 1 if line else self.row_line

    def place(self, path: str) -> Msg:
        """ "responses.csv, row 5 (たろう)": how every output names this row's deck."""
        if self.player is None:
            return Msg("sheet.place", {"path": path, "row": self.row})
        return Msg("sheet.place.player", {"path": path, "row": self.row, "player": self.player})

    def to_json(self) -> dict[str, object]:
        """The ``submission`` object of the JSON contract (docs/sheets.md)."""
        return {
            "row": self.row,
            "player": self.player,
            "submitted_at": self.submitted_at,
            "superseded": self.superseded,
        }


class SheetRow(NamedTuple):
    """One submission: the sheet it is in (as the system spells it), where, its deck cell and its
    partner cell."""

    path: str
    submission: Submission
    deck: str
    partner: str | None = None
    player: str | None = None  # who the whole player cell names (player_key): resubmissions are grouped by it


# ---------------------------------------------------------------------------- reading


SHEET_SNIFF_BYTES = 65_536  # the header and the first rows: a decklist cell is a few kilobytes


def looks_like_sheet(path: Path, named: SheetColumns = SheetColumns()) -> bool:
    """Whether a .csv/.tsv met in a folder walk starts like a responses sheet: ``read_sheet``'s
    header rule on its first rows, with the columns the options name or the usual header words.
    A deck repository's data CSVs do not."""
    if not may_be_sheet(path, None, None):
        return False
    try:
        with open(path, "rb") as handle:
            head = handle.read(SHEET_SNIFF_BYTES)
    except OSError:
        return False
    if len(head) == SHEET_SNIFF_BYTES:
        head = head[: head.rfind(b"\n") + 1]  # whole lines only: no character cut in two
    try:
        text = decode(head, str(path))
    except DeckInputError:
        return False
    return starts_like_sheet(text, str(path), named)


def starts_like_sheet(text: str, path: str, named: SheetColumns = SheetColumns()) -> bool:
    """Whether a text starts like a responses sheet (``looks_like_sheet`` once the head of the file is
    read): a text, not a file, so that an editor's buffer is asked the same."""
    if len(text) > SHEET_SNIFF_BYTES:
        text = text[: text.rfind("\n", 0, SHEET_SNIFF_BYTES) + 1]  # the head: whole lines only
    for columns in (named, SheetColumns()) if named != SheetColumns() else (named,):
        try:  # by the columns the options name, or by the usual headers (the check then says which is missing)
            if _find_header(text, path, columns, path) is not None:
                return True
        except DeckInputError:  # a column the options name is not there
            continue
    return False


def sheet_rows(
    item: Path | HeldText, named: SheetColumns, stdin_name: str | None, notes: list[Msg] | None = None
) -> list[SheetRow] | None:
    """Is this item of a run a submission sheet? Its rows when it is (``may_be_sheet``, then
    ``read_sheet``), None when it is no sheet: the one answer the checker and --fix ask. A sheet
    that is read but wrong raises DeckInputError, as ``read_sheet`` says. A ``HeldText`` (a web
    page's box) is read from its text, as the file it names would be."""
    path, text = (item.path, item.text) if isinstance(item, HeldText) else (item, None)
    if not may_be_sheet(path, stdin_name, named.deck):
        return None
    if is_stdin(path):
        return read_sheet(Path(stdin_name or STDIN_NAME), named, notes, stdin=True)
    return read_sheet(path, named, notes, text=text)


def with_submissions(
    items: Sequence[Path | HeldText | Skipped],
    named: SheetColumns = SheetColumns(),
    notes: list[Msg] | None = None,
    stdin_name: str | None = None,
) -> list[Path | HeldText | SheetRow | Skipped]:
    """The items to check, each sheet among them (``sheet_rows``) replaced by its rows, in row
    order; other items as they are (a .csv/.tsv that turns out to be a decklist is read again by
    the decklist reader: a few kilobytes)."""
    expanded: list[Path | HeldText | SheetRow | Skipped] = []
    for item in items:
        path = item.path if isinstance(item, HeldText) else item
        try:
            rows = sheet_rows(item, named, stdin_name, notes) if isinstance(item, HeldText | Path) else None
        except DeckInputError as error:
            stdin = is_stdin(path)
            expanded.append(Skipped(stdin_name or STDIN_NAME if stdin else str(path), error.message))
            continue
        if rows is None:
            expanded.append(item)  # no sheet, or a decklist after all
        elif not rows:
            expanded.append(Skipped(str(path), Msg("sheet.no-rows", {"path": printable(str(path))})))
        else:
            expanded.extend(rows)
    return expanded


def read_sheet(
    path: Path,
    named: SheetColumns = SheetColumns(),
    notes: list[Msg] | None = None,
    stdin: bool = False,
    text: str | None = None,
) -> list[SheetRow] | None:
    """The rows of a responses sheet, each a deck; None when the file is no sheet (a decklist).

    A file that cannot be read or decoded is None too: the decklist reader then says why, in
    the words it always has. A sheet that is read but wrong (a column the options name is not
    there, too many rows) raises DeckInputError for the whole file. ``text``: the sheet held in
    memory, read as a UTF-8 file ``path`` holding it would be (the same bound, the same decoding).
    """
    where = printable(str(path))
    try:
        if text is not None:
            data = text.encode("utf-8", "surrogatepass")
            if len(data) > MAX_SHEET_BYTES:
                return None  # the decklist reader says it is too large
        elif stdin:
            data = read_stdin_bytes(where, MAX_SHEET_BYTES)
        else:
            data = read_deck_bytes(path, MAX_SHEET_BYTES)
        text = decode(data, where)
    except DeckInputError as error:
        if error.message.key == "input.changed-while-read":
            raise  # never read again as a decklist, half written
        return None
    found = _find_header(text, str(path), named, where)
    if found is None:
        return None
    records, at, columns = found
    if len(records) - 1 - at > MAX_SHEET_ROWS:
        raise DeckInputError(Msg("sheet.too-many-rows", {"path": where, "rows": MAX_SHEET_ROWS}))
    rows = []
    for number, (line, cells) in enumerate(records[at + 1 :], start=at + 2):
        if not any(cell.strip() for cell in cells):
            continue  # a blank row is no submission
        rows.append(_row(str(path), number, line, cells, columns))
    return _supersede(rows, notes)


def decode_whole(data: bytes, name: str) -> str:
    """A whole file's bytes given at once (a file dropped on a web page) read as a run reads the
    file ``name``: larger than a submission sheet may be (a .csv/.tsv) or a deck file, it is too
    large (DeckInputError); else ``decode``'s text, or its refusal (binary, empty)."""
    where = printable(name)
    limit = MAX_SHEET_BYTES if may_be_sheet(name, None, None) else MAX_BYTES
    if len(data) > limit:
        raise DeckInputError(Msg("input.too-large", {"path": where, "megabytes": limit // 1_000_000}))
    return decode(data, where)


TITLE_ROWS = 3  # rows a sheet may have above its header: a title, a date, a blank row


def _find_header(
    text: str, path: str, named: SheetColumns, where: str
) -> tuple[list[tuple[int, list[str]]], int, dict[str, int]] | None:
    """(records, the header's index, columns), or None when the text is no sheet. The header is
    the first row, or one below a title row or two ('大会エントリー 2026/11/28'); cells are split at
    commas, tabs (.tsv, or a first line of tabs) or semicolons (a European Excel export)."""
    for delimiter in _delimiters(text, path):
        records = _records(text, delimiter)
        failure = None
        for at in range(min(len(records), TITLE_ROWS + 1)):
            header = records[at][1]
            if not any(cell.strip() for cell in header):
                continue
            if at and sum(bool(cell.strip()) for cell in header) < 2:
                continue  # a title row: one cell
            try:
                columns = sheet_columns(header, [cells for _, cells in records[at + 1 :]], named, where)
            except DeckInputError as error:  # a column the options name: maybe in the row below a title
                failure = failure or error
                continue
            if columns is not None:
                return records, at, columns
            if not at and sum(bool(cell.strip()) for cell in header) > 1:
                break  # a first row of several cells that is no sheet's header: no title above a header
        if failure is not None:
            raise failure
    return None


def _delimiters(text: str, path: str) -> tuple[str | None, ...]:
    if path.lower().endswith(".tsv"):
        return ("\t",)
    head = text[:SHEET_SNIFF_BYTES]
    if ";" in head and head.count(";") > head.count(",") and head.count(";") > head.count("\t"):
        return (";", None)
    return (None,)


def _records(text: str, delimiter: str | None) -> list[tuple[int, list[str]]]:
    """(file line the record starts on, its cells) per record; cells keep their line breaks as \\n.

    A quote never closed takes the rest of the file into its cell (as a spreadsheet would show
    it); csv's limit on a cell's size is lifted while reading (the file's size is bounded).
    """
    import csv

    lines = split_lines(text)
    if delimiter is None:
        first = next((line for line in lines if line.strip()), "")
        delimiter = "\t" if "\t" in first and "," not in first else ","
    limit = csv.field_size_limit()
    csv.field_size_limit(max(limit, MAX_SHEET_BYTES))
    records = []
    try:
        reader = csv.reader((line + "\n" for line in lines), delimiter=delimiter)
        start = 1
        while True:
            try:
                cells = next(reader)
            except StopIteration:
                break
            except csv.Error:  # a stray quote inside an unquoted cell: the line's cells as written
                cells = lines[start - 1].split(delimiter)
            records.append((start, cells))
            start = reader.line_num + 1
    finally:
        csv.field_size_limit(limit)
    if records and records[-1][1] == [] and not lines[-1]:
        records.pop()  # the file's final line break
    return records


def _row(path: str, number: int, line: int, cells: list[str], columns: dict[str, int]) -> SheetRow:
    def cell(kind: str) -> str | None:
        index = columns.get(kind)
        if index is None or index >= len(cells):
            return None
        return cells[index]

    deck_index = columns["deck"]
    cell_line = line + sum(cell.count("\n") for cell in cells[:deck_index])
    player = (cell("player") or "").strip()
    shown = printable(player)[:MAX_PLAYER_LENGTH] if player else None
    time = (cell("time") or "").strip()
    submission = Submission(number, shown, printable(time) if time else None, None, line, cell_line)
    partner = (cell("partner") or "").strip()
    return SheetRow(path, submission, cell("deck") or "", partner or None, player_key(player) if player else None)


def player_key(player: str) -> str:
    """Who a player cell names: 'Taro ', 'taro' and 'ＴＡＲＯ' are one player (words.spaceless after NFKC)."""
    return spaceless(unicodedata.normalize("NFKC", player))


def _supersede(rows: list[SheetRow], notes: list[Msg] | None = None) -> list[SheetRow]:
    """Each player's latest row counts; earlier rows of that player are superseded by it.

    Players are told apart by their whole cell (``SheetRow.player``), not the part reports show.
    Times compare as instants (reading.sheet_time); ``a/b/YYYY`` is read one way for the whole sheet, and
    when that way cannot be told and it matters, rows decide and ``notes`` gets one line saying so.
    """
    players: dict[str, list[int]] = {}
    for index, row in enumerate(rows):
        if row.player is not None:
            players.setdefault(row.player, []).append(index)
    groups = [indexes for indexes in players.values() if len(indexes) > 1]
    if not groups:
        return rows
    order, disagree = date_order([row.submission.submitted_at for row in rows])
    ambiguous = None
    for indexes in groups:
        texts = [rows[index].submission.submitted_at for index in indexes]
        found = latest(texts, order)
        if order is None and any(map(is_slash_date, texts)):
            other = latest(texts, DAY_FIRST) if disagree is None else None
            if disagree is not None or found != other and found is not None:
                ambiguous = ambiguous or next(text for text in texts if is_slash_date(text))
                found = None  # the sheet's dates cannot say which is later: the later row
        latest_index = indexes[-1] if found is None else indexes[found]
        for index in indexes:
            if index != latest_index:
                row = rows[index]
                by = rows[latest_index].submission.row
                rows[index] = row._replace(submission=row.submission._replace(superseded_by=by))
    if ambiguous is not None and notes is not None:
        notes.append(order_note(printable(rows[0].path), disagree, ambiguous))
    return rows


# ---------------------------------------------------------------------------- a row's deck


def row_decklist(row: SheetRow) -> DeckList:
    """The row's deck cell parsed as a plain-text decklist, the partner cell designating its partner.

    A cell that is empty, larger than a deck file may be, or binary raises DeckInputError naming
    the row: that deck cannot be checked.
    """
    where = row.submission.place(printable(row.path))
    text = row.deck
    if not text.strip():
        raise DeckInputError(Msg("sheet.empty-cell", {"place": where}))
    data = text.encode("utf-8", "surrogatepass")
    if len(data) > MAX_BYTES:
        raise DeckInputError(Msg("sheet.cell-too-large", {"place": where, "megabytes": MAX_BYTES // 1_000_000}))
    try:
        decode(data, "")  # the checks a deck file passes: binary, control bytes
    except DeckInputError:
        raise DeckInputError(Msg("sheet.cell-binary", {"place": where})) from None
    from .text import parse_text

    deck = parse_text(text, row.path)
    if row.partner:
        designate_partner(deck, row.partner)
    return deck


def designate_partner(deck: DeckList, cell: str) -> None:
    """The partner cell designates the partner as a ``パートナー:`` line would: the first listed
    copy of that card becomes the partner, or, when the list does not hold it, the card is added
    (one of the 60; line 0: it is on no line of the deck cell).

    A ``パートナー:`` line in the cell naming the same card is the same designation. One naming
    another card stays designated too, so DP003 reports two partners: the player said two
    different things, and only the player can say which was meant.
    """
    from .card_line import read_card_line

    name = read_card_line(cell.strip()).main.name.strip() or cell.strip()
    key = name_key(name)
    entries = deck.entries
    if any(entry.is_partner and name_key(entry.name) == key for entry in entries):
        return
    for index, entry in enumerate(entries):
        if name_key(entry.name) == key:
            entries[index] = entry._replace(is_partner=True)
            return
    entries.append(Entry(line=0, name=name, count=1, is_partner=True))
