"""Refresh the card pool and the 殿堂 regulation from the official site (``duepa-check update``).

The run, step by step:

1. list the card search newest first (POST ``/card/``) until a whole page holds only cards we
   already know (``full`` lists everything);
2. fetch the detail page of every card not known yet, one at a time, politely;
3. read the regulation page and turn it into dated 殿堂 events;
4. build the new overlay (cards.jsonl + index.tsv + regulation.yaml) in a staging directory
   beside the data directory, validate it, and swap it in with two renames.

Every step appends to a small log in the data directory (``update-state.jsonl``), so an
interrupted run resumes where it stopped. Until the swap nothing else in the data directory
changes: a failure of any kind leaves the previous data byte for byte as it was.

This is the only module that talks to the network, and it imports ``requests`` only when a
client is built, so importing it (for ``resolve_data_dir``) keeps the checker's start-up lean.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from . import __version__, official_site
from . import cards as cards_module
from .cards import (
    CARDS_FILE,
    INDEX_FILE,
    Card,
    CardDataError,
    CardPool,
    write_card_data,
)
from .errors import DuepaError
from .names import name_key
from .official_site import PageError
from .userdata import resolve_data_dir  # noqa: F401  (part of this module's API for the CLI)

if TYPE_CHECKING:  # pragma: no cover - typing only
    import requests

    from .regulation import Combo, Regulation

DEFAULT_SOURCE = "https://dm.takaratomy.co.jp"
PROJECT_URL = "https://pypi.org/project/duepa-check/"
USER_AGENT = f"duepa-check/{__version__} (+{PROJECT_URL})"
MIN_DELAY = 1.0  # seconds between two requests; the CLI never goes below it
TIMEOUT = (10.0, 30.0)  # connect, read
ATTEMPTS = 3  # one request plus two retries on 5xx / connection errors / timeouts
MAX_RETRY_AFTER = 60.0
RETRY_STATUSES = frozenset({500, 502, 503, 504})
STOP_STATUSES = frozenset({403, 429})
SHRINK_LIMIT = 0.03  # the merged pool may not lose more than 3 % of its cards
LIST_PATH = "/card/"
DETAIL_PATH = "/card/detail/"
REGULATION_PATH = "/rule/regulation/"
STATE_FILE = "update-state.jsonl"
REGULATION_FILE = "regulation.yaml"
OWNED_FILES = frozenset({CARDS_FILE, INDEX_FILE, REGULATION_FILE, STATE_FILE})
PROHIBITED_REASON = "使用禁止カード on the official regulation page"

Progress = Callable[[int, int, str], None]


class UpdateError(DuepaError):
    """The update stopped; the message is one line saying what happened and where."""


@dataclass(frozen=True)
class StatusChange:
    date: date
    card: str
    old: str
    new: str


@dataclass
class UpdateSummary:
    """What an update did, for the CLI to render."""

    data_dir: Path
    source: str
    new_cards: list[str] = field(default_factory=list)
    changed_cards: list[str] = field(default_factory=list)
    status_changes: list[StatusChange] = field(default_factory=list)
    data_date: date | None = None
    not_for_official_play: list[str] = field(default_factory=list)
    cards_fetched: int = 0
    pages_listed: int = 0
    resumed: bool = False
    notes: list[str] = field(default_factory=list)


# --- where the data lives ---------------------------------------------------------------


def check_data_dir(data_dir: Path) -> None:
    """Refuse a directory that holds anything but our files: the swap replaces it whole."""
    if data_dir.exists() and not data_dir.is_dir():
        raise UpdateError(f"update: {data_dir} is not a directory; nothing changed")
    if data_dir.resolve() == cards_module.embedded_data_dir().resolve():
        raise UpdateError(f"update: {data_dir} is the card data shipped with duepa-check; choose another --data-dir")
    if data_dir.is_dir():
        foreign = sorted(p.name for p in data_dir.iterdir() if p.name not in OWNED_FILES and not p.name.endswith(".tmp"))
        if foreign:
            raise UpdateError(
                f"update: {data_dir} holds files that are not duepa-check data ({foreign[0]}); "
                "choose an empty or new --data-dir; nothing changed"
            )


# --- a polite HTTP client ---------------------------------------------------------------


def new_session() -> requests.Session:
    import requests

    return requests.Session()


class SiteClient:
    """One session to one site: robots.txt, a pause between requests, retries, stop on 403/429."""

    def __init__(
        self,
        source: str,
        session: requests.Session,
        delay: float = MIN_DELAY,
        timeout: tuple[float, float] = TIMEOUT,
        attempts: int = ATTEMPTS,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.source = source.rstrip("/")
        self.session = session
        self.session.headers["User-Agent"] = USER_AGENT
        self.session.headers.setdefault("Accept-Language", "ja")
        self.delay = max(0.0, delay)
        self.timeout = timeout
        self.attempts = max(1, attempts)
        self.sleep = sleep
        self.clock = clock
        self._last_request: float | None = None
        self._robots = None

    def url(self, path: str) -> str:
        return self.source + path

    def get(self, path: str) -> str | None:
        """The page text, or None when the site answers 404 (a card that was taken down)."""
        return self._text(self.request("GET", path, missing_ok=True))

    def post(self, path: str, data: dict[str, str]) -> str:
        return self._text(self.request("POST", path, data=data))  # type: ignore[return-value]

    def request(self, method: str, path: str, missing_ok: bool = False, **kwargs: Any):
        self._check_robots(path)
        response = self._send(method, self.url(path), **kwargs)
        if response.status_code == 404 and missing_ok:
            return None
        if response.status_code >= 400:
            raise UpdateError(f"update: {response.url or self.url(path)} answered {_status(response)}")
        return response

    def _send(self, method: str, url: str, **kwargs: Any):
        """Send with retries; stop at once on 403/429, which mean: leave this site alone."""
        import requests

        for attempt in range(1, self.attempts + 1):
            self._wait_turn()
            try:
                response = self.session.request(method, url, timeout=self.timeout, **kwargs)
            except (requests.ConnectionError, requests.Timeout) as error:
                problem = _describe(error)
                if attempt == self.attempts:
                    raise UpdateError(f"update: {url}: {problem} (tried {self.attempts} times)") from None
                self.sleep(self._backoff(attempt))
                continue
            except requests.RequestException as error:
                raise UpdateError(f"update: {url}: {_describe(error)}") from None
            finally:
                self._last_request = self.clock()
            if response.status_code in STOP_STATUSES:
                raise UpdateError(f"update: {url} answered {_status(response)}")
            if response.status_code in RETRY_STATUSES and attempt < self.attempts:
                self.sleep(max(self._backoff(attempt), _retry_after(response)))
                continue
            return response
        raise AssertionError("unreachable")  # pragma: no cover

    def _backoff(self, attempt: int) -> float:
        return self.delay * 2 ** (attempt - 1)

    def _wait_turn(self) -> None:
        if self._last_request is None:
            return
        remaining = self._last_request + self.delay - self.clock()
        if remaining > 0:
            self.sleep(remaining)

    def _check_robots(self, path: str) -> None:
        if self._robots is None:
            self._robots = self._load_robots()
        if not self._robots.can_fetch(USER_AGENT, self.url(path)):
            raise UpdateError(f"update: {self.source}/robots.txt disallows {path}")

    def _load_robots(self):
        """robots.txt through the same session; missing (404 or other 4xx) means everything is allowed."""
        from urllib.robotparser import RobotFileParser

        parser = RobotFileParser(self.url("/robots.txt"))
        response = self._send("GET", self.url("/robots.txt"))
        if response.status_code >= 500:
            raise UpdateError(f"update: {self.url('/robots.txt')} answered {_status(response)}")
        if response.status_code >= 400:
            parser.allow_all = True
            return parser
        parser.parse(self._text(response).splitlines())
        crawl_delay = parser.crawl_delay(USER_AGENT)
        if crawl_delay:
            self.delay = max(self.delay, float(crawl_delay))
        return parser

    @staticmethod
    def _text(response) -> str | None:
        if response is None:
            return None
        declared = "charset=" in response.headers.get("Content-Type", "").lower()
        return response.content.decode(response.encoding if declared else "utf-8", errors="replace")


def _status(response) -> str:
    """"429 Too Many Requests": the code and its reason phrase (from the server or the standard)."""
    from http import HTTPStatus

    reason = response.reason
    if not reason:
        try:
            reason = HTTPStatus(response.status_code).phrase
        except ValueError:
            reason = ""
    return f"{response.status_code} {reason}".strip()


def _describe(error: Exception) -> str:
    """A short, one-line account of a transport error."""
    if "Timeout" in type(error).__name__:
        return "timed out"
    first_line = (str(error).splitlines() or [""])[0][:120]
    return f"{type(error).__name__}: {first_line}" if first_line else type(error).__name__


def _retry_after(response) -> float:
    value = response.headers.get("Retry-After", "")
    return min(float(value), MAX_RETRY_AFTER) if value.strip().isdigit() else 0.0


# --- the resumable log of a run ---------------------------------------------------------


@dataclass
class RunState:
    """What a run has done so far: list pages seen, cards fetched. Appended to after every step."""

    path: Path
    source: str
    full: bool
    pages: dict[int, list[str]] = field(default_factory=dict)
    total: int | None = None
    list_done: bool = False
    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)
    resumed: bool = False

    @classmethod
    def open(cls, data_dir: Path, source: str, full: bool) -> RunState:
        """Resume the log of an interrupted run from the same source; otherwise start a new one."""
        path = data_dir / STATE_FILE
        lines = _read_log(path)
        header = lines[0] if lines else {}
        if header.get("format") == 1 and header.get("source") == source:
            state = cls(path, source, full or bool(header.get("full")), resumed=True)
            for entry in lines[1:]:
                state._apply(entry)
            return state
        state = cls(path, source, full)
        data_dir.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({"format": 1, "source": source, "full": full}) + "\n", encoding="utf-8")
        return state

    def _apply(self, entry: dict[str, Any]) -> None:
        if "page" in entry:
            self.pages[int(entry["page"])] = list(entry["ids"])
            self.total = entry.get("total", self.total)
        elif entry.get("list_done"):
            self.list_done = True
        elif "missing" in entry:
            self.missing.add(entry["missing"])
        elif "id" in entry:
            self.records[entry["id"]] = entry

    def append(self, entry: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as log:
            log.write(json.dumps(entry, ensure_ascii=False) + "\n")
            log.flush()
            os.fsync(log.fileno())
        self._apply(entry)

    @property
    def next_page(self) -> int:
        return max(self.pages, default=0) + 1

    def listed_ids(self) -> list[str]:
        ordered: dict[str, None] = {}
        for number in sorted(self.pages):
            ordered.update(dict.fromkeys(self.pages[number]))
        return list(ordered)


def _read_log(path: Path) -> list[dict[str, Any]]:
    """The log's entries; a line cut short by an interruption is ignored."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    entries = []
    for line in text.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            entries.append(entry)
    return entries


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
    try:
        overlay = _cards_in(data_dir)
    except CardDataError as error:
        raise UpdateError(f"update: the existing data is broken ({error}); delete {data_dir} and update again") from None
    try:
        embedded = _cards_in(cards_module.embedded_data_dir())
    except CardDataError as error:
        raise UpdateError(f"update: the embedded card data is broken ({error}); reinstall duepa-check") from None
    records = [card for cards in (overlay, embedded) for card in cards.values()]
    known = {card_id for card in records for card_id in card.ids}
    complete = {card_id for card in records if card.complete for card_id in card.ids}
    return Previous(overlay=overlay, embedded=embedded, known_ids=known, complete_ids=complete)


