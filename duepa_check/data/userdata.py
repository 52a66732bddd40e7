"""Where updated card data lives, and which folder in it holds the data in use.

The data dir is --data-dir, else $DUEPA_CHECK_DATA, else the user data dir; never inside the
installed package (an update must not need write access there, and a reinstall must not
lose it). ``duepa-check update`` lays it out so that one rename switches old data for new:

* ``current`` — a pointer file: the name of the folder in use and the sizes of its files;
  an update replaces it with ``os.replace``, the one atomic step of the swap;
* ``data-<stamp>/`` — ``cards.jsonl``, ``index.tsv``, ``regulation.yaml`` of one update;
* ``update-state.jsonl`` — the resume log of an unfinished update (beside the data, not in it);
* ``.lock`` — held by a running update.

Releases before the pointer wrote the three files straight into the data dir; that layout is
still read, and the next update moves it into a folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TypedDict, cast

from ..errors import DuepaError
from ..messages import Msg, msg

ENVIRONMENT_VARIABLE = "DUEPA_CHECK_DATA"
APP_NAME = "duepa-check"
POINTER_FILE = "current"
VERSION_PREFIX = "data-"
# The files of a data folder: the cards (data.files writes them, data.pool reads them) and the
# regulation (data.regulation).
CARDS_FILE = "cards.jsonl"
INDEX_FILE = "index.tsv"
REGULATION_FILE = "regulation.yaml"
DATA_FILES = (CARDS_FILE, INDEX_FILE, REGULATION_FILE)
POINTER_LIMIT = 4096  # bytes: a pointer is one short JSON line
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
EMBEDDED = "embedded"  # what a report names as its data when it is the data shipped in the package


class DataDirError(DuepaError):
    """The data dir cannot be used as it is (exit 2); the message says how to mend it."""


def resolve_data_dir(option: Path | None = None) -> Path:
    if option is not None:
        return option
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return Path(os.environ[ENVIRONMENT_VARIABLE])
    return user_data_dir()


def data_dir_given(option: Path | None) -> bool:
    """True when the user named a data dir (option or environment): a missing one deserves a word."""
    return option is not None or bool(os.environ.get(ENVIRONMENT_VARIABLE))


def user_data_dir() -> Path:
    """The platform's data dir for the tool.

    On Linux this is the XDG rule platformdirs applies ($XDG_DATA_HOME, else
    ~/.local/share), written out because importing platformdirs would add to every
    check's start-up; elsewhere platformdirs knows the conventions. In a web page (Pyodide:
    ``emscripten``) it is the same rule, inside the page's in-memory file system: the page ships
    no platformdirs, and there is nothing else to write to.
    """
    if sys.platform.startswith("linux") or sys.platform == "emscripten":
        base = os.environ.get("XDG_DATA_HOME", "").strip()
        if not os.path.isabs(base):  # the XDG spec: a relative path is invalid and is ignored
            base = os.path.expanduser("~/.local/share")
        return Path(base) / APP_NAME
    from platformdirs import user_data_dir as platform_user_data_dir

    return Path(platform_user_data_dir(APP_NAME))


def unusable_default(directory: Path) -> str | None:
    """Why the user data dir (none was named) can hold no data: it, or a folder above it, is a
    file ($XDG_DATA_HOME or $HOME pointing to one); None when it can, or is simply not there.
    The embedded data then serves, as for a data dir never updated (``update`` still refuses it)."""
    try:
        os.stat(directory)
    except NotADirectoryError as error:
        return str(error.strerror or error)
    except OSError:
        return None  # not there (the usual case), or another trouble data_folder reports
    if not os.path.isdir(directory):
        import errno

        return os.strerror(errno.ENOTDIR)
    return None


def usable_data_dir(option: Path | None = None) -> Path | None:
    """The data dir to read, None when the default one cannot hold data (``unusable_default``)."""
    directory = resolve_data_dir(option)
    if not data_dir_given(option) and unusable_default(directory) is not None:
        return None
    return directory


def missing_data_warning(directory: Path) -> Msg:
    """Why a named data dir is not used (the check goes on with the embedded data)."""
    fetch = msg("data-dir.fetch", path=directory)
    if not os.path.lexists(directory):
        return msg("data-dir.missing", path=directory, fetch=fetch)
    return msg("data-dir.empty", path=directory, fetch=fetch)


def data_source_label(directory: Path, cards: bool, regulation: bool) -> str | Msg:
    """What a report names as its data: ``embedded``, the data dir, or which part came from where.

    The regulation is taken from the data dir only when it is at least as new as the
    embedded one, so after a package upgrade the cards may come from one and the 殿堂 data
    from the other; the label then says so rather than naming only one (a Msg: the JSON has
    its English, a report its words in the run's language).
    """
    if cards and regulation:
        return str(directory)
    if cards:
        return msg("data.source.cards-only", path=directory)
    if regulation:
        return msg("data.source.regulation-only", path=directory)
    return EMBEDDED


def _mend(directory: Path) -> Msg:
    return msg("data-dir.mend", path=directory)


def valid_folder_name(name: object) -> bool:
    """A version folder's name: ``data-`` and letters, digits, ``.``, ``_``, ``-`` (no path)."""
    if not isinstance(name, str) or not name.startswith(VERSION_PREFIX) or len(name) > 100:
        return False
    rest = name[len(VERSION_PREFIX) :]
    return bool(rest) and rest.isascii() and all(c.isalnum() or c in "._-" for c in rest) and ".." not in rest


class Pointer(TypedDict, total=False):
    """The pointer file as read_pointer checked it: the folder in use and each file's size in it.
    What else it says (``run``, ``format``) is not checked: whoever reads it checks its type."""

    folder: str
    sizes: dict[str, int]
    run: object
    format: object


def read_pointer(directory: Path) -> Pointer | None:
    """The pointer file's content, None when there is none; a damaged one raises DataDirError.

    Opened without following a symbolic link: the pointer is ours, never a link to elsewhere.
    """
    import json

    path = directory / POINTER_FILE
    try:
        descriptor = os.open(path, os.O_RDONLY | NO_FOLLOW)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise DataDirError(
            msg("data-dir.pointer-unreadable", path=path, why=str(error.strerror or error), mend=_mend(directory))
        ) from None
    try:
        raw = os.read(descriptor, POINTER_LIMIT + 1)
    except OSError as error:
        raise DataDirError(
            msg("data-dir.pointer-unreadable", path=path, why=str(error.strerror or error), mend=_mend(directory))
        ) from None
    finally:
        os.close(descriptor)
    try:
        pointer = json.loads(raw.decode("utf-8")) if len(raw) <= POINTER_LIMIT else None
    except (ValueError, UnicodeDecodeError):
        pointer = None
    sizes = pointer.get("sizes") if isinstance(pointer, dict) else None
    if (
        not isinstance(pointer, dict)
        or not valid_folder_name(pointer.get("folder"))
        or not isinstance(sizes, dict)
        or not all(name in DATA_FILES and type(size) is int and size >= 0 for name, size in sizes.items())
    ):
        raise DataDirError(msg("data-dir.not-a-pointer", path=path, mend=_mend(directory)))
    return cast(Pointer, pointer)  # its folder and sizes checked just above


def data_folder(directory: Path) -> Path | None:
    """The folder whose cards.jsonl / index.tsv / regulation.yaml are in use; None when there is no data.

    Follows the pointer (checking that every file it lists is there with the size the update
    wrote: a cut or hand-edited file is refused, not half read), else the old flat layout.
    A version folder given directly is its own data folder.
    """
    try:
        os.stat(directory)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise DataDirError(msg("data-dir.unreadable", path=directory, why=str(error.strerror or error))) from None
    if not directory.is_dir():
        raise DataDirError(msg("data-dir.not-a-directory", path=directory))
    pointer = read_pointer(directory)
    if pointer is None:
        flat = [name for name in DATA_FILES if _is_file(directory / name)]
        return directory if flat else None
    folder = directory / str(pointer["folder"])
    if folder.is_symlink() or not folder.is_dir():
        raise DataDirError(
            msg("data-dir.no-folder", pointer=directory / POINTER_FILE, name=folder.name, mend=_mend(directory))
        )
    for name, size in pointer["sizes"].items():
        try:
            found = os.lstat(folder / name).st_size
        except OSError as error:
            raise DataDirError(
                msg(
                    "data-dir.file-unreadable",
                    path=folder / name,
                    why=str(error.strerror or error),
                    mend=_mend(directory),
                )
            ) from None
        if found != size:
            raise DataDirError(
                msg("data-dir.wrong-size", path=folder / name, found=found, size=size, mend=_mend(directory))
            )
    return folder


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return True  # there but unreadable: the loader names the file and the reason
