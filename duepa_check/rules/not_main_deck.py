"""Only main-deck cards: no 超次元ゾーン, no 超GRゾーン, nothing that starts in the battle zone.

Psychic creatures, draghearts and ルール・プラス live in the 超次元ゾーン; GR creatures in
the 超GRゾーン; the four families of cards that start the game in the battle zone are
《禁断〜封印されしX〜》, 《FORBIDDEN STAR〜世界最後の日〜》 (with its corner cards), 《滅亡の起源 零無》
with the 零龍星雲, and 《Forbidden New Year》. デュエパーティー uses none of these.
House rules may allow a card with ``allowed``.
Example: the psychic creature 《ヴォルグ・サンダー》 and 《ＧＲの犬 ワンワンワン》 may not be in the deck.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..messages import msg
from ..reading.resolve import Deck
from .base import ERROR, Context, Finding, finding, line_of, names_list, shared_side_zone, take_out

ID = "DP006"
NAME = "not-main-deck"
SEVERITY = ERROR
CONF = ("allowed",)


def check(deck: Deck, context: Context) -> Iterator[Finding]:
    yield from _checked_cards(deck, context)
    for entry, found in deck.unresolved:
        zone = shared_side_zone(found)
        if zone is not None:
            yield finding(
                entry.line or None,
                entry.name,
                "not-main-deck.side",
                hint=take_out(deck, context, "not-main-deck.hint"),
                card=entry.name,
                cards=names_list(card.name for card in found.cards),
                zone=msg(f"zone.{zone}"),
            )


def _checked_cards(deck: Deck, context: Context) -> Iterator[Finding]:
    starters = context.regulation.starter_names
    for deck_card in deck.cards:
        card = deck_card.card
        zone = "starts_in_battle_zone" if card.name in starters else card.zone
        if zone == "main" or card.name in context.config.allowed:
            continue
        kind = card.faces[0].type if card.faces else msg("card.kind-unknown")
        yield finding(
            line_of(deck_card),
            card.name,
            "not-main-deck.card",
            hint=take_out(deck, context, "not-main-deck.hint"),
            card=card.name,
            kind=kind,
            zone=msg(f"zone.{zone}"),
        )
