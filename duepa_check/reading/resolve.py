"""Resolve a parsed decklist against the card pool: entries become cards (or stay unknown).

This is the last step before the rules: a ``Deck`` holds every entry with its card (when
one matched), the parse problems, and which entry is the partner. ``--partner NAME``
designates or overrides the partner here, so the rules see one shape whatever the source.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..data.cards import Card, Lookup
from ..data.pool import CardPool
from ..errors import DuepaError
from ..messages import Listed, Msg, msg
from .card_line import more_readings
from .model import LABEL_MARK, LIST_MARK, REMARK_MARK, DeckList, Entry, Heading, ParseProblem


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
        headings: list[Heading] | None = None,
    ) -> None:
        self.path = path
        self.cards = cards if cards is not None else []
        self.unresolved = unresolved if unresolved is not None else []
        self.problems = problems if problems is not None else []
        self.headings = headings if headings is not None else []  # those that state a count (DP204)
        # (line, text) of each line read as a remark (a title, a note, a sentence): not counted, not
        # DP100, and listed by the report as lines not read as cards
        self.remarks: list[tuple[int, str]] = []
        # What the rules and the report ask for many times, worked out once (by the properties
        # below and by Context.restricted_cards): a Deck is complete once resolve_deck returns it.
        self.memo: dict[str, Any] = {}  # its keys and their values: the properties that fill them

    def __repr__(self) -> str:
        return f"Deck({self.path!r}, {len(self.cards)} cards, {len(self.unresolved)} unresolved)"

    # Memoised in ``memo``: a Deck is complete once resolve_deck returns it.
    @property
    def entries(self) -> list[Entry]:
        """Every entry, found or not, in line order."""
        found = self.memo.get("entries")
        if found is None:
            found = [deck_card.entry for deck_card in self.cards] + [entry for entry, _ in self.unresolved]
            found.sort(key=lambda entry: entry.line)
            self.memo["entries"] = found
        return found

    @property
    def card_count(self) -> int:
        found = self.memo.get("card_count")
        if found is None:
            found = self.memo["card_count"] = sum(entry.count for entry in self.entries)
        return found

    @property
    def names(self) -> frozenset[str]:
        """The official names of the cards found (for rules that ask "is X in the deck?")."""
        found = self.memo.get("names")
        if found is None:
            found = self.memo["names"] = frozenset(deck_card.card.name for deck_card in self.cards)
        return found

    @property
    def partner_entries(self) -> list[Entry]:
        found = self.memo.get("partner_entries")
        if found is None:
            found = self.memo["partner_entries"] = [entry for entry in self.entries if entry.is_partner]
        return found

    @property
    def partner(self) -> DeckCard | None:
        """The partner when exactly one is designated and it resolved to a card."""
        if "partner" not in self.memo:
            partners = self.partner_entries
            self.memo["partner"] = (
                next((c for c in self.cards if c.entry is partners[0]), None) if len(partners) == 1 else None
            )
        partner: DeckCard | None = self.memo["partner"]
        return partner


def resolve_deck(decklist: DeckList, pool: CardPool, partner: str | None = None) -> Deck:
    """Look every entry up; apply ``--partner`` (designate a listed card, or add it as the 60th)."""
    if any(problem.readings for problem in decklist.problems):
        decklist = _problems_that_name_cards(decklist, pool)
    if decklist.cells:
        decklist = _rows_naming_two_cards(decklist, pool)
    entries = decklist.entries
    if any(entry.mark == LIST_MARK for entry in entries):
        entries = _split_lists(entries, pool)
    # Only lines with other readings or a bracket mark have anything to choose.
    chosen = [
        _choose_reading(entry, pool) if entry.others or entry.source or entry.mark else (entry, True)
        for entry in entries
    ]
    headings = _marks_used_as_headings(chosen, pool)
    remarks = [
        (entry.line, entry.source or entry.name)
        for entry, (_, known) in zip(entries, chosen, strict=True)
        if entry.mark == REMARK_MARK and not known
    ]
    entries = [
        entry
        for entry, known in chosen
        if known or not entry.mark or entry.mark not in (LABEL_MARK, REMARK_MARK) and entry.mark not in headings
    ]
    zero = [entry for entry in entries if not entry.count]  # 'NAME：0'
    entries = [entry for entry in entries if entry.count]
    if entries and not entries[-1].line and entries[-1].is_partner:
        entries = _partner_cell_spelled_otherwise(entries, pool)
    deck = Deck(path=decklist.path, problems=list(decklist.problems), headings=list(decklist.headings))
    deck.remarks = remarks
    if zero:  # no copy in the deck, and said so (DP102), as '0 NAME' is
        deck.problems = sorted(
            deck.problems + [ParseProblem(e.line, e.name, Msg("parse.count-zero", {})) for e in zero],
            key=lambda problem: problem.line,
        )
    resolved = _shared_sides(pool, [(entry, pool.lookup(entry.name)) for entry in entries])
    if partner is not None:
        resolved = _designate_partner(resolved, pool, partner)
    for entry, found in resolved:
        if len(found.cards) == 1:
            deck.cards.append(DeckCard(entry, found.cards[0]))
        else:
            deck.unresolved.append((entry, found))
    return deck


def _problems_that_name_cards(decklist: DeckList, pool: CardPool) -> DeckList:
    """The list with each unreadable line one of whose readings names a card made that card:
    a whole name is tried before the line is called no card (《♪2×2-4×5+17=1》 looks like no
    name; a 113-character name is longer than most)."""
    read = DeckList(decklist.path)
    read.headings = decklist.headings
    entries = list(decklist.entries)
    for problem in decklist.problems:
        found = next((r for r in problem.readings if r.count and _known(pool, r.name)), None)
        if found is None:
            read.problems.append(problem._replace(readings=()))
        else:
            entries.append(Entry(problem.line, found.name, found.count, found.partner))
    read.entries = sorted(entries, key=lambda entry: entry.line)  # stable: a line's own entries keep their order
    return read


def _rows_naming_two_cards(decklist: DeckList, pool: CardPool) -> DeckList:
    """The list with each table row that names a card in more than one cell (``NAME,1,OTHER``,
    ``| 1 | A | B |``) made a problem (DP102) naming them: which one the row means only the player
    can say, and reading the first would judge a deck without the other. A row whose other cells
    name no card (a note, a set code) stays the card it names."""
    cells = decklist.cells
    entries, problems = [], []
    for entry in decklist.entries:
        names = cells.get(entry.line)
        if names is None:
            entries.append(entry)
            continue
        named = [name for name in names if _known(pool, name)]
        main = entry._replace(others=tuple(r for r in entry.others if r.name not in names))
        main_known = _choose_reading(main, pool)[1] if main.others or main.source else _known(pool, main.name)
        if main_known:
            named.insert(0, _choose_reading(main, pool)[0].name)
        if len(named) < 2:
            entries.append(entry)
            continue
        shown = Listed(tuple(f"《{name}》" for name in named))
        problems.append(
            ParseProblem(
                entry.line,
                ", ".join([entry.name, *names]),
                Msg("parse.row-names-several-cards", {"count": len(named), "cards": shown}),
            )
        )
    read = DeckList(decklist.path)
    read.headings, read.entries = decklist.headings, entries
    read.problems = sorted(decklist.problems + problems, key=lambda problem: problem.line)
    return read


def _partner_cell_spelled_otherwise(entries: list[Entry], pool: CardPool) -> list[Entry]:
    """A sheet's partner cell (the entry on line 0: reading.sheet.designate_partner) that names a
    card of the list by another spelling (its English name, a reading, a part of a comma-separated
    line, a line with a note or a count after the name) designates that card once: the listed copy
    is the partner (its 'パートナー:' line already, when it has one), not a 61st card. It runs on the
    entries as read (lists split, each line's reading chosen): 'A,B' lists B, 'B：1' is B."""
    card = pool.lookup(entries[-1].name).card
    if card is None:
        return entries
    others = entries[:-1]
    listed = [index for index, entry in enumerate(others) if _card_of(pool, entry) is card]
    if not listed:
        return entries
    if not any(others[index].is_partner for index in listed):
        others[listed[0]] = others[listed[0]]._replace(is_partner=True)
    return others


def _card_of(pool: CardPool, entry: Entry) -> Card | None:
    return pool.lookup(entry.name).card


def _known(pool: CardPool, name: str) -> bool:
    """Whether the name means a card (or several)."""
    return bool(pool.lookup(name).cards)


def _choose_reading(entry: Entry, pool: CardPool) -> tuple[Entry, bool]:
    """The entry as its first reading that names a card, and whether one does.

    The parser cannot tell a remark, a code or a count from the end of a name on its own: real
    names end in numbers and brackets too (《偽りの名 13》, 《どこまでも声乗るマイク（ライブ用）》), so
    the line's main reading is tried first and the others (``Entry.others``) only when it is no
    card. When none is, the main reading stays, and DP100 reports the line as written.
    """
    if not entry.others and not entry.source:
        return entry, not entry.mark or _known(pool, entry.name)
    joined = _sides_joined(entry, pool) if entry.others else None
    if joined is not None:
        return joined, True
    # The usual case: the name as written is a card.
    if pool.lookup(entry.name).cards:
        return entry, True  # its other readings stay unread
    readings = (*more_readings(entry.source), *entry.others) if entry.source else entry.others
    for reading in readings:
        if _known(pool, reading.name):
            found = entry._replace(
                name=reading.name,
                count=reading.count,
                is_partner=entry.is_partner or reading.partner,
                others=(),
                source="",
            )
            return found, True
    return entry._replace(others=(), source=""), False


_SLASHES = ("/", "／", "⁄", "∕", "⧸", "╱")


def _sides_joined(entry: Entry, pool: CardPool) -> Entry | None:
    """Whole names first: a twinpact written with its sides joined by ``//`` (the split cards of
    other games), which cuts a comment, is the twinpact, not its first side (itself a card, 105 of
    them) with the rest a comment: the line as written (a reading in ``others``) is that name."""
    for reading in entry.others:
        rest = reading.name[len(entry.name) :].lstrip() if reading.name.startswith(entry.name) else ""
        if rest.startswith(_SLASHES) and _known(pool, reading.name):
            partner = entry.is_partner or reading.partner
            return entry._replace(name=reading.name, count=reading.count, is_partner=partner, others=(), source="")
    return None


def _split_lists(entries: list[Entry], pool: CardPool) -> list[Entry]:
    """Each line of comma-separated names (LIST_MARK) as the one card it names as written (English
    names have commas: 'Barkwhip, the Smasher'), else as its parts (``others``) when every part is a
    card, or at least two are (a list: a part that is no card is then reported, DP100); else as
    written (DP100 for the whole line). Never silent: every part is a card or a finding."""
    result = []
    for entry in entries:
        if entry.mark != LIST_MARK:
            result.append(entry)
            continue
        whole = entry._replace(others=(), mark="")
        if _known(pool, entry.name) or (
            entry.source and any(_known(pool, r.name) for r in more_readings(entry.source))
        ):
            result.append(whole)
            continue
        parts = [
            Entry(entry.line, part.name, part.count, entry.is_partner and not index, (), "", "")
            for index, part in enumerate(entry.others)
        ]
        known = sum(_known(pool, part.name) for part in parts)
        result.extend(parts if known == len(parts) or known >= 2 else [whole])
    return result


def _marks_used_as_headings(chosen: list[tuple[Entry, bool]], pool: CardPool) -> set[str]:
    """The brackets ([, 【, ★…) that this list puts around headings rather than around cards.

    A blog recipe's 【初動】 or [受け札] heads a group; another list puts every card in 【】. A mark
    most of whose lines name cards is a card mark: its other lines are reported (DP100) as cards
    that match nothing. Otherwise they are headings, and only its lines that name a card are cards.
    """
    lines: dict[str, list[bool]] = {}
    for entry, known in chosen:
        if entry.mark and entry.mark not in (LABEL_MARK, REMARK_MARK):  # a metadata line or a remark is no bracket
            lines.setdefault(entry.mark, []).append(known)
    return {mark for mark, known in lines.items() if sum(known) * 2 <= len(known)}


def _shared_sides(pool: CardPool, resolved: list[tuple[Entry, Lookup]]) -> list[tuple[Entry, Lookup]]:
    """A line naming a side that several main-deck cards share (「Volzeos-Balamord」, the combined
    side of 新世界王の権威／思想／闘気) means one of those cards: product lists write a card by that
    side. It is the one of them the deck does not list otherwise; when several are left, the
    first (they share every fact the rules check: the combined side's civilizations, main deck,
    not a partner); when none is left, it repeats one (DP002 reports it)."""
    listed = {found.card.name for _, found in resolved if found.card is not None}
    result = []
    for entry, found in resolved:
        cards = found.cards
        if (
            len(cards) > 1
            and found.matched_by == "face"
            and all(c.layout == "multi_side" and c.zone == "main" and c.complete for c in cards)
            and len({(c.civilizations, c.partner_eligible) for c in cards}) == 1
        ):  # not a twinpact side (《天地命動 バラギアラ》 fronts six different cards: DP101)
            left = [c for c in cards if c.name not in listed] or cards
            found = pool.lookup(left[0].name)
            listed.add(left[0].name)
        result.append((entry, found))
    return result


def _designate_partner(resolved: list[tuple[Entry, Lookup]], pool: CardPool, typed: str) -> list[tuple[Entry, Lookup]]:
    """The first listed copy of the named card becomes the partner; any other loses the mark.

    A card that is not listed is added, as a partner line would add it (line 0: the option).
    """
    wanted = pool.lookup(typed)
    if wanted.card is None:
        close = wanted.suggestions or [c.name for c in wanted.cards]
        hint = (
            msg("house-rules.hint.did-you-mean-cards", cards=Listed(tuple(f"《{n}》" for n in close))) if close else ""
        )
        kind = "partner-option.several" if wanted.cards else "partner-option.none"
        raise PartnerOptionError(msg(kind, typed=typed, hint=hint))
    designated = False
    result = []
    for entry, found in resolved:
        is_it = not designated and found.card is not None and found.card.name == wanted.card.name
        designated = designated or is_it
        result.append((entry._replace(is_partner=is_it), found))
    if not designated:
        result.append((Entry(line=0, name=wanted.card.name, count=1, is_partner=True), wanted))
    return result
