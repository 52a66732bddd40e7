"""A deck's shape: mana curve, civilizations, card types, twinpacts, multicolour, partner.

``compute_stats(deck)`` is pure computation over a resolved ``Deck``; ``stats_json`` is the
``--format json`` contract; ``render_stats`` prints the rich view to the console it is
given (and only it imports rich, when it runs); ``write_svg`` saves the chart that
``charts.render_chart`` draws (plain SVG, also used by the HTML report).

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

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from .cards import CIVILIZATIONS, INFINITY, Card, Cost
from .errors import DuepaError

COLORLESS = "無色"
UNKNOWN = "unknown"
TOP_BUCKET = "10+"
CURVE_BUCKETS = tuple(str(n) for n in range(1, 10)) + (TOP_BUCKET,)
CIVILIZATION_ORDER = (*CIVILIZATIONS, COLORLESS, UNKNOWN)
TWINPACT_JOIN = "／"
BAR = "█"
BAR_WIDTH = 40  # the longest bar, in cells; shorter bars are scaled to it when a count is larger


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
# hands out one object per card: each card's facts are worked out once. Keyed by identity (a Card
# is not hashable); the card is kept beside its facts so that its id cannot be reused.
_FACTS: dict[int, tuple[Card, _Facts]] = {}


def _facts(card: Card) -> _Facts:
    known = _FACTS.get(id(card))
    if known is not None:
        return known[1]
    cost = card_cost(card)
    bucket = cost_bucket(cost)
    numeric = cost if isinstance(cost, int) and bucket != UNKNOWN else None
    found = _Facts(bucket, numeric, card_civilizations(card), card_type(card),
                   card.layout == "twinpact", len(card.civilizations) >= 2)
    _FACTS[id(card)] = (card, found)
    return found


def compute_stats(deck) -> DeckStats:
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


def stats_json(stats: DeckStats) -> dict[str, Any]:
    """The ``--format json`` document (keys in this order)."""
    return {
        "path": stats.path,
        "card_count": stats.card_count,
        "curve": dict(stats.curve),
        "civilizations": dict(stats.civilizations),
        "types": dict(stats.types),
        "partner": (
            {"name": stats.partner_name, "civilizations": list(stats.partner_civilizations)}
            if stats.partner_name is not None
            else None
        ),
        "twinpacts": stats.twinpacts,
        "multicolor": stats.multicolor,
        "average_cost": stats.average_cost,
    }


# ---------------------------------------------------------------------------- rendering (rich)


def bar_length(count: int, largest: int, width: int = BAR_WIDTH) -> int:
    """One cell per card; scaled down to ``width`` for the largest count. Any card shows."""
    if count <= 0:
        return 0
    if largest <= width:
        return count
    return max(1, math.ceil(count * width / largest))


def _bar_table(rows: list[tuple[str, int, str]], label_justify: str):
    """A borderless grid: label, bar (styled), count."""
    from rich.markup import escape
    from rich.table import Table

    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify=label_justify, no_wrap=True)
    grid.add_column(no_wrap=True)
    grid.add_column(justify="right", no_wrap=True)
    largest = max((count for _, count, _ in rows), default=0)
    for label, count, style in rows:
        bar = BAR * bar_length(count, largest)
        grid.add_row(escape(label), f"[{style}]{bar}[/]" if bar else "", str(count))
    return grid


def render_stats(console, stats: DeckStats, lang: str = "en") -> None:
    """Print the deck's shape to a rich Console: header, curve, civilizations, types, totals."""
    from rich.markup import escape
    from rich.padding import Padding

    from .messages import msg, text
    from .report import CIVILIZATION_STYLES, civilization_markup

    partner = (
        text(msg("report.partner", name=escape(stats.partner_name),
                 civilizations=civilization_markup(stats.partner_civilizations, lang)), lang)
        if stats.partner_name is not None
        else f"[red]{escape(text(msg('report.no-partner'), lang))}[/]"
    )
    console.print(text(msg("report.header", path=f"[bold]{escape(stats.path)}[/]", partner=partner, count=stats.card_count), lang))
    sections = (
        ("stats.curve", "right", [(bucket, count, "cyan") for bucket, count in stats.curve.items()]),
        (
            "stats.civilizations",
            "left",
            [(c, count, CIVILIZATION_STYLES.get(c, "dim")) for c, count in stats.civilizations.items()],
        ),
        ("stats.types", "left", [(kind, count, "magenta") for kind, count in stats.types.items()]),
    )
    for title, justify, rows in sections:
        console.print()
        console.print(f"[bold]{escape(text(msg(title), lang))}[/]")
        console.print(Padding(_bar_table(rows, justify), (0, 0, 0, 2), expand=False))
    average = f"{stats.average_cost:.2f}" if stats.average_cost is not None else "-"
    console.print()
    totals = msg("stats.totals", twinpacts=stats.twinpacts, multicolor=stats.multicolor, average=average)
    console.print(escape(text(totals, lang)))


class SvgWriteError(DuepaError):
    """``--svg PATH`` cannot be written (one line: the path and why)."""


def export_svg(stats: DeckStats, lang: str = "en") -> str:
    """The deck's shape as an SVG document (``charts.render_chart``; not rich's terminal picture)."""
    from .charts import render_chart

    return render_chart(stats, lang) + "\n"


def write_svg(stats: DeckStats, path: Path, lang: str = "en") -> None:
    """Write the SVG picture to ``path``; a path that cannot be written is SvgWriteError."""
    document = export_svg(stats, lang)
    try:
        Path(path).write_text(document, encoding="utf-8")
    except OSError as error:
        from .messages import msg

        raise SvgWriteError(msg("error.svg-write", path=path, why=error.strerror or error)) from None
