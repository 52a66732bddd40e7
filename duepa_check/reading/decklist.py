"""Decode decklist bytes and parse the formats people write: plain text, YAML, JSON.

This module holds the decklist model (``DeckList``, ``Entry``, ``Heading``, ``ParseProblem``),
reading and decoding the bytes, and the choice of parser by suffix (``PARSERS``); the parsers
live in ``reading.text`` (text, Markdown), ``reading.tables`` (CSV/TSV) and
``reading.structured`` (YAML, JSON).

Every entry keeps the line it came from, so each problem can be reported where the
player can fix it. Input that is not a decklist at all (missing, empty, binary, huge,
undecodable) raises ``DeckInputError`` with one line that names the file: exit code 2.
Lines that are text but not a card, comment or header become ``ParseProblem`` (DP102).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from ..errors import DuepaError
from ..messages import Msg
from .inputs import STDIN_NAME, is_stdin

MAX_BYTES = 1_000_000  # a 60-card list is a few kilobytes; anything this big is not a decklist
# Suffixes that are always decklists: read in a folder walk and picked by the pre-commit hook.
DECK_SUFFIXES = (".txt", ".dek", ".deck", ".yaml", ".yml", ".json")
# Suffixes that are decklists when named on the command line; in a folder walk only when the file
# starts like one (a deck table header or a partner line): a deck repository's README.md and data
# CSVs are not decks (reading.tables.looks_like_deck).
TABLE_SUFFIXES = (".csv", ".tsv", ".md", ".markdown")
# Suffixes of a submission sheet (a form's responses, one deck a row: reading.sheet): such a file is
# read as a sheet first, and as a decklist when it has no sheet's header (may_be_sheet).
SHEET_SUFFIXES = (".csv", ".tsv")
# Suffix → "module:function" of the parser (the module is imported when such a file is read);
# any other suffix is plain text (or JSON, when the text starts with '{').
PARSERS = {
    ".yaml": "structured:parse_yaml",
    ".yml": "structured:parse_yaml",
    ".json": "structured:parse_json",
    ".csv": "tables:parse_csv",
    ".tsv": "tables:parse_csv",
    ".md": "text:parse_text",
    ".markdown": "text:parse_text",
}


class DeckInputError(DuepaError):
    """The file cannot be read as a decklist at all (exit code 2)."""


class Skipped(NamedTuple):
    """Something met among a run's inputs that is not checked (a folder that cannot be listed, a
    symlink out of the folder, a sheet that cannot be read as one), and ``why``, the whole message:
    that item's error (exit code 2), so the run never judges the rest in silence."""

    path: str
    why: Msg


class Entry(NamedTuple):
    """One decklist line that names a card: the name as typed, how many, where.

    When ``name`` is no card, other readings of the same line are tried (deck.py): those of the
    card-line text ``source`` ('1 NAME （新規）' → NAME; reading.card_line.more_readings), then
    ``others``, (count, name, partner) each. ``mark`` is the bracket of a line such as
    【五輪の求道者 清永】: when none of its readings is a card, the line is a heading.
    """

    line: int
    name: str
    count: int = 1
    is_partner: bool = False
    others: tuple = ()
    mark: str = ""
    source: str = ""


# Entry.mark of a line that begins like metadata (採用カード：NAME, 価格：3,000円 1 NAME, a URL and a
# name): a card when one of its readings is one, else the metadata it looks like (deck.py drops it).
LABEL_MARK = "label"
# Entry.mark of a line that looks like a remark (a blog's title, a note, a link, a sentence:
# reading.remark): a card when one of its readings is one, else a line not read (Deck.remarks).
REMARK_MARK = "remark"
# Entry.mark of a line of names separated by ',' or '，' (a card site's import box: 'NAME,NAME'):
# the line as written when it is a card (English names have commas), else its parts, which are in
# ``others`` (deck.py: _split_lists).
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
    readings: tuple = ()  # (count, name, partner) each: when one names a card, the line is that card (deck.py)


