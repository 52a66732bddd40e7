"""Which cards could lead a deck, best first: the candidates `duepa-check partners` lists and the
DP003/DP004 hints name (``rules.base.partner_advice``). This knows cards, decks, the regulation and
the house rules, nothing of the checker or of how candidates are shown (``partners``).

Two groups of candidates: eligible cards already in the deck (``in_deck``), and eligible cards of
the whole pool whose civilizations cover every card of the deck (``find``). Each says how many
cards of the deck it would leave outside its civilizations (``off_civilization``); 0 means that
partner makes every card's colour legal. Ranked by off_civilization, then cost (higher first),
then name.

Eligibility comes only from ``Card.partner_problem`` (the rule DP004 uses, with the house
rules' ``partner_min_cost``); a card the regulation bars on the check date (プレミアム殿堂,
使用禁止, starts in the battle zone, house-rule ``banned``; ``allowed`` lifts these) is no
candidate.

Looking at the whole pool is the costly part: the pool's eligible partners are indexed by
civilization set once per pool and minimum cost (a byte scan, no JSON parsing), and only the
records whose set covers the deck are parsed.
"""

from __future__ import annotations

import re
import weakref
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import date
from typing import NamedTuple

from ..data.cards import CIVILIZATIONS, CREATURE, INFINITY, Card, Cost
from ..data.config import FormatConfig
from ..data.pool import CardPool
from ..data.regulation import PREMIUM, PROHIBITED, Regulation
from ..messages import Msg, msg
from ..reading.resolve import Deck

# Byte markers for the pool scan: a record with the flag is eligible at cost 5 (the builders
# set it from partner_problem(5)), so for a minimum of 5 or more it is a safe pre-filter;
# below 5 every creature record is looked at. partner_problem decides in both cases.
_ELIGIBLE_MARKER = b'"partner_eligible":true'
_CREATURE_MARKER = CREATURE.encode()
_CIVILIZATIONS_FIELD = rb'"civilizations":\[([^\]]*)\]'


class Candidate(NamedTuple):
    """A card that could be the partner, and what it would leave off-colour."""

    name: str
    civilizations: tuple[str, ...]
    cost: Cost
    in_deck: bool
    off_civilization: int  # cards (copies) of the deck outside its civilizations

    def to_json(self) -> dict[str, object]:
        """A candidate object of the JSON contract (keys in this order)."""
        return {
            "name": self.name,
            "civilizations": list(self.civilizations),
            "cost": self.cost,
            "in_deck": self.in_deck,
            "off_civilization": self.off_civilization,
        }


class NotCounted(NamedTuple):
    """A deck line whose colours could not be counted (unknown card, no data, unreadable)."""

    line: int
    text: str
    why: Msg


class Advice(NamedTuple):
    """Everything `partners` says about one deck."""

    deck: str
    civilizations_needed: tuple[str, ...]
    candidates: list[Candidate]
    pool_searched: bool
    not_counted: list[NotCounted]
    min_cost: int
    as_of: date

    @property
    def working(self) -> list[Candidate]:
        """The candidates that make every card's colour legal."""
        return [c for c in self.candidates if c.off_civilization == 0]


# ---------------------------------------------------------------------------- finding


def rank(candidate: Candidate) -> tuple[int, float, str]:
    """Fewest cards off-colour, then the most expensive, then by name."""
    cost = candidate.cost
    value = float("inf") if cost == INFINITY else cost if isinstance(cost, int) else -1
    return (candidate.off_civilization, -value, candidate.name)


def civilizations_needed(deck: Deck) -> tuple[str, ...]:
    """The civilizations of every card in the deck whose data is known, in the canonical order."""
    present = {c for deck_card in deck.cards if deck_card.card.complete for c in deck_card.card.civilizations}
    return tuple(c for c in CIVILIZATIONS if c in present)


