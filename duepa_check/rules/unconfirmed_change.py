"""Warning: an unconfirmed later 殿堂 change would touch a card in the deck.

One fan database shows a change after the newest confirmed one, with no official source
or date. It is not applied unless ``--include-unconfirmed`` (or ``include_unconfirmed: true``)
is given; this warning says which cards it would touch and how.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..regulation import STATUS_LABELS
from .base import WARNING, Context, Violation, line_of, quoted

ID = "DP203"
NAME = "unconfirmed-change"
SEVERITY = WARNING
CONF = ("include_unconfirmed",)


def check(deck, context: Context) -> Iterator[Violation]:
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
        yield Violation(
            ID, NAME, SEVERITY, line_of(deck_card), name,
            f"an unconfirmed later change would make {quoted(name)} {STATUS_LABELS[after]} (now {STATUS_LABELS[before]})",
            "--include-unconfirmed applies it; check the official regulation page",
        )
