"""Only main-deck cards: no 超次元ゾーン, no 超GRゾーン, nothing that starts in the battle zone.

Psychic creatures, draghearts and ルール・プラス live in the 超次元ゾーン; GR creatures in
the 超GRゾーン; 《禁断〜封印されしX〜》, 《FORBIDDEN STAR〜世界最後の日〜》, 《滅亡の起源 零無》
and the 零龍星雲 start the game in the battle zone. デュエパーティー uses none of these.
House rules may allow a card with ``allowed``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..cards import ZONE_LABELS
from .base import ERROR, Context, Violation, line_of, quoted, shared_side_zone

ID = "DP006"
NAME = "not-main-deck"
SEVERITY = ERROR
CONF = ("allowed",)


def check(deck, context: Context) -> Iterator[Violation]:
    yield from _checked_cards(deck, context)
    for entry, found in deck.unresolved:
        zone = shared_side_zone(found)
        if zone is not None:
            cards = ", ".join(quoted(card.name) for card in found.cards)
            yield Violation(
                ID, NAME, SEVERITY, entry.line or None, entry.name,
                f"{quoted(entry.name)} is a side of {cards}: not main-deck cards ({ZONE_LABELS[zone]})",
                "remove it; デュエパーティー uses only the 60-card main deck",
            )


def _checked_cards(deck, context: Context) -> Iterator[Violation]:
    starters = context.regulation.starter_names
    for deck_card in deck.cards:
        card = deck_card.card
        zone = "starts_in_battle_zone" if card.name in starters else card.zone
        if zone == "main" or card.name in context.config.allowed:
            continue
        kind = card.faces[0].type if card.faces else "card"
        yield Violation(
            ID, NAME, SEVERITY, line_of(deck_card), card.name,
            f"{quoted(card.name)} ({kind}) is not a main-deck card: {ZONE_LABELS[zone]}",
            "remove it; デュエパーティー uses only the 60-card main deck",
        )
