"""Not both cards of a プレミアム殿堂コンビ in one deck (each alone is fine).

In force on the check date: 《禁断英雄 モモキングダムX》 with 《未来王龍 モモキングJO》
since 2022-08-15. House rules may allow a card with ``allowed``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Violation, line_of, quoted

ID = "DP008"
NAME = "premium-combo"
SEVERITY = ERROR
CONF = ("allowed",)


def check(deck, context: Context) -> Iterator[Violation]:
    by_name = {}
    for deck_card in deck.cards:
        by_name.setdefault(deck_card.card.name, deck_card)
    for combo in context.regulation.combos_on(context.as_of):
        first, second = (by_name.get(name) for name in combo.cards)
        if first is None or second is None or set(combo.cards) & set(context.config.allowed):
            continue
        later = max(first, second, key=lambda c: c.entry.line)
        other = first if later is second else second
        yield Violation(
            ID, NAME, SEVERITY, line_of(later), later.card.name,
            f"{quoted(later.card.name)} and {quoted(other.card.name)} (line {other.entry.line}) are a "
            f"プレミアム殿堂コンビ since {combo.since}: they cannot be in one deck",
            "remove one of the two",
        )
