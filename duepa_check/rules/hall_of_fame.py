"""A 殿堂入り card at most once.

In a singleton deck this never fires on its own (DP002 already allows one copy); it matters
when house rules lift singleton with ``singleton: false``.
Example: with ``singleton: false``, two of the 殿堂入り 《フェアリー・ギフト》 are reported; two of
a card that is not 殿堂入り are fine.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..data.regulation import HALL_OF_FAME
from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, line_of, take_out

ID = "DP009"
NAME = "hall-of-fame"
SEVERITY = ERROR
CONF = ("singleton",)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    if context.config.singleton:
        return
    counts: dict[str, int] = {}
    for deck_card in deck.cards:
        card = deck_card.card
        counts[card.name] = counts.get(card.name, 0) + deck_card.entry.count
        if counts[card.name] > 1 and context.status(card) == HALL_OF_FAME:
            yield finding(
                line_of(deck_card),
                card.name,
                "hall-of-fame.copies",
                hint=take_out(deck, context, "hall-of-fame.copies.hint"),
                card=card.name,
                count=counts[card.name],
            )
