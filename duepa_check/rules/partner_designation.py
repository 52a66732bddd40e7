"""Exactly one card is designated as the partner (パートナー).

Write it on a line ``パートナー: NAME`` (or ``Partner: NAME``, or under a ``[パートナー]``
header); that line also counts the card as one of the 60. ``--partner NAME`` designates a
listed card, or adds it, on the command line.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..messages import Listed, msg
from .base import ERROR, Context, Finding, finding, names_list, partner_candidates

ID = "DP003"
NAME = "partner-designation"
SEVERITY = ERROR
CONF = ()


def check(deck, context: Context) -> Iterator[Finding]:
    partners = deck.partner_entries
    if not partners:
        candidates = partner_candidates(deck, context.config.partner_min_cost)
        hint = "partner-designation.none.hint.candidates" if candidates else "partner-designation.none.hint"
        yield finding(None, None, "partner-designation.none", hint=hint, candidates=names_list(candidates))
    elif len(partners) > 1:
        listed = Listed(tuple(msg("partner-designation.listed", card=e.name, line=e.line) for e in partners))
        yield finding(
            partners[1].line or None, partners[1].name, "partner-designation.many",
            hint="partner-designation.many.hint", count=len(partners), partners=listed,
        )
