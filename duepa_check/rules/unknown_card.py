"""Every line names a known card.

Names match however they are typed (widths, ／ or /, ・, 〜, quotes, 《》, a reading in （）,
hiragana for katakana, English names); a name that still matches nothing is reported with
up to three close names.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Violation, names_list, quoted

ID = "DP100"
NAME = "unknown-card"
SEVERITY = ERROR
CONF = ()


def check(deck, context: Context) -> Iterator[Violation]:
    for entry, found in deck.unresolved:
        if found.cards:
            continue
        hint = f"did you mean {names_list(found.suggestions)}?" if found.suggestions else "check the spelling"
        yield Violation(ID, NAME, SEVERITY, entry.line or None, entry.name, f"{quoted(entry.name)} matches no card", hint)
