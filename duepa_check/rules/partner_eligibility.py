"""The partner is a creature of cost 5 or more that can be in the main deck.

For a twinpact the creature side's cost counts (the spell side's does not). Evolution
creatures, NEO creatures and タマシード/クリーチャー are creatures. Psychic, dragheart and GR
creatures and the 禁断/零龍 cards cannot be partners: they are not in the main deck.
A cost of ∞ is 5 or more. House rules may change the minimum with ``partner_min_cost``.

No cascade: a card that cannot be the partner sets no civilizations, so DP005 does not judge
the deck against it; the colours are checked once a valid partner is chosen. The hint names
the candidate DP003 would (a card of the deck that leaves no card off-colour, else the deck's
card that leaves the fewest off-colour, else the card of the pool that fits best).
A partner known by name only (no type, cost or civilization in the card data yet: a set too
new for its sources) is an error too, never a silent pass: neither whether it can be the partner
nor the deck's colours can be checked until ``duepa-check update`` brings its facts, or
``--partner`` names another card. (DP201 warns of the card as of any other without data.)
Example: 《ボルシャック・ドラゴ大王》 (a cost 10 creature) can be the partner; the spell
《エール・ライフ》 and the cost 4 《ガラスのキッカー王子》 cannot.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..messages import msg
from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, line_of, partner_advice

ID = "DP004"
NAME = "partner-eligibility"
SEVERITY = ERROR
CONF = ("partner_min_cost",)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    partner = deck.partner
    if partner is None:
        return
    if not partner.card.complete:
        yield finding(
            line_of(partner),
            partner.card.name,
            "partner-eligibility.no-data",
            hint="partner-eligibility.no-data.hint",
            card=partner.card.name,
        )
        return
    minimum = context.config.partner_min_cost
    problem = partner.card.partner_problem(minimum)
    if problem is None:
        return
    advice = partner_advice(deck, context)  # never names this card: in_deck skips a card with a partner_problem
    # Listed: the mark moves to another line and this one stays a card (rewriting it as the new
    # partner would list that card twice, DP002, and drop this one, DP001).
    key = "partner-eligibility.hint.move" if partner.entry.line else "partner-eligibility.hint"
    yield finding(
        line_of(partner),
        partner.card.name,
        "partner-eligibility.not-eligible",
        hint=msg(key, minimum=minimum, advice=advice, line=partner.entry.line, card=partner.card.name),
        card=partner.card.name,
        problem=problem,
    )
