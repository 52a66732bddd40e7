"""Build the embedded card pool (card_data/) from the raw card files in shared/data/cards.

Run:  python tools/build_card_data.py [--source ../shared/data] [--out card_data] [--report]

Deterministic: the same input files give the same bytes out (no clock, sorted everything).
Only facts are carried over (names, ids, types, civilizations, costs, powers, races); the
rules text of the Ether files is read only to find cards that may exceed four copies.

How a card is made:
* every Ether record (2025-12 file plus the 2026 tail) gives its stats; its name is replaced
  by the official spelling (opencard, else the set lists) with the same matching key;
* twinpacts are named "creature side／spell side" and get two faces;
* psychic / dragheart / 禁断 / 零龍 sides linked by ``back`` become ONE card per front side,
  with the other sides as extra faces (a combined back shared by several fronts, e.g. 零龍,
  is a face of each of them and gets no record of its own);
* names known only from opencard or the set lists become incomplete cards (no faces).
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
import unicodedata
import urllib.parse
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml  # noqa: E402
from shared_dir import default_shared, require  # noqa: E402

from duepa_check.data.cards import FAN_TRANSCRIPTION, INFINITY, OFFICIAL, Card, Face  # noqa: E402
from duepa_check.data.files import write_card_data  # noqa: E402
from duepa_check.data.names import name_key  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import card_checks  # noqa: E402
import english_join  # noqa: E402
import extra_facts  # noqa: E402

ETHER_REPO = "Ether1013/DuelMastersCardSearchTaiwan"
SOURCES: list[dict[str, str]] = [
    {"file": "cards/ether_allcards_2025-12-17.json", "what": "card stats (type, civilization, cost, power, races), names, image ids",
     "date": "2025-12-17", "origin": ETHER_REPO},
    {"file": "cards/ether_carddata_tail_2026.json", "what": "card stats of the late-2025 and 2026 sets missing above",
     "date": "2026-08", "origin": ETHER_REPO},
    {"file": "cards/ether_setlists_2026.json", "what": "product card lists: printed names and official image ids",
     "date": "2026-08", "origin": ETHER_REPO},
    {"file": "cards/ether_card_type.json", "what": "type codes: Japanese type names and the zone each type lives in",
     "date": "undated", "origin": ETHER_REPO},
    {"file": "cards/ether_englishname.json", "what": "English names (Japanese to English)",
     "date": "undated", "origin": ETHER_REPO},
    {"file": "cards/opencard_cardnames.json", "what": "official Japanese names and official card ids",
     "date": "2024-04", "origin": "opencard-dm/card-database (cardnames.json)", "license": "MIT"},
    {"file": "cards/otwsia_fandom_ja_en_2022-2024.json", "what": "English names of DM22-DM24 cards",
     "date": "2022-2024 (sets covered)", "origin": "otwsia/Project-Duel-Masters-Web-Scraper"},
    {"file": "cards/en_ocg_fandom_Ravenite_All_Cards.csv", "what": "English names by set and number (joined to the set lists)",
     "date": "undated", "origin": "Ravenite-0/DuelMasters_Cockatrice_EN (data/All_Cards.csv)", "license": "MIT"},
    {"file": "cards/facts_for_name_only_cards.jsonl",
     "what": "faces of the cards the files above know by name and id only (each card keeps its line's source)",
     "date": "undated", "origin": "shared/data/cards (joined from pylori, t1k2a, szefo09/dm-ocg-octgn, sura, Ether)"},
    {"file": "cards/dm26rp3_new_cards.jsonl", "what": "DM26-RP3 new cards: faces and ids (implausible values dropped)",
     "date": "2026-09", "origin": "sura040800-arch/-duema-inventory@0426ebf (scrape of the official site)",
     "note": "release month inferred: the set came after the 2026-08 Ether tail"},
    {"file": "cards/dm26rp3_reprint_ids.jsonl", "what": "DM26-RP3 printings of cards already in the pool: new official ids",
     "date": "2026-09", "origin": "sura040800-arch/-duema-inventory@0426ebf (scrape of the official site)"},
    {"file": "cards/dm26ex4_cards.jsonl",
     "what": "DM26-EX4 new cards: faces where known (a fan transcription: these cards say so, provenance fan_transcription)",
     "date": "2026-10-17", "origin": "Motokiyo-DXP/Price_DM@292363c (scripts/dm26ex4-complete.json, a fan-wiki transcription, "
     "marked unverified there)"},
    {"file": "cards/octgn_ocg_and_tcg_cards.tsv", "what": "English names by official id (English TCG names where the card had one)",
     "date": "undated", "origin": "szefo09/dm-ocg-octgn@e2407a3 (set files)"},
    {"file": "cards/en_tcg_latepate64_DuelMastersCards.json", "what": "the English TCG of 2004-2006: names joined to Japanese cards by facts",
     "date": "2004-2006 (cards covered)", "origin": "latepate64 DuelMastersCards"},
    {"file": "cards/ether_races.json", "what": "race names, Japanese and English (for the English TCG join)",
     "date": "undated", "origin": ETHER_REPO},
    {"file": "../spec/regulation-research.yaml", "what": "unlimited_copies and starts_in_battle_zone name lists",
     "date": "2026-03-16", "origin": "duepa-check regulation research (shared/spec)"},
]

INFINITE_NUMBER = 9007199254740991
CIVILIZATION_BITS = ((16, "光"), (8, "水"), (4, "闇"), (2, "火"), (1, "自然"))
OFFICIAL_IMAGE = re.compile(r"^https?://dm\.takaratomy\.co\.jp/.*/card(?:image|thumb)/([^/]+)\.(?:jpg|png|webp)$")
TWINPACT_SPLIT = re.compile(r"\s*[／/]\s*")
TWINPACT_IMAGE_SIDE = re.compile(r"^(.*\d)[ab]$")
KANA_READING = re.compile(r"[（(][\u3041-\u309f\u30a0-\u30ff・ー\s]+[）)]")
# The Chinese rules text says "may put more than 4 of this card in the deck" with these words.
MORE_THAN_FOUR = re.compile(r"(超過|多於)\s*[4四]\s*張.{0,12}牌庫|牌庫.{0,12}(超過|多於)\s*[4四]\s*張|[4四]\s*張以上.{0,6}牌庫")
LOCATION_ZONE = {"P": "hyperspatial", "G": "super_gr", "I": "starts_in_battle_zone", "M": "main"}


# ---------------------------------------------------------------- raw records


@dataclass
class RawFace:
    """One side's stats as the Ether data gives them (type codes, not yet names)."""

    type_codes: tuple[str, ...]
    civil: int | None
    cost: Any
    power: Any
    races: tuple[str, ...]


