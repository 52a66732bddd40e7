"""The partner is a creature of cost 5 or more that can be in the main deck.

For a twinpact the creature side's cost counts (the spell side's does not). Evolution
creatures, NEO creatures and タマシード/クリーチャー are creatures. Psychic, dragheart and GR
creatures and the 禁断/零龍 cards cannot be partners: they are not in the main deck.
A cost of ∞ is 5 or more. House rules may change the minimum with ``partner_min_cost``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Finding, finding, line_of, names_list, partner_candidates

ID = "DP004"
NAME = "partner-eligibility"
SEVERITY = ERROR
CONF = ("partner_min_cost",)


def check(deck, context: Context) -> Iterator[Finding]:
    partner = deck.partner
    if partner is None or not partner.card.complete:
        return
    minimum = context.config.partner_min_cost
    problem = partner.card.partner_problem(minimum)
    if problem is None:
        return
    candidates = [n for n in partner_candidates(deck, minimum) if n != partner.card.name]
    hint = "partner-eligibility.hint.candidates" if candidates else "partner-eligibility.hint"
    yield finding(
        line_of(partner), partner.card.name, "partner-eligibility.not-eligible", hint=hint,
        card=partner.card.name, problem=problem, minimum=minimum, candidates=names_list(candidates),
    )
