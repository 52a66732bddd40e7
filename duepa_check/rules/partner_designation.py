"""Exactly one card is designated as the partner (パートナー).

Write it on a line ``パートナー: NAME`` (or ``Partner: NAME``, or under a ``[パートナー]``
header); that line also counts the card as one of the 60. ``--partner NAME`` designates a
listed card, or adds it, on the command line.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Violation, names_list, partner_candidates, quoted

ID = "DP003"
NAME = "partner-designation"
SEVERITY = ERROR
CONF = ()


def check(deck, context: Context) -> Iterator[Violation]:
    partners = deck.partner_entries
    if not partners:
        candidates = partner_candidates(deck, context.config.partner_min_cost)
        could = f"; creatures in this deck that could be it: {names_list(candidates)}" if candidates else ""
        yield Violation(
            ID, NAME, SEVERITY, None, None,
            "no partner is designated",
            f"add a line 'パートナー: NAME' (it counts as one of the 60) or pass --partner NAME{could}",
        )
    elif len(partners) > 1:
        listed = ", ".join(f"{quoted(e.name)} (line {e.line})" for e in partners)
        yield Violation(
            ID, NAME, SEVERITY, partners[1].line or None, partners[1].name,
            f"{len(partners)} partners are designated: {listed}; a deck has exactly one",
            "keep one partner line and list the other cards as ordinary cards",
        )
