"""Text from outside (file names, arguments, decklist lines) made safe to print on one line.

File names and arguments that are not UTF-8 reach Python as lone surrogates (U+DC80-U+DCFF,
PEP 383); a JSON ``\\ud800`` escape gives one too. Neither can be written to a UTF-8 stream,
and a control character in a name (ESC, a newline) would drive the reader's terminal or split
one problem over two lines. ``printable`` writes each of them as a visible escape instead.
"""

from __future__ import annotations

import re

# The bidirectional controls: embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069),
# the marks (U+200E, U+200F, U+061C). Invisible, and each reorders the text around it: a name
# typed with U+202E before it is shown backwards, `1 \u202eクッャシルボ` as 《ボルシャック》.
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"

# Characters that show as nothing: Unicode's default-ignorable code points (soft hyphen, the
# combining grapheme joiner U+034F, the zero-width space and joiners, the bidi marks and isolates,
# the word joiner, the hangul fillers U+115F U+1160 U+3164 U+FFA0, the variation selectors VS1-16
# and U+E0100-U+E01EF that IMEs and PDFs attach, the tags) and the interlinear annotation marks.
# No card name holds one; ``names.name_key`` leaves them out and ``printable`` escapes them.
INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFB),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
_INVISIBLE = "".join(f"\\U{low:08x}-\\U{high:08x}" for low, high in INVISIBLE_RANGES)

# Compiled on first use (re caches it): most text is printable, and compiling this class at
# import would cost every run, printable or not.
_UNSAFE = f"[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\ud800-\\udfff{BIDI_CONTROLS}{_INVISIBLE}]"


def _escape(match: re.Match[str], surrogates_are_bytes: bool = True) -> str:
    code = ord(match.group())
    if surrogates_are_bytes and 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, as os.fsdecode keeps it
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _escape_surrogate(match: re.Match[str]) -> str:
    return _escape(match, surrogates_are_bytes=False)


def printable(text: str, surrogates_are_bytes: bool = True) -> str:
    """``text`` with control characters, line separators, bidi controls, invisible characters
    (``INVISIBLE_RANGES``) and lone surrogates written as escapes (``\\x1b``, ``\\u2028``, ``\\u202e``,
    ``\\u200b``).

    Surrogates U+DC80-U+DCFF are shown as the bytes they stand for (``\\xff``) in file names and
    arguments; text decoded from JSON passes ``surrogates_are_bytes=False`` (``\\udcff``).
    """
    if text.isprintable() and (text.isascii() or re.search(f"[{_INVISIBLE}]", text) is None):
        return text  # str.isprintable refuses the rest of _UNSAFE, not VS16, U+034F, U+3164 or U+E0100
    return re.sub(_UNSAFE, _escape if surrogates_are_bytes else _escape_surrogate, text)


def has_surrogates(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (it can be printed only escaped, never matched)."""
    return not text.isascii() and re.search("[\ud800-\udfff]", text) is not None


# What json.dumps(ensure_ascii=False) leaves raw that would drive a terminal (DEL, C1: 0x9B is a
# CSI in one byte), break a line (U+2028, U+2029) or reorder it (bidi controls).
_JSON_RAW = f"[\\x7f-\\x9f\\u2028\\u2029{BIDI_CONTROLS}]"


def json_safe(document: str) -> str:
    """A JSON document with those characters written as ``\\u`` escapes: the same values once
    parsed (JSON is data: a card is as typed), but none of them raw on the reader's terminal.
    Outside strings a JSON document is ASCII, so every one of them is inside a string."""
    if document.isascii() or re.search(_JSON_RAW, document) is None:
        return document
    return re.sub(_JSON_RAW, lambda match: f"\\u{ord(match.group()):04x}", document)
