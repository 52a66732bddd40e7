"""How ``--fix`` writes a file: only over the bytes it read, keeping what the file had, or not at all.

The fixed bytes go to a temporary file in the same folder (a short name: a 255-byte file name
leaves room for no prefix), flushed to disk, given the original's extended attributes (on Linux a
POSIX ACL is one), owner and group, then mode (chown first: it clears setuid and setgid), and
renamed over the original, so an interrupted run leaves the old file or the new one. Right before
the rename the original is read again: a write by an editor or a sync client that landed meanwhile
is never overwritten. What cannot be kept (an owner only root may give, an attribute the folder's
file system refuses) leaves the file as it was: ``FixRefused``, one line. A symbolic link and a
file with other names (hard links) are refused too: the other names would keep the old text.
The temporary file is removed on every way out, a signal included.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from ..messages import Msg
from ..reading.decode import MAX_BYTES


class FixRefused(Exception):
    """A file --fix does not write (a symlink, a hard link, outside the folder checked, changed
    while read, metadata it cannot keep, too large once fixed)."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.key)
        self.message = message


class ReadFile(NamedTuple):
    """A file as --fix read it: its bytes and what the system said of it then."""

    path: Path
    data: bytes
    status: os.stat_result


def refuse_link(path: Path, root: Path | None = None) -> os.stat_result:
    """The file's status; refused when it is a symbolic link or, reached in a walk of ``root``,
    lies outside that folder (``--diff`` asks the same, and shows no diff for it)."""
    status = os.lstat(path)
    if stat.S_ISLNK(status.st_mode):
        raise FixRefused(Msg("fix.refused.symlink", {"path": str(path)}))
    if root is not None:
        real, folder = os.path.realpath(path), os.path.realpath(root)
        if os.path.commonpath([real, folder]) != folder:
            raise FixRefused(Msg("fix.refused.outside", {"path": str(path), "folder": str(root)}))
    return status


def read_for_fixing(path: Path, root: Path | None, data: bytes) -> ReadFile:
    """The file's state for ``write_fixed`` (``refuse_link`` first)."""
    return ReadFile(path, data, refuse_link(path, root))


def refuse_hard_link(path: Path, status: os.stat_result) -> None:
    """A file with other names (hard links) is not rewritten: a new file renamed over this name
    would leave the old text under the others, and writing in place is not atomic."""
    if status.st_nlink > 1:
        raise FixRefused(Msg("fix.refused.hard-link", {"path": str(path), "count": status.st_nlink}))


