"""Inlay hints: after the partner line, its civilizations, the card count against the deck size and
the verdict; after a heading that states a count, how many cards are counted under it. (Helix
shows inlay hints and no code lenses, so these are hints.)"""

from __future__ import annotations

from ..messages import msg, plural, text
from ..rules.base import civilization_text


def inlay_hints(deck, result, lines: list[str], deck_size: int, lang: str) -> list[tuple[int, int, str]]:
    """(0-based line, column at the line's end in code points, label) of each hint."""
    found = []
    partner = deck.partner
    if partner is not None and 0 < partner.entry.line <= len(lines):
        if result.legal:
            verdict = msg("report.verdict.legal")
        else:
            verdict = msg(plural("lsp.hint.problems", result.errors), count=result.errors)
        label = msg(
            "lsp.hint.partner",
            civilizations=civilization_text(partner.card.civilizations),
            count=deck.card_count,
            size=deck_size,
            verdict=verdict,
        )
        line = partner.entry.line - 1
        found.append((line, len(lines[line].rstrip()), text(label, lang)))
    entries = [(entry.line, entry.count) for entry in deck.entries]
    for heading in deck.headings:
        if not 0 < heading.line <= len(lines):
            continue
        end = heading.end if heading.end is not None else float("inf")
        counted = sum(count for line, count in entries if heading.start < line < end)
        line = heading.line - 1
        found.append((line, len(lines[line].rstrip()), text(msg("lsp.hint.heading", counted=counted), lang)))
    return found
