"""Install a run's data into the data dir in one atomic step, one update at a time.

The layout is described in ``userdata.py``: ``DATA/current`` (a pointer file) names the folder
``DATA/data-<stamp>/`` whose files are in use. The install, step by step:

1. make a new ``data-*`` folder (with the data dir's permissions) and write the files in it;
2. validate them: every record loads, the pool did not shrink by more than 3 %, the
   regulation loads;
3. fsync the files and the folder;
4. write the new pointer beside ``current``, fsync it, and ``os.replace`` it over ``current``
   — the one step that switches old data for new — then fsync the data dir;
5. remove the old folder, the files of the older flat layout, and the run's log.

A failure or a kill before step 4 leaves the pointer, so the data, as they were; after it the
new data is in use. What steps 1 and 5 leave behind when killed (a folder no pointer names, a
temporary pointer) is removed by the next run, under the lock, before it starts. The data
dir itself is never replaced, so its permissions stay what the user made them.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from ..data import pool as pool_module
from ..data.cards import Card, CardDataError
from ..data.files import write_card_data
from ..data.pool import CardPool
from ..data.userdata import (
    CARDS_FILE,
    DATA_FILES,
    INDEX_FILE,
    NO_FOLLOW,
    POINTER_FILE,
    REGULATION_FILE,
    DataDirError,
    read_pointer,
    valid_folder_name,
)
from ..errors import DuepaError
from ..messages import Msg, msg
from .common import LIST_PATH, REGULATION_PATH, UpdateError
from .merge import Previous
from .state import STATE_FILE

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ..data.regulation import Regulation

SHRINK_LIMIT = 0.03  # the merged pool may not lose more than 3 % of its cards
LOCK_FILE = ".lock"
OWNED_FILES = frozenset({CARDS_FILE, INDEX_FILE, REGULATION_FILE, STATE_FILE, POINTER_FILE, LOCK_FILE})
POSIX = os.name == "posix"


# --- where the data lives ---------------------------------------------------------------


def _is_ours(name: str) -> bool:
    """A name duepa-check writes in a data dir: its files, a data folder, a temporary file."""
    return name in OWNED_FILES or valid_folder_name(name) or name.endswith(".tmp")


def check_data_dir(data_dir: Path) -> None:
    """Refuse a directory that holds anything but our files: the update removes what it does not use."""
    try:
        if os.path.lexists(data_dir) and not data_dir.is_dir():
            raise UpdateError(msg("update.error.not-a-directory", path=data_dir))
        if data_dir.resolve() == pool_module.embedded_data_dir().resolve():
            raise UpdateError(msg("update.error.embedded-dir", path=data_dir))
        foreign = sorted(p.name for p in data_dir.iterdir() if not _is_ours(p.name)) if data_dir.is_dir() else []
    except OSError as error:
        raise UpdateError(
            msg("update.error.cannot-read-dir", path=data_dir, why=str(error.strerror or error))
        ) from None
    if foreign:
        raise UpdateError(msg("update.error.foreign-files", path=data_dir, name=foreign[0]))


def make_data_dir(data_dir: Path) -> None:
    """Create the data dir (and its parents) with the usual permissions; a read-only parent is one line."""
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UpdateError(msg("update.error.cannot-create", path=data_dir, why=str(error.strerror or error))) from None


class DataDirLock:
    """An exclusive lock on ``DATA/.lock`` for the whole run: a second update stops at once, saying why.

    ``fcntl.flock`` (``msvcrt.locking`` on Windows): the system drops it when the process
    ends, however it ends, so a killed update never leaves a stale lock. The file holds the
    owner's process id for the message, and is never removed (removing it would race).
    """

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / LOCK_FILE
        self.descriptor: int | None = None

    def __enter__(self) -> DataDirLock:
        try:
            self.descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | NO_FOLLOW, 0o666)
        except OSError as error:
            raise UpdateError(
                msg("update.error.cannot-lock", path=self.path, why=str(error.strerror or error))
            ) from None
        if not _try_lock(self.descriptor):
            holder = os.read(self.descriptor, 32).decode("ascii", errors="replace").strip()
            os.close(self.descriptor)
            self.descriptor = None
            who = msg("update.error.locked.process", process=holder) if holder.isdigit() else ""
            raise UpdateError(msg("update.error.locked", path=self.path.parent, who=who))
        os.ftruncate(self.descriptor, 0)
        os.write(self.descriptor, str(os.getpid()).encode("ascii"))
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self.descriptor is not None:
            os.close(self.descriptor)  # closing releases the lock
            self.descriptor = None


def _try_lock(descriptor: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def installed_run(data_dir: Path) -> str | None:
    """The id of the run whose data is in use (None for no data or data from an older release)."""
    try:
        pointer = read_pointer(data_dir)
    except DataDirError as error:
        raise UpdateError(msg("update.error.nothing-changed", error=error.message)) from None
    run = pointer.get("run") if pointer else None
    return run if isinstance(run, str) else None


def clean_leftovers(data_dir: Path) -> list[str]:
    """Remove what a killed run left (call under the lock): names no pointer uses, temporary files.

    Returns the names removed. Without a pointer the flat layout is the data and stays.
    """
    try:
        pointer = read_pointer(data_dir)
    except DataDirError as error:
        raise UpdateError(msg("update.error.nothing-changed", error=error.message)) from None
    in_use = pointer.get("folder") if pointer else None
    removed = []
    for entry in sorted(os.scandir(data_dir), key=lambda e: e.name):
        leftover = (
            (valid_folder_name(entry.name) and entry.name != in_use)
            or (entry.name.endswith(".tmp") and entry.name not in OWNED_FILES)
            or (pointer is not None and entry.name in DATA_FILES)
        )
        if leftover and _remove(Path(entry.path)):
            removed.append(entry.name)
    return removed


def _remove(path: Path) -> bool:
    """Remove a file, a link (not its target) or a folder; False when it cannot be removed now."""
    try:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            os.unlink(path)
    except OSError:
        return False
    return True


# --- build, validate, swap --------------------------------------------------------------


def new_folder_name() -> str:
    import secrets
    import time

    return f"data-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}-{secrets.token_hex(3)}"


def install_overlay(
    data_dir: Path,
    cards: list[Card],
    regulation: Regulation | None,
    source: str,
    previous: Previous,
    run: str = "",
) -> None:
    """Build the new data in a folder of ``data_dir``, validate it, then switch the pointer to it."""
    mode = _mode(data_dir)
    folder = data_dir / new_folder_name()
    try:
        os.mkdir(folder, mode)
        build_overlay(folder, cards, regulation, source)
        validate_overlay(folder, len(cards), previous)
        sizes = seal(folder, mode)
        swap_in(folder, data_dir, sizes, run, mode)
    except (UpdateError, CardDataError, OSError) as error:
        if str(error).startswith("update:"):
            raise UpdateError(msg("update.error.then-nothing-changed", error=_reason(error))) from None
        raise UpdateError(msg("update.error.nothing-changed", error=_reason(error))) from None
    finally:
        if not _in_use(data_dir, folder.name):  # asked of the pointer itself: right wherever a Ctrl-C lands
            _remove(folder)  # a kill skips this: the next run's clean_leftovers removes it
    try:
        fsync_path(data_dir)  # the switch itself on disk; it has happened either way
    except OSError:
        pass
    finish(data_dir, folder.name)


def _in_use(data_dir: Path, name: str) -> bool:
    try:
        pointer = read_pointer(data_dir)
    except DataDirError:
        return False
    return pointer is not None and pointer.get("folder") == name


def _reason(error: Exception) -> Msg | str:
    """The error's message (a Msg stays one, to be put into words in the run's language)."""
    if isinstance(error, OSError) and error.strerror:
        return msg(
            "update.reason.cannot-write", path=error.filename or msg("update.reason.the-new-data"), why=error.strerror
        )
    return error.message if isinstance(error, DuepaError) else str(error)


def _mode(data_dir: Path) -> int:
    """The permissions of the data dir: the data folders inside get the same."""
    return stat.S_IMODE(os.stat(data_dir).st_mode)


def build_overlay(folder: Path, cards: list[Card], regulation: Regulation | None, source: str) -> None:
    header: dict[str, object] = {"sources": [source + LIST_PATH], "updated": date.today().isoformat(), "kind": "update"}
    write_card_data(cards, header, folder)
    if regulation is not None:
        from ..data.regulation import dump_regulation

        note = f"Written by duepa-check update from {source}{REGULATION_PATH}; the next update rewrites it."
        (folder / REGULATION_FILE).write_text(dump_regulation(regulation, note), encoding="utf-8", newline="\n")


def validate_overlay(folder: Path, expected: int, previous: Previous) -> None:
    """Every record loads, the merged pool did not shrink by more than 3 %, the regulation loads."""
    loaded = list(CardPool([folder]))
    if len(loaded) != expected:
        raise UpdateError(msg("update.error.card-count", count=len(loaded), expected=expected))
    after = len({c.name for c in loaded} | set(previous.embedded))
    before = previous.pool_size
    if before and after < before * (1 - SHRINK_LIMIT):
        raise UpdateError(msg("update.error.pool-shrinks", before=before, after=after))
    if (folder / REGULATION_FILE).is_file():
        from ..data.regulation import RegulationError, load_regulation

        try:
            load_regulation(folder / REGULATION_FILE)
        except RegulationError as error:
            raise UpdateError(msg("update.error.regulation-unreadable", error=error.message)) from None


def seal(folder: Path, mode: int) -> dict[str, int]:
    """Give the files the data dir's permissions, flush them and the folder to disk; their sizes."""
    sizes = {}
    for name in DATA_FILES:
        path = folder / name
        if path.is_file():
            os.chmod(path, mode & 0o666)
            fsync_path(path)
            sizes[name] = path.stat().st_size
    os.chmod(folder, mode)
    fsync_path(folder)
    return sizes


