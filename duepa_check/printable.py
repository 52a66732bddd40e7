"""Text from outside (file names, arguments, decklist lines) made safe to print on one line.

File names and arguments that are not UTF-8 reach Python as lone surrogates (U+DC80-U+DCFF,
PEP 383); a JSON ``\\ud800`` escape gives one too. Neither can be written to a UTF-8 stream,
and a control character in a name (ESC, a newline) would drive the reader's terminal or split
one problem over two lines. ``printable`` writes each of them as a visible escape instead.
"""

from __future__ import annotations

import re

# Compiled on first use (re caches it): most text is printable, and compiling this class at
# import cost about a millisecond of every run.
_UNSAFE = r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]"


def _escape(match: re.Match[str], surrogates_are_bytes: bool = True) -> str:
    code = ord(match.group())
    if surrogates_are_bytes and 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, as os.fsdecode keeps it
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def _escape_surrogate(match: re.Match[str]) -> str:
    return _escape(match, surrogates_are_bytes=False)


def printable(text: str, surrogates_are_bytes: bool = True) -> str:
    """``text`` with control characters, line separators and lone surrogates written as escapes.

    Surrogates U+DC80-U+DCFF are shown as the bytes they stand for (``\\xff``) in file names and
    arguments; text decoded from JSON passes ``surrogates_are_bytes=False`` (``\\udcff``).
    """
    if text.isprintable():  # every character _UNSAFE matches is one str.isprintable refuses
        return text
    return re.sub(_UNSAFE, _escape if surrogates_are_bytes else _escape_surrogate, text)


def has_surrogates(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate (it can be printed only escaped, never matched)."""
    return not text.isascii() and re.search("[\ud800-\udfff]", text) is not None
