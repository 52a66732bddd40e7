"""Bytes to text, and text to lines, as every reader needs them: ``decode`` (UTF-8, UTF-16 with a
BOM, CP932; binary and empty input refused), ``text_as_read`` (a buffer held in memory, refused as
a file would be), ``split_lines`` (CR/LF as an editor counts them) and ``numbered_lines`` (the
lines a text reader reads, cut at the other line breaks).
"""

from __future__ import annotations

import re

from ..messages import Msg
from .model import DeckInputError

MAX_BYTES = 1_000_000  # a 60-card list is a few kilobytes; anything this big is not a decklist


def too_large(where: str, limit: int) -> DeckInputError:
    """The failure of input over ``limit`` bytes (a file, standard input, a buffer)."""
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
        raise too_large(where, MAX_BYTES)
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
