"""The documents an editor has open: per document its version, text and last check, and which
size of document is checked when.

A small document (up to ``TYPING_LIMIT``) is checked on each change; a larger one only on open and
save, with one Information diagnostic saying so; one over the reader's limit is not checked at all
(the reader's own message, as Information). A result is kept with the version it was made for, and
is published only while that version is still the document's.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

from ..reading.decode import MAX_BYTES
from .positions import apply_change, lines_of

if TYPE_CHECKING:
    from ..check.results import DeckResult
    from ..reading.resolve import Deck
    from .diagnostics import Diagnostic

TYPING_LIMIT = 64 * 1024  # bytes (UTF-8): checked as you type up to here (≈ 45 ms of checking)
SMALL, LARGE, TOO_LARGE = "small", "large", "too-large"


def size_class(text: str) -> str:
    """Which size of document ``text`` is (counted in UTF-8 bytes, as the reader counts a file)."""
    if len(text) <= TYPING_LIMIT // 3:
        return SMALL
    size = len(text.encode("utf-8", "surrogatepass"))
    return SMALL if size <= TYPING_LIMIT else LARGE if size <= MAX_BYTES else TOO_LARGE


def uri_path(uri: str) -> Path:
    """The file a document is (or will be saved as): a file: URI's path; any other (untitled:) a
    name in the working folder, whose house rules then apply."""
    parsed = urlparse(uri)
    if parsed.scheme == "file":
        path = unquote(parsed.path)
        if os.name == "nt" and len(path) > 2 and path[0] == "/" and path[2] == ":":
            path = path[1:]
        return Path(path)
    name = unquote(parsed.path or uri).replace("\\", "/").rsplit("/", 1)[-1] or "untitled.txt"
    return Path.cwd() / name


class Document:
    """One open document."""

    __slots__ = ("uri", "path", "version", "text", "checked", "dirty", "_lines")

    def __init__(self, uri: str, text: str, version: int | None) -> None:
        self.uri = uri
        self.path = uri_path(uri)
        self.version = version
        self.text = text
        # (version, deck, result, diagnostics) of the last check
        self.checked: tuple[int | None, Deck | None, DeckResult | None, list[Diagnostic]] | None = None
        self.dirty = True  # changed since the last check
        self._lines: list[str] | None = None

    @property
    def lines(self) -> list[str]:
        if self._lines is None:
            self._lines = lines_of(self.text)
        return self._lines

    def change(self, version: int | None, changes: list[tuple[tuple[int, int, int, int] | None, str]], encoding: str):
        """Apply didChange's edits in order (a range in client units, or None for the whole text)."""
        text = self.text
        for where, new in changes:
            text = apply_change(text, where, new, encoding)
        self.text, self._lines, self.dirty = text, None, True
        if version is not None:
            self.version = version

    def current(self, version: int | None) -> bool:
        """Whether a check made for ``version`` is still about this document's text."""
        return version == self.version and not self.dirty


class Documents:
    """The open documents by URI."""

    def __init__(self) -> None:
        self.by_uri: dict[str, Document] = {}

    def open(self, uri: str, text: str, version: int | None) -> Document:
        document = self.by_uri[uri] = Document(uri, text, version)
        return document

    def get(self, uri: str) -> Document | None:
        return self.by_uri.get(uri)

    def close(self, uri: str) -> None:
        self.by_uri.pop(uri, None)