# --- the run ----------------------------------------------------------------------------


def run_update(
    source: str,
    data_dir: Path,
    full: bool = False,
    delay: float = MIN_DELAY,
    on_progress: Progress | None = None,
    session: requests.Session | None = None,
) -> UpdateSummary:
    """Fetch what is new on the site and swap the refreshed overlay into ``data_dir``.

    Raises UpdateError (one line) on any failure, with the previous data left as it was;
    a KeyboardInterrupt is re-raised after the same clean-up.
    """
    source = normalise_source(source)
    data_dir = Path(data_dir)
    progress = on_progress or (lambda done, total, label: None)
    check_data_dir(data_dir)
    previous = load_previous(data_dir)
    try:
        state = RunState.open(data_dir, source, full)
    except OSError as error:
        raise UpdateError(f"update: cannot write to {data_dir} ({error.strerror or error}); nothing changed") from None
    client = SiteClient(source, session or new_session(), delay=delay)
    summary = UpdateSummary(data_dir=data_dir, source=source, resumed=state.resumed)
    try:
        list_cards(client, state, previous.known_ids, progress)
        fetch_cards(client, state, progress, previous.complete_ids)
        page = fetch_regulation(client, progress)
    except UpdateError as error:
        raise UpdateError(f"{error}; stopped, nothing changed{_resume_hint(state)}") from None
    except OSError as error:
        raise UpdateError(f"update: cannot write {state.path} ({error.strerror or error}); nothing changed") from None
    summary.pages_listed = len(state.pages)
    summary.cards_fetched = len(state.records)
    if state.missing:
        summary.notes.append(f"{len(state.missing)} listed cards answered 404 and were skipped: {_names(sorted(state.missing))}")
    cards = merge_cards(state, previous, summary)
    regulation = merge_regulation(page, data_dir, source, cards, summary)
    install(data_dir, cards, regulation, source, previous)
    progress(1, 1, "done")
    return summary


