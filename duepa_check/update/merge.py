"""The previous data, and merging fetched cards and the regulation page into it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from .. import official_site
from ..data import pool as pool_module
from ..data.cards import Card, CardDataError, Cost, Face
from ..data.names import name_key
from ..data.pool import CardPool
from ..data.records import card_from_json
from ..data.regulation import OFFICIAL_PAGE_REASON, UNRESTRICTED
from ..data.userdata import CARDS_FILE, REGULATION_FILE
from ..messages import Msg, msg
from .common import REGULATION_PATH, UpdateError
from .state import RunState
from .summary import StatusChange, UpdateSummary

if TYPE_CHECKING:  # pragma: no cover - typing only
    from ..data.regulation import Combo, Regulation

PROHIBITED_REASON = OFFICIAL_PAGE_REASON


# --- the previous data ------------------------------------------------------------------


@dataclass
class Previous:
    """The data before this run: the user's overlay, the embedded pool, and what ids they know."""

    overlay: dict[str, Card]
    embedded: dict[str, Card]
    known_ids: set[str]
    complete_ids: set[str] = field(default_factory=set)  # known with full card facts: no need to fetch
    by_key: dict[str, Card] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for cards in (self.embedded, self.overlay):  # overlay last: its records win
            self.by_key.update((name_key(card.name), card) for card in cards.values())

    @property
    def pool_size(self) -> int:
        return len(set(self.overlay) | set(self.embedded))

    def base(self, name: str) -> Card | None:
        """The stored record a fetched card updates: same name, else same matching key."""
        found = self.overlay.get(name) or self.embedded.get(name)
        return found if found is not None else self.by_key.get(name_key(name))


def _cards_in(directory: Path) -> dict[str, Card]:
    if not (directory / CARDS_FILE).is_file():
        return {}
    return {card.name: card for card in CardPool([directory])}


def load_previous(data_dir: Path) -> Previous:
    from ..data.userdata import DataDirError, data_folder

    try:
        folder = data_folder(data_dir)
        overlay = _cards_in(folder) if folder is not None else {}
    except (CardDataError, DataDirError) as error:
        raise UpdateError(msg("update.error.existing-broken", error=error.message, path=data_dir)) from None
    try:
        embedded = _cards_in(pool_module.embedded_data_dir())
    except CardDataError as error:
        raise UpdateError(msg("update.error.embedded-broken", error=error.message)) from None
    records = [card for cards in (overlay, embedded) for card in cards.values()]
    known = {card_id for card in records for card_id in card.ids}
    complete = {card_id for card in records if card.complete for card_id in card.ids}
    return Previous(overlay=overlay, embedded=embedded, known_ids=known, complete_ids=complete)


# --- merging cards ----------------------------------------------------------------------


PLUS_POWER = re.compile(r"^(\d+)\+$")


def comparable_power(power: Cost) -> Cost:
    """6000+ and 6000 are one power for change detection (the printed form is what is stored)."""
    if isinstance(power, str):
        match = PLUS_POWER.match(power.strip())
        if match:
            return int(match[1])
    return power


def _comparable_faces(card: Card) -> tuple[Face, ...]:
    return tuple(face._replace(power=comparable_power(face.power)) for face in card.faces)


def _same_card(a: Card, b: Card) -> bool:
    """Equal in everything the rules look at (ids, spellings and a power's trailing + aside)."""
    keep = ("layout", "zone", "partner_eligible", "may_exceed_four")
    return (
        all(getattr(a, name) == getattr(b, name) for name in keep)
        and _comparable_faces(a) == _comparable_faces(b)
        and a.complete == b.complete
    )


def merge_cards(state: RunState, previous: Previous, summary: UpdateSummary) -> list[Card]:
    """The new overlay: the previous overlay plus every fetched card, keeping known aliases and ids."""
    fetched: dict[str, Card] = {}  # by matching key: one record per card, whatever the spelling
    for card_id in state.listed_ids():
        record = state.records.get(card_id)
        if record is None:
            continue
        card = card_from_json(record["card"])
        if record.get("not_for_official_play") and card.name not in summary.not_for_official_play:
            summary.not_for_official_play.append(card.name)
        key = name_key(card.name)
        if key in fetched:  # another printing of a card already seen (the newest printing wins)
            fetched[key] = fetched[key].replace(ids=merged_ids(fetched[key].ids, card.ids))
            continue
        base = previous.base(card.name)
        if base is None:
            summary.new_cards.append(card.name)
        else:
            if not _same_card(card, base):
                summary.changed_cards.append(base.name)
            card = card.replace(
                name=base.name,  # same key, stored spelling: two spellings of one key would be ambiguous
                aliases=base.aliases,
                english=base.english,
                ids=merged_ids(base.ids, card.ids),
            )
        fetched[key] = card
    merged = dict(previous.overlay)
    merged.update((card.name, card) for card in fetched.values())
    return list(merged.values())


