"""Facts from the raw files that come one card per line with faces already in Japanese.

Two files have that shape: ``facts_for_name_only_cards.jsonl`` (facts for the cards the other
sources know by name and id only) and ``dm26rp3_new_cards.jsonl`` (the set DM26-RP3). This
module turns one such line into the pool's faces, layout and zone, keeping only plausible
values: the DM26-RP3 scrape read each value as "the line after its label", so an empty cell
can hold the next label's word (a spell's power reading コスト, a race reading イラストレーター).

Used by tools/build_card_data.py; no project code depends on it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from duepa_check.data.cards import CIVILIZATIONS, INFINITY, SIDE_SLASH, Face

COLOURLESS = {"無色", "ゼロ"}
# The labels of the official card page: never a value.
LABEL_WORDS = frozenset(
    {
        "カードの種類",
        "文明",
        "レアリティ",
        "パワー",
        "コスト",
        "マナ",
        "種族",
        "イラストレーター",
        "特殊能力",
        "フレーバー",
    }
)
# Types that have no power printed (a power read for one is a leaked value).
POWERLESS_TYPES = (
    "呪文",
    "タマシード",
    "城",
    "クロスギア",
    "オーラ",
    "フィールド",
    "ウエポン",
    "フォートレス",
    "キング・セル",
)
VARIANT = re.compile(r"[（(][^）)]*[）)]$")  # 進化クリーチャー(究極進化) → 進化クリーチャー
POWER = re.compile(r"^\d+[+-]?$")


@dataclass
class FactsLine:
    """One line of a facts file, read into the pool's terms."""

    name: str
    ids: tuple[str, ...]
    faces: list[Face]
    layout: str  # single | twinpact | multi_side
    source: str
    english: tuple[str, ...]  # English names the line gives (the English set data's), card level
    dropped: list[str]  # values left out as implausible, for the build report


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def civilizations(values: Iterable[str]) -> tuple[str, ...]:
    present = {v for v in values if v not in COLOURLESS}
    return tuple(c for c in CIVILIZATIONS if c in present)


def power_value(type_name: str, value: Any) -> tuple[int | str | None, str | None]:
    """(power, why it was dropped): no power on powerless types, numbers and ∞ only."""
    if value is None or value == "":
        return None, None
    if any(word in type_name for word in POWERLESS_TYPES) and "クリーチャー" not in type_name:
        return None, f"power {value!r} on a {type_name}"
    if isinstance(value, bool):
        return None, f"power {value!r}"
    if isinstance(value, int):
        return value, None
    text = str(value).strip()
    if text in ("∞", "Infinity"):
        return INFINITY, None
    if text.isdigit():
        return int(text), None
    if POWER.match(text):
        return text, None
    return None, f"power {text!r}"


def cost_value(value: Any) -> tuple[int | str | None, str | None]:
    if value is None or value == "" or isinstance(value, bool):
        return None, None
    if isinstance(value, int):
        return value, None
    text = str(value).strip()
    if text.isdigit():
        return int(text), None
    if text == "∞":
        return INFINITY, None
    return None, f"cost {text!r}"


def races(values: Iterable[str]) -> tuple[tuple[str, ...], list[str]]:
    kept, dropped = [], []
    for value in values or ():
        text = str(value).strip()
        if not text or text in LABEL_WORDS:
            dropped.append(f"race {text!r}")
        elif text not in kept:
            kept.append(text)
    return tuple(kept), dropped


def layout_of(types: list[str], zone_of_type) -> str:
    """Two main-deck sides, one of them a spell (creature/spell, タマシード/spell): a twinpact.
    Anything else with several sides (psychic, dragheart, 禁断) is one multi-sided card."""
    if len(types) == 1:
        return "single"
    if (
        len(types) == 2
        and types[1] == "呪文"
        and types[0] != "呪文"
        and zone_of_type(types[0]) == zone_of_type(types[1]) == "main"
        and not types[0].startswith("禁断")
    ):
        return "twinpact"
    return "multi_side"


def read_facts(data: dict[str, Any], source_file: str, zone_of_type) -> FactsLine | None:
    """A facts line as pool faces; None when it has no face."""
    raw_faces = list(data.get("faces") or [])
    # Two stat lines with one name and one type (超化獣 and the like): keep the normal side.
    unique: list[dict[str, Any]] = []
    for face in raw_faces:
        if not any(face.get("name") == u.get("name") and face.get("type") == u.get("type") for u in unique):
            unique.append(face)
    if not unique:
        return None
    types = [str(f.get("type") or "").strip() for f in unique]
    layout = layout_of(types, zone_of_type)
    name = str(data["name"]).strip()
    if layout == "twinpact":
        parts = SIDE_SLASH.split(name)
        side_names = parts if len(parts) == 2 and all(parts) else [str(f.get("name", "")).strip() for f in unique]
        name = f"{side_names[0]}／{side_names[1]}"
    else:
        side_names = [name] + [str(f.get("name") or "").strip() for f in unique[1:]]
    faces, dropped = [], []
    for side, face, type_name in zip(side_names, unique, types):
        cost, why_cost = cost_value(face.get("cost"))
        power, why_power = power_value(type_name, face.get("power"))
        kept_races, why_races = races(face.get("races") or ())
        dropped += [f"{name}: {why}" for why in (why_cost, why_power, *why_races) if why]
        faces.append(
            Face(
                name=side,
                type=type_name,
                civilizations=civilizations(face.get("civilizations") or ()),
                cost=cost,
                power=power,
                races=kept_races,
            )
        )
    english = [str(f.get("name_en") or "").strip() for f in unique]
    if layout == "twinpact" and all(english):
        card_english = (f"{english[0]} / {english[1]}",)
    else:
        card_english = tuple(e for e in english[:1] if e)
    where = str(data.get("source") or "").strip()
    match = str(data.get("match") or "").strip()
    source = f"{source_file}: {where}" + (f" ({match})" if match else "")
    return FactsLine(
        name=name,
        ids=tuple(str(i) for i in data.get("ids") or ()),
        faces=faces,
        layout=layout,
        source=source,
        english=card_english,
        dropped=dropped,
    )


def zone_table(type_rows: dict[str, dict[str, Any]], location_zone: dict[str, str]) -> dict[str, str]:
    """Japanese type name → zone, from the Ether type table."""
    return {
        row["jap"]: location_zone.get(row.get("location", "M"), "main") for row in type_rows.values() if "jap" in row
    }


def zone_of_type_name(type_name: str, table: dict[str, str]) -> str:
    """The zone a Japanese type lives in: the table, else the type without its variant in （）,
    else by its words (GR → 超GR; サイキック, ドラグハート, デュエルメイト → 超次元)."""
    zones = []
    for part in type_name.split("/"):
        part = part.strip()
        base = VARIANT.sub("", part)
        zone = table.get(part) or table.get(base)
        if zone is None:
            if "GR" in base:
                zone = "super_gr"
            elif base.startswith(("サイキック", "ドラグハート", "デュエルメイト", "進化サイキック")):
                zone = "hyperspatial"
            else:
                zone = "main"
        zones.append(zone)
    return next((z for z in zones if z != "main"), "main")
