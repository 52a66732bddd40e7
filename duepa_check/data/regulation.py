"""The 殿堂 regulation as dated data: the status of any card on any date.

``card_data/regulation.yaml`` (built by ``tools/build_regulation.py``) holds every 殿堂
change since 2004 as an event ``{date, card, status}`` where status is the card's state
*after* that day's change. The status of a card on a date is the status of its newest event
on or before that date (``unrestricted`` when there is none). プレミアム殿堂コンビ pairs carry
their own ``since``/``until`` dates; 使用禁止 cards are listed apart; a change seen in only
one unofficial source lives under ``unconfirmed`` and is applied only on request.
"""

from __future__ import annotations

import bisect
from datetime import date, datetime
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import DuepaError
from ..messages import msg
from .userdata import REGULATION_FILE

UNRESTRICTED = "unrestricted"
HALL_OF_FAME = "hall_of_fame"
PREMIUM = "premium_hall_of_fame"
PROHIBITED = "prohibited"
# The reason ``update`` records for a card the official regulation page lists as 使用禁止; rules
# say it through the catalogue key prohibited.reason.official-page (any other reason is data, shown as written).
OFFICIAL_PAGE_REASON = "使用禁止カード on the official regulation page"
STATUSES = (UNRESTRICTED, HALL_OF_FAME, PREMIUM)
COMBO_KINDS = ("premium_combo", "hyperspatial_combo")
MAX_FILE_BYTES = 8 * 1024 * 1024  # a regulation file is about 30 KB; a bigger one is not ours


class RegulationError(DuepaError):
    """regulation.yaml is missing or malformed (exit code 2)."""


class Combo(NamedTuple):
    """Two cards that may not share a deck (プレミアム殿堂コンビ) between two dates."""

    cards: tuple[str, str]
    since: date
    until: date | None = None
    kind: str = "premium_combo"  # or hyperspatial_combo (プレミアム殿堂超次元コンビ)

    def in_force(self, on: date) -> bool:
        return self.since <= on and (self.until is None or on < self.until)


class Announcement(NamedTuple):
    """A 殿堂 change a playgroup applies before the card data has it (house-rule key ``regulation``):
    from ``on``, ``card`` has ``status``; or, with ``combo``, those two cards become a プレミアム殿堂コンビ."""

    on: date
    card: str | None = None
    status: str | None = None
    combo: tuple[str, str] | None = None


