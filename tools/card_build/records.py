"""The Ether records: one side's stats as the Ether files give them, their values read into
the pool's (civilizations, costs, powers), and the type table (type codes → names and zones)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from duepa_check.data.cards import INFINITY

INFINITE_NUMBER = 9007199254740991
CIVILIZATION_BITS = ((16, "光"), (8, "水"), (4, "闇"), (2, "火"), (1, "自然"))
OFFICIAL_IMAGE = re.compile(r"^https?://dm\.takaratomy\.co\.jp/.*/card(?:image|thumb)/([^/]+)\.(?:jpg|png|webp)$")
TWINPACT_IMAGE_SIDE = re.compile(r"^(.*\d)[ab]$")
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
    return RawFace(
        type_codes(data.get("type")),
        data.get("civil"),
        data.get("cost"),
        data.get("power"),
        tuple(data.get("race") or ()),
    )


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
    return EtherRecord(
        data["name"], faces, as_list(data.get("back")), image_ids(data.get("pic")), twinpact, rules, source
    )


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
