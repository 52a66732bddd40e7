"""One card of each name (ハイランダー).

Names are compared in full: a twinpact 《A／B》 and a single card named 《B》 are different
names. Cards whose own text lets them be put in a deck more than 4 times (e.g.
《はずれポンの助》, the 遊撃師団 cards) may repeat. The partner counts: listing it on the
partner line and again in the main deck is two copies. One line keeps the name (the partner's,
else the first); every other line that lists it is reported at that line, so following each hint
leaves one copy. House rules may lift this with ``singleton: false``.
Example: one 《龍の呼び声》 is fine; the same card on two lines is reported at the second.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..messages import line_numbers, plural
from ..reading.resolve import Deck, DeckCard
from .base import ERROR, Context, Finding, finding, take_out

ID = "DP002"
NAME = "singleton"
SEVERITY = ERROR
CONF = ("singleton",)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    if not context.config.singleton:
        return
    lines_of: dict[str, list[DeckCard]] = {}  # name -> the deck's lines that list it, in order
    for deck_card in deck.cards:
        lines_of.setdefault(deck_card.card.name, []).append(deck_card)
    for name, copies in lines_of.items():
        total = sum(c.entry.count for c in copies)
        if total <= 1 or copies[0].card.may_exceed_four:
            continue
        lines = [c.entry.line for c in copies]
        where = line_numbers(str(n) if n else "--partner" for n in lines)
        # One copy stays: the partner's (taking that out leaves no partner, DP003), else the first
        # line's. Every other line that lists the name is a problem of its own, with a hint that
        # takes its copies out, so that following them all leaves one copy however many there were.
        keep = next((c for c in copies if c.entry.is_partner), copies[0])
        for copy in copies:
            if copy is keep:
                if copy.entry.count <= 1:
                    continue
                hint = "singleton.hint.count"
            elif keep.entry.is_partner:
                hint = "singleton.hint.partner"
            else:
                hint = "singleton.hint.remove"
            yield finding(
                copy.entry.line or None,
                name,
                plural("singleton.copies", len(lines)),
                hint=take_out(deck, context, hint),
                card=name,
                total=total,
                lines=where,
                line=copy.entry.line,
            )