def normalise_source(source: str) -> str:
    source = (source or DEFAULT_SOURCE).strip().rstrip("/")
    if not source.startswith(("http://", "https://")):
        raise UpdateError(f"update: --source {source!r} is not an http(s) URL")
    return source


def _resume_hint(state: RunState) -> str:
    if state.records:
        return f" ({len(state.records)} cards fetched so far are kept; run update again to resume)"
    return ""


def list_cards(client: SiteClient, state: RunState, known: set[str], progress: Progress) -> None:
    """Page through the search, newest first, until known ground (or the end, with --full)."""
    seen = set(state.listed_ids())
    while not state.list_done:
        number = state.next_page
        url = client.url(LIST_PATH)
        html = client.post(LIST_PATH, {"pagenum": str(number), "samename": "show", "sort": "release_new"})
        try:
            page = official_site.parse_list_page(html)
        except PageError as error:
            raise UpdateError(f"update: {url} page {number}: {error}") from None
        fresh = [i for i in page.ids if i not in seen]
        seen.update(page.ids)
        state.append({"page": number, "ids": page.ids, "total": page.total})
        per_page = len(state.pages.get(1) or page.ids) or 1
        pages = math.ceil(page.total / per_page) if page.total else number
        progress(number, max(pages, number), f"list page {number}")
        at_known_ground = not state.full and all(i in known for i in page.ids)
        past_the_end = not fresh or (page.total is not None and len(seen) >= page.total) or number >= pages + 2
        if at_known_ground or past_the_end:
            state.append({"list_done": True})


