"""What one input of a run is: a path, or standard input (``StandardInput``) with the name it is
shown by. The CLI decides which, once, from the argument as typed: only a bare ``-`` is standard
input; ``./-``, a ``-`` after ``--`` and a file called ``-`` met in a folder walk are files. Every
layer below asks ``is_stdin(item)``, never compares a path's text with ``"-"`` (``Path("./-")``
is spelled ``-`` too, which is how a file called ``-`` used to be read as standard input).
A text held in memory (a web page's box) is ``HeldText``: read as the file it names would be.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NamedTuple

STDIN_ARGUMENT = "-"  # the argument that means standard input, when it is the whole argument
STDIN_NAME = "<stdin>"  # what standard input is called without --stdin-filename


class StandardInput(type(Path())):  # type: ignore[misc]  # PosixPath or WindowsPath
    """Standard input as a run's input: a ``Path`` spelled ``-`` (so lists of inputs stay lists of
    paths), ``shown`` as ``--stdin-filename`` names it. Paths derived from it are plain paths."""

    def __new__(cls, shown: str = STDIN_NAME) -> StandardInput:
        self: StandardInput = super().__new__(cls, STDIN_ARGUMENT)
        self.shown = shown
        return self

    def __init__(self, shown: str = STDIN_NAME) -> None:
        if sys.version_info >= (3, 12):
            super().__init__(STDIN_ARGUMENT)
        self.shown = shown

    def __reduce__(self) -> tuple[type[StandardInput], tuple[str]]:
        return type(self), (self.shown,)

    def with_segments(self, *segments: str | os.PathLike[str]) -> Path:  # Python 3.12+: parent, ... are files
        return Path(*segments)

    @classmethod
    def _from_parsed_parts(cls, drv: str, root: str, parts: list[str]) -> Path:  # the same for Python 3.11
        made: Path = getattr(type(Path()), "_from_parsed_parts")(drv, root, parts)  # private: not in typeshed
        return made


class HeldText(NamedTuple):
    """A run's input held in memory: ``text``, checked as a UTF-8 file ``path`` holding it (a
    decklist, or a submission sheet when ``path`` is a .csv/.tsv whose text is one)."""

    path: Path
    text: str


def is_stdin(item: object) -> bool:
    """Whether a run's input is standard input (decided by the CLI, never by the path's text)."""
    return isinstance(item, StandardInput)


def shown_name(item: object) -> str:
    """How an input is named in messages and reports: standard input by its display name."""
    return item.shown if isinstance(item, StandardInput) else str(item)
