"""The partner is a creature of cost 5 or more that can be in the main deck.

For a twinpact the creature side's cost counts (the spell side's does not). Evolution
creatures, NEO creatures and タマシード/クリーチャー are creatures. Psychic, dragheart and GR
creatures and the 禁断/零龍 cards cannot be partners: they are not in the main deck.
A cost of ∞ is 5 or more. House rules may change the minimum with ``partner_min_cost``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import (
    ERROR,
    Context,
    Violation,
    line_of,
    names_list,
    partner_candidates,
    quoted,
)

ID = "DP004"
NAME = "partner-eligibility"
SEVERITY = ERROR
CONF = ("partner_min_cost",)


def check(deck, context: Context) -> Iterator[Violation]:
    partner = deck.partner
    if partner is None or not partner.card.complete:
        return
    minimum = context.config.partner_min_cost
    problem = partner.card.partner_problem(minimum)
    if problem is None:
        return
    candidates = [n for n in partner_candidates(deck, minimum) if n != partner.card.name]
    could = f"; in this deck: {names_list(candidates)}" if candidates else ""
    yield Violation(
        ID, NAME, SEVERITY, line_of(partner), partner.card.name,
        f"{quoted(partner.card.name)} cannot be the partner: {problem}",
        f"choose a creature of cost {minimum} or more{could}",
    )
