"""Where each card name of a line is written in it: the columns a language server underlines and
``--fix`` rewrites.

The parsers keep each entry's line, not its columns, so the name is looked up in the line it was
read from: as written, else as NFKC makes it (a name peeled off '1 ﾎﾞﾙｼｬｯｸ（新規）' is NFKC text),
else by its matching key (a reader took characters off: a CSV cell's backquote), a quoted CSV cell
with its quotes doubled, or a JSON string with escapes. The names of one line are looked up in
order, each after the last one found, so two names on one line take their own places.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import NamedTuple

from ..data.names import name_key
from .decode import split_lines
from .model import Entry


class NameSpan(NamedTuple):
    """Where a name is written in its line: ``line[start:end]``, columns in characters (code points)
    from 0. ``doubled``: a quoted CSV cell that doubles the name's quotes; ``escaped``: the value of
    the JSON string written with escapes ('\\u30DC…') that spans start:end, else None."""

    start: int
    end: int
    doubled: bool = False
    escaped: str | None = None


def name_spans(line: str, names: Sequence[str]) -> list[NameSpan | None]:
    """Where each of ``names`` (the entries of one line, in order) is written in ``line``; None for a
    name not found there. Each is looked for after the last one found."""
    spans: list[NameSpan | None] = []
    after, end = 0, len(line)
    for name in names:
        span = _span(line, name, after, end)
        if span is not None:
            after = span.end
        spans.append(span)
    return spans


def entry_spans(text: str, entries: Iterable[Entry]) -> list[tuple[Entry, NameSpan | None]]:
    """Every entry of a list read from ``text``, in line order, with where its name is written in
    its line (``name_spans``); None for a name not found, or an entry of no line (--partner's)."""
    lines = split_lines(text)
    found: list[tuple[Entry, NameSpan | None]] = []
    for number, group in groupby(sorted(entries, key=lambda entry: entry.line), key=lambda entry: entry.line):
        on_line = list(group)
        if not 0 < number <= len(lines):
            found.extend((entry, None) for entry in on_line)
            continue
        found.extend(zip(on_line, name_spans(lines[number - 1], [entry.name for entry in on_line]), strict=True))
    return found


def _span(line: str, name: str, start: int, end: int) -> NameSpan | None:
    """Where ``name`` is first written in ``line[start:end]``, by the ways the module doc lists."""
    found = find_name(line, name, start, end)
    if found is None and '"' in name:  # a quoted CSV cell doubles its quotes: '"""BC"" ヒット"'
        found = find_name(line, name.replace('"', '""'), start, end) or _csv_cell(line, name, start, end)
        if found is not None:
            return NameSpan(*found, doubled=True)
    elif found is None:
        found = _find_by_key(line, name, start, end)
    if found is not None:
        return NameSpan(*found)
    escaped = _json_string(line, name, start, end)
    return None if escaped is None else NameSpan(escaped[0], escaped[1], escaped=escaped[2])


def _json_string(text: str, name: str, start: int, end: int) -> tuple[int, int, str] | None:
    """(start, end, value) of the inside of the first JSON string in ``text[start:end]`` that is
    ``name`` written with escapes ('\\u30DC…'); None when there is none."""
    import json

    for match in re.finditer(r'"((?:[^"\\]|\\.)*)"', text[start:end]):
        if "\\" not in match.group(1):
            continue
        try:
            value = json.loads(match.group(0))
        except ValueError:
            continue
        if isinstance(value, str) and value.strip().strip("《》").strip() == name:
            return start + match.start(1), start + match.end(1), value
    return None


def line_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line, split as ``decklist.split_lines`` splits (CRLF, CR, LF)."""
    spans, start = [], 0
    for match in re.finditer(r"\r\n|\r|\n", text):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(text)))
    return spans


def find_name(text: str, name: str, start: int, end: int) -> tuple[int, int] | None:
    """Where ``name`` is first written in ``text[start:end]``: as it is, else as text that NFKC makes
    it (half-width kana, full-width letters); None when it is not there."""
    at = text.find(name, start, end)
    if at >= 0:
        return at, at + len(name)
    if not name:
        return None
    wanted = unicodedata.normalize("NFKC", name)
    longest = len(name) * 3 + 2
    for first in range(start, end):
        if unicodedata.normalize("NFKC", text[first : first + 2])[:1] != wanted[:1]:  # ﾎﾞ is ボ, ﾎ alone ホ
            continue
        for last in range(first + 1, min(end, first + longest) + 1):
            if unicodedata.normalize("NFKC", text[first:last]) == wanted:
                # NFKC composes a half-width voiced mark with the kana before it: take it too
                if last < end and unicodedata.normalize("NFKC", text[first : last + 1]) == wanted:
                    continue
                return first, last
    return None


def _csv_cell(text: str, name: str, start: int, end: int) -> tuple[int, int] | None:
    """The inside of the first quoted CSV cell in ``text[start:end]`` whose value has the name's
    matching key (its quotes doubled, in other capitals or widths)."""
    wanted = name_key(name)
    for match in re.finditer(r'"((?:[^"]|"")*)"', text[start:end]):
        if name_key(match.group(1).replace('""', '"')) == wanted:
            return start + match.start(1), start + match.end(1)
    return None


def _find_by_key(text: str, name: str, start: int, end: int) -> tuple[int, int] | None:
    """The first, shortest span of ``text[start:end]`` with the name's matching key: a name the
    reader took characters off (a CSV cell's backquote) is still found where it is written."""
    wanted = name_key(name)
    if not wanted:
        return None
    longest = len(name) * 3 + 2
    for first in range(start, end):
        # (wanted is not empty: an empty key differs; ﾎﾞ is ボ, ﾎ alone ホ)
        if not name_key(text[first]) or name_key(text[first : first + 2])[:1] != wanted[:1]:
            continue
        for last in range(first + 1, min(end, first + longest) + 1):
            key = name_key(text[first:last])
            if key == wanted:
                return first, last
            if not wanted.startswith(key):
                break
    return None
