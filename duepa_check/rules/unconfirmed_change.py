"""An unconfirmed later 殿堂 change would touch a card in the deck.

One fan database shows a change after the newest confirmed one, with no official source
or date. It is not applied unless ``--include-unconfirmed`` (or ``include_unconfirmed: true``)
is given; this warning says which cards it would touch and how; ``duepa-check rules DP203``
says where the change comes from.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..messages import msg
from ..reading.resolve import Deck
from .base import WARNING, Context, Finding, finding, line_of

ID = "DP203"
NAME = "unconfirmed-change"
SEVERITY = WARNING
CONF = ("include_unconfirmed",)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    regulation = context.regulation
    if context.include_unconfirmed or context.as_of <= regulation.data_date:
        return
    for deck_card in deck.cards:
        name = deck_card.card.name
        after = regulation.unconfirmed.get(name)
        if after is None:
            continue
        before = regulation.status(name, context.as_of)
        if after == before:
            continue
        # One line: where the change comes from (commits, dates) is `duepa-check rules DP203`'s to say.
        yield finding(
            line_of(deck_card),
            name,
            "unconfirmed-change.would",
            hint="unconfirmed-change.would.hint",
            card=name,
            after=msg(f"status.{after}"),
            before=msg(f"status.{before}"),
        )