def merged_ids(first: Iterable[str], second: Iterable[str]) -> tuple[str, ...]:
    """All ids of ``first``, plus those of ``second`` that name no card side ``first`` has already:
    the site's dm26ex3-006 adds nothing to a stored dm26ex3-006a/dm26ex3-006b. Public, as
    ``merged_combos``, for the tests of that rule."""
    kept = set(first)
    keys = {official_site.base_id(i) for i in kept}
    kept.update(i for i in second if official_site.base_id(i) not in keys)
    return tuple(sorted(kept))


# --- merging the regulation -------------------------------------------------------------


def _stored_status(history: list[tuple[date, str]], on: date) -> str:
    status = UNRESTRICTED
    for when, value in history:
        if when <= on:
            status = value
    return status


def _set_event(events: dict[str, list[tuple[date, str]]], name: str, when: date, status: str) -> None:
    """One event per card per day: a later word about the same day replaces the earlier one."""
    history = [(d, s) for d, s in events.get(name, []) if d != when]
    history.append((when, status))
    events[name] = sorted(history)


def merge_regulation(
    page: official_site.RegulationPage, data_dir: Path, source: str, cards: list[Card], summary: UpdateSummary
) -> Regulation | None:
    """The stored regulation plus the page: dated events for every difference, combos, 使用禁止."""
    from ..data.regulation import Regulation, RegulationError, load_current

    try:
        stored = load_current(data_dir)
    except RegulationError as error:
        if (data_dir / REGULATION_FILE).is_file() or _embedded_regulation().is_file():
            raise UpdateError(msg("update.error.nothing-changed", error=error.message)) from None
        stored = None
    if page.data_date is None:
        summary.notes.append(Msg("update.note.no-date", {}))
        return stored
    regulation = stored or Regulation(data_date=page.data_date)
    canonical = _canonical_names(regulation, cards)

    def spell(name: str) -> str:
        return canonical.get(name_key(name), name)

    for when, name, status in sorted(page.announced):
        if when < page.data_date:
            _apply_status(regulation, spell(name), when, status, summary)
    listed = {spell(name): status for name, status in page.statuses.items()}
    _check_plausible(regulation, listed, page.data_date, source)
    for name, status in listed.items():
        _apply_status(regulation, name, page.data_date, status, summary)
    for name, history in list(regulation.events.items()):
        if name not in listed and _stored_status(history, page.data_date) != UNRESTRICTED:
            _apply_status(regulation, name, page.data_date, UNRESTRICTED, summary)

    pairs = [(tuple(spell(n) for n in pair), kind) for pair, kind in page.combos]
    regulation.combos = merged_combos(regulation.combos, pairs, page.data_date)
    for name in page.prohibited:
        regulation.prohibited.setdefault(spell(name), PROHIBITED_REASON)
    for name, status in list(regulation.unconfirmed.items()):
        if listed.get(name, UNRESTRICTED) == status:
            del regulation.unconfirmed[name]  # confirmed by the official page now
    regulation.data_date = max(regulation.data_date, page.data_date)
    summary.data_date = regulation.data_date
    page_source = source + REGULATION_PATH
    if page_source not in regulation.sources:
        regulation.sources.append(page_source)
    return regulation


def merged_combos(stored: list[Combo], on_page: list[tuple[tuple[str, ...], str]], on: date) -> list[Combo]:
    """Stored pairs the page no longer lists end on ``on``; pairs new on the page begin on it."""
    from ..data.regulation import Combo

    new = {frozenset(cards): (cards, kind) for cards, kind in on_page}
    kept = []
    for combo in stored:
        pair = frozenset(combo.cards)
        if combo.in_force(on) and pair not in new:
            combo = combo._replace(until=on)
        if combo.in_force(on):
            new.pop(pair, None)
        kept.append(combo)
    kept.extend(Combo(cards=(cards[0], cards[1]), since=on, kind=kind) for cards, kind in new.values())
    return kept


def _check_plausible(regulation: Regulation, listed: dict[str, str], on: date, source: str) -> None:
    """A page that drops most of the stored 殿堂 cards was misread, not a mass release: stop."""
    restricted = [n for n, h in regulation.events.items() if _stored_status(h, on) != UNRESTRICTED]
    still_listed = sum(1 for name in restricted if name in listed)
    if len(restricted) >= 10 and still_listed < len(restricted) / 2:
        url = source + REGULATION_PATH
        raise UpdateError(msg("update.error.few-restricted", url=url, listed=still_listed, restricted=len(restricted)))


def _apply_status(regulation: Regulation, name: str, when: date, status: str, summary: UpdateSummary) -> None:
    old = _stored_status(regulation.events.get(name, []), when)
    if old != status:
        _set_event(regulation.events, name, when, status)
        summary.status_changes.append(StatusChange(date=when, card=name, old=old, new=status))


def _canonical_names(regulation: Regulation, cards: list[Card]) -> dict[str, str]:
    """Matching key → the spelling already stored (regulation first, then the card pool)."""
    spelled: dict[str, str] = {}
    for name in [*(card.name for card in cards), *regulation.events, *regulation.prohibited]:
        spelled[name_key(name)] = name
    for combo in regulation.combos:
        for name in combo.cards:
            spelled[name_key(name)] = name
    return spelled


def _embedded_regulation() -> Path:
    return pool_module.embedded_data_dir() / REGULATION_FILE
