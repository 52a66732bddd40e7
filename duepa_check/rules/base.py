"""What every rule shares: the Finding it yields, the Violation it becomes, the Context it reads.

A rule is a module with ``ID``, ``NAME``, ``SEVERITY``, ``CONF`` (the house-rule keys it
reads) and one pure ``check(deck, context)`` that yields Findings: a line, a card, and a
message key with its arguments (``finding(...)``), never a sentence. ``run_rules`` stamps the
rule's id, name and severity on each (as yamllint's linter does), and renderers put the
message into words in the chosen language (``duepa_check.messages``). Its docstring is the
player-facing explanation shown by ``duepa-check rules`` and in the README. No rule prints.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import NamedTuple

from ..cards import Card
from ..config import FormatConfig
from ..deck import Deck, DeckCard
from ..messages import DEFAULT_LANG, Listed, Msg, msg, text
from ..regulation import UNRESTRICTED, Regulation

ERROR = "error"
WARNING = "warning"


# Records here and in the other pipeline modules are NamedTuples or small plain classes, not
# dataclasses: making a dataclass costs about 1 ms at import (its methods are generated and
# compiled), and a dozen of them were a fifth of what checking one deck costs over `import typer`.


class Finding(NamedTuple):
    """What a rule yields: where, and what to say (not yet in words)."""

    line: int | None
    card: str | None
    message: Msg
    hint: Msg | None = None


def finding(line: int | None, card: str | None, key: str, /, hint: str | Msg | None = None, **args) -> Finding:
    """A finding whose message is ``key`` with ``args``; a ``hint`` given as a key takes the same args."""
    return Finding(line, card, Msg(key, args), Msg(hint, args) if isinstance(hint, str) else hint)


class Violation(NamedTuple):
    rule: str
    name: str
    severity: str
    line: int | None
    card: str | None
    message: Msg
    hint: Msg | None = None

    def texts(self, lang: str = DEFAULT_LANG) -> tuple[str, str]:
        """(message, hint) in words; the hint is "" when there is none."""
        return text(self.message, lang), (text(self.hint, lang) if self.hint is not None else "")

    def to_json(self, lang: str = DEFAULT_LANG) -> dict:
        """The violation object of the JSON contract (keys in this order), its text in ``lang``."""
        message, hint = self.texts(lang)
        return {
            "rule": self.rule, "name": self.name, "severity": self.severity, "line": self.line,
            "card": self.card, "message": message, "hint": hint,
        }


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


def names_list(names: Iterable[str]) -> Listed:
    """《A》, 《B》 (the separator is the language's)."""
    return Listed(tuple(quoted(n) for n in names), "sep.names")


def civilization_text(civilizations: Iterable[str]) -> Listed:
    """A card's civilizations as 水/自然 (無色 when it has none)."""
    return Listed(tuple(civilizations), "sep.civilizations", "civilization.colorless")


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
