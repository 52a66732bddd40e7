"""The resumable log of a run (``update-state.jsonl``): appended to after every step."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STATE_FILE = "update-state.jsonl"


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

    @classmethod
    def open(cls, data_dir: Path, source: str, full: bool) -> RunState:
        """Resume the log of an interrupted run from the same source; otherwise start a new one."""
        path = data_dir / STATE_FILE
        lines = _read_log(path)
        header = lines[0] if lines else {}
        if header.get("format") == 1 and header.get("source") == source:
            state = cls(path, source, full or bool(header.get("full")), resumed=True)
            for entry in lines[1:]:
                state._apply(entry)
            return state
        state = cls(path, source, full)
        data_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"format": 1, "source": source, "full": full}) + "\n", encoding="utf-8")
        return state

    def _apply(self, entry: dict[str, Any]) -> None:
        if "page" in entry:
            self.pages[int(entry["page"])] = list(entry["ids"])
            self.total = entry.get("total", self.total)
            self.listing = entry.get("via", self.listing)
        elif entry.get("list_done"):
            self.list_done = True
        elif "missing" in entry:
            self.missing.add(entry["missing"])
        elif "id" in entry:
            self.records[entry["id"]] = entry

    def append(self, entry: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as log:
            log.write(json.dumps(entry, ensure_ascii=False) + "\n")
            log.flush()
            os.fsync(log.fileno())
        self._apply(entry)

    @property
    def next_page(self) -> int:
        return max(self.pages, default=0) + 1

    def listed_ids(self) -> list[str]:
        ordered: dict[str, None] = {}
        for number in sorted(self.pages):
            ordered.update(dict.fromkeys(self.pages[number]))
        return list(ordered)


def _read_log(path: Path) -> list[dict[str, Any]]:
    """The log's entries; a line cut short by an interruption is ignored."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    entries = []
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            entries.append(entry)
    return entries