def ids_to_fetch(state: RunState, known: set[str] | None = None) -> list[str]:
    """Listed ids still without a record, newest first (all of them with --full).

    ``known`` holds the ids whose card facts are complete already; a listed card the embedded
    data has only a name for is fetched, so updates fill those gaps as they pass them.
    """
    skip = set(state.records) | state.missing
    if not state.full and known:
        skip |= known
    return [i for i in state.listed_ids() if i not in skip]


def fetch_cards(client: SiteClient, state: RunState, progress: Progress, known: set[str] | None = None) -> None:
    pending = ids_to_fetch(state, known)
    done_before = len(state.records)
    total = done_before + len(pending)
    for number, card_id in enumerate(pending, start=1):
        path = f"{DETAIL_PATH}?id={quote(card_id, safe='-_.')}"
        html = client.get(path)
        if html is None:
            state.append({"missing": card_id})
            continue
        try:
            detail = official_site.parse_detail_page(html, card_id)
        except PageError as error:
            raise UpdateError(f"update: {client.url(path)}: {error} (has the site's markup changed?)") from None
        state.append(
            {"id": card_id, "card": detail.card.to_json(), "not_for_official_play": detail.not_for_official_play}
        )
        progress(done_before + number, total, detail.card.name)


def fetch_regulation(client: SiteClient, progress: Progress) -> official_site.RegulationPage:
    progress(0, 1, "regulation")
    html = client.get(REGULATION_PATH)
    if html is None:
        raise UpdateError(f"update: {client.url(REGULATION_PATH)} answered 404 Not Found")
    try:
        return official_site.parse_regulation_page(html)
    except PageError as error:
        raise UpdateError(f"update: {client.url(REGULATION_PATH)}: {error}") from None


# --- merging cards ----------------------------------------------------------------------


