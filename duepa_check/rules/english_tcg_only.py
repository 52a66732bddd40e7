"""Every card was printed in Japan: a card of the English TCG alone cannot be in the deck.

A few cards of the English-language TCG (2004–2006) were never printed in Japan (e.g. Angry
Maple, Twister Fish, Thought Probe). They are not in the OCG card pool, so they cannot be in a
デュエパーティー deck; such a line is reported as this, not as a name that matches no card
(DP100). The list is the English set files' cards whose every printing is of the TCG alone.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..data.cards import Lookup
from ..reading.model import Entry
from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, take_out

ID = "DP103"
NAME = "english-tcg-only"
SEVERITY = ERROR
CONF = ()


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    for entry, found in deck.unresolved:
        card = _tcg_only_card(entry, found, context)
        if card is not None:
            yield finding(
                entry.line or None,
                entry.name,
                "english-tcg-only.printed",
                hint=take_out(deck, context, "english-tcg-only.hint"),
                card=card,
            )


def tcg_only(entry: Entry, found: Lookup, context: Context) -> bool:
    """Whether DP103 reports this unresolved line (DP100 then says nothing of it)."""
    return _tcg_only_card(entry, found, context) is not None


def _tcg_only_card(entry: Entry, found: Lookup, context: Context) -> str | None:
    """The English-TCG-only card an unresolved line names, if any."""
    if found.cards or context.pool is None:
        return None
    return context.pool.english_tcg_only(entry.name)
