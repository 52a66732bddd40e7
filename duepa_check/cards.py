"""The card model and the card pool: load card data, look a typed name up.

Card data is plain text in git (``card_data/``):

* ``cards.jsonl`` — line 0 is a header (sources, dates, key version); every other line is
  one card as a JSON object, sorted by matching key.
* ``index.tsv`` — ``key<TAB>kind<TAB>line`` for every spelling of every card (official name,
  other spellings, English names, the names of its faces). Keys come from ``names.name_key``.

Loading reads the index and keeps the card lines as raw bytes; a card line is parsed
only when a deck asks for it. That keeps a check of one deck well under the cost of
parsing ten thousand records. An ``update`` writes a second set of the same files in the
user data dir; the pool reads it first, so its records win over the embedded ones.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from .names import closest_keys, display_name, name_key

CIVILIZATIONS = ("光", "水", "闇", "火", "自然")
ZONES = ("main", "hyperspatial", "super_gr", "starts_in_battle_zone")
INFINITY = "∞"
# Index kinds, best first: a typed name matching an official name beats one matching an
# alias, which beats one matching only one side of a multi-sided card.
INDEX_KINDS = ("name", "alias", "face")
CARDS_FILE = "cards.jsonl"
INDEX_FILE = "index.tsv"

Cost = int | str | None  # an int, "∞", or None when the source gives none


class CardDataError(Exception):
    """The card data on disk is missing or malformed (exit code 2)."""


@dataclass(frozen=True)
class Face:
    """One printed side: a twinpact has two, a psychic or 禁断 card lists its other sides."""

    name: str
    type: str
    civilizations: tuple[str, ...]
    cost: Cost
    power: Cost
    races: tuple[str, ...] = ()

    @property
    def is_creature(self) -> bool:
        return "クリーチャー" in self.type

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type,
            "civilizations": list(self.civilizations),
            "cost": self.cost,
            "power": self.power,
            "races": list(self.races),
        }


def cost_at_least(cost: Cost, minimum: int) -> bool:
    """Compare a printed cost with a minimum; ∞ is larger than every number."""
    if cost == INFINITY:
        return True
    return isinstance(cost, int) and cost >= minimum


@dataclass(frozen=True)
class Card:
    """A card as the deck rules see it: one name, its faces, and derived facts."""

    name: str
    faces: tuple[Face, ...]
    layout: str = "single"  # single | twinpact | multi_side
    zone: str = "main"
    partner_eligible: bool = False
    may_exceed_four: bool = False
    aliases: tuple[str, ...] = ()
    english: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    complete: bool = True

    @property
    def civilizations(self) -> tuple[str, ...]:
        """Union of the civilizations printed on every face, in the canonical order."""
        present = {c for face in self.faces for c in face.civilizations}
        return tuple(c for c in CIVILIZATIONS if c in present)

    @property
    def creature_face(self) -> Face | None:
        return next((f for f in self.faces if f.is_creature), None)

    def partner_problem(self, min_cost: int = 5) -> str | None:
        """Why this card cannot be the partner, or None when it can."""
        if not self.complete or not self.faces:
            return "no card data yet for this card (its type and cost are unknown)"
        if self.zone != "main":
            return f"it cannot be in the main deck ({ZONE_LABELS[self.zone]})"
        creature = self.creature_face if self.layout != "multi_side" else (
            self.faces[0] if self.faces[0].is_creature else None
        )
        if creature is None:
            return f"it is not a creature (type {self.faces[0].type})"
        if not cost_at_least(creature.cost, min_cost):
            side = "its creature side costs" if self.layout == "twinpact" else "it costs"
            return f"{side} {creature.cost}, less than {min_cost}"
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "layout": self.layout,
            "faces": [f.to_json() for f in self.faces],
            "zone": self.zone,
            "partner_eligible": self.partner_eligible,
            "may_exceed_four": self.may_exceed_four,
            "aliases": list(self.aliases),
            "english": list(self.english),
            "ids": list(self.ids),
            "complete": self.complete,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Card:
        faces = tuple(
            Face(
                name=f["name"],
                type=f["type"],
                civilizations=tuple(f.get("civilizations", ())),
                cost=f.get("cost"),
                power=f.get("power"),
                races=tuple(f.get("races", ())),
            )
            for f in data.get("faces", ())
        )
        return cls(
            name=data["name"],
            faces=faces,
            layout=data.get("layout", "single"),
            zone=data.get("zone", "main"),
            partner_eligible=bool(data.get("partner_eligible", False)),
            may_exceed_four=bool(data.get("may_exceed_four", False)),
            aliases=tuple(data.get("aliases", ())),
            english=tuple(data.get("english", ())),
            ids=tuple(data.get("ids", ())),
            complete=bool(data.get("complete", True)),
        )


ZONE_LABELS = {
    "main": "main deck",
    "hyperspatial": "超次元ゾーン: psychic, dragheart or rule plus",
    "super_gr": "超GRゾーン: GR creature",
    "starts_in_battle_zone": "starts the game in the battle zone",
}


@dataclass
class Lookup:
    """What a typed name resolved to: one card, several (ambiguous), or none."""

    typed: str
    cards: list[Card] = field(default_factory=list)
    suggestions: list[str] = field(default_factory=list)
    matched_by: str = ""  # exact | key | alias | face

    @property
    def card(self) -> Card | None:
        return self.cards[0] if len(self.cards) == 1 else None


class _Shard:
    """One directory of card data: raw card lines plus the key index."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        try:
            raw = (directory / CARDS_FILE).read_bytes()
            index_text = (directory / INDEX_FILE).read_text(encoding="utf-8")
        except OSError as error:
            raise CardDataError(f"{directory}: cannot read card data ({error.strerror or error})") from None
        self.lines = raw.split(b"\n")
        try:
            self.header: dict[str, Any] = json.loads(self.lines[0])["_header"]
        except (ValueError, KeyError, TypeError):
            raise CardDataError(f"{directory / CARDS_FILE}: line 1 is not a card-data header") from None
        self.index: dict[str, list[tuple[str, int]]] = {}
        for row in index_text.split("\n"):
            if not row:
                continue
            try:
                key, kind, line = row.split("\t")
                self.index.setdefault(key, []).append((kind, int(line)))
            except ValueError:
                raise CardDataError(f"{directory / INDEX_FILE}: malformed row {row[:60]!r}") from None
        self._parsed: dict[int, Card] = {}

    def card_at(self, line: int) -> Card:
        card = self._parsed.get(line)
        if card is None:
            try:
                card = Card.from_json(json.loads(self.lines[line]))
            except (IndexError, ValueError, KeyError, TypeError):
                raise CardDataError(f"{self.directory / CARDS_FILE}: line {line + 1} is not a card record") from None
            self._parsed[line] = card
        return card

    def all_lines(self) -> range:
        return range(1, len(self.lines)) if self.lines[-1] else range(1, len(self.lines) - 1)


