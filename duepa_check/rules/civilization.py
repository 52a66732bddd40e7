"""Every card has only civilizations the partner has; 無色 (ゼロ文明) cards fit any deck.

A card's civilizations are those printed on all its sides (a twinpact's two sides count
together). A twinpact partner's spell side adds its civilizations to the partner's.
Example: with the 火/自然 partner 《勝熱英雄 モモキング》 the 水/自然 《フェアリー・シャワー》
may not be in the deck.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Violation, civilization_text, line_of, quoted

ID = "DP005"
NAME = "civilization"
SEVERITY = ERROR
CONF = ()


def check(deck, context: Context) -> Iterator[Violation]:
    partner = deck.partner
    if partner is None or not partner.card.complete:
        return
    allowed = set(partner.card.civilizations)
    allowed_text = " ".join(partner.card.civilizations) or "no civilization"
    for deck_card in deck.cards:
        card = deck_card.card
        if deck_card is partner or not card.complete or allowed.issuperset(card.civilizations):
            continue
        outside = [c for c in card.civilizations if c not in allowed]
        yield Violation(
            ID, NAME, SEVERITY, line_of(deck_card), card.name,
            f"{quoted(card.name)} is {civilization_text(card.civilizations)}, but the partner "
            f"{quoted(partner.card.name)} has no {'/'.join(outside)}",
            f"the partner allows {allowed_text} and 無色 cards; remove this card or choose another partner",
        )