def _same_card(a: Card, b: Card) -> bool:
    """Equal in everything the rules look at (ids and spellings aside)."""
    keep = ("faces", "layout", "zone", "partner_eligible", "may_exceed_four")
    return all(getattr(a, name) == getattr(b, name) for name in keep) and a.complete == b.complete


def merge_cards(state: RunState, previous: Previous, summary: UpdateSummary) -> list[Card]:
    """The new overlay: the previous overlay plus every fetched card, keeping known aliases and ids."""
    fetched: dict[str, Card] = {}  # by matching key: one record per card, whatever the spelling
    for card_id in state.listed_ids():
        record = state.records.get(card_id)
        if record is None:
            continue
        card = Card.from_json(record["card"])
        if record.get("not_for_official_play") and card.name not in summary.not_for_official_play:
            summary.not_for_official_play.append(card.name)
        key = name_key(card.name)
        if key in fetched:  # another printing of a card already seen (the newest printing wins)
            fetched[key] = fetched[key].replace(ids=_union(fetched[key].ids, card.ids))
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
                ids=_union(base.ids, card.ids),
            )
        fetched[key] = card
    merged = dict(previous.overlay)
    merged.update((card.name, card) for card in fetched.values())
    return list(merged.values())


def _union(first: Iterable[str], second: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(first) | set(second)))


# --- merging the regulation -------------------------------------------------------------


def _stored_status(history: list[tuple[date, str]], on: date) -> str:
    status = official_site.UNRESTRICTED
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
    from .regulation import Regulation, RegulationError, load_current

    try:
        stored = load_current(data_dir)
    except RegulationError as error:
        if (data_dir / REGULATION_FILE).is_file() or _embedded_regulation().is_file():
            raise UpdateError(f"update: {error}; nothing changed") from None
        stored = None
    if page.data_date is None:
        summary.notes.append("the regulation page has no dated 「■…より」 heading; the 殿堂 data was left as it was")
        return stored
    regulation = stored or Regulation(data_date=page.data_date)
    canonical = _canonical_names(regulation, cards)
    spell = lambda name: canonical.get(name_key(name), name)  # noqa: E731

    for when, name, status in sorted(page.announced):
        if when < page.data_date:
            _apply_status(regulation, spell(name), when, status, summary)
    listed = {spell(name): status for name, status in page.statuses.items()}
    _check_plausible(regulation, listed, page.data_date, source)
    for name, status in listed.items():
        _apply_status(regulation, name, page.data_date, status, summary)
    for name, history in list(regulation.events.items()):
        if name not in listed and _stored_status(history, page.data_date) != official_site.UNRESTRICTED:
            _apply_status(regulation, name, page.data_date, official_site.UNRESTRICTED, summary)

    pairs = [(tuple(spell(n) for n in pair), kind) for pair, kind in page.combos]
    regulation.combos = merged_combos(regulation.combos, pairs, page.data_date)
    for name in page.prohibited:
        regulation.prohibited.setdefault(spell(name), PROHIBITED_REASON)
    for name, status in list(regulation.unconfirmed.items()):
        if listed.get(name, official_site.UNRESTRICTED) == status:
            del regulation.unconfirmed[name]  # confirmed by the official page now
    regulation.data_date = max(regulation.data_date, page.data_date)
    summary.data_date = regulation.data_date
    page_source = source + REGULATION_PATH
    if page_source not in regulation.sources:
        regulation.sources.append(page_source)
    return regulation


def merged_combos(stored: list[Combo], on_page: list[tuple[tuple[str, ...], str]], on: date) -> list[Combo]:
    """Stored pairs the page no longer lists end on ``on``; pairs new on the page begin on it."""
    from .regulation import Combo

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
    restricted = [n for n, h in regulation.events.items() if _stored_status(h, on) != official_site.UNRESTRICTED]
    still_listed = sum(1 for name in restricted if name in listed)
    if len(restricted) >= 10 and still_listed < len(restricted) / 2:
        raise UpdateError(
            f"update: {source}{REGULATION_PATH} lists only {still_listed} of the {len(restricted)} restricted "
            "cards (has the page's markup changed?); nothing changed"
        )


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
    return cards_module.embedded_data_dir() / REGULATION_FILE


# --- build, validate, swap --------------------------------------------------------------


