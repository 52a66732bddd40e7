"""A 殿堂入り card at most once.

In a singleton deck this never fires on its own (DP002 already allows one copy); it matters
when house rules lift singleton with ``singleton: false``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..regulation import HALL_OF_FAME
from .base import ERROR, Context, Violation, line_of, quoted

ID = "DP009"
NAME = "hall-of-fame"
SEVERITY = ERROR
CONF = ("singleton",)


def check(deck, context: Context) -> Iterator[Violation]:
    if context.config.singleton:
        return
    counts: dict[str, int] = {}
    for deck_card in deck.cards:
        card = deck_card.card
        counts[card.name] = counts.get(card.name, 0) + deck_card.entry.count
        if counts[card.name] > 1 and context.status(card) == HALL_OF_FAME:
            yield Violation(
                ID, NAME, SEVERITY, line_of(deck_card), card.name,
                f"{quoted(card.name)} is 殿堂入り: at most one copy, the deck has {counts[card.name]}",
                "keep one copy",
            )