@dataclass
class EtherRecord:
    """One Ether record, the 2025-12 shape and the 2026 shape read into one form."""

    name: str
    faces: list[RawFace]
    backs: list[str]
    image_ids: list[str]
    twinpact: bool
    rules_text: list[str] = field(repr=False)
    source: str = ""


def as_list(value: Any) -> list[Any]:
    """Ether fields hold a value or a list of values; read both the same way."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def type_codes(value: Any) -> tuple[str, ...]:
    """'C', 'C/TS' or ['C'] → ('C',) / ('C', 'TS')."""
    codes: list[str] = []
    for item in as_list(value):
        codes.extend(part for part in str(item).split("/") if part)
    return tuple(codes)


def raw_face(data: dict[str, Any]) -> RawFace:
    return RawFace(type_codes(data.get("type")), data.get("civil"), data.get("cost"), data.get("power"),
                   tuple(data.get("race") or ()))


def image_ids(pics: Any) -> list[str]:
    """Official image file names (the official card ids); fan-site pictures are ignored."""
    ids = []
    for pic in as_list(pics):
        match = OFFICIAL_IMAGE.match(str(pic))
        if match:
            ids.append(match.group(1))
    return ids


def parse_ether(data: dict[str, Any], source: str = "") -> EtherRecord:
    """Read either record shape: 2025 (top-level stats or wData + mType) or 2026 (wdata)."""
    faces_data = data.get("wdata") or data.get("wData")
    if data.get("mType") == "H":  # 超化獣: one card, the second entry is its hyper mode
        faces_data = faces_data[:1]
    faces = [raw_face(f) for f in faces_data] if faces_data else ([raw_face(data)] if "type" in data else [])
    twinpact = data.get("mType") == "T" or (len(faces) == 2 and "wdata" in data)
    rules = list(data.get("sp") or [])
    for face in data.get("wdata") or data.get("wData") or []:
        rules.extend(face.get("sp") or [])
    return EtherRecord(data["name"], faces, as_list(data.get("back")), image_ids(data.get("pic")), twinpact, rules, source)


# ---------------------------------------------------------------- value conversions


def civilizations(mask: int | None) -> tuple[str, ...]:
    """Bitmask → civilizations in canonical order; ゼロ(32) and unknown → colourless ()."""
    if not mask:
        return ()
    return tuple(name for bit, name in CIVILIZATION_BITS if mask & bit)


def number(value: Any) -> int | str | None:
    """Cost or power: int, "∞" for the JS max-safe-integer marker, strings like "5000+" kept."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return INFINITY if int(value) >= INFINITE_NUMBER else int(value)
    text = str(value).strip()
    if text.isdigit():
        return number(int(text))
    return INFINITY if text in ("∞", "Infinity") else text


class TypeTable:
    """Ether type codes → Japanese type names and the zone the type lives in."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows = {row["value"]: row for row in rows if "value" in row}

    def type_name(self, codes: tuple[str, ...]) -> str:
        names = [self.rows[c]["jap"] if c in self.rows else c for c in codes]
        return "/".join(names[::-1]) if set(codes) == {"C", "TS"} else "/".join(names)

    def zone(self, codes: tuple[str, ...]) -> str:
        zones = [LOCATION_ZONE.get(self.rows.get(c, {}).get("location", "M"), "main") for c in codes]
        return next((z for z in zones if z != "main"), "main")


# ---------------------------------------------------------------- official spellings


def preference(spelling: str, printings: int) -> tuple[Any, ...]:
    """Sort key choosing the display spelling among same-key variants: most printed, plain width."""
    plain = unicodedata.normalize("NFKC", spelling) == spelling
    return (-printings, not plain, "\u3000" in spelling, KANA_READING.search(spelling) is not None, spelling)


class Spellings:
    """Every spelling met per matching key, with how often each was printed (for choosing)."""

    def __init__(self) -> None:
        self.official: dict[str, Counter[str]] = defaultdict(Counter)
        self.setlist: dict[str, Counter[str]] = defaultdict(Counter)

    def add_official(self, name: str, printings: int) -> None:
        self.official[name_key(name)][name] += max(printings, 1)

    def add_setlist(self, name: str) -> None:
        self.setlist[name_key(name)][name] += 1

    def best(self, key: str, fallback: str) -> str:
        """Official (opencard) spelling, else the set lists' most printed one, else the fallback."""
        for table in (self.official, self.setlist):
            counts = table.get(key)
            if counts:
                return min(counts, key=lambda s: preference(s, counts[s]))
        return fallback

    def all_for(self, key: str) -> list[str]:
        return sorted(set(self.official.get(key, ())) | set(self.setlist.get(key, ())))


def twinpact_sides(official: str, ether: str) -> tuple[str, str]:
    """Split 'A / B', 'A/B' or 'A／B' into the two side names (official spelling if it splits cleanly)."""
    for text in (official, ether):
        parts = TWINPACT_SPLIT.split(text.strip())
        if len(parts) == 2 and all(parts):
            return parts[0], parts[1]
    head, _, tail = ether.partition("/")
    return head.strip(), tail.strip()


def without_reading(name: str) -> str:
    return KANA_READING.sub("", name)


# ---------------------------------------------------------------- multi-side groups


def side_groups(records: dict[str, EtherRecord]) -> list[list[str]]:
    """Connected groups of records joined by ``back`` links, each sorted."""
    links: dict[str, set[str]] = defaultdict(set)
    for record in records.values():
        for back in record.backs:
            if back in records:
                links[record.name].add(back)
                links[back].add(record.name)
    groups, seen = [], set()
    for start in sorted(links):
        if start in seen:
            continue
        group, stack = set(), [start]
        while stack:
            name = stack.pop()
            if name not in group:
                group.add(name)
                stack.extend(links[name])
        seen |= group
        groups.append(sorted(group))
    return groups


