"""What is written beside the cards: the sources list and the header, and the --report counts."""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

import card_checks

from duepa_check.data.cards import Card

from .regulation import MORE_THAN_FOUR
from .transcription import TRANSCRIBED

if TYPE_CHECKING:
    from .builder import Builder

ETHER_REPO = "Ether1013/DuelMastersCardSearchTaiwan"
SOURCES: list[dict[str, str]] = [
    {
        "file": "cards/ether_allcards_2025-12-17.json",
        "what": "card stats (type, civilization, cost, power, races), names, image ids",
        "date": "2025-12-17",
        "origin": ETHER_REPO,
    },
    {
        "file": "cards/ether_carddata_tail_2026.json",
        "what": "card stats of the late-2025 and 2026 sets missing above",
        "date": "2026-08",
        "origin": ETHER_REPO,
    },
    {
        "file": "cards/ether_setlists_2026.json",
        "what": "product card lists: printed names and official image ids",
        "date": "2026-08",
        "origin": ETHER_REPO,
    },
    {
        "file": "cards/ether_card_type.json",
        "what": "type codes: Japanese type names and the zone each type lives in",
        "date": "undated",
        "origin": ETHER_REPO,
    },
    {
        "file": "cards/ether_englishname.json",
        "what": "English names (Japanese to English)",
        "date": "undated",
        "origin": ETHER_REPO,
    },
    {
        "file": "cards/opencard_cardnames.json",
        "what": "official Japanese names and official card ids",
        "date": "2024-04",
        "origin": "opencard-dm/card-database (cardnames.json)",
        "license": "MIT",
    },
    {
        "file": "cards/otwsia_fandom_ja_en_2022-2024.json",
        "what": "English names of DM22-DM24 cards",
        "date": "2022-2024 (sets covered)",
        "origin": "otwsia/Project-Duel-Masters-Web-Scraper",
    },
    {
        "file": "cards/en_ocg_fandom_Ravenite_All_Cards.csv",
        "what": "English names by set and number (joined to the set lists)",
        "date": "undated",
        "origin": "Ravenite-0/DuelMasters_Cockatrice_EN (data/All_Cards.csv)",
        "license": "MIT",
    },
    {
        "file": "cards/facts_for_name_only_cards.jsonl",
        "what": "faces of the cards the files above know by name and id only (each card keeps its line's source)",
        "date": "undated",
        "origin": "shared/data/cards (joined from pylori, t1k2a, szefo09/dm-ocg-octgn, sura, Ether)",
    },
    {
        "file": "cards/dm26rp3_new_cards.jsonl",
        "what": "DM26-RP3 new cards: faces and ids (implausible values dropped)",
        "date": "2026-09-19",
        "origin": "sura040800-arch/-duema-inventory@0426ebf (scrape of the official site)",
        "note": "released 2026-09-19 per Motokiyo-DXP/Price_DM scripts/build-dm26rp3-preview-import.mjs @9cee581 "
        "(shared/data/cards/README.md)",
    },
    {
        "file": "cards/dm26rp3_reprint_ids.jsonl",
        "what": "DM26-RP3 printings of cards already in the pool: new official ids",
        "date": "2026-09-19",
        "origin": "sura040800-arch/-duema-inventory@0426ebf (scrape of the official site)",
    },
    {
        "file": "cards/dm26ex4_cards.jsonl",
        "what": (
            "DM26-EX4 new cards: faces where known (a fan transcription: these cards say so, provenance "
            "fan_transcription)"
        ),
        "date": "2026-10-17",
        "origin": "Motokiyo-DXP/Price_DM@292363c (scripts/dm26ex4-complete.json, a fan-wiki transcription, "
        "marked unverified there)",
    },
    {
        "file": "cards/other_spellings_2026-12.tsv",
        "what": "names printings, the official site and other tools write: the DMART-26 printings (aliases with their "
        "official ids), a spelling of the official site's card list (an alias)",
        "date": "collected 2026-12-02",
        "origin": "shared/data/cards (each row names its source: Motokiyo-DXP/Price_DM, qingshui-hui/tcg-simulator)",
    },
    {
        "file": "cards/octgn_ocg_and_tcg_cards.tsv",
        "what": "English names by official id (English TCG names where the card had one)",
        "date": "undated",
        "origin": "szefo09/dm-ocg-octgn@e2407a3 (set files)",
    },
    {
        "file": "cards/en_tcg_latepate64_DuelMastersCards.json",
        "what": "the English TCG of 2004-2006: names joined to Japanese cards by facts",
        "date": "2004-2006 (cards covered)",
        "origin": "latepate64 DuelMastersCards",
    },
    {
        "file": "cards/ether_races.json",
        "what": "race names, Japanese and English (for the English TCG join)",
        "date": "undated",
        "origin": ETHER_REPO,
    },
    {
        "file": "../spec/regulation-research.yaml",
        "what": "unlimited_copies and starts_in_battle_zone name lists",
        "date": "2026-03-16",
        "origin": "duepa-check regulation research (shared/spec)",
    },
]