class Regulation:
    """Dated 殿堂 data. ``events`` maps an official card name to (date, status) in date order."""

    def __init__(
        self,
        data_date: date,
        events: dict[str, list[tuple[date, str]]] | None = None,
        combos: list[Combo] | None = None,
        prohibited: dict[str, str] | None = None,
        unconfirmed: dict[str, str] | None = None,
        unconfirmed_source: str = "",
        starts_in_battle_zone: list[str] | None = None,
        sources: list[str] | None = None,
    ) -> None:
        self.data_date = data_date
        self.events = events if events is not None else {}
        self.combos = combos if combos is not None else []
        self.prohibited = prohibited if prohibited is not None else {}
        self.unconfirmed = unconfirmed if unconfirmed is not None else {}
        self.unconfirmed_source = unconfirmed_source
        self.starts_in_battle_zone = starts_in_battle_zone if starts_in_battle_zone is not None else []
        self.sources = sources if sources is not None else []
        self.path: Path | None = None  # the file it was read from (reports say which data they used)
        self._memo: dict[tuple[str, date, bool], str] = {}

    def __repr__(self) -> str:
        return (
            f"Regulation(data_date={self.data_date}, {len(self.events)} cards with events, {len(self.combos)} combos)"
        )

    @cached_property
    def restricted_names(self) -> frozenset[str]:
        """Every card whose status is not always unrestricted: the only ones worth asking about."""
        return frozenset(self.events) | frozenset(self.prohibited) | frozenset(self.unconfirmed)

    @cached_property
    def starter_names(self) -> frozenset[str]:
        """The cards that start the game in the battle zone, as a set: every deck card is looked up."""
        return frozenset(self.starts_in_battle_zone)

    def status(self, name: str, on: date, include_unconfirmed: bool = False) -> str:
        """The card's 殿堂 status on a date (prohibited first: it is not a 殿堂 level).

        Memoised: a batch of decks asks about the same cards on the same date again and again.
        """
        if name not in self.restricted_names:
            return UNRESTRICTED  # most cards: no history at all
        key = (name, on, include_unconfirmed)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._status(name, on, include_unconfirmed)
        return found

    def _status(self, name: str, on: date, include_unconfirmed: bool) -> str:
        if name in self.prohibited:
            return PROHIBITED
        if include_unconfirmed and name in self.unconfirmed and on > self.data_date:
            return self.unconfirmed[name]
        history = self.events.get(name)
        if not history:
            return UNRESTRICTED
        position = bisect.bisect_right(history, (on, "\uffff"))  # after every event on that day
        return history[position - 1][1] if position else UNRESTRICTED

    def since(self, name: str, on: date) -> date | None:
        """The date the card's status on ``on`` began (None when it never changed)."""
        history = self.events.get(name, [])
        position = bisect.bisect_right(history, (on, "\uffff"))
        return history[position - 1][0] if position else None

    def combos_on(self, on: date) -> list[Combo]:
        return [combo for combo in self.combos if combo.in_force(on)]

    def with_announcements(self, announcements: tuple[Announcement, ...]) -> Regulation:
        """This regulation with a playgroup's announcements on top, each from its date.

        On the day of an announcement it replaces whatever the data says that day for that card;
        the data's earlier and later events stay. The data date is the data's: an announcement
        does not make old data new (DP202 still says when the data is stale).
        """
        if not announcements:
            return self
        events = {name: list(history) for name, history in self.events.items()}
        combos = list(self.combos)
        for change in announcements:
            if change.combo is not None:
                combos.append(Combo(cards=change.combo, since=change.on, kind="premium_combo"))
            elif change.card is not None and change.status is not None:
                history = [event for event in events.get(change.card, []) if event[0] != change.on]
                events[change.card] = sorted([*history, (change.on, change.status)])
        return Regulation(
            data_date=self.data_date,
            events=events,
            combos=combos,
            prohibited=self.prohibited,
            unconfirmed=self.unconfirmed,
            unconfirmed_source=self.unconfirmed_source,
            starts_in_battle_zone=self.starts_in_battle_zone,
            sources=self.sources,
        )

    def to_yaml_data(self) -> dict[str, Any]:
        rows = sorted((d.isoformat(), name, status) for name, history in self.events.items() for d, status in history)
        return {
            "format": 1,
            "data_date": self.data_date.isoformat(),
            "sources": list(self.sources),
            "events": [{"date": d, "card": n, "status": s} for d, n, s in rows],
            "combos": [
                {
                    "cards": list(c.cards),
                    "since": c.since.isoformat(),
                    "until": c.until.isoformat() if c.until else None,
                    "kind": c.kind,
                }
                for c in sorted(self.combos, key=lambda c: (c.since, c.cards))
            ],
            "prohibited": [{"card": n, "reason": r} for n, r in sorted(self.prohibited.items())],
            "starts_in_battle_zone": sorted(self.starts_in_battle_zone),
            "unconfirmed": {
                "source": self.unconfirmed_source,
                "changes": [{"card": n, "status": s} for n, s in sorted(self.unconfirmed.items())],
            },
        }


def _date(value: Any, where: str) -> date:
    if isinstance(value, date) and not isinstance(value, datetime):
        return value
    try:
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            return date.fromisoformat(str(value))
    except ValueError:
        pass
    raise RegulationError(msg("regulation-data.date", where=where, value=_shown(value)))


def _shown(value: Any) -> str:
    """A value for an error message: its repr, cut short (a hand-edited file may hold anything)."""
    text = repr(value) if isinstance(value, (str, int, float, date)) or value is None else type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."