def swap_in(folder: Path, data_dir: Path, sizes: dict[str, int], run: str, mode: int) -> None:
    """The switch: a new pointer written beside ``current``, then renamed over it in one step."""
    pointer = {"format": 1, "folder": folder.name, "sizes": sizes, "run": run}
    temporary = data_dir / f".{POINTER_FILE}-{folder.name}.tmp"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW, mode & 0o666)
    try:
        try:
            if POSIX:
                os.fchmod(descriptor, mode & 0o666)  # the data dir's permissions, whatever the umask
            os.write(descriptor, (json.dumps(pointer, sort_keys=True) + "\n").encode("utf-8"))
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(temporary, data_dir / POINTER_FILE)
    except BaseException:
        _remove(temporary)  # the pointer in use was not touched
        raise


def finish(data_dir: Path, in_use: str) -> None:
    """After the switch: the old folder, the flat files of the old layout and the run's log go.

    Nothing here can undo the switch; what a failure or a kill leaves is removed next time.
    """
    for entry in list(os.scandir(data_dir)):
        if (valid_folder_name(entry.name) and entry.name != in_use) or entry.name in (*DATA_FILES, STATE_FILE):
            _remove(Path(entry.path))


def fsync_path(path: Path) -> None:
    """Flush a file or (on POSIX) a directory's entries to disk."""
    if path.is_dir() and not POSIX:  # pragma: no cover - directories cannot be opened on Windows
        return
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
