"""Not both cards of a プレミアム殿堂コンビ in one deck (each alone is fine).

In force on the check date: 《禁断英雄 モモキングダムX》 with 《未来王龍 モモキングJO》
since 2022-08-15. House rules may allow a card with ``allowed``.
Example: 《禁断英雄 モモキングダムX》 alone is fine; with 《未来王龍 モモキングJO》 it is reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, line_of, take_out

ID = "DP008"
NAME = "premium-combo"
SEVERITY = ERROR
CONF = ("allowed",)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    for combo in context.regulation.combos_on(context.as_of):
        if not deck.names.issuperset(combo.cards) or set(combo.cards) & set(context.config.allowed):
            continue  # not both cards of the combo, or the house rules allow one
        first, second = (next(c for c in deck.cards if c.card.name == name) for name in combo.cards)
        later = max(first, second, key=lambda c: c.entry.line)
        other = first if later is second else second
        yield finding(
            line_of(later),
            later.card.name,
            "premium-combo.both",
            hint=take_out(deck, context, "premium-combo.both.hint"),
            card=later.card.name,
            other=other.card.name,
            other_line=other.entry.line,
            since=combo.since,
        )