def split_fronts(group: list[str], records: dict[str, EtherRecord], official: set[str]) -> list[tuple[str, list[str]]]:
    """(front, other sides) for each card of a group.

    A front is a side opencard lists (it lists only fronts) or whose official image ends in 'a'.
    A star whose leaves are all fronts (one combined back such as 零龍 or 雷獣ヴォルグ・ティーガー
    shared by several cards) gives one card per leaf. Any other group is one card whose front
    is the best-ranked side: listed by opencard, else image 'a', else the cheapest.
    """

    def is_front(name: str) -> bool:
        record = records[name]
        return name in official or without_reading(name) in official or any(i.endswith("a") for i in record.image_ids)

    def neighbours(name: str) -> set[str]:
        return ({m for m in group if name in records[m].backs} | set(records[name].backs)) & set(group) - {name}

    hubs = [n for n in group if len(neighbours(n)) == len(group) - 1]
    if len(group) >= 3 and len(hubs) == 1:
        leaves = [n for n in group if n != hubs[0]]
        if all(len(neighbours(n)) == 1 and is_front(n) for n in leaves):
            return [(leaf, [hubs[0]]) for leaf in leaves]

    def front_rank(name: str) -> tuple[Any, ...]:
        record = records[name]
        cost = record.faces[0].cost if record.faces and isinstance(record.faces[0].cost, int) else 999
        return (name not in official and without_reading(name) not in official, not is_front(name), cost, name)

    ordered = sorted(group, key=front_rank)
    return [(ordered[0], ordered[1:])]


# ---------------------------------------------------------------- the builder


# Some official-list names write a wave-dash phrase with long-vowel marks: 《禁断 ー封印されしXー》.
LONG_VOWEL_AS_WAVE_DASH = re.compile(r"ー([^ー]+)ー$")


@dataclass
class Draft:
    """A card being assembled: the final Card is made once every source has been read."""

    name: str
    faces: list[Face]
    layout: str
    zone: str
    key_spellings: set[str] = field(default_factory=set)  # names whose spellings become aliases
    aliases: set[str] = field(default_factory=set)
    english: set[str] = field(default_factory=set)
    ids: set[str] = field(default_factory=set)
    rules_text: list[str] = field(default_factory=list, repr=False)
    complete: bool = True
    source: str = ""  # where the faces came from
    provenance: str = OFFICIAL  # FAN_TRANSCRIPTION for a card known only from a fan transcription


