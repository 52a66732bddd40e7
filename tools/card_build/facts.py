"""The facts lines: faces for the name-only cards (joined from several repositories) and the
DM26-RP3 scrape (new cards, and new official ids of cards the pool knows)."""

from __future__ import annotations

from functools import cached_property

import extra_facts

from duepa_check.data.names import name_key

from .draft import Draft
from .records import LOCATION_ZONE


class FactsLines:
    """The builder's part that reads the facts lines (mixed into ``Builder``)."""

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
            self.register(
                Draft(
                    name,
                    line.faces,
                    line.layout,
                    zone,
                    key_spellings=spellings,
                    ids=set(line.ids),
                    complete=True,
                    source=line.source,
                )
            )
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
