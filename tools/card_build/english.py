"""The English join: English names from the Ether table, otwsia, the set files (by id, by set and
number, by facts) and the English TCG, each checked against the card's facts."""

from __future__ import annotations

import csv
import re
import urllib.parse
from collections import Counter, defaultdict
from pathlib import Path

import card_checks
import english_join
import english_names

from duepa_check.data.cards import OFFICIAL

from .draft import Draft


class EnglishJoin:
    """The builder's part that joins English names to the cards (mixed into ``Builder``)."""

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
            draft.english |= {english_names.ascii_folded(e) for e in draft.english}
        known = {english_names.loose_english(e) for d in self.drafts.values() for e in d.english}
        self.english_tcg_only = [
            n
            for n in english_join.tcg_only(english_join.octgn_rows(cards_dir / "octgn_ocg_and_tcg_cards.tsv"))
            if english_names.loose_english(n) not in known
        ]

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
        known = {english_names.loose_english(e) for d in self.drafts.values() for e in d.english}
        cards = {d.name: (d.layout, d.faces, d.ids, d.english) for d in self.drafts.values() if d.complete and d.faces}
        nameless = [d.name for d in self.drafts.values() if not d.complete and d.provenance == OFFICIAL]  # old promos
        joined, self.english_facts_apart = english_join.join_by_facts(
            english_join.octgn_rows(path),
            cards,
            types,
            races,
            lambda n: english_names.loose_english(n) in known,
            nameless,
        )
        self.english_facts_joined = joined
        for english, card_name in joined:
            self.add_english_to(self.drafts[card_name], english)

    def add_english_tcg(self, cards_dir: Path) -> None:
        """English TCG names: a name that another join put on a card whose facts differ from the
        English card's is taken off it (the TCG card list is the word on its own cards), then the
        names no join gave go to the one Japanese card whose facts fit."""
        races = {r["eng"].casefold(): r["jap"] for r in self._json(cards_dir / "ether_races.json") if r.get("eng")}
        tcg = english_join.tcg_cards(cards_dir / "en_tcg_latepate64_DuelMastersCards.json")
        facts = {english_names.loose_english(english_names.repaired(c["name"])): c for c in tcg}
        self.english_tcg_dropped: list[str] = []
        for draft in self.drafts.values():
            for english in sorted(draft.english):
                card = facts.get(english_names.loose_english(english))
                civilizations = "/".join(card["civilizations"]) if card else ""
                spell = card is not None and card.get("type") == "Spell"
                if card and (
                    not english_join.fits(draft.faces, civilizations, str(card["cost"]))
                    or spell != any(f.type == "呪文" for f in draft.faces)
                ):
                    draft.english.discard(english)
                    self.english_tcg_dropped.append(f"{english} ✗ {draft.name}")
        known = {english_names.loose_english(e) for d in self.drafts.values() for e in d.english}
        by_id = self.drafts_by_id()
        self.english_tcg_by_number = english_join.join_tcg_by_number(
            tcg,
            lambda i: (lambda d: (d.name, d.faces) if d and d.complete and d.layout == "single" else None)(
                by_id.get(i)
            ),
            lambda n: english_names.loose_english(n) in known,
        )
        for english, card_name in self.english_tcg_by_number:
            self.add_english_to(self.drafts[card_name], english)
            known.add(english_names.loose_english(english))
        pool = {
            d.name: (d.faces, d.ids) for d in self.drafts.values() if d.complete and d.faces and d.layout == "single"
        }
        named = {
            d.name for d in self.drafts.values() if any(english_names.loose_english(e) in facts for e in d.english)
        }
        joined, self.english_tcg_left = english_join.join_tcg(
            tcg, pool, races, lambda n: english_names.loose_english(n) in known, named
        )
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
                votes = holders[english_names.loose_english(english)]
                if len(votes) == 1:
                    kept.add(english)
                    continue
                (top, top_rows), (_, second_rows) = votes.most_common(2)
                if top == draft.name and top_rows >= 2 and top_rows > second_rows:
                    kept.add(english)
                    self.english_majority.append(f"{english} → {draft.name}")
            draft.english = kept

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
            self.english_rows[(english_names.loose_english(en), draft.name)] += 1


ENGLISH_CIVILIZATIONS = {**english_join.ENGLISH_CIVILIZATIONS, "Colorless": None}  # colourless: no civilization


def csv_row_fits(row: dict[str, str], draft: Draft) -> bool:
    """Whether an English CSV row joined by set and number describes this card: the
    civilizations of the card or of one of its faces, and a cost one of its faces has. The set +
    number join misplaces some rows (e.g. a DMRP-21 row of ブルース・ガー landed on 応援妖精エール);
    a card with no data is taken on trust."""
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
    return (
        bool(text)
        and "Rulings" not in text
        and not text.startswith(("Chooses", "When ", "This "))
        and len(text) < 120
        and not PRODUCT_NAME.match(text)
    )  # 'DM24-SP1 Character Premium Deck: …' is given for T・T・T
