"""The check date is more than 6 months after the newest confirmed 殿堂 change.

The 殿堂 list changes about twice a year; a regulation older than that may miss a change.
``duepa-check update`` refreshes it from the official site.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

from ..reading.resolve import Deck
from .base import WARNING, Context, Finding, finding

ID = "DP202"
NAME = "stale-regulation"
SEVERITY = WARNING
CONF = ()
MAX_AGE = timedelta(days=183)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    data_date = context.regulation.data_date
    if context.as_of - data_date > MAX_AGE:
        yield finding(
            None,
            None,
            "stale-regulation.old",
            hint="stale-regulation.old.hint",
            data_date=data_date,
            as_of=context.as_of,
        )
