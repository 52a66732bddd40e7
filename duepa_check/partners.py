"""`duepa-check partners`: which cards could lead a deck, best first.

Two groups of candidates: eligible cards already in the deck, and (``--pool``) eligible
cards of the whole pool whose civilizations cover every card of the deck. Each says how
many cards of the deck it would leave outside its civilizations (``off_civilization``);
0 means that partner makes every card's colour legal. Ranked by off_civilization, then
cost (higher first), then name.

Eligibility comes only from ``Card.partner_problem`` (the rule DP004 uses, with the house
rules' ``partner_min_cost``); a card the regulation bars on the check date (プレミアム殿堂,
使用禁止, starts in the battle zone, house-rule ``banned``; ``allowed`` lifts these) is no
candidate. DP003 and DP004 name candidates in their hints through the same functions.

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
from pathlib import Path
from typing import NamedTuple

from .card_pool import CardPool
from .cards import CIVILIZATIONS, INFINITY, Card, Cost
from .config import FormatConfig
from .deck import Deck
from .messages import DEFAULT_LANG, Listed, Msg, msg, text
from .printable import printable
from .regulation import PREMIUM, PROHIBITED, Regulation

# Byte markers for the pool scan: a record with the flag is eligible at cost 5 (the builders
# set it from partner_problem(5)), so for a minimum of 5 or more it is a safe pre-filter;
# below 5 every creature record is looked at. partner_problem decides in both cases.
_ELIGIBLE_MARKER = b'"partner_eligible":true'
_CREATURE_MARKER = "クリーチャー".encode()
_CIVILIZATIONS_FIELD = rb'"civilizations":\[([^\]]*)\]'
TEXT_ROWS = 25  # the text view shows this many candidates; JSON lists every one


class Candidate(NamedTuple):
    """A card that could be the partner, and what it would leave off-colour."""

    name: str
    civilizations: tuple[str, ...]
    cost: Cost
    in_deck: bool
    off_civilization: int  # cards (copies) of the deck outside its civilizations

    def to_json(self) -> dict:
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


def rank(candidate: Candidate) -> tuple:
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
    found = [
        _candidate(card, in_deck=False, off=0)
        for card in partner_index(pool, config.partner_min_cost).covering(frozenset(civilizations))
        if card.name not in skip and not barred(card, regulation, on, config)
    ]
    return sorted(found, key=rank)


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
        not_counted=_not_counted(deck),
        min_cost=config.partner_min_cost,
        as_of=on,
    )


def advise(
    path: Path,
    pool: CardPool,
    regulation: Regulation,
    on: date,
    *,
    config_path: Path | None = None,
    include_pool: bool = False,
    stdin_name: str = "<stdin>",
) -> Advice:
    """Read a decklist file (``-``: standard input), find its house rules, and advise on it."""
    from .checker import Checker
    from .deck import resolve_deck
    from .decklist import STDIN, load_decklist

    named = Path(stdin_name) if str(path) == STDIN else path
    config = Checker(pool, regulation, on, config_path).config_for(named)
    deck = resolve_deck(load_decklist(path, stdin_name), pool)
    if not deck.cards:  # every pool card would "make every card's colour legal": a verdict on nothing
        from .decklist import DeckInputError

        shown = stdin_name if str(path) == STDIN else str(path)
        raise DeckInputError(msg("partners.no-cards", path=printable(shown), lines=len(_not_counted(deck))))
    regulation = regulation.with_announcements(config.regulation)  # the house rules' 殿堂 announcements
    return for_deck(deck, pool, regulation, on, config=config, include_pool=include_pool)


def _candidate(card: Card, *, in_deck: bool, off: int) -> Candidate:
    face = card.partner_face
    return Candidate(card.name, card.civilizations, face.cost if face else None, in_deck, off)


def _not_counted(deck: Deck) -> list[NotCounted]:
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

    return json.loads(raw)


# ---------------------------------------------------------------------------- rendering


def advice_json(advice: Advice) -> dict:
    """The JSON contract: deck, civilizations_needed, candidates (best first)."""
    return {
        "deck": advice.deck,
        "civilizations_needed": list(advice.civilizations_needed),
        "candidates": [c.to_json() for c in advice.candidates],
    }


def render_json(advice: Advice) -> str:
    """The JSON document with one candidate per line, as `check` prints one violation per line."""
    import json

    dumps = json.JSONEncoder(ensure_ascii=False).encode
    document = advice_json(advice)
    candidates = document.pop("candidates")
    lines = ["{", *(f"  {dumps(key)}: {dumps(value)}," for key, value in document.items())]
    if candidates:
        lines.append('  "candidates": [')
        lines.extend(f"    {dumps(candidate)}," for candidate in candidates)
        lines[-1] = lines[-1][:-1]
        lines.append("  ]")
    else:
        lines.append('  "candidates": []')
    lines.append("}")
    return "\n".join(lines)


def not_counted_notes(advice: Advice, lang: str = DEFAULT_LANG) -> list[str]:
    """One line per deck line whose colours were not counted (stderr beside the JSON)."""
    return [
        text(msg("partners.not-counted.note", deck=advice.deck, line=s.line, text=s.text, why=s.why), lang)
        for s in advice.not_counted
    ]


def render_advice(console, advice: Advice, lang: str = DEFAULT_LANG, rows: int = TEXT_ROWS) -> None:
    """The candidates in two tables (in the deck, from the pool), and every line not counted."""
    from rich.markup import escape

    from .report import civilization_markup

    def words(key: str, **args) -> str:
        return escape(text(msg(key, **args), lang))

    needed = civilization_markup(advice.civilizations_needed)
    rule = words("partners.rule", minimum=advice.min_cost, as_of=advice.as_of)
    console.print(f"[bold]{escape(advice.deck)}[/]  {words('partners.needs')} {needed}  [dim]{rule}[/]")
    for s in advice.not_counted:
        console.print(f"[yellow]{words('partners.not-counted', line=s.line, text=s.text, why=s.why)}[/]")
    groups = [("in-deck", [c for c in advice.candidates if c.in_deck])]
    if advice.pool_searched:
        groups.append(("pool", [c for c in advice.candidates if not c.in_deck]))
    for group, candidates in groups:
        if not candidates:
            console.print(f"[dim]{words(f'partners.group.{group}.empty')}[/]")
            continue
        console.print(_table(words(f"partners.group.{group}", count=len(candidates)), candidates[:rows], lang))
        if len(candidates) > rows:
            console.print(f"[dim]{words('partners.more', count=len(candidates) - rows)}[/]")
    line = escape(summary_line(advice, lang))
    console.print(f"[green]{line}[/]" if advice.working else f"[red]{line}[/]")


def _table(title: str, candidates: list[Candidate], lang: str):
    from rich.markup import escape
    from rich.table import Table

    from .report import civilization_markup

    table = Table(title=title, title_justify="left", show_header=True, header_style="bold")
    for column, justify in (("number", "right"), ("partner", "left"), ("civilizations", "left"), ("cost", "right"),
                            ("off-colour", "right")):
        table.add_column(escape(text(msg(f"column.{column}"), lang)), justify=justify, overflow="fold")
    for number, candidate in enumerate(candidates, start=1):
        off = candidate.off_civilization
        table.add_row(
            str(number),
            f"《{escape(candidate.name)}》",
            civilization_markup(candidate.civilizations),
            str(candidate.cost),
            "[green]0[/]" if off == 0 else f"[red]{off}[/]",
        )
    return table


def summary_line(advice: Advice, lang: str = DEFAULT_LANG) -> str:
    """One line: how many candidates make the deck colour-legal, and what to try otherwise."""
    working = advice.working
    in_deck = sum(c.in_deck for c in working)
    if working:
        parts = []
        if in_deck:
            parts.append(msg("partners.working.in-deck", count=in_deck))
        if len(working) > in_deck:
            parts.append(msg("partners.working.pool", count=len(working) - in_deck))
        return text(msg("partners.working", where=Listed(tuple(parts), "sep.and")), lang)
    if not advice.candidates:
        key = "partners.none.deck-or-pool" if advice.pool_searched else "partners.none.deck"
    else:
        key = "partners.none-working"
    line = msg(key)
    if not advice.pool_searched:
        line = msg("partners.try-pool", line=line)
    return text(line, lang)
