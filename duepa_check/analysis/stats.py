"""A deck's shape: mana curve, civilizations, card types, twinpacts, multicolour, partner.

``compute_stats(deck)`` is pure computation over a resolved ``Deck``. What shows it lives in
the report layer: ``json_doc.stats_json`` (the ``--format json`` contract), and in ``stats_view``
``render_stats`` (the rich view) and ``write_svg`` (the chart that ``charts.render_chart`` draws).

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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ..data.cards import CIVILIZATIONS, INFINITY, Card, Cost

if TYPE_CHECKING:
    from ..reading.resolve import Deck

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
            bucket,
            numeric,
            card_civilizations(card),
            card_type(card),
            card.layout == "twinpact",
            len(card.civilizations) >= 2,
        )
    return found


def compute_stats(deck: Deck) -> DeckStats:
    """Count a resolved deck (``deck.Deck``); unresolved entries are not counted."""
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


def _stats(
    deck: Deck,
    card_count: int,
    curve: dict[str, int],
    civilizations: dict[str, int],
    types: dict[str, int],
    twinpacts: int,
    multicolor: int,
    cost_total: int,
    costed: int,
) -> DeckStats:
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