def barred(card: Card, regulation: Regulation, on: date, config: FormatConfig) -> bool:
    """Whether the regulation on ``on`` (with the house rules) keeps the card out of any deck."""
    if card.name in config.banned:
        return True
    if card.name in config.allowed:
        return False
    if card.name in regulation.starter_names:
        return True
    return regulation.status(card.name, on, config.include_unconfirmed) in (PREMIUM, PROHIBITED)


def in_deck(deck: Deck, regulation: Regulation, on: date, config: FormatConfig = FormatConfig()) -> list[Candidate]:
    """The deck's own cards that could be its partner, ranked (each name once)."""
    colours: Counter[frozenset[str]] = Counter()
    for deck_card in deck.cards:
        if deck_card.card.complete:
            colours[frozenset(deck_card.card.civilizations)] += deck_card.entry.count
    found: dict[str, Candidate] = {}
    for deck_card in deck.cards:
        card = deck_card.card
        if card.name in found or card.partner_problem(config.partner_min_cost) is not None:
            continue
        if barred(card, regulation, on, config):
            continue
        allowed = frozenset(card.civilizations)
        off = sum(count for civilizations, count in colours.items() if not civilizations <= allowed)
        found[card.name] = _candidate(card, in_deck=True, off=off)
    return sorted(found.values(), key=rank)


def find(
    pool: CardPool,
    regulation: Regulation,
    on: date,
    *,
    civilizations: Iterable[str],
    config: FormatConfig = FormatConfig(),
    exclude: Iterable[str] = (),
) -> list[Candidate]:
    """Every card of the pool that could be the partner of a deck of these civilizations, ranked.

    Each leaves no card off-colour (``off_civilization`` 0) and is marked not in the deck;
    ``exclude`` names cards to leave out (those already in the deck).
    """
    skip = set(exclude)
    return [
        candidate
        for candidate in _pool_candidates(pool, regulation, on, frozenset(civilizations), config)[0]
        if candidate.name not in skip
    ]


def closest_fits(
    pool: CardPool,
    regulation: Regulation,
    on: date,
    civilizations: Iterable[str],
    config: FormatConfig = FormatConfig(),
) -> tuple[Candidate, ...]:
    """``find``'s candidates (nothing excluded), those that add the fewest civilizations first: what
    the DP003/DP004 hints name (a partner adding none the deck does not use is what it is built around)."""
    return _pool_candidates(pool, regulation, on, frozenset(civilizations), config)[1]


def _pool_candidates(
    pool: CardPool, regulation: Regulation, on: date, civilizations: frozenset[str], config: FormatConfig
) -> tuple[tuple[Candidate, ...], tuple[Candidate, ...]]:
    """The pool's candidates for these civilizations, ranked, and ordered closest fit first.

    A pure function of its arguments (the pool, regulation and config do not change once loaded),
    kept for the run: every partnerless deck's DP003 hint asked it again, and each walked the whole
    pool (what it buys: benchmarks/README.md). At most ``_FITS_KEPT`` answers a pool (one per
    civilization set, check date and house rules met).
    """
    kept = _fits.setdefault(pool, {})
    key = (id(regulation), on, civilizations, id(config))
    found = kept.get(key)
    if found is not None and found[0] is regulation and found[1] is config:  # ids of dead objects are reused
        return found[2]
    ranked = tuple(
        sorted(
            (
                _candidate(card, in_deck=False, off=0)
                for card in partner_index(pool, config.partner_min_cost).covering(civilizations)
                if not barred(card, regulation, on, config)
            ),
            key=rank,
        )
    )
    answer = ranked, tuple(sorted(ranked, key=lambda c: (len(c.civilizations), rank(c))))
    if len(kept) >= _FITS_KEPT:
        kept.clear()
    kept[key] = (regulation, config, answer)
    return answer