def refuse_too_large(path: str, data: bytes) -> None:
    """A fixed list the reader would refuse (over the size limit) is not written."""
    if len(data) > MAX_BYTES:
        raise FixRefused(Msg("fix.refused.too-large", {"path": path, "megabytes": MAX_BYTES // 1_000_000}))


def write_fixed(read: ReadFile, data: bytes) -> None:
    """Write ``data`` over the file atomically, keeping its metadata, unless its bytes changed
    since they were read (checked again right before the rename)."""
    path = read.path
    refuse_too_large(str(path), data)
    refuse_hard_link(path, read.status)
    status = _unchanged(read)
    _refuse_locked(path, status[-1])
    folder = os.path.dirname(os.path.abspath(path))
    with _temporary(folder, str(path)) as (handle, temporary):
        with os.fdopen(handle, "wb", closefd=False) as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        _keep_metadata(handle, temporary, path, status)
        if _unchanged(read) != status:  # the owner, mode or inode moved meanwhile: what was copied is stale
            raise _changed(path)
        os.replace(temporary, path)


_Status = tuple[int, int, int, int, int]  # a file's (inode, mode, owner, group, flags)


def _unchanged(read: ReadFile) -> _Status:
    """The file's (inode, mode, owner, group, flags) now; refused when its bytes are not those read."""
    path = read.path
    try:
        now = os.lstat(path)
        with open(path, "rb") as handle:
            current = handle.read(len(read.data) + 1)
    except OSError as error:
        raise FixRefused(Msg("fix.refused.changed", {"path": str(path), "why": error.strerror or error})) from None
    if current != read.data or stat.S_ISLNK(now.st_mode):
        raise _changed(path)
    refuse_hard_link(path, now)
    return now.st_ino, now.st_mode, now.st_uid, now.st_gid, file_flags(now)


def file_flags(status: os.stat_result) -> int:
    """The file's BSD flags (macOS, FreeBSD: hidden, nodump, locked…); 0 where the system has none."""
    return getattr(status, "st_flags", 0)


_LOCKED = stat.UF_IMMUTABLE | stat.SF_IMMUTABLE | stat.UF_APPEND | stat.SF_APPEND


def _refuse_locked(path: Path, flags: int) -> None:
    """A file locked by its flags (immutable, append-only: Finder's "Locked") is the owner's wish: left alone."""
    if flags & _LOCKED:
        raise FixRefused(Msg("fix.refused.locked", {"path": str(path)}))


def _changed(path: Path) -> FixRefused:
    return FixRefused(Msg("fix.refused.changed", {"path": str(path), "why": Msg("fix.why.changed", {})}))


@contextmanager
def _temporary(folder: str, shown: str) -> Iterator[tuple[int, str]]:
    """A new temporary file in ``folder`` (an open descriptor and its path), removed unless renamed.

    Its name is chosen before the file is made, so a signal that arrives while or right after it
    is made (the name not yet returned by a ``mkstemp``) still finds it to remove. Short
    (``.duepa-`` and 16 hex digits): a file name of 255 bytes, the most a file system takes,
    leaves no room for a prefix made of it."""
    handle = None
    for _ in range(100):
        temporary = os.path.join(folder, f".duepa-{secrets.token_hex(8)}.tmp")
        try:
            handle = os.open(temporary, _CREATE, 0o600)  # only the owner, until the mode is copied
            break
        except FileExistsError:
            continue  # another's file: never ours to remove
        except OSError as error:
            raise FixRefused(Msg("fix.refused.changed", {"path": shown, "why": error.strerror or error})) from None
        except BaseException:
            _remove(temporary)
            raise
    else:
        raise FixRefused(Msg("fix.refused.changed", {"path": shown, "why": os.strerror(errno.EEXIST)}))
    try:
        yield handle, temporary
    except BaseException:
        _remove(temporary)
        raise
    finally:
        os.close(handle)


_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _remove(temporary: str) -> None:
    try:
        os.unlink(temporary)
    except OSError:
        pass


def _keep_metadata(handle: int, temporary: str, path: Path, status: _Status) -> None:
    """The original's extended attributes (a POSIX ACL among them), owner and group, then mode, on
    the temporary file; refused when any cannot be kept (the file is then left as it was)."""
    _, mode, uid, gid, flags = status
    _copy_xattrs(handle, path)
    if hasattr(os, "fchown"):
        now = os.fstat(handle)
        if (now.st_uid, now.st_gid) != (uid, gid):
            try:
                os.fchown(handle, uid, gid)
            except OSError as error:
                raise FixRefused(
                    Msg(
                        "fix.refused.metadata",
                        {"path": str(path), "what": Msg("fix.what.owner", {}), "why": error.strerror or error},
                    )
                ) from None
    _chmod(handle, temporary, stat.S_IMODE(mode))
    if flags and hasattr(os, "chflags"):  # after the mode: a flag may forbid changing it
        try:
            os.chflags(temporary, flags, follow_symlinks=False)
        except OSError as error:
            what = Msg("fix.what.flags", {})
            raise FixRefused(
                Msg("fix.refused.metadata", {"path": str(path), "what": what, "why": error.strerror or error})
            ) from None


def _chmod(handle: int, temporary: str, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(handle, mode)
    else:  # Windows: the read-only bit is all there is
        os.chmod(temporary, mode)


def _copy_xattrs(handle: int, path: Path) -> None:
    """Every extended attribute of ``path`` onto the open temporary file (Linux: os.listxattr; a
    platform or file system without them has none to keep)."""
    if not hasattr(os, "listxattr"):
        return
    try:
        names = os.listxattr(path, follow_symlinks=False)
    except OSError:  # a file system without extended attributes: nothing to keep
        return
    for name in names:
        try:
            value = os.getxattr(path, name, follow_symlinks=False)
            try:
                if os.getxattr(handle, name) == value:
                    continue  # already so (a security label the folder gives)
            except OSError:
                pass
            os.setxattr(handle, name, value)
        except OSError as error:
            raise FixRefused(
                Msg(
                    "fix.refused.metadata",
                    {"path": str(path), "what": Msg("fix.what.xattr", {"name": name}), "why": error.strerror or error},
                )
            ) from None
