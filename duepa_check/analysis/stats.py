"""A deck's shape: mana curve, civilizations, card types, twinpacts, multicolour, partner.

``compute_stats(deck)`` is pure computation over a resolved ``Deck``. What shows it lives in
``report.stats_view``: ``stats_json`` (the ``--format json`` contract), ``render_stats`` (the rich
view) and ``write_svg`` (the chart that ``charts.render_chart`` draws).

Every number counts cards, not lines: an entry ``3 NAME`` counts three times. The partner
is one of the 60 cards, so it is counted like any other card (and also named on its own).

How a card is counted
---------------------
* **Cost** (``curve``, ``average_cost``): each card once, at one cost. A twinpact counts at
  its creature side's cost (at its first side's when neither side is a creature); a
  multi-sided card (禁断, キング・セル, ...) at its front side's cost, the side that is in
  the deck; a plain card at its only cost.
* **Curve buckets**: ``"1"`` … ``"9"`` and ``"10+"`` are always present (0 when no card
  costs that), so every curve has the same axis. ``"0"`` is added, first, only when a card
  costs 0. ``∞`` goes to ``"10+"`` (∞ is more than every number, as in the partner rule).
  A card with no numeric cost in the data (no printed cost, such as a キング・セル, or a card
  with no data yet) goes to ``"unknown"``, last, added only when there is one.
* **average_cost**: the mean of the numeric costs (∞ and unknown costs are left out),
  rounded to 2 decimals; ``null`` when no card has a numeric cost.
* **civilizations**: civilization → number of cards that have it. A multicolour card
  counts once for each of its civilizations (a twinpact has the civilizations of both
  sides), so the numbers can add up to more than ``card_count``. A card with no
  civilization counts as ``無色``; a card with no data yet counts as ``unknown``. Only
  civilizations that occur are listed, in the order 光 水 闇 火 自然 無色 unknown.
* **types**: the type printed on the card's main face, as printed (``クリーチャー``,
  ``進化クリーチャー``, ``呪文``, ``タマシード/クリーチャー``, ...). A twinpact counts once
  under both sides' types joined by a full-width ``／``, the mark that joins a twinpact's
  two names (``クリーチャー／呪文``, ``NEOクリーチャー／呪文``), so the numbers add up to
  ``card_count`` and a half-width ``/`` inside one printed type stays distinguishable.
  A multi-sided card counts under its front side's type; a card with no data yet under
  ``unknown``. Ordered by count (most first), then by name.
* **twinpacts**: cards with the twinpact layout. **multicolor**: cards with two or more
  civilizations (over all their sides).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from operator import itemgetter, mul
from typing import NamedTuple

from .. import shortcuts
from ..data.cards import CIVILIZATIONS, INFINITY, Card, Cost

COLORLESS = "無色"
UNKNOWN = "unknown"
TOP_BUCKET = "10+"
CURVE_BUCKETS = tuple(str(n) for n in range(1, 10)) + (TOP_BUCKET,)
CIVILIZATION_ORDER = (*CIVILIZATIONS, COLORLESS, UNKNOWN)
TWINPACT_JOIN = "／"


@dataclass(frozen=True)
class DeckStats:
    """The shape of one deck; every count is a number of cards (entry counts respected)."""

    path: str
    card_count: int
    curve: dict[str, int]
    civilizations: dict[str, int]
    types: dict[str, int]
    twinpacts: int
    multicolor: int
    average_cost: float | None
    partner_name: str | None = None
    partner_civilizations: tuple[str, ...] = field(default_factory=tuple)


# ---------------------------------------------------------------------------- computation


def card_cost(card: Card) -> Cost:
    """The one cost a card is counted at: creature side (twinpact), front side, only side."""
    if not card.faces:
        return None
    if card.layout == "twinpact":
        face = card.creature_face or card.faces[0]
    else:
        face = card.faces[0]
    return face.cost


def cost_bucket(cost: Cost) -> str:
    """The curve bucket of a cost: "0".."9", "10+" (10 and more, and ∞) or "unknown"."""
    if cost == INFINITY:
        return TOP_BUCKET
    if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
        return UNKNOWN
    return TOP_BUCKET if cost >= 10 else str(cost)


def card_type(card: Card) -> str:
    """The type a card is counted under (see the module docstring)."""
    if not card.faces:
        return UNKNOWN
    if card.layout == "twinpact":
        return TWINPACT_JOIN.join(face.type for face in card.faces)
    return card.faces[0].type


def card_civilizations(card: Card) -> tuple[str, ...]:
    """The civilizations a card counts for: its own, 無色 for none, unknown without data."""
    if not card.faces:
        return (UNKNOWN,)
    return card.civilizations or (COLORLESS,)


class _Facts(NamedTuple):
    """What compute_stats counts of one card, worked out once per card object."""

    bucket: str
    cost: int | None  # the numeric cost that enters the average (None: ∞ or unknown)
    civilizations: tuple[str, ...]
    kind: str
    twinpact: bool
    multicolor: bool


# A batch counts the same cards in deck after deck (the HTML report of 1,000 decks), and the pool
# hands out one object per card: each card's facts are worked out once and kept in the card itself
# (as Card keeps its civilizations), so they live and go with it: no table grows beside the pool.


def _facts(card: Card) -> _Facts:
    found = card.__dict__.get("_stats_facts")
    if found is None:
        cost = card_cost(card)
        bucket = cost_bucket(cost)
        numeric = cost if isinstance(cost, int) and bucket != UNKNOWN else None
        found = card.__dict__["_stats_facts"] = _Facts(
            bucket, numeric, card_civilizations(card), card_type(card), card.layout == "twinpact",
            len(card.civilizations) >= 2)
    return found


def compute_stats(deck) -> DeckStats:
    """Count a resolved deck (``deck.Deck``); unresolved entries are not counted.

    The cards' counts are added as one sum of integers (``_Tally``); a deck that sum cannot
    hold (an entry of no copies, more copies or costs than a field holds) is counted card by card.
    """
    if not shortcuts.stats_tally:
        return count_card_by_card(deck)
    if deck.one_copy_each:  # the usual list, as the rules found it: every line one copy
        counts, copies = None, len(deck.cards)
    else:
        counts = [deck_card.entry.count for deck_card in deck.cards]
        if min(counts) < 1:
            return count_card_by_card(deck)
        copies = sum(counts)
    if not _TALLY.fits(copies):
        return count_card_by_card(deck)
    return _TALLY.count(deck, counts, copies)


def count_card_by_card(deck) -> DeckStats:
    """compute_stats as a loop over the cards: the plain counting (tests compare _Tally with it)."""
    curve = {bucket: 0 for bucket in CURVE_BUCKETS}
    zero = unknown = 0
    civilizations: dict[str, int] = {}
    types: dict[str, int] = {}
    twinpacts = multicolor = card_count = 0
    cost_total = costed = 0
    for deck_card in deck.cards:
        facts, count = _facts(deck_card.card), deck_card.entry.count
        card_count += count
        bucket = facts.bucket
        if bucket == "0":
            zero += count
        elif bucket == UNKNOWN:
            unknown += count
        else:
            curve[bucket] += count
        if facts.cost is not None:
            cost_total += facts.cost * count
            costed += count
        for civilization in facts.civilizations:
            civilizations[civilization] = civilizations.get(civilization, 0) + count
        types[facts.kind] = types.get(facts.kind, 0) + count
        if facts.twinpact:
            twinpacts += count
        if facts.multicolor:
            multicolor += count
    if zero:
        curve = {"0": zero, **curve}
    if unknown:
        curve[UNKNOWN] = unknown
    return _stats(deck, card_count, curve, civilizations, types, twinpacts, multicolor, cost_total, costed)


def _stats(deck, card_count: int, curve: dict[str, int], civilizations: dict[str, int], types: dict[str, int],
           twinpacts: int, multicolor: int, cost_total: int, costed: int) -> DeckStats:
    partner = deck.partner
    return DeckStats(
        path=deck.path,
        card_count=card_count,
        curve=curve,
        civilizations={c: civilizations[c] for c in CIVILIZATION_ORDER if c in civilizations},
        types=dict(sorted(types.items(), key=lambda item: (-item[1], item[0]))),
        twinpacts=twinpacts,
        multicolor=multicolor,
        average_cost=round(cost_total / costed, 2) if costed else None,
        partner_name=partner.card.name if partner else None,
        partner_civilizations=tuple(partner.card.civilizations) if partner else (),
    )


# The fields of a tally (below): the curve buckets, the civilizations, four totals, then the card types.
_FIELD_BYTES = memoryview(b"").cast("I").itemsize  # read back as C unsigned ints
_FIELD_BITS = 8 * _FIELD_BYTES
_BUCKET_FIELDS = {bucket: field for field, bucket in enumerate(("0", *CURVE_BUCKETS, UNKNOWN))}
_ZERO, _UNKNOWN = _BUCKET_FIELDS["0"], _BUCKET_FIELDS[UNKNOWN]  # CURVE_BUCKETS' fields lie between them
_CIVILIZATIONS = len(_BUCKET_FIELDS)  # the first civilization's field
_CIVILIZATION_FIELDS = {c: _CIVILIZATIONS + field for field, c in enumerate(CIVILIZATION_ORDER)}
_TWINPACTS, _MULTICOLOR, _COSTED, _COST = range(_CIVILIZATIONS + len(CIVILIZATION_ORDER), _CIVILIZATIONS + len(CIVILIZATION_ORDER) + 4)
_TYPES = _COST + 1  # one field per card type from here, in the order the types are met


class _Tally:
    """A deck's counts as one sum: each card's facts are one integer, with a field of _FIELD_BITS
    bits for each thing counted (a curve bucket, a civilization, a card type, twinpacts,
    multicolour, cards with a numeric cost, and the total of those costs). A card puts 1 in the
    fields it counts for and its cost in the cost field; the sum of a deck's integers (one
    C-level sum over its cards) holds every count at once, read back from its bytes.

    The loop over the cards updated five dicts per card: a 60-card deck took ~36 us, this ~15.
    Each field must stay below 2**_FIELD_BITS: ``fits`` asks that of the number of copies times
    the most one card puts in a field (``largest``).

    A card's integer is kept in the card (``_tally``), like its facts, so nothing is keyed by
    ``id()`` and nothing outlives the cards. What gives an integer its meaning is the class's, one
    for the process: the type fields (they only grow, a few dozen card types) and ``largest``.
    """

    LIMIT = 1 << _FIELD_BITS
    units = [1 << (_FIELD_BITS * field) for field in range(_TYPES)]  # 1 in each field, as an integer
    types: list[str] = []  # the type of each type field
    type_fields: dict[str, int] = {}
    largest = 1  # the most one card puts in a field: its cost, or how often it names a civilization

    def fits(self, copies: int) -> bool:
        return copies * self.largest < self.LIMIT

    def count(self, deck, counts: list[int] | None, copies: int) -> DeckStats:
        """The stats of a deck of ``copies`` cards, ``counts`` copies of each (None: one each)."""
        cards = [deck_card.card.__dict__ for deck_card in deck.cards]
        try:
            total = self._total(cards, counts)
        except KeyError:  # cards not met before: their integers first
            for deck_card in deck.cards:
                if "_tally" not in deck_card.card.__dict__:
                    self._learn(deck_card.card)
            if not self.fits(copies):
                return count_card_by_card(deck)
            total = self._total(cards, counts)
        fields = memoryview(total.to_bytes(_FIELD_BYTES * (_TYPES + len(self.types)), sys.byteorder)).cast("I").tolist()
        curve = dict(zip(CURVE_BUCKETS, fields[_ZERO + 1 : _UNKNOWN]))
        if fields[_ZERO]:
            curve = {"0": fields[_ZERO], **curve}
        if fields[_UNKNOWN]:
            curve[UNKNOWN] = fields[_UNKNOWN]
        civilizations = {c: n for c, n in zip(CIVILIZATION_ORDER, fields[_CIVILIZATIONS:_TWINPACTS]) if n}
        types = {kind: n for kind, n in zip(self.types, fields[_TYPES:]) if n}
        return _stats(deck, copies, curve, civilizations, types, fields[_TWINPACTS], fields[_MULTICOLOR],
                      fields[_COST], fields[_COSTED])

    @staticmethod
    def _total(cards: list[dict], counts: list[int] | None) -> int:
        """The sum of the cards' integers (``cards``: their __dict__), ``counts`` times each."""
        values = map(_TALLY_OF, cards)
        return sum(values) if counts is None else sum(map(mul, values, counts))

    def _learn(self, card: Card) -> None:
        facts = _facts(card)
        unit = self.units
        value = unit[_BUCKET_FIELDS[facts.bucket]] + unit[self._type_field(facts.kind)]
        for civilization in facts.civilizations:
            if civilization in _CIVILIZATION_FIELDS:  # the only ones _stats lists
                value += unit[_CIVILIZATION_FIELDS[civilization]]
        if facts.twinpact:
            value += unit[_TWINPACTS]
        if facts.multicolor:
            value += unit[_MULTICOLOR]
        if facts.cost is not None:
            value += unit[_COSTED] + facts.cost * unit[_COST]
        _Tally.largest = max(_Tally.largest, facts.cost or 0, len(facts.civilizations))
        card.__dict__["_tally"] = value

    def _type_field(self, kind: str) -> int:
        field = self.type_fields.get(kind)
        if field is None:
            field = self.type_fields[kind] = _TYPES + len(self.types)
            self.types.append(kind)
            self.units.append(1 << (_FIELD_BITS * field))
        return field


_TALLY = _Tally()
_TALLY_OF = itemgetter("_tally")  # of a card's __dict__
