"""The official records: cards from the Ether records named with the official spellings
(opencard, the set lists), names known without facts, the added cards, and the ids."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import card_checks

from duepa_check.data.cards import SIDE_SLASH, Face
from duepa_check.data.names import name_key

from .draft import Draft
from .records import TWINPACT_IMAGE_SIDE, EtherRecord, RawFace, as_list, civilizations, image_ids, number
from .spellings import LONG_VOWEL_AS_WAVE_DASH, twinpact_sides


class OfficialRecords:
    """The builder's part that reads the official records (mixed into ``Builder``)."""

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
        return Face(
            name=name,
            type=type_name,
            civilizations=civilizations(raw.civil),
            cost=number(raw.cost),
            power=power,
            races=raw.races,
        )

    def official_name(self, ether_name: str) -> str:
        return self.spellings.best(name_key(ether_name), ether_name)

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
            creature_first = sorted(
                range(2), key=lambda i: "クリーチャー" not in self.types.type_name(record.faces[i].type_codes)
            )
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
        self.register(
            Draft(
                name,
                faces,
                layout,
                zone,
                key_spellings=spellings,
                ids=ids,
                rules_text=record.rules_text,
                complete=bool(faces),
                source=record.source,
            )
        )

    def add_multi_side(self, front: str, others: list[str]) -> None:
        sides = [front, *others]
        faces = [self.face(self.official_name(n), raw) for n in sides for raw in self.records[n].faces[:1]]
        name = self.official_name(front)
        zone = self.zone_of(name, [f for n in sides for f in self.records[n].faces[:1]], extra_names=others)
        draft = Draft(
            name,
            faces,
            "multi_side",
            zone,
            key_spellings={front, name, *self.spellings.all_for(name_key(front))},
            ids=set(self.records[front].image_ids),
            rules_text=self.records[front].rules_text,
            complete=bool(faces),
            source=self.records[front].source,
        )
        self.register(draft)
        for other in others:
            for spelling in {other, self.official_name(other), *self.spellings.all_for(name_key(other))}:
                self.side_key[name_key(spelling)].append(draft)

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
            if SIDE_SLASH.search(name) and not name.startswith("*"):
                parts = SIDE_SLASH.split(name)
                if len(parts) == 2:
                    name = "／".join(parts)
            where = "opencard_cardnames.json" if key in self.spellings.official else "ether_setlists_2026.json"
            self.register(
                Draft(
                    name,
                    [],
                    "single",
                    "main",
                    key_spellings=set(self.spellings.all_for(key)),
                    ids=set(),
                    complete=False,
                    source=where,
                )
            )

    def add_added_cards(self) -> None:
        """Cards in none of the raw files (card_checks.ADDED_CARDS), each with its source."""
        for card, source in card_checks.ADDED_CARDS:
            if name_key(card.name) in self.by_key:
                raise SystemExit(
                    f"added card {card.name!r} is in the sources now: drop it from card_checks.ADDED_CARDS"
                )
            zone = (
                "starts_in_battle_zone"
                if name_key(card.name) in self.battle_zone
                else self.zone_of_type(card.faces[0].type)
            )
            self.register(
                Draft(
                    card.name,
                    list(card.faces),
                    card.layout,
                    zone,
                    key_spellings={card.name},
                    ids=set(card.ids),
                    complete=True,
                    source=source,
                )
            )

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

    def printed_numbers(self) -> dict[tuple[str, str], str]:
        """(set code, printed number) → Japanese name, for joining the English CSV; ambiguous pairs dropped."""
        table: dict[tuple[str, str], set[str]] = defaultdict(set)
        for entry in self.setlist_entries():
            for printed in as_list(entry.get("id")):
                number_part = str(printed).split("/")[0].split()[-1] if str(printed).strip() else ""
                if number_part:
                    table[(entry["setcode"], number_part.lower())].add(entry["name"])
        return {k: next(iter(v)) for k, v in table.items() if len(v) == 1}

    def listed_as(self, card_id: str, name: str) -> bool:
        """Whether the set list prints ``name`` at the set and number of an official id (dmart10-001 → ART10 1/6)."""
        match = re.match(r"^([a-z]+)(\d+)-0*(\d+)$", card_id)
        if not match:
            return False
        printed = self.printed_numbers().get((f"{match[1].upper()}-{match[2]}", match[3]))
        return printed is not None and name_key(printed) == name_key(name)
