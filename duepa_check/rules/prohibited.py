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
    banned, allowed = context.config.banned, context.config.allowed
    if banned:
        for deck_card in deck.cards:
            name = deck_card.card.name
            if name in banned and name not in allowed:
                why = f"banned by the house rules in {context.config.source}"
                yield Violation(ID, NAME, SEVERITY, line_of(deck_card), name, f"{quoted(name)} is {why}", "remove it")
    for deck_card, status in context.restricted_cards(deck):
        name = deck_card.card.name
        if status == PROHIBITED and name not in allowed and name not in banned:
            why = f"使用禁止: {context.regulation.prohibited.get(name, '')}".rstrip(": ")
            yield Violation(ID, NAME, SEVERITY, line_of(deck_card), name, f"{quoted(name)} is {why}", "remove it")