class CardPool:
    """Every known card, indexed by matching key; later shards are overridden by earlier ones."""

    def __init__(self, directories: list[Path]) -> None:
        if not directories:
            raise CardDataError("no card data directory given")
        self.shards = [_Shard(d) for d in directories]

    @classmethod
    def load(cls, data_dir: Path | None = None) -> CardPool:
        """The embedded pool, with the user's updated data (if any) in front of it."""
        directories = [embedded_data_dir()]
        if data_dir is not None and (data_dir / CARDS_FILE).is_file():
            directories.insert(0, data_dir)
        return cls(directories)

    @property
    def header(self) -> dict[str, Any]:
        return self.shards[0].header

    def _hits(self, key: str) -> list[tuple[str, Card]]:
        """(kind, card) for every spelling that has this key, overlay shards first, one per name."""
        hits: list[tuple[str, Card]] = []
        seen: set[str] = set()
        for shard in self.shards:
            for kind, line in shard.index.get(key, ()):
                card = shard.card_at(line)
                if card.name not in seen:
                    seen.add(card.name)
                    hits.append((kind, card))
        return hits

    def lookup(self, typed: str) -> Lookup:
        """Resolve a typed name: exact spelling, then key, then alias, then one face; else suggest."""
        result = Lookup(typed=typed)
        key = name_key(typed)
        if not key:
            return result
        hits = self._hits(key)
        if hits:
            shown = display_name(typed)
            exact = [card for _, card in hits if card.name == shown]
            if exact:
                result.cards, result.matched_by = exact[:1], "exact"
                return result
            for kind in INDEX_KINDS:
                chosen = [card for k, card in hits if k == kind]
                if chosen:
                    result.cards = chosen
                    result.matched_by = "key" if kind == "name" else kind
                    return result
        result.suggestions = self.suggest(key)
        return result

    def get(self, name: str) -> Card | None:
        """The card with this official name (or key), or None."""
        return self.lookup(name).card

    def suggest(self, key: str, limit: int = 3) -> list[str]:
        """Official names of the cards whose spellings look most like ``key``."""
        keys = {k for shard in self.shards for k in shard.index}
        names: list[str] = []
        for close in closest_keys(key, keys, limit=limit * 2):
            for _, card in self._hits(close):
                if card.name not in names:
                    names.append(card.name)
        return names[:limit]

    def __iter__(self):
        """Every card once (overlay first). Parses every line: for tools and tests, not checks."""
        seen: set[str] = set()
        for shard in self.shards:
            for line in shard.all_lines():
                card = shard.card_at(line)
                if card.name not in seen:
                    seen.add(card.name)
                    yield card


