"""No プレミアム殿堂 card, as the regulation stood on the check date.

The date is today unless ``--as-of YYYY-MM-DD`` names another (a tournament's date).
House rules may allow a card with ``allowed``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..regulation import PREMIUM
from .base import ERROR, Context, Violation, line_of, quoted

ID = "DP007"
NAME = "premium-hall-of-fame"
SEVERITY = ERROR
CONF = ("allowed", "include_unconfirmed")


def check(deck, context: Context) -> Iterator[Violation]:
    for deck_card, status in context.restricted_cards(deck):
        card = deck_card.card
        if status != PREMIUM or card.name in context.config.allowed:
            continue
        confirmed = context.regulation.status(card.name, context.as_of) == PREMIUM
        since = context.regulation.since(card.name, context.as_of)
        when = f" since {since}" if confirmed and since else " by the unconfirmed later change"
        yield Violation(
            ID, NAME, SEVERITY, line_of(deck_card), card.name,
            f"{quoted(card.name)} is プレミアム殿堂{when}: it cannot be in a deck on {context.as_of}",
            "remove it",
        )