_FITS_KEPT = 64
# a pool -> (ids of the regulation and config, date, civilizations) -> (regulation, config, answer)
_Fits = dict[
    tuple[int, date, frozenset[str], int],
    tuple[Regulation, FormatConfig, tuple[tuple[Candidate, ...], tuple[Candidate, ...]]],
]
_fits: weakref.WeakKeyDictionary[CardPool, _Fits] = weakref.WeakKeyDictionary()


def for_deck(
    deck: Deck,
    pool: CardPool,
    regulation: Regulation,
    on: date,
    *,
    config: FormatConfig = FormatConfig(),
    include_pool: bool = False,
) -> Advice:
    """The candidates for one resolved deck: its own cards, and the pool's when asked."""
    needed = civilizations_needed(deck)
    candidates = in_deck(deck, regulation, on, config)
    if include_pool:
        listed = {deck_card.card.name for deck_card in deck.cards}
        candidates = sorted(
            candidates + find(pool, regulation, on, civilizations=needed, config=config, exclude=listed), key=rank
        )
    return Advice(
        deck=deck.path,
        civilizations_needed=needed,
        candidates=candidates,
        pool_searched=include_pool,
        not_counted=lines_not_counted(deck),
        min_cost=config.partner_min_cost,
        as_of=on,
    )


def _candidate(card: Card, *, in_deck: bool, off: int) -> Candidate:
    face = card.partner_face
    return Candidate(card.name, card.civilizations, face.cost if face else None, in_deck, off)


def lines_not_counted(deck: Deck) -> list[NotCounted]:
    skipped = [NotCounted(p.line, p.text, msg("partners.why.unreadable")) for p in deck.problems]
    for entry, found in deck.unresolved:
        why = msg("partners.why.ambiguous", count=len(found.cards)) if found.cards else msg("partners.why.no-match")
        skipped.append(NotCounted(entry.line, entry.name, why))
    for deck_card in deck.cards:
        if not deck_card.card.complete:
            skipped.append(NotCounted(deck_card.entry.line, deck_card.card.name, msg("partners.why.no-data")))
    return sorted(skipped, key=lambda skipped: skipped.line)


# ---------------------------------------------------------------------------- the pool index


class PartnerIndex:
    """The pool's possible partners grouped by civilization set, built with one byte scan.

    There are at most 32 sets, so a query walks the sets, keeps those that cover the deck's
    civilizations, and parses only their records; ``partner_problem`` has the last word.
    """

    def __init__(self, pool: CardPool, min_cost: int) -> None:
        self.min_cost = min_cost
        marker = _ELIGIBLE_MARKER if min_cost >= 5 else _CREATURE_MARKER
        self.by_civilizations: dict[frozenset[str], list[tuple[object, int]]] = {}
        names: dict[bytes, str] = {}
        for shard, offset, line in pool.lines_with(marker):
            raw = {c for group in re.findall(_CIVILIZATIONS_FIELD, line) for c in group.split(b",") if c}
            key = frozenset(names.get(c) or names.setdefault(c, _decode(c)) for c in raw)
            self.by_civilizations.setdefault(key, []).append((shard, offset))

    def covering(self, civilizations: frozenset[str]) -> Iterator[Card]:
        """Every eligible card whose civilizations include all of ``civilizations``."""
        for key, records in self.by_civilizations.items():
            if civilizations <= key:
                for shard, offset in records:
                    card = shard.card_at(offset)  # type: ignore[attr-defined]
                    if card.partner_problem(self.min_cost) is None:
                        yield card


_indexes: weakref.WeakKeyDictionary[CardPool, dict[int, PartnerIndex]] = weakref.WeakKeyDictionary()


def partner_index(pool: CardPool, min_cost: int) -> PartnerIndex:
    """The pool's index for this minimum cost, built on first use (a batch builds it once)."""
    by_cost = _indexes.setdefault(pool, {})
    if min_cost not in by_cost:
        by_cost[min_cost] = PartnerIndex(pool, min_cost)
    return by_cost[min_cost]


def _decode(raw: bytes) -> str:
    import json

    decoded: str = json.loads(raw)
    return decoded