class Builder:
    """Reads the sources and assembles the drafts; ``cards()`` gives the final Card list."""

    def __init__(self, source: Path) -> None:
        self.source = source
        cards_dir = source / "cards"
        self.types = TypeTable(self._json(cards_dir / "ether_card_type.json"))
        self.opencard: dict[str, list[str]] = self._json(cards_dir / "opencard_cardnames.json")
        self.setlists: list[dict[str, Any]] = self._json(cards_dir / "ether_setlists_2026.json")
        self.records: dict[str, EtherRecord] = {}
        for file in ("ether_allcards_2025-12-17.json", "ether_carddata_tail_2026.json"):
            for data in self._json(cards_dir / file):
                self.records.setdefault(data["name"], parse_ether(data, file))
        regulation = yaml.safe_load((source.parent / "spec" / "regulation-research.yaml").read_text(encoding="utf-8"))
        self.unlimited = {name_key(n) for n in regulation.get("unlimited_copies", [])}
        self.battle_zone = {name_key(n) for n in regulation.get("starts_in_battle_zone", [])}
        self.spellings = Spellings()
        for name, ids in self.opencard.items():
            if name.strip():
                self.spellings.add_official(name, len(ids))
        for entry in self.setlist_entries():
            self.spellings.add_setlist(entry["name"])
        self.drafts: dict[str, Draft] = {}
        self.english_rows: Counter[tuple[str, str]] = Counter()  # (English key, card) → rows joining them
        self.english_majority: list[str] = []  # English names kept on one of several cards by majority
        self.by_key: dict[str, list[Draft]] = defaultdict(list)  # name/alias keys → drafts
        self.side_key: dict[str, list[Draft]] = defaultdict(list)  # multi-side face keys → drafts

    @staticmethod
    def _json(path: Path) -> Any:
        return json.loads(path.read_text(encoding="utf-8"))

    def setlist_entries(self) -> Iterable[dict[str, Any]]:
        for product in self.setlists:
            for entry in product["setcardlist"]:
                if entry.get("name", "").strip():
                    yield {**entry, "setcode": product["setcode"]}

    # -- faces

    def face(self, name: str, raw: RawFace) -> Face:
        """A side's facts. A spell has no power: Ether copies the creature side's onto some spell sides."""
        type_name = self.types.type_name(raw.type_codes)
        power = None if type_name.endswith("呪文") else number(raw.power)
        return Face(name=name, type=type_name, civilizations=civilizations(raw.civil),
                    cost=number(raw.cost), power=power, races=raw.races)

    def official_name(self, ether_name: str) -> str:
        return self.spellings.best(name_key(ether_name), ether_name)

    # -- assembling

    def build(self) -> None:
        grouped: set[str] = set()
        official = set(self.opencard)
        for group in side_groups(self.records):
            grouped.update(group)
            for front, others in split_fronts(group, self.records, official):
                self.add_multi_side(front, others)
        for name in sorted(self.records):
            if name not in grouped:
                self.add_single_or_twinpact(self.records[name])
        self.add_known_names_without_data()
        self.add_facts_lines()
        self.add_transcribed_cards()
        self.add_added_cards()
        self.add_ids_from_setlists()
        self.merge_split_records()
        self.add_alias_cards()
        self.merge_duplicates()
        self.add_english()

    def register(self, draft: Draft) -> None:
        if draft.name in self.drafts:  # two Ether records with one official spelling: keep the first
            self.drafts[draft.name].aliases |= draft.aliases | {s for s in draft.key_spellings if s != draft.name}
            self.drafts[draft.name].ids |= draft.ids
            return
        self.drafts[draft.name] = draft
        for spelling in {draft.name, *draft.key_spellings, *draft.aliases}:
            key = name_key(spelling)
            if draft not in self.by_key[key]:
                self.by_key[key].append(draft)

    def add_single_or_twinpact(self, record: EtherRecord) -> None:
        official = self.official_name(record.name)
        if record.twinpact and len(record.faces) == 2:
            creature_first = sorted(range(2), key=lambda i: "クリーチャー" not in self.types.type_name(record.faces[i].type_codes))
            sides = twinpact_sides(official, record.name)
            faces = [self.face(sides[i], record.faces[i]) for i in creature_first]
            name = f"{faces[0].name}／{faces[1].name}"
            layout = "twinpact"
            ids = {TWINPACT_IMAGE_SIDE.sub(r"\1", i) for i in record.image_ids}
        else:
            faces = [self.face(official, raw) for raw in record.faces[:1]]
            name, layout, ids = official, "single", set(record.image_ids)
        zone = self.zone_of(name, [f for f in record.faces[:1]])
        spellings = {record.name, official, *self.spellings.all_for(name_key(record.name))}
        self.register(Draft(name, faces, layout, zone, key_spellings=spellings, ids=ids,
                            rules_text=record.rules_text, complete=bool(faces), source=record.source))

    def add_multi_side(self, front: str, others: list[str]) -> None:
        sides = [front, *others]
        faces = [self.face(self.official_name(n), raw) for n in sides for raw in self.records[n].faces[:1]]
        name = self.official_name(front)
        zone = self.zone_of(name, [f for n in sides for f in self.records[n].faces[:1]], extra_names=others)
        draft = Draft(name, faces, "multi_side", zone,
                      key_spellings={front, name, *self.spellings.all_for(name_key(front))},
                      ids=set(self.records[front].image_ids), rules_text=self.records[front].rules_text,
                      complete=bool(faces), source=self.records[front].source)
        self.register(draft)
        for other in others:
            for spelling in {other, self.official_name(other), *self.spellings.all_for(name_key(other))}:
                self.side_key[name_key(spelling)].append(draft)

    def zone_of(self, name: str, faces: list[RawFace], extra_names: Iterable[str] = ()) -> str:
        """The regulation's battle-zone list wins; otherwise the first side's type location."""
        if any(name_key(n) in self.battle_zone for n in (name, *extra_names)):
            return "starts_in_battle_zone"
        return self.types.zone(faces[0].type_codes) if faces else "main"

    def add_known_names_without_data(self) -> None:
        """Names from opencard / the set lists that no Ether record covers: incomplete cards."""
        keys = set(self.spellings.official) | set(self.spellings.setlist)
        for key in sorted(keys):
            if not key or key in self.by_key or key in self.side_key:
                continue
            name = self.spellings.best(key, "")
            known = self.by_key.get(name_key(LONG_VOWEL_AS_WAVE_DASH.sub(r"～\1～", name)))
            if known and len(known) == 1:  # 《禁断 ー封印されしXー》 is 《禁断 ～封印されしX～》 spelt with ー
                known[0].aliases |= {name}
                for spelling in self.spellings.all_for(key):
                    self.by_key[key].append(known[0])
                    known[0].aliases |= {spelling} - {known[0].name}
                continue
            if TWINPACT_SPLIT.search(name) and not name.startswith("*"):
                parts = TWINPACT_SPLIT.split(name)
                if len(parts) == 2:
                    name = "／".join(parts)
            where = "opencard_cardnames.json" if key in self.spellings.official else "ether_setlists_2026.json"
            self.register(Draft(name, [], "single", "main", key_spellings=set(self.spellings.all_for(key)),
                                ids=set(), complete=False, source=where))

    def add_facts_lines(self) -> None:
        """Faces for the name-only cards, then DM26-RP3 (new cards, and new ids of known ones).

        A line fills a card that has no faces yet; a card that has faces keeps them (the Ether
        facts are Japanese, and they win over a line translated from English set data)."""
        cards_dir = self.source / "cards"
        self.dropped_values: list[str] = []
        self.facts_not_used: list[str] = []
        for file in ("facts_for_name_only_cards.jsonl", "dm26rp3_new_cards.jsonl"):
            for data in extra_facts.read_lines(cards_dir / file):
                line = extra_facts.read_facts(data, file, self.zone_of_type)
                if line is None:
                    continue
                self.dropped_values += line.dropped
                self.fill(line)
        for data in extra_facts.read_lines(cards_dir / "dm26rp3_reprint_ids.jsonl"):
            draft = self.card_for(data.get("_pool_name") or data["name"])
            if draft is None:
                raise SystemExit(f"dm26rp3_reprint_ids.jsonl: {data['name']!r} is not one pool card")
            draft.ids |= set(data.get("ids") or ())

    def add_transcribed_cards(self) -> None:
        """DM26-EX4 from a fan-wiki transcription without official ids (TRANSCRIBED): every card
        it names and the pool does not know, marked FAN_TRANSCRIPTION.

        A name the pool knows keeps the pool's facts (official data). A line whose every face has
        civilizations gives a complete card; a face whose civilizations are unknown (null), or a
        line without faces, gives an incomplete card with no faces: civilizations are never
        guessed. The two lines of a psychic pair (numbers 16a and 16b) are one multi-sided card."""
        lines = extra_facts.read_lines(self.source / "cards" / TRANSCRIBED)
        backs = {TRANSCRIBED_BACK.sub("", d["number"]): d for d in lines if TRANSCRIBED_BACK.search(d["number"])}
        self.transcribed: Counter[str] = Counter()
        for data in lines:
            if TRANSCRIBED_BACK.search(data["number"]):
                continue
            front = TRANSCRIBED_FRONT.sub("", data["number"])
            if front != data["number"] and front in backs and data.get("faces") and backs[front].get("faces"):
                data = {**data, "faces": data["faces"] + backs[front]["faces"]}
            if self.card_for(data["name"]) is not None:
                self.transcribed["already in the pool"] += 1
                continue
            source = f"{TRANSCRIBED}: {data.get('source', '').strip()} ({data['number']})"
            faces = data.get("faces") or []
            known = bool(faces) and all(isinstance(f.get("civilizations"), list) for f in faces)
            line = extra_facts.read_facts(data, TRANSCRIBED, self.zone_of_type) if known else None
            if line is None:
                zone = self.zone_of_type(str(faces[0].get("type") or "")) if faces else "main"
                name = data["name"].strip()
                self.register(Draft(name, [], "single", zone, key_spellings={name}, complete=False, source=source,
                                    provenance=FAN_TRANSCRIPTION))
                self.transcribed["incomplete: civilizations unknown" if faces else "incomplete: name only"] += 1
                continue
            self.dropped_values += line.dropped
            self.register(Draft(line.name, line.faces, line.layout, self.line_zone(line), key_spellings={line.name},
                                complete=True, source=source, provenance=FAN_TRANSCRIPTION))
            self.transcribed["complete"] += 1
            draft = self.drafts[line.name]
            for face in line.faces[1:] if line.layout == "multi_side" else ():
                self.side_key[name_key(face.name)].append(draft)

    def zone_of_type(self, type_name: str) -> str:
        return extra_facts.zone_of_type_name(type_name, self.type_zones)

    @cached_property
    def type_zones(self) -> dict[str, str]:
        return extra_facts.zone_table(self.types.rows, LOCATION_ZONE)

    def fill(self, line: extra_facts.FactsLine) -> None:
        found = {id(d): d for d in self.by_key.get(name_key(line.name), [])}
        drafts = list(found.values())
        zone = self.line_zone(line)
        if not drafts:
            name = line.name
            spellings = {name, *self.spellings.all_for(name_key(name))}
            self.register(Draft(name, line.faces, line.layout, zone, key_spellings=spellings, ids=set(line.ids),
                                complete=True, source=line.source))
            draft = self.drafts[name]
        elif len(drafts) == 1:
            draft = drafts[0]
            draft.ids |= set(line.ids)
            if draft.complete:
                self.facts_not_used.append(f"{line.name}: {draft.name} has faces already")
                return
            draft.faces, draft.layout, draft.zone = line.faces, line.layout, zone
            draft.complete, draft.source = True, line.source
            if line.layout == "twinpact" and draft.name != line.name:
                draft.aliases.add(draft.name)
                del self.drafts[draft.name]
                draft.name = line.name
                self.drafts[draft.name] = draft
                self.by_key[name_key(line.name)].append(draft)
        else:
            raise SystemExit(f"facts line {line.name!r} names {len(drafts)} pool cards")
        for english in line.english:
            self.add_english_name(draft.name, english)

    def line_zone(self, line: extra_facts.FactsLine) -> str:
        """The regulation's battle-zone list wins; else the zone of the first side's type."""
        names = [line.name, *(f.name for f in line.faces)]
        if any(name_key(n) in self.battle_zone for n in names):
            return "starts_in_battle_zone"
        return self.zone_of_type(line.faces[0].type)

    # -- one record per card

    def add_added_cards(self) -> None:
        """Cards in none of the raw files (card_checks.ADDED_CARDS), each with its source."""
        for card, source in card_checks.ADDED_CARDS:
            if name_key(card.name) in self.by_key:
                raise SystemExit(f"added card {card.name!r} is in the sources now: drop it from card_checks.ADDED_CARDS")
            zone = "starts_in_battle_zone" if name_key(card.name) in self.battle_zone else self.zone_of_type(card.faces[0].type)
            self.register(Draft(card.name, list(card.faces), card.layout, zone, key_spellings={card.name},
                                ids=set(card.ids), complete=True, source=source))

    def merge(self, drafts: list[Draft], name: str) -> Draft:
        """Make several records one card named ``name``: the faces of a Japanese (Ether) record
        win, every name becomes an alias, ids and English names are joined."""
        owner = next((d for d in drafts if d.source.startswith("ether")), None) or next(
            (d for d in drafts if d.complete), drafts[0])
        for other in drafts:
            if other is owner:
                continue
            owner.ids |= other.ids
            owner.aliases |= {other.name} | other.aliases | other.key_spellings
            owner.english |= other.english
            owner.rules_text += other.rules_text
            del self.drafts[other.name]
            for table in (self.by_key, self.side_key):
                for key, found in table.items():
                    if any(d is other for d in found):
                        replaced = {id(d): d for d in (owner if d is other else d for d in found)}
                        table[key] = list(replaced.values())
        if owner.name != name:
            owner.aliases.add(owner.name)
            del self.drafts[owner.name]
            owner.name = name
            self.drafts[name] = owner
            if owner.faces and owner.layout != "twinpact":
                owner.faces[0] = owner.faces[0]._replace(name=name)
            if not any(d is owner for d in self.by_key[name_key(name)]):
                self.by_key[name_key(name)].append(owner)
        owner.aliases.discard(name)
        return owner

    def merge_split_records(self) -> None:
        """The split records known by name (card_checks.MERGES)."""
        self.merged: list[str] = []
        for name, names, why in card_checks.MERGES:
            found = [self.drafts[n] for n in names if n in self.drafts]
            if len(found) != len(names):
                raise SystemExit(f"merge {name!r}: records {sorted(set(names) - set(self.drafts))} are gone; update card_checks.MERGES")
            self.merge(found, name)
            self.merged.append(f"{name} ← {', '.join(n for n in names if n != name)} ({why})")

    def add_alias_cards(self) -> None:
        """Alias cards (別名) become spellings of their base card: typing either name gives the
        base card, both in one deck are two copies of one name, 殿堂 status follows the base."""
        pairs: list[tuple[str, str, str, str]] = []  # (printed name, short alias name, base, source)
        for name in sorted(self.opencard):
            match = card_checks.BRACKETED_BASE.match(name)
            if match:
                pairs.append((name, match["alias"], match["base"],
                              "opencard_cardnames.json: 'NAME [BASE]', the same ids listed under BASE in ether_setlists_2026.json"))
        pairs += [(alias, alias, base, source) for alias, base, source in card_checks.ALIAS_PAIRS]
        self.alias_pairs: list[dict[str, str]] = []
        for printed, short, base, source in pairs:
            target = self.card_for(base)
            if target is None:
                raise SystemExit(f"alias {printed!r}: its base card {base!r} is not one pool card")
            records = list({id(d): d for d in self.by_key.get(name_key(printed), []) if d is not target}.values())
            for record in records:
                if record.faces and target.faces and record.faces[0][1:4] != target.faces[0][1:4]:  # type, colours, cost
                    raise SystemExit(f"alias {printed!r}: its facts differ from {target.name!r}")
                if source.startswith("opencard") and not all(self.listed_as(i, base) for i in record.ids):
                    raise SystemExit(f"alias {printed!r}: the set list does not list {sorted(record.ids)} as {base!r}")
                self.merge([target, record], target.name)
            target.aliases.add(printed)
            if not any(d is target for d in self.by_key.get(name_key(printed), [])):
                self.by_key[name_key(printed)].append(target)
            if short != printed and name_key(short) not in self.by_key:
                target.aliases.add(short)
                self.by_key[name_key(short)].append(target)
            self.alias_pairs.append({"alias": printed, "card": target.name, "source": source})

    def listed_as(self, card_id: str, name: str) -> bool:
        """Whether the set list prints ``name`` at the set and number of an official id (dmart10-001 → ART10 1/6)."""
        match = re.match(r"^([a-z]+)(\d+)-0*(\d+)$", card_id)
        if not match:
            return False
        printed = self.printed_numbers().get((f"{match[1].upper()}-{match[2]}", match[3]))
        return printed is not None and name_key(printed) == name_key(name)

    def merge_duplicates(self) -> None:
        """Run the duplicate finder; merge the pairs that are plainly one card (same faces, and a
        shared id or one record with no id at all: a second spelling of a printed card), accept
        the pairs known to be different cards, and fail the build on any other pair."""
        self.auto_merged: list[str] = []
        different = {tuple(sorted((a, b))) for a, b, _ in card_checks.DIFFERENT_CARDS}
        left = []
        for a, b, why in card_checks.find_duplicates([self.finish(d) for d in self.drafts.values()]):
            if (a, b) in different:
                continue
            first, second = self.drafts.get(a), self.drafts.get(b)
            if first is None or second is None:
                continue  # merged with a third record in this pass
            if "official id" in why or not first.ids or not second.ids:
                name = self.preferred_name(first, second)
                self.merge([first, second], name)
                self.auto_merged.append(f"{name} ← {b if name == a else a} ({why})")
            else:
                left.append(f"{a} | {b}: {why}")
        if left:
            raise SystemExit("records that look like one card (list them in tools/card_checks.py MERGES or "
                             "DIFFERENT_CARDS):\n  " + "\n  ".join(left))

    def preferred_name(self, *drafts: Draft) -> str:
        """The official (opencard) spelling, else the record with the most ids; never an escaped one."""
        return min(drafts, key=lambda d: ("\\" in d.name, d.name not in self.opencard, -len(d.ids),
                                          not d.source.startswith("ether"), d.name)).name

    def card_for(self, spelling: str) -> Draft | None:
        """The one draft a spelling names (its own name first, else a side of one multi-side card)."""
        key = name_key(spelling)
        found = self.by_key.get(key) or self.side_key.get(key) or []
        unique = {id(d): d for d in found}
        return next(iter(unique.values())) if len(unique) == 1 else None

    def add_ids_from_setlists(self) -> None:
        for name, ids in self.opencard.items():
            draft = self.card_for(name) if name.strip() else None
            if draft:
                draft.ids |= set(ids)
        for entry in self.setlist_entries():
            draft = self.card_for(entry["name"])
            if draft:
                found = image_ids(entry.get("pic"))
                if draft.layout == "twinpact":
                    found = [TWINPACT_IMAGE_SIDE.sub(r"\1", i) for i in found]
                draft.ids |= set(found)

    def add_english(self) -> None:
        cards_dir = self.source / "cards"
        for ja, en in self._json(cards_dir / "ether_englishname.json").items():
            if plausible_english(en):
                self.add_english_name(ja, en)
        for row in self._json(cards_dir / "otwsia_fandom_ja_en_2022-2024.json"):
            self.add_english_name(row.get("name_ja", ""), row.get("name_en", ""))
        by_id = self.drafts_by_id()
        for card_id, name, civilization, cost in english_join.octgn_names(cards_dir / "octgn_ocg_and_tcg_cards.tsv"):
            draft = by_id.get(card_checks.base_id(card_id).lower())
            if draft is not None and english_join.fits(draft.faces, civilization, cost):
                self.add_english_to(draft, name)
        printed = self.printed_numbers()
        with (cards_dir / "en_ocg_fandom_Ravenite_All_Cards.csv").open(encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                ja = printed.get((row["Set"].strip(), row["SetNum"].strip().lower()))
                draft = self.card_for(ja) if ja else None
                if draft is None:  # sets the set lists do not have (DM-09…DM-35, DMC): the official id
                    card_id = english_join.ravenite_id(row["Set"], row["SetNum"])
                    draft = by_id.get(card_id) if card_id else None
                if draft and csv_row_fits(row, draft):
                    self.add_english_to(draft, row["CardName"])
        self.add_english_by_facts(cards_dir, by_id)
        self.add_english_tcg(cards_dir)
        self.drop_ambiguous_english()
        for draft in self.drafts.values():  # 'Überdragon Bajula' is typed 'Uberdragon Bajula' too
            draft.english |= {english_join.ascii_folded(e) for e in draft.english}
        known = {english_join.loose_english(e) for d in self.drafts.values() for e in d.english}
        self.english_tcg_only = [n for n in english_join.tcg_only(english_join.octgn_rows(cards_dir / "octgn_ocg_and_tcg_cards.tsv"))
                                 if english_join.loose_english(n) not in known]

    def drafts_by_id(self) -> dict[str, Draft]:
        """Official id (side suffix dropped, lower case) → the one card carrying it."""
        found: dict[str, list[Draft]] = defaultdict(list)
        for draft in self.drafts.values():
            for card_id in {card_checks.base_id(i).lower() for i in draft.ids}:
                found[card_id].append(draft)
        return {card_id: drafts[0] for card_id, drafts in found.items() if len(drafts) == 1}

    def add_english_by_facts(self, cards_dir: Path, by_id: dict[str, Draft]) -> None:
        """English names of the set-file rows without an official id (the English TCG's own
        numbering, promos): each name no join gave goes to the one card whose type,
        civilizations, cost, power and races fit (english_join.join_by_facts)."""
        path = cards_dir / "octgn_ocg_and_tcg_cards.tsv"

        def type_of_id(card_id: str) -> str | None:
            draft = by_id.get(card_checks.base_id(card_id).lower())
            return draft.faces[0].type if draft and draft.faces and draft.layout != "twinpact" else None

        types = english_join.learned_types(path, type_of_id) | {"Spell": "呪文"}
        races = {r["eng"].casefold(): r["jap"] for r in self._json(cards_dir / "ether_races.json") if r.get("eng")}
        known = {english_join.loose_english(e) for d in self.drafts.values() for e in d.english}
        cards = {d.name: (d.layout, d.faces, d.ids, d.english) for d in self.drafts.values() if d.complete and d.faces}
        nameless = [d.name for d in self.drafts.values() if not d.complete and d.provenance == OFFICIAL]  # old promos
        joined, self.english_facts_apart = english_join.join_by_facts(
            english_join.octgn_rows(path), cards, types, races, lambda n: english_join.loose_english(n) in known,
            nameless)
        self.english_facts_joined = joined
        for english, card_name in joined:
            self.add_english_to(self.drafts[card_name], english)

    def add_english_tcg(self, cards_dir: Path) -> None:
        """English TCG names: a name that another join put on a card whose facts differ from the
        English card's is taken off it (the TCG card list is the word on its own cards), then the
        names no join gave go to the one Japanese card whose facts fit."""
        races = {r["eng"].casefold(): r["jap"] for r in self._json(cards_dir / "ether_races.json") if r.get("eng")}
        tcg = english_join.tcg_cards(cards_dir / "en_tcg_latepate64_DuelMastersCards.json")
        facts = {english_join.loose_english(english_join.repaired(c["name"])): c for c in tcg}
        self.english_tcg_dropped: list[str] = []
        for draft in self.drafts.values():
            for english in sorted(draft.english):
                card = facts.get(english_join.loose_english(english))
                civilizations = "/".join(card["civilizations"]) if card else ""
                spell = card is not None and card.get("type") == "Spell"
                if card and (not english_join.fits(draft.faces, civilizations, str(card["cost"]))
                             or spell != any(f.type == "呪文" for f in draft.faces)):
                    draft.english.discard(english)
                    self.english_tcg_dropped.append(f"{english} ✗ {draft.name}")
        known = {english_join.loose_english(e) for d in self.drafts.values() for e in d.english}
        by_id = self.drafts_by_id()
        self.english_tcg_by_number = english_join.join_tcg_by_number(
            tcg, lambda i: (lambda d: (d.name, d.faces) if d and d.complete and d.layout == "single" else None)(by_id.get(i)),
            lambda n: english_join.loose_english(n) in known)
        for english, card_name in self.english_tcg_by_number:
            self.add_english_to(self.drafts[card_name], english)
            known.add(english_join.loose_english(english))
        pool = {d.name: (d.faces, d.ids) for d in self.drafts.values() if d.complete and d.faces and d.layout == "single"}
        named = {d.name for d in self.drafts.values() if any(english_join.loose_english(e) in facts for e in d.english)}
        joined, self.english_tcg_left = english_join.join_tcg(tcg, pool, races, lambda n: english_join.loose_english(n) in known,
                                                              named)
        self.english_tcg_joined = joined
        for english, card_name in joined:
            self.add_english_to(self.drafts[card_name], english)

    def drop_ambiguous_english(self) -> None:
        """An English name joined to several cards is wrong on at least one of them (the set +
        number join and the Ether list both misplace some). It stays on the card that at least
        two joins (source rows) gave it and that has more of them than any other card; with no
        such majority it is kept on none, so `card` never shows a guess and a typed English name
        is not resolved to the wrong card."""
        holders: dict[str, Counter[str]] = defaultdict(Counter)
        for (key, card_name), rows in self.english_rows.items():
            holders[key][card_name] = rows
        self.english_majority = []
        for draft in self.drafts.values():
            kept = set()
            for english in draft.english:
                votes = holders[english_join.loose_english(english)]
                if len(votes) == 1:
                    kept.add(english)
                    continue
                (top, top_rows), (_, second_rows) = votes.most_common(2)
                if top == draft.name and top_rows >= 2 and top_rows > second_rows:
                    kept.add(english)
                    self.english_majority.append(f"{english} → {draft.name}")
            draft.english = kept

    def printed_numbers(self) -> dict[tuple[str, str], str]:
        """(set code, printed number) → Japanese name, for joining the English CSV; ambiguous pairs dropped."""
        table: dict[tuple[str, str], set[str]] = defaultdict(set)
        for entry in self.setlist_entries():
            for printed in as_list(entry.get("id")):
                number_part = str(printed).split("/")[0].split()[-1] if str(printed).strip() else ""
                if number_part:
                    table[(entry["setcode"], number_part.lower())].add(entry["name"])
        return {k: next(iter(v)) for k, v in table.items() if len(v) == 1}

    def add_english_name(self, ja: str, en: str) -> None:
        draft = self.card_for(ja) if ja.strip() and en.strip() else None
        if draft:
            self.add_english_to(draft, en)

    def add_english_to(self, draft: Draft, en: str) -> None:
        if re.search(r"%[0-9A-Fa-f]{2}", en):  # a wiki page name: 'Madan %3D Row' is 'Madan = Row'
            en = urllib.parse.unquote(en)
        en = " ".join(en.split())
        if en:
            draft.english.add(en)
            self.english_rows[(english_join.loose_english(en), draft.name)] += 1

    # -- output

    def cards(self) -> list[Card]:
        return [self.finish(d) for d in sorted(self.drafts.values(), key=lambda d: d.name)]

    def finish(self, draft: Draft) -> Card:
        aliases = {s for s in draft.key_spellings | draft.aliases if s.strip() and s != draft.name}
        key = name_key(draft.name)
        exceeds = key in self.unlimited or any(MORE_THAN_FOUR.search(t) for t in draft.rules_text)
        card = Card(name=draft.name, faces=tuple(draft.faces), layout=draft.layout, zone=draft.zone,
                    may_exceed_four=exceeds, aliases=tuple(sorted(aliases)),
                    english=tuple(sorted(draft.english)), ids=tuple(sorted(draft.ids)), complete=draft.complete,
                    source=draft.source, provenance=draft.provenance)
        return card.replace(partner_eligible=card.partner_problem(5) is None)


TRANSCRIBED = "dm26ex4_cards.jsonl"
TRANSCRIBED_FRONT = re.compile(r"(?<=\d)a(?=/)")  # 'DM26EX4 16a/99': the front of a psychic pair
TRANSCRIBED_BACK = re.compile(r"(?<=\d)b(?=/)")  # 'DM26EX4 16b/99': its back


ENGLISH_CIVILIZATIONS = {"Light": "光", "Water": "水", "Darkness": "闇", "Fire": "火", "Nature": "自然", "Colorless": None}


def csv_row_fits(row: dict[str, str], draft: Draft) -> bool:
    """Whether an English CSV row joined by set and number describes this card: the
    civilizations of the card or of one of its faces, and a cost one of its faces has. The set + number join misplaces some rows
    (e.g. a DMRP-21 row of ブルース・ガー landed on 応援妖精エール); a card with no data is
    taken on trust."""
    if not draft.complete or not draft.faces:
        return True
    words = [w.strip() for w in row.get("Civilization", "").split("/") if w.strip()]
    if not words or any(w not in ENGLISH_CIVILIZATIONS for w in words):
        return True  # a row that says nothing checkable
    civilizations = {ENGLISH_CIVILIZATIONS[w] for w in words} - {None}
    whole = {c for face in draft.faces for c in face.civilizations}  # a twinpact row names both sides
    if civilizations != whole and all(civilizations != set(face.civilizations) for face in draft.faces):
        return False
    cost = row.get("Mana", "").strip()
    return not cost.isdigit() or any(face.cost == int(cost) for face in draft.faces if isinstance(face.cost, int))


PRODUCT_NAME = re.compile(r"^DM[A-Z]*\d*-[A-Z]*\d+ ")  # a set's code and title, not a card's name


def plausible_english(text: str) -> bool:
    """The Ether English table has a few rules snippets in it; keep only name-like values."""
    text = text.strip()
    return (bool(text) and "Rulings" not in text and not text.startswith(("Chooses", "When ", "This ")) and len(text) < 120
            and not PRODUCT_NAME.match(text))  # 'DM24-SP1 Character Premium Deck: …' is given for T・T・T


def header(builder: Builder | None = None) -> dict[str, Any]:
    dates = [s["date"] for s in SOURCES if s["file"].startswith("cards/") and re.match(r"\d{4}-\d{2}", s["date"])]
    head: dict[str, Any] = {"sources": SOURCES, "built_from": "shared/data/cards (raw files) by tools/build_card_data.py",
                            "data_date": max(dates)}
    if builder is not None:
        head["alias_cards"] = builder.alias_pairs
        head["added_cards"] = [{"card": card.name, "source": source} for card, source in card_checks.ADDED_CARDS]
        # Printed only in the English TCG: a deck naming one gets DP103, not DP100 (no card of the pool).
        head["english_tcg_only"] = builder.english_tcg_only
    return head


# ---------------------------------------------------------------- report


def report(builder: Builder, cards: list[Card]) -> str:
    """Counts worth knowing after a build (printed with --report)."""
    lines = [f"cards: {len(cards)}  complete: {sum(c.complete for c in cards)}  incomplete: {sum(not c.complete for c in cards)}"]
    lines.append("layouts: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(c.layout for c in cards).items())))
    lines.append("zones: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(c.zone for c in cards).items())))
    lines.append(f"partner eligible: {sum(c.partner_eligible for c in cards)}")
    lines.append(f"{TRANSCRIBED} (fan transcription): " + ", ".join(f"{k} {v}" for k, v in sorted(builder.transcribed.items())))
    complete = sum(c.complete for c in cards)
    lines.append(f"facts coverage: {complete} of {len(cards)} cards ({100 * complete / len(cards):.2f} %)")
    lines.append(f"English names: {sum(len(c.english) for c in cards)}; kept by a majority of joins that disagree: "
                 + "; ".join(sorted(builder.english_majority)))
    apart = builder.english_facts_apart
    lines.append(f"English set-file rows without an id: joined by facts {len(builder.english_facts_joined)}, stayed apart "
                 f"{sum(map(len, apart.values()))} (" + ", ".join(f"{why} {len(names)}" for why, names in apart.items()) + ")")
    lines.append(f"English TCG only (DP103): {len(builder.english_tcg_only)}: " + ", ".join(builder.english_tcg_only))
    lines.append(f"English TCG: joined by set and number {len(builder.english_tcg_by_number)} ("
                 + ", ".join(f"{e} → {c}" for e, c in builder.english_tcg_by_number) + f"), joined by facts {len(builder.english_tcg_joined)}, names taken off a card whose facts "
                 f"differ {len(builder.english_tcg_dropped)}, left {len(builder.english_tcg_left)}: "
                 + ", ".join(builder.english_tcg_left))
    lines.append("merged split records: " + "; ".join(builder.merged + builder.auto_merged))
    lines.append("alias cards: " + "; ".join(f"{p['alias']} = {p['card']}" for p in builder.alias_pairs))
    lines.append("may exceed four: " + ", ".join(c.name for c in cards if c.may_exceed_four))
    found_by_text = sorted({d.name for d in builder.drafts.values() if any(MORE_THAN_FOUR.search(t) for t in d.rules_text)})
    lines.append("  found by text: " + ", ".join(found_by_text))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=default_shared() / "data")
    parser.add_argument("--out", type=Path, default=REPO / "card_data")
    parser.add_argument("--report", action="store_true", help="print counts after building")
    args = parser.parse_args(argv)
    require("build_card_data", args.source, "cards")
    builder = Builder(args.source)
    builder.build()
    cards = builder.cards()
    left = card_checks.unexplained(card_checks.find_duplicates(cards))
    if left:
        raise SystemExit(f"duplicate finder: {left}")
    write_card_data(cards, header(builder), args.out)
    if args.report:
        print(report(builder, cards))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
