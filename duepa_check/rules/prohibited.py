"""No 使用禁止 card, and none of the house rules' ``banned`` cards.

使用禁止 here means banned by the official regulation or a ruling (e.g. the blank
《ジョーカード》). Cards whose only restriction is their own text 「このカードは公式大会では
使えません」 are allowed in デュエパーティー. A 使用禁止 printing of a card whose other
printings are legal (the promo 《ガルベリアス・ドラゴン》) cannot be told apart by name and is
not reported. House rules may allow a card with ``allowed``.
Example: with ``banned: [ガルチェンソ・ドラゴン]`` that card is reported; other cards are fine.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..data.regulation import OFFICIAL_PAGE_REASON, PROHIBITED
from ..messages import Msg, msg
from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, line_of, take_out

ID = "DP010"
NAME = "prohibited"
SEVERITY = ERROR
CONF = ("banned", "allowed")


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    banned, allowed = context.config.banned, context.config.allowed
    if banned:
        for deck_card in deck.cards:
            name = deck_card.card.name
            if name in banned and name not in allowed:
                yield finding(
                    line_of(deck_card),
                    name,
                    "prohibited.house-rules",
                    hint=take_out(deck, context, "hint.remove-it"),
                    card=name,
                    source=context.config.source,
                )
    for deck_card, status in context.restricted_cards(deck):
        name = deck_card.card.name
        if status == PROHIBITED and name not in allowed and name not in banned:
            reason: str | Msg = context.regulation.prohibited.get(name, "").strip()
            if reason == OFFICIAL_PAGE_REASON:
                reason = msg("prohibited.reason.official-page")
            key = "prohibited.official.reason" if reason else "prohibited.official"
            yield finding(
                line_of(deck_card), name, key, hint=take_out(deck, context, "hint.remove-it"), card=name, reason=reason
            )
