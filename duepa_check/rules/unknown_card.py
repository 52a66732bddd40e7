"""Every line names a known card.

Names match however they are typed (widths, ／ or /, ・, 〜, quotes, 《》, a reading in （）,
hiragana for katakana, English names); a name that still matches nothing is reported with
up to three close names.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Finding, finding, names_list

ID = "DP100"
NAME = "unknown-card"
SEVERITY = ERROR
CONF = ()


def check(deck, context: Context) -> Iterator[Finding]:
    for entry, found in deck.unresolved:
        if found.cards:
            continue
        hint = "unknown-card.hint.suggestions" if found.suggestions else "unknown-card.hint"
        yield finding(
            entry.line or None, entry.name, "unknown-card.none", hint=hint,
            card=entry.name, suggestions=names_list(found.suggestions),
        )