class DeckList:
    """A parsed decklist: its card lines and the lines that could not be read as cards."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: list[Entry] = []
        self.problems: list[ParseProblem] = []
        self.headings: list[Heading] = []
        # line → the names in a table row's other name cells (NAME,1,OTHER): a row naming two
        # cards is reported, never read as one of them (deck.py)
        self.cells: dict[int, tuple[str, ...]] = {}

    def __repr__(self) -> str:
        return f"DeckList({self.path!r}, entries={self.entries!r}, problems={self.problems!r})"


# ---------------------------------------------------------------------------- decoding


def read_deck_bytes(path: Path, limit: int | None = None) -> bytes:
    """Read at most MAX_BYTES, or ``limit`` (a submission sheet may hold more than a deck file); a
    larger, missing or unreadable file is a DeckInputError."""
    if limit is None:
        limit = MAX_BYTES
    try:
        # O_NONBLOCK: opening a FIFO nobody writes to would wait forever; it is refused below.
        # A bare descriptor, not open(): a file object and its buffer cost more than the read.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            status = os.fstat(handle)
            if not stat.S_ISREG(status.st_mode):
                raise DeckInputError(Msg("input.not-a-file", {"path": path, "kind": file_kind(status.st_mode)}))
            size = status.st_size
            # Read what the file holds (+1 to notice growth): a 1 MB buffer per deck would
            # cost more than the rest of a check.
            if 0 < size <= limit:
                data = _read_up_to(handle, size + 1, size)
                if len(data) != size and len(data) <= limit:  # grew or shrank while read: no whole file
                    raise DeckInputError(Msg("input.changed-while-read", {"path": path}))  # (past the limit: too large)
            else:
                data = _read_up_to(handle, limit + 1)
        finally:
            os.close(handle)
    except FileNotFoundError:
        raise DeckInputError(Msg("input.no-such-file", {"path": path})) from None
    except IsADirectoryError:
        raise DeckInputError(Msg("input.is-folder", {"path": path})) from None
    except OSError as error:
        raise DeckInputError(Msg("input.cannot-read", {"path": path, "why": error.strerror or error})) from None
    return _within_limit(data, str(path), limit)


def _read_up_to(handle: int, wanted: int, size: int = -1) -> bytes:
    """``wanted`` bytes, or fewer at the end of the file (os.read may return less than asked).

    ``size`` bytes (what fstat said the file holds) are the whole file: no read follows only
    to be told it ended (a system call per deck). A file that grew gave more at once (and is
    refused by the caller: never read cut short).
    """
    data = os.read(handle, wanted)
    if 0 < len(data) < wanted and len(data) != size:
        parts, got = [data], len(data)
        while got < wanted and (part := os.read(handle, wanted - got)):
            parts.append(part)
            got += len(part)
        data = b"".join(parts)
    return data


def file_kind(mode: int) -> Msg:
    """What a path that is not a regular file is, in words (reading it could block or never end).

    Public so that the tests can name every kind, a block device among them, that no test can make."""
    if stat.S_ISDIR(mode):
        return Msg("input.kind.folder", {})
    if stat.S_ISFIFO(mode):
        return Msg("input.kind.fifo", {})
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Msg("input.kind.device", {})
    return Msg("input.kind.not-regular", {})


def read_stdin_bytes(where: str, limit: int | None = None) -> bytes:
    """A decklist piped in (``duepa-check -``), with the same size limit as a file (``limit``:
    a sheet's). Read once per stream: a sheet reader that finds a decklist after all leaves the
    same bytes to the decklist reader."""
    import sys

    if limit is None:
        limit = MAX_BYTES
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        raise DeckInputError(Msg("input.no-stdin", {"path": where}))
    if _STDIN and _STDIN[0] is stream and _STDIN[1] >= limit:  # read to this limit or further
        return _within_limit(_STDIN[2], where, limit)
    try:
        data = stream.read(limit + 1)
    except OSError as error:
        raise DeckInputError(Msg("input.cannot-read", {"path": where, "why": error.strerror or error})) from None
    _STDIN[:] = [stream, limit, data]
    return _within_limit(data, where, limit)


_STDIN: list = []  # [the stream, the limit it was read to, its bytes]


def replace_stdin_bytes(data: bytes) -> None:
    """What later reads of standard input return: ``--fix`` checks the list it fixed."""
    import sys

    _STDIN[:] = [getattr(sys.stdin, "buffer", None), float("inf"), data]


def _within_limit(data: bytes, where: str, limit: int | None = None) -> bytes:
    if limit is None:
        limit = MAX_BYTES
    if len(data) > limit:
        raise _too_large(where, limit)
    return data


def _too_large(where: str, limit: int) -> DeckInputError:
    return DeckInputError(Msg("input.too-large", {"path": where, "megabytes": limit // 1_000_000}))


def decode(data: bytes, where: str) -> str:
    """Bytes to text: UTF-8 (with or without BOM), UTF-16 with BOM, or CP932 (Shift_JIS)."""
    if data.startswith(b"\xef\xbb\xbf"):
        encodings = ["utf-8-sig"]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ["utf-16"]
    elif b"\x00" in data:
        raise DeckInputError(Msg("input.binary-nul", {"path": where}))
    else:
        encodings = ["utf-8", "cp932"]
    for encoding in encodings:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if encoding == "cp932" and re.search(_CP932_UNUSED, text):
            continue  # bytes 0x80, 0xA0, 0xFD-0xFF: never in Shift_JIS text, so not CP932
        # A control byte of UTF-8 or CP932 text is the same control character (no multi-byte
        # sequence holds one): text from bytes without any needs no search.
        return _usable(text, where, encoding == "utf-16" or b"\0" in data.translate(_CONTROL_BYTES_TO_NUL))
    raise DeckInputError(Msg("input.cannot-decode", {"path": where}))  # blank bytes decode as UTF-8: "empty" above


def text_as_read(text: str, where: str) -> str:
    """Text held in memory (an editor's buffer, a web page's box) as ``decode`` reads a file holding
    it in UTF-8: the same size limit, the same refusals (binary, empty), a leading BOM dropped.

    Public: ``check.checker.Checker.check_text`` reads a buffer through it, so a buffer and the file
    it will be saved as get the same answer."""
    # UTF-8 takes at most 3 bytes a character: a buffer of a usual size is never encoded to be measured
    if len(text) * 3 > MAX_BYTES and len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise _too_large(where, MAX_BYTES)
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\0" in text:
        raise DeckInputError(Msg("input.binary-nul", {"path": where}))
    return _usable(text, where, CONTROL.search(text) is not None)


def _usable(text: str, where: str, may_hold_controls: bool) -> str:
    """Decoded text, or the DeckInputError that says why it is no decklist (binary, or empty)."""
    if may_hold_controls and _looks_binary(text):
        raise DeckInputError(Msg("input.binary-control", {"path": where}))
    if not text or text.isspace():  # nothing but whitespace (as text.strip() would leave nothing)
        raise DeckInputError(Msg("input.empty", {"path": where}))
    return text


# The control characters no text holds (tab, line and page breaks are text): a file with many is
# binary, a card name with one is none (reading.card_line.name_problem).
CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x20), 0x7F])  # the same characters, as bytes
# Each of them to NUL, any other byte as it is: translating by a table costs less than deleting.
_CONTROL_BYTES_TO_NUL = bytes.maketrans(_CONTROL_BYTES, bytes(len(_CONTROL_BYTES)))
_CP932_UNUSED = "[\x80\uf8f0-\uf8f3]"  # what Python's cp932 makes of single bytes no text uses


def _looks_binary(text: str) -> bool:
    head = text[:4096]
    return CONTROL.search(head) is not None and len(CONTROL.findall(head)) > 2


def split_lines(text: str) -> list[str]:
    """Split on CRLF, CR or LF only, so line numbers match what an editor shows.

    (str.splitlines would also split on form feeds, U+2028 and others.)
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


# What a terminal or an editor also shows as the start of a new line: vertical tab, form feed,
# NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. Text after one is read as a line of its own (a
# comment must not hide a card written after a form feed), under the line number of the
# CR/LF line it sits on, as editors that count only CR/LF number it.
LINE_BREAKS = "\x0b\x0c\x85\u2028\u2029"


_BREAK = f"[{LINE_BREAKS}]"  # a pattern, compiled on first use (re caches it): most texts hold no such break


def numbered_lines(text: str) -> list[tuple[int, str]]:
    """(CR/LF line number, text) of every non-empty line, each cut at the other line breaks
    (LINE_BREAKS): what a text reader reads, in order. Most texts hold none of those breaks."""
    lines = enumerate(split_lines(text), start=1)
    if not any(mark in text for mark in LINE_BREAKS):
        return [(number, line) for number, line in lines if line]
    return [(number, piece) for number, line in lines for piece in re.split(_BREAK, line) if piece]


# ---------------------------------------------------------------------------- entry point


def parse_decklist(data: bytes, path: str) -> DeckList:
    """Decode and parse by suffix (PARSERS), or content for JSON; plain text otherwise."""
    return parse_text(decode(data, path), path)


def parse_text(text: str, path: str) -> DeckList:
    """Parse decoded text by the suffix of ``path`` (PARSERS), or by content for JSON; plain text
    otherwise. The one parse of a file, standard input and a buffer held in memory."""
    target = PARSERS.get(path_suffix(path).lower())
    if target is None:
        target = "structured:parse_json" if text.lstrip("\ufeff \t\r\n").startswith("{") else "text:parse_text"
    return _parser(target)(text, path)


def path_suffix(path: str) -> str:
    """``Path(path).suffix`` without making a Path (pathlib's rule: a dot not first, not last).

    Public so that the tests can hold it to pathlib's answer for any name."""
    if path.endswith(("/", os.sep, ".")):  # 'dir.d/', 'a.b/.': pathlib drops what ends them
        return Path(path).suffix
    name = os.path.basename(path)
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def _parser(target: str) -> Callable[[str, str], DeckList]:
    """The function a PARSERS target names, its module imported on first use (then kept: a
    thousand decks ask for the same one)."""
    found = _PARSER_FUNCTIONS.get(target)
    if found is None:
        module, function = target.split(":")
        if module == "decklist":
            found = globals()[function]
        else:
            from importlib import import_module

            found = getattr(import_module(f"{__package__}.{module}"), function)
        _PARSER_FUNCTIONS[target] = found
    return found


_PARSER_FUNCTIONS: dict[str, Callable[[str, str], DeckList]] = {}


def may_be_sheet(item: Path | str, stdin_name: str | None, deck_column: str | None) -> bool:
    """Whether a run's item is read as a submission sheet first (``reading.sheet.sheet_rows`` then
    says whether it is one): a .csv/.tsv file, or standard input called so (--stdin-filename) or
    read with --deck-column. The one rule the checker, --fix and a folder walk ask."""
    if is_stdin(item):
        return bool(stdin_name) and stdin_name.lower().endswith(SHEET_SUFFIXES) or deck_column is not None
    return str(item).lower().endswith(SHEET_SUFFIXES)


def load_decklist(path: Path, stdin_name: str = STDIN_NAME) -> DeckList:
    """Read and parse one decklist; standard input (``inputs.StandardInput``) is called ``stdin_name``."""
    return parse_text(read_text(path, stdin_name), stdin_name if is_stdin(path) else str(path))


def read_text(path: Path, stdin_name: str = STDIN_NAME) -> str:
    """The decoded text of one decklist file; standard input is called ``stdin_name``."""
    if is_stdin(path):
        return decode(read_stdin_bytes(stdin_name), stdin_name)
    return decode(read_deck_bytes(path), str(path))
