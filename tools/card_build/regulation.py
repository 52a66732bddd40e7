"""The regulation research's name lists (unlimited copies, starts in the battle zone) and the
rules-text words that let a card exceed four copies."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import extra_facts
import yaml

from duepa_check.data.names import name_key

from .records import RawFace

# The Chinese rules text says "may put more than 4 of this card in the deck" with these words.
MORE_THAN_FOUR = re.compile(
    r"(超過|多於)\s*[4四]\s*張.{0,12}牌庫|牌庫.{0,12}(超過|多於)\s*[4四]\s*張|[4四]\s*張以上.{0,6}牌庫"
)


def regulation_lists(source: Path) -> tuple[set[str], set[str]]:
    """Keys of the unlimited_copies and starts_in_battle_zone names of ../spec/regulation-research.yaml."""
    regulation = yaml.safe_load((source.parent / "spec" / "regulation-research.yaml").read_text(encoding="utf-8"))
    return (
        {name_key(n) for n in regulation.get("unlimited_copies", [])},
        {name_key(n) for n in regulation.get("starts_in_battle_zone", [])},
    )


class RegulationZones:
    """The builder's part that puts cards in their zone (mixed into ``Builder``)."""

    def zone_of(self, name: str, faces: list[RawFace], extra_names: Iterable[str] = ()) -> str:
        """The regulation's battle-zone list wins; otherwise the first side's type location."""
        if any(name_key(n) in self.battle_zone for n in (name, *extra_names)):
            return "starts_in_battle_zone"
        return self.types.zone(faces[0].type_codes) if faces else "main"

    def line_zone(self, line: extra_facts.FactsLine) -> str:
        """The regulation's battle-zone list wins; else the zone of the first side's type."""
        names = [line.name, *(f.name for f in line.faces)]
        if any(name_key(n) in self.battle_zone for n in names):
            return "starts_in_battle_zone"
        return self.zone_of_type(line.faces[0].type)
