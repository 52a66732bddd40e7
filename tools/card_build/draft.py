"""A card being assembled from the sources (the builder's working record)."""

from __future__ import annotations

from dataclasses import dataclass, field

from duepa_check.data.cards import OFFICIAL, Face


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
