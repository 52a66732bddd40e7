"""Read a run's decklist and hand it to its parser: the bytes of a file or of standard input
(size-limited, never blocking), and the choice of parser by suffix (``PARSERS``).

The model the parsers make is ``reading.model`` (``DeckList``, ``Entry``, ``Heading``,
``ParseProblem``, ``DeckInputError``), the text they read ``reading.decode``; the parsers
(``reading.text``: text, Markdown; ``reading.tables``: CSV/TSV; ``reading.structured``: YAML, JSON)
import those, never this module, which imports each of them by name.

Input that is not a decklist at all (missing, empty, binary, huge, undecodable) raises
``DeckInputError`` with one line that names the file: exit code 2.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any, NamedTuple

from ..messages import Msg
from .decode import MAX_BYTES, decode, too_large
from .inputs import STDIN_NAME, is_stdin
from .model import DeckInputError, DeckList
from .structured import parse_json, parse_yaml
from .tables import parse_csv
from .text import parse_text as parse_plain_text

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
# Suffix → its parser; any other suffix is plain text (or JSON, when the text starts with '{').
PARSERS = {
    ".yaml": parse_yaml,
    ".yml": parse_yaml,
    ".json": parse_json,
    ".csv": parse_csv,
    ".tsv": parse_csv,
    ".md": parse_plain_text,
    ".markdown": parse_plain_text,
}


class Skipped(NamedTuple):
    """Something met among a run's inputs that is not checked (a folder that cannot be listed, a
    symlink out of the folder, a sheet that cannot be read as one), and ``why``, the whole message:
    that item's error (exit code 2), so the run never judges the rest in silence."""

    path: str
    why: Msg


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


_STDIN: list[Any] = []  # [the stream, the limit it was read to (int or inf), its bytes]


def replace_stdin_bytes(data: bytes) -> None:
    """What later reads of standard input return: ``--fix`` checks the list it fixed."""
    import sys

    _STDIN[:] = [getattr(sys.stdin, "buffer", None), float("inf"), data]


def _within_limit(data: bytes, where: str, limit: int | None = None) -> bytes:
    if limit is None:
        limit = MAX_BYTES
    if len(data) > limit:
        raise too_large(where, limit)
    return data


# ---------------------------------------------------------------------------- entry point


def parse_decklist(data: bytes, path: str) -> DeckList:
    """Decode and parse by suffix (PARSERS), or content for JSON; plain text otherwise."""
    return parse_text(decode(data, path), path)


def parse_text(text: str, path: str) -> DeckList:
    """Parse decoded text by the suffix of ``path`` (PARSERS), or by content for JSON; plain text
    otherwise. The one parse of a file, standard input and a buffer held in memory."""
    parser = PARSERS.get(path_suffix(path).lower())
    if parser is None:
        parser = parse_json if text.lstrip("\ufeff \t\r\n").startswith("{") else parse_plain_text
    return parser(text, path)


def path_suffix(path: str) -> str:
    """``Path(path).suffix`` without making a Path (pathlib's rule: a dot not first, not last).

    Public so that the tests can hold it to pathlib's answer for any name."""
    if path.endswith(("/", os.sep, ".")):  # 'dir.d/', 'a.b/.': pathlib drops what ends them
        return Path(path).suffix
    name = os.path.basename(path)
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def may_be_sheet(item: Path | str, stdin_name: str | None, deck_column: str | None) -> bool:
    """Whether a run's item is read as a submission sheet first (``reading.sheet.sheet_rows`` then
    says whether it is one): a .csv/.tsv file, or standard input called so (--stdin-filename) or
    read with --deck-column. The one rule the checker, --fix and a folder walk ask."""
    if is_stdin(item):
        return stdin_name is not None and stdin_name.lower().endswith(SHEET_SUFFIXES) or deck_column is not None
    return str(item).lower().endswith(SHEET_SUFFIXES)


def load_decklist(path: Path, stdin_name: str = STDIN_NAME) -> DeckList:
    """Read and parse one decklist; standard input (``inputs.StandardInput``) is called ``stdin_name``."""
    return parse_text(read_text(path, stdin_name), stdin_name if is_stdin(path) else str(path))


def read_text(path: Path, stdin_name: str = STDIN_NAME) -> str:
    """The decoded text of one decklist file; standard input is called ``stdin_name``."""
    if is_stdin(path):
        return decode(read_stdin_bytes(stdin_name), stdin_name)
    return decode(read_deck_bytes(path), str(path))
