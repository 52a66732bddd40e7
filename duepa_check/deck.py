"""Resolve a parsed decklist against the card pool: entries become cards (or stay unknown).

This is the last step before the rules: a ``Deck`` holds every entry with its card (when
one matched), the parse problems, and which entry is the partner. ``--partner NAME``
designates or overrides the partner here, so the rules see one shape whatever the source.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import NamedTuple

from .cards import Card, CardPool, Lookup
from .decklist import DeckList, Entry, ParseProblem
from .errors import DuepaError


class PartnerOptionError(DuepaError):
    """``--partner NAME`` names no card (a usage error: exit code 2)."""


class DeckCard(NamedTuple):
    """An entry that resolved to exactly one card."""

    entry: Entry
    card: Card


class Deck:
    """A decklist resolved against the pool: cards found, entries not found, unreadable lines."""

    def __init__(
        self,
        path: str,
        cards: list[DeckCard] | None = None,
        unresolved: list[tuple[Entry, Lookup]] | None = None,
        problems: list[ParseProblem] | None = None,
    ) -> None:
        self.path = path
        self.cards = cards if cards is not None else []
        self.unresolved = unresolved if unresolved is not None else []
        self.problems = problems if problems is not None else []

    def __repr__(self) -> str:
        return f"Deck({self.path!r}, {len(self.cards)} cards, {len(self.unresolved)} unresolved)"

    # Cached: the rules ask for these many times per deck, and a Deck is complete once
    # resolve_deck returns it.
    @cached_property
    def entries(self) -> list[Entry]:
        return sorted([c.entry for c in self.cards] + [e for e, _ in self.unresolved], key=lambda e: e.line)

    @cached_property
    def card_count(self) -> int:
        return sum(entry.count for entry in self.entries)

    @cached_property
    def partner_entries(self) -> list[Entry]:
        return [entry for entry in self.entries if entry.is_partner]

    @cached_property
    def partner(self) -> DeckCard | None:
        """The partner when exactly one is designated and it resolved to a card."""
        partners = self.partner_entries
        if len(partners) != 1:
            return None
        return next((c for c in self.cards if c.entry is partners[0]), None)


def resolve_deck(decklist: DeckList, pool: CardPool, partner: str | None = None) -> Deck:
    """Look every entry up; apply ``--partner`` (designate a listed card, or add it as the 60th)."""
    resolved = [_look_up(entry, pool) for entry in decklist.entries]
    if partner is not None:
        resolved = _designate_partner(resolved, pool, partner)
    deck = Deck(path=decklist.path, problems=list(decklist.problems))
    for entry, found in resolved:
        if len(found.cards) == 1:
            deck.cards.append(DeckCard(entry, found.cards[0]))
        else:
            deck.unresolved.append((entry, found))
    return deck


def _look_up(entry: Entry, pool: CardPool) -> tuple[Entry, Lookup]:
    """The entry's card; 'NAME 2' or 'NAME：2' (a count after a space or colon) when the whole
    text is no card.

    The parser cannot read these forms on its own: real names end in numbers too
    (《偽りの名 13》, 《Code：1059》), so only the pool can tell a count from a name, and the
    whole text is tried first.
    """
    found = pool.lookup(entry.name)
    if found.cards or entry.count != 1:
        return entry, found
    counted = re.match(_TRAILING_COUNT, entry.name)
    if counted:
        name, digits = counted.groups()
        retry = pool.lookup(name)
        if retry.cards:
            return entry._replace(name=name, count=int(digits)), retry
    return entry, found


_TRAILING_COUNT = r"^(.*\S)(?:\s+|\s*[:：]\s*)(\d{1,3})$"  # compiled on first use: a rare form


def _designate_partner(
    resolved: list[tuple[Entry, Lookup]], pool: CardPool, typed: str
) -> list[tuple[Entry, Lookup]]:
    """The first listed copy of the named card becomes the partner; any other loses the mark.

    A card that is not listed is added, as a partner line would add it (line 0: the option).
    """
    wanted = pool.lookup(typed)
    if wanted.card is None:
        close = wanted.suggestions or [c.name for c in wanted.cards]
        hint = f"; did you mean {', '.join(f'《{n}》' for n in close)}?" if close else ""
        kind = "matches several cards" if wanted.cards else "matches no card"
        raise PartnerOptionError(f"--partner {typed!r} {kind}{hint}")
    designated = False
    result = []
    for entry, found in resolved:
        is_it = not designated and found.card is not None and found.card.name == wanted.card.name
        designated = designated or is_it
        result.append((entry._replace(is_partner=is_it), found))
    if not designated:
        result.append((Entry(line=0, name=wanted.card.name, count=1, is_partner=True), wanted))
    return result
