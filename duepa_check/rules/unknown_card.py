"""Every line names a known card.

Names match however they are typed (widths, ／ or /, ・, 〜, quotes, 《》, a reading in （）,
hiragana for katakana, English names); a name that still matches nothing is reported with
up to three close names. Close names are searched for the first 60 unknown names of a deck
(a deck's worth) only, and in a run of many decks or a sheet's rows for the first 60 of the
whole run (one line on stderr says when the rest were not searched): each search scans every
spelling in the pool, and a file of thousands of names that are not cards is not a decklist
anyone will fix name by name.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, names_list
from .english_tcg_only import tcg_only

ID = "DP100"
NAME = "unknown-card"
SEVERITY = ERROR
CONF = ()
SUGGEST_AT_MOST = 60  # unknown names per deck that get a close-name search
PENDING = "close_names_pending"  # a hint argument: the run searches this name's close names (check.close_names)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    searched = 0
    for entry, found in deck.unresolved:
        if found.cards or tcg_only(entry, found, context):  # a card of the English TCG alone: DP103
            continue
        searched += 1
        if searched > SUGGEST_AT_MOST:  # found.suggestions is not read: that is the search
            yield finding(
                entry.line or None,
                entry.name,
                "unknown-card.none",
                hint="unknown-card.hint.not-searched",
                card=entry.name,
                limit=SUGGEST_AT_MOST,
            )
            continue
        if not context.close_names_now:
            yield finding(
                entry.line or None,
                entry.name,
                "unknown-card.none",
                hint="unknown-card.hint",
                card=entry.name,
                **{PENDING: True},
            )
            continue
        hint = "unknown-card.hint.suggestions" if found.suggestions else "unknown-card.hint"
        yield finding(
            entry.line or None,
            entry.name,
            "unknown-card.none",
            hint=hint,
            card=entry.name,
            suggestions=names_list(found.suggestions),
        )
