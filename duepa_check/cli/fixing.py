"""``check --fix`` / ``--diff``: each decklist's names written the official way before it is checked.

The files are fixed (``check.fix``) before the check runs, so the report shows what is left; one
stderr line a file says how many names were fixed. ``--diff`` prints a unified diff of what
``--fix`` would write and writes nothing. ``-`` with ``--fix`` prints the fixed list on stdout (the
report then goes to stderr). A file that is not rewritten when it should be (a symlink, a hard link, outside
the folder checked, changed while read, a submission sheet with names to fix) is one stderr line
and makes the exit code 2.
"""

from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..printable import printable
from .language import current_language


@dataclass
class Fixing:
    """What the options asked for, and what fixing did (read by the exit code and the report)."""

    write: bool = True  # --fix (False: --diff)
    unsafe: bool = False
    changed: bool = False  # some file was (or, with --diff, would be) changed
    refused: bool = False  # some file that needed fixing was not written
    stdin_fixed: bool = False  # the fixed standard input went to stdout: the report goes to stderr
    fixes: dict[str, list[dict]] = field(default_factory=dict)  # raw path → the JSON "fixes" of its deck
    not_written: dict[str, object] = field(default_factory=dict)  # raw path → why its fixes were not written


def fix_files(fixing: Fixing, decks: list[Path], files: list, pool, stdin_name: str, sheet_columns) -> None:
    """Fix (or diff) every decklist of the run in place; what was done goes into ``fixing``. A
    file's ``fixes`` list what was written (or, with --diff, would be): none when it was refused."""
    from ..check.fix import FixRefused, fixed_bytes, read_for_fixing
    from ..check.fix_write import refuse_too_large
    from ..reading.decklist import read_deck_bytes, read_stdin_bytes
    from ..reading.inputs import is_stdin
    from ..reading.model import DeckInputError
    from ..reading.sheet import sheet_rows
    from ..reading.sheet_columns import SheetColumns

    named = sheet_columns or SheetColumns()
    roots = _roots(decks, named)
    for item in files:
        if not isinstance(item, Path):
            _unread(fixing, item.why)  # a Skipped: the check reports it; --diff runs no check
            continue
        stdin = is_stdin(item)
        shown = stdin_name if stdin else str(item)
        try:
            rows = sheet_rows(item, named, stdin_name)
            if rows is not None:  # a submission sheet: never rewritten
                _refuse_sheet(fixing, rows, shown, pool)
                continue
            data = read_stdin_bytes(stdin_name) if stdin else read_deck_bytes(item)
            read = None if stdin else read_for_fixing(item, roots.get(str(item)), data)
            fixed = fixed_bytes(data, shown, pool, fixing.unsafe)
            if fixed.fixes:
                refuse_too_large(printable(shown), fixed.data)
        except DeckInputError as error:
            _unread(fixing, error.message)
            continue
        except FixRefused as refused:
            _refused(fixing, refused.message, shown)
            continue
        except OSError as error:
            from ..messages import Msg

            _unread(fixing, Msg("input.cannot-read", {"path": printable(shown), "why": error.strerror or error}))
            continue
        fixing.fixes[shown] = []
        if stdin:
            fixing.fixes[shown] = _entries(fixed)
            _fixed_stdin(fixing, data, fixed.data, shown)
        elif fixed.fixes:
            fixing.changed = True
            if _written(fixing, read, fixed, shown):
                fixing.fixes[shown] = _entries(fixed)


def _entries(fixed) -> list[dict]:
    """The fixes of one file as the reports carry them (JSON ``fixes``, SARIF's fix results)."""
    return [
        {
            "line": fix.line,
            "from": fix.typed or fix.written,
            "to": fix.official,
            "column": fix.column,
            "end_column": fix.column + fix.end - fix.start,
            "spelling": fix.spelling or fix.official,
        }
        for fix in fixed.fixes
    ]


