"""A デュエパーティー deck has exactly 60 cards, the partner included.

The partner is one of the 60: a list with a ``パートナー:`` line and 59 other cards is
complete. House rules may change the number with ``deck_size``.
Example: a ``パートナー:`` line and 59 cards is legal; 58 cards is reported with "add 1 card".
"""

from __future__ import annotations

from collections.abc import Iterator

from ..messages import plural
from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding

ID = "DP001"
NAME = "deck-size"
SEVERITY = ERROR
CONF = ("deck_size",)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    wanted, count = context.config.deck_size, deck.card_count
    if count == wanted:
        return
    difference = abs(count - wanted)
    action = "deck-size.add" if count < wanted else "deck-size.remove"
    yield finding(
        None,
        None,
        plural("deck-size.count", count),
        hint=plural(action, difference),
        count=count,
        wanted=wanted,
        difference=difference,
    )