def install(data_dir: Path, cards: list[Card], regulation: Regulation | None, source: str, previous: Previous) -> None:
    """Build the overlay beside ``data_dir``, validate it, then swap it in; on failure remove it."""
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{data_dir.name}.new-", dir=data_dir.parent))
    try:
        build_overlay(staging, cards, regulation, source)
        validate_overlay(staging, len(cards), previous)
        swap_in(staging, data_dir)
    except (UpdateError, CardDataError, OSError) as error:
        message = str(error) if str(error).startswith("update:") else f"update: {error}"
        raise UpdateError(f"{message}; nothing changed") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def build_overlay(staging: Path, cards: list[Card], regulation: Regulation | None, source: str) -> None:
    header = {"sources": [source + LIST_PATH], "updated": date.today().isoformat(), "kind": "update"}
    write_card_data(cards, header, staging)
    if regulation is not None:
        from .regulation import dump_regulation

        note = f"Written by duepa-check update from {source}{REGULATION_PATH}; the next update rewrites it."
        (staging / REGULATION_FILE).write_text(dump_regulation(regulation, note), encoding="utf-8", newline="\n")


def validate_overlay(staging: Path, expected: int, previous: Previous) -> None:
    """Every record loads, the merged pool did not shrink by more than 3 %, the regulation loads."""
    loaded = list(CardPool([staging]))
    if len(loaded) != expected:
        raise UpdateError(f"update: the new card data holds {len(loaded)} cards, expected {expected}")
    after = len({c.name for c in loaded} | set(previous.embedded))
    before = previous.pool_size
    if before and after < before * (1 - SHRINK_LIMIT):
        raise UpdateError(f"update: the card pool would shrink from {before} to {after} cards")
    if (staging / REGULATION_FILE).is_file():
        from .regulation import RegulationError, load_regulation

        try:
            load_regulation(staging / REGULATION_FILE)
        except RegulationError as error:
            raise UpdateError(f"update: the new regulation data does not load ({error})") from None


def swap_in(staging: Path, target: Path) -> None:
    """Two renames: the old directory aside, the new one into place; then the old one goes."""
    if not target.exists():
        os.rename(staging, target)
        return
    aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.old-", dir=target.parent))
    aside.rmdir()
    os.rename(target, aside)
    try:
        os.rename(staging, target)
    except BaseException:
        os.rename(aside, target)
        raise
    shutil.rmtree(aside, ignore_errors=True)


# --- the summary as text ----------------------------------------------------------------

_STATUS_LABELS = {
    official_site.UNRESTRICTED: "無制限",
    official_site.HALL_OF_FAME: "殿堂入り",
    official_site.PREMIUM: "プレミアム殿堂",
}


def _names(names: list[str], limit: int = 10) -> str:
    shown = "、".join(names[:limit])
    return shown + (f" … and {len(names) - limit} more" if len(names) > limit else "")


def render_summary(summary: UpdateSummary) -> list[str]:
    """Plain lines for the CLI to print."""
    lines = [f"Updated card data in {summary.data_dir} from {summary.source}"]
    fetched = f"{summary.cards_fetched} cards fetched, {summary.pages_listed} list pages read"
    lines.append(f"  {fetched}" + (" (resumed an interrupted run)" if summary.resumed else ""))
    lines.append(f"  {len(summary.new_cards)} new cards" + (f": {_names(summary.new_cards)}" if summary.new_cards else ""))
    if summary.changed_cards:
        lines.append(f"  {len(summary.changed_cards)} changed cards: {_names(summary.changed_cards)}")
    if summary.data_date:
        lines.append(f"  殿堂 data as of {summary.data_date.isoformat()}: {len(summary.status_changes)} status changes")
    for change in summary.status_changes[:20]:
        old, new = _STATUS_LABELS.get(change.old, change.old), _STATUS_LABELS.get(change.new, change.new)
        lines.append(f"    {change.date.isoformat()} {change.card}: {old} → {new}")
    if len(summary.status_changes) > 20:
        lines.append(f"    … and {len(summary.status_changes) - 20} more")
    if summary.not_for_official_play:
        lines.append(
            "  「公式大会では使えません」 (allowed in デュエパーティー): " + _names(summary.not_for_official_play)
        )
    lines.extend(f"  note: {note}" for note in summary.notes)
    return lines
