"""Exactly one card is designated as the partner (パートナー).

Write it on a line ``パートナー: NAME`` (or ``Partner: NAME``, or under a ``[パートナー]``
header); that line also counts the card as one of the 60. ``--partner NAME`` designates a
listed card, or adds it, on the command line.

With no partner, the hint names the creature of the deck that would leave no card off-colour
(the most expensive first), with its line. When none would, it names the deck's creature that
leaves the fewest cards off-colour, with how many; when no card of the deck can be the partner,
the card of the pool that best fits the deck's civilizations. One card, so that the hint fits
two lines: ``duepa-check partners DECK --pool`` lists them all. Without a partner no card's
civilization can be judged, so DP005 stays silent. The hint's candidates follow ``partner_min_cost``.
Example: one line ``パートナー: ボルシャック・ドラゴ大王`` is legal; no such line is reported.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..messages import Listed, Msg, msg
from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, partner_advice

ID = "DP003"
NAME = "partner-designation"
SEVERITY = ERROR
CONF = ("partner_min_cost",)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    partners = deck.partner_entries
    if not partners:
        yield finding(None, None, "partner-designation.none", hint=_none_hint(deck, context))
    elif len(partners) > 1:
        listed = Listed(
            tuple(
                msg("partner-designation.listed", card=e.name, line=e.line)
                if e.line
                else msg("partner-designation.listed.outside", card=e.name)  # a sheet's partner column
                for e in partners
            )
        )
        yield finding(
            partners[1].line or None,
            partners[1].name,
            "partner-designation.many",
            hint="partner-designation.many.hint",
            count=len(partners),
            partners=listed,
        )


def _none_hint(deck: Deck, context: Context) -> Msg:
    """What to do, said so that doing it leaves no new error: when a card of the deck can be the
    partner, mark its line (adding it again would list it twice, DP002); when none can and the deck
    already has its cards, put the partner in place of one (a line more would make it 61, DP001)."""
    from ..analysis import partner_candidates  # only when a deck has no partner

    size, count = context.config.deck_size, deck.card_count
    if partner_candidates.in_deck(deck, context.regulation, context.as_of, context.config):
        key = "partner-designation.none.hint.mark"
    elif count >= size:
        key = "partner-designation.none.hint.replace"
    else:
        key = "partner-designation.none.hint"
    return msg(key, advice=partner_advice(deck, context), count=count, size=size)