def embedded_data_dir() -> Path:
    """Where the card data shipped with the package lives (a wheel or a checkout)."""
    from importlib.resources import files

    try:
        return Path(str(files("duepa_check.card_data")))
    except ModuleNotFoundError:  # running from a checkout that is not installed
        return Path(__file__).resolve().parent.parent / "card_data"


def index_rows(card: Card) -> list[tuple[str, str]]:
    """(key, kind) for every spelling of a card, deduplicated, official name first."""
    rows: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(text: str, kind: str) -> None:
        key = name_key(text)
        if key and key not in seen:
            seen.add(key)
            rows.append((key, kind))

    add(card.name, "name")
    for alias in (*card.aliases, *card.english):
        add(alias, "alias")
    if len(card.faces) > 1:
        for face in card.faces:
            add(face.name, "face")
    return rows


def write_card_data(cards: list[Card], header: dict[str, Any], directory: Path) -> None:
    """Write cards.jsonl and index.tsv, sorted, byte-for-byte reproducible.

    Files are written beside their final names and renamed into place, so a reader never
    sees half a file and a failure leaves the previous data as it was.
    """
    from .names import KEY_VERSION

    directory.mkdir(parents=True, exist_ok=True)
    ordered = sorted(cards, key=lambda c: (name_key(c.name), c.name))
    names = [c.name for c in ordered]
    if len(set(names)) != len(names):
        duplicates = sorted({n for n in names if names.count(n) > 1})
        raise CardDataError(f"duplicate card names: {duplicates[:5]}")
    head = {"_header": {**header, "key_version": KEY_VERSION, "cards": len(ordered)}}
    card_lines = [json.dumps(head, ensure_ascii=False, sort_keys=True)]
    index: list[tuple[str, str, int]] = []
    for number, card in enumerate(ordered, start=1):
        card_lines.append(json.dumps(card.to_json(), ensure_ascii=False, separators=(",", ":")))
        index.extend((key, kind, number) for key, kind in index_rows(card))
    index.sort()
    index_text = "".join(f"{k}\t{kind}\t{n}\n" for k, kind, n in index)
    _atomic_write(directory / INDEX_FILE, index_text)
    _atomic_write(directory / CARDS_FILE, "\n".join(card_lines) + "\n")


def _atomic_write(path: Path, text: str) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8", newline="\n")
    temporary.replace(path)