def header(builder: Builder | None = None) -> dict[str, Any]:
    dates = [s["date"] for s in SOURCES if s["file"].startswith("cards/") and re.match(r"\d{4}-\d{2}", s["date"])]
    head: dict[str, Any] = {
        "sources": SOURCES,
        "built_from": "shared/data/cards (raw files) by tools/build_card_data.py",
        "data_date": max(dates),
    }
    if builder is not None:
        head["alias_cards"] = builder.alias_pairs
        head["printings"] = builder.printings  # a printing under another name: alias and official id of its card
        head["other_spellings"] = builder.other_spellings
        head["added_cards"] = [{"card": card.name, "source": source} for card, source in card_checks.ADDED_CARDS]
        # Printed only in the English TCG: a deck naming one gets DP103, not DP100 (no card of the pool).
        head["english_tcg_only"] = builder.english_tcg_only
    return head


# ---------------------------------------------------------------- report


def report(builder: Builder, cards: list[Card]) -> str:
    """Counts worth knowing after a build (printed with --report)."""
    lines = [
        f"cards: {len(cards)}  complete: {sum(c.complete for c in cards)}  incomplete: "
        f"{sum(not c.complete for c in cards)}"
    ]
    lines.append("layouts: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(c.layout for c in cards).items())))
    lines.append("zones: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(c.zone for c in cards).items())))
    lines.append(f"partner eligible: {sum(c.partner_eligible for c in cards)}")
    lines.append(
        f"{TRANSCRIBED} (fan transcription): " + ", ".join(f"{k} {v}" for k, v in sorted(builder.transcribed.items()))
    )
    complete = sum(c.complete for c in cards)
    lines.append(f"facts coverage: {complete} of {len(cards)} cards ({100 * complete / len(cards):.2f} %)")
    lines.append(
        f"English names: {sum(len(c.english) for c in cards)}; kept by a majority of joins that disagree: "
        + "; ".join(sorted(builder.english_majority))
    )
    apart = builder.english_facts_apart
    lines.append(
        f"English set-file rows without an id: joined by facts {len(builder.english_facts_joined)}, stayed apart "
        f"{sum(map(len, apart.values()))} (" + ", ".join(f"{why} {len(names)}" for why, names in apart.items()) + ")"
    )
    lines.append(f"English TCG only (DP103): {len(builder.english_tcg_only)}: " + ", ".join(builder.english_tcg_only))
    lines.append(
        f"English TCG: joined by set and number {len(builder.english_tcg_by_number)} ("
        + ", ".join(f"{e} → {c}" for e, c in builder.english_tcg_by_number)
        + f"), joined by facts {len(builder.english_tcg_joined)}, names taken off a card whose facts "
        f"differ {len(builder.english_tcg_dropped)}, left {len(builder.english_tcg_left)}: "
        + ", ".join(builder.english_tcg_left)
    )
    lines.append("merged split records: " + "; ".join(builder.merged + builder.auto_merged))
    lines.append("alias cards: " + "; ".join(f"{p['alias']} = {p['card']}" for p in builder.alias_pairs))
    lines.append("may exceed four: " + ", ".join(c.name for c in cards if c.may_exceed_four))
    found_by_text = sorted(
        {d.name for d in builder.drafts.values() if any(MORE_THAN_FOUR.search(t) for t in d.rules_text)}
    )
    lines.append("  found by text: " + ", ".join(found_by_text))
    return "\n".join(lines)
