"""The builder: reads every source and assembles the drafts; ``cards()`` gives the final Card list."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from duepa_check.data.cards import Card
from duepa_check.data.names import name_key

from .draft import Draft
from .english import EnglishJoin
from .facts import FactsLines
from .merging import Merging
from .official import OfficialRecords
from .other_spellings import OtherSpellings
from .records import EtherRecord, TypeTable, parse_ether
from .regulation import MORE_THAN_FOUR, RegulationZones, regulation_lists
from .spellings import Spellings, side_groups, split_fronts
from .transcription import FanTranscription


class Builder(OfficialRecords, FactsLines, FanTranscription, Merging, OtherSpellings, EnglishJoin, RegulationZones):
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
        self.unlimited, self.battle_zone = regulation_lists(source)
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
        self.add_other_spellings()
        self.add_english()

    def cards(self) -> list[Card]:
        return [self.finish(d) for d in sorted(self.drafts.values(), key=lambda d: d.name)]

    def finish(self, draft: Draft) -> Card:
        aliases = {s for s in draft.key_spellings | draft.aliases if s.strip() and s != draft.name}
        key = name_key(draft.name)
        exceeds = key in self.unlimited or any(MORE_THAN_FOUR.search(t) for t in draft.rules_text)
        card = Card(
            name=draft.name,
            faces=tuple(draft.faces),
            layout=draft.layout,
            zone=draft.zone,
            may_exceed_four=exceeds,
            aliases=tuple(sorted(aliases)),
            english=tuple(sorted(draft.english)),
            ids=tuple(sorted(draft.ids)),
            complete=draft.complete,
            source=draft.source,
            provenance=draft.provenance,
        )
        return card.replace(partner_eligible=card.partner_problem(5) is None)
