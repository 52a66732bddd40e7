"""Every line names one card, not several.

Some spellings fold to the same key (for example when two cards differ only in spacing or
in kana). Write the official name to choose one. (A side shared by several cards that are
all outside the main deck, like 《零龍》, is reported by DP006 instead.)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, names_list, shared_side_zone

ID = "DP101"
NAME = "ambiguous-card"
SEVERITY = ERROR
CONF = ()


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    for entry, found in deck.unresolved:
        if len(found.cards) > 1 and shared_side_zone(found) is None:  # else DP006 reports it
            names = [c.name for c in found.cards]
            yield finding(
                entry.line or None,
                entry.name,
                "ambiguous-card.matches",
                hint="ambiguous-card.matches.hint",
                card=entry.name,
                count=len(names),
                names=names_list(names),
                first=names[0],
            )
