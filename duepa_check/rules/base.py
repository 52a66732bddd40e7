"""What every rule shares: the Violation it yields and the Context it reads.

A rule is a module with ``ID``, ``NAME``, ``SEVERITY``, ``CONF`` (the house-rule keys it
reads) and one pure ``check(deck, context)`` that yields Violations. Its docstring is the
player-facing explanation shown by ``duepa-check rules`` and in the README. No rule prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import NamedTuple

from ..cards import Card
from ..config import FormatConfig
from ..deck import Deck, DeckCard
from ..regulation import UNRESTRICTED, Regulation

ERROR = "error"
WARNING = "warning"


# Records here and in the other pipeline modules are NamedTuples or small plain classes, not
# dataclasses: making a dataclass costs about 1 ms at import (its methods are generated and
# compiled), and a dozen of them were a fifth of what checking one deck costs over `import typer`.


class Violation(NamedTuple):
    rule: str
    name: str
    severity: str
    line: int | None
    card: str | None
    message: str
    hint: str = ""

    def to_json(self) -> dict:
        """The violation object of the JSON contract (keys in this order)."""
        return self._asdict()


class Context(NamedTuple):
    """Everything a rule may read besides the deck."""

    as_of: date
    regulation: Regulation
    config: FormatConfig = FormatConfig()

    @property
    def include_unconfirmed(self) -> bool:
        return self.config.include_unconfirmed

    def status(self, card: Card) -> str:
        return self.regulation.status(card.name, self.as_of, self.include_unconfirmed)

    def restricted_cards(self, deck: Deck) -> list[tuple[DeckCard, str]]:
        """(card, status) for the deck's cards the regulation restricts on the check date.

        Most cards have no 殿堂 history; DP007, DP009 and DP010 look only at these.
        """
        restricted = self.regulation.restricted_names
        found = []
        for deck_card in deck.cards:
            if deck_card.card.name in restricted:
                status = self.status(deck_card.card)
                if status != UNRESTRICTED:
                    found.append((deck_card, status))
        return found


def quoted(name: str) -> str:
    return f"《{name}》"


def names_list(names: Iterable[str]) -> str:
    return ", ".join(quoted(n) for n in names)


def civilization_text(civilizations: Iterable[str]) -> str:
    civs = list(civilizations)
    return "/".join(civs) if civs else "無色"


def line_of(card: DeckCard) -> int | None:
    """The entry's line; None for a partner added by --partner (it has no line)."""
    return card.entry.line or None


def partner_candidates(deck: Deck, min_cost: int, limit: int = 3) -> list[str]:
    """Cards in the deck that could be the partner, most expensive first (for hints)."""
    seen: dict[str, int] = {}
    for deck_card in deck.cards:
        card = deck_card.card
        face = card.creature_face
        if card.partner_problem(min_cost) is None and face is not None and card.name not in seen:
            seen[card.name] = face.cost if isinstance(face.cost, int) else 10**6
    return sorted(seen, key=lambda n: (-seen[n], n))[:limit]


def shared_side_zone(found) -> str | None:
    """The zone of every card a name matched, when it is one side shared by several cards
    that all live outside the main deck (《零龍》: a side of five 零龍星雲 cards). Such a name
    is not ambiguous for the rules: whichever card it means, it cannot be in the deck."""
    zones = {card.zone for card in found.cards}
    if len(found.cards) > 1 and len(zones) == 1 and "main" not in zones:
        return zones.pop()
    return None
