"""A submission sheet's timestamps: which of a player's rows is the latest (reading.sheet).

Forms and spreadsheets write a time in many ways: '2026/11/28 14:03:12' (a Japanese Google Form),
'11/28/2026 14:03:12' (an English one), '28/11/2026 14:03' (most other locales), '28.11.2026
14:03' (a European Excel), ISO 8601 with or without an offset ('2026-11-28T14:03:12+09:00',
'…Z'), '2026/11/28 午後 2:03:12'.

* An offset is applied, not dropped: times with one compare as instants (10:00+09:00 is before
  09:00Z). A player whose rows mix times with and without an offset cannot be ordered by them:
  row order decides.
* ``a/b/YYYY`` is read one way for the whole sheet: day-first when a row shows it (``28/11/2026``),
  month-first when a row shows that (``11/28/2026``). When no row tells (every day 12 or less) and
  the two readings would choose different rows of a player, or when rows disagree, the sheet's date
  order is ambiguous: its resubmissions are ordered by row, and one line says so (``order_note``).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime

from ..messages import Msg

_TIME_FORMATS = (
    "%Y/%m/%d %H:%M:%S",
    "%Y/%m/%d %H:%M",
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d %H:%M",
    "%Y/%m/%d",
    "%Y-%m-%d",
    "%d.%m.%Y %H:%M:%S",
    "%d.%m.%Y %H:%M",
    "%d.%m.%Y",
)
_SLASH_MONTH_FIRST = ("%m/%d/%Y %H:%M:%S", "%m/%d/%Y %H:%M", "%m/%d/%Y")
_SLASH_DAY_FIRST = ("%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M", "%d/%m/%Y")
_SLASH = re.compile(r"^(\d{1,2})/(\d{1,2})/\d{4}(?:\s|$)")
_AM_PM = r"^(.*?)\s*(午前|午後|AM|PM|am|pm|a\.m\.|p\.m\.)\s*(\d{1,2})(:\d{2}(?::\d{2})?)$"
_AM_PM_AFTER = r"^(.*?\d{1,2})(:\d{2}(?::\d{2})?)\s*(午前|午後|AM|PM|am|pm|a\.m\.|p\.m\.)$"
_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}")
_AFTERNOON = ("午後", "PM", "pm", "p.m.")

DAY_FIRST, MONTH_FIRST = "day", "month"


def _normal(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).strip()
    twelve = re.match(_AM_PM, text)
    if twelve:
        day, half, hour, rest = twelve.groups()
    else:
        after = re.match(_AM_PM_AFTER, text)
        if after is None:
            return text
        head, rest, half = after.groups()
        day, _, hour = head.rpartition(" ")
    hour_number = int(hour) % 12 + (12 if half in _AFTERNOON else 0)
    return f"{day.strip()} {hour_number}{rest}"


def parse_time(text: str | None, order: str | None = None) -> datetime | None:
    """A form's timestamp; aware when it states an offset. ``a/b/YYYY`` is month-first unless
    ``order`` is DAY_FIRST. None when it is no time this reader knows."""
    if not text:
        return None
    text = _normal(text)
    if _ISO.match(text):  # ISO 8601, its offset applied ('Z' is UTC)
        try:
            return datetime.fromisoformat(text[:-1] + "+00:00" if text[-1:] in "Zz" else text)
        except ValueError:
            pass
    formats: tuple[str, ...] = _TIME_FORMATS
    if "/" in text and _SLASH.match(text):
        formats = _SLASH_DAY_FIRST if order == DAY_FIRST else _SLASH_MONTH_FIRST
    for pattern in formats:
        try:
            return datetime.strptime(text, pattern)
        except ValueError:
            continue
    return None


def date_order(texts: list[str | None]) -> tuple[str | None, tuple[str, str] | None]:
    """(DAY_FIRST, MONTH_FIRST or None when no row tells, the two rows' texts that disagree or None)."""
    day = month = None
    for text in texts:
        if not text or "/" not in text:
            continue
        slash = _SLASH.match(_normal(text))
        if slash is None:
            continue
        first, second = int(slash.group(1)), int(slash.group(2))
        if first > 12 and day is None:
            day = text
        if second > 12 and month is None:
            month = text
    if day is not None and month is not None:
        return None, (day, month)
    return (DAY_FIRST if day else MONTH_FIRST if month else None), None


def latest(texts: list[str | None], order: str | None) -> int | None:
    """The index of the latest of one player's times (the same time: the later row); None when
    they cannot be ordered (one is no time, or some state an offset and others do not)."""
    times = [time for time in (parse_time(text, order) for text in texts) if time is not None]
    if len(times) < len(texts) or len({time.tzinfo is None for time in times}) > 1:
        return None
    return max(zip(times, range(len(times))))[1]


def is_slash_date(text: str | None) -> bool:
    return text is not None and "/" in text and _SLASH.match(_normal(text)) is not None


def order_note(path: str, disagree: tuple[str, str] | None, example: str) -> Msg:
    """The one line that says a sheet's resubmissions were ordered by row, not by date."""
    if disagree is not None:
        return Msg("sheet.date-order.disagree", {"path": path, "day": disagree[0], "month": disagree[1]})
    return Msg("sheet.date-order.ambiguous", {"path": path, "example": example})
