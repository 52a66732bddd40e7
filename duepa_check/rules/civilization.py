"""Every card has only civilizations the partner has; 無色 (ゼロ文明) cards fit any deck.

A card's civilizations are those printed on all its sides (a twinpact's two sides count
together). A twinpact partner's spell side adds its civilizations to the partner's.
Example: with the 火/自然 partner 《勝熱英雄 モモキング》 the 水/自然 《フェアリー・シャワー》
may not be in the deck.

Only a partner that can be one sets the civilizations: when the designated card cannot be
the partner (DP004) or none is designated (DP003), this rule reports nothing, instead of one
error per card for a single mistake; it judges the deck once a valid partner is chosen. (It
reads ``partner_min_cost`` to know whether the partner can be one.) A partner with no card data
yet sets none either: DP004 reports that the colours cannot be checked.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..messages import Listed
from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, civilization_text, finding, line_of, take_out

ID = "DP005"
NAME = "civilization"
SEVERITY = ERROR
CONF = ("partner_min_cost",)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    partner = deck.partner
    if partner is None or not partner.card.complete:
        return
    if partner.card.partner_problem(context.config.partner_min_cost) is not None:
        return  # DP004 reports the partner; judging 59 cards against it would bury that
    allowed = set(partner.card.civilizations)
    allowed_text = Listed(partner.card.civilizations, "sep.civilizations.words")
    hint = take_out(
        deck, context, "civilization.outside.hint" if allowed else "civilization.outside.hint.colorless-partner"
    )
    for deck_card in deck.cards:
        card = deck_card.card
        if deck_card is partner or not card.complete or allowed.issuperset(card.civilizations):
            continue
        outside = [c for c in card.civilizations if c not in allowed]
        yield finding(
            line_of(deck_card),
            card.name,
            "civilization.outside",
            hint=hint,
            card=card.name,
            civilizations=civilization_text(card.civilizations),
            partner=partner.card.name,
            outside=civilization_text(outside),
            allowed=allowed_text,
        )
