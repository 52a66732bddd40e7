"""A date as a person types it: ``2026-06-01``, ``2026/06/01`` or ``2026.06.01`` (month and day
with or without their leading zero, digits half- or full-width). One reader for ``--as-of`` and
the house rules' dates, so both take the same forms.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

_DATE = re.compile(r"(\d{4})([-/.])(\d{1,2})\2(\d{1,2})")


def parse_day(text: str) -> date | None:
    """The date ``text`` names, or None when it is no date in one of the accepted forms."""
    match = _DATE.fullmatch(unicodedata.normalize("NFKC", text).strip())
    if match is None or not match.group(1).isascii():
        return None
    try:
        return date(int(match.group(1)), int(match.group(3)), int(match.group(4)))
    except ValueError:  # 2026-02-30
        return None
