"""A デュエパーティー deck has exactly 60 cards, the partner included.

The partner is one of the 60: a list with a ``パートナー:`` line and 59 other cards is
complete. House rules may change the number with ``deck_size``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Violation

ID = "DP001"
NAME = "deck-size"
SEVERITY = ERROR
CONF = ("deck_size",)


def check(deck, context: Context) -> Iterator[Violation]:
    wanted, count = context.config.deck_size, deck.card_count
    if count == wanted:
        return
    difference = abs(count - wanted)
    action = f"add {difference}" if count < wanted else f"remove {difference}"
    yield Violation(
        ID, NAME, SEVERITY, None, None,
        f"the deck has {count} cards; a デュエパーティー deck has exactly {wanted}, the partner included",
        f"{action} card{'s' if difference > 1 else ''}",
    )
