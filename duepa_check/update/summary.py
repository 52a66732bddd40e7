"""What an update did, and the plain lines the CLI prints about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from ..data.regulation import STATUSES
from ..messages import Listed, Msg


@dataclass(frozen=True)
class StatusChange:
    date: date
    card: str
    old: str
    new: str


@dataclass
class UpdateSummary:
    """What an update did, for the CLI to render."""

    data_dir: Path
    source: str
    new_cards: list[str] = field(default_factory=list)
    changed_cards: list[str] = field(default_factory=list)
    status_changes: list[StatusChange] = field(default_factory=list)
    data_date: date | None = None
    not_for_official_play: list[str] = field(default_factory=list)
    cards_fetched: int = 0
    pages_listed: int = 0
    resumed: bool = False
    notes: list[Msg] = field(default_factory=list)  # put into words by render_summary


_BIDI = frozenset([*map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))])


def printable(text: str) -> str:
    """Text from the site shown on one line: control characters escaped (``\\x1b``), the rest as is.

    The shared escaping (``duepa_check.printable``) plus the bidi overrides, which would make a
    card name from the site read differently from what it is.
    """
    from ..printable import printable as shared

    text = shared(text, surrogates_are_bytes=False)
    if any(c in _BIDI for c in text):
        text = "".join(f"\\u{ord(c):04x}" if c in _BIDI else c for c in text)
    return text


def names_msg(names: list[str], limit: int = 10) -> Listed | Msg:
    """Up to ``limit`` names, and how many more, put into words in the language of the report."""
    shown = Listed(tuple(names[:limit]), "sep.update-names")
    return Msg("update.names.more", {"shown": shown, "count": len(names) - limit}) if len(names) > limit else shown


def render_summary(summary: UpdateSummary, lang: str = "en") -> list[str]:
    """Plain lines for the CLI to print, in ``lang`` (the catalogue's update.* keys)."""
    from ..messages import text

    def say(key: str, **args: object) -> str:
        return text(Msg(key, args), lang)

    lines = [say("update.done", data_dir=summary.data_dir, source=summary.source)]
    fetched = "update.fetched.resumed" if summary.resumed else "update.fetched"
    lines.append("  " + say(fetched, cards=summary.cards_fetched, pages=summary.pages_listed))
    if summary.new_cards:
        lines.append(
            "  " + say("update.new-cards.list", count=len(summary.new_cards), names=names_msg(summary.new_cards))
        )
    else:
        lines.append("  " + say("update.new-cards", count=0))
    if summary.changed_cards:
        lines.append(
            "  " + say("update.changed-cards", count=len(summary.changed_cards), names=names_msg(summary.changed_cards))
        )
    if summary.data_date:
        lines.append(
            "  " + say("update.data-date", date=summary.data_date.isoformat(), count=len(summary.status_changes))
        )
    for change in summary.status_changes[:20]:
        old, new = (Msg(f"status.{s}", {}) if s in STATUSES else s for s in (change.old, change.new))
        lines.append(
            "    " + say("update.status-change", date=change.date.isoformat(), card=change.card, old=old, new=new)
        )
    if len(summary.status_changes) > 20:
        lines.append("    " + say("update.more-changes", count=len(summary.status_changes) - 20))
    if summary.not_for_official_play:
        lines.append("  " + say("update.not-for-official-play", names=names_msg(summary.not_for_official_play)))
    lines.extend("  " + say("update.note", note=note) for note in summary.notes)
    return [printable(line) for line in lines]  # card names come from the site: one line each, always
