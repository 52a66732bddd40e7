"""Cell text → card values: civilizations, printed numbers, races; the face of one side."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..data.cards import CIVILIZATIONS, INFINITY, SIDE_SLASH, Cost, Face
from ..messages import msg
from .tree import Element, PageError, clean, normal

COLOURLESS = frozenset({"無色", "無", "ゼロ", "ゼロ文明", "ジョーカーズ"})


@dataclass
class ReadSide:
    """One side of a card as a page gives it: its own name if it has one, its face, its ability text."""

    name: str | None
    face: Face
    skills: str


def parse_civilizations(text: str) -> tuple[str, ...]:
    tokens = [t for t in re.split(r"[/／・、,\s]+", normal(text)) if t]
    unknown = [t for t in tokens if t not in CIVILIZATIONS and t not in COLOURLESS]
    if unknown:
        raise PageError(msg("page.unknown-civilization", name=unknown[0]))
    return tuple(c for c in CIVILIZATIONS if c in tokens)


def parse_number(text: str) -> Cost:
    """A printed cost or power: an int, "∞", another printed string (e.g. "12000+"), or None."""
    value = normal(text)
    if value in ("", "-", "ー", "―", "−"):
        return None
    if value.isdigit():
        return int(value)
    if value in (INFINITY, "無限"):
        return INFINITY
    return value


def parse_races(text: str) -> tuple[str, ...]:
    return tuple(r for r in (clean(part) for part in SIDE_SLASH.split(normal(text))) if r)


def make_face(kind: str, civil: str, cost: str, power: str, race: str) -> Face:
    return Face(
        name="",
        type=kind,
        civilizations=parse_civilizations(civil),
        cost=parse_number(cost),
        power=parse_number(power),
        races=parse_races(race),
    )


def skills_text(cell: Element | None) -> str:
    """Ability text: one line per <li>, else the cell's text."""
    if cell is None:
        return ""
    abilities = cell.find_all("li")
    return "\n".join(a.text().strip() for a in abilities) or cell.text()
