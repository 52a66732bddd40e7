"""Which files a run checks: each file given, and every decklist file below each folder given.

What cannot be walked (a folder that cannot be listed, a symlink leading out of the folder)
comes out as a ``Skipped`` item, which the checker turns into that item's error (exit 2).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..messages import Msg
from ..printable import printable
from ..reading.decklist import DECK_SUFFIXES, TABLE_SUFFIXES, Skipped
from ..reading.inputs import is_stdin
from ..reading.model import DeckInputError

if TYPE_CHECKING:
    from ..data.pool import CardPool
    from ..reading.sheet_columns import SheetColumns


def _skipped(path: str, reason: Msg) -> Skipped:
    """``path`` left out of the run, the message naming it and ``reason``."""
    return Skipped(path, Msg("skipped", {"path": path, "reason": reason}))


def named_path(item: Path | Skipped) -> Path:
    """The path an item of ``deck_files`` names (a skipped one's too)."""
    return Path(item.path) if isinstance(item, Skipped) else item


def deck_files(paths: Iterable[Path], sheet_columns: SheetColumns | None = None) -> Iterator[Path | Skipped]:
    """Each file given, and every decklist file below each folder given (hidden ones skipped); a
    .csv/.tsv below a folder is one when it is a sheet with the columns the options name
    (``sheet_columns``), as the checker reads it.

    What cannot be walked (a folder that cannot be listed, a symlink leading out of the folder)
    comes out as ``Skipped``, so the run reports it instead of judging the rest in silence.
    """
    for path in paths:
        if is_stdin(path):
            yield path
            continue
        try:
            is_folder = path.is_dir()
        except OSError as error:  # e.g. a parent folder without execute permission
            yield _skipped(str(path), Msg("skipped.cannot-read", {"why": error.strerror or error}))
            continue
        if is_folder:
            found = sorted(_decklists_below(path, sheet_columns), key=_walk_order)
            if not found:
                raise DeckInputError(
                    Msg(
                        "input.folder-without-decks",
                        {"path": printable(str(path)), "suffixes": ", ".join(DECK_SUFFIXES)},
                    )
                )
            yield from found
        else:
            yield path


# A repository's own files, whatever their suffix (README.md, README.ja.md, CHANGELOG.txt): never a deck
# in a folder walk (docs/formats.md), wherever a card table sits in them. Named on the command line, checked.
PROJECT_FILES = frozenset({"readme", "changelog", "contributing", "license", "licence"})


def _decklists_below(folder: Path, sheet_columns: SheetColumns | None) -> Iterator[Path | Skipped]:
    """Every decklist file below a folder, hidden folders and files left out (a tournament folder
    can hold thousands of files), in no particular order (deck_files sorts them).

    Symlinks that lead out of the folder are not followed (a submitted link to a runner's
    key file would be printed line by line as "unknown cards"); a linked folder inside is not
    walked either (as os.walk does not). A folder that cannot be listed is reported, never
    skipped in silence. .csv and .md files count only when they start like a decklist
    (reading.tables.looks_like_deck) or a sheet of form responses (reading.sheet.looks_like_sheet):
    a README.md does not. os.scandir, not os.walk: its
    entries know whether they are links without asking the system again for each file.
    """
    top = os.path.realpath(folder)
    inside = top.rstrip(os.sep) + os.sep

    def leads_out(path: str) -> bool:
        target = os.path.realpath(path)
        return target != top and not target.startswith(inside)

    waiting = [os.fspath(folder)]
    while waiting:
        root = waiting.pop()
        try:
            with os.scandir(root) as listing:
                entries = list(listing)
        except OSError as error:
            key = "skipped.folder-unlisted" if root == os.fspath(folder) else "skipped.folder-unlisted.decks"
            yield _skipped(str(error.filename or root), Msg(key, {"why": error.strerror or error}))
            continue
        for entry in entries:
            name = entry.name
            if name.startswith("."):
                continue
            if _is_folder(entry):
                if not _is_link(entry):
                    waiting.append(entry.path)
                elif leads_out(entry.path):
                    yield _skipped(entry.path, Msg("skipped.symlink-folder", {}))
                continue
            lowered = name.lower()
            if name == "pyproject.toml" or not lowered.endswith(DECK_SUFFIXES + TABLE_SUFFIXES):
                continue
            if lowered.split(".", 1)[0] in PROJECT_FILES:
                continue  # README.md with a card table in it, LICENSE.txt: the repository's, not a deck
            if _is_link(entry) and leads_out(entry.path):
                yield _skipped(entry.path, Msg("skipped.symlink-file", {}))
                continue
            if not lowered.endswith(DECK_SUFFIXES):
                from ..reading.sheet import looks_like_sheet
                from ..reading.sheet_columns import SheetColumns
                from ..reading.tables import looks_like_deck

                named = sheet_columns or SheetColumns()
                if not looks_like_deck(Path(entry.path)) and not looks_like_sheet(Path(entry.path), named):
                    continue  # a README.md or a data CSV: not a decklist, nor a sheet of form responses
            yield Path(entry.path)


# Patterns, compiled on first use (re caches them): only --skip-non-decklists asks.
# A line that writes a count as decklists do: '1 NAME', '1x NAME', '1枚 NAME', 'NAME x1', 'NAME ×1', 'NAME 1枚'.
_COUNTED_LINE = r"^\W{0,2}\d{1,2}\s*(?:[xX×ｘ]|枚)?\s+\S|\S\s*(?:[xX×ｘ]\s*\d{1,2}|\d{1,2}\s*枚)\s*$"
_STRUCTURED_KEY = r"""(?m)^(?:cards|partner)\s*:|["'](?:cards|partner)["']\s*:"""


def looks_like_decklist(path: Path, pool: CardPool) -> bool:
    """Whether a file named to be checked is a decklist, for the pre-commit hook
    (``--skip-non-decklists``): a staged ``notes.txt`` or ``mkdocs.yml`` is no deck to fail.

    The folder walk's test first: a hidden file or one of another suffix is none; a ``.csv`` or
    ``.md`` must start like a deck or a sheet. A ``.yaml``/``.json`` is one when it has a ``cards``
    or ``partner`` key. Any other text is one when it starts like one (a partner line or heading),
    or when one of its lines names a card, has a deck heading, or writes a count (``1 NAME``): a
    list of misspelt names is still a decklist (DP100 names each), prose is not. A file that
    cannot be read is left to the check, which says why (exit 2).
    """
    if not _named_like_decklist(path.name):
        return False
    if not path.name.lower().endswith(DECK_SUFFIXES):
        from ..reading.sheet import looks_like_sheet
        from ..reading.tables import looks_like_deck

        return looks_like_deck(path) or looks_like_sheet(path)
    from ..reading.decklist import read_text
    from ..reading.tables import looks_like_deck

    try:
        text = read_text(path)
    except (OSError, DeckInputError):
        return True
    return _reads_like_decklist(text, str(path), pool, lambda: looks_like_deck(path))


def text_looks_like_decklist(text: str, path: str | Path, pool: CardPool) -> bool:
    """``looks_like_decklist`` of a text held in memory (an editor's buffer) called ``path``: the same
    test, on the text instead of the file's bytes (a language server stays quiet on a README)."""
    name = os.path.basename(path)
    if not _named_like_decklist(name):
        return False
    if not name.lower().endswith(DECK_SUFFIXES):
        from ..reading.sheet import starts_like_sheet

        return _starts_like_deck(text, str(path)) or starts_like_sheet(text, str(path))
    from ..reading.decode import text_as_read

    try:
        text = text_as_read(text, str(path))
    except DeckInputError:
        return True
    return _reads_like_decklist(text, str(path), pool, lambda: _starts_like_deck(text, str(path)))


def _named_like_decklist(name: str) -> bool:
    """The folder walk's test of a name: not hidden, not pyproject.toml, a deck or table suffix."""
    lowered = name.lower()
    return not name.startswith(".") and name != "pyproject.toml" and lowered.endswith(DECK_SUFFIXES + TABLE_SUFFIXES)


def _starts_like_deck(text: str, path: str) -> bool:
    """``tables.looks_like_deck`` of a file holding ``text`` in UTF-8: its first DECK_SNIFF_BYTES
    decoded as that function decodes them (a head cut inside a character does not decode: False)."""
    from ..reading.decode import decode
    from ..reading.tables import DECK_SNIFF_BYTES, starts_like_deck

    try:
        head = decode(text[:DECK_SNIFF_BYTES].encode("utf-8", "surrogatepass")[:DECK_SNIFF_BYTES], path)
    except DeckInputError:
        return False
    return starts_like_deck(head)


def _reads_like_decklist(text: str, path: str, pool: CardPool, starts_like_deck: Callable[[], bool]) -> bool:
    """The test of a decklist file's decoded text (``looks_like_decklist``, from its structured key
    on); ``starts_like_deck`` asks whether its head starts like one."""
    if path.lower().endswith((".yaml", ".yml", ".json")):
        return re.search(_STRUCTURED_KEY, text) is not None
    from ..reading.decklist import parse_text
    from ..reading.decode import split_lines

    if starts_like_deck() or any(re.search(_COUNTED_LINE, line.strip()) for line in split_lines(text)):
        return True
    deck = parse_text(text, path)
    if deck.headings:
        return True
    names = [entry.name for entry in deck.entries] + [r[1] for p in deck.problems for r in p.readings]
    return any(pool.lookup(typed).cards for typed in names if typed)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # a link to a folder too
    except OSError:  # as os.walk: what cannot be asked is no folder
        return False


def _is_link(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_symlink()
    except OSError:
        return False


def run_order(items: Iterable[Path | Skipped]) -> list[Path | Skipped]:
    """The run's files in natural order: d2 before d10, folder parts compared one by one, standard
    input first. Every output lists the decks in this order (the text, its summary, JSON, SARIF,
    HTML), whatever order a shell's glob gave them in (``decks/*.txt``: d1, d10, d2)."""
    return sorted(items, key=_walk_order)


def _walk_order(item: Path | Skipped) -> tuple[object, ...]:
    """Natural order of a path: each part (folder, file name) as text and numbers, numbers by value
    (then as written: d02 and d2 both come after d1, in a fixed order); case-insensitive on Windows."""
    if is_stdin(item):
        return ((),)
    path = item.path if isinstance(item, Skipped) else str(item)
    parts = path.split(os.sep) if os.name == "posix" else [part.casefold() for part in Path(path).parts]
    return tuple((_natural(part), part) for part in parts)


def _natural(part: str) -> tuple[int | str, ...]:
    """'d10.txt' → ('d', 10, '.txt'): text and numbers alternate, so two keys compare like with like."""
    pieces = _DIGITS.split(part)
    return tuple(int(piece) if index % 2 else piece for index, piece in enumerate(pieces))


_DIGITS = re.compile(r"(\d+)")
