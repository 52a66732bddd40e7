"""A known card with no type or civilization in the card data yet.

The card exists (it is in the official name list, a set list, or the fan transcription of a
new set that does not give its colours) but its facts are not in the embedded data, so its
civilization and zone cannot be checked. ``duepa-check update``
fetches them.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..reading.resolve import Deck
from .base import WARNING, Context, Finding, finding, line_of

ID = "DP201"
NAME = "incomplete-card-data"
SEVERITY = WARNING
CONF = ()


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    for deck_card in deck.cards:
        if deck_card.card.complete:
            continue
        yield finding(
            line_of(deck_card),
            deck_card.card.name,
            "incomplete-card-data.no-data",
            hint="incomplete-card-data.no-data.hint",
            card=deck_card.card.name,
        )
