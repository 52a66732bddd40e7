"""Every card was printed in Japan: a card of the English TCG alone cannot be in the deck.

A few cards of the English-language TCG (2004–2006) were never printed in Japan (e.g. Angry
Maple, Twister Fish, Thought Probe). They are not in the OCG card pool, so they cannot be in a
デュエパーティー deck; such a line is reported as this, not as a name that matches no card
(DP100). The list is the English set files' cards whose every printing is of the TCG alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import ERROR, Context, Finding, finding

ID = "DP103"
NAME = "english-tcg-only"
SEVERITY = ERROR
CONF = ()


def check(deck, context: Context) -> Iterator[Finding]:
    for entry, found in deck.unresolved:
        if tcg_only(entry, found, context):
            yield finding(entry.line or None, entry.name, "english-tcg-only.printed", hint="english-tcg-only.hint",
                          card=context.pool.english_tcg_only(entry.name))


def tcg_only(entry, found, context: Context) -> bool:
    """Whether DP103 reports this unresolved line (DP100 then says nothing of it)."""
    return not found.cards and context.pool is not None and context.pool.english_tcg_only(entry.name) is not None
