"""No 使用禁止 card, and none of the house rules' ``banned`` cards.

使用禁止 here means banned by the official regulation or a ruling (e.g. the blank
《ジョーカード》). Cards whose only restriction is their own text 「このカードは公式大会では
使えません」 are allowed in デュエパーティー. A 使用禁止 printing of a card whose other
printings are legal (the promo 《ガルベリアス・ドラゴン》) cannot be told apart by name and is
not reported. House rules may allow a card with ``allowed``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..regulation import PROHIBITED
from .base import ERROR, Context, Violation, line_of, quoted

ID = "DP010"
NAME = "prohibited"
SEVERITY = ERROR
CONF = ("banned", "allowed")


def check(deck, context: Context) -> Iterator[Violation]:
    for deck_card in deck.cards:
        card = deck_card.card
        if card.name in context.config.allowed:
            continue
        if card.name in context.config.banned:
            why = f"banned by the house rules in {context.config.source}"
        elif context.status(card) == PROHIBITED:
            why = f"使用禁止: {context.regulation.prohibited.get(card.name, '')}".rstrip(": ")
        else:
            continue
        yield Violation(ID, NAME, SEVERITY, line_of(deck_card), card.name, f"{quoted(card.name)} is {why}", "remove it")
