"""What an update did, and the plain lines the CLI prints about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from .. import official_site


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
    notes: list[str] = field(default_factory=list)


_STATUS_LABELS = {
    official_site.UNRESTRICTED: "無制限",
    official_site.HALL_OF_FAME: "殿堂入り",
    official_site.PREMIUM: "プレミアム殿堂",
}


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


def _names(names: list[str], limit: int = 10) -> str:
    shown = "、".join(names[:limit])
    return shown + (f" … and {len(names) - limit} more" if len(names) > limit else "")


def render_summary(summary: UpdateSummary) -> list[str]:
    """Plain lines for the CLI to print."""
    lines = [f"Updated card data in {summary.data_dir} from {summary.source}"]
    fetched = f"{summary.cards_fetched} cards fetched, {summary.pages_listed} list pages read"
    lines.append(f"  {fetched}" + (" (resumed an interrupted run)" if summary.resumed else ""))
    lines.append(f"  {len(summary.new_cards)} new cards" + (f": {_names(summary.new_cards)}" if summary.new_cards else ""))
    if summary.changed_cards:
        lines.append(f"  {len(summary.changed_cards)} changed cards: {_names(summary.changed_cards)}")
    if summary.data_date:
        lines.append(f"  殿堂 data as of {summary.data_date.isoformat()}: {len(summary.status_changes)} status changes")
    for change in summary.status_changes[:20]:
        old, new = _STATUS_LABELS.get(change.old, change.old), _STATUS_LABELS.get(change.new, change.new)
        lines.append(f"    {change.date.isoformat()} {change.card}: {old} → {new}")
    if len(summary.status_changes) > 20:
        lines.append(f"    … and {len(summary.status_changes) - 20} more")
    if summary.not_for_official_play:
        lines.append(
            "  「公式大会では使えません」 (allowed in デュエパーティー): " + _names(summary.not_for_official_play)
        )
    lines.extend(f"  note: {note}" for note in summary.notes)
    return [printable(line) for line in lines]  # card names come from the site: one line each, always
