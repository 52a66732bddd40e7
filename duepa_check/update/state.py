"""The resumable log of a run (``update-state.jsonl``): appended to after every step.

It lives in the data dir *beside* the data folder, never in it: writing it is the only change
a failed or interrupted update makes, and the messages say so. It is ours alone: a symbolic
link, a hard link or anything but a regular file in its place is refused, never followed or
written through (a link planted there would otherwise overwrite its target). A new log is
written beside its name and renamed over it; appends go to that file only.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..data.userdata import NO_FOLLOW
from ..messages import msg
from .common import UpdateError

STATE_FILE = "update-state.jsonl"
NON_BLOCKING = getattr(os, "O_NONBLOCK", 0)  # a FIFO in its place must not hang the open


@dataclass
class RunState:
    """What a run has done so far: list pages seen, cards fetched. Appended to after every step."""

    path: Path
    source: str
    full: bool
    pages: dict[int, list[str]] = field(default_factory=dict)
    total: int | None = None
    list_done: bool = False
    listing: str | None = None  # how list pages are asked for ("get" or "post"), fixed by page 1
    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)
    resumed: bool = False
    run: str = ""  # this run's id: the pointer records it, so a finished run's log is never resumed

    @classmethod
    def open(cls, data_dir: Path, source: str, full: bool, installed_run: str | None = None) -> RunState:
        """Resume the log of an interrupted run from the same source; otherwise start a new one.

        ``installed_run`` is the run whose data is in use: a log of that run is left over
        from a kill after the swap, and is started afresh rather than resumed.
        """
        path = data_dir / STATE_FILE
        lines = _read_log(path)
        header = lines[0] if lines else {}
        run = header.get("run")
        finished = run is not None and run == installed_run  # a log from before run ids is resumed
        if header.get("format") == 1 and header.get("source") == source and not finished:
            state = cls(path, source, full or bool(header.get("full")), resumed=True, run=str(run or ""))
            for entry in lines[1:]:
                state._apply(entry)
            return state
        import secrets

        state = cls(path, source, full, run=secrets.token_hex(8))
        _replace_file(path, json.dumps({"format": 1, "source": source, "full": full, "run": state.run}) + "\n")
        return state

    def _apply(self, entry: dict[str, Any]) -> None:
        """One log entry; a malformed one (the log was edited or damaged) is skipped: it is only a cache."""
        try:
            if "page" in entry:
                self.pages[int(entry["page"])] = [str(i) for i in entry["ids"]]
                total = entry.get("total", self.total)
                self.total = total if isinstance(total, int) else self.total
                via = entry.get("via", self.listing)
                self.listing = via if isinstance(via, str) else self.listing
            elif entry.get("list_done"):
                self.list_done = True
            elif "missing" in entry:
                self.missing.add(str(entry["missing"]))
            elif "id" in entry and isinstance(entry.get("card"), dict):
                self.records[str(entry["id"])] = entry
        except (KeyError, TypeError, ValueError):
            pass

    def append(self, entry: dict[str, Any]) -> None:
        line = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8")
        descriptor = _open_own(self.path, os.O_WRONLY | os.O_APPEND)
        try:
            os.write(descriptor, line)
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        self._apply(entry)

    @property
    def next_page(self) -> int:
        return max(self.pages, default=0) + 1

    def listed_ids(self) -> list[str]:
        ordered: dict[str, None] = {}
        for number in sorted(self.pages):
            ordered.update(dict.fromkeys(self.pages[number]))
        return list(ordered)


def _open_own(path: Path, flags: int) -> int:
    """Open our log without following a link; refuse anything that is not our own regular file."""
    try:
        descriptor = os.open(path, flags | NO_FOLLOW | NON_BLOCKING)
    except OSError:
        if os.path.islink(path):
            raise _not_ours(path, "update.file.symlink") from None
        raise
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink > 1:
        os.close(descriptor)
        raise _not_ours(path, "update.file.not-regular" if not stat.S_ISREG(info.st_mode) else "update.file.hard-link")
    return descriptor


def _not_ours(path: Path, what: str) -> UpdateError:
    """``what`` is the key of what the file is (update.file.*)."""
    return UpdateError(msg("update.error.not-ours", path=path, what=msg(what)))


def _replace_file(path: Path, text: str) -> None:
    """Write a new file beside ``path`` and rename it over whatever was there (a link is replaced, not followed)."""
    if os.path.islink(path):
        raise _not_ours(path, "update.file.symlink")
    if os.path.lexists(path) and not os.path.isfile(path):
        raise _not_ours(path, "update.file.not-regular")
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    if os.path.lexists(temporary):
        os.unlink(temporary)  # a leftover of a killed run (the lock is ours: no one else writes here)
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW, 0o666)
    try:
        os.write(descriptor, text.encode("utf-8"))
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
    os.replace(temporary, path)


def _read_log(path: Path) -> list[dict[str, Any]]:
    """The log's entries; a line cut short by an interruption is ignored."""
    try:
        descriptor = _open_own(path, os.O_RDONLY)
    except FileNotFoundError:
        return []
    except OSError as error:
        raise UpdateError(msg("update.error.cannot-read", path=path, why=str(error.strerror or error))) from None
    try:
        with os.fdopen(descriptor, "rb") as log:
            text = log.read().decode("utf-8", errors="replace")
    except OSError as error:
        raise UpdateError(msg("update.error.cannot-read", path=path, why=str(error.strerror or error))) from None
    entries = []
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            entries.append(entry)
    return entries