def _written(fixing: Fixing, read, fixed, shown: str) -> bool:
    """Write the fixed bytes (--diff: print them as a diff); False, said in one line, when refused."""
    from ..check.fix import FixRefused, write_fixed
    from ..check.fix_write import refuse_hard_link

    try:
        if not fixing.write:
            refuse_hard_link(read.path, read.status)  # --diff shows nothing --fix would refuse
            _print_diff(read.data, fixed.data, shown)
            return True
        write_fixed(read, fixed.data)
    except FixRefused as refused:
        _refused(fixing, refused.message, shown)
        return False
    except OSError as error:  # a full disk, a read-only folder: the old file stays
        from ..messages import msg

        _refused(fixing, msg("fix.refused.changed", path=printable(shown), why=error.strerror or str(error)), shown)
        return False
    _say_fixed(len(fixed.fixes), shown)
    return True


def _roots(decks: list[Path], named) -> dict[str, Path]:
    """Each file a folder walk of the arguments finds → that folder (a file named itself has none)."""
    from ..check.walk import deck_files

    roots: dict[str, Path] = {}
    for deck in decks:
        try:
            if not deck.is_dir():
                continue
            for found in deck_files([deck], named):
                if isinstance(found, Path):
                    roots[str(found)] = deck
        except Exception:  # noqa: BLE001 - the check walks again and reports what is wrong
            continue
    return roots


def _refuse_sheet(fixing: Fixing, rows: list, shown: str, pool) -> None:
    """A submission sheet is never rewritten: said (exit 2) when its decks have names to fix."""
    from ..check.fix import sheet_refusal

    refusal = sheet_refusal(rows, shown, pool)
    if refusal is not None:
        _refused(fixing, refusal, shown)  # its decks say why in the JSON and SARIF reports


def _unread(fixing: Fixing, message) -> None:
    """An input that could not be read: with --fix the check that follows says so; --diff runs no
    check, so it is said here (one line, exit 2): a --diff gate never passes a deck it did not read."""
    if not fixing.write:
        _refused(fixing, message)


def _refused(fixing: Fixing, message, shown: str | None = None) -> None:
    """Said in one line (exit 2); a file that was read but not written keeps why, for its deck's
    entry in the JSON and SARIF reports."""
    from ..errors import DuepaError
    from .output import print_error

    fixing.refused = True
    if shown is not None:
        fixing.not_written[shown] = message
    print_error(DuepaError(message))


def _say_fixed(count: int, path: str) -> None:
    from ..messages import msg, plural, text

    print(text(msg(plural("fix.done", count), count=count, path=printable(path)), current_language()), file=sys.stderr)


def _fixed_stdin(fixing: Fixing, data: bytes, fixed: bytes, shown: str) -> None:
    """Standard input fixed: the list on stdout (--fix) or its diff (--diff); the check reads the fixed bytes."""
    from ..reading.decklist import replace_stdin_bytes

    if fixed != data:
        fixing.changed = True
    if not fixing.write:
        if fixed != data:
            _print_diff(data, fixed, shown)
        return
    fixing.stdin_fixed = True
    sys.stdout.flush()
    sys.stdout.buffer.write(fixed)
    sys.stdout.flush()
    replace_stdin_bytes(fixed)
    count = len(fixing.fixes.get(shown, ()))
    if count:
        _say_fixed(count, shown)


_LINE = r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$"  # a line and its end, split as the reader splits (not at a form feed)


def _print_diff(old: bytes, new: bytes, path: str) -> None:
    """A unified diff of the two versions of a file, as ``diff -u`` and black's --diff print it."""
    from ..check.fix import file_encoding

    codec, bom = file_encoding(old)
    before = re.findall(_LINE, old[bom:].decode(codec))
    after = re.findall(_LINE, new[bom:].decode(codec))
    name = printable(path)
    for line in difflib.unified_diff(before, after, fromfile=name, tofile=name):
        sys.stdout.write(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n")
