"""Not both cards of a プレミアム殿堂コンビ in one deck (each alone is fine).

In force on the check date: 《禁断英雄 モモキングダムX》 with 《未来王龍 モモキングJO》
since 2022-08-15. House rules may allow a card with ``allowed``.
Example: 《禁断英雄 モモキングダムX》 alone is fine; with 《未来王龍 モモキングJO》 it is reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Finding, finding, line_of

ID = "DP008"
NAME = "premium-combo"
SEVERITY = ERROR
CONF = ("allowed",)
DOC_JA = """\
プレミアム殿堂コンビの2枚を同じデッキに入れないこと（1枚ずつならOK）。

チェック日に有効なもの: 2022-08-15からの《禁断英雄 モモキングダムX》と《未来王龍 モモキングJO》。ハウスルールの allowed で許可できます。
例: 《禁断英雄 モモキングダムX》だけならOK。《未来王龍 モモキングJO》も入れると報告します。
"""


def check(deck, context: Context) -> Iterator[Finding]:
    names = deck.names
    if context.regulation.combo_names.isdisjoint(names):
        return  # the usual deck: no card of any combo
    by_name: dict = {}
    for combo in context.regulation.combos_on(context.as_of):
        if not names.issuperset(combo.cards):
            continue  # the usual deck: not both cards of any combo
        if not by_name:
            for deck_card in deck.cards:
                by_name.setdefault(deck_card.card.name, deck_card)
        if set(combo.cards) & set(context.config.allowed):
            continue
        first, second = (by_name[name] for name in combo.cards)  # deck.names are the names of deck.cards
        later = max(first, second, key=lambda c: c.entry.line)
        other = first if later is second else second
        yield finding(
            line_of(later), later.card.name, "premium-combo.both", hint="premium-combo.both.hint",
            card=later.card.name, other=other.card.name, other_line=other.entry.line, since=combo.since,
        )