def _list(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise RegulationError(msg("regulation-data.list", where=where, key=key, value=_shown(value)))
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise RegulationError(msg("regulation-data.card-name", where=where, value=_shown(value)))
    return value


def _yaml_loader() -> type[Any]:
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def regulation_from_data(data: Any, where: str) -> Regulation:
    """Validate the parsed YAML and build a Regulation; every problem names the file and the entry.

    The file may have been edited by hand: every value is checked for its type here, so a
    wrong one stops the run with one line instead of a traceback or a silently wrong status.
    """
    if not isinstance(data, dict) or data.get("format") != 1:
        raise RegulationError(msg("regulation-data.not-ours", where=where))
    regulation = Regulation(data_date=_date(data.get("data_date"), f"{where}: data_date"))
    regulation.sources = [str(s) for s in _list(data, "sources", where) if isinstance(s, (str, int, float))]
    for number, event in enumerate(_list(data, "events", where), start=1):
        at = f"{where}: events[{number}]"
        if not isinstance(event, dict) or not {"date", "card", "status"} <= set(event):
            raise RegulationError(msg("regulation-data.event-fields", at=at))
        name, status, when = _text(event["card"], at), event["status"], _date(event["date"], at)
        if status not in STATUSES:
            raise RegulationError(
                msg("regulation-data.unknown-status", at=at, status=_shown(status), known=", ".join(STATUSES))
            )
        regulation.events.setdefault(name, []).append((when, status))
    for history in regulation.events.values():
        history.sort()
    for number, combo in enumerate(_list(data, "combos", where), start=1):
        at = f"{where}: combos[{number}]"
        cards = combo.get("cards") if isinstance(combo, dict) else None
        if not isinstance(cards, list) or len(cards) != 2 or "since" not in combo:
            raise RegulationError(msg("regulation-data.combo-fields", at=at))
        until = combo.get("until")
        kind = combo.get("kind", "premium_combo")
        if kind not in COMBO_KINDS:
            raise RegulationError(
                msg("regulation-data.unknown-kind", at=at, kind=_shown(kind), known=", ".join(COMBO_KINDS))
            )
        regulation.combos.append(
            Combo(
                cards=(_text(cards[0], at), _text(cards[1], at)),
                since=_date(combo["since"], at),
                until=_date(until, at) if until is not None else None,
                kind=kind,
            )
        )
    for number, entry in enumerate(_list(data, "prohibited", where), start=1):
        at = f"{where}: prohibited[{number}]"
        if not isinstance(entry, dict) or "card" not in entry:
            raise RegulationError(msg("regulation-data.prohibited-fields", at=at))
        reason = entry.get("reason", "")
        regulation.prohibited[_text(entry["card"], at)] = reason if isinstance(reason, str) else str(reason)
    regulation.starts_in_battle_zone = [
        _text(name, f"{where}: starts_in_battle_zone[{number}]")
        for number, name in enumerate(_list(data, "starts_in_battle_zone", where), start=1)
    ]
    unconfirmed = data.get("unconfirmed") or {}
    if not isinstance(unconfirmed, dict):
        raise RegulationError(msg("regulation-data.unconfirmed", where=where))
    source = unconfirmed.get("source", "")
    regulation.unconfirmed_source = source if isinstance(source, str) else str(source)
    for number, change in enumerate(_list(unconfirmed, "changes", f"{where}: unconfirmed"), start=1):
        at = f"{where}: unconfirmed.changes[{number}]"
        if not isinstance(change, dict) or change.get("status") not in STATUSES:
            raise RegulationError(msg("regulation-data.change-fields", at=at))
        regulation.unconfirmed[_text(change.get("card"), at)] = change["status"]
    return regulation


def load_regulation(path: Path) -> Regulation:
    """Read a regulation.yaml; a broken file raises RegulationError with the path.

    The file as ``dump_regulation`` writes it (every value a JSON scalar or a JSON object
    on one line) is read without PyYAML, whose import alone costs more than checking a
    deck; anything else (a hand-edited file) goes through PyYAML.
    """
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise RegulationError(msg("regulation-data.cannot-read", path=path, why=reason)) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RegulationError(msg("regulation-data.too-large", path=path, megabytes=MAX_FILE_BYTES // 2**20))
    data = read_dumped_yaml(text)
    if data is None:
        import yaml

        try:
            data = yaml.load(text, Loader=_yaml_loader())
        except yaml.YAMLError as error:
            raise RegulationError(
                msg("regulation-data.invalid-yaml", path=path, why=(str(error).splitlines() or [""])[0])
            ) from None
        except (ValueError, TypeError, OverflowError, RecursionError) as error:  # e.g. a date 2026-13-45
            raise RegulationError(
                msg("regulation-data.yaml-value", path=path, why=(str(error).splitlines() or [""])[0][:100])
            ) from None
    regulation = regulation_from_data(data, str(path))
    regulation.path = path
    return regulation


def read_dumped_yaml(text: str) -> dict[str, Any] | None:
    """Parse the subset of YAML that dump_regulation writes; None when the text is not that subset."""
    import json

    data: dict[str, Any] = {}
    section: str | None = None  # the top-level key whose list or mapping is open
    inner: str | None = None  # the second-level key whose list is open (unconfirmed.changes)
    lists: list[list[str]] = []  # list items as JSON text, decoded one list at a time at the end
    try:
        for line in text.splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if line.startswith("    - ") and section and inner:
                items = data[section][inner]
                if not items:
                    lists.append(items)
                items.append(line[6:])
            elif line.startswith("  - ") and section:
                items = data[section]
                if not items:
                    lists.append(items)
                items.append(line[4:])
            elif line.startswith("  ") and not line.startswith("   ") and section:
                key, _, value = line[2:].partition(":")
                value = value.strip()
                if isinstance(data[section], list):
                    data[section] = {}
                data[section][key] = json.loads(value) if value else []
                inner = None if value else key
            elif not line.startswith(" "):
                key, _, value = line.partition(":")
                value = value.strip()
                data[key] = json.loads(value) if value else []
                section, inner = (None if value else key), None
            else:
                return None
        for items in lists:  # one decode per list: 274 json.loads calls cost more than the file
            items[:] = json.loads(f"[{','.join(items)}]")
    except (ValueError, TypeError, AttributeError, KeyError):
        return None
    return data


def dump_regulation(regulation: Regulation, header: str = "") -> str:
    """Regulation as YAML text, sorted and stable, one event per line (diffs read well)."""
    import json

    data = regulation.to_yaml_data()
    lines = [f"# {line}".rstrip() for line in header.splitlines()]
    lines += ["format: 1", f"data_date: {json.dumps(data['data_date'])}", "sources:"]
    lines += [f"  - {json.dumps(s, ensure_ascii=False)}" for s in data["sources"]]
    lines.append("events:" if data["events"] else "events: []")
    for e in data["events"]:
        lines.append("  - " + json.dumps(e, ensure_ascii=False))
    lines.append("combos:" if data["combos"] else "combos: []")
    lines += ["  - " + json.dumps(c, ensure_ascii=False) for c in data["combos"]]
    lines.append("prohibited:" if data["prohibited"] else "prohibited: []")
    lines += ["  - " + json.dumps(p, ensure_ascii=False) for p in data["prohibited"]]
    starters = data["starts_in_battle_zone"]
    lines.append("starts_in_battle_zone:" if starters else "starts_in_battle_zone: []")
    lines += ["  - " + json.dumps(n, ensure_ascii=False) for n in starters]
    lines.append("unconfirmed:")
    lines.append(f"  source: {json.dumps(data['unconfirmed']['source'], ensure_ascii=False)}")
    changes = data["unconfirmed"]["changes"]
    lines.append("  changes:" if changes else "  changes: []")
    lines += ["    - " + json.dumps(c, ensure_ascii=False) for c in changes]
    return "\n".join(lines) + "\n"


def embedded_regulation_path() -> Path:
    from .pool import embedded_data_dir

    return embedded_data_dir() / REGULATION_FILE


def load_current(data_dir: Path | None = None) -> Regulation:
    """The newer of the user's updated regulation and the embedded one.

    An update writes a full copy into the data dir; after a package upgrade the embedded
    file may be the newer one, and it must not be hidden by an old update.
    """
    from .userdata import data_folder

    embedded = load_regulation(embedded_regulation_path())
    folder = data_folder(data_dir) if data_dir is not None else None
    if folder is not None and (folder / REGULATION_FILE).exists():
        updated = load_regulation(folder / REGULATION_FILE)
        if updated.data_date >= embedded.data_date:
            return updated
    return embedded
