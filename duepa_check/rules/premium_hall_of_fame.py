"""No プレミアム殿堂 card, as the regulation stood on the check date.

The date is today unless ``--as-of YYYY-MM-DD`` names another (a tournament's date).
House rules may allow a card with ``allowed``; ``include_unconfirmed`` (or
``--include-unconfirmed``) applies the unconfirmed later change too.
Example: 《ヴォルグ・サンダー》, プレミアム殿堂 since 2019-07-01, may not be in the deck; an
unrestricted card may.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..data.regulation import PREMIUM
from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, line_of, take_out

ID = "DP007"
NAME = "premium-hall-of-fame"
SEVERITY = ERROR
CONF = ("allowed", "include_unconfirmed")


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    for deck_card, status in context.restricted_cards(deck):
        card = deck_card.card
        if status != PREMIUM or card.name in context.config.allowed:
            continue
        confirmed = context.regulation.status(card.name, context.as_of) == PREMIUM
        since = context.regulation.since(card.name, context.as_of)
        key = "premium-hall-of-fame.since" if confirmed and since else "premium-hall-of-fame.unconfirmed"
        yield finding(
            line_of(deck_card),
            card.name,
            key,
            hint=take_out(deck, context, "hint.remove-it"),
            card=card.name,
            since=since,
            as_of=context.as_of,
        )
